"""Play one table's list through the application, as the table's phone and the director would.

The scorer's phone joins the list (and so holds the pen), enters every deal with the next
mutation id, and submits the list, confirmed by a player of the other side. Optionally a
player disputes a miscounted deal and the director corrects it, or the director closes
the list early at 23:00 (Wiezen TS).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..application import Command, Troef
from ..application.interface import Actor
from . import wiezen
from .deals import deal_stream

PAIR_SEATS = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}


@dataclass
class Phone:
    """A table phone on one list: a stable client id and its next mutation id there."""

    client_id: str
    last: int = 0

    def __call__(self) -> Actor:
        """The actor of the phone's next command (mutation ids 1, 2, 3 …)."""
        self.last += 1
        return Actor("table", client_id=self.client_id, mutation_id=self.last)


@dataclass
class Phones:
    """Every phone of the club, one per player. A device counts its mutations per list, so
    each list a player's phone writes on starts from mutation 1."""

    prefix: str

    def of(self, player_id: str) -> Phone:
        """The player's phone, for the commands of one list."""
        return Phone(f"{self.prefix}-{player_id}")


@dataclass(frozen=True)
class Incidents:
    """What happens at a table besides the deals: a dispute, a close at 23:00."""

    dispute_after: int | None = None  # counted deals before the miscounted one
    close_after: int | None = None  # counted deals when the director stops the table


@dataclass
class Played:
    """What one list holds once played: its rows, counted deals and what happened."""

    list_id: str
    rows: int = 0
    counted: int = 0
    disputes: int = 0
    closed_short: bool = False


DISPUTE = "deal {deal}: {who} counts {right} tricks for the declarers, the list says {wrong}"
RULING = "tricks recounted with the table: {right}, not {wrong}"
CLOSE = (
    "23:00: {counted} of {planned} deals played; no new deal starts after 23:00 and the "
    "standing is made anyway (Wiezen TS, W-D3)"
)


def play_list(
    app: Troef,
    director: Actor,
    entry: dict[str, Any],
    game: str,
    rng: random.Random,
    phones: Phones,
    incidents: Incidents | None = None,
) -> Played:
    """Play a drawn list to its end and submit it; return what was recorded."""
    incidents = incidents or Incidents()
    list_id, seats = entry["list_id"], entry["seats"]
    scorer_seat = rng.choice(sorted(seats))
    confirmer_seat = rng.choice(
        [s for s in sorted(seats) if s != scorer_seat and not _partners(game, s, scorer_seat)]
    )
    phone = phones.of(seats[scorer_seat])
    app.handle(phone(), Command("join", list_id))
    planned = app.get_list(list_id).planned_deals
    target = min(planned, incidents.close_after or planned)
    played = Played(list_id)
    disputed: tuple[int, dict[str, Any], dict[str, Any]] | None = None
    stream = deal_stream(game, rng, seats, round=entry["round"])
    while played.counted < target:
        kind, facts = next(stream)
        played.rows += 1
        if kind == "penalty":
            app.handle(
                phone(),
                Command("record_penalty", list_id, {"deal_no": played.rows, "record": facts}),
            )
            continue
        wrong = facts
        if (
            disputed is None
            and incidents.dispute_after is not None
            and played.counted >= incidents.dispute_after
            and game == "wiezen"
            and wiezen.disputable(facts)
        ):
            wrong = wiezen.miscounted(facts)
            disputed = (played.rows, facts, wrong)
        score = app.handle(
            phone(), Command("record_deal", list_id, {"deal_no": played.rows, "record": wrong})
        )
        played.counted += bool(score["counts"])
    if disputed is not None:
        _dispute(app, director, list_id, disputed, phones.of(seats[confirmer_seat]))
        played.disputes += 1
    if target < planned:
        reason = CLOSE.format(counted=played.counted, planned=planned)
        app.handle(director, Command("close_list_short", list_id, {"reason": reason}))
        played.closed_short = True
    app.handle(
        phone(),
        Command("submit_list", list_id, {"scorer": scorer_seat, "confirmed_by": confirmer_seat}),
    )
    return played


def _partners(game: str, a: str, b: str) -> bool:
    return game == "klaverjas" and PAIR_SEATS[a] == PAIR_SEATS[b]


def _dispute(
    app: Troef,
    director: Actor,
    list_id: str,
    disputed: tuple[int, dict[str, Any], dict[str, Any]],
    other: Phone,
) -> None:
    """A player of the other side disputes the tricks; the director corrects the deal."""
    deal_no, right, wrong = disputed
    words = {"deal": deal_no, "right": right["tricks"], "wrong": wrong["tricks"]}
    app.handle(
        other(),
        Command(
            "raise_dispute",
            list_id,
            {"deal_no": deal_no, "reason": DISPUTE.format(who="the table", **words)},
        ),
    )
    app.handle(
        director,
        Command(
            "give_ruling",
            list_id,
            {
                "deal_no": deal_no,
                "decision": "corrected",
                "reason": RULING.format(**words),
                "article": "Wiezen ART 7",
                "record": right,
            },
        ),
    )

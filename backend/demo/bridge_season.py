"""Play a bridge club's pairs evening through the application, round by round, board by board.

The draw (a Mitchell over the pairs present) opens one list per table and round with the
seats NS and EW and the round's boards. Each table has one scoring device, as a club has a
Bridgemate per table: it joins the table's list every round, enters the result of every
board (the NS pair scores) and submits the list, confirmed by the EW pair. The cards of a
board are drawn once an evening (:mod:`.boards`), so its results fit together on the
traveller. Now and then a revoke is claimed; one evening a board gets an artificial adjusted
score: the director's ruling after a player turns out to have held 14 cards (§2e, §A4).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..application import Command, Troef
from ..application.interface import Actor
from .boards import REVOKE_RATE, Deal, draw_deals, table_result, with_revoke
from .draws import chance
from .names import club_names
from .tables import Phone, Phones, Played

Place = tuple[str, int]  # (list id, board)
Evening = Callable[[int, dict[str, Any], Phones], list[Played]]

SCORER, CONFIRMER = "NS", "EW"
WRONG_CARDS = (
    "board {board}: when the cards went back into the board, E had 14 cards and W 12; "
    "E played a card of W's hand"
)
ARTIFICIAL = (
    "board {board} cannot be scored at this table: the cards were wrong, a redeal would be "
    "needed (§2e), and a duplicate board is not redealt. Artificial adjusted score: NS in no "
    "way at fault AVG+ (60 %), EW at fault AVG- (40 %)"
)
ADJUSTED = {"ns": "AVG+", "ew": "AVG-"}


@dataclass
class BoardsPlayed(Played):
    """What one table's list holds for a round: its boards, revokes and adjusted scores."""

    revokes: int = 0
    adjusted: int = 0


def pair_names(rng: random.Random, count: int) -> list[str]:
    """Draw ``count`` pairs named as a club's results show them: "Jansen – de Vries"."""
    people = club_names(rng, "klaverjas", 2 * count)
    names: list[str] = []
    for first, second in zip(people[::2], people[1::2], strict=True):
        short = f"{first.split(' ', 1)[1]} – {second.split(' ', 1)[1]}"
        names.append(short if short not in names else f"{first} – {second}")
    return names


def evenings(app: Troef, director: Actor, rng: random.Random) -> Evening:
    """Return how the season plays each drawn evening; the first has the adjusted board."""

    def play(evening: int, drawn: dict[str, Any], phones: Phones) -> list[Played]:
        return list(play_evening(app, director, rng, drawn, phones, adjust=evening == 1))

    return play


def play_evening(
    app: Troef,
    director: Actor,
    rng: random.Random,
    drawn: Mapping[str, Any],
    phones: Phones,
    *,
    adjust: bool = False,
) -> list[BoardsPlayed]:
    """Play every round of a drawn evening: each table its boards, then submit its list."""
    entries = drawn["lists"]
    deals = draw_deals(rng, [board for entry in entries for board in entry["boards"]])
    revoke_at = _somewhere(rng, entries, deals)
    adjust_at = None
    if adjust:
        others = [e for e in entries if revoke_at is None or e["list_id"] != revoke_at[0]]
        adjust_at = _somewhere(rng, others, deals)
    return [
        play_table(
            app,
            director,
            rng,
            entry,
            deals,
            phones.of(f"table-{entry['table']}"),
            revoke_at=revoke_at,
            adjust_at=adjust_at,
        )
        for entry in sorted(entries, key=lambda e: (e["round"], e["table"]))
    ]


def play_table(
    app: Troef,
    director: Actor,
    rng: random.Random,
    entry: Mapping[str, Any],
    deals: Mapping[int, Deal],
    device: Phone,
    *,
    revoke_at: Place | None = None,
    adjust_at: Place | None = None,
) -> BoardsPlayed:
    """Enter a table's boards for one round from its device and submit the list."""
    list_id = entry["list_id"]
    app.handle(device(), Command("join", list_id))
    played = BoardsPlayed(list_id)
    for board in entry["boards"]:
        here = (list_id, board)
        facts = table_result(rng, deals[board])
        revoke = here == revoke_at or (chance(rng, REVOKE_RATE) and here != adjust_at)
        if revoke and facts["contract"] is not None:
            facts = with_revoke(rng, facts)
            played.revokes += 1
        played.rows += 1
        score = app.handle(
            device(), Command("record_deal", list_id, {"deal_no": played.rows, "record": facts})
        )
        played.counted += bool(score["counts"])
        if here == adjust_at:
            _wrong_cards(app, director, list_id, played.rows, board, device)
            played.disputes += 1
            played.adjusted += 1
    app.handle(
        device(), Command("submit_list", list_id, {"scorer": SCORER, "confirmed_by": CONFIRMER})
    )
    return played


def _somewhere(
    rng: random.Random, entries: Sequence[Mapping[str, Any]], deals: Mapping[int, Deal]
) -> Place | None:
    """Pick a board at some table that was bid and played (not passed out)."""
    places = [
        (entry["list_id"], board)
        for entry in entries
        for board in entry["boards"]
        if deals[board].contract is not None
    ]
    return rng.choice(places) if places else None


def _wrong_cards(
    app: Troef, director: Actor, list_id: str, deal_no: int, board: int, device: Phone
) -> None:
    """The table calls the director; the board gets AVG+ for NS and AVG- for EW (B-D7)."""
    app.handle(
        device(),
        Command(
            "raise_dispute",
            list_id,
            {"deal_no": deal_no, "reason": WRONG_CARDS.format(board=board)},
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
                "reason": ARTIFICIAL.format(board=board),
                "article": "Bridge §2e, §A4, B-D7 (Law 12C2)",
                "record": {"board": board, "adjusted": ADJUSTED},
            },
        ),
    )

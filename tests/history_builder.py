"""A small club history with every kind of stored record: events of each aggregate and
snapshots of each snapshotted one. Used by the tamper test and the fixture script."""

from __future__ import annotations

from dataclasses import dataclass

from backend.aggregates.actor import Actor, director
from backend.application import Command, Troef

from .aggregates.helpers import open_list, solo


@dataclass
class History:
    competition: str
    long_list: str  # more than 100 events: snapshots at 50 and 100; its phone's device too
    open_list: str  # a few deals, still open, nothing anchors its end


def build(app: Troef, players: int = 99, deals: int = 100) -> History:
    """Record a competition (with receipts), a long list and a list still open.

    99 players and 100 deals give a snapshot of each kind: the competition at 100, the long
    list at 50 and 100, its phone's device at 100.
    """
    boss = director("Directeur")
    keyed = 0

    def send(name: str, target: str | None, args: dict[str, object], key: bool = True) -> object:
        nonlocal keyed
        keyed += 1
        return app.handle(boss, Command(name, target, args, key=f"k{keyed}" if key else None))

    competition = str(
        send("create_competition", None, {"name": "Zondagen", "rules": "wiezen-reglement-2019"})
    )
    for i in range(players):  # the console's first actions carry a key (a receipt each)
        send("enrol_player", competition, {"name": f"Speler {i + 1}"}, key=i < 5)
    send("adjust_standing", competition, {"player_id": "p1", "points": 5, "reason": "SB-9"})
    send("schedule_evening", competition, {"date": "2026-11-29"})
    send("close_evening", competition, {"evening": 1})  # no draw: nothing to anchor
    long_list = open_list(app, boss, planned=deals + 5, table=1)
    _play(app, long_list, "A", deals)
    short = open_list(app, boss, planned=10, table=2)
    _play(app, short, "B", 3)
    return History(competition, long_list, short)


def _play(app: Troef, list_id: str, client: str, deals: int) -> None:
    mutation = 1
    app.handle(Actor("table", client_id=client, mutation_id=mutation), Command("join", list_id))
    for deal in range(1, deals + 1):
        mutation += 1
        app.handle(
            Actor("table", client_id=client, mutation_id=mutation),
            Command("record_deal", list_id, {"deal_no": deal, "record": solo()}),
        )

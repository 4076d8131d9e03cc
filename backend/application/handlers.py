"""The handlers of the command table (:mod:`.commands`): load, call the verbs, return Done.

A handler never saves: :meth:`Troef.handle` saves what it changed in one transaction with the
command's idempotency record.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ..aggregates.actor import Actor
from ..aggregates.competition import Competition
from ..aggregates.errors import Conflict, NotFound
from ..aggregates.list_policy import planned_deals
from ..aggregates.score_list import ScoreList
from .declaring import Done, Handler
from .draws import draw_for
from .roster import enrol_lines, read_names

if TYPE_CHECKING:
    from .troef import Troef


# ---- competitions ---------------------------------------------------------------------------


def create_competition(app: Troef, actor: Actor, _: None, a: Mapping[str, Any]) -> Done:
    competition = Competition.create(a["name"], app.resolve_rules(a["rules"]), actor, a["counting"])
    return Done(str(competition.id), (competition,))


def on_competition(verb: Callable[[Competition, Actor, Mapping[str, Any]], Any]) -> Handler:
    """A handler that calls one verb on the command's competition."""

    def run(app: Troef, actor: Actor, target: str, a: Mapping[str, Any]) -> Done:
        competition = app.get_competition(target)
        return Done(verb(competition, actor, a), (competition,))

    return run


def enrol_player(app: Troef, actor: Actor, target: str, a: Mapping[str, Any]) -> Done:
    """Enrol a player, with the federation numbers when they are given (one save)."""
    competition = app.get_competition(target)
    player_id = competition.enrol(a["name"], actor)
    if a.get("numbers"):
        competition.set_numbers(player_id, a["numbers"], actor)
    return Done(player_id, (competition,))


def import_players(app: Troef, actor: Actor, target: str, a: Mapping[str, Any]) -> Done:
    """Enrol the names of a CSV file in one save; per line, taken or refused."""
    column, lines = read_names(a["csv"])
    competition = app.get_competition(target)
    return Done({"column": column, "lines": enrol_lines(competition, lines, actor)}, (competition,))


def record_attendance(app: Troef, actor: Actor, target: str, a: Mapping[str, Any]) -> Done:
    """Record a player's attendance; the answer says whether the evening must be drawn again.

    After a draw and before any table has started, a change makes the draw stale: its
    lists are cancelled in the same transaction, so no table plays a seating that leaves
    out a late player, and the director draws again (docs/seating.md).
    """
    competition = app.get_competition(target)
    drawn = competition.open_evening(a["evening"])["draw"]
    old = [app.get_list(e["list_id"]) for e in (drawn or {}).get("lists", [])]
    stale = competition.record_attendance(
        a["evening"], a["player_id"], a["status"], actor, started=started_tables(old)
    )
    cancelled = [sl for sl in old if stale and sl.cancelled is None]
    for sl in cancelled:
        sl.cancel(
            f"the attendance changed after draw {drawn['draw_no']}; the director draws again",
            actor,
        )
    return Done(stale, (competition, *cancelled))


def draw_seating(app: Troef, actor: Actor, target: str, a: Mapping[str, Any]) -> Done:
    """Draw the tables by lot from a recorded seed and open a list per table and round.

    The draw can be made again until the first deal of the evening is recorded; the lists
    of the earlier draw are then cancelled in the same transaction.
    """
    competition = app.get_competition(target)
    evening = a["evening"]
    ev = competition.open_evening(evening)
    old = [app.get_list(entry["list_id"]) for entry in (ev["draw"] or {}).get("lists", [])]
    started = started_tables(old)
    if started:
        raise Conflict(
            f"play has started (table(s) {', '.join(map(str, sorted(set(started))))} recorded "
            "deals or closed their list); the draw stands",
            "evening",
        )
    seed = a["seed"] if a["seed"] is not None else secrets.token_hex(4)
    draw = draw_for(competition, competition.present(evening), seed)
    draw_no = 1 if ev["draw"] is None else ev["draw"]["draw_no"] + 1
    rules = competition.ruleset
    lists = [
        ScoreList.open(
            competition_id=target,
            evening=evening,
            round=rnd["round"],
            table=table["table"],
            draw=draw_no,
            rules=rules,
            seats=table["seats"],
            planned_deals=len(table.get("boards") or [])
            or planned_deals(rules.game, table["seats"]),
            actor=actor,
            boards=table.get("boards"),
        )
        for rnd in draw["rounds"]
        for table in rnd["tables"]
    ]
    for sl in old:
        if sl.cancelled is None:  # a change of attendance may have cancelled it already
            sl.cancel("a new draw replaced this table", actor)
    if competition.play_mode_for(evening):
        for sl in lists:
            sl.set_play_mode(True, actor)
    entries = [
        {"list_id": str(sl.id), "round": sl.round, "table": sl.table, "seats": sl.seats}
        | {"boards": sl.boards}
        for sl in lists
    ]
    competition.record_draw(evening, str(seed), draw, entries, actor)
    answer = {"draw_no": draw_no, "seed": str(seed), "draw": draw, "lists": entries}
    return Done(answer, (competition, *lists, *old))


def close_evening(app: Troef, actor: Actor, target: str, a: Mapping[str, Any]) -> Done:
    """Close an evening once every list of it is submitted (or cancelled).

    The close anchors each list's head and version in the competition's chain: a submitted
    or cancelled list never changes again, so ``verify`` can later prove that none of its
    events was removed from the end.
    """
    competition = app.get_competition(target)
    entries = (competition.evening(a["evening"])["draw"] or {}).get("lists", [])
    lists = [app.get_list(e["list_id"]) for e in entries]
    still_open = [str(sl.table) for sl in lists if sl.submitted is None and sl.cancelled is None]
    if still_open:
        raise Conflict(
            f"table(s) {', '.join(still_open)} have not submitted their list; "
            "close a short list first if needed",
            "evening",
        )
    heads = {str(sl.id): {"head": sl.head, "version": sl.version} for sl in lists}
    competition.close_evening(a["evening"], actor, heads)
    return Done(None, (competition,))


def set_competition_play_mode(app: Troef, actor: Actor, target: str, a: Mapping[str, Any]) -> Done:
    """Switch play mode for a competition's evenings (or one), and for their open lists now.

    A list opened by a later draw of such an evening starts in play mode (docs/play-mode.md).
    """
    competition = app.get_competition(target)
    competition.set_play_mode(a["on"], a["evening"], actor)
    evenings = [e for e in competition.evenings if a["evening"] in (None, e["evening"])]
    entries = [entry for e in evenings for entry in (e["draw"] or {}).get("lists", [])]
    lists = [app.get_list(entry["list_id"]) for entry in entries]
    switched = [sl for sl in lists if sl.submitted is None and sl.cancelled is None]
    for sl in switched:
        sl.set_play_mode(a["on"], actor)
    return Done({"lists": len(switched)}, (competition, *switched))


def started_tables(lists: list[ScoreList]) -> list[int]:
    """The tables of a draw where play has started: a deal recorded, or the list closed.

    Until then the draw may be made again and the attendance may change.
    """
    return [sl.table for sl in lists if sl.rows or sl.submitted or sl.closed_short is not None]


# ---- lists ----------------------------------------------------------------------------------


def on_list(verb: Callable[[ScoreList, Actor, Mapping[str, Any]], Any]) -> Handler:
    """A handler that calls one verb on the command's list; the answer is a JSON object."""

    def run(app: Troef, actor: Actor, target: str, a: Mapping[str, Any]) -> Done:
        score_list = app.get_list(target)
        return Done(verb(score_list, actor, a) or {}, (score_list,))

    return run


def move_pen(sl: ScoreList, actor: Actor, a: Mapping[str, Any]) -> dict[str, Any]:
    """Move the pen to the device of the list called ``device`` (refused, naming it, when no
    device of the list has that name)."""
    sl.check_open()
    sl.check_director(actor, "move the pen")
    sl.move_pen(sl.device_by_name(a["device"]), actor)
    return {"pen": a["device"]}


def start_play(app: Troef, actor: Actor, target: str, a: Mapping[str, Any]) -> Done:
    """Start a deal's play; a bridge board with a loaded hand record is played with its hands."""
    sl = app.get_list(target)
    records: Mapping[str, Any] = {}
    if sl.game == "bridge":
        try:
            records = app.get_competition(sl.competition_id).hand_records_of(sl.evening)
        except NotFound:  # a list made without a competition (tests, imports)
            records = {}
    answer = sl.start_play(a["deal_no"], a["context"], actor, records)
    return Done(answer, (sl,))


def load_hand_records(app: Troef, actor: Actor, target: str, a: Mapping[str, Any]) -> Done:
    """Load the dealt hands of an evening's boards; nothing is saved when none changes."""
    competition = app.get_competition(target)
    answer = competition.load_hand_records(a["evening"], a["boards"], actor)
    return Done(answer, (competition,) if answer["changed"] else ())


def give_ruling(sl: ScoreList, actor: Actor, a: Mapping[str, Any]) -> None:
    sl.give_ruling(
        a["deal_no"],
        a["decision"],
        a["reason"],
        actor,
        article=a["article"] or "",
        facts=a["record"],
        adjustment=a["adjustment"],
        at_card=a.get("at_card"),
        override_play=bool(a.get("override_play")),
    )

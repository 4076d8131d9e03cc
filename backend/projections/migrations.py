"""The read models' tables: plain tables with clear names, for Datasette or any SQLite browser."""

from __future__ import annotations

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

from .audit_upgrade import details_from_summaries
from .browsing import create_views, declare_foreign_keys
from .jsontext import recompact

migrations = Migrations("troef_projections")


@migrations()
def m001_competitions(db: Database) -> None:
    db["competitions"].create(
        {
            "competition_id": str,
            "name": str,
            "game": str,
            "rules_ref": str,
            "rules": str,
            "counting": str,
            "created_at": str,
            "head": str,
        },
        pk="competition_id",
    )
    db["players"].create(
        {"competition_id": str, "player_id": str, "name": str, "withdrawn": str},
        pk=("competition_id", "player_id"),
    )
    db["evenings"].create(
        {
            "competition_id": str,
            "evening": int,
            "date": str,
            "closed": int,
            "draw_no": int,
            "seed": str,
            "draw": str,
        },
        pk=("competition_id", "evening"),
    )
    db["attendance"].create(
        {"competition_id": str, "evening": int, "player_id": str, "status": str},
        pk=("competition_id", "evening", "player_id"),
    )


@migrations()
def m002_lists(db: Database) -> None:
    db["lists"].create(
        {
            "list_id": str,
            "competition_id": str,
            "evening": int,
            "round": int,
            "table_no": int,
            "game": str,
            "rules_ref": str,
            "seats": str,
            "boards": str,
            "planned_deals": int,
            "counted_deals": int,
            "rows": int,
            "totals": str,
            "pen": str,
            "status": str,
            "closed_short": str,
            "open_disputes": int,
            "head": str,
            "submitted_head": str,
            "submitted_at": str,
            "last_event_at": str,
            "version": int,
        },
        pk="list_id",
    )
    db["lists"].create_index(["competition_id", "evening"])
    db["list_seats"].create({"list_id": str, "seat": str, "player_id": str}, pk=("list_id", "seat"))
    db["list_seats"].create_index(["player_id"])
    db["deal_rows"].create(
        {
            "list_id": str,
            "deal_no": int,
            "kind": str,
            "counts": int,
            "counted_no": int,
            "dealer": str,
            "summary": str,
            "record": str,
            "points": str,
            "running": str,
            "markers": str,
            "explain": str,
            "voided": str,
            "corrected": int,
            "recorded_at": str,
            "actor": str,
        },
        pk=("list_id", "deal_no"),
    )
    db["adjustments"].create(
        {
            "list_id": str,
            "position": int,
            "deal_no": int,
            "points": str,
            "reason": str,
            "article": str,
        },
        pk=("list_id", "position"),
    )
    db["disputes"].create(
        {
            "list_id": str,
            "dispute_no": int,
            "deal_no": int,
            "reason": str,
            "raised_at": str,
            "ruling": str,
            "ruling_reason": str,
            "article": str,
            "ruled_at": str,
        },
        pk=("list_id", "dispute_no"),
    )


@migrations()
def m003_audit(db: Database) -> None:
    db["audit_trail"].create(
        {
            "position": int,
            "aggregate_id": str,
            "kind": str,
            "version": int,
            "event": str,
            "timestamp": str,
            "role": str,
            "client_id": str,
            "mutation_id": int,
            "actor_name": str,
            "hash": str,
            "prev_hash": str,
            "summary": str,
        },
        pk="position",
    )
    db["audit_trail"].create_index(["aggregate_id", "version"], unique=True)
    db["mutations"].create(
        {
            "client_id": str,
            "mutation_id": int,
            "status": str,
            "name": str,
            "target": str,
            "args": str,
            "error": str,
            "timestamp": str,
        },
        pk=("client_id", "mutation_id"),
    )
    db["mutations"].create_index(["status"])


@migrations()
def m004_results(db: Database) -> None:
    db["evening_results"].create(
        {
            "competition_id": str,
            "evening": int,
            "player_id": str,
            "status": str,
            "points": int,
            "provisional": int,
            "detail": str,
        },
        pk=("competition_id", "evening", "player_id"),
    )
    db["standings"].create(
        {
            "competition_id": str,
            "player_id": str,
            "rank": int,
            "name": str,
            "total": int,
            "tiebreak": str,
            "results": str,
            "details": str,
            "explain": str,
        },
        pk=("competition_id", "player_id"),
    )
    db["travellers"].create(
        {
            "competition_id": str,
            "evening": int,
            "board": int,
            "list_id": str,
            "deal_no": int,
            "table_no": int,
            "ns": str,
            "ew": str,
            "contract": str,
            "declarer": str,
            "tricks": int,
            "score": int,
            "adjusted": str,
            "ns_mp": int,
            "ew_mp": int,
            "top": int,
            "ns_pct": int,
            "ns_imps": int,
        },
        pk=("competition_id", "evening", "board", "list_id", "deal_no"),
    )


def forget_positions(db: Database) -> None:
    """Forget how far the read models got, keeping eventsourcing's own migration row: without
    it, the next opening renames ``tracking`` to ``old1_tracking`` (and the one after fails)."""
    if "tracking" in db.table_names():
        db.execute("DELETE FROM tracking WHERE application_name != '__migration__'")


TABLES = (
    "competitions",
    "players",
    "evenings",
    "attendance",
    "lists",
    "list_seats",
    "deal_rows",
    "adjustments",
    "disputes",
    "audit_trail",
    "mutations",
    "evening_results",
    "standings",
    "travellers",
    "standing_adjustments",
)


@migrations()
def m005_standing_adjustments(db: Database) -> None:
    db["standing_adjustments"].create(
        {
            "competition_id": str,
            "position": int,
            "player_id": str,
            "points": int,
            "reason": str,
            "article": str,
            "timestamp": str,
        },
        pk=("competition_id", "position"),
    )


@migrations()
def m006_traveller_lead(db: Database) -> None:
    """A bridge traveller line shows the opening lead when the table wrote it down."""
    db["travellers"].add_column("lead", str)


@migrations()
def m007_rebuild_with_upcast_counting(db: Database) -> None:
    """Rebuild every read model from the events once.

    The standings now count a wiezen season by the competition's counting rule as it reads
    after upcasting (``Competition.Created`` v2), and traveller lines carry the lead: rows
    written before would disagree with a fresh rebuild. Emptying the tables and the tracking
    position makes the next catch-up (on start) write them all anew.
    """
    for table in TABLES:
        db.execute(f"DELETE FROM [{table}]")
    forget_positions(db)


DUE = "results_due"  # competitions whose results wait to be recomputed (not a read model)


@migrations()
def m008_results_due(db: Database) -> None:
    """Results and standings are recomputed when read, not inside every save.

    A catch-up marks each competition its events touched; ``ReadModels.settle`` recomputes
    the marked ones. Read models written before were settled at every save.
    """
    db[DUE].create({"competition_id": str}, pk="competition_id")


@migrations()
def m009_audit_details(db: Database) -> None:
    """An audit trail entry of a list keeps the event's own fields (``details``), so the
    console can say what happened in the director's language; the trail is written anew."""
    db["audit_trail"].add_column("details", str)
    for table in (*TABLES, DUE):
        db.execute(f"DELETE FROM [{table}]")
    forget_positions(db)


@migrations()
def m010_foreign_keys(db: Database) -> None:
    """Declare which table's rows belong to which competition, evening, list or deal."""
    declare_foreign_keys(db)


@migrations()
def m011_views_with_units(db: Database) -> None:
    """Views for Datasette: amounts with their unit in the name, JSON fields split in rows."""
    create_views(db)


STATUS = "read_model_status"  # what was settled up to where, and what failed (not a read model)
LOG = "catch-up"  # the status row of the catch-up itself; the others are competitions


@migrations()
def m012_read_model_status(db: Database) -> None:
    """Failures are recorded, per competition and for the catch-up, so health can report them."""
    db[STATUS].create(
        {
            "subject": str,
            "settled_to": int,
            "settled_at": str,
            "failing_since": str,
            "failed_at": str,
            "position": int,
            "error": str,
        },
        pk="subject",
    )


@migrations()
def m013_player_numbers(db: Database) -> None:
    """A player's federation numbers, one a person, as the club writes them: "12345, 67890"."""
    db["players"].add_column("numbers", str)


@migrations()
def m014_archived_competitions(db: Database) -> None:
    """The reason a competition made by mistake was taken off the club's list (null: listed)."""
    db["competitions"].add_column("archived", str)


@migrations()
def m015_evening_fields(db: Database) -> None:
    """A bridge Mitchell evening has two winners: each pair's result names its direction
    (``field``: NS or EW; null when the evening is ranked as one field). Every competition's
    results are recomputed when next read."""
    db["evening_results"].add_column("field", str)
    db.execute(
        f"INSERT OR IGNORE INTO [{DUE}] (competition_id) SELECT competition_id FROM competitions"
    )


@migrations()
def m016_audit_details_of_every_list_event(db: Database) -> None:
    """A table card re-issued, play mode switched and a claim made or answered keep their
    fields in the audit trail's ``details`` too (the card's number, on or off, the tricks
    claimed), so the console says them in the director's language; rows written before get
    them from their summaries (:mod:`.audit_upgrade`), as a rebuild would write them."""
    details_from_summaries(db)


@migrations()
def m017_compact_json(db: Database) -> None:
    """Read-model JSON is written compact (``{"N":10}``, not ``{"N": 10}``: :mod:`.jsontext`,
    a sixth of a catch-up's time less); the values written before are rewritten in place,
    as a rebuild would write them, so that a check against a rebuild finds no difference
    and the pages stay served (no catch-up from the start)."""
    recompact(db.conn)

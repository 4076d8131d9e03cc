"""The command table: every command Troef accepts, declared once.

A command is declared with its name, the aggregate it acts on, who may send it, its
arguments, and the function that runs it. :meth:`Troef.handle` is the only way in: the sync
push, the REST resources and the CLI all send a :class:`Command`, and the application checks
it against its declaration here before anything is loaded.

A handler loads what it needs, calls the aggregates' verbs and returns :class:`Done`: the
answer and the aggregates it changed. It never saves: ``handle`` saves them in one
transaction together with the command's idempotency record, and retries from a fresh load
when another writer got there first.
"""

from __future__ import annotations

from typing import Any

from ..aggregates.actor import SYSTEM
from ..aggregates.errors import InvalidInput
from .declaring import (
    COMPETITION,
    DIRECTORS,
    EVERYONE,
    LIST,
    NEW,
    Arg,
    Command,
    Declared,
    Done,
)
from .handlers import (
    close_evening,
    create_competition,
    draw_seating,
    enrol_player,
    give_ruling,
    import_players,
    load_hand_records,
    move_pen,
    on_competition,
    on_list,
    record_attendance,
    set_competition_play_mode,
    start_play,
)

__all__ = ["COMMANDS", "COMPETITION", "LIST", "NEW", "Command", "Declared", "Done", "declared"]


def _deal(*more: Arg) -> tuple[Arg, ...]:
    return (Arg("deal_no", int), *more)


def _optional(name: str, kind: type | tuple[type, ...]) -> Arg:
    return Arg(name, kind, required=False)


TABLE_OR_DIRECTOR = EVERYONE

COMMANDS: dict[str, Declared] = {
    d.name: d
    for d in (
        # competitions: the director's console
        Declared(
            "create_competition",
            NEW,
            DIRECTORS,
            (Arg("name", str), Arg("rules", (str, dict)), _optional("counting", dict)),
            create_competition,
        ),
        Declared(
            "rename_competition",
            COMPETITION,
            DIRECTORS,
            (Arg("name", str),),
            on_competition(lambda c, actor, a: c.rename_competition(a["name"], actor)),
        ),
        Declared(
            "archive_competition",
            COMPETITION,
            DIRECTORS,
            (Arg("reason", str),),
            on_competition(lambda c, actor, a: c.archive(a["reason"], actor)),
        ),
        Declared(
            "enrol_player",
            COMPETITION,
            DIRECTORS,
            (Arg("name", str), _optional("numbers", list)),
            enrol_player,
        ),
        Declared("import_players", COMPETITION, DIRECTORS, (Arg("csv", str),), import_players),
        Declared(
            "rename_player",
            COMPETITION,
            DIRECTORS,
            (Arg("player_id", str), Arg("name", str)),
            on_competition(lambda c, actor, a: c.rename(a["player_id"], a["name"], actor)),
        ),
        Declared(
            "set_player_numbers",
            COMPETITION,
            DIRECTORS,
            (Arg("player_id", str), Arg("numbers", list)),
            on_competition(lambda c, actor, a: c.set_numbers(a["player_id"], a["numbers"], actor)),
        ),
        Declared(
            "withdraw_player",
            COMPETITION,
            DIRECTORS,
            (Arg("player_id", str), Arg("reason", str)),
            on_competition(lambda c, actor, a: c.withdraw(a["player_id"], a["reason"], actor)),
        ),
        Declared(
            "unenrol_player",  # an enrolment made by mistake, undone as a new event (#16)
            COMPETITION,
            DIRECTORS,
            (Arg("player_id", str), _optional("reason", str)),
            on_competition(lambda c, actor, a: c.unenrol(a["player_id"], a["reason"] or "", actor)),
        ),
        Declared(
            "schedule_evening",
            COMPETITION,
            DIRECTORS,
            (Arg("date", str),),
            on_competition(lambda c, actor, a: c.schedule(a["date"], actor)),
        ),
        Declared(
            "record_attendance",
            COMPETITION,
            DIRECTORS,
            (Arg("evening", int), Arg("player_id", str), Arg("status", str)),
            record_attendance,
        ),
        Declared(
            "draw_seating",
            COMPETITION,
            DIRECTORS,
            (Arg("evening", int), _optional("seed", str)),
            draw_seating,
        ),
        Declared("close_evening", COMPETITION, DIRECTORS, (Arg("evening", int),), close_evening),
        Declared(
            "adjust_standing",
            COMPETITION,
            DIRECTORS,
            (
                Arg("player_id", str),
                Arg("points", int),
                Arg("reason", str),
                _optional("article", str),
            ),
            on_competition(
                lambda c, actor, a: c.adjust_standing(
                    a["player_id"], a["points"], a["reason"], a["article"] or "", actor
                )
            ),
        ),
        # lists: the table's phone (through sync) and the director
        Declared(
            "join",
            LIST,
            TABLE_OR_DIRECTOR,  # the director may keep a table's list from the console
            (),
            on_list(lambda sl, actor, a: {"pen": sl.take_pen(actor.client_id, actor)}),
        ),
        Declared(
            "move_pen",
            LIST,
            DIRECTORS,
            (Arg("device", str),),  # the name the device joined with, as the console shows it
            on_list(move_pen),
        ),
        # devices: the server registers a phone that joined with the table card (POST
        # /api/join); the director withdraws one, or re-issues the card (a new code)
        Declared(
            "register_device",
            LIST,
            frozenset({SYSTEM}),
            (Arg("device", str), Arg("name", str)),
            on_list(lambda sl, actor, a: {"name": sl.join_device(a["device"], a["name"], actor)}),
        ),
        Declared(
            "withdraw_device",
            LIST,
            DIRECTORS,
            (Arg("device", str), _optional("reason", str)),
            on_list(
                lambda sl, actor, a: sl.withdraw_device(
                    a["device"], a["reason"] or "withdrawn by the director", actor
                )
            ),
        ),
        Declared(
            "reissue_table_code",
            LIST,
            DIRECTORS,
            (_optional("expires", str),),
            on_list(lambda sl, actor, a: {"generation": sl.reissue_code(a["expires"], actor)}),
        ),
        Declared(
            "record_deal",
            LIST,
            TABLE_OR_DIRECTOR,
            _deal(Arg("record", dict)),
            on_list(lambda sl, actor, a: sl.record_deal(a["deal_no"], a["record"], actor)),
        ),
        Declared(
            "record_penalty",
            LIST,
            TABLE_OR_DIRECTOR,
            _deal(Arg("record", dict)),
            on_list(lambda sl, actor, a: sl.record_penalty(a["deal_no"], a["record"], actor)),
        ),
        Declared(
            "void_deal",
            LIST,
            TABLE_OR_DIRECTOR,
            _deal(Arg("reason", str)),
            on_list(lambda sl, actor, a: sl.void_deal(a["deal_no"], a["reason"], actor)),
        ),
        Declared(
            "raise_dispute",
            LIST,
            TABLE_OR_DIRECTOR,
            _deal(Arg("reason", str), _optional("at_card", int)),  # at a card of the play
            on_list(
                lambda sl, actor, a: {
                    "dispute_no": sl.raise_dispute(a["deal_no"], a["reason"], actor, a["at_card"])
                }
            ),
        ),
        Declared(
            "give_ruling",
            LIST,
            DIRECTORS,
            _deal(
                Arg("decision", str),
                Arg("reason", str),
                _optional("article", str),
                _optional("record", dict),
                _optional("adjustment", dict),
                _optional("at_card", int),  # the card of the play it rules on
                _optional("override_play", bool),  # a correction against the recorded play
            ),
            on_list(give_ruling),
        ),
        Declared(
            "close_list_short",
            LIST,
            DIRECTORS,
            (Arg("reason", str),),
            on_list(lambda sl, actor, a: sl.close_short(a["reason"], actor)),
        ),
        Declared(
            "submit_list",
            LIST,
            TABLE_OR_DIRECTOR,
            (Arg("scorer", str), Arg("confirmed_by", str)),
            on_list(
                lambda sl, actor, a: {"head": sl.submit(a["scorer"], a["confirmed_by"], actor)}
            ),
        ),
        # play mode: every bid and card
        Declared(
            "set_play_mode",
            LIST,
            DIRECTORS,
            (Arg("on", bool),),
            on_list(lambda sl, actor, a: {"play_mode": sl.set_play_mode(a["on"], actor)}),
        ),
        Declared(
            "set_competition_play_mode",
            COMPETITION,
            DIRECTORS,
            (Arg("on", bool), _optional("evening", int)),
            set_competition_play_mode,
        ),
        Declared(
            "load_hand_records",
            COMPETITION,
            DIRECTORS,
            (Arg("evening", int), Arg("boards", list)),
            load_hand_records,
        ),
        Declared(
            "start_play",
            LIST,
            TABLE_OR_DIRECTOR,
            _deal(Arg("context", dict)),
            start_play,  # a bridge board's hands come from its hand record when loaded
        ),
        Declared(
            "make_bid",
            LIST,
            TABLE_OR_DIRECTOR,
            _deal(Arg("seat", object), Arg("bid", object)),
            on_list(lambda sl, actor, a: sl.make_bid(a["deal_no"], a["seat"], a["bid"], actor)),
        ),
        Declared(
            "play_card",
            LIST,
            TABLE_OR_DIRECTOR,
            _deal(Arg("seat", object), Arg("card", object)),
            on_list(lambda sl, actor, a: sl.play_card(a["deal_no"], a["seat"], a["card"], actor)),
        ),
        Declared(
            "take_back_card",
            LIST,
            TABLE_OR_DIRECTOR,
            _deal(Arg("seat", object), Arg("card", object), Arg("reason", str)),
            on_list(
                lambda sl, actor, a: sl.take_back_card(
                    a["deal_no"], a["seat"], a["card"], a["reason"], actor
                )
            ),
        ),
        # claims: the rest of the tricks declared; the opponents accept or dispute
        Declared(
            "claim",
            LIST,
            TABLE_OR_DIRECTOR,
            _deal(Arg("seat", object), Arg("tricks", int)),
            on_list(lambda sl, actor, a: sl.claim(a["deal_no"], a["seat"], a["tricks"], actor)),
        ),
        Declared(
            "answer_claim",
            LIST,
            TABLE_OR_DIRECTOR,
            _deal(Arg("accept", bool), _optional("reason", str)),
            on_list(
                lambda sl, actor, a: sl.answer_claim(a["deal_no"], a["accept"], a["reason"], actor)
            ),
        ),
    )
}
"""Every command, by name."""


def declared(name: Any) -> Declared:
    """The declaration of the command called ``name``; refused with the known names otherwise."""
    if not isinstance(name, str) or name not in COMMANDS:
        raise InvalidInput(f"must be one of {', '.join(COMMANDS)}", "name")
    return COMMANDS[name]

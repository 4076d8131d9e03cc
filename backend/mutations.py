"""The commands a device may send through sync, and the arguments each one takes.

Each mutation names a list, a command and its arguments. The shape is checked *inside*
the command's transaction, so a malformed mutation is refused like any other: its id is
used up, the refusal is kept for the director, and the device moves on.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .aggregates.actor import Actor
from .aggregates.errors import InvalidInput
from .aggregates.score_list import ScoreList

Run = Callable[[ScoreList, Mapping[str, Any], Actor], dict[str, Any]]


@dataclass(frozen=True)
class Mutation:
    """A command a device can send: its required and optional arguments, and what it runs."""

    required: tuple[str, ...]
    run: Run
    optional: tuple[str, ...] = ()

    def check(self, args: Any) -> Mapping[str, Any]:
        if not isinstance(args, Mapping):
            raise InvalidInput("must be a JSON object of the command's arguments", "args")
        for name in args:
            if name not in self.required and name not in self.optional:
                raise InvalidInput("is not an argument of this command", f"args.{name}")
        for name in self.required:
            if args.get(name) is None:
                raise InvalidInput("is required", f"args.{name}")
        return args


def _done(_: Any) -> dict[str, Any]:
    return {}


MUTATIONS: dict[str, Mutation] = {
    "join": Mutation((), lambda sl, a, actor: {"pen": sl.take_pen(actor.client_id, actor)}),
    "record_deal": Mutation(
        ("deal_no", "record"), lambda sl, a, actor: sl.record_deal(a["deal_no"], a["record"], actor)
    ),
    "record_penalty": Mutation(
        ("deal_no", "record"),
        lambda sl, a, actor: sl.record_penalty(a["deal_no"], a["record"], actor),
    ),
    "void_deal": Mutation(
        ("deal_no", "reason"),
        lambda sl, a, actor: _done(sl.void_deal(a["deal_no"], a["reason"], actor)),
    ),
    "raise_dispute": Mutation(
        ("deal_no", "reason"),
        lambda sl, a, actor: {"dispute_no": sl.raise_dispute(a["deal_no"], a["reason"], actor)},
    ),
    "submit_list": Mutation(
        ("scorer", "confirmed_by"),
        lambda sl, a, actor: {"head": sl.submit(a["scorer"], a["confirmed_by"], actor)},
    ),
    "start_play": Mutation(
        ("deal_no", "context"),
        lambda sl, a, actor: sl.start_play(a["deal_no"], a["context"], actor),
    ),
    "make_bid": Mutation(
        ("deal_no", "seat", "bid"),
        lambda sl, a, actor: sl.make_bid(a["deal_no"], a["seat"], a["bid"], actor),
    ),
    "play_card": Mutation(
        ("deal_no", "seat", "card"),
        lambda sl, a, actor: sl.play_card(a["deal_no"], a["seat"], a["card"], actor),
    ),
}


def find(name: Any) -> Mutation:
    """The mutation called ``name``; refused with the known names otherwise."""
    if not isinstance(name, str) or name not in MUTATIONS:
        raise InvalidInput(f"must be one of {', '.join(MUTATIONS)}", "name")
    return MUTATIONS[name]

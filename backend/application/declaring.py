"""What a command is: its message, its declaration, its arguments and what a handler returns.

The command table itself is :mod:`.commands`; the handlers are in :mod:`.handlers`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..aggregates.actor import DIRECTOR, SYSTEM, TABLE, Actor
from ..aggregates.errors import Forbidden, InvalidInput
from .values import check_plain

if TYPE_CHECKING:
    from .troef import Troef

COMPETITION, LIST, NEW = "competition", "list", "new competition"
DIRECTORS = frozenset({DIRECTOR, SYSTEM})
TABLES = frozenset({TABLE})
EVERYONE = DIRECTORS | TABLES


@dataclass(frozen=True)
class Command:
    """One request to change the history.

    :param name: a name of :data:`COMMANDS`.
    :param target: the id of the competition or list it acts on (None to create one).
    :param args: its arguments, plain JSON.
    :param key: the caller's idempotency key (the console makes one per user action); a
        device's numbered mutation carries its mutation id on the actor instead.
    """

    name: str
    target: str | None = None
    args: Mapping[str, Any] = field(default_factory=dict)
    key: str | None = None


@dataclass(frozen=True)
class Done:
    """What a handler did: its answer, and the aggregates to save with it."""

    result: Any
    changed: tuple[Any, ...]


@dataclass(frozen=True)
class Arg:
    """One argument of a command: its name, its JSON type, and whether it may be left out."""

    name: str
    kind: type | tuple[type, ...]
    required: bool = True
    nullable: bool = False


Handler = Callable[["Troef", Actor, Any, Mapping[str, Any]], Done]


@dataclass(frozen=True)
class Declared:
    """A command as the table declares it."""

    name: str
    aggregate: str
    roles: frozenset[str]
    args: tuple[Arg, ...]
    run: Handler

    def check(self, actor: Actor, command: Command) -> dict[str, Any]:
        """The command's arguments with defaults filled in, once its sender and shape pass.

        :raises Forbidden: when the actor's role may not send it.
        :raises InvalidInput: naming the first argument that breaks a rule, by its dotted path
            inside the arguments (as the aggregates name the fields they refuse).
        """
        if actor.role not in self.roles:
            raise Forbidden(f"a {actor.role} may not {self.name.replace('_', ' ')}", "role")
        if self.aggregate != NEW and not command.target:
            raise InvalidInput(f"names no {self.aggregate} to act on", f"{self.aggregate}_id")
        args = command.args
        if not isinstance(args, Mapping):
            raise InvalidInput("must be a JSON object of the command's arguments", "args")
        check_plain(args, "")
        known = {a.name for a in self.args}
        for name in args:
            if name not in known:
                raise InvalidInput("is not an argument of this command", name)
        out: dict[str, Any] = {}
        for arg in self.args:
            value = args.get(arg.name)
            if value is None:
                if arg.required and not arg.nullable:
                    raise InvalidInput("is required", arg.name)
                out[arg.name] = None
                continue
            if not _is(value, arg.kind):
                raise InvalidInput(f"must be {_kind_words(arg.kind)}", arg.name)
            out[arg.name] = value
        return out


def _is(value: Any, kind: type | tuple[type, ...]) -> bool:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if object in kinds:
        return True
    if isinstance(value, bool):
        return bool in kinds
    return isinstance(value, kinds)


def _kind_words(kind: type | tuple[type, ...]) -> str:
    words = {int: "a whole number", str: "text", dict: "an object", list: "a list"}
    words |= {bool: "true or false", object: "a JSON value"}
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(words.get(k, k.__name__) for k in kinds)

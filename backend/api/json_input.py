"""The edge: every JSON body, query string and path of the API is plain before a view reads it.

Python's ``json`` reads what no client should send and some of what it cannot survive:
``NaN`` and ``Infinity`` (not JSON), lone surrogates (``"\\ud83d"``: text that cannot be stored
as UTF-8), integers of thousands of digits (``int()`` refuses beyond 4,300) and nesting a
thousand deep (``RecursionError``). Here each body is read once, by the rules of I-JSON
(RFC 7493), before login and rate limits: a body that is not JSON gets a 400, one that breaks
a rule a 422 naming the field by its dotted path. webargs (and so every ``@blp.arguments``)
gets the body read here (:class:`EdgeParser`; nothing else reads request bodies), and answers
are written without ``NaN`` (:class:`EdgeJSONProvider`).

A sync push is the one exception, inside its envelope: each mutation's ``name``, ``list`` and
``args`` reach the application as sent, which refuses that mutation alone (its id used up, the
refusal kept for the director) and applies the ones behind it. What Python cannot hold is cut
first: a container deeper than :data:`HARD_DEPTH` becomes empty, an integer beyond 4,300
digits keeps its first 4,300; the application refuses both as it would the original.
"""

from __future__ import annotations

import json
import math
import re
import sys
from collections.abc import Callable
from typing import Any
from urllib.parse import unquote_to_bytes

from flask import Flask, Request, request
from flask.json.provider import DefaultJSONProvider
from flask_smorest import Blueprint, abort
from webargs import core
from webargs.flaskparser import FlaskParser, is_json_request

from ..application.values import MAX_INT

MAX_DEPTH = 32
"""Deepest nesting in a request body (a command's arguments may nest 16 deep below it)."""

HARD_DEPTH = 64
"""Nesting cut off before a body is parsed at all (Python's parser recurses)."""

MAX_DIGITS = sys.get_int_max_str_digits() or 4300
"""Longest integer literal Python turns into a number."""

PER_MUTATION: dict[str, tuple[str, frozenset[str]]] = {
    "sync.Push": ("mutations", frozenset({"name", "list", "args"})),
}
"""Endpoint → the list of commands in its body, and the parts of each left to the application."""

Path = tuple[str | int, ...]


class Refused(ValueError):
    """A body, query or path the edge refuses: its status and each field with its rule."""

    def __init__(self, status: int, fields: dict[str, str]) -> None:
        super().__init__("; ".join(f"{k}: {v}" for k, v in fields.items()))
        self.status = status
        self.fields = fields


def read(data: bytes | str, per_mutation: tuple[str, frozenset[str]] | None = None) -> Any:
    """Parse a request body by the edge's rules.

    :param per_mutation: for a batch of commands, the list's key and the parts of each
        command that are left to the application.
    :raises Refused: 400 when it is not JSON in UTF-8, 422 naming the first field that
        breaks a rule.
    """
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
    except UnicodeDecodeError as exc:
        raise Refused(400, {"body": f"is not UTF-8 text (byte {exc.start + 1})"}) from None
    try:
        value = _DECODER.decode(cut(text))
    except json.JSONDecodeError as exc:
        raise Refused(
            400, {"body": f"is not valid JSON: {exc.msg} ({exc.lineno}:{exc.colno})"}
        ) from None

    def skip(path: Path) -> bool:
        """Whether ``path`` is a part of one command, left to the application."""
        if per_mutation is None or len(path) != 3:
            return False
        key, parts = per_mutation
        return path[0] == key and isinstance(path[1], int) and path[2] in parts

    found = problem(value, (), skip)
    if found is not None:
        raise Refused(422, {dotted(found[0]): found[1]})
    return value


def cut(text: str) -> str:
    """``text`` with every container that opens deeper than :data:`HARD_DEPTH` emptied."""
    if text.count("[") + text.count("{") <= HARD_DEPTH:
        return text  # cannot nest deeper than it has brackets
    out, depth, start, kept = [], 0, 0, 0
    for token in _TOKENS.finditer(text):
        mark = token.group()
        if mark[0] == '"':
            continue
        if mark in "[{":
            depth += 1
            if depth == HARD_DEPTH + 1:
                start = token.start()
        else:
            if depth == HARD_DEPTH + 1:
                out += [text[kept:start], "[]" if text[start] == "[" else "{}"]
                kept = token.end()
            depth = max(depth - 1, 0)
    if depth > HARD_DEPTH:  # never closed: the parser will say so
        out += [text[kept:start], text[start]]
        kept = len(text)
    return "".join([*out, text[kept:]])


def problem(value: Any, path: Path, skip: Callable[[Path], bool]) -> tuple[Path, str] | None:
    """The first value in ``value`` that breaks a rule of the edge, with the rule."""
    if len(path) > MAX_DEPTH:
        return path, f"is nested more than {MAX_DEPTH} levels deep"
    if isinstance(value, str):
        rule = text_rule(value)
        return (path, rule) if rule else None
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        ok = abs(value) <= MAX_INT
        return None if ok else (path, f"must be a whole number between {-MAX_INT} and {MAX_INT}")
    if isinstance(value, float):
        ok = math.isfinite(value)
        return None if ok else (path, "must be a finite number (NaN and Infinity are not JSON)")
    items = value.items() if isinstance(value, dict) else enumerate(value)
    for key, item in items:
        rule = text_rule(key) if isinstance(key, str) else None
        if rule:
            return (*path, key), f"the name {rule}"
        inner = (*path, key)
        if not skip(inner):
            found = problem(item, inner, skip)
            if found is not None:
                return found
    return None


def text_rule(text: str) -> str | None:
    """What is wrong with ``text``: a lone surrogate is not Unicode text (None if nothing)."""
    if text.isascii():
        return None
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        return f"is not valid Unicode text (a lone surrogate at character {exc.start + 1})"
    return None


def dotted(path: Path) -> str:
    """A path as the API names fields: ``mutations[0].args.record``; the root is ``body``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            name = part.encode("utf-8", "backslashreplace").decode("utf-8")
            out += f".{name}" if out else name
    return out or "body"


def _int(literal: str) -> int:
    digits = len(literal) - literal.startswith("-")
    if digits > MAX_DIGITS:  # refused anyway; too long even to read
        literal = literal[: MAX_DIGITS + literal.startswith("-")]
    return int(literal)


_DECODER = json.JSONDecoder(parse_int=_int)
_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{}]', re.DOTALL)
"""A string (to the end of the text if never closed: linear on any input) or a bracket."""


# ---- the URL ----------------------------------------------------------------------------


def check_url() -> None:
    """Refuse an API request whose path or query string is not UTF-8 (``%ED%A0%80``)."""
    if not request.path.startswith("/api/"):
        return
    try:
        url_problem(request)
    except Refused as exc:
        abort(exc.status, message=str(exc), errors=exc.fields)


def url_problem(req: Request) -> None:
    """:raises Refused: (400) naming the path part or query parameter that is not UTF-8."""
    sent = req.environ.get("REQUEST_URI") or req.environ.get("RAW_URI")  # as sent, %-encoded
    if sent:
        path = unquote_to_bytes(sent.encode("latin-1", "replace").partition(b"?")[0])
    else:
        path = req.environ.get("PATH_INFO", "").encode("latin-1", "replace")
    parts = path.split(b"/")[::-1]  # from the end: a prefix (SCRIPT_NAME) may come first
    rule = req.url_rule.rule.split("/")[::-1] if req.url_rule else []
    for i, part in enumerate(parts):
        if not _utf8(part):
            name = rule[i] if i < len(rule) else ""
            field = name.strip("<>").split(":")[-1] if name.startswith("<") else "url"
            raise Refused(400, {field: "is not UTF-8 text"})
    query = req.environ.get("QUERY_STRING", "").encode("latin-1", "replace")
    for pair in query.split(b"&"):
        key, _, value = (unquote_to_bytes(p.replace(b"+", b" ")) for p in pair.partition(b"="))
        if not _utf8(key):
            raise Refused(400, {"url": "a query parameter's name is not UTF-8 text"})
        if not _utf8(value):
            raise Refused(400, {key.decode(): "is not UTF-8 text"})


def _utf8(raw: bytes) -> bool:
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


# ---- wiring ------------------------------------------------------------------------------


class EdgeParser(FlaskParser):
    """webargs' parser for flask-smorest, reading JSON bodies with :func:`read`."""

    def _raw_load_json(self, req: Request) -> Any:
        if not is_json_request(req):
            return core.missing
        try:
            return read(req.get_data(cache=True), PER_MUTATION.get(req.endpoint or ""))
        except Refused as exc:
            abort(exc.status, message=str(exc), errors=exc.fields)


# flask-smorest hands every blueprint one shared parser when its views are decorated, that is
# when the resource modules are imported: ``backend.api`` imports this module first.
Blueprint.ARGUMENTS_PARSER = EdgeParser()


class EdgeJSONProvider(DefaultJSONProvider):
    """Flask's JSON, never writing ``NaN`` or ``Infinity`` (not JSON: a client cannot read it)."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        kwargs.setdefault("allow_nan", False)
        return super().dumps(obj, **kwargs)


def init_app(flask_app: Flask) -> None:
    """Check every API request's URL first (before CSRF, login and rate limits), and use the
    edge's JSON."""
    flask_app.json = EdgeJSONProvider(flask_app)
    flask_app.before_request_funcs.setdefault(None, []).insert(0, check_url)

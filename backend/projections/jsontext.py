"""JSON text for read-model columns, made without ``json.dumps``' set-up at every call.

``json.dumps`` builds a new encoder for every value; a catch-up encodes a few small values
per event (a deal's record and points, an actor, an audit line's details), and that set-up
was most of their cost. An encoder made here is built once and gives the same text as
``json.dumps`` with the same options (default separators, no indent).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from json import encoder as _json
from typing import Any

Encode = Callable[[Any], str]


def encoder(
    *,
    sort_keys: bool = False,
    ensure_ascii: bool = False,
    default: Callable[[Any], Any] | None = None,
) -> Encode:
    """``lambda value: json.dumps(value, sort_keys=…, ensure_ascii=…, default=…)``, faster."""
    plain = json.JSONEncoder(sort_keys=sort_keys, ensure_ascii=ensure_ascii, default=default)
    make = getattr(_json, "c_make_encoder", None)
    if make is None:  # an interpreter without the C accelerator: the library's own path
        return plain.encode
    quote = _json.encode_basestring_ascii if ensure_ascii else _json.encode_basestring
    chunks = make(None, plain.default, quote, None, ": ", ", ", sort_keys, False, True)

    def encode(value: Any) -> str:
        if value is None:  # an applied mutation has no args and no error: two per mutation
            return "null"
        if isinstance(value, str):
            return quote(value)
        return "".join(chunks(value, 0))

    return encode


sorted_text = encoder(sort_keys=True)
"""Keys sorted, text as written (not escaped to ASCII): rules, counting, a deal's record."""

text = encoder(default=str)
"""Keys in their order (a deal's seats N, E, S, W), anything else as ``str``."""

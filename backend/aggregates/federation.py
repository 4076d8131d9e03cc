"""Federation numbers: a player's (one per person a player stands for) and what they may hold.

Clubs report results to their federation by member number (USEBIO's ``NATIONAL_ID_NUMBER``).
A bridge pair is one player of two people, so a player has a list of numbers in the order
of its name ("Jansen – de Vries" → Jansen's, then de Vries's); an empty one is unknown.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from .errors import InvalidInput

MAX_NUMBERS = 4  # people one player stands for (a pair: 2; a team of four at most)
MAX_LENGTH = 20
NUMBER = re.compile(r"[A-Za-z0-9][A-Za-z0-9 ./-]*")


def checked_numbers(numbers: Any, field: str = "numbers") -> list[str]:
    """``numbers`` as stored: stripped strings, "" for unknown; refused naming ``field``."""
    if not isinstance(numbers, Sequence) or isinstance(numbers, str):
        raise InvalidInput("must be a list of federation numbers", field)
    if len(numbers) > MAX_NUMBERS:
        raise InvalidInput(f"must hold at most {MAX_NUMBERS} numbers, one a person", field)
    out = []
    for i, number in enumerate(numbers):
        if not isinstance(number, str):
            raise InvalidInput("must be text", f"{field}[{i}]")
        text = number.strip()
        if len(text) > MAX_LENGTH or (text and not NUMBER.fullmatch(text)):
            raise InvalidInput(
                f"must be at most {MAX_LENGTH} letters, digits, spaces, '.', '/' or '-'",
                f"{field}[{i}]",
            )
        out.append(text)
    while out and not out[-1]:
        out.pop()
    return out

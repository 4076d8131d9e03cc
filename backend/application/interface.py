"""The names the application's callers use beside :class:`~backend.application.Troef`.

The JSON API, the CLI and the demo club speak to the application and never import the
aggregates themselves (docs/architecture.md, "Import rules"): they name the :class:`Actor`
who sends a command (and its roles), the domain errors a command is refused with, and the
:class:`ScoreList` that ``Troef.get_list`` returns, from here.
"""

from __future__ import annotations

from ..aggregates.actor import DIRECTOR, TABLE, Actor, director, system
from ..aggregates.errors import DomainError, InvalidInput, MutationGap, NotFound
from ..aggregates.receipt import MAX_KEY
from ..aggregates.score_list import ScoreList

__all__ = [
    "DIRECTOR",
    "MAX_KEY",
    "TABLE",
    "Actor",
    "DomainError",
    "InvalidInput",
    "MutationGap",
    "NotFound",
    "ScoreList",
    "director",
    "system",
]

"""Pure scoring rules of the four club rulebooks.

Standard library only, integers only. Start at :func:`score_record` (``games.py``).
"""

from .errors import PlayError, RecordError, RuleError, RuleSetError
from .games import (
    GAME_NAMES,
    default_ruleset,
    find_ruleset,
    game_module,
    presets,
    ruleset_from_dict,
    score_record,
)
from .result import Score
from .ruleset import Option, RuleSet

__all__ = [
    "GAME_NAMES",
    "Option",
    "PlayError",
    "RecordError",
    "RuleError",
    "RuleSet",
    "RuleSetError",
    "Score",
    "default_ruleset",
    "find_ruleset",
    "game_module",
    "presets",
    "ruleset_from_dict",
    "score_record",
]

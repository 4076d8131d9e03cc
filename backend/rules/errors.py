"""Errors raised by the pure rules."""

from __future__ import annotations


class RuleError(ValueError):
    """Raised when the rules refuse something; always names a field."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message

    def as_dict(self) -> dict[str, str]:
        return {"field": self.field, "message": self.message}


class RecordError(RuleError):
    """Raised when a deal record is refused: the field and the rule it breaks."""


class RuleSetError(RuleError):
    """Raised when a rule set is unknown or a derived rule set has a bad option."""


class PlayError(RuleError):
    """Raised when a card may not be played (the field is the card or the seat)."""

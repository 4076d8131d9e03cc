"""Domain errors: what the history refuses, and why. Translated to HTTP once, at the edge."""

from __future__ import annotations


class DomainError(Exception):
    """Base of every refusal by the aggregates or the application."""

    status = 400
    kind = "refused"

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"error": self.kind, "message": self.message}
        if self.field:
            out["fields"] = {self.field: self.message}
        return out


class InvalidInput(DomainError):
    """Raised when a command's input breaks a rule (the field and the rule are named)."""

    status = 422
    kind = "invalid"


class NotFound(DomainError):
    """Raised when a competition, list, deal or player does not exist."""

    status = 404
    kind = "not_found"


class Forbidden(DomainError):
    """Raised when the actor's role may not do this."""

    status = 403
    kind = "forbidden"


class Conflict(DomainError):
    """Raised when the command clashes with the state: submitted list, pen, deal taken."""

    status = 409
    kind = "conflict"


class ListSubmittedError(Conflict):
    """Raised for every command on a submitted list, whoever sends it."""

    kind = "list_submitted"


class PenHeldElsewhere(Conflict):
    """Raised when a device that does not hold the pen tries to write."""

    kind = "pen_elsewhere"


class DealNumberTaken(Conflict):
    """Raised when a deal number is already recorded on the list."""

    kind = "deal_taken"


class ConcurrentChange(Conflict):
    """Raised when the list changed underneath the command and retrying did not help."""

    kind = "concurrent_change"


class MutationGap(Conflict):
    """Raised when a client skips mutation ids; carries the last applied id."""

    kind = "mutation_gap"

    def __init__(self, message: str, last_mutation_id: int) -> None:
        super().__init__(message, "mutation_id")
        self.last_mutation_id = last_mutation_id

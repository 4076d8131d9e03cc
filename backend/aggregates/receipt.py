"""Receipt: the first answer to a command sent with an idempotency key.

The director's console makes a key for each action and sends it again when it retries (a
double click, a timeout, a lost answer). The receipt is saved in the same transaction as
what the command changed, so a command with a key is applied once or not at all: a repeat
finds the receipt and gets the first answer again, and nothing more is recorded. A device's
numbered mutations are kept on its :class:`~.device.Device` instead.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID, uuid5

from .chain import Chained
from .errors import Conflict

RECEIPT_NAMESPACE = UUID("5b0f3c2e-8d41-4a77-9c1e-7e2a6f0d4b93")
MAX_KEY = 200


class Receipt(Chained):
    """One idempotency key of one sender, and the answer its command got.

    Version 1 (stated, so that a change of its fields comes with an upcaster): a receipt has
    one event and is never snapshotted.
    """

    class_version = 1

    class Issued(Chained.Created):
        scope: str
        key: str
        command: str
        target: str | None
        digest: str
        result: Any
        actor: dict[str, Any]

        def apply(self, agg: Any) -> None:
            super().apply(agg)
            agg.scope, agg.key, agg.command = self.scope, self.key, self.command
            agg.target, agg.digest, agg.result = self.target, self.digest, self.result

    @staticmethod
    def create_id(scope: str, key: str) -> UUID:
        return uuid5(RECEIPT_NAMESPACE, f"{scope}\n{key}")

    @classmethod
    def issue(
        cls,
        *,
        scope: str,
        key: str,
        command: str,
        target: str | None,
        digest: str,
        result: Any,
        actor: dict[str, Any],
    ) -> Receipt:
        """Record the answer that ``command`` under ``key`` got."""
        return cls._start(
            cls.Issued,
            id=cls.create_id(scope, key),
            scope=scope,
            key=key,
            command=command,
            target=target,
            digest=digest,
            result=result,
            actor=actor,
        )

    def answer(self, digest: str) -> Any:
        """The first answer again, for a repeat of the same command.

        :raises Conflict: when the key was used for another command or other content.
        """
        if digest != self.digest:
            raise Conflict(
                f"the idempotency key {self.key!r} was already used for another request "
                f"({self.command.replace('_', ' ')}); make a new key for a new action",
                "Idempotency-Key",
            )
        return self.result

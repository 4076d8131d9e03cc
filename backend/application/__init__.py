"""The application layer: the one way in.

The command table (:mod:`.commands`) declares every command once; :class:`Troef` loads the
aggregate a command acts on, runs it and saves, exactly once per idempotency key. Beside it:
the audit that recomputes every stored record (:mod:`.audit`), the replay of a list
(:mod:`.replay`), the draws by lot (:mod:`.draws`) and the import of a roster (:mod:`.roster`).
"""

from .commands import COMMANDS, Command
from .troef import Troef

__all__ = ["COMMANDS", "Command", "Troef"]

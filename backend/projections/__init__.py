"""Read models: plain SQLite tables kept up to date from the notification log.

:class:`ReadModels` follows the application's log with its position (the tracking row)
written in the same SQLite transaction as the rows it produced, so every event is applied
exactly once, even with several processes catching up at once. The SQLite event store has
no subscriptions, so :meth:`ReadModels.catch_up` is a pull loop, run after every save
(read-your-writes) and by a background worker. A competition's results and standings are
recomputed by :meth:`ReadModels.settle`, called by their readers and the worker, not inside
every save.
"""

from .models import ReadModels

__all__ = ["ReadModels"]

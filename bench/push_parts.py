"""Where a push's CPU goes: ``python -m bench.push_parts [--batch]``.

Sends the pushes of ``bench.profile push`` (120 one-deal pushes by 4 phones) or ``batch``
(3 pushes of 40 offline deals) through Flask's test client, so that the whole request runs in
one thread, and sums that thread's CPU time (``time.thread_time``) in the request's parts,
each wrapped for as long as the run lasts and then restored. Medians per push; the parts
nest as indented (a part's time includes the parts below it).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import marshmallow
from eventsourcing.application import Application

import backend.api.sync as sync
from backend import instance
from backend.api import create_app
from backend.application.troef import Troef

from .common import load_average, table, workdir
from .profile import _phones
from .push import vraag

PARTS: list[tuple[str, Any, str]] = [  # (shown as, owner, attribute)
    ("push_run: the batch and the answers", sync, "push_run"),
    ("  Troef.handle_batch", Troef, "handle_batch"),
    ("    the mutations: device, handler, records, look", Troef, "_run_batch"),
    ("    the library's save: encode, insert, seal, snapshots", Application, "save"),
    ("    the read models' catch-up (listener)", None, "after_save"),
    ("the arguments' schema (load)", marshmallow.Schema, "load"),
    ("the answer's schema (dump)", marshmallow.Schema, "dump"),
]


@contextmanager
def timed(app: Troef, spent: dict[str, float]) -> Iterator[None]:
    """Sum the thread's CPU time of each part into ``spent`` while the block runs."""
    undo: list[Callable[[], None]] = []

    def wrap(name: str, func: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            start = time.thread_time()
            try:
                return func(*args, **kwargs)
            finally:
                spent[name] += time.thread_time() - start

        return call

    for name, owner, attribute in PARTS:
        if owner is None:
            listeners = list(app.after_save)
            app.after_save[:] = [wrap(name, f) for f in listeners]
            undo.append(lambda kept=listeners: app.after_save.__setitem__(slice(None), kept))
        else:
            original = owner.__dict__[attribute]
            setattr(owner, attribute, wrap(name, original))
            undo.append(lambda o=owner, a=attribute, f=original: setattr(o, a, f))
    try:
        yield
    finally:
        for restore in reversed(undo):
            restore()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--batch", action="store_true", help="40 offline deals a push")
    args = parser.parse_args(argv)
    per_push: dict[str, list[float]] = defaultdict(list)
    with workdir() as folder:
        instance.init(folder / "club", "Bench", "anna", "geheim-genoeg")
        web = create_app({"TROEF_INSTANCE": str(folder / "club"), "TROEF_WORKER": False})
        app = web.extensions["troef"].app
        try:
            phones = _phones(web, 4)
            if args.batch:
                offline = [
                    ("record_deal", {"deal_no": n, "record": vraag(n)}) for n in range(1, 41)
                ]
                pushes = [(push, 2, offline) for push in phones]
            else:
                pushes = [
                    (push, n + 1, [("record_deal", {"deal_no": n, "record": vraag(n)})])
                    for n in range(1, 36)
                    for push in phones
                ]
            warm = 1 if args.batch else 20  # the first pushes warm up
            for i, (push, first, mutations) in enumerate(pushes):
                spent: dict[str, float] = defaultdict(float)
                with timed(app, spent):
                    start = time.thread_time()
                    push(first, mutations)
                    spent["the whole request (Flask test client)"] = time.thread_time() - start
                if i >= warm:
                    for name, seconds in spent.items():
                        per_push[name].append(seconds)
        finally:
            web.extensions["troef"].close()
    names = ["the whole request (Flask test client)", *(name for name, _o, _a in PARTS)]
    whole = statistics.median(per_push[names[0]])
    rows = [
        [
            name.replace(" ", "\u00a0", len(name) - len(name.lstrip())),
            f"{statistics.median(per_push[name]) * 1000:.2f}",
            f"{statistics.median(per_push[name]) / whole:.0%}",
        ]
        for name in names
    ]
    what = "3 pushes of 40 offline deals" if args.batch else "100 one-deal pushes"
    print(f"# Thread CPU of a push's parts, median of {what}\n")
    print(table(["part", "CPU ms", "share"], rows))
    print(f"\nLoad average at the end: {load_average()}.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

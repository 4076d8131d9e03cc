"""Score many generated deal records with the Python rules and the JS port; print disagreements.

The test (``tests/rules/test_js_parity.py``) compares 20,000 records a run; this compares as
many as you like, in chunks of one node process each, and prints what it found::

    .venv/bin/python -m bench.js_parity                      # 200,000 records, a fresh seed
    .venv/bin/python -m bench.js_parity --count 1000000 --seed 42 --out /tmp/parity.jsonl

Every disagreement is a bug in one of the two ports (see ``tests/rules/parity.py`` for what
counts as the same result and the same refusal). ``--out`` writes each one as a JSON line
(the case, both answers and why), ready to become a golden vector in ``tests/vectors/``.
Exit status 1 when any was found.
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
import time
from collections import Counter
from pathlib import Path

from tests.rules.parity import Report, compare
from tests.rules.parity_records import batch


def run(seed: int, count: int, chunk: int) -> Report:
    """Compare ``count`` records drawn from ``seed``, ``chunk`` per node process."""
    total = Report(seed)
    for start in range(0, count, chunk):
        part = compare(seed + start, batch(seed + start, min(chunk, count - start)))
        total.cases += part.cases
        total.scored += part.scored
        total.refused += part.refused
        total.decimals += part.decimals
        for game, n in part.per_game.items():
            total.per_game[game] = total.per_game.get(game, 0) + n
        total.disagreements += part.disagreements
        print(f"  {part.summary()}", flush=True)
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200_000, help="records in all")
    parser.add_argument("--seed", type=int, default=None, help="first seed (default: random)")
    parser.add_argument("--chunk", type=int, default=50_000, help="records per node process")
    parser.add_argument("--out", type=Path, help="write each disagreement as a JSON line")
    args = parser.parse_args(argv)
    seed = secrets.randbits(32) if args.seed is None else args.seed
    wall, cpu = time.perf_counter(), time.process_time()
    print(f"JS rules port against the Python rules: {args.count} records from seed {seed}")
    report = run(seed, args.count, args.chunk)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"{report.summary()}")
    print(f"{wall:.1f} s wall, {cpu:.1f} s CPU in this process (node runs beside it)")
    for why, n in Counter(d["why"] for d in report.disagreements).most_common():
        print(ascii(f"{n:>7}  {why}"))
    for d in report.disagreements[:3]:
        print(ascii(f"  e.g. {d['case'][:500]}\n    python {d['python']}\n    js {d['js']}"))
    if args.out:
        with args.out.open("w", encoding="utf-8") as out:
            for d in report.disagreements:
                out.write(json.dumps(d, ensure_ascii=False) + "\n")
    return 1 if report.disagreements else 0


if __name__ == "__main__":
    sys.exit(main())

"""Where the servers' CPU goes under load: py-spy samples of every server process.

py-spy (``pip install py-spy``; found on the PATH, or at ``$TROEF_PYSPY``) attaches to each
server process and samples it 100 times a second without stopping it (``--nonblocking``),
only the thread that holds the GIL (``--gil``): the shares are shares of the time the
processes ran Python, not of threads waiting. The raw stacks are kept beside the summary.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
from collections import Counter
from pathlib import Path

OPTIONS = ("--nonblocking", "--gil", "--format", "raw", "--rate", "100", "--output")
ROOT = Path(__file__).resolve().parents[1]
FRAME = re.compile(r"^(?P<function>.*) \((?P<file>[^()]*?)(?::\d+)?\)$")


def pyspy() -> str:
    found = os.environ.get("TROEF_PYSPY") or shutil.which("py-spy")
    if not found:
        raise SystemExit("--profile needs py-spy: pip install py-spy (or set TROEF_PYSPY)")
    return found


class Profiler:
    def __init__(self, pids: list[int], out: Path) -> None:
        self.out = out
        self.files = [out.with_name(f"{out.stem}-{pid}.txt") for pid in pids]
        self.processes = [
            subprocess.Popen(
                [pyspy(), "record", "--pid", str(pid), *OPTIONS, str(file)],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            for pid, file in zip(pids, self.files, strict=True)
        ]

    def stop(self) -> None:
        for p in self.processes:
            if p.poll() is None:
                p.send_signal(signal.SIGINT)
        for p in self.processes:
            try:
                p.wait(30)
            except subprocess.TimeoutExpired:
                p.kill()

    def summary(self, top: int = 25) -> str:
        inclusive: Counter[str] = Counter()
        own: Counter[str] = Counter()
        total = 0
        for file in self.files:
            if not file.exists():
                continue
            for line in file.read_text().splitlines():
                stack, _, count = line.rpartition(" ")
                if not count.isdigit():
                    continue
                n = int(count)
                total += n
                frames = [name(f) for f in stack.split(";")[1:]]  # the first is the thread
                for f in set(frames):
                    inclusive[f] += n
                if frames:
                    own[frames[-1]] += n
        if not total:
            return "(no samples)"
        lines = [f"Samples: {total} (100 a second, the thread holding the GIL, all servers)"]
        ours = Counter({f: n for f, n in inclusive.items() if "(backend/" in f})
        lines += ["", "| share of samples (inclusive) | Troef's function |", "|---|---|"]
        lines += [f"| {n / total:.1%} | {f} |" for f, n in ours.most_common(top)]
        lines += ["", "| share of samples (own) | function |", "|---|---|"]
        lines += [f"| {n / total:.1%} | {f} |" for f, n in own.most_common(top)]
        return "\n".join(lines)


def name(frame: str) -> str:
    """``function (file:line)`` as ``function (the file's path from the package on)``."""
    match = FRAME.match(frame.strip())
    if not match:
        return frame.strip()
    path = match["file"]
    for marker in ("site-packages/", f"{ROOT}/", "lib/python3.11/"):
        if marker in path:
            path = path.split(marker, 1)[1]
            break
    return f"{match['function']} ({path})"

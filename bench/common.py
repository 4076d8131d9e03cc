"""What every benchmark shares: timing, statistics, the machine, the stores and the tables.

Times are wall-clock seconds from :func:`time.perf_counter`, and CPU seconds from
:func:`time.process_time` (this process, all its threads): on a shared machine the wall time
also holds the waits for a CPU and the disk, the CPU time does not. Statistics are medians
and 95th percentiles of repeated measurements; ratios are medians divided by the baseline's
median of the same run.
"""

from __future__ import annotations

import math
import os
import platform
import sqlite3
import statistics
import subprocess
import tempfile
import time
import uuid
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

PG = {
    "POSTGRES_HOST": os.environ.get("TROEF_BENCH_PGHOST", "127.0.0.1"),
    "POSTGRES_PORT": os.environ.get("TROEF_BENCH_PGPORT", "5432"),
    "POSTGRES_DBNAME": os.environ.get("TROEF_BENCH_PGDATABASE", "troef_test"),
    "POSTGRES_USER": os.environ.get("TROEF_BENCH_PGUSER", "troef"),
    "POSTGRES_PASSWORD": os.environ.get("TROEF_BENCH_PGPASSWORD", "troef"),
}


@dataclass
class Series:
    """Repeated measurements of one thing: wall seconds and this process's CPU seconds."""

    name: str
    values: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    def add(self, seconds: float, cpu: float | None = None) -> None:
        self.values.append(seconds)
        if cpu is not None:
            self.cpu.append(cpu)

    def measure(self, call: Callable[[], Any]) -> Any:
        """Run ``call`` once, adding its wall and CPU time; return its result."""
        cpu = time.process_time()
        seconds, result = timed(call)
        self.add(seconds, time.process_time() - cpu)
        return result

    @property
    def median(self) -> float:
        return statistics.median(self.values) if self.values else float("nan")

    @property
    def p95(self) -> float:
        if len(self.values) < 2:
            return self.median
        return statistics.quantiles(self.values, n=20, method="inclusive")[18]

    @property
    def cpu_median(self) -> float:
        return statistics.median(self.cpu) if self.cpu else float("nan")

    def clear(self) -> None:
        self.values.clear()
        self.cpu.clear()

    def __len__(self) -> int:
        return len(self.values)


def timed(call: Callable[[], Any]) -> tuple[float, Any]:
    """Run ``call`` once; return (wall seconds, its result)."""
    start = time.perf_counter()
    result = call()
    return time.perf_counter() - start, result


def repeat(call: Callable[[], Any], times: int, warmup: int = 1, name: str = "") -> Series:
    """Time ``call`` ``times`` times after ``warmup`` untimed runs."""
    for _ in range(warmup):
        call()
    series = Series(name)
    for _ in range(times):
        series.measure(call)
    return series


def ms(seconds: float) -> str:
    return "—" if math.isnan(seconds) else f"{seconds * 1000:.2f}"


def ratio(value: float, baseline: float) -> str:
    if math.isnan(value) or math.isnan(baseline) or baseline <= 0:
        return "—"
    return f"{value / baseline:.2f}×"


def rate(count: int, seconds: float) -> str:
    return f"{count / seconds:,.0f}" if seconds > 0 else "n/a"


def table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """A Markdown table."""
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def load_average() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f}, {five:.2f}, {fifteen:.2f} (1, 5, 15 min)"


def publish(title: str, report: str, out: Path | None) -> None:
    """Print a benchmark's report under its title and the machine's lines; with ``out``,
    also write it to that file."""
    text = "\n".join([f"# {title}", "", *(f"- {k}: {v}" for k, v in machine()), "", report])
    print(text)
    if out:
        out.write_text(text + "\n")


def machine() -> list[tuple[str, str]]:
    """The machine and the software versions the numbers come from."""
    from importlib.metadata import version

    cpu = "unknown"
    with suppress(OSError, ValueError, IndexError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    memory = "unknown"
    with suppress(OSError, ValueError, IndexError):
        kb = int(Path("/proc/meminfo").read_text().split()[1])
        memory = f"{kb / 1024 / 1024:.1f} GiB"
    return [
        ("CPU", f"{cpu}, {os.cpu_count()} logical CPUs"),
        ("memory", memory),
        ("OS", platform.platform()),
        ("Python", platform.python_version()),
        ("SQLite", sqlite3.sqlite_version),
        ("eventsourcing", version("eventsourcing")),
        ("sqlite-utils", version("sqlite-utils")),
        ("psycopg", version("psycopg")),
        ("Troef", _git_head()),
    ]


def _git_head() -> str:
    """The commit the code was measured at, and whether backend/ had uncommitted changes."""
    root = Path(__file__).resolve().parent.parent
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--", "backend"],
            cwd=root,
            capture_output=True,
            text=True,
        ).stdout.strip()
    except OSError:
        return "unknown"
    return f"commit {head}" + (" (backend/ has uncommitted changes)" if dirty else "")


@contextmanager
def workdir() -> Iterator[Path]:
    """A temporary folder for the SQLite files of one benchmark (on the default temp disk)."""
    with tempfile.TemporaryDirectory(prefix="troef-bench-") as name:
        yield Path(name)


def sqlite_env(path: Path) -> dict[str, str]:
    """The event-store settings of a SQLite file, as an instance folder would set them."""
    return {
        "PERSISTENCE_MODULE": "eventsourcing.sqlite",
        "SQLITE_DBNAME": str(path),
        "SQLITE_LOCK_TIMEOUT": "30",
    }


def _pg_connect() -> Any:
    import psycopg

    return psycopg.connect(
        host=PG["POSTGRES_HOST"],
        port=PG["POSTGRES_PORT"],
        dbname=PG["POSTGRES_DBNAME"],
        user=PG["POSTGRES_USER"],
        password=PG["POSTGRES_PASSWORD"],
        connect_timeout=3,
        autocommit=True,
    )


def postgres_status() -> str | None:
    """The server version when PostgreSQL is reachable, else None."""
    try:
        with _pg_connect() as conn:
            return str(conn.execute("SHOW server_version").fetchone()[0])
    except Exception:  # any failure to connect means: no server here
        return None


def postgres_problem() -> str:
    try:
        _pg_connect().close()
    except Exception as exc:
        return str(exc).strip().splitlines()[0]
    return ""


@contextmanager
def pg_schema() -> Iterator[dict[str, str]]:
    """An event-store environment in a fresh PostgreSQL schema, dropped afterwards."""
    schema = f"bench_{uuid.uuid4().hex[:12]}"
    with _pg_connect() as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    try:
        yield {"PERSISTENCE_MODULE": "eventsourcing.postgres", **PG, "POSTGRES_SCHEMA": schema}
    finally:
        with _pg_connect() as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")


def close(*apps: Any) -> None:
    """Close applications (and read models) quietly."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for app in apps:
            app.close()

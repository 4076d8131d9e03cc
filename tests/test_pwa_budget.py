"""The table app's shell stays small, and the service worker precaches every file of it."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

PWA = Path(__file__).resolve().parents[1] / "pwa"
BUDGET = 100 * 1024


def shell_files() -> list[Path]:
    return sorted([*PWA.glob("js/**/*.js"), *PWA.glob("css/*.css"), PWA / "sw.js"])


def test_the_app_shell_scripts_and_styles_fit_in_100_kb_gzipped() -> None:
    total = sum(len(gzip.compress(p.read_bytes(), 9)) for p in shell_files())
    assert 0 < total <= BUDGET, f"{total} bytes gzipped"


def test_the_service_worker_precaches_every_script_and_style() -> None:
    sw = (PWA / "sw.js").read_text()
    names = set(re.findall(r'"([a-z_]+)(?:\.js)?"', sw))
    for path in shell_files():
        if path.name == "sw.js":
            continue
        assert path.stem in names or f"/{path.relative_to(PWA)}" in sw, path

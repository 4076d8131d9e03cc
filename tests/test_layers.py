"""The layering is checked, not a convention: the import rules of docs/architecture.md.

The contracts live in pyproject.toml (``[tool.importlinter]``); ``lint-imports`` checks them
against the import graph of ``backend`` (about a second). Every room of ``backend/`` must
have its rule, so that a new room cannot import what it likes unnoticed.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def _contracts() -> list[dict[str, Any]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return list(config["tool"]["importlinter"]["contracts"])


def _rooms() -> set[str]:
    backend = ROOT / "backend"
    packages = {p.name for p in backend.iterdir() if (p / "__init__.py").is_file()}
    modules = {p.stem for p in backend.glob("*.py") if p.stem != "__init__"}
    return {f"backend.{name}" for name in packages | modules}


def test_the_code_keeps_every_import_rule() -> None:
    lint = Path(sys.executable).with_name("lint-imports")
    done = subprocess.run(
        [str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_every_room_of_the_backend_has_its_import_rule() -> None:
    ruled = {
        source
        for contract in _contracts()
        if contract["type"] == "forbidden"
        for source in contract["source_modules"]
    }
    assert _rooms() - ruled == set(), "a room of backend/ without its 'may import' contract"


def test_every_room_but_the_wire_has_its_place_in_the_layers() -> None:
    (layers,) = [c for c in _contracts() if c["type"] == "layers"]
    placed = {room.strip() for layer in layers["layers"] for room in layer.split("|")}
    # schemas import nothing at all (their own contract), so they sit outside the layers
    assert _rooms() - placed == {"backend.schemas"}

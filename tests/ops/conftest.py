"""An instance with a wiezen evening drawn, run by ``troef`` commands in their own processes."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from backend import instance
from backend.api import create_app

from ..api.conftest import wiezen_evening

ROOT = Path(__file__).resolve().parents[2]


def troef(*args: str, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    """Run ``troef ARGS`` as an operator would, in its own process."""
    command = [sys.executable, "-m", "backend.cli", *args]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120, **kwargs)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def club(tmp_path: Path) -> Iterator[tuple[Path, dict[str, Any]]]:
    """An instance folder with a wiezen evening of four players drawn (one list)."""
    path = tmp_path / "club"
    instance.init(path, "De Troef", "anna", "geheim-genoeg")
    web = create_app({"TROEF_INSTANCE": str(path), "TROEF_WORKER": False})
    evening = wiezen_evening(web)
    web.extensions["troef"].close()
    yield path, evening


def vraag_deal(n: int) -> dict[str, Any]:
    """Deal ``n`` of a wiezen list: a vraag made with nine tricks, the dealer in turn."""
    return {"dealer": (n - 1) % 4 + 1, "contract": "VRAAG", "declarers": [1, 3], "tricks": 9}


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 16 MB disk of its own (tmpfs), mounted for the test."""
    if os.geteuid() != 0:
        pytest.skip("mounting a small disk needs root (the CI runs as root)")
    disk = tmp_path / "disk"
    disk.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", str(disk)], check=True)
    try:
        yield disk
    finally:
        if subprocess.run(["umount", str(disk)], check=False).returncode:
            subprocess.run(["umount", "-l", str(disk)], check=False)


def http(method: str, url: str, body: Any = None, token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data, headers, method=method)
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)

"""A backup taken while a table pushes deals over HTTP restores to an instance that passes
``troef audit verify`` and ``troef projections check``, with every deal acknowledged before
the backup began, each once."""

from __future__ import annotations

import json
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

from backend import instance
from backend.api import create_app
from backend.api.local_server import local_server
from backend.instance.backup import backup

from .conftest import troef, vraag_deal

DEALS = 30  # pushed one per request, on the evening's one list
BACKUP_AFTER = 8  # acknowledged deals before the backup starts
PACE = 0.1  # seconds between two pushes, a busy table's rhythm sped up


def post(url: str, body: dict[str, Any], token: str | None = None) -> dict[str, Any]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, json.dumps(body).encode(), headers, method="POST")
    with urllib.request.urlopen(request, timeout=30) as answer:
        return dict(json.load(answer))


def test_a_backup_taken_during_pushes_restores_with_every_acknowledged_deal_once(
    club: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    path, evening = club
    list_id, code = evening["lists"][0]["list_id"], evening["codes"][0]
    web = create_app({"TROEF_INSTANCE": str(path), "TROEF_WORKER": False})
    acknowledged: list[int] = []
    enough = threading.Event()
    with local_server(web) as base:
        token = post(f"{base}/api/join", {"code": code, "client_id": "phone-1"})["token"]

        def push() -> None:
            join = {"id": 1, "name": "join", "list": list_id, "args": {}}
            post(f"{base}/api/sync/push", {"client_id": "phone-1", "mutations": [join]}, token)
            for n in range(1, DEALS + 1):
                deal = {"deal_no": n, "record": vraag_deal(n)}
                mutation = {"id": n + 1, "name": "record_deal", "list": list_id, "args": deal}
                body = {"client_id": "phone-1", "mutations": [mutation]}
                answer = post(f"{base}/api/sync/push", body, token)
                assert answer["results"][0]["status"] == "applied", answer
                acknowledged.append(n)
                if len(acknowledged) >= BACKUP_AFTER:
                    enough.set()
                time.sleep(PACE)

        pusher = threading.Thread(target=push)
        pusher.start()
        assert enough.wait(60)
        before = list(acknowledged)
        backup(instance.load(path), tmp_path / "backup")  # what ``troef backup`` runs
        pusher.join(60)
        # And the command itself, on the instance still served.
        taken = troef("backup", "--instance", str(path), str(tmp_path / "later"))
    web.extensions["troef"].close()
    assert len(acknowledged) == DEALS
    assert taken.returncode == 0, taken.stderr
    assert "Backed up" in taken.stdout

    restored = troef("restore", "--instance", str(tmp_path / "restored"), str(tmp_path / "backup"))
    assert restored.returncode == 0, restored.stdout + restored.stderr
    assert "== troef audit verify" in restored.stdout
    assert "0 broken" in restored.stdout
    assert "read models match a fresh rebuild" in restored.stdout

    app, views = instance.load(tmp_path / "restored").open()
    deals = [row["deal_no"] for row in app.get_list(list_id).rows]
    app.close()
    views.close()
    # The backup is one moment: every deal acknowledged before it began, none twice, and
    # the deals after that moment are simply not in it.
    assert deals == list(range(1, len(deals) + 1))
    assert set(before) <= set(deals)
    assert len(deals) <= DEALS

"""The director's console shows what fails on the server above every screen: with the disk
full (a small disk of its own, filled up) a table's push is refused and the console names the
full disk; once there is room again and the push goes through, the warning is gone."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from backend import instance
from backend.api import create_app
from backend.api.local_server import local_server
from tests.ops.conftest import small_disk  # noqa: F401  (the fixture)

from .conftest import drawn_evening, log_in


def push_deal(base: str, token: str, list_id: str, mutation_id: int) -> int:
    """A wiezen deal pushed as a table's phone would; the answer's status."""
    deal = {"dealer": 1, "contract": "VRAAG", "declarers": [1, 3], "tricks": 9}
    mutation = {"id": mutation_id, "name": "record_deal", "list": list_id}
    body = {
        "client_id": "phone-1",
        "mutations": [{**mutation, "args": {"deal_no": 1, "record": deal}}],
    }
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {token}"}
    request = urllib.request.Request(
        f"{base}/api/sync/push", json.dumps(body).encode(), headers, method="POST"
    )
    try:
        with urllib.request.urlopen(request, timeout=20) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as refused:
        return refused.code


def post(base: str, path: str, body: dict[str, Any], token: str | None = None) -> dict[str, Any]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(f"{base}{path}", json.dumps(body).encode(), headers)
    with urllib.request.urlopen(request, timeout=20) as answer:
        return dict(json.load(answer))


def test_the_console_names_a_full_disk_until_a_push_goes_through_again(
    small_disk: Path,  # noqa: F811
    browser: Any,
) -> None:
    club = small_disk / "club"
    instance.init(club, "De Troef", "anna", "geheim-genoeg")
    web = create_app({"TROEF_INSTANCE": str(club), "TROEF_WORKER": False})
    try:
        evening = drawn_evening(web, "Zondagen", "wiezen-reglement-2019", ["An", "Bo", "Cas", "Do"])
        table = evening["lists"][0]
        with local_server(web) as base:
            joined = post(base, "/api/join", {"code": table["code"], "client_id": "phone-1"})
            token = joined["token"]
            join = {"id": 1, "name": "join", "list": table["list_id"], "args": {}}
            post(base, "/api/sync/push", {"client_id": "phone-1", "mutations": [join]}, token)
            page = browser.new_page(locale="en-GB")
            log_in(page, base)
            assert page.locator("#health").is_hidden()

            filler = small_disk / "filler"
            with filler.open("wb", buffering=0) as out:
                for chunk in (1 << 20, 4096, 512, 1):
                    try:
                        while True:
                            out.write(b"\0" * chunk)
                    except OSError:
                        continue
            assert push_deal(base, token, table["list_id"], 2) == 503
            page.reload()  # every screen asks the server again
            page.wait_for_selector("#health:not([hidden])")
            shown = page.inner_text("#health")
            assert "Something is failing on the server" in shown
            assert "the disk is full" in shown

            filler.unlink()
            assert push_deal(base, token, table["list_id"], 2) == 200
            page.reload()
            page.wait_for_selector("#health[hidden]", state="attached")
            page.close()
    finally:
        web.extensions["troef"].close()

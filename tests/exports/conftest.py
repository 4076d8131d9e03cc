"""The bridge demo club's season, exported once for the tests of this folder: every evening's
PBN and USEBIO file beside the API's own travellers and the evening's picture."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from backend import instance
from backend.api import create_app
from backend.demo.season import build_demo

from ..api.conftest import PASSWORD, login

DTD = Path(__file__).resolve().parents[1] / "data" / "usebio_1_2.dtd"


@pytest.fixture(scope="package")
def bridge_season(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The full demo's bridge competition (3 evenings, 10 pairs), exported evening by evening."""
    folder = tmp_path_factory.mktemp("bridge") / "club"
    instance.init(folder, "De Troef", "anna", PASSWORD)
    web = create_app({"TESTING": True, "TROEF_INSTANCE": str(folder), "TROEF_WORKER": False})
    try:
        build_demo(web.extensions["troef"].app, seed=5, size="full", games=["bridge"])
        client = web.test_client()
        login(client)
        (comp,) = client.get("/api/competitions").json
        base = f"/api/competitions/{comp['id']}"
        doc = client.get(f"{base}/export.json").json
        evenings: dict[int, dict[str, Any]] = {}
        for n in sorted({t["evening"] for t in doc["travellers"]}):
            evenings[n] = {
                "pbn": client.get(f"{base}/evenings/{n}/session.pbn").get_data(as_text=True),
                "usebio": client.get(f"{base}/evenings/{n}/session.usebio.xml").data,
                "again": client.get(f"{base}/evenings/{n}/session.usebio.xml").data,
                "travellers": client.get(f"{base}/evenings/{n}/travellers").json["boards"],
                "picture": client.get(f"{base}/export.json?evening={n}").json,
            }
    finally:
        web.extensions["troef"].close()
    return {"competition_id": comp["id"], "evenings": evenings}

"""A withdrawn player is not given an evening he missed with notice (#16, item 4)."""

from __future__ import annotations

from flask.testing import FlaskClient

from .conftest import login
from .spec import conforms


def test_a_withdrawn_klaverjas_player_cannot_be_absent_with_notice_nor_rank_for_it(
    client: FlaskClient,
) -> None:
    headers = login(client)
    cid = client.post(
        "/api/competitions",
        json={"name": "Dinsdagen", "rules": "klaverjas-amsterdams"},
        headers=headers,
    ).json["id"]
    for name in ("Anna", "Bert", "Cor", "Dirk", "Els", "Fien"):
        client.post(f"/api/competitions/{cid}/players", json={"name": name}, headers=headers)
    client.post(f"/api/competitions/{cid}/evenings", json={"date": "2026-12-01"}, headers=headers)
    client.post(
        f"/api/competitions/{cid}/players/p1/withdraw", json={"reason": "verhuisd"}, headers=headers
    )
    base = f"/api/competitions/{cid}/evenings/1/attendance"

    notice = client.put(f"{base}/p1", json={"status": "absent_notice"}, headers=headers)
    assert notice.status_code == 409, notice.json
    assert list(notice.json["fields"]) == ["player_id"]
    assert "SB-7" in notice.json["message"]
    conforms(client, notice)
    absent = client.put(f"{base}/p1", json={"status": "absent"}, headers=headers)
    assert absent.status_code == 200 and absent.json["status"] == "absent"
    still = client.put(f"{base}/p2", json={"status": "absent_notice"}, headers=headers)
    assert still.status_code == 200
    for pid in ("p3", "p4", "p5", "p6"):  # one table plays; only a drawn evening counts
        client.put(f"{base}/{pid}", json={"status": "present"}, headers=headers)
    drawn = client.post(f"/api/competitions/{cid}/evenings/1/draw", json={}, headers=headers)
    assert drawn.status_code in (200, 201), drawn.json

    lines = client.get(f"/api/competitions/{cid}/standings").json["lines"]
    by_player = {line["player_id"]: line for line in lines}
    assert (by_player["p2"]["rank"], by_player["p2"]["total"]) == (1, 4200)  # SB-7
    assert by_player["p1"]["total"] == 0 and by_player["p1"]["rank"] > 1

"""A competition made by mistake can be renamed, or taken off the club's list with a reason
(#16, item 2). History is never deleted: it keeps its id, its events and its audit trail."""

from __future__ import annotations

from flask.testing import FlaskClient

from .conftest import login
from .spec import conforms


def test_a_competition_made_by_mistake_is_renamed_or_taken_off_the_list_with_its_reason(
    client: FlaskClient,
) -> None:
    headers = login(client)
    made = client.post(
        "/api/competitions",
        json={"name": "Zondagen 2025", "rules": "wiezen-reglement-2019"},
        headers=headers,
    ).json
    kept = client.post(
        "/api/competitions",
        json={"name": "Dinsdagen", "rules": "klaverjas-amsterdams"},
        headers=headers,
    ).json
    base = f"/api/competitions/{made['id']}"

    renamed = client.patch(base, json={"name": "Zondagen 2026"}, headers=headers)
    assert renamed.status_code == 200 and renamed.json["name"] == "Zondagen 2026"
    conforms(client, renamed)
    assert client.patch(base, json={"name": " "}, headers=headers).status_code == 422

    gone = client.post(f"{base}/archive", json={"reason": "twice made"}, headers=headers)
    assert gone.status_code == 200 and gone.json["archived"] == "twice made"
    conforms(client, gone)
    assert [c["id"] for c in client.get("/api/competitions").json] == [kept["id"]]
    assert client.get(base).json["archived"] == "twice made"  # still there by its id
    again = client.post(f"{base}/archive", json={"reason": "again"}, headers=headers)
    assert again.status_code == 409 and list(again.json["fields"]) == ["competition_id"]
    blank = client.post(f"/api/competitions/{kept['id']}/archive", json={"reason": ""},
                        headers=headers)  # fmt: skip
    assert blank.status_code == 422 and list(blank.json["fields"]) == ["reason"]
    assert client.get(f"/api/competitions/{kept['id']}").json["archived"] is None

    trail = client.get(f"/api/audit?competition={made['id']}").json
    assert "CompetitionArchived" in str(trail) and "CompetitionRenamed" in str(trail)

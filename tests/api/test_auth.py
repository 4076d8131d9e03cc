"""The director's session: hashed password, cookie flags, CSRF on every change."""

from __future__ import annotations

from flask.testing import FlaskClient

from .conftest import PASSWORD, login


def test_the_director_logs_in_with_a_cookie_that_scripts_cannot_read(client: FlaskClient) -> None:
    answer = client.post("/api/session", json={"name": "anna", "password": PASSWORD})
    assert answer.status_code == 200 and answer.json["role"] == "director"
    cookie = answer.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
    assert client.get("/api/session").json["director"] == "anna"


def test_a_wrong_password_is_refused_without_saying_which_part(client: FlaskClient) -> None:
    answer = client.post("/api/session", json={"name": "anna", "password": "nope"})
    assert answer.status_code == 401
    assert answer.json == {"error": "unauthorized", "message": "wrong name or password"}


def test_a_change_without_the_csrf_token_is_refused(client: FlaskClient) -> None:
    headers = login(client)
    assert client.delete("/api/session").status_code == 403
    assert client.delete("/api/session", headers=headers).status_code == 204
    assert client.get("/api/session").json["role"] == "public"


def test_bad_input_gets_a_json_error_naming_the_field(client: FlaskClient) -> None:
    answer = client.post("/api/session", json={"name": ""})
    assert answer.status_code == 422
    assert set(answer.json["fields"]) == {"name", "password"}
    garbage = client.post("/api/session", data="{not json", content_type="application/json")
    assert garbage.status_code in (400, 422) and garbage.json["error"]


def test_every_answer_carries_the_security_headers(client: FlaskClient) -> None:
    answer = client.get("/api/health")
    csp = answer.headers["Content-Security-Policy"]
    assert "object-src 'none'" in csp and "base-uri 'none'" in csp
    assert "'unsafe-inline'" not in csp
    assert answer.headers["X-Content-Type-Options"] == "nosniff"
    assert answer.headers["Referrer-Policy"] == "same-origin"
    etag = answer.headers["ETag"]
    assert client.get("/api/health", headers={"If-None-Match": etag}).status_code == 304


def test_the_openapi_document_is_served(client: FlaskClient) -> None:
    spec = client.get("/api/openapi.json").json
    assert spec["info"]["title"] == "Troef"
    assert "/api/sync/push" in spec["paths"]


def test_a_logged_in_director_can_join_a_table_without_a_csrf_token(web, client) -> None:  # type: ignore[no-untyped-def]
    from .conftest import wiezen_evening

    ev = wiezen_evening(web)
    login(client)
    answer = client.post("/api/join", json={"code": ev["codes"][0], "client_id": "phone-9"})
    assert answer.status_code == 200
    assert "private" in client.get("/api/session").headers["Cache-Control"]


def test_a_phone_joining_a_bridge_table_gets_the_rounds_boards_at_once(web, client) -> None:  # type: ignore[no-untyped-def]
    from backend.api.auth import join_code

    from .conftest import bridge_pairs, wiezen_evening

    for table in bridge_pairs(web)["lists"]:
        with web.app_context():
            code = join_code(table["list_id"])
        answer = client.post("/api/join", json={"code": code, "client_id": "phone-1"})
        assert answer.status_code == 200, answer.json
        sheet = client.get(
            f"/api/lists/{table['list_id']}",
            headers={"Authorization": f"Bearer {answer.json['token']}"},
        ).json
        assert answer.json["boards"] == sheet["boards"] == table["boards"]
        assert len(answer.json["boards"]) == 3
    wiezen = wiezen_evening(web)
    other = client.post("/api/join", json={"code": wiezen["codes"][0], "client_id": "phone-2"})
    assert other.status_code == 200 and other.json["boards"] is None, other.json


def test_a_wrong_method_says_which_methods_are_allowed(client) -> None:  # type: ignore[no-untyped-def]
    answer = client.put("/api/health")
    assert answer.status_code == 405 and answer.json["error"] == "method_not_allowed"
    assert "GET" in answer.headers["Allow"]

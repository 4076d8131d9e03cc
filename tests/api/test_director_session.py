"""The director's session ends when it ends, and nobody in the room can lock the director out
(issue 12): logout and the lifetime are kept by the server, failed logins back off per account.
"""

from __future__ import annotations

import itertools
import time
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from backend.api import create_app
from backend.instance.session_store import FREE_FAILURES, MAX_WAIT, wait_after

from ..keyed import keyed
from .conftest import PASSWORD, login

NEW = {"name": "Dinsdag", "rules": "klaverjas-amsterdams"}
HOURS = 3600.0


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(web: Flask) -> Clock:
    fake = Clock()
    web.extensions["troef"].sessions.clock = fake
    return fake


def copy_of(web: Flask, client: FlaskClient) -> FlaskClient:
    """Another browser holding a copy of ``client``'s session cookie."""
    cookie = client.get_cookie("troef_session")
    assert cookie is not None
    thief = web.test_client()
    thief.set_cookie("troef_session", cookie.value)
    return thief


def attempt(web: Flask, password: str, address: str, name: str = "anna") -> tuple[int, str]:
    """A login from a fresh browser at ``address``: the status and its Retry-After."""
    answer = web.test_client().post(
        "/api/session",
        json={"name": name, "password": password},
        environ_overrides={"REMOTE_ADDR": address},
    )
    return answer.status_code, answer.headers.get("Retry-After", "")


def test_a_cookie_copied_before_logout_is_refused_after_it(web: Flask, client: FlaskClient) -> None:
    headers = login(client)
    thief = copy_of(web, client)
    assert thief.post("/api/competitions", json=NEW, headers=headers).status_code == 201

    assert client.delete("/api/session", headers=headers).status_code == 204

    refused = thief.post("/api/competitions", json={**NEW, "name": "Woensdag"}, headers=headers)
    assert refused.status_code == 401, refused.json
    assert refused.json["error"] == "unauthorized"
    assert thief.get("/api/session").json["role"] == "public"
    names = [c["name"] for c in client.get("/api/competitions").json]
    assert "Woensdag" not in names and "Dinsdag" in names


def test_logging_out_in_one_server_process_ends_the_session_in_every_other(
    web: Flask, client: FlaskClient, tmp_path: Path
) -> None:
    other: Flask = keyed(
        create_app(
            {"TESTING": True, "TROEF_INSTANCE": str(tmp_path / "club"), "TROEF_WORKER": False}
        )
    )
    try:
        headers = login(client)
        elsewhere = copy_of(other, client)
        assert elsewhere.get("/api/session").json["role"] == "director"
        client.delete("/api/session", headers=headers)
        assert elsewhere.post("/api/competitions", json=NEW, headers=headers).status_code == 401
    finally:
        other.extensions["troef"].close()


def test_a_session_is_refused_once_older_than_its_lifetime_however_busy(
    web: Flask, client: FlaskClient, clock: Clock
) -> None:
    headers = login(client)
    lifetime = web.config["PERMANENT_SESSION_LIFETIME"].total_seconds()
    assert lifetime == 12 * HOURS
    clock.now += lifetime - 60  # busy to the last minute: every request used the session
    assert client.post("/api/competitions", json=NEW, headers=headers).status_code == 201
    assert client.get("/api/session").json["role"] == "director"

    clock.now += 60
    refused = client.post("/api/competitions", json={**NEW, "name": "Later"}, headers=headers)
    assert refused.status_code == 401, refused.json
    assert client.get("/api/session").json["role"] == "public"
    assert login(client)  # logging in again starts a new one


def test_requests_do_not_renew_the_session_cookie(web: Flask, client: FlaskClient) -> None:
    headers = login(client)
    answer = client.post("/api/competitions", json=NEW, headers=headers)
    assert answer.status_code == 201
    assert "troef_session" not in answer.headers.get("Set-Cookie", "")


def test_the_wait_doubles_after_the_free_failures_up_to_a_cap(web: Flask, clock: Clock) -> None:
    failures, waits = 0, []
    while len(waits) < 12:  # someone who tries again as soon as they are let
        status, retry = attempt(web, "fout", "10.0.0.7")
        if status == 401:
            failures += 1
            continue
        assert status == 429
        waits.append(int(retry))
        clock.now += int(retry)
    assert failures == FREE_FAILURES + 12  # the free ones cost nothing, then each one waits
    assert waits[:4] == [2, 4, 8, 16]
    assert all(b == min(2 * a, MAX_WAIT) for a, b in itertools.pairwise(waits))
    assert waits[-1] == MAX_WAIT == wait_after(FREE_FAILURES + 40)


def test_attempts_during_the_wait_are_refused_unread_and_do_not_lengthen_it(
    web: Flask, clock: Clock
) -> None:
    for _ in range(FREE_FAILURES + 1):
        attempt(web, "fout", "10.0.0.7")
    status, retry = attempt(web, PASSWORD, "10.0.0.8")  # even the right password waits
    assert (status, retry) == (429, "2")
    for _ in range(50):
        assert attempt(web, "fout", "10.0.0.9")[0] == 429
    assert web.extensions["troef"].sessions.retry_in("account:anna") == 2
    clock.now += 2
    assert attempt(web, PASSWORD, "10.0.0.8")[0] == 200


def test_failures_from_many_addresses_hold_a_correct_login_no_longer_than_the_back_off(
    web: Flask, clock: Clock
) -> None:
    for n in range(40):  # everyone on the club's Wi-Fi, each with an address of their own
        status, retry = attempt(web, f"raden-{n}", f"192.168.1.{n + 10}")
        if status == 429:
            clock.now += int(retry)  # they wait as they are told, and try again
            status, _ = attempt(web, f"raden-{n}", f"192.168.1.{n + 10}")
        assert status == 401
    status, retry = attempt(web, PASSWORD, "192.168.1.2")
    assert status == 429 and 0 < int(retry) <= MAX_WAIT
    clock.now += int(retry)
    assert attempt(web, PASSWORD, "192.168.1.2")[0] == 200


def test_the_directors_own_browser_is_not_held_by_strangers_failures(
    web: Flask, client: FlaskClient, clock: Clock
) -> None:
    headers = login(client)  # the club's laptop, logged in before: it remembers the browser
    client.delete("/api/session", headers=headers)
    for n in range(FREE_FAILURES + 6):
        attempt(web, "raden", f"192.168.1.{n + 10}")
    assert attempt(web, PASSWORD, "192.168.1.2")[0] == 429  # a new browser waits its turn
    answer = client.post("/api/session", json={"name": "anna", "password": PASSWORD})
    assert answer.status_code == 200, answer.json  # the laptop does not


def test_a_name_that_is_no_account_is_limited_per_address_without_touching_the_director(
    web: Flask, clock: Clock
) -> None:
    codes = [attempt(web, "fout", "10.0.0.66", name="mallory")[0] for _ in range(12)]
    assert codes[:10] == [401] * 10 and codes[10:] == [429, 429]
    assert attempt(web, "fout", "10.0.0.67", name="mallory")[0] == 401  # another address
    assert attempt(web, PASSWORD, "10.0.0.66")[0] == 200  # the director, from that address

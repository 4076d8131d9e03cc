"""Who may change what: every mutating operation of the OpenAPI document and every sync
mutation, for every role, on its own list and on another one, on open and submitted lists.

The operations come from ``/api/openapi.json`` and the command table's commands a table may
send (``backend.application.COMMANDS``): one
without a line in the tables below fails the test, so a new endpoint cannot slip past.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from backend.aggregates.actor import TABLE, Actor, director
from backend.api.auth import join_code
from backend.api.security import EXEMPT
from backend.application import COMMANDS, Command

from .conftest import PASSWORD, vraag
from .spec import conforms

ROLES = ("anonymous", "director", "own", "other")
UNSAFE = ("post", "put", "patch", "delete")
DEALT = (
    "SA SK SQ SJ S10 S9 S8 HA HK HQ DA DK DQ",
    "S7 S6 HJ H10 H9 H8 H7 DJ D10 D9 CA CK CQ",
    "S5 S4 H6 H5 H4 D8 D7 D6 CJ C10 C9 C8 C7",
    "S3 S2 H3 H2 D5 D4 D3 D2 C6 C5 C4 C3 C2",
)
HANDS = {str(seat): hand.split(" ") for seat, hand in enumerate(DEALT, start=1)}
ONE_SUIT_EACH = "AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


@dataclass(frozen=True)
class Op:
    """What each role gets from one operation, and a request the director may make."""

    body: Callable[[dict[str, Any]], Any] | None
    anonymous: int
    director: int
    own: int
    other: int

    def status(self, role: str) -> int:
        return int(getattr(self, role))


DIRECTOR_ONLY = {"anonymous": 401, "own": 403, "other": 403}
OPERATIONS: dict[tuple[str, str], Op] = {
    ("post", "/api/session"): Op(
        lambda w: {"name": "anna", "password": PASSWORD}, 200, 200, 200, 200
    ),
    ("delete", "/api/session"): Op(None, 204, 204, 204, 204),
    ("post", "/api/join"): Op(
        lambda w: {"code": w["codes"]["A"], "client_id": "phone-new"}, 200, 200, 200, 200
    ),
    # a bridge table's phone moves on after its list is submitted; the world's lists are
    # wiezen and open, so a joined phone is refused (409) and no one else may ask (401)
    ("post", "/api/join/next"): Op(None, 401, 401, 409, 409),
    ("post", "/api/sync/push"): Op(
        lambda w: {"client_id": w["client"], "mutations": [w["join"]()]}, 401, 200, 200, 403
    ),
    ("post", "/api/competitions"): Op(
        lambda w: {"name": "Nieuw", "rules": "klaverjas-amsterdams"}, director=201, **DIRECTOR_ONLY
    ),
    ("post", "/api/competitions/{competition_id}/players"): Op(
        lambda w: {"name": "Nieuwe speler"}, director=201, **DIRECTOR_ONLY
    ),
    ("post", "/api/competitions/{competition_id}/player-import"): Op(
        lambda w: {"csv": "name\nIngelezen speler"}, director=200, **DIRECTOR_ONLY
    ),
    ("patch", "/api/competitions/{competition_id}"): Op(
        lambda w: {"name": "Hernoemde competitie"}, director=200, **DIRECTOR_ONLY
    ),
    ("post", "/api/competitions/{competition_id}/archive"): Op(
        lambda w: {"reason": "by mistake"}, director=200, **DIRECTOR_ONLY
    ),
    ("patch", "/api/competitions/{competition_id}/players/{player_id}"): Op(
        lambda w: {"name": "Hernoemd"}, director=200, **DIRECTOR_ONLY
    ),
    ("post", "/api/competitions/{competition_id}/players/{player_id}/withdraw"): Op(
        lambda w: {"reason": "moved away"}, director=200, **DIRECTOR_ONLY
    ),
    ("post", "/api/competitions/{competition_id}/players/{player_id}/unenrol"): Op(
        lambda w: {"reason": "enrolled twice"}, director=200, **DIRECTOR_ONLY
    ),
    ("post", "/api/competitions/{competition_id}/adjustments"): Op(
        lambda w: {"player_id": "p1", "points": 5, "reason": "fair play"},
        director=201,
        **DIRECTOR_ONLY,
    ),
    ("post", "/api/competitions/{competition_id}/evenings"): Op(
        lambda w: {"date": "2026-06-01"}, director=201, **DIRECTOR_ONLY
    ),
    ("put", "/api/competitions/{competition_id}/evenings/{evening}/attendance/{player_id}"): Op(
        lambda w: {"status": "present"}, director=200, **DIRECTOR_ONLY
    ),
    ("post", "/api/competitions/{competition_id}/evenings/{evening}/draw"): Op(
        lambda w: {"seed": "again"}, director=200, **DIRECTOR_ONLY
    ),
    ("post", "/api/competitions/{competition_id}/evenings/{evening}/close"): Op(
        None, director=200, **DIRECTOR_ONLY
    ),
    ("post", "/api/competitions/{competition_id}/evenings/{evening}/cards/printed"): Op(
        None, director=200, **DIRECTOR_ONLY
    ),
    ("post", "/api/competitions/{competition_id}/play-mode"): Op(
        lambda w: {"on": True}, director=200, **DIRECTOR_ONLY
    ),
    # the world is wiezen: the director's upload is refused before it is read (409: bridge only)
    ("post", "/api/competitions/{competition_id}/evenings/{evening}/hand-records"): Op(
        lambda w: {"pbn": f'[Board "1"]\n[Deal "N:{ONE_SUIT_EACH}"]\n'},
        director=409,
        **DIRECTOR_ONLY,
    ),
    ("post", "/api/lists/{list_id}/play-mode"): Op(
        lambda w: {"on": True}, director=200, **DIRECTOR_ONLY
    ),
    ("post", "/api/lists/{list_id}/pen"): Op(
        lambda w: {"device": "phone-c2"}, director=200, **DIRECTOR_ONLY
    ),
    ("post", "/api/lists/{list_id}/devices/withdraw"): Op(
        lambda w: {"device": "phone-c3", "reason": "left the table"},
        director=200,
        **DIRECTOR_ONLY,
    ),
    ("post", "/api/lists/{list_id}/card"): Op(lambda w: {}, director=200, **DIRECTOR_ONLY),
    ("post", "/api/lists/{list_id}/close-short"): Op(
        lambda w: {"reason": "the café closed"}, director=200, **DIRECTOR_ONLY
    ),
    ("post", "/api/lists/{list_id}/rulings"): Op(
        lambda w: {"deal_no": 1, "decision": "upheld", "reason": "as played"},
        director=200,
        **DIRECTOR_ONLY,
    ),
    ("post", "/api/lists/{list_id}/disputes"): Op(
        lambda w: {"deal_no": 1, "reason": "we disagree"}, 401, 201, 201, 403
    ),
    # Authorised, but the dispute raised just above is still open: the director gets the 409
    # a table would (tests/api/test_director_submit.py submits one for real).
    ("post", "/api/lists/{list_id}/submit"): Op(
        lambda w: {"scorer": "1", "confirmed_by": "2"}, director=409, **DIRECTOR_ONLY
    ),
}
# Which evening each evening operation works on (1 is drawn and played; see ``world``).
EVENING_OF = {"attendance": 2, "draw": 3, "close": 4}
PLAYER_OF = {"withdraw": "p17", "unenrol": "p18"}

# A sync mutation pushed by each role: the outcome for the list's own table and the
# director; an anonymous push is 401 and another list's token 403, for the whole request.
TABLE_COMMANDS = [name for name, spec in COMMANDS.items() if TABLE in spec.roles]

SYNC_OUTCOME = {
    "join": "applied",
    "record_deal": "applied",
    "record_penalty": "applied",
    "void_deal": "applied",
    "raise_dispute": "applied",
    "submit_list": "conflict",  # authorised, but 40 deals are planned: only closing short helps
    "start_play": "applied",
    "make_bid": "applied",
    "play_card": "applied",
    "take_back_card": "applied",
    "claim": "applied",
    "answer_claim": "applied",
}


def sync_args(name: str, rows: int) -> dict[str, Any]:
    """Arguments that a list with ``rows`` rows accepts (in the order of the command table)."""
    nxt = rows + 1
    return {
        "join": {},
        "record_deal": {"deal_no": nxt, "record": vraag(dealer=nxt % 4 + 1)},
        "record_penalty": {
            "deal_no": nxt,
            "record": {"contract": None, "penalties": [{"type": "PEN_MISDEAL", "dealer": 1}]},
        },
        "void_deal": {"deal_no": 1, "reason": "a misdeal noticed late"},
        "raise_dispute": {"deal_no": 2, "reason": "the tricks were miscounted"},
        "submit_list": {"scorer": "1", "confirmed_by": "2"},
        "start_play": {
            "deal_no": nxt,
            "context": {"hands": HANDS, "leader": "1", "trump": "H", "declarers": ["1", "3"]},
        },
        "make_bid": {"deal_no": rows + 1, "seat": "1", "bid": "vraag"},
        "play_card": {"deal_no": rows + 1, "seat": "1", "card": "SA"},
        "take_back_card": {"deal_no": rows + 1, "seat": "1", "card": "SA", "reason": "entry"},
        "claim": {"deal_no": rows + 1, "seat": "1", "tricks": 13},
        "answer_claim": {"deal_no": rows + 1, "accept": True},
    }[name]


def world(web: Flask, client: FlaskClient) -> dict[str, Any]:
    """A wiezen competition: evening 1 drawn into lists A (own), B (other), C (the director's),
    D (submitted); evenings 2-4 scheduled for attendance, a draw and closing."""
    svc = web.extensions["troef"]
    app, boss = svc.app, director("anna")
    cid = app.handle(
        boss,
        Command("create_competition", None, {"name": "Zondagen", "rules": "wiezen-reglement-2019"}),
    )
    players = [
        app.handle(boss, Command("enrol_player", cid, {"name": f"Speler {i}"}))
        for i in range(1, 19)  # p17 is withdrawn, p18 unenrolled: neither is drawn
    ]
    for date in ("2026-04-05", "2026-04-12", "2026-04-19", "2026-04-26"):
        app.handle(boss, Command("schedule_evening", cid, {"date": date}))
    for pid in players[:16]:
        app.handle(
            boss,
            Command(
                "record_attendance", cid, {"evening": 1, "player_id": pid, "status": "present"}
            ),
        )
    for pid in players[:4]:
        app.handle(
            boss,
            Command(
                "record_attendance", cid, {"evening": 3, "player_id": pid, "status": "present"}
            ),
        )
    drawn = app.handle(boss, Command("draw_seating", cid, {"evening": 1, "seed": "matrix"}))
    ids = dict(zip("ABCD", (e["list_id"] for e in drawn["lists"]), strict=True))
    for lst in ids.values():
        app.handle(boss, Command("record_deal", lst, {"deal_no": 1, "record": vraag(dealer=1)}))
        app.handle(
            boss, Command("record_deal", lst, {"deal_no": 2, "record": vraag(dealer=2, tricks=10)})
        )
    with web.app_context():
        codes = {name: join_code(lst) for name, lst in ids.items()}
    tokens = {}
    for name, phone in (("A", "phone-a"), ("B", "phone-b"), ("D", "phone-d")):
        answer = client.post("/api/join", json={"code": codes[name], "client_id": phone})
        assert answer.status_code == 200, answer.json
        tokens[name] = {"Authorization": f"Bearer {answer.json['token']}"}
        joined = app.get_list(ids[name]).devices
        device = next(d for d, v in joined.items() if v["name"] == phone)
        app.handle(
            Actor(TABLE, client_id=device, name=phone), Command("join", ids[name])
        )  # the phone holds the pen of its list
    for phone in ("phone-c2", "phone-c3"):  # the director moves the pen to one, withdraws one
        answer = client.post("/api/join", json={"code": codes["C"], "name": phone})
        assert answer.status_code == 200, answer.json
    app.handle(boss, Command("close_list_short", ids["D"], {"reason": "the café closed"}))
    app.handle(boss, Command("submit_list", ids["D"], {"scorer": "1", "confirmed_by": "2"}))
    answer = client.post("/api/session", json={"name": "anna", "password": PASSWORD})
    cookie = client.get_cookie("troef_session")
    assert answer.status_code == 200 and cookie is not None
    client.delete_cookie("troef_session")  # this browser forgets it; the session goes on
    return {
        "app": app,
        "competition_id": cid,
        "lists": ids,
        "codes": codes,
        "tokens": tokens,
        "session": cookie.value,
        "csrf": answer.json["csrf_token"],
        "ids": defaultdict(lambda: itertools.count(1)),
    }


def as_role(
    web: Flask, w: dict[str, Any], role: str, csrf: bool = True
) -> tuple[FlaskClient, dict[str, str]]:
    """A fresh browser or phone for ``role`` and the headers it sends."""
    client = web.test_client()
    if role == "director":
        client.set_cookie("troef_session", w["session"])
        return client, ({"X-CSRF-Token": w["csrf"]} if csrf else {})
    if role == "own":
        return client, dict(w["tokens"]["A"])
    if role == "other":
        return client, dict(w["tokens"]["B"])
    return client, {}


def target(template: str, w: dict[str, Any], role: str, lst: str | None = None) -> str:
    """The operation's path: tables act on list A, the director on list C (or ``lst``)."""
    name = next((key for key in EVENING_OF if template.endswith(key) or f"/{key}/" in template), "")
    list_id = lst or w["lists"]["C" if role == "director" else "A"]
    return (
        template.replace("{competition_id}", w["competition_id"])
        .replace("{evening}", str(EVENING_OF.get(name, 1)))
        .replace("{player_id}", PLAYER_OF.get(template.rsplit("/", 1)[-1], "p1"))
        .replace("{list_id}", list_id)
    )


def documented(client: FlaskClient) -> list[tuple[str, str]]:
    """Every mutating operation of the OpenAPI document."""
    spec = client.get("/api/openapi.json").json
    return [(m, t) for t, ops in spec["paths"].items() for m in ops if m in UNSAFE]


def request(
    web: Flask, w: dict[str, Any], role: str, method: str, template: str, **kw: Any
) -> tuple[FlaskClient, TestResponse]:
    """Make the table's request for ``role``: its body, on its target."""
    op = OPERATIONS[(method, template)]
    client, headers = as_role(web, w, role, csrf=kw.pop("csrf", True))
    if (role, method, template) == ("director", "delete", "/api/session"):
        client, headers = own_session(web, headers)  # logging out ends one session for good
    body = op.body(_push_world(w, role)) if op.body else None
    path = target(template, w, role, kw.pop("lst", None))
    return client, client.open(path, method=method.upper(), json=body, headers=headers)


def own_session(web: Flask, headers: dict[str, str]) -> tuple[FlaskClient, dict[str, str]]:
    """A browser with a director session of its own (and its CSRF token if ``headers`` has one)."""
    client = web.test_client()
    answer = client.post("/api/session", json={"name": "anna", "password": PASSWORD})
    assert answer.status_code == 200, answer.json
    return client, ({"X-CSRF-Token": answer.json["csrf_token"]} if headers else {})


def _push_world(w: dict[str, Any], role: str) -> dict[str, Any]:
    """What the push row of the table needs: the role's client id and a join of its list."""
    client = {"director": "console-1", "own": "phone-a", "other": "phone-b"}.get(role, "phone-x")
    lst = w["lists"]["C" if role == "director" else "A"]

    def join() -> dict[str, Any]:
        return {"id": next(w["ids"][client]), "name": "join", "list": lst}

    return {**w, "client": client, "join": join}


def test_every_mutating_operation_of_the_document_has_a_line_in_the_table(
    client: FlaskClient,
) -> None:
    ops = documented(client)
    missing = sorted(set(ops) - set(OPERATIONS))
    assert not missing, f"operations without an expected answer per role: {missing}"
    assert sorted(set(TABLE_COMMANDS) ^ set(SYNC_OUTCOME)) == []
    assert len(ops) >= 17


def test_every_mutating_operation_answers_each_role_as_the_table_says(
    web: Flask, client: FlaskClient
) -> None:
    w = world(web, client)
    wrong, seen = [], 0
    for role in ROLES:  # the tables act on list A, the director on C: no role disturbs another
        for method, template in documented(client):
            op = OPERATIONS[(method, template)]
            used, answer = request(web, w, role, method, template)
            seen += 1
            if answer.status_code != op.status(role):
                wrong.append(
                    f"{role}: {method.upper()} {template}: {answer.status_code} {answer.json}"
                )
                continue
            if answer.status_code >= 400:
                assert answer.json["error"] and answer.json["message"], (template, answer.json)
            if template.startswith("/api/sync") and answer.status_code == 200:
                assert answer.json["results"][0]["status"] == "applied", answer.json
            if not template.startswith(("/api/session", "/api/join", "/api/sync")):
                conforms(used, answer)
    assert not wrong, "\n".join(wrong)
    assert seen == len(ROLES) * len(OPERATIONS)


def test_every_sync_mutation_is_for_the_lists_own_table_and_the_director(
    web: Flask, client: FlaskClient
) -> None:
    w = world(web, client)
    app = w["app"]
    for role in ROLES:
        lst = w["lists"]["C" if role == "director" else "A"]
        client_id = {"director": "console-1", "own": "phone-a", "other": "phone-b"}.get(
            role, "anon"
        )
        used, headers = as_role(web, w, role)
        before = app.get_list(lst).version
        for mutation_id, name in enumerate(TABLE_COMMANDS, start=1):
            rows = len(app.get_list(lst).rows)  # a deal in play has no row yet
            mutation = {"id": mutation_id, "name": name, "list": lst, "args": sync_args(name, rows)}
            body = {"client_id": client_id, "mutations": [mutation]}
            answer = used.post("/api/sync/push", json=body, headers=headers)
            expected = {"anonymous": 401, "other": 403}.get(role, 200)
            assert answer.status_code == expected, (role, name, answer.json)
            if expected != 200:
                assert answer.json["message"], answer.json
                continue
            outcome = answer.json["results"][0]
            assert outcome["status"] == SYNC_OUTCOME[name], (role, name, outcome)
            if outcome["status"] != "applied":
                assert outcome["error"]["message"] and outcome["error"]["fields"], outcome
        events = sum(1 for s in SYNC_OUTCOME.values() if s == "applied")
        if role == "own":
            events -= 1  # phone-a held the pen already: its join records nothing
        if role in ("anonymous", "other"):
            events = 0
        assert app.get_list(lst).version == before + events, role


def test_every_operation_on_a_submitted_list_is_refused_and_appends_nothing(
    web: Flask, client: FlaskClient
) -> None:
    w = world(web, client)
    app, lst = w["app"], w["lists"]["D"]
    w["tokens"]["A"] = w["tokens"]["D"]  # "own" is now the submitted list's own table
    before = (app.get_list(lst).version, app.get_list(lst).head)
    list_ops = [(m, t) for m, t in documented(client) if "{list_id}" in t]
    assert len(list_ops) >= 4, "the document has no list operations"
    for role in ROLES:
        for method, template in list_ops:
            op = OPERATIONS[(method, template)]
            _, answer = request(web, w, role, method, template, lst=lst)
            expected = 409 if op.status(role) < 300 else op.status(role)
            assert answer.status_code == expected, (role, template, answer.json)
            if expected == 409:
                assert answer.json["error"] == "list_submitted", answer.json
        client_id = {"director": "console-1", "own": "phone-d", "other": "phone-b"}.get(
            role, "anon"
        )
        used, headers = as_role(web, w, role)
        for mutation_id, name in enumerate(TABLE_COMMANDS, start=1):
            mutation = {"id": mutation_id, "name": name, "list": lst, "args": sync_args(name, 1)}
            body = {"client_id": client_id, "mutations": [mutation]}
            answer = used.post("/api/sync/push", json=body, headers=headers)
            expected = {"anonymous": 401, "other": 403}.get(role, 200)
            assert answer.status_code == expected, (role, name, answer.json)
            if expected == 200:
                outcome = answer.json["results"][0]
                assert outcome["status"] == "conflict", (role, name, outcome)
                assert outcome["error"]["error"] == "list_submitted", (role, name, outcome)
                assert outcome["list"]["status"] == "submitted"
    assert (app.get_list(lst).version, app.get_list(lst).head) == before
    assert web.test_client().get(f"/api/lists/{lst}").json["version"] == before[0]
    rejoin = web.test_client().post(
        "/api/join", json={"code": w["codes"]["D"], "client_id": "phone-late"}
    )
    assert rejoin.status_code == 410 and rejoin.json["fields"] == {"code": "expired"}


def test_a_director_change_without_the_csrf_header_is_refused_and_changes_nothing(
    web: Flask, client: FlaskClient
) -> None:
    w = world(web, client)
    recorder = w["app"].recorder
    before = recorder.max_notification_id()
    checked = []
    for method, template in documented(client):
        if (method, template) in {
            ("post", "/api/session"),
            ("post", "/api/join"),
        }:
            continue
        for csrf in (None, "wrong-token"):
            used, _ = as_role(web, w, "director", csrf=False)
            op = OPERATIONS[(method, template)]
            body = op.body(_push_world(w, "director")) if op.body else None
            headers = {"X-CSRF-Token": csrf} if csrf else {}
            answer = used.open(
                target(template, w, "director"), method=method.upper(), json=body, headers=headers
            )
            assert answer.status_code == 403, (method, template, csrf, answer.json)
            assert "X-CSRF-Token" in answer.json["message"], answer.json
        checked.append((method, template))
    assert recorder.max_notification_id() == before
    exempt = {(endpoint, method.lower()) for endpoint, method in EXEMPT}
    assert len(exempt) == 2 and len(checked) == len(documented(client)) - 2


def test_an_anonymous_push_is_refused_even_with_an_empty_batch(client: FlaskClient) -> None:
    answer = client.post("/api/sync/push", json={"client_id": "phone-a", "mutations": []})
    assert answer.status_code == 401, answer.json

"""Joining a table: the code on its card, the device the server registers, and its secret.

A phone sends the code and the name its player gives it ("Anna's phone"). The server finds
the open list whose *current* code it is (the director may have re-issued the card; a code
stops working when its list is submitted or cancelled, so when its evening closes, or at a
time the director set), chooses a device id itself, records ``DeviceJoined`` on the list
through the command table, and answers with a signed secret for that device and list.

A ``client_id`` in the request (what phones of the release before sent) is accepted and
ignored: the server never takes a phone's word for who it is. A phone whose secret expired
sends it back as ``secret``: when it is genuine, names a device of this list and the device
was not withdrawn, the phone keeps its device (and its mutation ids), with a fresh secret.

Bridge movements (docs/seating.md, "The table's phone follows the movement"): a table card
is the table's for the whole evening. Its code is the code of the table's first list; once
that list is submitted the code leads to the table's list of the round now in play (the
lowest open round at that table). A joined phone whose list is submitted asks to *follow*
(:func:`follow`): the server, never the phone, picks the next list, the same table's in the
next open round of the same evening, and registers the phone there as a device of that
list with the same name; the secret it answers with is good for that list only. A phone
cannot name a table or list to move to, so a phone of table 3 never moves to table 5.
"""

from __future__ import annotations

import hmac
import json
import secrets
from datetime import UTC, datetime, timedelta
from typing import Any

from flask import current_app
from flask_smorest import abort

from ..application import Command
from ..application.interface import DomainError, NotFound, ScoreList, system
from ..instance.session import code_for, device_token, renewable, token_hours
from .services import services

DEVICE_PREFIX = "d-"


def current_code(sl: ScoreList) -> str:
    """The code of the list's current table card."""
    return code_for(current_app.secret_key, str(sl.id), sl.table_code()[0])


def card_code(list_id: str) -> str:
    """The code to print on a list's table card (the current one)."""
    try:
        return current_code(services().app.get_list(list_id))
    except NotFound:
        return code_for(current_app.secret_key, list_id)


MOVING_ON = (
    "SELECT * FROM lists AS l WHERE l.game = 'bridge' AND l.status = 'submitted' AND EXISTS ("
    "SELECT 1 FROM lists AS o WHERE o.competition_id = l.competition_id "
    "AND o.evening = l.evening AND o.table_no = l.table_no AND o.round > l.round "
    "AND o.status = 'open')"
)


def find_list(code: str) -> tuple[dict[str, Any], ScoreList]:
    """The open list whose current code is ``code``; 404 or 410 (saying why) otherwise."""
    views, app = services().views, services().app
    secret = current_app.secret_key
    replaced = None
    for row in views.rows("SELECT * FROM lists WHERE status = 'open'"):
        sl = app.get_list(row["list_id"])
        if _same(current_code(sl), code):
            expires = sl.table_code()[1]
            if expires and datetime.fromisoformat(expires) <= datetime.now(UTC):
                abort(
                    410,
                    message=f"this table code expired at {expires}; "
                    "ask the director for a new table card",
                    errors={"code": "expired"},
                )
            return row, sl
        for generation in range(sl.table_code()[0]):
            if _same(code_for(secret, row["list_id"], generation), code):
                replaced = row
    if replaced is not None:
        abort(
            410,
            message="the director issued a new table card for this table; "
            "use the code on the new card",
            errors={"code": "replaced by a new table card"},
        )
    # a bridge table card leads to the round now in play: only the submitted lists of a table
    # that still has a later open round are read (tonight's, not the season's)
    for row in views.rows(MOVING_ON):
        if _same(current_code(app.get_list(row["list_id"])), code):
            later = next_list(row)
            if later is not None:
                return later, app.get_list(later["list_id"])
    for row in views.rows("SELECT * FROM lists WHERE status != 'open'"):
        if _same(code_for(secret, row["list_id"]), code):
            abort(
                410,
                message=f"this table's list is {row['status']}; its code no longer works "
                "(a code expires when its evening closes)",
                errors={"code": "expired"},
            )
    abort(
        404,
        message="no open table has this code; check the table card",
        errors={"code": "matches no open table"},
    )
    raise AssertionError


def next_list(row: dict[str, Any]) -> dict[str, Any] | None:
    """The same table's open list of the next round of the same evening (None: the movement
    has ended). The lists of an earlier draw are cancelled, so an open one is of this draw."""
    return next(
        iter(
            services().views.rows(
                "SELECT * FROM lists WHERE competition_id = ? AND evening = ? AND table_no = ? "
                "AND round > ? AND status = 'open' ORDER BY round LIMIT 1",
                [row["competition_id"], row["evening"], row["table_no"], row["round"]],
            )
        ),
        None,
    )


def follow(sl: ScoreList, device: str) -> dict[str, Any]:
    """Move a phone of a submitted bridge list to its table's list of the next round.

    ``sl`` and ``device`` are what the phone's secret names (checked by the caller): the
    table and the evening come from that list, never from the phone. The device id on the
    next list is derived from the old one, so asking twice gives the same device.
    """
    list_id = str(sl.id)
    views, app = services().views, services().app
    row = next(iter(views.rows("SELECT * FROM lists WHERE list_id = ?", [list_id])), None)
    if row is None or row["game"] != "bridge":
        abort(
            409,
            message="only a bridge table follows a movement; join the next list with its card",
            errors={"list": "not a bridge movement"},
        )
    if sl.submitted is None:
        abort(
            409,
            message=f"round {sl.round} at table {sl.table} is not submitted yet; "
            "the table moves on once its list is submitted",
            errors={"list": "not submitted"},
        )
    later = next_list(row)
    if later is None:
        abort(
            404,
            message=f"the movement has ended: round {sl.round} was the last one at table "
            f"{sl.table}",
            errors={"round": "no later round at this table"},
        )
    next_id = later["list_id"]
    moved = _derived(f"follow:{list_id}:{device}:{next_id}")
    name = sl.device_name(device) or f"table {sl.table}"
    nsl = _registered(app.get_list(next_id), moved, name)
    return _answered(later, nsl, moved, renewed=False)


def _same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode(), b.encode())


def join(data: dict[str, Any], key: str | None = None) -> dict[str, Any]:
    """Join the list of ``data['code']``: register a device (or renew one) and answer.

    With a ``key`` (the request's Idempotency-Key) the device id is derived from the key and
    the list, so a join sent again because its answer was lost is answered with the device
    the first one registered, not a second one; the server still chooses the id (a phone
    cannot name a device of its choosing, only repeat its own join).
    """
    row, sl = find_list(data["code"].strip().upper())
    list_id = str(sl.id)
    device, renewed = _renewed(data.get("secret"), sl)
    if device is None:
        if key is None:
            device = DEVICE_PREFIX + secrets.token_hex(12)
        else:
            device = _derived(f"join:{list_id}:{key}")
        name = data.get("name") or data.get("client_id") or f"phone {len(sl.joined_devices()) + 1}"
        sl = _registered(sl, device, name)
    return _answered(row, sl, device, renewed)


def _derived(text: str) -> str:
    """A device id the server derives from ``text`` with its secret: the same for the same
    request sent again (a join's key, a phone following the movement), and no phone can
    make the id of another."""
    digest = hmac.new(current_app.secret_key.encode(), text.encode(), "sha256").hexdigest()
    return DEVICE_PREFIX + digest[:24]


def _registered(sl: ScoreList, device: str, name: str) -> ScoreList:
    """The list with ``device`` registered on it under ``name`` when it is new; a device the
    director withdrew is refused (401). A copy of the same request that registered the device
    meanwhile (sent again while the first was being stored) is answered with it."""
    app, list_id = services().app, str(sl.id)
    if sl.device_name(device) is None:
        args = {"device": device, "name": name}
        try:
            app.handle(system("join"), Command("register_device", list_id, args))
        except DomainError:
            if not app.get_list(list_id).is_active_device(device):
                raise
        return app.get_list(list_id)
    if not sl.is_active_device(device):
        abort(
            401,
            message="the director withdrew this phone from the table; ask the director, "
            "then join again with the table card",
        )
    return sl


def _answered(row: dict[str, Any], sl: ScoreList, device: str, renewed: bool) -> dict[str, Any]:
    """The join's answer: the list, the device's secret and where its mutation ids stand."""
    list_id = str(sl.id)
    counted = services().app.get_device(device, list_id)
    return answer(row, sl, device) | {
        "token": device_token(list_id, device),
        "expires_at": (datetime.now(UTC) + timedelta(hours=token_hours())).isoformat(),
        "last_mutation_id": counted.last_mutation_id if counted else 0,
        "renewed": renewed,
    }


def _renewed(secret: Any, sl: ScoreList) -> tuple[str | None, bool]:
    """The device an expired secret names, when it may go on as that device."""
    if not isinstance(secret, str):
        return None, False
    old = renewable(secret)
    if old is None or old["list"] != str(sl.id) or not sl.is_active_device(old["device"]):
        return None, False
    return old["device"], True


def answer(row: dict[str, Any], sl: ScoreList, device: str) -> dict[str, Any]:
    """What a joined phone needs: its list and seats, its name and whether it holds the pen."""
    seats = json.loads(row["seats"])
    pairs = pair_numbers(row, seats) if row["game"] == "bridge" else None
    names = {
        r["player_id"]: r["name"]
        for r in services().views.rows(
            "SELECT player_id, name FROM players WHERE competition_id = ?", [row["competition_id"]]
        )
    }
    return {
        "list_id": str(sl.id),
        "device": sl.device_name(device),
        "game": row["game"],
        "table": row["table_no"],
        "round": row["round"],
        "boards": json.loads(row["boards"] or "null"),
        "seats": seats,
        "players": {s: names.get(p, p) for s, p in seats.items()},
        "pen": sl.pen_name(),
        "holds_pen": sl.pen == device,
        "status": row["status"],
        "pairs": pairs,
    }


def pair_numbers(row: dict[str, Any], seats: dict[str, Any]) -> dict[str, int] | None:
    """Bridge: the movement's pair numbers of the pairs at this table (``{"NS": 1, "EW": 6}``),
    from the evening's draw; None when the draw has none."""
    try:
        competition = services().app.get_competition(row["competition_id"])
        drawn = (competition.evening(row["evening"])["draw"] or {}).get("draw") or {}
    except (NotFound, KeyError, LookupError):
        return None
    number = {pair: int(n) for n, pair in (drawn.get("numbers") or {}).items()}
    found = {side: number[pid] for side, pid in seats.items() if pid in number}
    return found or None


def name_devices(mutations: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Show each mutation's device by the name it joined its list with, never its id."""
    lists: dict[str, ScoreList | None] = {}
    for m in mutations:
        lid = m["list_id"]
        if lid not in lists:
            try:
                lists[lid] = services().app.get_list(lid)
            except NotFound:
                lists[lid] = None
        sl = lists[lid]
        name = sl.device_name(m["client_id"]) if sl is not None else None
        if name is not None:
            m["client_id"] = name
    return mutations

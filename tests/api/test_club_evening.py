"""A club evening over HTTP alone (waitress): from the director's login to the standings.

The director sets up a klaverjas and a wiezen competition, the tables join with the codes
on their cards and push their deals (some twice, some late, one refused, one disputed and
ruled on), submit, and the evening is closed. The standings must come out as this test
computes them on its own from the deals it sent, and every refusal on the way must say
what was wrong and which field.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import count
from typing import Any

import pytest
from flask import Flask

from .conftest import PASSWORD
from .http import Answer, Client, serve

SCRIPT = "<script>alert(1)</script>"
KLAVERJAS = [SCRIPT, "Ans", "Bram", "Cor", "Dirk", "Els", "Fem"]  # Els: notice; Fem: absent
WIEZEN = ["Gijs", "Hanna", "Ida", "Joop", 'Kees "de Troef" <b>']
PAIR = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
FORCED_PAIR = {"N": "EW", "E": "NS", "S": "EW", "W": "NS"}  # the dealer's left must play
SIT_OUT, NOTICE = 1600, 4200  # klaverjas SB-8 and SB-7


@pytest.fixture
def base_url(web: Flask) -> Iterator[str]:
    with serve(web) as url:
        yield url


# ---- the deals, and their points computed here (not by Troef) --------------------------


def klaverjas_deal(n: int, salt: int) -> dict[str, Any]:
    """Deal ``n``: the dealer rotates, the forced pair plays, made or nat, some roem."""
    dealer = "NESW"[(n - 1) % 4]
    playing = FORCED_PAIR[dealer]
    other = "EW" if playing == "NS" else "NS"
    own = 50 + (n * 37 + salt * 11) % 100
    tricks = 3 + (n + salt) % 3
    record: dict[str, Any] = {
        "dealer": dealer,
        "playing": playing,
        "card_points": {playing: own, other: 162 - own},
        "tricks": {playing: tricks, other: 8 - tricks},
    }
    if (n + salt) % 5 == 0:
        record["roem"] = [{"pair": playing, "value": 20}]
    return record


def klaverjas_points(record: dict[str, Any]) -> dict[str, int]:
    """Klaverjas art. 15: made (strictly more, roem included) or nat; per pair."""
    playing = record["playing"]
    other = "EW" if playing == "NS" else "NS"
    roem = {"NS": 0, "EW": 0}
    for entry in record.get("roem", []):
        roem[entry["pair"]] += entry["value"]
    mine = record["card_points"][playing] + roem[playing]
    theirs = record["card_points"][other] + roem[other]
    if mine > theirs:
        return {playing: mine, other: theirs}
    return {playing: 0, other: 162 + roem["NS"] + roem["EW"]}


def wiezen_deal(n: int) -> dict[str, Any]:
    """Deal ``n`` at a table of five: the dealer sits out, two active seats ask and join."""
    dealer = (n - 1) % 5 + 1
    active = [s for s in range(1, 6) if s != dealer]
    pick = n % 4
    declarers = [active[pick], active[(pick + 1 + n % 3) % 4]]
    return {"dealer": dealer, "contract": "VRAAG", "declarers": declarers, "tricks": 5 + n % 9}


def wiezen_points(record: dict[str, Any]) -> dict[str, int]:
    """Wiezen ART 7: vraag made for 8+ tricks (x2 for 13), failed x2; the dealer scores 0."""
    tricks = record["tricks"]
    made = (2 + tricks - 8) * (2 if tricks == 13 else 1)
    amount = made if tricks >= 8 else -(2 + 8 - tricks) * 2
    out = {}
    for seat in range(1, 6):
        if seat == record["dealer"]:
            out[str(seat)] = 0
        else:
            out[str(seat)] = amount if seat in record["declarers"] else -amount
    return out


# ---- the people at the club -----------------------------------------------------------


class Table:
    """A phone at a table: it joined with the card's code and numbers its mutations."""

    def __init__(self, base_url: str, card: dict[str, Any], client_id: str) -> None:
        self.client = Client(base_url)
        self.joined = self.client.join(card["join_code"], client_id)
        self.client_id, self.list_id = client_id, card["list_id"]
        self.ids = count(1)
        self.outcomes: list[dict[str, Any]] = []

    def push(self, *commands: tuple[str, dict[str, Any]], again: bool = False) -> list[dict]:
        """Push commands (each with the next mutation id), or ``again`` the last batch."""
        if not again:
            self.last = [
                {"id": next(self.ids), "name": name, "list": self.list_id, "args": args}
                for name, args in commands
            ]
        answer = self.client.post(
            "/api/sync/push", {"client_id": self.client_id, "mutations": self.last}
        )
        assert answer.status == 200, answer
        self.outcomes += answer.json["results"]
        return answer.json["results"]

    def deals(self, records: dict[int, dict[str, Any]], numbers: range) -> list[dict]:
        return self.push(*(("record_deal", {"deal_no": n, "record": records[n]}) for n in numbers))


def applied(results: list[dict[str, Any]]) -> list[str]:
    return [r["status"] for r in results]


def set_up(anna: Client, name: str, rules: str, players: list[str]) -> tuple[str, list[str]]:
    made = anna.post("/api/competitions", {"name": name, "rules": rules})
    assert made.status == 201, made
    cid = made.json["id"]
    ids = []
    for player in players:
        enrolled = anna.post(f"/api/competitions/{cid}/players", {"name": player})
        assert enrolled.status == 201 and enrolled.json["name"] == player, enrolled
        ids.append(enrolled.json["player_id"])
    evening = anna.post(f"/api/competitions/{cid}/evenings", {"date": "2026-05-07"})
    assert evening.status == 201 and evening.json["evening"] == 1, evening
    return cid, ids


def attend(anna: Client, cid: str, statuses: dict[str, str]) -> None:
    for pid, status in statuses.items():
        answer = anna.put(
            f"/api/competitions/{cid}/evenings/1/attendance/{pid}", {"status": status}
        )
        assert answer.status == 200 and answer.json["status"] == status, answer


def draw_and_cards(anna: Client, cid: str, seed: str) -> list[dict[str, Any]]:
    drawn = anna.post(f"/api/competitions/{cid}/evenings/1/draw", {"seed": seed})
    assert drawn.status == 200 and drawn.json["draw"]["seed"] == seed, drawn
    cards = anna.get(f"/api/competitions/{cid}/evenings/1/cards")
    assert cards.status == 200, cards
    return sorted(cards.json["cards"], key=lambda c: (c["round"], c["table"]))


def seats_of(card: dict[str, Any]) -> dict[str, str]:
    return {s["seat"]: s["player_id"] for s in card["seats"]}


def refusals(clients: list[Client], tables: list[Table]) -> list[tuple[str, Any]]:
    """Every refusal any client got: HTTP errors, and refused or conflicting mutations."""
    out: list[tuple[str, Any]] = []
    for client in clients:
        out += [(repr(a), a.json) for a in client.answers if a.status >= 400]
    for table in tables:
        out += [
            (f"{table.client_id} mutation {o['id']}", o["error"])
            for o in table.outcomes
            if o["status"] in ("refused", "conflict", "gap")
        ]
    return out


def test_a_club_evening_from_login_to_standings_over_http(web: Flask, base_url: str) -> None:
    anna = Client(base_url)
    anna.login("anna", PASSWORD)
    public = Client(base_url)

    # -- the director sets up both competitions and draws the tables -------------------
    kl, kl_ids = set_up(anna, "Klaverjas donderdag", "klaverjas-amsterdams", KLAVERJAS)
    wz, wz_ids = set_up(anna, "Wiezen donderdag", "wiezen-reglement-2019", WIEZEN)
    present = kl_ids[:5]
    attend(anna, kl, {**dict.fromkeys(present, "present"), kl_ids[5]: "absent_notice"})
    attend(anna, kl, {kl_ids[6]: "absent"})
    attend(anna, wz, dict.fromkeys(wz_ids, "present"))
    kl_cards = draw_and_cards(anna, kl, "donderdag")
    wz_cards = draw_and_cards(anna, wz, "donderdag")
    assert [(c["round"], c["table"]) for c in kl_cards] == [(1, 1), (2, 1), (3, 1)]
    assert len(wz_cards) == 1 and len(wz_cards[0]["seats"]) == 5
    assert SCRIPT in {s["name"] for c in kl_cards for s in c["seats"]}

    # -- every table joins with the code on its card --------------------------------------
    first, second, third = (Table(base_url, c, f"kl-ronde-{c['round']}") for c in kl_cards)
    five = Table(base_url, wz_cards[0], "wz-tafel-1")
    for table in (first, second, third, five):
        assert table.joined.json["list_id"] == table.list_id
        assert applied(table.push(("join", {}))) == ["applied"]
    records = {
        table.list_id: {n: klaverjas_deal(n, salt) for n in range(1, 17)}
        for salt, table in enumerate((first, second, third), start=1)
    }
    wz_records = {n: wiezen_deal(n) for n in range(1, 51)}

    # -- partij 1: a batch sent twice (its answer lost), a refused deal, the 17th deal ----
    one = records[first.list_id]
    assert applied(first.deals(one, range(1, 9))) == ["applied"] * 8
    assert applied(first.push(again=True)) == ["duplicate"] * 8
    wrong = {**one[9], "card_points": {"NS": 81, "EW": 80}}
    refused = first.push(("record_deal", {"deal_no": 9, "record": wrong}))[0]
    assert refused["status"] == "refused" and refused["list"]["rows"] == 8
    assert "162" in refused["error"]["message"], refused["error"]
    assert applied(first.deals(one, range(9, 17))) == ["applied"] * 8
    extra = {**klaverjas_deal(17, 1)}
    assert applied(first.push(("record_deal", {"deal_no": 17, "record": extra}))) == ["conflict"]
    same_side = first.push(("submit_list", {"scorer": "N", "confirmed_by": "S"}))[0]
    assert same_side["status"] == "refused" and "confirmed_by" in same_side["error"]["fields"]
    done = first.push(("submit_list", {"scorer": "N", "confirmed_by": "E"}))[0]
    assert done["status"] == "applied" and done["list"]["status"] == "submitted"

    # -- partij 2: a second phone at the table, and deals that come in late ---------------
    two = records[second.list_id]
    assert applied(second.deals(two, range(1, 11))) == ["applied"] * 10
    spare = Table(base_url, kl_cards[1], "kl-ronde-2-reserve")
    spare.push(("join", {}))
    clash = spare.deals(two, range(11, 12))[0]
    assert clash["status"] == "conflict" and clash["list"]["pen"] == second.client_id
    assert clash["list"]["rows"] == 10

    # -- partij 3: a dispute, ruled on by the director ----------------------------------
    three = records[third.list_id]
    assert applied(third.deals(three, range(1, 17))) == ["applied"] * 16
    assert applied(third.push(("raise_dispute", {"deal_no": 5, "reason": "roem missed"}))) == [
        "applied"
    ]
    held = third.push(("submit_list", {"scorer": "E", "confirmed_by": "N"}))[0]
    assert held["status"] == "conflict" and "disputes" in held["error"]["fields"]
    corrected = {**three[5], "roem": [{"pair": three[5]["playing"], "value": 50}]}
    ruling = anna.post(
        f"/api/lists/{third.list_id}/rulings",
        {
            "deal_no": 5,
            "decision": "corrected",
            "reason": "the vierkaart was shown in time",
            "article": "art. 4b",
            "record": corrected,
        },
    )
    assert ruling.status == 200 and ruling.json["open_disputes"] == 0, ruling
    assert ruling.json["disputes"][0]["ruling"] == "corrected"
    three[5] = corrected
    assert applied(third.push(("submit_list", {"scorer": "E", "confirmed_by": "N"}))) == ["applied"]

    # -- the director may not close the evening yet; partij 2 finishes late --------------
    early = anna.post(f"/api/competitions/{kl}/evenings/1/close")
    assert early.status == 409 and early.json["fields"]["evening"], early
    assert applied(second.deals(two, range(11, 17))) == ["applied"] * 6
    assert applied(second.push(again=True)) == ["duplicate"] * 6
    assert applied(second.push(("submit_list", {"scorer": "W", "confirmed_by": "S"}))) == [
        "applied"
    ]

    # -- the wiezen table of five plays its 50 deals -------------------------------------
    for start in (1, 18, 35):
        batch = five.deals(wz_records, range(start, min(start + 17, 51)))
        assert set(applied(batch)) == {"applied"}, batch
    assert applied(five.push(again=True))[:1] == ["duplicate"]
    assert applied(five.push(("submit_list", {"scorer": "5", "confirmed_by": "1"}))) == ["applied"]

    for cid in (kl, wz):
        closed = anna.post(f"/api/competitions/{cid}/evenings/1/close")
        assert closed.status == 200 and closed.json["closed"] is True, closed

    # -- the standings, as computed here from the deals sent -----------------------------
    expected_kl = {pid: 0 for pid in kl_ids}
    expected_kl[kl_ids[5]] = NOTICE
    for card in kl_cards:
        seats = seats_of(card)
        totals = {"NS": 0, "EW": 0}
        for record in records[card["list_id"]].values():
            for pair, points in klaverjas_points(record).items():
                totals[pair] += points
        for pid in present:
            expected_kl[pid] += next(
                (totals[PAIR[s]] for s, p in seats.items() if p == pid), SIT_OUT
            )
    assert sorted(expected_kl.values()).count(0) == 1  # only Fem, absent without notice
    sheet = public.get(f"/api/lists/{third.list_id}").json
    assert sheet["status"] == "submitted" and sheet["rows"][4]["corrected"] is True
    check_standings(public, kl, expected_kl, SCRIPT)

    expected_wz = dict.fromkeys(wz_ids, 0)
    seats = seats_of(wz_cards[0])
    for record in wz_records.values():
        for seat, points in wiezen_points(record).items():
            expected_wz[seats[seat]] += points
    assert sum(expected_wz.values()) == 0
    check_standings(public, wz, expected_wz, WIEZEN[-1])

    results = public.get(f"/api/competitions/{kl}/evenings/1/results").json
    assert results["provisional"] is False
    assert {r["player_id"]: r["points"] for r in results["results"]} == expected_kl

    # -- every refusal said what was wrong, and where -----------------------------------
    said = refusals([anna, public, spare.client], [first, second, third, five, spare])
    assert len(said) >= 6, said
    for where, error in said:
        assert error.get("message"), where
        assert error.get("fields"), f"{where}: no fields in {error}"


def check_standings(public: Client, cid: str, expected: dict[str, int], name: str) -> Answer:
    """The public standings: these totals, ranked, with the working; ``name`` as written."""
    answer = public.get(f"/api/competitions/{cid}/standings")
    assert answer.status == 200 and answer.content_type == "application/json", answer
    standings = answer.json
    assert standings["provisional"] is False and standings["problems"] == []
    assert len(standings["lists"]) == len({x["list_id"] for x in standings["lists"]})
    got = {line["player_id"]: line["total"] for line in standings["lines"]}
    assert got == expected, {p: (got.get(p), v) for p, v in expected.items() if got.get(p) != v}
    ordered = sorted(expected.values(), reverse=True)
    for line in standings["lines"]:
        assert line["rank"] == ordered.index(line["total"]) + 1, line
        assert line["explain"] and line["results"]
    assert name in {line["name"] for line in standings["lines"]}
    return answer

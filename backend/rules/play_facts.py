"""What a recorded play gives a deal record: tricks, card points, roem, the declarer, revokes.

:func:`derive` reads a score list's play state (``backend.aggregates.score_list_play``) and
returns the fields of the game's deal record (docs/formats/) that the cards decide, for the
table to confirm instead of typing them. Fields the cards cannot decide (a wiezen contract
code, the klaverjas playing pair, roem not claimed in time, a bridge penalty's choice) are
left out. Counts and points are given once every trick is played; a breach of the rules of
play is given as soon as its trick is complete (docs/play-mode.md, "Revokes").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import bridge_play, klaverjas_play, schafkopf_play
from .play_claim import (
    accepted_claim,
    klaverjas_rest_points,
    rest_goes_to,
    schafkopf_rest_augen,
    tricks_of_side,
)
from .play_tricks import finished, total_tricks

CALLED = {"E": "EICHEL", "G": "GRAS", "S": "SCHELLEN"}  # schafkopf: the called_ace field
PAIR = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
PAIRS_SEATS = {"NS": ["N", "S"], "EW": ["E", "W"]}


def derive(game: str, state: Mapping[str, Any]) -> dict[str, Any]:
    """Return the deal record's fields that the recorded play decides."""
    return {
        "wiezen": _wiezen,
        "klaverjas": _klaverjas,
        "bridge": _bridge,
        "schafkopf": _schafkopf,
    }[game](state)


def complete(state: Mapping[str, Any]) -> bool:
    """Every trick of the deal has been played, or an accepted claim ended the play."""
    return len(finished(state)) == total_tricks(state) or accepted_claim(state) is not None


def played_out(state: Mapping[str, Any]) -> bool:
    """Every trick of the deal has been played card by card."""
    return len(finished(state)) == total_tricks(state)


def first_breach(state: Mapping[str, Any]) -> dict[str, Any] | None:
    """The first breach of the rules of play in a complete trick (it settles the deal)."""
    done = {t.no for t in finished(state)}
    return next((r for r in state["revokes"] if r["trick"] in done), None)


def _wiezen(state: Mapping[str, Any]) -> dict[str, Any]:
    ctx = state["context"]
    declarers = ctx["sides"].get("declarers")
    out: dict[str, Any] = {}
    if declarers is None:
        return out
    out["declarers"] = [int(s) for s in declarers]
    breach = first_breach(state)
    if breach is not None:
        before = [t for t in finished(state) if t.no < breach["trick"]]
        out["misplay"] = {
            "offender": int(breach["seat"]),
            "trick": breach["trick"],
            "declaring_tricks_before": sum(t.winner in declarers for t in before),
        }
    elif complete(state):
        out["tricks"] = tricks_of_side(state, declarers)
    return out


def klaverjas_replay(state: Mapping[str, Any]) -> dict[str, Any]:
    """The klaverjas rules' own reading of a complete play (card points, tricks, roem)."""
    ctx = state["context"]
    cards = [t.cards for t in finished(state)]
    return klaverjas_play.replay(cards, ctx["leader"], ctx["trump"], ctx.get("options"))


def _klaverjas(state: Mapping[str, Any]) -> dict[str, Any]:
    leader = state["context"]["leader"]
    out: dict[str, Any] = {
        "dealer": klaverjas_play.next_seat(leader, 3),
        "forced": leader,  # the forced player leads the first trick (K-D3)
        "playing": PAIR[leader],
        "trump": state["context"]["trump"],
    }
    breach = first_breach(state)
    if breach is not None:
        seat = breach["seat"]
        out["verzaakt"] = {"pair": PAIR[seat], "trick": breach["trick"], "by": seat}
    if played_out(state):
        facts = klaverjas_replay(state)
        out["card_points"], out["tricks"] = facts["card_points"], facts["tricks"]
        if facts["roem"]:
            out["roem"] = facts["roem"]
    elif complete(state):
        out.update(klaverjas_claimed(state))
    return out


def klaverjas_claimed(state: Mapping[str, Any]) -> dict[str, Any]:
    """Card points, tricks and roem of a klaverjas deal that a claim ended.

    The played tricks count as played (the roem on the table in them included); the pair
    the claim gives the rest takes the cards still held and the 10 of the last trick.
    """
    trump = state["context"]["trump"]
    points = dict.fromkeys(PAIRS_SEATS, 0)
    roem: list[dict[str, Any]] = []
    for trick in finished(state):
        pair = PAIR[trick.winner or "N"]
        points[pair] += klaverjas_play.trick_points(trick.cards, trump)
        items = klaverjas_play.roem_in_trick(trick.cards, trump)
        if items:
            value = sum(v for _, v in items)
            names = [name for name, _ in items]
            roem.append({"trick": trick.no, "pair": pair, "items": names, "value": value})
    for pair, seats in PAIRS_SEATS.items():
        if rest_goes_to(state, seats):
            points[pair] += klaverjas_rest_points(state)
    tricks = {pair: tricks_of_side(state, seats) for pair, seats in PAIRS_SEATS.items()}
    out: dict[str, Any] = {"card_points": points, "tricks": tricks}
    if roem:
        out["roem"] = roem
    return out


def bridge_declarer(state: Mapping[str, Any]) -> str:
    """Declarer: the seat to the right of the opening leader (Bridge §1-Algemeen)."""
    return bridge_play.next_seat(state["context"]["leader"], 3)


def bridge_revokes(state: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The established revokes (§2b), as a board record lists them (§A3.9)."""
    ctx = state["context"]
    tricks = [t.cards for t in finished(state)]
    played = bridge_play.play_deal(ctx["hands"], ctx["leader"], ctx["strain"], tricks, quitted=True)
    return [r.as_record() for r in played.revokes if r.established]


def bridge_contract(state: Mapping[str, Any]) -> dict[str, Any] | None:
    """The final contract read from an auction of ``{"level", "strain"}``, "X" and "XX" bids."""
    contract: dict[str, Any] | None = None
    for bid in state["bids"]:
        call = bid["bid"]
        if isinstance(call, Mapping) and "level" in call and "strain" in call:
            contract = {"level": call["level"], "strain": call["strain"], "dbl": 0}
        elif contract is not None and isinstance(call, str) and call.upper() in ("X", "XX"):
            contract["dbl"] = len(call)
    return contract


def _bridge(state: Mapping[str, Any]) -> dict[str, Any]:
    declarer = bridge_declarer(state)
    out: dict[str, Any] = {"declarer": declarer}
    contract = bridge_contract(state)
    if contract is not None:
        out["contract"] = contract
    if state["tricks"]:
        out["lead"] = state["tricks"][0]["cards"][0]["card"]
    revokes = bridge_revokes(state)
    if revokes:
        out["revokes"] = revokes
    if complete(state):
        out["tricks"] = tricks_of_side(state, PAIRS_SEATS[PAIR[declarer]])
    return out


def schafkopf_replay(state: Mapping[str, Any]) -> schafkopf_play.Replay:
    """The schafkopf rules' reading of the complete tricks (Augen, tricks, the first misplay)."""
    ctx = state["context"]
    contract = schafkopf_play.Contract.from_dict(ctx["contract"])
    cards = [t.cards for t in finished(state)]
    return schafkopf_play.replay(contract, cards, int(ctx["leader"]), ctx["hands"])


def _schafkopf(state: Mapping[str, Any]) -> dict[str, Any]:
    contract = state["context"]["contract"]
    out: dict[str, Any] = {"type": contract["type"], "declarer": contract["declarer"]}
    replay = schafkopf_replay(state)
    if contract["type"] == "RUFSPIEL":
        out["called_ace"] = CALLED[contract["suit"]]
        out["partner"] = next(s for s in replay.declaring if s != contract["declarer"])
    if replay.misplay is not None:
        out["fault"] = replay.misplay.as_fault()
    elif complete(state):
        standing = replay.standing()
        out["decl_augen"], out["decl_tricks"] = standing["decl_augen"], standing["decl_tricks"]
        declaring = state["context"]["sides"]["declaring"]
        if not played_out(state):  # a claim ended the play: the rest as it gives it
            out["decl_tricks"] = tricks_of_side(state, declaring)
            if rest_goes_to(state, declaring):
                out["decl_augen"] += schafkopf_rest_augen(state)
    return out

"""Invariants of the klaverjas rules, checked on generated deals, plays and evenings."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from backend.rules import PlayError, RecordError, score_record
from backend.rules.klaverjas import PRESETS
from backend.rules.klaverjas_facts import ONE_TRICK
from backend.rules.klaverjas_play import (
    CARDS,
    ROEM,
    SEATS,
    SUITS,
    TOTAL,
    legal_cards,
    next_seat,
    replay,
    revoke,
    trick_winner,
)
from backend.rules.klaverjas_season import evening_score, standings

BASE = PRESETS[0]
PAIRS = ("NS", "EW")
OTHER = {"NS": "EW", "EW": "NS"}
PAIR_OF = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
DEALERS = {"NS": ("W", "E"), "EW": ("N", "S")}  # the forced player is left of the dealer
SCHEMA = Draft202012Validator(
    json.loads(
        (Path(__file__).resolve().parents[2] / "docs/schemas/deal-klaverjas.schema.json").read_text(
            encoding="utf-8"
        )
    )
)
VERZAKEN = {o: BASE.derive(f"club-verzaken-{o}", o, {"verzaken_roem": o}) for o in ("own", "none")}
VERZAKEN["all"] = BASE


@st.composite
def deals(draw: st.DrawFn, revoked: bool = False) -> dict[str, Any]:
    """A valid deal record: tricks and card points that add up, roem in tricks won."""
    playing = draw(st.sampled_from(PAIRS))
    ns_tricks = draw(st.integers(0, 8))
    tricks = {"NS": ns_tricks, "EW": 8 - ns_tricks}
    ns_cards = {0: 0, 8: TOTAL}.get(ns_tricks, draw(st.integers(0, TOTAL)))
    record: dict[str, Any] = {
        "format": 1,
        "game": "klaverjas",
        "seats": {"N": "ann", "E": "bob", "S": "cor", "W": "dirk"},
        "dealer": draw(st.sampled_from(DEALERS[playing])),
        "playing": playing,
        "trump": draw(st.sampled_from([*SUITS, None])),
        "card_points": {"NS": ns_cards, "EW": TOTAL - ns_cards},
        "tricks": tricks,
        "roem": [],
    }
    numbers = iter(draw(st.permutations(range(1, 9))))
    for pair in PAIRS:
        for _ in range(draw(st.integers(0, min(tricks[pair], 3)))):
            items = list(draw(st.sampled_from(sorted(ONE_TRICK))))
            entry: dict[str, Any] = {"pair": pair, "trick": next(numbers)}
            shape = draw(st.sampled_from(["both", "items", "value"]))
            if shape != "value":
                entry["items"] = items
            if shape != "items":
                entry["value"] = sum(ROEM[name] for name in items)
            record["roem"].append(entry)
    if revoked:
        pair = draw(st.sampled_from(PAIRS))
        by = draw(st.sampled_from([None, *(s for s in SEATS if PAIR_OF[s] == pair)]))
        record["verzaakt"] = {"pair": pair, "trick": draw(st.integers(1, 8)), "by": by}
        if draw(st.booleans()):
            del record["card_points"], record["tricks"]
    return record


def _roem(record: dict[str, Any], pair: str | None = None) -> int:
    return sum(
        e.get("value", sum(ROEM[n] for n in e.get("items", [])))
        for e in record.get("roem", [])
        if pair is None or e["pair"] == pair
    )


@given(deals())
def test_every_played_deal_writes_162_plus_all_roem_plus_100_for_pit(record: dict) -> None:
    result = score_record(record).as_dict()
    pit = 100 if "pit" in result["markers"] else 0
    assert sum(result["pairs"].values()) == TOTAL + _roem(record) + pit
    assert result["counts"] is True
    assert SCHEMA.is_valid(record)


@given(deals())
def test_each_player_writes_his_own_pairs_points(record: dict) -> None:
    result = score_record(record).as_dict()
    assert result["points"] == {s: result["pairs"][PAIR_OF[s]] for s in SEATS}
    assert min(result["points"].values()) >= 0


@given(deals())
def test_a_row_is_made_nat_or_pit_and_the_loser_of_nat_or_pit_writes_0(record: dict) -> None:
    result = score_record(record).as_dict()
    playing = record["playing"]
    markers = set(result["markers"])
    if "nat" in markers:
        assert result["pairs"][playing] == 0
    elif "pit" in markers:
        assert result["pairs"][OTHER[playing]] == 0
        assert record["tricks"][playing] == 8
    else:
        mine = record["card_points"][playing] + _roem(record, playing)
        assert result["pairs"][playing] == mine > result["pairs"][OTHER[playing]]


@given(deals(revoked=True), st.sampled_from(sorted(VERZAKEN)))
def test_revoke_rows_add_up_as_the_verzaken_roem_option_says(record: dict, option: str) -> None:
    result = score_record(record, VERZAKEN[option]).as_dict()
    offender = record["verzaakt"]["pair"]
    innocent = OTHER[offender]
    extra = {"all": _roem(record), "own": _roem(record, innocent), "none": 0}[option]
    assert result["pairs"] == {offender: 0, innocent: TOTAL + extra}
    assert "verzaakt" in result["markers"]
    assert SCHEMA.is_valid(record)


@given(deals(), st.integers(1, 40))
def test_more_card_points_never_lower_the_playing_pairs_score(record: dict, shift: int) -> None:
    playing = record["playing"]
    other = OTHER[playing]
    if not 0 < record["tricks"][playing] < 8 or record["card_points"][other] < shift:
        return
    before = score_record(record).as_dict()["pairs"][playing]
    record["card_points"][playing] += shift
    record["card_points"][other] -= shift
    assert score_record(record).as_dict()["pairs"][playing] >= before


@given(deals(), st.sampled_from([20, 40, 50, 100, 200]))
def test_more_roem_never_lowers_the_playing_pairs_score(record: dict, value: int) -> None:
    playing = record["playing"]
    if record["tricks"][playing] == 0:
        return
    before = score_record(record).as_dict()["pairs"][playing]
    record["roem"].append({"pair": playing, "value": value})
    assert score_record(record).as_dict()["pairs"][playing] >= before


@given(deals())
def test_turning_the_table_a_quarter_turns_the_result(record: dict) -> None:
    turned = json.loads(json.dumps(record))
    turned["seats"] = {next_seat(s): p for s, p in record["seats"].items()}
    turned["dealer"] = next_seat(record["dealer"])
    turned["playing"] = OTHER[record["playing"]]
    for name in ("card_points", "tricks"):
        turned[name] = {OTHER[p]: v for p, v in record[name].items()}
    for entry in turned["roem"]:
        entry["pair"] = OTHER[entry["pair"]]
    before, after = score_record(record).as_dict(), score_record(turned).as_dict()
    assert after["points"] == {next_seat(s): v for s, v in before["points"].items()}
    assert after["markers"] == before["markers"]


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-300, 300) | st.floats() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
NAMES = ["seats", "dealer", "playing", "card_points", "tricks", "roem", "verzaakt", "type"]
NAMES += ["forced", "trump", "hand", "partij", "deal", "NS", "EW", "pair", "value", "items"]


@settings(max_examples=300)
@given(JSON)
def test_junk_is_refused_with_a_record_error_only(junk: Any) -> None:
    try:
        score_record(junk)
    except RecordError as refused:
        assert refused.field and refused.message


@settings(max_examples=300)
@given(deals(), st.sampled_from(NAMES), JSON, st.booleans())
def test_a_valid_deal_with_one_field_spoilt_scores_or_is_refused_by_name(
    record: dict, name: str, junk: Any, inside: bool
) -> None:
    if inside and record["roem"]:
        record["roem"][0][name] = junk
    elif inside:
        record["card_points"][name] = junk
    else:
        record[name] = junk
    try:
        result = score_record(record)
    except RecordError as refused:
        assert refused.field and refused.message
    else:
        assert set(result.points) == set(SEATS)


@st.composite
def played_deals(draw: st.DrawFn, slips: bool) -> tuple[list[list[str]], str, str, Any]:
    """Deal 32 cards and play them out; with ``slips`` a player now and then plays any card."""
    cards = draw(st.permutations(sorted(CARDS)))
    hands = {seat: list(cards[8 * i : 8 * i + 8]) for i, seat in enumerate(SEATS)}
    trump, leader = draw(st.sampled_from(SUITS)), draw(st.sampled_from(SEATS))
    first = leader
    tricks: list[list[str]] = []
    breach = None
    for number in range(1, 9):
        trick: list[str] = []
        for position in range(4):
            seat = next_seat(leader, position)
            legal = legal_cards(hands[seat], trick, trump)
            pool = hands[seat] if slips and draw(st.integers(0, 9)) == 0 else legal
            card = draw(st.sampled_from(pool))
            if breach is None and card not in legal:
                breach = {"pair": PAIR_OF[seat], "trick": number, "by": seat}
            hands[seat].remove(card)
            trick.append(card)
        tricks.append(trick)
        leader = next_seat(leader, trick_winner(trick, trump))
    return tricks, first, trump, breach


@settings(max_examples=150)
@given(played_deals(slips=False))
def test_a_legally_played_deal_has_162_card_points_8_tricks_and_no_revoke(deal: Any) -> None:
    tricks, leader, trump, _ = deal
    facts = replay(tricks, leader, trump)
    assert facts["verzaakt"] is None
    assert sum(facts["card_points"].values()) == TOTAL
    assert sum(facts["tricks"].values()) == 8
    playing = PAIR_OF[leader]
    record = {
        "format": 1,
        "game": "klaverjas",
        "seats": {"N": "a", "E": "b", "S": "c", "W": "d"},
        "dealer": next_seat(leader, 3),
        "playing": playing,
        "trump": trump,
        **facts,
    }
    result = score_record(record).as_dict()
    pit = 100 if "pit" in result["markers"] else 0
    assert sum(result["pairs"].values()) == TOTAL + _roem(record) + pit


@settings(max_examples=150)
@given(played_deals(slips=True))
def test_replay_finds_the_first_card_that_was_not_legal(deal: Any) -> None:
    tricks, leader, trump, breach = deal
    assert replay(tricks, leader, trump)["verzaakt"] == breach


@given(st.data())
def test_a_card_is_a_revoke_exactly_when_it_is_not_legal(data: st.DataObject) -> None:
    cards = data.draw(st.permutations(sorted(CARDS)))
    size = data.draw(st.integers(0, 3))
    trick, hand = list(cards[:size]), list(cards[size : size + data.draw(st.integers(1, 8))])
    trump = data.draw(st.sampled_from(SUITS))
    rules = data.draw(st.sampled_from([None, BASE.derive("club-r", "r", {"amsterdams": False})]))
    legal = legal_cards(hand, trick, trump, rules)
    assert legal and set(legal) <= set(hand)
    card = data.draw(st.sampled_from(hand))
    assert (revoke(hand, trick, trump, card, rules) is None) == (card in legal)


@given(st.lists(st.one_of(st.integers(0, 3000), st.just("sat_out")), min_size=3, max_size=3))
def test_an_evening_is_never_worth_less_than_what_was_played(partijen: list) -> None:
    played = sum(p for p in partijen if p != "sat_out")
    value = evening_score(partijen, "e", "p").value
    assert value >= played
    assert value == played + 1600 * partijen.count("sat_out")


RESULT = st.one_of(
    st.lists(st.one_of(st.integers(0, 3000), st.just("sat_out")), min_size=3, max_size=3),
    st.sampled_from(["absent_with_notice", "absent_without_notice"]),
)


@given(st.lists(st.dictionaries(st.sampled_from("abcdef"), RESULT), max_size=5))
def test_standings_add_up_the_evenings_and_rank_from_high_to_low(nights: list) -> None:
    evenings = [{"key": f"e{i}", "players": p} for i, p in enumerate(nights)]
    lines = standings(evenings)
    assert [line.total for line in lines] == sorted((line.total for line in lines), reverse=True)
    for line in lines:
        assert len(line.results) == len(evenings)
        assert line.total == sum(r.value for r in line.results)
        assert line.rank == 1 + sum(other.total > line.total for other in lines)


@pytest.mark.parametrize("kind", ["legal", "winner"])
def test_play_junk_raises_play_errors_only(kind: str) -> None:
    @given(JSON, JSON, JSON)
    def check(hand: Any, trick: Any, trump: Any) -> None:
        try:
            if kind == "legal":
                legal_cards(hand, trick, trump)
            else:
                trick_winner(trick, trump)
        except PlayError:
            pass

    check()

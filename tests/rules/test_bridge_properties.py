"""Invariants of the bridge rules, checked on generated boards (hypothesis)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from backend.rules import RecordError, Score, score_record
from backend.rules.bridge import (
    PRESETS,
    SEATS,
    SIDE,
    STRAINS,
    Contract,
    board_info,
    duplicate_score,
    duplicate_score_ns,
)

BASE = PRESETS[0]
RULE_SETS = [
    BASE,
    BASE.derive(
        "club-other",
        "every other choice",
        {
            "revoke_default_choice": "P",
            "later_revoke_points": "flat",
            "later_revoke_scope": "side",
            "later_revoke_choice_t": "void",
            "dummy_revoke": "none",
            "inspection_scaled": True,
            "claim_validity": False,
        },
    ),
]
contracts = st.builds(
    Contract, st.integers(1, 7), st.sampled_from(STRAINS), st.sampled_from([0, 1, 2])
)
seats = st.sampled_from(SEATS)
maybe_seat = st.one_of(st.none(), seats)


def _board(
    board: int, contract: Contract, declarer: str, tricks: int, **facts: Any
) -> dict[str, Any]:
    """A board record with this contract and result, plus any penalty facts."""
    c = {"level": contract.level, "strain": contract.strain, "dbl": contract.dbl}
    record = {"game": "bridge", "board": board, "contract": c, "declarer": declarer}
    return record | {"tricks": tricks} | facts


@st.composite
def revokes(draw: st.DrawFn, declarer: str, tricks: int) -> list[dict[str, Any]]:
    """Valid revokes, in trick order, with counts that fit the board's tricks."""
    out = []
    trick_numbers = sorted(draw(st.lists(st.integers(1, 13), max_size=3)))
    for trick in trick_numbers:
        offender = draw(seats)
        total = tricks if SIDE[offender] == SIDE[declarer] else 13 - tricks
        low, high = max(0, total - (trick - 1)), min(total, 14 - trick)
        revoke: dict[str, Any] = {"trick": trick, "offender": offender}
        if low <= high and draw(st.booleans()):
            revoke["offender_tricks_from_revoke_on"] = draw(st.integers(low, high))
            revoke["choice"] = draw(st.sampled_from([None, "P", "T"]))
        else:
            revoke["choice"] = draw(st.sampled_from([None, "P"]))
        revoke["withheld_card"] = draw(st.sampled_from([None, f"D{trick % 9 + 2}"]))
        opponents = [s for s in SEATS if SIDE[s] != SIDE[offender]]
        revoke["claimed_by"] = draw(st.one_of(st.none(), st.sampled_from(opponents)))
        revoke["attention_by"] = draw(maybe_seat)
        revoke["late"] = draw(st.booleans())
        out.append(revoke)
    # one hand holds a card: give a withheld card to one offender only
    owner: dict[str, str] = {}
    for revoke in out:
        card = revoke["withheld_card"]
        if card is not None and owner.setdefault(card, revoke["offender"]) != revoke["offender"]:
            revoke["withheld_card"] = None
    return out


@st.composite
def boards(draw: st.DrawFn, penalties: bool = True) -> dict[str, Any]:
    """A valid played board, with revokes and inspections when ``penalties``."""
    declarer, tricks = draw(seats), draw(st.integers(0, 13))
    record = _board(draw(st.integers(1, 80)), draw(contracts), declarer, tricks)
    if penalties:
        record["revokes"] = draw(revokes(declarer, tricks))
        inspections = []
        for inspector in draw(st.lists(seats, max_size=2)):
            opponents = [s for s in SEATS if SIDE[s] != SIDE[inspector]]
            claimed = draw(st.one_of(st.none(), st.sampled_from(opponents)))
            inspections.append({"inspector": inspector, "claimed_by": claimed})
        record["inspections"] = inspections
    return record


@settings(max_examples=400)
@given(boards(), st.sampled_from(RULE_SETS))
def test_the_ns_score_is_minus_the_ew_score(record: dict[str, Any], rules: Any) -> None:
    got = score_record(record, rules).as_dict()
    points = got["points"]
    assert points["N"] == points["S"] == got["score"]
    assert points["E"] == points["W"] == -got["score"]
    assert sum(points.values()) == 0


@settings(max_examples=300)
@given(contracts, seats, st.integers(1, 48), st.integers(0, 12))
def test_more_tricks_never_give_declarers_side_less(
    contract: Contract, declarer: str, board: int, tricks: int
) -> None:
    _, vul = board_info(board)
    sign = 1 if SIDE[declarer] == "NS" else -1
    fewer = sign * duplicate_score_ns(contract, declarer, vul, tricks)
    more = sign * duplicate_score_ns(contract, declarer, vul, tricks + 1)
    assert more > fewer
    via_record = score_record(_board(board, contract, declarer, tricks + 1)).as_dict()
    assert via_record["score"] == sign * more


@given(contracts, st.booleans(), st.integers(0, 13))
def test_the_score_does_not_depend_on_which_side_declares(
    contract: Contract, vulnerable: bool, tricks: int
) -> None:
    # board 2: NS vulnerable, EW not; board 3 the other way round
    ns_board, ew_board = (2, 3) if vulnerable else (3, 2)
    by_n = duplicate_score_ns(contract, "N", board_info(ns_board)[1], tricks)
    by_e = duplicate_score_ns(contract, "E", board_info(ew_board)[1], tricks)
    assert by_n == -by_e == duplicate_score(contract, vulnerable, tricks)


@given(contracts, st.booleans())
def test_a_contract_made_exactly_scores_positive_and_one_down_negative(
    contract: Contract, vulnerable: bool
) -> None:
    need = contract.level + 6
    assert duplicate_score(contract, vulnerable, need) > 0
    assert duplicate_score(contract, vulnerable, need - 1) < 0


@given(st.integers(1, 10_000))
def test_boards_repeat_every_sixteen_and_the_dealer_turns_clockwise(board: int) -> None:
    assert board_info(board) == board_info(board + 16)
    dealer, _ = board_info(board)
    assert SEATS[(SEATS.index(dealer) + 1) % 4] == board_info(board + 1)[0]


@settings(max_examples=300)
@given(seats, contracts, seats, st.integers(0, 13), st.integers(1, 13), st.data())
def test_the_default_revoke_choice_is_never_worse_for_the_non_offending_side(
    offender: str, contract: Contract, declarer: str, tricks: int, trick: int, data: Any
) -> None:
    total = tricks if SIDE[offender] == SIDE[declarer] else 13 - tricks
    low, high = max(0, total - (trick - 1)), min(total, 14 - trick)
    from_on = data.draw(st.integers(low, high)) if low <= high else None
    revoke = {"trick": trick, "offender": offender, "offender_tricks_from_revoke_on": from_on}
    sign = 1 if SIDE[offender] == "EW" else -1  # the non-offending side's view of NS scores

    def scored(choice: str | None) -> int:
        record = _board(1, contract, declarer, tricks, revokes=[revoke | {"choice": choice}])
        return sign * score_record(record).as_dict()["score"]

    plain = sign * score_record(_board(1, contract, declarer, tricks)).as_dict()["score"]
    default, points = scored(None), scored("P")
    assert default >= points > plain
    if from_on is not None:
        assert default >= scored("T") >= plain


INNER_KEYS = [
    "level", "strain", "dbl", "offender", "inspector", "choice", "trick", "claimed_by",
    "withheld_card", "offender_tricks_from_revoke_on", "ns", "ew", "N", "late",
]  # fmt: skip


def test_board_info_refuses_board_zero_and_below() -> None:
    for board in (0, -1, "3", True):
        with pytest.raises(RecordError) as refused:
            board_info(board)  # type: ignore[arg-type]
        assert refused.value.field == "board"


def test_duplicate_score_ns_takes_a_contract_object_or_none_for_passed_out() -> None:
    contract = {"level": 4, "strain": "S", "dbl": 0}
    assert duplicate_score_ns(contract, "S", "NS", 11) == 650  # §C Example 1
    assert duplicate_score_ns(Contract(3, "NT", 1), "E", "None", 7) == 300  # §C Example 2
    assert duplicate_score_ns(None, "N", "Both", 0) == 0
    with pytest.raises(RecordError) as refused:
        duplicate_score_ns(contract, "S", "all", 11)
    assert refused.value.field == "vulnerable"


def _json() -> st.SearchStrategy[Any]:
    """Small JSON values, with objects that use the record's own key names."""
    scalars = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-3, 20),
        st.sampled_from(["N", "E", "S", "W", "NT", "H", "P", "T", "D7", "AVG+", "x", ""]),
    )
    return st.recursive(
        scalars,
        lambda inner: st.one_of(
            st.lists(inner, max_size=3),
            st.dictionaries(st.sampled_from(INNER_KEYS), inner, max_size=4),
        ),
        max_leaves=8,
    )


FIELD_NAMES = [
    "board", "contract", "declarer", "tricks", "revokes", "inspections", "adjusted",
    "ns", "ew", "seats", "dealer", "deal", "table", "evening", "surprise",
]  # fmt: skip


@settings(max_examples=500)
@given(st.dictionaries(st.sampled_from(FIELD_NAMES), _json(), max_size=7))
def test_junk_records_raise_only_record_errors(junk: dict[str, Any]) -> None:
    record = {"game": "bridge", **junk}
    try:
        assert isinstance(score_record(record), Score)
    except RecordError as refused:
        assert refused.field and refused.message


@settings(max_examples=400)
@given(boards(), st.sampled_from(FIELD_NAMES), _json(), st.sampled_from(RULE_SETS))
def test_a_valid_board_with_one_field_spoiled_raises_only_record_errors(
    record: dict[str, Any], name: str, value: Any, rules: Any
) -> None:
    record[name] = value
    try:
        assert isinstance(score_record(record, rules), Score)
    except RecordError as refused:
        assert refused.field and refused.message


@settings(max_examples=300)
@given(boards(), st.integers(0, 1), st.sampled_from(["revokes", "inspections"]), _json())
def test_a_spoiled_penalty_entry_raises_only_record_errors(
    record: dict[str, Any], index: int, name: str, value: Any
) -> None:
    entries = record[name] or [{"offender": "W", "inspector": "W"}]
    entry = dict(entries[min(index, len(entries) - 1)])
    if isinstance(value, dict):
        entry.update(value)
    else:
        entry["trick"] = value
    record[name] = [entry]
    try:
        score_record(record)
    except RecordError as refused:
        assert refused.field.startswith(name) or refused.field in ("contract", "tricks")

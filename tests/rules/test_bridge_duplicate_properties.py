"""Invariants of duplicate comparisons (Bridge §B7, §B8), checked on generated boards."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from backend.rules import RecordError
from backend.rules.bridge_duplicate import (
    butler_board,
    cross_imps_board,
    imps,
    matchpoint_board,
    round_div,
    team_board,
)
from backend.rules.bridge_season import rank_season, score_session

# Real NS scores are multiples of 10; a few wide values reach the top of the IMP scale.
scores = st.integers(-800, 800).map(lambda n: n * 10)
boards = st.lists(scores, min_size=1, max_size=14)
marks = st.sampled_from(["AVG+", "AVG", "AVG-"])
results = st.lists(st.one_of(scores, marks), min_size=1, max_size=14)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5) | st.floats(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=12,
)


@given(results, st.integers(0, 4))
def test_ns_and_ew_matchpoints_add_up_to_the_top_for_every_real_or_mirrored_result(
    given_results: list[Any], missing: int
) -> None:
    board = matchpoint_board(given_results, len(given_results) + missing)
    assert board.top == 200 * (len(given_results) + missing - 1)
    for row in board.rows:
        assert row.ns + row.ew == board.top
        assert 0 <= row.ns <= board.top


@given(boards)
def test_ns_matchpoints_of_a_full_board_add_up_to_n_times_n_minus_1(given_scores: list[int]):
    board = matchpoint_board(given_scores)
    n = len(given_scores)
    assert sum(row.ns for row in board.rows) == n * (n - 1) * 100
    assert sum(row.ew for row in board.rows) == n * (n - 1) * 100


@given(boards)
def test_a_better_score_never_gets_fewer_matchpoints(given_scores: list[int]) -> None:
    rows = matchpoint_board(given_scores).rows
    for a, row_a in zip(given_scores, rows, strict=True):
        for b, row_b in zip(given_scores, rows, strict=True):
            if a > b:
                assert row_a.ns > row_b.ns


@given(boards, st.integers(1, 4))
def test_neuberg_keeps_the_order_and_stays_within_the_top(given_scores: list[int], extra: int):
    full = matchpoint_board(given_scores).rows
    scaled = matchpoint_board(given_scores, len(given_scores) + extra)
    for i in range(len(given_scores)):
        for j in range(len(given_scores)):
            if full[i].ns > full[j].ns:
                assert scaled.rows[i].ns >= scaled.rows[j].ns
        assert 0 <= scaled.rows[i].ns <= scaled.top


@given(st.integers(-10000, 10000))
def test_imps_are_odd_symmetric(difference: int) -> None:
    assert imps(-difference) == -imps(difference)


@given(st.integers(-10000, 10000), st.integers(0, 5000))
def test_imps_never_fall_as_the_difference_grows(difference: int, more: int) -> None:
    assert imps(difference + more) >= imps(difference)
    assert 0 <= imps(abs(difference)) <= 24


@given(scores, scores)
def test_a_team_board_swapped_gives_the_same_imps_to_the_other_team(one: int, two: int):
    assert team_board(one, two).imps == -team_board(two, one).imps


@given(scores, st.integers(1, 12))
def test_butler_imps_of_equal_scores_are_zero(score: int, tables: int) -> None:
    board = butler_board([score] * tables)
    assert board.datum == score
    assert all(row.ns == 0 and row.ew == 0 for row in board.rows)


@given(boards)
def test_butler_ew_imps_are_the_ns_imps_negated(given_scores: list[int]) -> None:
    board = butler_board(given_scores)
    assert board.datum is not None and board.datum % 10 == 0
    assert min(given_scores) - 10 < board.datum < max(given_scores) + 10
    assert all(row.ew == -row.ns for row in board.rows)


@given(boards)
def test_cross_imp_comparisons_cancel_out_over_a_board(given_scores: list[int]) -> None:
    board = cross_imps_board(given_scores)
    assert sum(row.total for row in board.rows) == 0
    n = len(given_scores)
    for row in board.rows:
        assert row.ew == -row.ns
        if n > 1:
            assert row.ns == round_div(row.total * 100, n - 1)
            assert 2 * abs(sum(r.ns for r in board.rows)) <= n  # each rounds by <= 1/2


@given(st.integers(-(10**6), 10**6), st.integers(1, 1000))
def test_round_div_is_the_nearest_integer_with_halves_away_from_zero(num: int, den: int):
    q = round_div(num, den)
    assert abs(2 * (num - q * den)) <= den
    if abs(2 * (num - q * den)) == den:
        assert abs(q * den) > abs(num)
    assert round_div(-num, den) == -q


@given(json_values, st.one_of(st.none(), json_values))
def test_bad_boards_are_refused_only_with_a_record_error(value: Any, expected: Any) -> None:
    for compare in (butler_board, cross_imps_board):
        try:
            compare(value)
        except RecordError as refused:
            assert refused.field and refused.message
    try:
        matchpoint_board(value, expected)
    except RecordError as refused:
        assert refused.field and refused.message


@given(json_values, st.sampled_from(["matchpoints", "butler", "cross_imps", "x"]))
def test_bad_sessions_are_refused_only_with_a_record_error(value: Any, method: str) -> None:
    try:
        score_session(value, method)
    except RecordError as refused:
        assert refused.field and refused.message


@st.composite
def sessions(draw: st.DrawFn) -> dict[str, list[list[Any]]]:
    out = {}
    for board in range(1, draw(st.integers(1, 5)) + 1):
        players = draw(st.permutations(["A", "B", "C", "D", "E", "F", "G", "H"]))
        tables = draw(st.integers(1, 4))
        out[str(board)] = [
            [players[2 * t], players[2 * t + 1], draw(st.one_of(scores, marks))]
            for t in range(tables)
        ]
    return out


@given(sessions())
def test_a_session_percentage_is_sum_of_mp_over_sum_of_top(boards_: dict[str, Any]) -> None:
    session = score_session(boards_)
    for line in session.lines:
        mp, top = line.details["mp"], line.details["top"]
        assert line.total == (round_div(mp * 10000, top) if top else 5000)
        assert sum(r.value for r in line.results) == mp
    ranks = [line.rank for line in session.lines]
    assert ranks == sorted(ranks)


@given(sessions(), sessions())
def test_a_season_total_is_the_sum_of_the_session_totals(one: Any, two: Any) -> None:
    first, second = score_session(one, key="1"), score_session(two, key="2")
    season = rank_season([first, second])
    by_pair: dict[str, int] = {}
    for line in (*first.lines, *second.lines):
        by_pair[line.player] = by_pair.get(line.player, 0) + line.total
    assert {line.player: line.total for line in season} == by_pair
    assert all(result.counts for line in season for result in line.results)

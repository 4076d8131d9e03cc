"""Properties of every draw and movement, checked on many sizes and seeds (hypothesis)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from backend.rules.errors import RuleError
from backend.rules.seating import Draw, draw_klaverjas, draw_schafkopf, draw_wiezen, wiezen_split
from backend.rules.seating_bridge import draw_bridge_pairs, howell, mitchell, movement_faults

SEEDS = st.one_of(st.integers(-(2**70), 2**70), st.text(max_size=20))
FEW = settings(max_examples=40, deadline=None)


def names(n: int) -> list[str]:
    return [f"speler-{i:03}" for i in range(n)]


def seated_once(draw: Draw) -> None:
    for rnd in draw.rounds:
        seated = [p for t in rnd.tables for p in t.players] + list(rnd.sitting_out)
        assert sorted(seated) == sorted(draw.players)


def partner_counts(draw: Draw) -> Counter[frozenset[str]]:
    met: Counter[frozenset[str]] = Counter()
    for rnd in draw.rounds:
        for t in rnd.tables:
            seats = dict(t.seats)
            met.update([frozenset((seats["N"], seats["S"])), frozenset((seats["E"], seats["W"]))])
    return met


@FEW
@given(st.integers(0, 120), SEEDS)
def test_wiezen_tables_follow_w_d1_and_seat_everybody_once(n: int, seed: Any) -> None:
    split = wiezen_split(n)
    if split is None:
        try:
            draw_wiezen(names(n), seed)
        except RuleError as refused:
            assert refused.field == "players"
            return
        raise AssertionError("an impossible field was seated")
    draw = draw_wiezen(names(n), seed)
    seated_once(draw)
    sizes = [len(t.seats) for t in draw.rounds[0].tables]
    assert sizes.count(5) == n % 4 and set(sizes) <= {4, 5}
    for t in draw.rounds[0].tables:
        assert [s for s, _ in t.seats] == [str(i) for i in range(1, len(t.seats) + 1)]


@FEW
@given(st.integers(4, 40), st.integers(1, 3), SEEDS)
def test_klaverjas_seats_everybody_once_and_never_repeats_a_partner(
    n: int, partijen: int, seed: Any
) -> None:
    draw = draw_klaverjas(names(n), seed, partijen)
    seated_once(draw)
    assert all(len(r.sitting_out) == n % 4 for r in draw.rounds)
    assert all([s for s, _ in t.seats] == list("NESW") for r in draw.rounds for t in r.tables)
    assert set(partner_counts(draw).values()) <= {1}
    assert dict(draw.stats)["repeated_partners"] == 0


@FEW
@given(st.integers(5, 40), st.integers(1, 8), SEEDS)
def test_klaverjas_sit_outs_are_spread_as_evenly_as_possible(
    n: int, partijen: int, seed: Any
) -> None:
    draw = draw_klaverjas(names(n), seed, partijen)
    sat: Counter[str] = Counter()
    for rnd in draw.rounds:
        # nobody sits out again while somebody who sat out less plays this partij
        fewest = min(sat[p] for p in draw.players)
        due = {p for p in draw.players if sat[p] == fewest}
        for player in rnd.sitting_out:
            assert sat[player] == fewest or due <= set(rnd.sitting_out)
        sat.update(rnd.sitting_out)
    counts = [sat[p] for p in draw.players]
    assert max(counts) - min(counts) <= 1


@settings(max_examples=25, deadline=None)
@given(st.integers(8, 40), SEEDS)
def test_klaverjas_three_partijen_from_eight_players_on_need_no_repeated_partner(
    n: int, seed: Any
) -> None:
    draw = draw_klaverjas(names(n), seed)
    assert max(partner_counts(draw).values()) == 1


@FEW
@given(st.integers(4, 7), SEEDS)
def test_klaverjas_small_fields_meet_the_fewest_repeated_opponents_possible(
    n: int, seed: Any
) -> None:
    # the minima for 3 partijen, found by trying every plan (one table per partij)
    assert (
        dict(draw_klaverjas(names(n), seed).stats)["repeated_opponents"]
        == {
            4: 6,
            5: 2,
            6: 1,
            7: 1,
        }[n]
    )


@FEW
@given(st.integers(1, 16), st.integers(1, 2), SEEDS)
def test_schafkopf_seats_everybody_once_per_durchgang(tables: int, rounds: int, seed: Any) -> None:
    draw = draw_schafkopf(names(4 * tables), seed, rounds)
    seated_once(draw)
    assert all(len(t.seats) == 4 for r in draw.rounds for t in r.tables)
    want = {1: 6, 2: 4, 3: 3}.get(tables, 0) if rounds == 2 else 0
    assert dict(draw.stats)["repeated_table_mates"] == want  # the fewest possible


@FEW
@given(st.sampled_from(["wiezen", "klaverjas", "schafkopf"]), st.integers(2, 7), SEEDS)
def test_the_same_seed_gives_the_same_draw(game: str, tables: int, seed: Any) -> None:
    draw = {"wiezen": draw_wiezen, "klaverjas": draw_klaverjas, "schafkopf": draw_schafkopf}[game]
    assert draw(names(4 * tables), seed).as_dict() == draw(names(4 * tables), seed).as_dict()


def test_different_seeds_usually_give_different_draws() -> None:
    for draw in (draw_wiezen, draw_klaverjas, draw_schafkopf):
        seen = {str(draw(names(16), seed).as_dict()["rounds"]) for seed in range(40)}
        assert len(seen) >= 38


@FEW
@given(st.integers(5, 60), st.integers(1, 4), st.data())
def test_a_mitchell_meets_every_opponent_and_board_at_most_once(
    pairs: int, per_round: int, data: st.DataObject
) -> None:
    full = mitchell(pairs, per_round)
    mv = mitchell(pairs, per_round, data.draw(st.integers(1, len(full.rounds))))
    assert movement_faults(mv) == []
    tables = mv.tables_count
    for rnd in mv.rounds:
        in_play = [t.boards for t in rnd.tables]
        assert len(set(in_play)) == len(in_play)  # one table per board set in a round
        assert all(t.ns == t.table and t.ew > tables for t in rnd.tables)
    if tables % 2 and mv.rounds == full.rounds:
        met = {(t.ns, t.ew) for r in mv.rounds for t in r.tables}
        everyone = {
            (ns, ew) for ns in range(1, tables + 1) for ew in range(tables + 1, 2 * tables + 1)
        }
        assert met == {m for m in everyone if mv.phantom not in m}


@FEW
@given(st.integers(3, 20), st.integers(1, 4))
def test_a_complete_howell_meets_everybody_once_and_plays_every_board_set_once(
    pairs: int, per_round: int
) -> None:
    mv = howell(pairs, per_round)
    assert movement_faults(mv) == []
    played: Counter[int] = Counter()
    for rnd in mv.rounds:
        for t in rnd.tables:
            played.update([t.ns, t.ew])
            assert len(t.boards) == per_round
        if mv.board_sets >= 7:
            in_play = [t.boards for t in rnd.tables]
            assert len(set(in_play)) == len(in_play)
    rounds_played = mv.board_sets - (1 if mv.phantom else 0)
    assert set(played.values()) == {rounds_played}
    sets_seen = {(p, t.boards) for r in mv.rounds for t in r.tables for p in (t.ns, t.ew)}
    assert len(sets_seen) == pairs * rounds_played
    ns = Counter(t.ns for r in mv.rounds for t in r.tables)
    assert all(abs(2 * ns[p] - rounds_played) <= 1 for p in range(1, pairs + 1))


@FEW
@given(st.integers(3, 20), SEEDS)
def test_bridge_pairs_are_drawn_to_the_pair_numbers_one_to_one(pairs: int, seed: Any) -> None:
    draw = draw_bridge_pairs(names(pairs), seed, howell(pairs, 2))
    assert sorted(p for p, _ in draw.numbers) == list(range(1, pairs + 1))
    assert sorted(name for _, name in draw.numbers) == names(pairs)


@settings(max_examples=80, deadline=None)
@given(
    st.sampled_from([draw_wiezen, draw_klaverjas, draw_schafkopf]),
    st.one_of(
        st.lists(st.one_of(st.text(max_size=3), st.integers(), st.none()), max_size=9),
        st.text(max_size=5),
        st.none(),
        st.integers(),
    ),
    st.one_of(SEEDS, st.floats(), st.booleans(), st.none(), st.lists(st.integers())),
)
def test_bad_input_is_only_ever_refused_with_a_rule_error(
    draw: Any, players: Any, seed: Any
) -> None:
    try:
        result = draw(players, seed)
    except RuleError as refused:
        assert refused.field.startswith(("players", "seed")) and refused.message
    else:
        seated_once(result)

"""Schafkopf invariants, checked with Hypothesis over every game the rules allow."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import jsonschema
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from backend.rules import RecordError, score_record
from backend.rules.games import find_ruleset
from backend.rules.schafkopf_fault import MAX_AUGEN

from .vectors import load

SCHEMA = Path(__file__).resolve().parents[2] / "docs" / "schemas" / "deal-schafkopf.schema.json"
SEATS = {"1": "anna", "2": "bert", "3": "carl", "4": "dora"}
TSV = find_ruleset("schafkopf-tsv-lengfeld")
OPTIONS = [
    TSV,
    TSV.derive("club-90", "Schneider with 90", {"schneider_defender_limit": 30}),
    TSV.derive("club-standing", "Faults at the standing", {"fault_win_level": "standing"}),
]
VALUES = {"RUFSPIEL": {1, 2, 3}, "SOLO": {3, 4, 5}, "TOUT": {8}}


@st.composite
def results(draw: st.DrawFn) -> tuple[int, int]:
    """Augen and tricks of the declaring side that the 32 cards allow."""
    tricks = draw(st.integers(0, 8))
    augen = draw(st.integers(120 - MAX_AUGEN[8 - tricks], MAX_AUGEN[tricks]))
    return augen, tricks


@st.composite
def games(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from(["RUFSPIEL", "SOLO", "TOUT"]))
    declarer = draw(st.integers(1, 4))
    augen, tricks = draw(results())
    record = {"game": "schafkopf", "seats": SEATS, "type": kind, "declarer": declarer}
    record.update(decl_augen=augen, decl_tricks=tricks)
    if kind == "RUFSPIEL":
        record["partner"] = draw(st.sampled_from([s for s in (1, 2, 3, 4) if s != declarer]))
    return record


@st.composite
def standings(draw: st.DrawFn) -> dict[str, int]:
    """A standing before a fault that real play can reach."""
    done = draw(st.integers(0, 7))
    decl_tricks = draw(st.integers(0, done))
    def_tricks = done - decl_tricks
    decl_augen = draw(st.integers(0, MAX_AUGEN[decl_tricks]))
    def_augen = draw(st.integers(0, MAX_AUGEN[def_tricks]))
    total = decl_augen + def_augen
    assume(total <= 120 and 120 - total <= MAX_AUGEN[8 - done])
    return {
        "decl_augen": decl_augen,
        "decl_tricks": decl_tricks,
        "def_augen": def_augen,
        "def_tricks": def_tricks,
    }


@st.composite
def faulty_games(draw: st.DrawFn) -> dict[str, Any]:
    record = draw(games())
    del record["decl_augen"], record["decl_tricks"]
    standing = draw(standings())
    fault = {"kind": draw(st.sampled_from(["AUFLEGEN", "VERWERFEN"]))}
    fault.update(offender=draw(st.integers(1, 4)), standing=standing)
    if fault["kind"] == "VERWERFEN":
        fault["trick"] = standing["decl_tricks"] + standing["def_tricks"] + 1
    record["fault"] = fault
    return record


def _points(record: dict[str, Any], rules: Any = None) -> dict[str, int]:
    return dict(score_record(record, rules).points)


@given(games(), st.sampled_from(OPTIONS))
def test_every_played_line_sums_to_zero_and_pays_a_value_of_the_table(record, rules) -> None:
    score = score_record(record, rules)
    assert sum(score.points.values()) == 0
    value = score.extra["value"]
    assert value in VALUES[record["type"]]
    declarer = score.points[str(record["declarer"])]
    share = 1 if record["type"] == "RUFSPIEL" else 3
    assert abs(declarer) == share * value
    assert ("solo_dot" in score.markers) == (record["type"] != "RUFSPIEL")


@given(faulty_games(), st.sampled_from(OPTIONS))
def test_every_fault_line_sums_to_zero_and_only_the_offender_pays_for_his_side(
    record, rules
) -> None:
    points = _points(record, rules)
    assert sum(points.values()) == 0
    offender = record["fault"]["offender"]
    declaring = {record["declarer"], record.get("partner")} - {None}
    side = declaring if offender in declaring else {1, 2, 3, 4} - declaring
    for seat in side - {offender}:
        assert points[str(seat)] >= 0, "the offender takes all minus points (S-D10)"
    st = record["fault"]["standing"]
    x_declares = offender in declaring
    augen, tricks = (
        (st["decl_augen"], st["decl_tricks"]) if x_declares else (st["def_augen"], st["def_tricks"])
    )
    if record["type"] == "TOUT":
        home = not x_declares and tricks >= 1
    else:
        home = augen >= (61 if x_declares else 60)
    # Nr. 4: lost at the standing, unless the side had already won
    assert (sum(points[str(s)] for s in side) > 0) == home


@given(games(), results(), st.sampled_from(OPTIONS))
def test_more_augen_and_tricks_never_cost_the_declarer_points(record, other, rules) -> None:
    better = dict(record, decl_augen=other[0], decl_tricks=other[1])
    assume(other[0] >= record["decl_augen"] and other[1] >= record["decl_tricks"])
    seat = str(record["declarer"])
    assert _points(better, rules)[seat] >= _points(record, rules)[seat]


@given(games())
def test_schneider_at_90_never_gives_the_declarer_less(record) -> None:
    seat = str(record["declarer"])
    assert _points(record, OPTIONS[1])[seat] >= _points(record, TSV)[seat]


@given(games(), st.integers(0, 14))
def test_laufende_never_change_the_points(record, laufende) -> None:
    assert _points(dict(record, laufende=laufende)) == _points(record)


@given(games())
def test_a_rufspiel_pays_both_players_of_a_side_alike(record) -> None:
    assume(record["type"] == "RUFSPIEL")
    points = _points(record)
    declaring = {record["declarer"], record["partner"]}
    assert len({points[str(s)] for s in declaring}) == 1
    assert len({points[str(s)] for s in {1, 2, 3, 4} - declaring}) == 1


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-300, 300) | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
    max_leaves=8,
)
PATHS = [
    ("type",), ("declarer",), ("partner",), ("called_ace",), ("decl_augen",), ("decl_tricks",),
    ("laufende",), ("spritze",), ("dealer",), ("deal",), ("table",), ("evening",),
    ("durchgang",), ("format",), ("seats",), ("seats", "1"), ("seats", "4"), ("fault",),
    ("fault", "kind"), ("fault", "offender"), ("fault", "trick"), ("fault", "corrected"),
    ("fault", "standing"), ("fault", "standing", "def_augen"), ("fault", "standing", "x"),
    ("unknown",),
]  # fmt: skip
VALID = [c["record"] for c in load("schafkopf")["deals"] if "error" not in c["expect"]]


@settings(max_examples=250)
@given(
    st.sampled_from(VALID),
    st.lists(st.tuples(st.sampled_from(PATHS), JSON | st.just("<delete>")), min_size=1),
)
def test_junk_records_are_scored_or_refused_with_a_record_error_only(base, changes) -> None:
    record = copy.deepcopy(base)
    for path, value in changes:
        here = record
        for name in path[:-1]:
            if not isinstance(here.get(name), dict):
                here[name] = {}
            here = here[name]
        if value == "<delete>":
            here.pop(path[-1], None)
        else:
            here[path[-1]] = value
    try:
        score = score_record(record)
    except RecordError as refused:
        assert refused.field and refused.message
        return
    assert sum(score.points.values()) == 0
    assert set(score.points) == {"1", "2", "3", "4"}


def test_every_valid_vector_record_matches_the_json_schema() -> None:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for record in VALID:
        assert not list(validator.iter_errors(record)), record
    refused = {"Spritze is refused", "unknown type", "Solo with a partner", "seats missing"}
    for case in load("schafkopf")["deals"]:
        if case["name"] in refused:
            assert list(validator.iter_errors(case["record"])), case["name"]

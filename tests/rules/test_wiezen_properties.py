"""Invariants of the wiezen rules, checked on generated deals (hypothesis)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
from hypothesis import given, settings
from hypothesis import strategies as st

from backend.rules import RecordError, RuleSetError, score_record
from backend.rules.wiezen import EXAMPLES, PRESETS
from backend.rules.wiezen_contracts import AMOUNTS, MISERIES, SPECIALS, TRICK_GAMES
from backend.rules.wiezen_season import standings

from .vectors import load

BASE = PRESETS[0]
SCHEMA = Path(__file__).resolve().parents[2] / "docs" / "schemas" / "deal-wiezen.schema.json"
RULE_SETS = [
    BASE,
    BASE.derive("club-troel-9", "troel 9", {"troel_target": 9}),
    BASE.derive(
        "club-other",
        "other choices",
        {
            "shuffle_penalty": "zero_sum",
            "pas_rond_factor": 3,
            "pas_rond_doubles_special": True,
            "misplay_escalation_step": 10,
        },
    ),
]
SINGLE = [code for code in SPECIALS if code not in MISERIES]


def _seats(n: int) -> dict[str, str]:
    return {str(s): f"p{s:02d}" for s in range(1, n + 1)}


@st.composite
def contract_records(draw: st.DrawFn, misplay: bool | None = None) -> dict[str, Any]:
    """A valid record with a contract (no penalties), at a 4- or 5-table."""
    n = draw(st.sampled_from([4, 5]))
    dealer = draw(st.integers(1, n))
    active = [s for s in range(1, n + 1) if n == 4 or s != dealer]
    kind = draw(st.sampled_from(["trick", "special", "miserie"]))
    record: dict[str, Any] = {
        "format": 1,
        "game": "wiezen",
        "seats": _seats(n),
        "dealer": dealer,
        "after_pas_rond": draw(st.booleans()),
    }
    order = draw(st.permutations(active))
    if kind == "trick":
        code = draw(st.sampled_from(list(TRICK_GAMES)))
        declarers = list(order[: TRICK_GAMES[code].declarers])
        record |= {"contract": code, "declarers": declarers, "tricks": draw(st.integers(0, 13))}
    elif kind == "special":
        code = draw(st.sampled_from(SINGLE))
        declarers = [order[0]]
        record |= {"contract": code, "declarers": declarers, "tricks": draw(st.integers(0, 13))}
    else:
        count = draw(st.integers(1, len(active) - 1))
        entries, left = [], 13
        for seat in order[:count]:
            tricks = draw(st.integers(0, left))
            left -= tricks
            entries.append({"seat": seat, "open": draw(st.booleans()), "tricks": tricks})
        code = "OMIS" if all(e["open"] for e in entries) else "MIS"
        declarers = [e["seat"] for e in entries]
        record |= {"contract": code, "miserie": entries}
    if misplay if misplay is not None else draw(st.booleans()):
        trick = draw(st.integers(1, 13))
        record["misplay"] = {
            "offender": draw(st.sampled_from(active)),
            "trick": trick,
            "declaring_tricks_before": draw(st.integers(0, trick - 1)),
            "fault_no_today": draw(st.integers(1, 4)),
        }
    record["_declarers"] = declarers  # for the test only; removed before scoring
    return record


def _score(record: dict[str, Any], rules: Any = BASE) -> dict[str, int]:
    facts = {k: v for k, v in record.items() if k != "_declarers"}
    return dict(score_record(facts, rules).points)


@settings(max_examples=400)
@given(contract_records(), st.sampled_from(RULE_SETS))
def test_every_contract_row_sums_to_zero(record: dict[str, Any], rules: Any) -> None:
    assert sum(_score(record, rules).values()) == 0


@settings(max_examples=300)
@given(contract_records(), st.sampled_from(RULE_SETS))
def test_the_sitting_out_dealer_gets_nothing_from_a_contract(record: dict, rules: Any) -> None:
    points = _score(record, rules)
    if len(points) == 5:
        assert points[str(record["dealer"])] == 0


@settings(max_examples=300)
@given(contract_records(misplay=True), st.sampled_from(RULE_SETS))
def test_no_partner_of_a_misplayer_ends_below_zero(record: dict, rules: Any) -> None:
    points = _score(record, rules)
    offender = record["misplay"]["offender"]
    declarers = record["_declarers"]
    code = record["contract"]
    if offender in declarers:
        partners = [d for d in declarers if d != offender] if code in ("VRAAG", "TROEL") else []
    else:
        partners = [int(s) for s in points if int(s) not in declarers and int(s) != offender]
        partners = [s for s in partners if len(points) == 4 or s != record["dealer"]]
    assert all(points[str(p)] >= 0 for p in partners), (partners, points)


@given(
    st.sampled_from(["literal", "zero_sum"]),
    st.lists(st.sampled_from(["PEN_SHUFFLE", "PEN_MISDEAL"]), min_size=1, max_size=4),
    st.sampled_from([4, 5]),
    st.data(),
)
def test_penalty_rows_sum_to_zero_except_a_literal_5_table_shuffle(
    shuffle: str, kinds: list[str], n: int, data: st.DataObject
) -> None:
    rules = BASE if shuffle == "literal" else RULE_SETS[2]
    penalties = [
        {"type": k, ("offender" if k == "PEN_SHUFFLE" else "dealer"): data.draw(st.integers(1, n))}
        for k in kinds
    ]
    record = {"game": "wiezen", "seats": _seats(n), "dealer": 1, "penalties": penalties}
    score = score_record(record, rules)
    plus_one = sum(k == "PEN_SHUFFLE" for k in kinds) if (n, shuffle) == (5, "literal") else 0
    assert sum(score.points.values()) == plus_one
    assert score.counts is False


@settings(max_examples=200)
@given(
    st.sampled_from(list(TRICK_GAMES)),
    st.sampled_from(RULE_SETS),
    st.booleans(),
    st.sampled_from([4, 5]),
)
def test_more_tricks_never_score_less_for_the_declaring_side(
    code: str, rules: Any, after: bool, n: int
) -> None:
    declarers = [2, 3][: TRICK_GAMES[code].declarers]
    scored = [
        _score(
            {"game": "wiezen", "seats": _seats(n), "dealer": 1, "contract": code,
             "declarers": declarers, "tricks": t, "after_pas_rond": after},
            rules,
        )["2"]
        for t in range(14)
    ]  # fmt: skip
    assert scored == sorted(scored)
    assert scored[0] < 0 < scored[13]


def test_the_amount_tables_follow_the_formula_of_art_7() -> None:
    for (code, target), table in AMOUNTS.items():
        for t, amount in enumerate(table):
            if t >= target:
                want = (2 + t - target) * (2 if t == 13 else 1) * (2 if code == "TROEL" else 1)
            else:
                want = -(2 + target - t) * 2
            assert amount == want, (code, target, t)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-20, 20) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)
FIELD_NAMES = [
    "seats", "dealer", "contract", "declarers", "tricks", "miserie", "misplay", "penalties",
    "after_pas_rond", "trump_card", "sitting_out", "table", "evening", "deal", "rules", "x",
]  # fmt: skip


@settings(max_examples=600)
@given(
    contract_records(),
    st.dictionaries(st.sampled_from(FIELD_NAMES), JSON, max_size=3),
    st.lists(st.sampled_from(FIELD_NAMES), max_size=2),
)
def test_junk_records_raise_only_record_errors(
    record: dict[str, Any], junk: dict[str, Any], dropped: list[str]
) -> None:
    record = {k: v for k, v in record.items() if k not in dropped and k != "_declarers"}
    record |= junk
    try:
        score = score_record(record)
    except RecordError as refused:
        assert refused.field and refused.message
    except RuleSetError as unknown:  # games.py: a record naming an unknown rule set
        assert unknown.field == "rules"
    else:
        assert sum(score.points.values()) in (0, 1)


@settings(max_examples=300)
@given(JSON)
def test_any_json_at_all_is_refused_with_a_record_error(data: Any) -> None:
    record = {"game": "wiezen", **data} if isinstance(data, dict) else data
    try:
        score = score_record(record)
    except RecordError as refused:
        assert refused.message  # the field may be "" for a key "" (record.py names it so)
    except RuleSetError as unknown:
        assert unknown.field == "rules"
    else:
        assert score.explain


SUNDAYS = st.lists(st.one_of(st.none(), st.integers(-80, 80)), min_size=0, max_size=15)


@settings(max_examples=300)
@given(SUNDAYS, st.integers(1, 15))
def test_the_season_total_never_lets_an_absence_replace_a_played_result(
    results: list[int | None], best: int
) -> None:
    sheet = {f"S{i}": r for i, r in enumerate(results, start=1)}
    (line,) = standings({"P": sheet}, best=best)
    played = sorted((r for r in results if r is not None), reverse=True)
    assert line.total == sum(played[:best])
    assert all(sheet[r.key] is not None for r in line.counted)
    assert len(line.counted) == min(best, len(played))
    longer = {**sheet, "extra": None} if len(sheet) < 15 else sheet
    assert standings({"P": longer}, best=best)[0].total == line.total


@settings(max_examples=200)
@given(st.dictionaries(st.text(max_size=3), JSON, max_size=3))
def test_junk_season_input_raises_only_record_errors(results: dict[str, Any]) -> None:
    try:
        standings(results)
    except RecordError as refused:
        assert refused.field


def test_every_help_example_scores_and_sums_to_zero() -> None:
    for title, record in EXAMPLES:
        score = score_record(record)
        assert sum(score.points.values()) == 0, title
        assert score.explain, title


def test_every_valid_vector_record_and_example_fits_the_schema() -> None:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    records = [case["record"] for case in load("wiezen")["deals"] if "error" not in case["expect"]]
    for record in [*records, *(record for _, record in EXAMPLES)]:
        errors = [e.message for e in validator.iter_errors(record)]
        assert not errors, (record, errors)

"""The table app's JS rules port scores every deal record as the Python rules do (issue 11).

Not only the golden vectors: each run draws 20,000 records of the four games (valid and
broken) from a fresh seed, scores them in Python and in one node process, and requires the
same result or the same refusal for each (``parity.py`` says what "the same" means).
A failure prints the seed; ``TROEF_PARITY_SEED=<seed>`` repeats the run exactly, and
``python -m bench.js_parity`` runs many more.
"""

from __future__ import annotations

import json
import os
import secrets

from backend.rules import GAME_NAMES

from .parity import compare, difference, refusal_kind, score_js, score_python
from .parity_records import batch

COUNT = 20_000


def _seed() -> int:
    return int(os.environ.get("TROEF_PARITY_SEED") or secrets.randbits(32))


def test_the_js_port_scores_and_refuses_generated_records_exactly_as_python() -> None:
    seed = _seed()
    report = compare(seed, batch(seed, COUNT))
    shown = "\n".join(
        ascii(f"{d['why']}\n  case {d['case'][:600]}\n  python {d['python']}\n  js {d['js']}")
        for d in report.disagreements[:5]
    )
    assert not report.disagreements, (
        f"{report.summary()}\nrepeat with TROEF_PARITY_SEED={seed}\n{shown}"
    )
    # the batch is worth comparing: every game, many scored and many refused records
    assert report.cases == COUNT
    assert all(report.per_game[game] > COUNT // 5 for game in GAME_NAMES), report.summary()
    assert report.scored > COUNT // 4 and report.refused > COUNT // 4, report.summary()
    assert report.decimals > 0, report.summary()


def test_a_whole_decimal_is_refused_by_python_and_read_as_its_number_by_the_phone() -> None:
    record = {"game": "wiezen", "seats": {"1": "a", "2": "b", "3": "c", "4": "d"},
              "dealer": 1, "contract": "VRAAG", "declarers": [2, 4], "tricks": 10.0}  # fmt: skip
    assert score_python(record, None) == {
        "error": {"field": "tricks", "message": "must be a whole number, got 10.0"}
    }
    assert score_python({**record, "tricks": 10, "format": 1.0}, None)["error"]["field"] == "format"
    [js] = score_js([json.dumps({"record": record, "rules": None})])
    assert js == score_python({**record, "tricks": 10}, None)
    assert js["points"] == {"1": -4, "2": 4, "3": -4, "4": 4}


def test_the_comparison_tells_a_wrong_score_and_another_refusal_apart() -> None:
    scored = {"points": {"1": 4, "2": -4}, "counts": True, "markers": ["made"], "explain": ["x"]}
    assert difference(scored, dict(scored)) is None
    assert difference(scored, {**scored, "points": {"1": 4, "2": -5}}) is not None
    assert difference(scored, {**scored, "markers": []}) is not None
    assert difference(scored, {**scored, "extra": 1}) is not None
    refused = {"error": {"field": "tricks", "message": "must be between 0 and 13, got 14"}}
    assert difference(scored, refused) is not None
    worded = {"error": {"field": "tricks", "message": "must be at most 13, got 14"}}
    assert difference(refused, worded) is None
    assert difference(refused, {"error": {"field": "tricks", "message": "is required"}})
    assert difference(refused, {"error": {"field": "deal", "message": "must be at most 9"}})
    assert difference(scored, {"crash": "TypeError"}) is not None


def test_a_game_rule_refusal_is_named_by_its_words_without_the_values_in_it() -> None:
    python = "no rule set 'é'; known: bridge-nbb-1930@1, wiezen-reglement-2019@1"
    js = 'no rule set "é"; known: bridge-nbb-1930@1, wiezen-reglement-2019@1'
    assert refusal_kind(python) == refusal_kind(js) == "no rule set known"
    assert refusal_kind("must be one of N, E; got 'X'") == "choice"
    assert refusal_kind("seat 3 plays miserie only once") != refusal_kind(
        "seat 3 deals and sits out at this 5-table (W-D2)"
    )

"""Score the same deal records with the Python rules and the table app's JS port, and compare.

Both ports read the same JSON text: Python with :func:`json.loads`, the port in ONE node
process (``js_score.mjs``) for the whole batch. They agree on a case when:

- both score it, with identical results: ``points``, ``counts``, ``markers`` (in order),
  every game extra (``rows``, ``pairs``, ``score``, ``revokes``, ``declaring`` ...) and the
  ``explain`` lines the phone shows; or
- both refuse it with the same refusal: the same field (the dotted path) and the same kind
  of rule (:func:`refusal_kind`). The wording may differ (Python says ``'x'`` where JS says
  ``"x"``, and ``troef score`` adds a pointer to its help).

Decimals. ``JSON.parse`` reads ``9.0`` as the number 9, and the port never sees JSON text
anyway: it scores the numbers of its forms, which ``JSON.stringify`` writes as ``9``. So a
record with a whole decimal (``9.0``, ``-0.0``, ``1e300``) is compared with what Python makes
of the same record written as the phone writes it (whole decimals as integers), and Python
must refuse the record as it stands (a decimal is not a whole number, docs/formats.md).
Decimals with a fraction (``9.5``) are refused by both and compared like any other record.
"""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from backend.rules import GAME_NAMES, RuleError, find_ruleset, ruleset_from_dict, score_record
from backend.rules.ruleset import RuleSet

JS_SCORE = Path(__file__).with_name("js_score.mjs")
# The refusals of ``Fields`` (record.py / fields.js), by their opening words; any other
# message is a game rule, and both ports must then name the same rule.
KINDS = (
    ("required", re.compile(r"is required")),
    ("whole number", re.compile(r"must be a whole number")),
    ("range", re.compile(r"must be (between|at least|at most) ")),
    ("text", re.compile(r"must be a text")),
    ("choice", re.compile(r"must be one of")),
    ("true or false", re.compile(r"must be true or false")),
    ("object", re.compile(r"must be a JSON object")),
    ("list", re.compile(r"must be a list")),
    ("unknown field", re.compile(r"is not a field of this record")),
)
# A value inside a message: a quoted text, a number, a rule set id, true/None/null ...
VALUE = re.compile(
    r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|\S*[\d@_-]\S*|\b(?:true|false|none|null)\b"
)


def refusal_kind(message: str) -> str:
    """The kind of rule a refusal's message states, as both ports word it.

    A refusal of ``Fields`` (a missing field, a wrong type, a value out of range, an
    unknown field) is named by its kind; any other refusal is a game rule, named by its
    words once the values in it (quoted texts, numbers, ids) are taken out.
    """
    for kind, pattern in KINDS:
        if pattern.match(message):
            return kind
    return " ".join(re.findall(r"[a-z]+", VALUE.sub(" ", message.lower())))


@cache
def _ruleset(key: str) -> RuleSet | None:
    rules = json.loads(key)
    if rules is None:
        return None
    return find_ruleset(rules) if isinstance(rules, str) else ruleset_from_dict(rules)


def score_python(record: Any, rules: Any) -> dict[str, Any]:
    """The Python rules' answer, in the shape ``troef score`` writes (or ``crash``)."""
    try:
        return score_record(record, _ruleset(json.dumps(rules))).as_dict()
    except RuleError as exc:
        return {"error": exc.as_dict()}
    except Exception as exc:  # a crash is always a bug: the parity reports it
        return {"crash": f"{type(exc).__name__}: {exc}"}


def score_js(lines: list[str]) -> list[dict[str, Any]]:
    """The JS port's answers to the JSON lines, from one node process."""
    done = subprocess.run(
        ["node", str(JS_SCORE)],
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        check=True,
    )
    answers = [json.loads(line) for line in done.stdout.split("\n") if line]
    assert len(answers) == len(lines), done.stderr
    return answers


def whole_decimals(value: Any) -> tuple[Any, bool]:
    """The value as the phone writes it (whole decimals as integers), and whether it changed."""
    if isinstance(value, float) and value.is_integer():
        return int(value), True
    if isinstance(value, dict):
        pairs = [(k, *whole_decimals(v)) for k, v in value.items()]
        return {k: v for k, v, _ in pairs}, any(c for _, _, c in pairs)
    if isinstance(value, list):
        items = [whole_decimals(v) for v in value]
        return [v for v, _ in items], any(c for _, c in items)
    return value, False


def difference(py: dict[str, Any], js: dict[str, Any]) -> str | None:
    """Say how two answers differ, or None when they agree (see the module docstring)."""
    if "crash" in py or "crash" in js:
        return f"crash: python {py.get('crash')!r}, js {js.get('crash')!r}"
    if ("error" in py) != ("error" in js):
        return "one refused, the other scored"
    if "error" in py:
        got = [(a["error"]["field"], refusal_kind(a["error"]["message"])) for a in (py, js)]
        return None if got[0] == got[1] else f"refused as {got[0]} by python, {got[1]} by js"
    keys = sorted(set(py) | set(js))
    wrong = [key for key in keys if py.get(key, "(missing)") != js.get(key, "(missing)")]
    return f"results differ in {', '.join(wrong)}" if wrong else None


@dataclass
class Report:
    """The outcome of one parity run: counts per game and every disagreement."""

    seed: int
    cases: int = 0
    scored: int = 0
    refused: int = 0
    decimals: int = 0
    per_game: dict[str, int] = field(default_factory=dict)
    disagreements: list[dict[str, Any]] = field(default_factory=list)

    def summary(self) -> str:
        games = ", ".join(f"{g} {n}" for g, n in sorted(self.per_game.items()))
        return (
            f"seed {self.seed}: {self.cases} records ({games}); {self.scored} scored, "
            f"{self.refused} refused by both, {self.decimals} with whole decimals; "
            f"{len(self.disagreements)} disagreements"
        )


def compare(seed: int, cases: Iterable[dict[str, Any]]) -> Report:
    """Score every case in both ports and collect the disagreements.

    The node process scores the batch while Python does, so a run takes the longer of the
    two on a machine with two cores.
    """
    report = Report(seed)
    lines = [json.dumps(case) for case in cases]
    with ThreadPoolExecutor(1) as pool:
        js_answers = pool.submit(score_js, lines)
        python = [_python_side(json.loads(line), report) for line in lines]
        answers = js_answers.result()
    for line, (record, py, refused), js in zip(lines, python, answers, strict=True):
        report.cases += 1
        game = record.get("game") if isinstance(record, dict) else None
        game = game if game in GAME_NAMES else "other"
        report.per_game[game] = report.per_game.get(game, 0) + 1
        why = difference(py, js)
        if why is None and not refused:
            why = "python accepts a whole decimal (9.0) where the record needs a whole number"
        if why:
            report.disagreements.append({"why": why, "case": line, "python": py, "js": js})
        elif "error" in py:
            report.refused += 1
        else:
            report.scored += 1
    return report


def _python_side(case: dict[str, Any], report: Report) -> tuple[Any, dict[str, Any], bool]:
    """The record, Python's answer as the phone would send it, and whether Python refuses
    the record as written (always true unless it holds a whole decimal)."""
    phone, changed = whole_decimals(case)
    answer = score_python(phone["record"], phone["rules"])
    report.decimals += changed
    refused = not changed or "error" in score_python(case["record"], case["rules"])
    return case["record"], answer, refused

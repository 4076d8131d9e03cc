"""Load the shared scoring vectors (tests/vectors/*.json)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from backend.rules import find_ruleset, ruleset_from_dict
from backend.rules.ruleset import RuleSet

VECTORS = Path(__file__).resolve().parent.parent / "vectors"


def load(game: str) -> dict[str, Any]:
    return json.loads((VECTORS / f"{game}.json").read_text(encoding="utf-8"))


def all_files() -> list[Path]:
    return sorted(VECTORS.glob("*.json"))


def case_rules(case: dict[str, Any]) -> RuleSet | None:
    rules = case.get("rules")
    if rules is None:
        return None
    if isinstance(rules, str):
        return find_ruleset(rules)
    return ruleset_from_dict(rules)

"""The documented formats hold: every accepted vector record fits its game's JSON Schema,
every example in ``troef score --help`` scores, and every preset names a real option."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from backend.rules import GAME_NAMES, game_module, presets, score_record

from .vectors import all_files

SCHEMAS = Path(__file__).resolve().parents[2] / "docs" / "schemas"


def _accepted_records() -> list[Any]:
    params = []
    for path in all_files():
        data = json.loads(path.read_text(encoding="utf-8"))
        for i, case in enumerate(data.get("deals", [])):
            if "error" not in case["expect"]:
                params.append(pytest.param(case["record"], id=f"{path.stem}-{i}"))
    return params


@pytest.mark.parametrize("game", GAME_NAMES)
def test_each_game_has_a_valid_json_schema(game: str) -> None:
    schema = json.loads((SCHEMAS / f"deal-{game}.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("record", _accepted_records())
def test_every_accepted_vector_record_fits_its_schema(record: dict[str, Any]) -> None:
    schema = json.loads(
        (SCHEMAS / f"deal-{record['game']}.schema.json").read_text(encoding="utf-8")
    )
    jsonschema.validate(record, schema, cls=jsonschema.Draft202012Validator)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_example_in_the_help_scores(game: str) -> None:
    examples = game_module(game).EXAMPLES
    assert examples
    for _title, record in examples:
        assert score_record(record).points


def test_presets_are_unique_and_each_game_has_one() -> None:
    refs = [rs.ref for rs in presets()]
    assert len(refs) == len(set(refs))
    assert {rs.game for rs in presets()} == set(GAME_NAMES)

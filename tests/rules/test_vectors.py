"""Every deal case of tests/vectors/*.json scores (or is refused) exactly as written."""

from __future__ import annotations

import json
from typing import Any

import pytest

from backend.rules import RecordError, score_record

from .vectors import all_files, case_rules


def _cases() -> list[Any]:
    params = []
    for path in all_files():
        data = json.loads(path.read_text(encoding="utf-8"))
        for i, case in enumerate(data.get("deals", [])):
            params.append(pytest.param(case, id=f"{path.stem}-{i}-{case['name']}"))
    return params


@pytest.mark.parametrize("case", _cases())
def test_deal_vector(case: dict[str, Any]) -> None:
    rules = case_rules(case)
    expect = case["expect"]
    if "error" in expect:
        with pytest.raises(RecordError) as refused:
            score_record(case["record"], rules)
        assert refused.value.field == expect["error"]["field"], refused.value.message
        assert refused.value.message
        return
    got = score_record(case["record"], rules).as_dict()
    for key, value in expect.items():
        if key == "markers":
            assert set(value) <= set(got["markers"]), got["markers"]
        else:
            assert got[key] == value, f"{key}: {got[key]!r} != {value!r}; {got['explain']}"
    assert got["explain"], "every score shows its working"


def test_there_are_a_few_hundred_cases() -> None:
    assert len(_cases()) >= 300

"""The table app's rules port reads the same rule sets as Python."""

from __future__ import annotations

from pathlib import Path

from backend.rules.export import presets_module

PRESETS_JS = Path(__file__).resolve().parents[2] / "pwa" / "js" / "rules" / "presets.js"


def test_the_js_presets_are_generated_from_the_python_rule_sets() -> None:
    assert PRESETS_JS.read_text(encoding="utf-8") == presets_module(), (
        "run: .venv/bin/python -m backend.rules.export > pwa/js/rules/presets.js"
    )

"""``troef score``: score deal records read from standard input, one JSON object a line."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from ..rules import games
from ..rules.errors import RuleError
from ..rules.ruleset import RuleSet


def _help_epilog() -> str:
    lines = [
        "\b",
        "Each input line is one deal record: the shared envelope",
        '  {"format": 1, "game": ..., "rules": ..., "deal": ..., "seats": {...}, "dealer": ...}',
        "followed by the game's facts (docs/formats.md has every field and a JSON Schema).",
        'Each output line is {"points": {seat: int}, ..., "explain": [...]} or',
        '{"error": {"field": ..., "message": ...}}. Exit 0 if every record scored, 1 if not.',
        "",
        "Rule sets (--rules takes an id, id@version, or a JSON file deriving a club's own):",
    ]
    for rs in games.presets():
        lines.append(f"  {rs.ref:<34} {rs.title}")
    lines += ["", "Examples, one per game:"]
    for game in games.GAME_NAMES:
        for title, record in games.game_module(game).EXAMPLES[:1]:
            lines.append(f"  # {title}")
            lines.append(f"  echo '{json.dumps(record, separators=(',', ':'))}' | troef score")
    return "\n".join(lines)


class _ScoreCommand(click.Command):
    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        formatter.write_paragraph()
        for line in _help_epilog().splitlines():
            formatter.write(("" if line == "\b" else line) + "\n")


def _load_rules(value: str | None) -> RuleSet | None:
    if value is None:
        return None
    path = Path(value)
    try:
        if path.suffix == ".json" or path.exists():
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError) as exc:
                raise click.BadParameter(f"cannot read rule set file {value}: {exc}") from None
            return games.ruleset_from_dict(data)
        return games.find_ruleset(value)
    except RuleError as exc:
        raise click.BadParameter(f"{exc.field}: {exc.message}") from None


@click.command(cls=_ScoreCommand)
@click.option(
    "--rules",
    "rules_value",
    metavar="RULESET",
    help="Score every record with this rule set: a preset id (or id@version) or a JSON file.",
)
def score(rules_value: str | None) -> None:
    """Score deal records read from standard input, one JSON object a line."""
    rules = _load_rules(rules_value)
    refused = 0
    for number, line in enumerate(sys.stdin, start=1):
        if not line.strip():
            continue
        result = score_line(line, number, rules)
        refused += "error" in result
        click.echo(json.dumps(result, ensure_ascii=False))
    sys.exit(1 if refused else 0)


def score_line(line: str, number: int, rules: RuleSet | None) -> dict[str, Any]:
    """Score one input line; a refusal becomes ``{"error": {field, message}}``."""
    try:
        record = json.loads(line)
    except ValueError as exc:
        return {"error": {"field": "record", "message": f"line {number} is not JSON: {exc}"}}
    try:
        return games.score_record(record, rules).as_dict()
    except RuleError as exc:
        return {"error": exc.as_dict()}

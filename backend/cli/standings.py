"""``troef standings``: the standings of every competition, as the read models hold them."""

from __future__ import annotations

import json

import click

from .history import _load, instance_option


@click.command()
@instance_option
@click.option("--competition", "competition_id", default=None, help="Only this competition.")
@click.option("--why", is_flag=True, help="Show which results count, which are dropped, and why.")
def standings(instance_path: str | None, competition_id: str | None, why: bool) -> None:
    """Print the standings per competition, with the counting rule's working.

    \b
    Example:
      troef standings --instance ./instance --why
    """
    _app, views = _load(instance_path).open()
    views.settle()
    competitions = views.rows(
        "SELECT competition_id, name, game, rules_ref FROM competitions ORDER BY created_at"
    )
    for comp in competitions:
        if competition_id and comp["competition_id"] != competition_id:
            continue
        click.echo(
            f"\n{comp['name']}  ({comp['game']}, {comp['rules_ref']})  {comp['competition_id']}"
        )
        lines = views.rows(
            "SELECT * FROM standings WHERE competition_id = ? ORDER BY rank = 0, rank, name",
            [comp["competition_id"]],
        )
        for line in lines:
            details = json.loads(line["details"])
            unit = details.get("unit", "")
            hundredths = unit in ("pct_hundredths", "imp_hundredths")
            total = f"{line['total'] / 100:.2f}" if hundredths else line["total"]
            click.echo(f"  {line['rank'] or '-':>3}. {line['name']:<28} {total:>9}")
            if why:
                for result in json.loads(line["results"]):
                    mark = "counts " if result["counts"] else "dropped"
                    click.echo(
                        f"         {mark} {result['key']}: {result['value']}  ({result['reason']})"
                    )
                for text in json.loads(line["explain"]):
                    click.echo(f"         {text}")

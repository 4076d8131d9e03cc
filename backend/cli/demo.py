"""``troef demo``: fill an instance with the demo club and print what it holds."""

from __future__ import annotations

import time
import warnings
from datetime import date

import click

from .. import instance as instances
from ..application.interface import director
from ..demo.season import SIZES, Summary, build_demo, tonight
from ..instance.session import code_for
from ..projections import ReadModels

CLUB = "Demo club"
DIRECTOR = "director"


@click.command()
@click.option(
    "--instance",
    "instance_path",
    metavar="DIR",
    envvar="TROEF_INSTANCE",
    help="The instance folder (default: ./instance, or $TROEF_INSTANCE); made if missing.",
)
@click.option(
    "--seed", type=int, default=1, show_default=True, help="The same seed, the same club."
)
@click.option(
    "--size",
    type=click.Choice(sorted(SIZES)),
    default="full",
    show_default=True,
    help="small: one evening per game (for tests); full: a few evenings each.",
)
@click.option("--password", default=None, help="The demo director's password (default: generated).")
def demo(instance_path: str | None, seed: int, size: str, password: str | None) -> None:
    """Fill an instance with a demo club: wiezen, klaverjas, a schafkopf day, bridge pairs.

    Every deal is entered as a table phone would and every list is submitted, so the
    standings, the lists, the bridge travellers and the audit trail look like a real
    club's.

    \b
    Example:
      troef demo --instance ./demo --seed 7 --size small
    """
    folder = instances.instance_dir(instance_path)
    try:
        if (folder / instances.SETTINGS).exists():
            inst = instances.load(folder)
        else:
            inst, password = instances.init(folder, CLUB, DIRECTOR, password)
            click.echo(f"Created {inst.path} for {CLUB}.")
            click.echo(f"Director login: {DIRECTOR}  password: {password}")
    except instances.InstanceError as exc:
        raise click.ClickException(str(exc)) from None
    app, views = inst.open()
    try:
        before = app.recorder.max_notification_id() or 0
        started = time.perf_counter()
        summaries = build_demo(app, seed=seed, size=size)
        seconds = time.perf_counter() - started
        events = (app.recorder.max_notification_id() or 0) - before
        for summary in summaries:
            _show(summary, views)
        click.echo(f"\n{events} events written in {seconds:.1f} s (seed {seed}, size {size}).")
        klaverjas = next((s for s in summaries if s.game == "klaverjas"), None)
        if klaverjas is not None:
            secret = inst.settings["server"]["secret_key"]
            lists = tonight(app, director(DIRECTOR), klaverjas.competition_id, _today())
            click.echo(f"\nTonight's {klaverjas.name} is drawn and waits for its tables.")
            click.echo("Keep a list on a phone: open the table app at one of these addresses:")
            for entry in lists:
                if entry["round"] == 1:
                    code = code_for(secret, entry["list_id"])
                    click.echo(f"  table {entry['table']}: /t/{code}")
    finally:
        views.close()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            app.close()


def _today() -> str:
    return date.today().isoformat()


def _show(summary: Summary, views: ReadModels) -> None:
    """Print one competition: its lists and deals, and the top 3 of its standings."""
    views.settle(summary.competition_id)
    submitted = views.rows(
        "SELECT COUNT(*) AS n FROM lists WHERE competition_id = ? AND status = 'submitted'",
        [summary.competition_id],
    )[0]["n"]
    short = sum(p.closed_short for p in summary.lists)
    disputes = sum(p.disputes for p in summary.lists)
    bridge = summary.game == "bridge"
    click.echo(f"\n{summary.name} ({summary.game})  {summary.competition_id}")
    click.echo(
        f"  {summary.players} {'pairs' if bridge else 'players'}, {summary.evenings} "
        f"evening(s), {len(summary.lists)} lists ({submitted} submitted, {short} closed "
        f"short), {summary.rows} rows, {summary.counted} counted deals, {disputes} "
        "dispute(s) ruled"
    )
    if bridge:
        revokes = sum(getattr(p, "revokes", 0) for p in summary.lists)
        adjusted = sum(getattr(p, "adjusted", 0) for p in summary.lists)
        click.echo(
            f"  {revokes} revoke(s) claimed, {adjusted} artificial adjusted score(s); "
            "standings: the sum of each pair's session percentages"
        )
    top = views.rows(
        "SELECT rank, name, total FROM standings WHERE competition_id = ? "
        "ORDER BY rank, name LIMIT 3",
        [summary.competition_id],
    )
    for line in top:
        total = f"{line['total'] / 100:.2f}" if bridge else f"{line['total']}"
        click.echo(f"  {line['rank']:>3}. {line['name']:<28} {total:>7}")

"""``troef init``, ``troef audit verify``, ``troef projections …`` and ``troef replay``."""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Any

import click

from .. import instance as instances
from ..application.interface import DomainError
from ..projections import ReadModels

instance_option = click.option(
    "--instance",
    "instance_path",
    metavar="DIR",
    envvar="TROEF_INSTANCE",
    help="The instance folder (default: ./instance, or $TROEF_INSTANCE).",
)


def _load(instance_path: str | None) -> instances.Instance:
    try:
        return instances.load(instance_path)
    except instances.InstanceError as exc:
        raise click.ClickException(str(exc)) from None


@click.command()
@instance_option
@click.option("--club", default="Mijn club", show_default=True, help="The club's name.")
@click.option("--director", default="director", show_default=True, help="The director's login.")
@click.option("--password", default=None, help="The director's password (default: generated).")
@click.option(
    "--club-number", default="", help="The club's federation number (for the USEBIO files)."
)
def init(
    instance_path: str | None, club: str, director: str, password: str | None, club_number: str
) -> None:
    """Create an instance folder with a club and its director.

    \b
    Example:
      troef init --instance ./instance --club "WC De Troef" --director anna --club-number 4711
    """
    try:
        inst, used = instances.init(instance_path, club, director, password, club_number)
    except instances.InstanceError as exc:
        raise click.ClickException(str(exc)) from None
    app, views = inst.open()
    app.close()
    views.close()
    click.echo(f"Created {inst.path} for {club}.")
    click.echo(f"Director login: {director}  password: {used}")


@click.group()
def audit() -> None:
    """Check the history: hash chains of every list and competition."""


@audit.command("verify")
@instance_option
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def audit_verify(instance_path: str | None, as_json: bool) -> None:
    """Check every stored record; exit 1 on anything changed behind the application's back.

    Recomputes every hash chain, compares every event with the seal written with it (a
    deleted, moved or changed event, also the newest of a list still open) and every
    snapshot with the events it stands for.

    Also checks the list heads each closed evening recorded in the competition's chain (so a
    list cut short at its end is named), and compares each intact chain's head with the head
    the read models recorded.
    """
    app, views = _load(instance_path).open()
    report = app.verify()
    heads = {
        r["aggregate_id"]: r["hash"]
        for r in views.rows(
            "SELECT aggregate_id, hash FROM audit_trail a WHERE version = "
            "(SELECT MAX(version) FROM audit_trail b WHERE b.aggregate_id = a.aggregate_id)"
        )
    }
    for chain in report.chains:
        if chain.ok and heads.get(chain.aggregate_id) not in (None, chain.head):
            chain.broken_at = chain.events
            chain.problem = "the stored chain ends before the head the audit trail recorded"
    if as_json:
        doc = {
            "ok": report.ok,
            "chains": [c.as_dict() for c in report.chains],
            "findings": [f.as_dict() for f in report.findings],
        }
        click.echo(json.dumps(doc, indent=2))
    else:
        for chain in report.chains:
            status = "ok" if chain.ok else f"BROKEN at event {chain.broken_at}: {chain.problem}"
            older = f" (+{chain.unchained} unchained, older)" if chain.unchained else ""
            click.echo(
                f"{chain.kind:<12} {chain.aggregate_id}  {chain.events:>4} events{older}  "
                f"head {chain.head[:16]}  {status}"
            )
        for finding in report.findings:
            click.echo(
                f"{finding.kind:<12} {finding.aggregate_id}  version {finding.version}  "
                f"{finding.record}: {finding.problem}"
            )
        click.echo(
            f"{len(report.chains)} chains, {len(report.broken)} broken; "
            f"{len(report.findings)} other findings (seal, snapshots)"
            + ("" if report.sealed else "; this store keeps no seal")
        )
    sys.exit(0 if report.ok else 1)


@click.group()
def projections() -> None:
    """Rebuild or check the read models (the tables in views.sqlite)."""


@projections.command("rebuild")
@instance_option
def projections_rebuild(instance_path: str | None) -> None:
    """Replay the whole history into new read models beside the live ones, then swap them in.

    Pages keep being served from the live models until the swap; an interrupted rebuild
    leaves them as they were.
    """
    app, views = _load(instance_path).open()
    count = views.rebuild(app)
    click.echo(f"Rebuilt the read models from {count} events.")


@projections.command("follow")
@instance_option
@click.option(
    "--interval", type=float, default=2.0, show_default=True, help="Seconds between polls."
)
def projections_follow(instance_path: str | None, interval: float) -> None:
    """Keep the read models caught up with the event log until stopped (Ctrl-C).

    Useful when other processes write events (several server workers on PostgreSQL).
    """
    import time

    from ..projections.worker import CatchUpWorker

    app, views = _load(instance_path).open()
    worker = CatchUpWorker(app, views, interval).start()
    click.echo(f"Following the event log every {interval} s; Ctrl-C to stop.")
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        worker.stop()
        click.echo(f"Stopped after applying {worker.applied} events.")


@projections.command("check")
@instance_option
def projections_check(instance_path: str | None) -> None:
    """Compare the live read models with a fresh rebuild; exit 1 on any difference."""
    app, views = _load(instance_path).open()
    with tempfile.TemporaryDirectory() as tmp:
        fresh = ReadModels(Path(tmp) / "fresh.sqlite")
        fresh.catch_up(app)
        differences = diff(views.dump(), fresh.dump())
        fresh.close()
    for line in differences:
        click.echo(line)
    click.echo(
        "read models match a fresh rebuild"
        if not differences
        else f"{len(differences)} difference(s)"
    )
    sys.exit(1 if differences else 0)


def diff(live: dict[str, list[Any]], fresh: dict[str, list[Any]]) -> list[str]:
    out = []
    for table in live:
        a, b = set(live[table]), set(fresh[table])
        out += [f"{table}: only live: {row}" for row in sorted(a - b, key=str)[:20]]
        out += [f"{table}: only rebuilt: {row}" for row in sorted(b - a, key=str)[:20]]
    return out


@click.command()
@instance_option
@click.argument("list_id")
@click.option("--deal", type=int, default=None, help="Only the events about this deal.")
@click.option("--json", "as_json", is_flag=True, help="Print the steps as JSON lines.")
def replay(instance_path: str | None, list_id: str, deal: int | None, as_json: bool) -> None:
    """Replay a score list event by event, with the state and the explanation after each."""
    app, _views = _load(instance_path).open()
    try:
        steps = app.replay(list_id, deal)
    except DomainError as exc:
        raise click.ClickException(exc.message) from None
    for s in steps:
        if as_json:
            click.echo(json.dumps(s, ensure_ascii=False))
            continue
        who = f"{s['actor'].get('role')} {s['actor'].get('name') or s['actor'].get('client_id')}"
        click.echo(f"#{s['version']:<3} {s['timestamp'][:19]}  {who}  {s['summary']}")
        for line in s["explain"]:
            click.echo(f"       {line}")
        totals = ", ".join(f"{k}: {v:+d}" for k, v in s["state"]["totals"].items())
        click.echo(f"       totals {totals}   hash {s['hash'][:16]}")

"""``troef migrate``, ``troef backup`` and ``troef restore``: running an instance for real."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import click

from .. import instance as instances
from ..instance.backup import backup as take_backup
from ..instance.backup import restore as put_back
from ..instance.migrate import migrate as run_migrations
from .history import instance_option


def _load(instance_path: str | None) -> instances.Instance:
    try:
        return instances.load(instance_path)
    except instances.InstanceError as exc:
        raise click.ClickException(str(exc)) from None


@click.command()
@instance_option
def migrate(instance_path: str | None) -> None:
    """Create the event store's tables and migrate the read models, once.

    Run it before starting the server processes and the worker (the systemd units in ops/
    do); processes started together then never race to migrate.
    """
    for line in run_migrations(_load(instance_path)).lines():
        click.echo(line)


@click.command()
@instance_option
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
def backup(instance_path: str | None, folder: Path) -> None:
    """Copy the events and settings of a running SQLite instance into FOLDER.

    \b
    Example:
      troef backup --instance ./instance /srv/backups/troef-$(date +%F-%H%M)
    """
    try:
        made = take_backup(_load(instance_path), folder)
    except instances.InstanceError as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"Backed up {made.events} events (up to position {made.last_position}) to {folder}")


@click.command()
@instance_option
@click.argument(
    "folder", required=False, type=click.Path(exists=True, file_okay=False, path_type=Path)
)
def restore(instance_path: str | None, folder: Path | None) -> None:
    """Restore the backup in FOLDER into a new instance folder, then check it.

    Rebuilds the read models from the events and runs ``troef audit verify`` and
    ``troef projections check``; exits 1 if either finds a problem.

    \b
    PostgreSQL: restore the dump with pg_restore into a new database, point a new instance
    folder's troef.toml at it (docs/ops/backup.md), then run `troef restore --instance
    FOLDER` without a backup folder: it migrates, rebuilds the read models and checks.
    """
    target = instances.instance_dir(instance_path)
    if folder is None:
        restored = _load(str(target))
        if restored.event_env()["PERSISTENCE_MODULE"] != "eventsourcing.postgres":
            raise click.ClickException(
                "give the backup folder to restore (troef restore FOLDER); without one, "
                "the instance's store must be a PostgreSQL database restored with pg_restore"
            )
        click.echo(f"Checking the PostgreSQL store of {target} (restored with pg_restore)")
    else:
        try:
            made = put_back(folder, target)
        except instances.InstanceError as exc:
            raise click.ClickException(str(exc)) from None
        click.echo(f"Restored {made.events} events taken at {made.taken_at} into {target}")
    for line in run_migrations(_load(str(target))).lines():
        click.echo(line)
    steps = [["audit", "verify"], ["projections", "check"]]
    if folder is None:  # the folder's read models follow another database's positions
        steps.insert(0, ["projections", "rebuild"])
    failed = []
    for step in steps:
        click.echo(f"== troef {' '.join(step)}")
        command = [sys.executable, "-m", "backend.cli", *step, "--instance", str(target)]
        result = subprocess.run(command, capture_output=True, text=True)
        click.echo((result.stdout + result.stderr).rstrip().splitlines()[-1])
        if result.returncode != 0:
            failed.append(" ".join(step))
    if failed:
        raise click.ClickException(f"the restored instance failed: {', '.join(failed)}")
    click.echo("The restored instance passed troef audit verify and troef projections check.")

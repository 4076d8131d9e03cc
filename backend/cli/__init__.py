"""The ``troef`` command."""

from __future__ import annotations

import click

from .demo import demo
from .history import audit, init, projections, replay
from .ops import backup, migrate, restore
from .score import score
from .serve import serve
from .standings import standings


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="troef")
def main() -> None:
    """Troef: score lists for card clubs (wiezen, klaverjas, bridge, schafkopf)."""


for command in (
    score,
    init,
    migrate,
    audit,
    projections,
    replay,
    demo,
    standings,
    serve,
    backup,
    restore,
):
    main.add_command(command)

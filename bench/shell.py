"""The table app's shell and each game's part: what a phone fetches, gzipped as it travels.

Every URL in ``SHELL`` of ``pwa/sw.js`` (read by running the worker's own code in node) and in
each game's part (``PARTS`` of ``pwa/js/games.js`` with every module it imports, beyond the
shell) is fetched from the web app as served and gzipped at level 9; the sizes are summed for
the shell (all files, and JavaScript + CSS alone: the issue's budget ≤ 60 KB) and for the shell
with each game's part (what a phone of that game holds).

``python -m bench.shell [--out FILE]``
"""

from __future__ import annotations

import argparse
from pathlib import Path

from backend import instance
from backend.api import create_app
from tests.test_pwa_budget import CODE, game_files, gzipped, precached

from .common import publish, table, workdir


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    games = game_files()
    with workdir() as folder:
        instance.init(folder / "club", "Bench", "anna", "geheim-genoeg")
        web = create_app({"TROEF_INSTANCE": str(folder / "club"), "TROEF_WORKER": False})
        try:
            sizes = gzipped(web, precached())
            part = {game: gzipped(web, files) for game, files in games.items()}
        finally:
            web.extensions["troef"].close()
    code = {u: s for u, s in sizes.items() if u.endswith(CODE)}
    shell = sum(code.values())
    biggest = sorted(code.items(), key=lambda item: -item[1])[:6]
    rows = [
        ["shell: every precached file", len(sizes), f"{sum(sizes.values()) / 1024:.1f}"],
        ["shell: JavaScript + CSS", len(code), f"{shell / 1024:.1f}"],
        *[[f"of which `{url}`", 1, f"{size / 1024:.1f}"] for url, size in biggest],
        *[
            [
                f"{game}: its part / shell + part (JS + CSS)",
                len(files),
                f"{sum(files.values()) / 1024:.1f} / {(shell + sum(files.values())) / 1024:.1f}",
            ]
            for game, files in sorted(part.items())
        ],
    ]
    publish(
        "Troef benchmark: the table app's shell, gzipped",
        table(["files", "n", "KB gzipped (level 9)"], rows),
        args.out,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

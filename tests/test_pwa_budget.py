"""The table app's shell stays small, and every script a phone can import is there offline.

The shell is the list ``SHELL`` of ``pwa/sw.js``, read by running the worker's own code in
Node (so a file added to it counts at once): what every phone needs to start and join. Each
game's part (``PARTS`` of ``pwa/js/games.js``: its form, rules, play screens...) is loaded once
the phone knows its list's game, and the worker keeps it with every module it imports, found by
the worker's own ``importsOf``. Each URL is fetched from the app as a phone's service worker
does, gzipped as it travels; the sums must fit the budgets.
"""

from __future__ import annotations

import gzip
import json
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from backend import instance
from backend.api import create_app

PWA = Path(__file__).resolve().parents[1] / "pwa"
SHELL_BUDGET = 60 * 1024  # JavaScript + CSS of the shell (issue #14)
GAME_BUDGET = 110 * 1024  # the shell and one game's part, JavaScript + CSS
CODE = (".js", ".css", ".mjs")
READ_SHELL = """
const vm = require("vm");
const source = require("fs").readFileSync(process.argv[1], "utf8");
const self = { addEventListener() {} };
console.log(JSON.stringify(vm.runInNewContext(source + "\\n;SHELL", { self, caches: {} })));
"""


def precached(worker: Path = PWA / "sw.js") -> list[str]:
    """The URLs the service worker puts in its cache at install, as its own code says."""
    out = subprocess.run(
        ["node", "-e", READ_SHELL, str(worker)],
        check=True,
        capture_output=True,
        text=True,
    )
    return list(json.loads(out.stdout))


READ_IMPORTS = """
const vm = require("vm");
const fs = require("fs");
const [worker, root, ...files] = process.argv.slice(1);
const self = { addEventListener() {} };
const source = fs.readFileSync(worker, "utf8") + "\\n;importsOf";
const importsOf = vm.runInNewContext(source, { self, caches: {}, URL });
const found = {};
for (const file of files) {
  const url = "/" + file;
  found[url] = importsOf(fs.readFileSync(root + url, "utf8"), new URL(url, "https://troef.invalid"));
}
console.log(JSON.stringify(found));
"""


def scripts(pwa: Path = PWA) -> list[str]:
    """Every script and style sheet of the app, as URLs."""
    files = [*pwa.glob("js/**/*.js"), *pwa.glob("css/*.css")]
    return sorted(f"/{p.relative_to(pwa).as_posix()}" for p in files)


def imports(pwa: Path = PWA) -> dict[str, list[str]]:
    """Each script → the modules it imports, found by the service worker's own importsOf."""
    files = [url.lstrip("/") for url in scripts(pwa) if url.endswith(".js")]
    out = subprocess.run(
        ["node", "-e", READ_IMPORTS, str(pwa / "sw.js"), str(pwa), *files],
        check=True,
        capture_output=True,
        text=True,
    )
    return dict(json.loads(out.stdout))


def parts(pwa: Path = PWA) -> dict[str, str]:
    """Game → the module of its part, as the registry ``PARTS`` of js/games.js names it."""
    source = (pwa / "js" / "games.js").read_text()
    table = source[source.index("export const PARTS = {") :].split("};", 1)[0]
    return dict(re.findall(r'(\w+): "(/js/games/\w+\.js)"', table))


def closure(entries: list[str], graph: dict[str, list[str]]) -> set[str]:
    """The entries and every module they import, directly or not."""
    found: set[str] = set()
    queue = list(entries)
    while queue:
        url = queue.pop()
        if url not in found:
            found.add(url)
            queue.extend(graph.get(url, []))
    return found


def game_files(pwa: Path = PWA) -> dict[str, list[str]]:
    """Game → the files of its part beyond the shell (what the worker keeps once loaded)."""
    graph, shell = imports(pwa), set(precached(pwa / "sw.js"))
    return {game: sorted(closure([entry], graph) - shell) for game, entry in parts(pwa).items()}


def gzipped(app: Flask, urls: list[str]) -> dict[str, int]:
    """Each URL as the app serves it, gzipped at level 9 (its size as it travels)."""
    browser, sizes = app.test_client(), {}
    for url in urls:
        with browser.get(url) as answer:
            assert answer.status_code == 200, url  # one failure and the install fails
            sizes[url] = len(gzip.compress(answer.get_data(), 9))
    return sizes


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    folder = tmp_path_factory.mktemp("pwa") / "club"
    instance.init(folder, "De Troef", "anna", "geheim-genoeg")
    flask_app = create_app({"TESTING": True, "TROEF_INSTANCE": str(folder), "TROEF_WORKER": False})
    yield flask_app
    flask_app.extensions["troef"].close()


def test_the_shell_fits_in_60_kb_gzipped(app: Flask) -> None:
    sizes = gzipped(app, precached())
    code = {url: size for url, size in sizes.items() if url.endswith(CODE)}
    biggest = sorted(code.items(), key=lambda item: -item[1])[:5]
    total = sum(code.values())
    assert total <= SHELL_BUDGET, f"{total} bytes gzipped over {len(code)} files; biggest {biggest}"


def test_each_game_with_the_shell_fits_its_budget(app: Flask) -> None:
    shell = [url for url in precached() if url.endswith(CODE)]
    found = game_files()
    assert sorted(found) == ["bridge", "klaverjas", "schafkopf", "wiezen"]
    for game, files in found.items():
        assert files, f"{game}: its part has no file beyond the shell"
        total = sum(gzipped(app, [*shell, *files]).values())
        assert total <= GAME_BUDGET, f"{game}: {total} bytes gzipped, shell and part"


def test_the_shell_has_every_module_the_app_starts_with_and_no_games_part() -> None:
    shell = set(precached())
    started = closure(["/js/app.js"], imports())
    assert not started - shell, f"imported at start, not precached: {sorted(started - shell)}"
    extra = {url for url in shell if url.endswith(".js")} - started
    assert not extra, f"precached, never imported at start: {sorted(extra)}"


# Every game's rules at once, for the node tests and the shared vectors: no phone imports it.
NOT_IN_THE_APP = {"/js/rules/index.js"}


def test_every_script_is_in_the_shell_or_a_games_part() -> None:
    kept = set(precached()).union(*game_files().values(), NOT_IN_THE_APP)
    missing = [url for url in scripts() if url not in kept]
    assert scripts() and not missing, (
        f"neither precached nor kept with a game, so missing offline: {missing}"
    )


def test_a_games_part_is_loaded_only_through_the_registry() -> None:
    dynamic = [
        url
        for url in scripts()
        if url != "/js/games.js"
        and re.search(r"\bimport\s*\(", (PWA / url.lstrip("/")).read_text())
    ]
    assert not dynamic, f"import() outside js/games.js, so nothing keeps what it loads: {dynamic}"
    assert all((PWA / entry.lstrip("/")).is_file() for entry in parts().values()), parts()


def test_the_worker_finds_every_kind_of_import(tmp_path: Path) -> None:
    (tmp_path / "js").mkdir()
    (tmp_path / "sw.js").write_text((PWA / "sw.js").read_text())
    (tmp_path / "js" / "a.js").write_text(
        'import { x } from "./b.js";\nimport {\n  y,\n  z,\n} from "./views/c.js";\n'
        'import "../d.js";\nexport * as r from "./rules/e.js";\nexport { f } from "./f.js";\n'
        "const words = \"import nothing from 'here'\";\n"
    )
    assert imports(tmp_path)["/js/a.js"] == [
        "/js/b.js",
        "/js/views/c.js",
        "/d.js",
        "/js/rules/e.js",
        "/js/f.js",
    ]


def test_a_file_added_to_the_shell_is_in_what_is_measured(tmp_path: Path) -> None:
    sw = (PWA / "sw.js").read_text()
    grown = sw.replace('"/js/state.js",', '"/js/state.js", "/js/extra.js",', 1)
    assert grown != sw
    (tmp_path / "sw.js").write_text(grown)
    before, after = precached(), precached(tmp_path / "sw.js")
    assert sorted(after) == sorted([*before, "/js/extra.js"])

"""The CSV files as a spreadsheet opens them: LibreOffice Calc (headless, from Debian's
``libreoffice-calc-nogui``) loads each file with the semicolon, UTF-8 and a Dutch locale, and
with formulas evaluated, the way a club secretary's spreadsheet would; the test then reads
what Calc made of every cell (its type, value, shown text, and any formula)."""

from __future__ import annotations

import csv
import io
import re
import shutil
import subprocess
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree as ET

from flask import Flask
from flask.testing import FlaskClient

from backend.aggregates.actor import director
from backend.application import Command

from .conftest import bridge_pairs, four_spades_on_board_one, login
from .test_exports import played

# Field separator ';' (59), text quote '"' (34), UTF-8 (76), from line 1, standard columns,
# Dutch (1043), quoted fields not forced to text, special numbers detected, then the export
# tokens, and last: evaluate formulas (true), the setting under which an injection would run.
CSV_FILTER = "CSV:59,34,76,1,,1043,false,true,false,false,false,-1,true"
NS = {
    "table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
    "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
    "text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0",
}
NUMBER = re.compile(r"-?\d+(,\d+)?")
HOSTILE = {
    "p3": '=HYPERLINK("http://example.invalid/?x","klik")',
    "p4": "-Jan- de Smet",
    "p5": "@Piet",
    "p6": "+31 6 12345678",
}


@dataclass
class Cell:
    kind: str  # office:value-type: float, string, date, …
    value: str | None  # office:value of a number
    shown: str  # the text Calc shows
    formula: str | None


def _q(prefix: str, name: str) -> str:
    return f"{{{NS[prefix]}}}{name}"


def calc(paths: list[Path], out: Path) -> dict[str, list[list[Cell]]]:
    """Open every CSV file in LibreOffice Calc and return each one's cells, row by row."""
    soffice = shutil.which("soffice")
    assert soffice, "LibreOffice is needed: apt-get install libreoffice-calc-nogui"
    subprocess.run(
        [
            soffice,
            f"-env:UserInstallation=file://{out / 'profile'}",
            "--headless",
            f"--infilter={CSV_FILTER}",
            "--convert-to",
            "fods",
            "--outdir",
            str(out),
            *map(str, paths),
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )
    return {p.stem: _cells(out / f"{p.stem}.fods") for p in paths}


def _cells(path: Path) -> list[list[Cell]]:
    rows = []
    for row in ET.parse(path).getroot().iter(_q("table", "table-row")):
        cells: list[Cell] = []
        for c in row.iter(_q("table", "table-cell")):
            shown = "\n".join("".join(p.itertext()) for p in c.iter(_q("text", "p")))
            cell = Cell(
                c.get(_q("office", "value-type"), ""),
                c.get(_q("office", "value")),
                shown,
                c.get(_q("table", "formula")),
            )
            cells += [cell] * int(c.get(_q("table", "number-columns-repeated"), "1"))
        rows.append(cells)
    return rows


def visible(text: str) -> str:
    """What a reader sees: the text without zero-width format characters (category Cf)."""
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cf")


def test_calc_opens_the_csv_files_with_numbers_as_numbers_and_names_as_typed(
    web: Flask, client: FlaskClient, tmp_path: Path
) -> None:
    ev = played(web)
    app, cid = web.extensions["troef"].app, ev["competition_id"]
    for pid, name in HOSTILE.items():
        app.handle(director(), Command("rename_player", cid, {"player_id": pid, "name": name}))
    drawn = bridge_pairs(web)
    four_spades_on_board_one(web, drawn["lists"], [10, 8, 9])  # NS -50 and -100 too
    login(client)
    files = {
        "wiezen-standings": f"/api/competitions/{cid}/export/standings.csv",
        "wiezen-deals": f"/api/competitions/{cid}/export/deals.csv",
        "wiezen-players": f"/api/competitions/{cid}/export/players.csv",
        "bridge-travellers": f"/api/competitions/{drawn['competition_id']}/export/travellers.csv",
        "bridge-standings": f"/api/competitions/{drawn['competition_id']}/export/standings.csv",
    }
    texts, paths = {}, []
    for stem, url in files.items():
        answer = client.get(url)
        assert answer.status_code == 200
        texts[stem] = answer.get_data(as_text=True)
        paths.append(tmp_path / f"{stem}.csv")
        paths[-1].write_bytes(answer.data)
    sheets = calc(paths, tmp_path)

    numbers = negative = decimals = 0
    for stem, text in texts.items():
        written = list(csv.reader(io.StringIO(text.removeprefix("\ufeff")), delimiter=";"))
        cells = sheets[stem]
        assert len(cells) >= len(written) > 1
        for row, calc_row in zip(written, cells, strict=False):
            for field, cell in zip(row, calc_row, strict=False):
                assert cell.formula is None, f"{stem}: Calc made {field!r} a formula"
                if NUMBER.fullmatch(field):
                    assert cell.kind == "float", f"{stem}: {field!r} is {cell.kind}, not a number"
                    assert float(cell.value or "nan") == float(field.replace(",", "."))
                    numbers += 1
                    negative += field.startswith("-")
                    decimals += "," in field
                elif field:
                    assert not visible(cell.shown).startswith("'"), f"{stem}: {cell.shown!r}"
    assert numbers > 50 and negative > 5 and decimals > 5  # the check saw each kind

    players = sheets["wiezen-players"]
    shown = {row[0].shown: row[1] for row in players[1:] if row and row[0].shown}
    for pid, name in HOSTILE.items():
        cell = shown[pid]
        assert cell.kind == "string" and visible(cell.shown) == name  # as typed, nothing added
    standings = {visible(row[2].shown) for row in sheets["wiezen-standings"][1:] if len(row) > 2}
    assert set(HOSTILE.values()) <= standings

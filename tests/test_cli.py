"""The ``troef`` command as a person uses it: real processes, real files."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from backend.aggregates.actor import Actor, director
from backend.application import Command
from backend.instance import load

TROEF = [sys.executable, "-m", "backend.cli"]


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*TROEF, *args], input=stdin, capture_output=True, text=True, timeout=120, check=False
    )


def test_score_writes_one_line_per_record_and_exits_1_on_a_refusal() -> None:
    lines = [
        {
            "game": "wiezen",
            "seats": {"1": "a", "2": "b", "3": "c", "4": "d"},
            "dealer": 1,
            "contract": "VRAAG",
            "declarers": [2, 4],
            "tricks": 10,
        },
        {
            "game": "klaverjas",
            "seats": {"N": "a", "E": "b", "S": "c", "W": "d"},
            "dealer": "S",
            "playing": "EW",
            "card_points": {"NS": 64, "EW": 99},
            "tricks": {"NS": 3, "EW": 5},
            "roem": [],
        },
        {"game": "bridge", "board": 0, "contract": None},
        {
            "game": "schafkopf",
            "seats": {"1": "a", "2": "b", "3": "c", "4": "d"},
            "dealer": 4,
            "type": "SOLO",
            "declarer": 2,
            "decl_augen": 91,
            "decl_tricks": 6,
            "spritze": True,
        },
    ]
    done = run("score", stdin="\n".join(json.dumps(x) for x in lines) + "\nnot json\n")
    assert done.returncode == 1
    out = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(out) == 5
    assert out[0]["points"] == {"1": -4, "2": 4, "3": -4, "4": 4}
    assert "Wiezen ART 7" in out[0]["explain"][0]
    assert out[1]["error"]["field"].startswith("card_points")
    assert out[2]["error"]["field"] == "board"
    assert out[3]["error"]["field"] == "spritze"
    assert out[4]["error"]["field"] == "record"
    assert "Traceback" not in done.stderr


def test_score_exits_0_when_every_record_scored() -> None:
    record = {
        "game": "bridge",
        "board": 2,
        "contract": {"level": 4, "strain": "S", "dbl": 0},
        "declarer": "S",
        "tricks": 11,
    }
    done = run("score", stdin=json.dumps(record) + "\n")
    assert done.returncode == 0
    assert json.loads(done.stdout)["score"] == 650


def test_score_with_a_club_rule_set_from_a_file(tmp_path: Path) -> None:
    club = tmp_path / "club.json"
    club.write_text(
        json.dumps(
            {
                "id": "onze-club",
                "base": "schafkopf-tsv-lengfeld",
                "options": {"schneider_defender_limit": 30},
            }
        )
    )
    record = {
        "game": "schafkopf",
        "seats": {"1": "a", "2": "b", "3": "c", "4": "d"},
        "type": "SOLO",
        "declarer": 2,
        "decl_augen": 90,
        "decl_tricks": 6,
    }
    plain = json.loads(run("score", stdin=json.dumps(record)).stdout)
    house = json.loads(run("score", "--rules", str(club), stdin=json.dumps(record)).stdout)
    assert plain["points"]["2"] == 9  # 90 is not schneider under S-D1
    assert house["points"]["2"] == 12  # the club counts defenders with 30 as schneider
    bad = run("score", "--rules", "no-such-rules", stdin=json.dumps(record))
    assert bad.returncode == 2 and "no rule set" in bad.stderr


def test_score_help_shows_an_example_per_game_and_the_presets() -> None:
    done = run("score", "--help")
    assert done.returncode == 0
    for word in ("wiezen", "klaverjas", "bridge", "schafkopf", "wiezen-reglement-2019"):
        assert word in done.stdout


def test_every_command_has_help() -> None:
    from backend.cli import main

    def walk(group, prefix=()):  # type: ignore[no-untyped-def]
        for name, command in group.commands.items():
            yield (*prefix, name), command
            if hasattr(command, "commands"):
                yield from walk(command, (*prefix, name))

    runner = CliRunner()
    for path, command in walk(main):
        assert command.help, f"troef {' '.join(path)} has no help"
        result = runner.invoke(main, [*path, "--help"])
        assert result.exit_code == 0, result.output
        assert "Usage: " in result.output


def test_init_verify_tamper_and_check(tmp_path: Path) -> None:
    folder = tmp_path / "club"
    done = run("init", "--instance", str(folder), "--club", "De Troef", "--password", "geheim")
    assert done.returncode == 0 and "geheim" in done.stdout
    assert run("init", "--instance", str(folder)).returncode == 1  # never overwrite a club
    inst = load(folder)
    app, views = inst.open()
    boss: Actor = director()
    cid = app.handle(
        boss,
        Command("create_competition", None, {"name": "Zondagen", "rules": "wiezen-reglement-2019"}),
    )
    players = [
        app.handle(boss, Command("enrol_player", cid, {"name": n}))
        for n in ("An", "Bert", "Carla", "Dirk")
    ]
    app.handle(boss, Command("schedule_evening", cid, {"date": "2026-03-01"}))
    for p in players:
        app.handle(
            boss,
            Command("record_attendance", cid, {"evening": 1, "player_id": p, "status": "present"}),
        )
    list_id = app.handle(boss, Command("draw_seating", cid, {"evening": 1, "seed": "5"}))["lists"][
        0
    ]["list_id"]
    app.handle(
        boss,
        Command(
            "record_deal",
            list_id,
            {
                "deal_no": 1,
                "record": {"dealer": 1, "contract": "VRAAG", "declarers": [1, 3], "tricks": 9},
            },
        ),
    )
    app.close()
    views.close()
    assert run("audit", "verify", "--instance", str(folder)).returncode == 0
    assert run("projections", "check", "--instance", str(folder)).returncode == 0
    replayed = run("replay", "--instance", str(folder), list_id, "--deal", "1")
    assert replayed.returncode == 0 and "Wiezen ART 7" in replayed.stdout
    with sqlite3.connect(folder / "events.sqlite") as conn:
        conn.execute(
            "UPDATE stored_events SET state = replace(state, '\"tricks\":9', "
            "'\"tricks\":13') WHERE originator_id = ?",
            [list_id.replace("-", "")],
        )
    broken = run("audit", "verify", "--instance", str(folder))
    assert broken.returncode == 1 and "BROKEN" in broken.stdout


@pytest.mark.parametrize("args", [["replay", "nope"], ["audit", "verify"]])
def test_commands_on_a_folder_that_is_no_instance_say_so(tmp_path: Path, args: list[str]) -> None:
    done = run(*args, "--instance", str(tmp_path / "missing"))
    assert done.returncode == 1
    assert "troef init" in done.stderr and "Traceback" not in done.stderr


def test_restore_without_a_backup_folder_is_for_a_restored_postgresql_store_only(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "club"
    assert run("init", "--instance", str(folder), "--club", "De Troef").returncode == 0
    done = run("restore", "--instance", str(folder))
    assert done.returncode == 1
    assert "give the backup folder to restore" in done.stderr
    assert "PostgreSQL database restored with pg_restore" in done.stderr

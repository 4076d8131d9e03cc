"""Migration m016: audit trail rows written before a table card's, play mode's and a claim's
fields were kept in ``details`` get them from their summaries, exactly as a rebuild writes
them, and no other row changes (#16, item 20)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from backend.aggregates.actor import Actor
from backend.application import Command, Troef
from backend.projections.audit_upgrade import SUMMARIES
from backend.projections.models import ReadModels

from ..aggregates.test_play_claims import answer, claim, wiezen
from ..aggregates.test_play_mode import play


def test_the_four_events_written_before_their_details_get_them_from_their_summaries(
    wired: tuple[Troef, ReadModels], boss: Actor, tmp_path: Path
) -> None:
    app, views = wired
    list_id, scorer = wiezen(app, boss)
    play(app, scorer, list_id, "1:SA 2:S7 3:S5 4:S3")
    claim(app, scorer, list_id, "1", 10)
    answer(app, scorer, list_id, False, "not all of them")
    app.handle(
        boss, Command("reissue_table_code", list_id, {"expires": "2026-12-01T23:00:00+01:00"})
    )
    switched = not app.get_list(list_id).in_play_mode
    app.handle(boss, Command("set_play_mode", list_id, {"on": switched}))
    views.catch_up(app)
    fresh = views.dump()
    events = {r["event"]: json.loads(r["details"]) for r in views.rows(
        "SELECT event, details FROM audit_trail WHERE aggregate_id = ?", [list_id]
    )}  # fmt: skip
    assert events["ClaimMade"] == {
        "deal_no": 1, "seat": "1", "claim_no": 1, "tricks": 10, "remaining": 12,
    }  # fmt: skip
    assert events["ClaimAnswered"]["accepted"] is False
    reissued = events["TableCodeReissued"]
    assert reissued["generation"] == 1 and reissued["expires"].startswith("2026-12-01")
    assert events["PlayModeSet"] == {"deal_no": None, "on": switched}
    path = views.path
    views.close()
    with sqlite3.connect(path) as conn:  # the details as the version before m016 wrote them
        for position, details in conn.execute(
            f"SELECT position, details FROM audit_trail WHERE kind = 'ScoreList' "
            f"AND event IN ({', '.join('?' for _ in SUMMARIES)})",
            list(SUMMARIES),
        ).fetchall():
            old: dict[str, Any] = json.loads(details)
            for key in ("on", "generation", "expires", "claim_no", "tricks", "remaining"):
                old.pop(key, None)
            old.pop("accepted", None)
            conn.execute(
                "UPDATE audit_trail SET details = ? WHERE position = ?",
                [json.dumps(old), position],
            )
        assert conn.execute(
            "SELECT count(*) FROM audit_trail WHERE details LIKE '%\"tricks\"%'"
        ).fetchone() == (0,)
        conn.execute("DELETE FROM _sqlite_migrations WHERE name LIKE 'm016_%'")
    reopened = ReadModels(path)
    assert reopened.dump() == fresh
    reopened.close()

"""Disputes and rulings at a card of a played deal, and a corrected record checked against the
recorded play unless the director overrides it (docs/play-mode.md, "Rulings on a played deal")."""

from __future__ import annotations

from typing import Any

import pytest

from backend.aggregates.actor import Actor
from backend.aggregates.errors import InvalidInput
from backend.application import Command, Troef

from ..conftest import phone
from . import test_hand_records as hand_records


def stored_events(app: Troef) -> int:
    return app.recorder.max_notification_id() or 0


def played_board(app: Troef, boss: Actor) -> tuple[str, dict[str, Any], list[str]]:
    """A bridge board bid 1NT by N and played out by its hand record; the list, the record."""
    _, _, list_id, record, played = hand_records.played_board(app, boss)
    return list_id, record, played


def test_a_dispute_and_a_ruling_name_the_card_they_are_about(app: Troef, boss: Actor) -> None:
    list_id, _, _ = played_board(app, boss)
    raised = app.handle(
        phone("A"),
        Command("raise_dispute", list_id, {"deal_no": 1, "reason": "revoke?", "at_card": 7}),
    )
    assert app.get_list(list_id).disputes[0] == {
        "dispute_no": raised["dispute_no"], "deal_no": 1, "reason": "revoke?", "ruling": None,
        "at_card": 7,
    }  # fmt: skip
    before = stored_events(app)
    for at_card, words in ((53, "has 52 cards played"), (0, "at least 1")):
        with pytest.raises(InvalidInput) as refused:
            args = {"deal_no": 1, "reason": "x", "at_card": at_card}
            app.handle(phone("A"), Command("raise_dispute", list_id, args))
        assert refused.value.field == "at_card" and words in refused.value.message
    assert stored_events(app) == before
    ruling = {"deal_no": 1, "decision": "upheld", "reason": "followed suit", "at_card": 7}
    app.handle(boss, Command("give_ruling", list_id, ruling, key="rule-1"))
    app.handle(boss, Command("give_ruling", list_id, ruling, key="rule-1"))  # once
    sl = app.get_list(list_id)
    assert sl.disputes[0]["ruling"] is not None
    given = [e for e in app.repository.event_store.get(sl.id) if type(e).__name__ == "RulingGiven"]
    assert len(given) == 1 and given[0].at_card == 7 and given[0].override_play is False
    # a dispute raised without a card (as before) and the ruling's new fields keep every
    # hash chain whole: the hash covers the fields' defaults as stored
    app.handle(phone("A"), Command("raise_dispute", list_id, {"deal_no": 1, "reason": "again"}))
    assert "at_card" not in app.get_list(list_id).disputes[1]
    assert app.verify().ok


def test_a_correction_against_the_play_is_refused_unless_the_director_overrides_it(
    app: Troef, boss: Actor
) -> None:
    list_id, record, _ = played_board(app, boss)
    wrong = record | {"tricks": (record["tricks"] + 3) % 14}
    correct = {"deal_no": 1, "decision": "corrected", "reason": "miscounted", "record": wrong}
    before = stored_events(app)
    with pytest.raises(InvalidInput) as refused:
        app.handle(boss, Command("give_ruling", list_id, correct))
    assert refused.value.field == "record.tricks"
    assert "the play gives" in refused.value.message
    assert "override_play" in refused.value.message
    assert stored_events(app) == before
    assert app.get_list(list_id).rows[0]["record"]["tricks"] == record["tricks"]
    # the director rules deliberately against the cards (a claim contested, Law 70): it stands
    app.handle(boss, Command("give_ruling", list_id, correct | {"override_play": True}))
    row = app.get_list(list_id).rows[0]
    assert row["corrected"] and row["record"]["tricks"] == wrong["tricks"]
    # a correction that agrees with the play needs no override
    fixed = correct | {"record": record, "reason": "back to the cards"}
    app.handle(boss, Command("give_ruling", list_id, fixed))
    assert app.get_list(list_id).rows[0]["record"]["tricks"] == record["tricks"]

"""start_play refuses a game the list's rule set does not admit, as the scorer does."""

from __future__ import annotations

import pytest

from backend.aggregates.actor import Actor
from backend.aggregates.errors import InvalidInput
from backend.aggregates.score_list import ScoreList
from backend.application import Command, Troef
from backend.rules import find_ruleset

from .helpers import SCHAFKOPF_SEATS, open_list
from .test_play_mode import SCHAFKOPF_HANDS, pen


def start(app: Troef, actor: Actor, list_id: str, kind: str) -> dict:
    contract = {"type": kind, "declarer": 1}
    context = {"hands": SCHAFKOPF_HANDS, "leader": 1, "contract": contract}
    return app.handle(actor, Command("start_play", list_id, {"deal_no": 1, "context": context}))


@pytest.mark.parametrize("kind", ["WENZ", "GEIER"])
def test_wenz_and_geier_are_refused_under_the_tsv_lengfeld_rules(
    app: Troef, boss: Actor, kind: str
) -> None:
    list_id = open_list(app, boss)
    scorer = pen(app, list_id)
    version = app.get_list(list_id).version
    with pytest.raises(InvalidInput, match=r"Nr\. 2 admits Rufspiel, Solo and Solo-Tout") as no:
        start(app, scorer, list_id, kind)
    assert no.value.field == "context.contract.type"
    assert "S-D5" in no.value.message and kind in no.value.message
    assert app.get_list(list_id).version == version
    assert app.get_list(list_id).play == {}


def test_a_club_that_admits_wenz_and_geier_can_play_them(app: Troef, boss: Actor) -> None:
    rules = find_ruleset("schafkopf-tsv-lengfeld").derive(
        "club-met-wenz", "Our club: Wenz and Geier too", {"admit_wenz_geier": True}
    )
    sl = ScoreList.open(
        competition_id="c-wenz",
        evening=1,
        round=1,
        table=1,
        draw=1,
        rules=rules,
        seats=SCHAFKOPF_SEATS,
        planned_deals=2,
        actor=boss,
    )
    app.save(sl)
    scorer = pen(app, str(sl.id))
    assert start(app, scorer, str(sl.id), "WENZ")["sides"] == {
        "declaring": ["1"],
        "defending": ["2", "3", "4"],
    }

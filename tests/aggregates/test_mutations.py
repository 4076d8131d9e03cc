"""Synced mutations: every shape of bad input is refused inside the command, once."""

from __future__ import annotations

import pytest

from backend.aggregates.actor import Actor
from backend.aggregates.errors import InvalidInput, NotFound
from backend.application import Command, Troef

from ..conftest import phone
from .helpers import open_list, solo


@pytest.mark.parametrize(
    ("name", "args", "field"),
    [
        ("fly", {}, "name"),
        (None, {}, "name"),
        ("record_deal", [], "args"),
        ("record_deal", {"deal_no": 1}, "record"),
        ("record_deal", {"deal_no": 1, "record": {}, "extra": 1}, "extra"),
        ("record_deal", {"deal_no": "one", "record": solo()}, "deal_no"),
        ("record_deal", {"deal_no": 1, "record": {**solo(), "decl_augen": 121}}, "decl_augen"),
    ],
)
def test_a_malformed_mutation_is_refused_and_uses_up_its_id(
    app: Troef, boss: Actor, name: object, args: object, field: str
) -> None:
    list_id = open_list(app, boss)
    app.handle(phone("A", 1), Command("join", list_id, {}))
    with pytest.raises(InvalidInput) as refused:
        app.handle(phone("A", 2), Command(name, list_id, args))
    assert refused.value.field == field
    # the next id follows on: the refused one was used up, nothing was appended
    assert (
        app.handle(
            phone("A", 3), Command("record_deal", list_id, {"deal_no": 1, "record": solo()})
        )["points"]["2"]
        == 12
    )
    assert len(app.get_list(list_id).rows) == 1


def test_a_mutation_for_an_unknown_list_is_refused_as_not_found(app: Troef) -> None:
    with pytest.raises(NotFound):
        app.handle(phone("A", 1), Command("join", "not-a-list", {}))
    device = app.get_device("A", "not-a-list")
    assert device is not None and device.last_mutation_id == 1

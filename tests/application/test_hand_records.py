"""Bridge hand records: an evening's deals loaded from PBN, and the play of a board from them."""

from __future__ import annotations

import random
from typing import Any

import pytest

from backend.aggregates.actor import Actor
from backend.aggregates.errors import Forbidden, InvalidInput
from backend.application import Command, Troef
from backend.rules import bridge_play
from backend.rules.errors import PlayError
from backend.rules.games import default_ruleset
from backend.rules.pbn_deals import deal_text, read_games

from ..conftest import phone

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def dealt(seed: int) -> dict[str, list[str]]:
    deck = [s + r for s in "SHDC" for r in RANKS]
    random.Random(seed).shuffle(deck)
    return {seat: deck[13 * i : 13 * (i + 1)] for i, seat in enumerate("NESW")}


def same(hands: dict[str, list[str]]) -> dict[str, list[str]]:
    return {seat: sorted(cards) for seat, cards in hands.items()}


def pbn_file(boards: range) -> str:
    """A dealing machine's file: one game per board, with the tags it writes."""
    games = []
    for n in boards:
        dealer = "NESW"[(n - 1) % 4]
        games.append(
            "\n".join(
                [
                    '[Event "Dealt"]',
                    f'[Board "{n}"]',
                    f'[Dealer "{dealer}"]',
                    '[Vulnerable "None"]',
                    f'[Deal "{deal_text(dealt(n), dealer)}"]',
                    "{generated}",
                ]
            )
        )
    return "% PBN 2.1\n" + "\n\n".join(games) + "\n"


def stored_events(app: Troef) -> int:
    return app.recorder.max_notification_id() or 0


def bridge_evening(app: Troef, boss: Actor) -> tuple[str, list[dict[str, Any]]]:
    """Six pairs drawn into a Mitchell of 3 boards a round; the competition and its lists."""
    rules = default_ruleset("bridge").ref
    cid = app.handle(boss, Command("create_competition", None, {"name": "Di", "rules": rules}))
    pairs = [
        app.handle(boss, Command("enrol_player", cid, {"name": f"Paar {i}"})) for i in range(1, 7)
    ]
    app.handle(boss, Command("schedule_evening", cid, {"date": "2026-04-07"}))
    for pid in pairs:
        attend = {"evening": 1, "player_id": pid, "status": "present"}
        app.handle(boss, Command("record_attendance", cid, attend))
    drawn = app.handle(boss, Command("draw_seating", cid, {"evening": 1, "seed": "7"}))
    return cid, drawn["lists"]


def load(app: Troef, boss: Actor, cid: str, text: str, key: str | None = None) -> Any:
    boards = read_games(text)
    return app.handle(
        boss, Command("load_hand_records", cid, {"evening": 1, "boards": boards}, key=key)
    )


def test_a_dealing_machines_file_is_read_board_by_board() -> None:
    boards = read_games(pbn_file(range(1, 4)))
    assert [b["board"] for b in boards] == [1, 2, 3]
    assert [b["dealer"] for b in boards] == ["N", "E", "S"]
    assert all(b["deal"].startswith("N:") for b in boards)


@pytest.mark.parametrize(
    ("broken", "words"),
    [
        (lambda t: t.replace('[Board "2"]', '[Board "two"]'), "board two, [Board]"),
        (lambda t: t.replace(deal_text(dealt(2), "E"), "E:AKQ.JT9"), "board 2, [Deal]"),
        (
            lambda t: t.replace(deal_text(dealt(3), "S"), deal_text(dealt(3), "S")[:-1] + "Z"),
            "board 3, [Deal]: 'Z'",
        ),
        (lambda t: t.replace('[Dealer "E"]', '[Dealer "Q"]'), "board 2, [Dealer]"),
    ],
)
def test_a_malformed_file_is_refused_naming_the_board_and_the_tag(broken: Any, words: str) -> None:
    with pytest.raises(PlayError) as refused:
        read_games(broken(pbn_file(range(1, 4))))
    assert refused.value.field == "pbn"
    assert words in refused.value.message


def test_the_director_loads_an_evenings_deals_once(app: Troef, boss: Actor) -> None:
    cid, _ = bridge_evening(app, boss)
    text = pbn_file(range(1, 10))
    answer = load(app, boss, cid, text, key="load-1")
    assert answer == {"boards": list(range(1, 10)), "changed": list(range(1, 10))}
    record = app.get_competition(cid).hand_record(1, 5)
    assert record is not None and record["dealer"] == "N"
    assert same(record["hands"]) == same(dealt(5))
    before = stored_events(app)
    assert load(app, boss, cid, text, key="load-1") == answer  # the same key: the first answer
    assert load(app, boss, cid, text)["changed"] == []  # the same deals again: nothing new
    assert stored_events(app) == before


def test_a_refused_load_stores_nothing(app: Troef, boss: Actor) -> None:
    cid, _ = bridge_evening(app, boss)
    boards = read_games(pbn_file(range(1, 4)))
    before = stored_events(app)
    twice = [{**boards[1], "deal": boards[1]["deal"].replace("A", "K", 1)}]
    cases = [
        ({"evening": 1, "boards": [boards[0], twice[0]]}, "boards[1].deal", "board 2, [Deal]"),
        ({"evening": 1, "boards": [{**boards[0], "dealer": "W"}]}, "boards[0].dealer", "§B6"),
        ({"evening": 1, "boards": [boards[0], boards[0]]}, "boards[1].board", "twice"),
        ({"evening": 1, "boards": []}, "boards", "list of boards"),
    ]
    for args, field, words in cases:
        with pytest.raises(InvalidInput) as refused:
            app.handle(boss, Command("load_hand_records", cid, args))
        assert refused.value.field == field and words in refused.value.message, refused.value
    with pytest.raises(Forbidden):
        app.handle(phone("A"), Command("load_hand_records", cid, {"evening": 1, "boards": boards}))
    assert stored_events(app) == before
    wiezen = app.handle(
        boss, Command("create_competition", None, {"name": "Z", "rules": "wiezen-reglement-2019"})
    )
    app.handle(boss, Command("schedule_evening", wiezen, {"date": "2026-04-07"}))
    with pytest.raises(InvalidInput) as refused:
        app.handle(boss, Command("load_hand_records", wiezen, {"evening": 1, "boards": boards}))
    assert refused.value.field == "boards" and "bridge" in refused.value.message


def test_a_board_is_played_with_its_dealt_hands_and_a_card_not_held_is_refused(
    app: Troef, boss: Actor
) -> None:
    cid, lists = bridge_evening(app, boss)
    load(app, boss, cid, pbn_file(range(1, 10)))
    entry = lists[0]
    board = entry["boards"][0]
    list_id = entry["list_id"]
    app.handle(phone("A"), Command("join", list_id))
    start = {"deal_no": 1, "context": {"leader": "E", "strain": "NT"}}
    app.handle(phone("A"), Command("start_play", list_id, start))
    state = app.get_list(list_id).play["1"]
    assert state["context"]["board"] == board and state["context"]["hand_record"] is True
    assert same(state["hands"]) == same(dealt(board))
    not_held = dealt(board)["N"][0]
    before = stored_events(app)
    with pytest.raises(InvalidInput) as refused:
        card = {"deal_no": 1, "seat": "E", "card": not_held}
        app.handle(phone("A"), Command("play_card", list_id, card))
    assert refused.value.field == "card"
    assert refused.value.message == (
        f"{not_held} is not in seat E's hand (the hand record of board {board})"
    )
    assert stored_events(app) == before
    lead = dealt(board)["E"][0]
    app.handle(phone("A"), Command("play_card", list_id, {"deal_no": 1, "seat": "E", "card": lead}))


def test_a_table_that_taps_other_hands_than_the_dealt_ones_is_refused(
    app: Troef, boss: Actor
) -> None:
    cid, lists = bridge_evening(app, boss)
    load(app, boss, cid, pbn_file(range(1, 10)))
    list_id = lists[0]["list_id"]
    board = lists[0]["boards"][0]
    app.handle(phone("A"), Command("join", list_id))
    wrong = dealt(board + 20)
    before = stored_events(app)
    start = {"deal_no": 1, "context": {"hands": wrong, "leader": "E", "strain": "NT"}}
    with pytest.raises(InvalidInput) as refused:
        app.handle(phone("A"), Command("start_play", list_id, start))
    assert refused.value.field == "context.hands.N"
    assert f"the hand record of board {board} deals N" in refused.value.message
    assert stored_events(app) == before


def play_out(app: Troef, actor: Actor, list_id: str, deal_no: int = 1) -> list[str]:
    """Play every card of a started bridge deal: each seat its lowest legal card."""
    played = []
    while (state := app.get_list(list_id).play[str(deal_no)])["turn"] is not None:
        seat = state["turn"]
        last = state["tricks"][-1] if state["tricks"] else None
        trick = last["cards"] if last and not last["winner"] else []
        led = bridge_play.parse_card(trick[0]["card"]).suit if trick else None
        chosen = str(bridge_play.legal_cards(state["hands"][seat], led)[0])
        card = {"deal_no": deal_no, "seat": seat, "card": chosen}
        app.handle(actor, Command("play_card", list_id, card))
        played.append(chosen)
    return played


ONE_NT = [("N", {"level": 1, "strain": "NT"}), ("E", "pass"), ("S", "pass"), ("W", "pass")]


def played_board(
    app: Troef, boss: Actor, auction: list[tuple[str, Any]] = ONE_NT, with_lead: bool = True
) -> tuple[str, list[dict[str, Any]], str, dict[str, Any], list[str]]:
    """A bridge evening with its hand records, its first board bid as ``auction`` (led by E),
    played out and recorded from the play (without the lead unless ``with_lead``).

    :returns: the competition, its lists, the played list, the record and the cards played.
    """
    cid, lists = bridge_evening(app, boss)
    load(app, boss, cid, pbn_file(range(1, 10)))
    list_id, board = lists[0]["list_id"], lists[0]["boards"][0]
    scorer = phone("A")
    app.handle(scorer, Command("join", list_id))
    start = {"deal_no": 1, "context": {"leader": "E", "strain": "NT"}}
    app.handle(scorer, Command("start_play", list_id, start))
    for seat, bid in auction:
        app.handle(scorer, Command("make_bid", list_id, {"deal_no": 1, "seat": seat, "bid": bid}))
    played = play_out(app, scorer, list_id)
    facts = app.get_list(list_id).facts_from_play(1)
    record = {k: v for k, v in facts.items() if with_lead or k != "lead"} | {"board": board}
    app.handle(scorer, Command("record_deal", list_id, {"deal_no": 1, "record": record}))
    return cid, lists, list_id, record, played


def test_a_played_boards_record_carries_its_opening_lead_for_the_traveller(
    app: Troef, boss: Actor
) -> None:
    cid, lists = bridge_evening(app, boss)
    load(app, boss, cid, pbn_file(range(1, 10)))
    list_id, board = lists[0]["list_id"], lists[0]["boards"][0]
    app.handle(phone("A"), Command("join", list_id))
    start = {"deal_no": 1, "context": {"leader": "E", "strain": "NT"}}
    app.handle(phone("A"), Command("start_play", list_id, start))
    for seat, bid in [("N", {"level": 1, "strain": "NT"}), ("E", "pass"), ("S", "pass")]:
        bid_args = {"deal_no": 1, "seat": seat, "bid": bid}
        app.handle(phone("A"), Command("make_bid", list_id, bid_args))
    app.handle(phone("A"), Command("make_bid", list_id, {"deal_no": 1, "seat": "W", "bid": "pass"}))
    played = play_out(app, phone("A"), list_id)
    facts = app.get_list(list_id).facts_from_play(1)
    assert facts["lead"] == played[0]
    record = {k: v for k, v in facts.items() if k != "lead"} | {"board": board}
    app.handle(phone("A"), Command("record_deal", list_id, {"deal_no": 1, "record": record}))
    assert app.get_list(list_id).rows[0]["record"]["lead"] == played[0]

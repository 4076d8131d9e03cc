"""USEBIO 1.2 export: every evening of the demo season validates against the DTD shipped in
tests/data (lxml), nests as the DTD gives, and carries the elements federation importers stop
without, empty where Troef does not know the value."""

from __future__ import annotations

import copy
import random
from importlib import metadata
from typing import Any

from lxml import etree

from backend.exports import usebio
from backend.exports.bridge_session import session

from .conftest import DTD

SYSTEM_URL = "http://www.usebio.org/files/usebio_v1_2.dtd"


def parse(data: bytes) -> etree._Element:
    """The document, read without loading the DTD it names (no network in a test)."""
    parser = etree.XMLParser(load_dtd=False, no_network=True, resolve_entities=False)
    return etree.fromstring(data, parser)


def errors(root: etree._Element) -> list[str]:
    dtd = etree.DTD(str(DTD))
    return [] if dtd.validate(root) else [str(e) for e in dtd.error_log.filter_from_errors()]


def test_every_evening_validates_against_the_dtd_and_names_it_by_its_url(
    bridge_season: dict[str, Any],
) -> None:
    for n, ev in bridge_season["evenings"].items():
        root = parse(ev["usebio"])
        assert errors(root) == [], n
        doc = root.getroottree().docinfo
        assert (doc.root_name, doc.system_url) == ("USEBIO", SYSTEM_URL)
        assert root.get("Version") == "1.2"


def test_the_dtd_refuses_what_breaks_it(bridge_season: dict[str, Any]) -> None:
    root = parse(bridge_season["evenings"][1]["usebio"])
    no_score = copy.deepcopy(root)
    line = no_score.find(".//TRAVELLER_LINE")
    line.remove(line.find("SCORE"))
    no_club = copy.deepcopy(root)
    no_club.find("CLUB").remove(no_club.find("CLUB/CLUB_ID_NUMBER"))
    no_type = copy.deepcopy(root)
    del no_type.find("EVENT").attrib["EVENT_TYPE"]
    for broken in (no_score, no_club, no_type):
        assert errors(broken), "a document the DTD does not allow is refused"


def test_participants_and_boards_sit_in_session_and_section(
    bridge_season: dict[str, Any],
) -> None:
    for ev in bridge_season["evenings"].values():
        root = parse(ev["usebio"])
        (section,) = root.findall("EVENT/SESSION/SECTION")
        assert root.find("EVENT/PARTICIPANTS") is None and root.find("EVENT/BOARD") is None
        pairs = section.findall("PARTICIPANTS/PAIR")
        results = {p["player_id"]: p for p in ev["picture"]["evening_results"]}
        assert {int(p.findtext("PAIR_NUMBER")) for p in pairs} == {int(pid[1:]) for pid in results}
        for pair in pairs:
            row = results[f"p{pair.findtext('PAIR_NUMBER')}"]
            assert round(float(pair.findtext("PERCENTAGE")) * 100) == row["points"]
        lines = section.findall("BOARD/TRAVELLER_LINE")
        assert len(lines) == sum(len(b["results"]) for b in ev["travellers"])
        assert root.find("HANDSET") is None, "the demo does not know the hands"


def test_every_element_an_importer_needs_is_there_empty_when_unknown(
    bridge_season: dict[str, Any],
) -> None:
    identifiers = set()
    for n, ev in bridge_season["evenings"].items():
        root = parse(ev["usebio"])
        assert root.find("CLUB/CLUB_ID_NUMBER") is not None
        assert root.findtext("CLUB/CLUB_ID_NUMBER") in ("", None)
        assert root.findtext("EVENT/PROGRAM_NAME") == "Troef"
        assert root.findtext("EVENT/PROGRAM_VERSION") == metadata.version("troef")
        identifier = root.findtext("EVENT/EVENT_IDENTIFIER")
        assert identifier and bridge_season["competition_id"] in identifier
        assert parse(ev["again"]).findtext("EVENT/EVENT_IDENTIFIER") == identifier
        identifiers.add(identifier)
        for pair in root.iter("PAIR"):
            players = pair.findall("PLAYER")
            assert len(players) == 2, "a bridge pair is two players"
            for player in players:
                assert player.findtext("PLAYER_NAME")
                assert player.find("NATIONAL_ID_NUMBER") is not None
        assert root.findtext("EVENT/DATE").count("/") == 2, n
    assert len(identifiers) == len(bridge_season["evenings"]), "one identifier per evening"


def test_federation_numbers_and_hands_are_written_when_the_picture_has_them(
    bridge_season: dict[str, Any],
) -> None:
    pic = copy.deepcopy(bridge_season["evenings"][1]["picture"])
    pic["club_id"] = "4711"
    for i, player in enumerate(pic["players"]):
        player["national_ids"] = [f"{1000 + 2 * i}", f"{1001 + 2 * i}"]
    deck = [s + r for s in "SHDC" for r in ("A", "K", "Q", "J", "10", *"98765432")]
    random.Random(5).shuffle(deck)
    hands = {seat: deck[i * 13 : (i + 1) * 13] for i, seat in enumerate("NESW")}
    pic["hands"] = [{"evening": 1, "board": 3, "hands": hands}]
    root = parse(usebio.write(session(pic, 1)).encode())
    assert errors(root) == []
    assert root.findtext("CLUB/CLUB_ID_NUMBER") == "4711"
    pair = next(p for p in root.iter("PAIR") if p.findtext("PAIR_NUMBER") == "1")
    first = next(p for p in pic["players"] if p["player_id"] == "p1")
    assert [p.findtext("NATIONAL_ID_NUMBER") for p in pair.findall("PLAYER")] == first[
        "national_ids"
    ]
    (board,) = root.findall("HANDSET/BOARD")
    assert board.findtext("BOARD_NUMBER") == "3"
    for hand in board.findall("HAND"):
        held = hands[hand.findtext("DIRECTION")]
        for suit, element in (("S", "SPADES"), ("H", "HEARTS"), ("D", "DIAMONDS"), ("C", "CLUBS")):
            ranks = hand.findtext(element) or ""
            assert sorted(ranks) == sorted(c[1:].replace("10", "T") for c in held if c[0] == suit)
            assert list(ranks) == sorted(ranks, key="AKQJT98765432".index), "ace down"
    assert len(board.findall("HAND")) == 4

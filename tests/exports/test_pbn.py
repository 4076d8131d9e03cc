"""PBN 2.1 export format, read back by two PBN readers from PyPI that share no code with Troef
or with each other: endplay's ``endplay.parsers.pbn`` and the pybridge-lineage parser shipped
in ``pbn2html``. Each rule of the standard's export format is checked on the demo season."""

from __future__ import annotations

import copy
import random
import re
from typing import Any

from endplay.config import suppress_unicode
from endplay.parsers import pbn as endplay_pbn
from endplay.types import Player
from pbn2html import pbn_parser

from backend.exports import pbn
from backend.exports.bridge_session import session

MANDATORY = (
    "Event", "Site", "Date", "Board", "West", "North", "East", "South",
    "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result",
)  # fmt: skip
TAG = re.compile(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]$')
TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|\S+')
COLUMN = re.compile(r"^(\w+)\\(\d+)([LR])$")


def unescape(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def games(text: str) -> list[list[str]]:
    """The file's games: the lines between empty lines, the % escape lines left out."""
    assert text.endswith("\r\n") and "\n" not in text.replace("\r\n", ""), "CRLF line ends"
    out: list[list[str]] = [[]]
    for line in text.split("\r\n")[:-1]:
        if line == "":
            out.append([])
        elif not line.startswith("%"):
            out[-1].append(line)
    return [g for g in out if g]


def tags(game: list[str]) -> dict[str, str]:
    return {m[1]: unescape(m[2]) for line in game if (m := TAG.match(line))}


def tables(game: list[str]) -> dict[str, tuple[list[tuple[str, int, str]], list[str]]]:
    """Each table of a game: its columns (name, width, alignment) and its rows."""
    out: dict[str, tuple[list[tuple[str, int, str]], list[str]]] = {}
    current = None
    for line in game:
        m = TAG.match(line)
        if m and m[1].endswith("Table") and m[1] != "Table":
            columns = [COLUMN.match(c) for c in m[2].replace("\\\\", "\\").split(";")]
            assert all(columns), m[2]
            current = m[1]
            out[current] = ([(c[1], int(c[2]), c[3]) for c in columns if c], [])
        elif m:
            current = None
        elif current:
            out[current][1].append(line)
    return out


def row_cells(columns: list[tuple[str, int, str]], row: str) -> dict[str, str]:
    cells = TOKEN.findall(row)
    assert len(cells) == len(columns), row
    return dict(zip([c[0] for c in columns], cells, strict=True))


def evenings(bridge_season: dict[str, Any]) -> list[dict[str, Any]]:
    return list(bridge_season["evenings"].values())


def test_two_independent_readers_read_every_board_and_the_numbers_of_the_travellers(
    bridge_season: dict[str, Any],
) -> None:
    read = 0
    for ev in evenings(bridge_season):
        text = ev["pbn"]
        assert text.startswith("% PBN 2.1\r\n% EXPORT\r\n")
        results = {(b["board"], r["table"]): r for b in ev["travellers"] for r in b["results"]}
        boards = endplay_pbn.loads(text)
        assert len(boards) == len(results) == len(games(text))
        for board in boards:
            r = results[(board.board_num, int(board.info["Table"]))]
            if r["adjusted"]:
                assert "Score" not in board.info and board.contract.is_passout()
                continue
            assert board.info["Score"] == f"NS {r['score']}"
            assert board.info["ScoreMP"] == f"NS {r['ns_mp'] / 100:.2f} EW {r['ew_mp'] / 100:.2f}"
            if r["contract"] != "passed":
                assert board.contract.declarer.abbr == r["declarer"]
                assert board.contract.result + board.contract.level + 6 == r["tricks"]
        for game in games(text):
            found, _, _ = pbn_parser.parsePBN("\r\n".join(game))
            assert {t.lower() for t in MANDATORY} <= {t.lower() for t in found}, found
            assert found["Board"] == tags(game)["Board"]
            read += 1
    assert read >= 190  # the demo's three evenings


def test_tags_come_in_the_export_order_mandatory_then_by_name(
    bridge_season: dict[str, Any],
) -> None:
    for ev in evenings(bridge_season):
        for game in games(ev["pbn"]):
            names = [m[1] for line in game if (m := TAG.match(line))]
            assert tuple(names[:15]) == MANDATORY
            rest = names[15:]
            sections = [n for n in rest if n.endswith("Table") and n != "Table"]
            supplemental = rest[: len(rest) - len(sections)]
            assert rest == supplemental + sections, "sections come after the tags"
            assert supplemental == sorted(supplemental) and sections == sorted(sections)
            assert len(set(names)) == len(names), "a tag occurs once"
            assert tags(game)["Scoring"] == "MatchPoints;MP1"


def test_matchpoints_are_mp1_two_for_each_lower_score_one_for_each_equal_one(
    bridge_season: dict[str, Any],
) -> None:
    checked = 0
    for ev in evenings(bridge_season):
        tops = {b["board"]: b["top"] for b in ev["travellers"]}
        for game in games(ev["pbn"]):
            if "ScoreTable" not in tables(game):
                continue
            columns, rows = tables(game)["ScoreTable"]
            lines = [row_cells(columns, row) for row in rows]
            if any("^" in line["Score_NS"] for line in lines):
                continue
            scores = [
                int(line["Score_NS"].strip('"'))
                if line["Score_NS"] != "-"
                else -int(line["Score_EW"].strip('"'))
                for line in lines
            ]
            if tops[int(tags(game)["Board"])] != 200 * (len(lines) - 1):  # centi-MP
                continue  # a board played fewer times than scheduled is scaled (B-D12)
            for line, score in zip(lines, scores, strict=True):
                lower = sum(other < score for other in scores)
                equal = sum(other == score for other in scores) - 1
                assert float(line["MP_NS"]) == 2 * lower + equal, (line, scores)
                checked += 1
    assert checked > 100


def test_table_elements_are_padded_to_their_declared_widths(
    bridge_season: dict[str, Any],
) -> None:
    rows = 0
    for ev in evenings(bridge_season):
        for game in games(ev["pbn"]):
            for columns, lines in tables(game).values():
                for line in lines:
                    cells = list(row_cells(columns, line).values())
                    padded = [
                        cell.rjust(width) if align == "R" else cell.ljust(width)
                        for (_, width, align), cell in zip(columns, cells, strict=True)
                    ]
                    assert line == " ".join(padded), line
                    for cell in cells:
                        if not cell.startswith('"'):
                            assert not set(cell) & set(';{}"%[]'), cell
                    rows += 1
    assert rows > 200


def test_an_artificial_score_is_marked_with_a_caret_and_explained(
    bridge_season: dict[str, Any],
) -> None:
    (ev,) = [e for e in evenings(bridge_season) if "^" in e["pbn"]]
    (board, r) = next(
        (b["board"], r) for b in ev["travellers"] for r in b["results"] if r["adjusted"]
    )
    all_games = games(ev["pbn"])
    first = next(g for g in all_games if tags(g)["Board"] == str(board) and tables(g))
    columns, rows = tables(first)["ScoreTable"]
    lines = [row_cells(columns, row) for row in rows]
    line = next(x for x in lines if x["Table"] == str(r["table"]))
    ns, ew = r["adjusted"]["ns"], r["adjusted"]["ew"]
    assert (line["Score_NS"], line["Score_EW"]) == (f"^{ns}", f"^{ew}")
    assert round(float(line["MP_NS"][1:]) * 100) == r["ns_mp"]
    assert line["MP_EW"].startswith("^") and line["Percentage_NS"].startswith("^")
    assert (line["Contract"], line["Declarer"], line["Result"]) == ("-", "-", "-")
    every = [
        row_cells(columns, row)
        for g in all_games
        if "ScoreTable" in tables(g)
        for columns, rows in [tables(g)["ScoreTable"]]
        for row in rows
    ]
    assert [x for x in every if any(c.startswith("^") for c in x.values())] == [line]
    game = next(
        g
        for g in all_games
        if tags(g)["Board"] == str(board) and tags(g)["Table"] == str(r["table"])
    )
    assert "Score" not in tags(game)
    after = game[game.index('[Result ""]') + 1]
    assert after.startswith("{artificial adjusted score") and ns in after


def test_an_unknown_deal_gives_no_hand_and_starts_with_the_dealer(
    bridge_season: dict[str, Any],
) -> None:
    for ev in evenings(bridge_season):
        for game, board in zip(games(ev["pbn"]), endplay_pbn.loads(ev["pbn"]), strict=True):
            found = tags(game)
            assert found["Deal"] == f"{found['Dealer']}:- - - -"
            assert all(len(board.deal[seat]) == 0 for seat in Player)


def test_a_score_that_contract_and_result_do_not_give_says_why(
    bridge_season: dict[str, Any],
) -> None:
    explained = 0
    for ev in evenings(bridge_season):
        for game, board in zip(games(ev["pbn"]), endplay_pbn.loads(ev["pbn"]), strict=True):
            if "Score" not in board.info or board.contract.is_passout():
                continue
            rescored = board.contract.score(board.vul)
            ns = rescored if board.contract.declarer.abbr in "NS" else -rescored
            after = game[game.index(f'[Score "{board.info["Score"]}"]') + 1]
            if board.info["Score"] == f"NS {ns}":
                assert not after.startswith("{"), after
                continue
            note = " ".join(game[game.index(after) :]).split("}")[0]
            assert note.startswith(f"{{Score {board.info['Score']} is not the score of")
            assert f"(NS {ns})" in note and re.search(r"revoke|penalty|ruling|director", note)
            explained += 1
    assert explained >= 3  # the demo has a revoke on each evening


def picture_of_evening_one(bridge_season: dict[str, Any]) -> dict[str, Any]:
    return copy.deepcopy(bridge_season["evenings"][1]["picture"])


def test_names_with_a_semicolon_a_quote_or_a_backslash_stay_one_player(
    bridge_season: dict[str, Any],
) -> None:
    pic = picture_of_evening_one(bridge_season)
    first = 'Jan "Bo" de Wit; jr.'
    second = "Ann\\Lee"
    pic["players"][0]["name"] = f"{first} – {second}"
    number = int(pic["players"][0]["player_id"][1:])
    text = pbn.write(session(pic, 1))
    boards = endplay_pbn.loads(text)
    assert len(boards) == len(games(text)) == len(pic["travellers"])
    seated = [tags(g) for g in games(text) if tags(g)["PairNS"] == str(number)]
    assert seated and all(
        (t["North"], t["South"]) == ('Jan "Bo" de Wit, jr.', second) for t in seated
    )
    for game in games(text):
        found, _, _ = pbn_parser.parsePBN("\r\n".join(game))
        assert {t.lower() for t in MANDATORY} <= {t.lower() for t in found}
    columns, rows = tables(games(text)[0])["TotalScoreTable"]
    line = next(
        row_cells(columns, r) for r in rows if row_cells(columns, r)["PairId"] == str(number)
    )
    names = unescape(line["Names"][1:-1]).split(";")
    assert names == ['Jan "Bo" de Wit, jr.', second]


def dealt(seed: int) -> dict[str, list[str]]:
    deck = [s + r for s in "SHDC" for r in ("A", "K", "Q", "J", "10", *"98765432")]
    random.Random(seed).shuffle(deck)
    return {seat: deck[i * 13 : (i + 1) * 13] for i, seat in enumerate("NESW")}


def test_known_hands_are_written_from_the_dealer_round_the_table(
    bridge_season: dict[str, Any],
) -> None:
    pic = picture_of_evening_one(bridge_season)
    hands = {1: dealt(1), 2: dealt(2)}
    pic["hands"] = [{"evening": 1, "board": b, "hands": h} for b, h in hands.items()]
    text = pbn.write(session(pic, 1))
    for game, board in zip(games(text), endplay_pbn.loads(text), strict=True):
        found = tags(game)
        if int(found["Board"]) not in hands:
            assert found["Deal"].endswith(":- - - -")
            continue
        assert found["Deal"].startswith(found["Dealer"] + ":")
        for seat in Player:
            cards = hands[board.board_num][seat.abbr]
            want = {c.replace("10", "T") for c in cards}
            with suppress_unicode():
                got = {card.suit.abbr + card.rank.abbr for card in board.deal[seat]}
            assert got == want

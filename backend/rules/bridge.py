"""Bridge: one duplicate board's score, with the 1930 club rules on revokes and penalties.

Spec: shared/rules/bridge.md. Part B (STANDARD, WBF Laws of Duplicate Bridge, Law 77) gives
the contract score; its tables are the data below. Part A (the 1930 seed, "Sjabloon:1930:VII")
gives the point penalties, scored in :mod:`bridge_penalties`; play legality lives in
:mod:`bridge_play`. Every board score is seen from NS: NS score = -EW score.

Public helpers for other modules (matchpoints, IMPs): :func:`board_info`,
:func:`duplicate_score_ns`, :func:`duplicate_score` and :class:`Contract`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from . import bridge_penalties as penalties
from .cards import parse_card
from .errors import PlayError, RecordError
from .record import Fields, check_int, is_text_or_number
from .result import Score
from .ruleset import RuleSet, preset

GAME = "bridge"
SEATS = ("N", "E", "S", "W")
SIDE = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
STRAINS = ("C", "D", "H", "S", "NT")
DOUBLINGS = (0, 1, 2)  # undoubled, doubled (X), redoubled (XX)
VULNERABILITIES = ("None", "NS", "EW", "Both")
ADJUSTED_MARKS = ("AVG+", "AVG", "AVG-")
BOOK = 6  # tricks needed before the first odd trick

# §B1 trick score: per odd trick bid and made, undoubled; NT's first trick is worth 10 more.
TRICK_VALUE = {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}
FIRST_TRICK_EXTRA = {"C": 0, "D": 0, "H": 0, "S": 0, "NT": 10}
DOUBLING_FACTOR = (1, 2, 4)  # by dbl; also scales the revoke's 150 points (§2b)
# §B2 bonuses for a made contract, keyed by declarer's vulnerability.
GAME_TRICK_SCORE = 100  # a trick score of 100 or more is a game
PART_SCORE_BONUS = {False: 50, True: 50}
GAME_BONUS = {False: 300, True: 500}
SLAM_BONUS = {6: {False: 500, True: 750}, 7: {False: 1000, True: 1500}}
INSULT = (0, 50, 100)  # making a doubled / redoubled contract
# §B3 overtricks when doubled (1) or redoubled (2); undoubled they are worth the trick value.
OVERTRICK = {1: {False: 100, True: 200}, 2: {False: 200, True: 400}}
# §B4 the 1st, 2nd, ... undertrick by dbl and vulnerability; the last value repeats.
UNDERTRICK = {
    0: {False: (50,), True: (100,)},
    1: {False: (100, 200, 200, 300), True: (200, 300)},
    2: {False: (200, 400, 400, 600), True: (400, 600)},
}
# §B6 vulnerability of boards 1..16; boards 17-32 repeat them, and so on.
BOARD_VULNERABILITY = (
    "None", "NS", "EW", "Both", "NS", "EW", "Both", "None",
    "EW", "Both", "None", "NS", "Both", "None", "NS", "EW",
)  # fmt: skip

FIELDS = frozenset(
    {
        "board",
        "contract",
        "declarer",
        "tricks",
        "lead",
        "revokes",
        "inspections",
        "adjusted",
        "ns",
        "ew",
    }
)
SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

OPTIONS = penalties.OPTIONS

PRESETS: tuple[RuleSet, ...] = (
    preset(
        id="bridge-nbb-1930",
        version=1,
        game=GAME,
        title="Bridge: 1930 club rules on play and irregularities, standard duplicate scoring",
        source="Sjabloon:1930:VII (seed 003_2fb9a29baca39191.txt) §1, §2a-g; "
        "WBF Laws of Duplicate Bridge 2017, Law 77 score table",
        options=OPTIONS,
    ),
)


class Contract(NamedTuple):
    """A final contract: level 1..7, strain C/D/H/S/NT, dbl 0 (-), 1 (X) or 2 (XX)."""

    level: int
    strain: str
    dbl: int

    def __str__(self) -> str:
        return f"{self.level}{self.strain}{('', 'X', 'XX')[self.dbl]}"


def board_info(board: int) -> tuple[str, str]:
    """Return the dealer (N/E/S/W) and vulnerability (None/NS/EW/Both) of a board (§B6).

    :raises RecordError: on ``board`` when it is not a whole number of at least 1.
    """
    check_int(board, "board")
    if board < 1:
        raise RecordError("board", f"boards are numbered from 1 (§B6), got {board}")
    return SEATS[(board - 1) % 4], BOARD_VULNERABILITY[(board - 1) % 16]


def is_vulnerable(vulnerability: str, seat: str) -> bool:
    """Tell whether the side of ``seat`` is vulnerable on a board of this vulnerability."""
    return vulnerability in ("Both", SIDE[seat])


def read_contract(value: Any, path: str = "contract") -> Contract:
    """Read a contract object ``{"level", "strain", "dbl"}`` (or a :class:`Contract`).

    :raises RecordError: naming the field under ``path`` that is wrong.
    """
    if isinstance(value, Contract):
        value = value._asdict()
    c = Fields(value, path)
    c.only(("level", "strain", "dbl"))
    level = c.int("level", 1, 7)
    strain = c.str("strain", STRAINS)
    dbl = c.int("dbl", 0, 2, required=False, default=0)
    assert level is not None and strain is not None and dbl is not None
    return Contract(level, strain, dbl)


def _parts(contract: Contract, vulnerable: bool, tricks: int) -> list[tuple[str, int]]:
    """Return the score's items (label, points) for declarer's side; negative when down."""
    level, strain, dbl = contract
    need = level + BOOK
    if tricks < need:
        ladder = UNDERTRICK[dbl][vulnerable]
        down = need - tricks
        return [(f"{down} down", -sum(ladder[min(i, len(ladder) - 1)] for i in range(down)))]
    factor = DOUBLING_FACTOR[dbl]
    trick_score = (TRICK_VALUE[strain] * level + FIRST_TRICK_EXTRA[strain]) * factor
    parts = [("trick score", trick_score)]
    if trick_score >= GAME_TRICK_SCORE:
        parts.append(("game", GAME_BONUS[vulnerable]))
    else:
        parts.append(("part-score", PART_SCORE_BONUS[vulnerable]))
    if level in SLAM_BONUS:
        parts.append(("grand slam" if level == 7 else "small slam", SLAM_BONUS[level][vulnerable]))
    if dbl:
        parts.append(("insult", INSULT[dbl]))
    over = tricks - need
    if over:
        each = OVERTRICK[dbl][vulnerable] if dbl else TRICK_VALUE[strain]
        parts.append((f"{over} overtrick{'s' if over > 1 else ''}", over * each))
    return parts


def duplicate_score(contract: Contract | Mapping[str, Any], vulnerable: bool, tricks: int) -> int:
    """Return the duplicate score for declarer's side (§B5): positive made, negative down.

    :raises RecordError: for a contract or a trick count that is not valid.
    """
    if not isinstance(vulnerable, bool):
        raise RecordError("vulnerable", f"must be true or false, got {vulnerable!r}")
    parts = _parts(read_contract(contract), vulnerable, check_int(tricks, "tricks", 0, 13))
    return sum(points for _, points in parts)


def duplicate_score_ns(
    contract: Contract | Mapping[str, Any] | None, declarer: str, vul: str, tricks: int
) -> int:
    """Return the board score seen from NS: declarer's score, negated when EW declared.

    ``contract`` is a :class:`Contract` or ``{"level", "strain", "dbl"}``, or ``None`` when
    the board was passed out (0). ``vul`` is the board's vulnerability (None/NS/EW/Both, as
    :func:`board_info` gives it); ``tricks`` are the tricks declarer's side took, 0..13.

    :raises RecordError: for a value that is not valid, naming it.
    """
    if contract is None:
        return 0
    if declarer not in SEATS:
        raise RecordError("declarer", f"must be one of {', '.join(SEATS)}, got {declarer!r}")
    if vul not in VULNERABILITIES:
        raise RecordError("vulnerable", f"must be one of {', '.join(VULNERABILITIES)}")
    score = duplicate_score(contract, is_vulnerable(vul, declarer), tricks)
    return score if SIDE[declarer] == "NS" else -score


def _explain_contract(contract: Contract, declarer: str, vul: str, tricks: int) -> str:
    vulnerable = is_vulnerable(vul, declarer)
    parts = _parts(contract, vulnerable, tricks)
    total = sum(points for _, points in parts)
    items = " + ".join(f"{label} {points}" for label, points in parts)
    if total < 0:
        items = f"{parts[0][0]} {('undoubled', 'doubled', 'redoubled')[contract.dbl]}"
    state = "vulnerable" if vulnerable else "not vulnerable"
    head = f"Bridge §B1-B5: {contract} by {declarer} ({state}), {tricks} tricks"
    ns = total if SIDE[declarer] == "NS" else -total
    return f"{head}: {items} = {total} for {SIDE[declarer]}: NS {ns:+d}"


def _read_seats(f: Fields) -> None:
    seats = f.obj("seats")
    if seats is None:
        return
    seats.only(SEATS)
    players: dict[str, str] = {}
    for seat in SEATS:
        player = seats.str(seat)
        if not player:
            raise seats.error(seat, "must be a player id, not empty")
        if player in players:
            raise seats.error(seat, f"{player!r} already sits {players[player]}; one seat each")
        players[str(player)] = seat


def _read_context(f: Fields) -> None:
    for name in ("ns", "ew"):
        value = f.raw(name)
        if value is not None and not is_text_or_number(value):
            raise f.error(name, "must be a pair id: a text or a number")
    if f.has("ns") and f.raw("ns") == f.raw("ew"):
        raise f.error("ew", "a pair cannot sit both NS and EW")


def _board_context(f: Fields) -> tuple[int, str, str, list[str]]:
    board = f.int("board")
    assert board is not None
    dealer, vul = board_info(board)
    _read_seats(f)
    _read_context(f)
    given = f.str("dealer", SEATS, required=False)
    if given is not None and given != dealer:
        raise f.error("dealer", f"board {board} is dealt by {dealer} (§B6), not {given}")
    line = f"Bridge §B6: board {board}: dealer {dealer}, vulnerable {vul}"
    return board, dealer, vul, [line]


def _read_lead(f: Fields, declarer: str) -> str | None:
    """Read the optional opening lead and say who made it; it never changes the score.

    The lead is kept on the traveller for the club's post-mortem, so a malformed card is
    refused rather than carried along: the field is named, as for ``withheld_card``.
    """
    if not f.has("lead"):
        return None
    try:
        card = parse_card(f.raw("lead"), f.at("lead"))
    except PlayError as exc:
        raise RecordError(exc.field, exc.message) from None
    leader = SEATS[(SEATS.index(declarer) + 1) % 4]
    return (
        f"Bridge §1-Algemeen: lead: {SUIT_SIGNS[card.suit]}{str(card)[1:]} by {leader} "
        "(V, left of declarer); it does not change the score"
    )


def _adjusted(f: Fields, dealer: str, vul: str, explain: list[str]) -> Score:
    adjusted = f.obj("adjusted")
    assert adjusted is not None
    adjusted.only(("ns", "ew"))
    marks = {side.upper(): adjusted.str(side, ADJUSTED_MARKS) for side in ("ns", "ew")}
    for name in ("contract", "declarer", "tricks", "lead", "revokes", "inspections"):
        if f.has(name) and (name not in ("revokes", "inspections") or f.list(name)):
            raise f.error(name, "an adjusted board has no result at the table (§A4, B-D7)")
    explain.append(
        f"Bridge §A4 (B-D7, Law 12C2): artificial adjusted score NS {marks['NS']}, "
        f"EW {marks['EW']}; no board score"
    )
    return Score(
        points=dict.fromkeys(SEATS, 0),
        explain=tuple(explain),
        markers=("adjusted",),
        extra={"score": None, "vulnerable": vul, "dealer": dealer, "adjusted": marks},
    )


def _passed_out(f: Fields, dealer: str, vul: str, explain: list[str]) -> Score:
    for name in ("revokes", "inspections"):
        if f.list(name):
            raise f.error(name, "a passed-out board has no play, so no penalties (§A3.9)")
    for name in ("declarer", "tricks", "lead"):
        if f.has(name):
            raise f.error(name, "a passed-out board has no declarer, no lead and no tricks")
    explain.append("Bridge §B5: passed out: 0")
    return Score(
        points=dict.fromkeys(SEATS, 0),
        explain=tuple(explain),
        markers=("passed_out",),
        extra={"score": 0, "vulnerable": vul, "dealer": dealer},
    )


def score(f: Fields, rules: RuleSet) -> Score:
    """Score one board: the contract (Part B) plus the seed's penalties (§A3), seen from NS."""
    _, dealer, vul, explain = _board_context(f)
    if f.has("adjusted"):
        return _adjusted(f, dealer, vul, explain)
    if "contract" not in f.data:
        raise f.error("contract", "is required: the final contract, or null when passed out")
    if not f.has("contract"):
        return _passed_out(f, dealer, vul, explain)
    contract = read_contract(f.raw("contract"))
    declarer = f.str("declarer", SEATS)
    tricks = f.int("tricks", 0, 13)
    assert declarer is not None and tricks is not None
    lead = _read_lead(f, declarer)

    def contract_ns(declarer_tricks: int) -> int:
        return duplicate_score_ns(contract, declarer, vul, declarer_tricks)

    judged = penalties.assess(f, rules, contract.dbl, declarer, tricks, contract_ns)
    if judged.tricks != tricks:
        explain.append(f"Bridge §2b: tricks after the revoke transfer: {judged.tricks}")
    explain.append(_explain_contract(contract, declarer, vul, judged.tricks))
    explain.extend(judged.explain)
    board_score = contract_ns(judged.tricks) + judged.points_to_ns
    if judged.points_to_ns:
        explain.append(
            f"Bridge §A3.7 (B-D1): NS {contract_ns(judged.tricks):+d} "
            f"{judged.points_to_ns:+d} penalty points = NS {board_score:+d}"
        )
    if lead:
        explain.append(lead)
    made = judged.tricks >= contract.level + BOOK
    extra: dict[str, Any] = {"score": board_score, "vulnerable": vul, "dealer": dealer}
    extra["contract_score"] = contract_ns(judged.tricks)
    if judged.revokes:
        extra["revokes"] = judged.revokes
    return Score(
        points={"N": board_score, "E": -board_score, "S": board_score, "W": -board_score},
        explain=tuple(explain),
        markers=("made" if made else "down", *judged.markers),
        extra=extra,
    )


def _example(board: int, contract: str | None, **facts: Any) -> dict[str, Any]:
    record: dict[str, Any] = {"game": GAME, "board": board}
    if contract is not None:
        level, strain, dbl = int(contract[0]), contract[1:].rstrip("X"), contract.count("X")
        record["contract"] = {"level": level, "strain": strain, "dbl": dbl}
    elif "adjusted" not in facts:
        record["contract"] = None
    return record | facts


_EX3 = {"trick": 6, "offender": "W", "withheld_card": "D7", "offender_tricks_from_revoke_on": 3}
_EXAMPLES: tuple[tuple[str, int, str | None, dict[str, Any]], ...] = (
    ("4S by S, 11 tricks, board 2: NS +650 (Bridge §C Example 1)", 2, "4S",
     {"declarer": "S", "tricks": 11}),
    ("3NT doubled by E, 2 down: NS +300 (Bridge §C Example 2)", 1, "3NTX",
     {"declarer": "E", "tricks": 7}),
    ("W revokes against 4H by N; NS take two tricks: NS +650 (Bridge §C Example 3)", 5, "4H",
     {"ns": "pair-07", "ew": "pair-12", "declarer": "N", "tricks": 9,
      "revokes": [_EX3 | {"choice": "T", "claimed_by": "N"}]}),
    ("E looks at a quitted trick; S claims 50: NS +140 (Bridge §C Example 5)", 11, "1NT",
     {"declarer": "S", "tricks": 7, "inspections": [{"inspector": "E", "claimed_by": "S"}]}),
    ("Passed out: 0", 7, None, {}),
    ("Redeal needed: artificial adjusted score (Bridge §A4, B-D7)", 8, None,
     {"adjusted": {"ns": "AVG+", "ew": "AVG-"}}),
)  # fmt: skip
EXAMPLES: list[tuple[str, dict[str, Any]]] = [
    (title, _example(board, contract, **facts)) for title, board, contract, facts in _EXAMPLES
]

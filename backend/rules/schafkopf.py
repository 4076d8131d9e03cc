"""Score a Schafkopf tournament game by the TSV Lengfeld 1876 rules (Spielregeln Nr. 1-10).

Seats 1-4 go clockwise. A game is a Rufspiel (the declarer and the holder of the called ace
against two), a Solo or a Solo-Tout (one against three); every list line sums to 0 (Nr. 7).
A wrong lay-down (Auflegen, Nr. 4) or a wrong card found afterwards (Verwerfen, Nr. 5) is
judged at the standing of that moment (§5.3 of the spec, ``schafkopf_fault``). The record
format is in docs/formats/schafkopf.md.
"""

from __future__ import annotations

from .record import Fields
from .result import Score
from .ruleset import Option, RuleSet, preset
from .schafkopf_fault import (
    DECLARER_SCHNEIDER,
    SEATS,
    WIN_AUGEN,
    Outcome,
    augen_problem,
    judge_fault,
    loser_level,
    read_fault,
)

GAME = "schafkopf"
FIELDS = frozenset(
    {
        "durchgang",
        "type",
        "declarer",
        "called_ace",
        "partner",
        "decl_augen",
        "decl_tricks",
        "fault",
        "laufende",
        "spritze",
    }
)
TYPES = ("RUFSPIEL", "SOLO", "TOUT", "NO_GAME")
ADMITTED_BY_OPTION = ("WENZ", "GEIER")  # S-D5: scored exactly like a Solo when admitted
CALLED_ACES = {"EICHEL": "Eichel-Ass", "GRAS": "Gras-Ass", "SCHELLEN": "Schellen-Ass"}
NAMES = {
    "RUFSPIEL": "Rufspiel",
    "SOLO": "Solo",
    "TOUT": "Solo-Tout",
    "WENZ": "Wenz",
    "GEIER": "Geier",
}

# Nr. 10: the value per player by level: plain, schneider (+1), schwarz (+1 more).
# A Tout is a flat 8 with no extras (S-D3).
VALUES = {"RUFSPIEL": (1, 2, 3), "SOLO": (3, 4, 5), "TOUT": (8, 8, 8)}
SCORED_AS = {
    "RUFSPIEL": "RUFSPIEL",
    "SOLO": "SOLO",
    "TOUT": "TOUT",
    "WENZ": "SOLO",
    "GEIER": "SOLO",
}
# What each declaring player receives, in units of the value: the soloist is paid by three.
SHARE = {"RUFSPIEL": 1, "SOLO": 3, "TOUT": 3}
LEVEL_WORDS = ("", " schneider", " schwarz")
MAX_LAUFENDE = 14  # all fourteen trumps of a Rufspiel or Farbsolo

OPTIONS = (
    Option(
        "schneider_defender_limit",
        29,
        "S-D1: the declaring side wins schneider only when the defenders have this many Augen "
        "or fewer. 29 (default) = defenders with 30 are schneiderfrei, the declarer needs 91, "
        "as ties go against the declarer at 60; 30 = the symmetric reading, 90 suffices.",
        choices=(29, 30),
    ),
    Option(
        "fault_win_level",
        "certain",
        "S-D8: a side that was already home when it laid down wrongly (or played a wrong card) "
        "wins at the level already certain: schneider only if the others could no longer "
        "avoid it, never schwarz. 'standing' values the win at the Augen and tricks standing.",
        choices=("certain", "standing"),
    ),
    Option(
        "admit_wenz_geier",
        False,
        "S-D5: Nr. 2 admits Rufspiel, Solo and Solo-Tout only. When the Turnierleitung admits "
        "Wenz and Geier, they are scored exactly like a Solo.",
    ),
    Option(
        "exclusion_scope",
        "offender",
        "S-D12: 'Ausschluss der ganzen Partie' (Nr. 8) removes the offender from the prize "
        "ranking (default); 'table' removes every player of his Partie (the literal reading).",
        choices=("offender", "table"),
    ),
)

PRESETS = (
    preset(
        id="schafkopf-tsv-lengfeld",
        version=1,
        game=GAME,
        title="TSV Lengfeld 1876 e.V. Schafkopf tournament (Spielregeln Nr. 1-10)",
        source="rules/original/004_16be570aef84666e.txt: 'WIE WIRD GESPIELT? SPIELREGELN' 1-10",
        options=OPTIONS,
    ),
)

_SEATS = {"1": "p05", "2": "p17", "3": "p08", "4": "p21"}
EXAMPLES: list[tuple[str, dict]] = [
    (
        "Solo of seat 2 won schneider with 91 Augen (spec §9 Example 2b)",
        {"game": GAME, "seats": _SEATS, "dealer": 1, "type": "SOLO", "declarer": 2,
         "decl_augen": 91, "decl_tricks": 6},
    ),
    (
        "Rufspiel of seat 1 on the Gras-Ass of seat 3, won with 75 Augen (Example 1a)",
        {"game": GAME, "seats": _SEATS, "dealer": 4, "type": "RUFSPIEL", "declarer": 1,
         "called_ace": "GRAS", "partner": 3, "decl_augen": 75, "decl_tricks": 5},
    ),
    (
        "Tout of seat 3 lost with 7 tricks (Example 3)",
        {"game": GAME, "seats": _SEATS, "dealer": 2, "type": "TOUT", "declarer": 3,
         "decl_augen": 100, "decl_tricks": 7},
    ),
    (
        "Wrong lay-down by seat 4 in a Rufspiel of seat 2 (Example 4)",
        {"game": GAME, "seats": _SEATS, "dealer": 1, "type": "RUFSPIEL", "declarer": 2,
         "partner": 4, "fault": {"kind": "AUFLEGEN", "offender": 4, "standing":
         {"decl_augen": 52, "decl_tricks": 3, "def_augen": 38, "def_tricks": 2}}},
    ),
    (
        "Nobody plays: the same dealer deals again, not one of the 30 games (S-D6)",
        {"game": GAME, "seats": _SEATS, "dealer": 3, "type": "NO_GAME"},
    ),
]  # fmt: skip


def score(f: Fields, rules: RuleSet) -> Score:
    """Score one game line: points per seat, the solo dot, and the working."""
    _read_seats(f)
    f.int("dealer", 1, 4, required=False)
    f.int("durchgang", 1, None, required=False)
    kind = _read_type(f, rules)
    if f.bool("spritze"):
        raise f.error("spritze", "Spritze ist nicht gestattet: no doubling (Schafkopf Nr. 2)")
    laufende = f.int("laufende", 0, MAX_LAUFENDE, required=False)
    notes = []
    if laufende is not None:
        notes.append(
            f"Schafkopf Nr. 2: {laufende} Laufende recorded; they change nothing "
            "('Laufende werden nicht gezählt')."
        )
    if kind == "NO_GAME":
        return _no_game(f, notes)
    declarer = f.int("declarer", 1, 4)
    assert declarer is not None
    declaring, explain = _read_sides(f, kind, declarer)
    scored = SCORED_AS[kind]
    fault = read_fault(f.obj("fault"))
    result = _read_result(f, required=fault is None or fault.corrected)
    if fault is not None and not fault.corrected:
        outcome = judge_fault(fault, scored, declaring, rules)
    else:
        if fault is not None:
            explain.append(fault.corrected_note())
        assert result is not None
        outcome = judge_played(scored, *result, rules)
    explain += outcome.explain
    value = VALUES[scored][outcome.level]
    explain.append(_value_sentence(kind, scored, outcome.level, value))
    points = settle(scored, declaring, outcome.won, value)
    markers = [] if scored == "RUFSPIEL" else ["solo_dot"]
    if fault is not None and not fault.corrected:
        explain.append(fault.minus_note(points, declaring))
        points = fault.take_all_minus(points, declaring)
        markers += ["penalty", fault.kind.lower()]
    explain.append(_points_sentence(points))
    if scored != "RUFSPIEL":
        explain.append("Schafkopf Nr. 7: a solo line, marked with the dot.")
    return Score(
        points={str(s): points[s] for s in SEATS},
        explain=tuple(explain + notes),
        markers=tuple(markers),
        extra={
            "value": value,
            "won": outcome.won,
            "schneider": outcome.level >= 1,
            "schwarz": outcome.level == 2,
            "declaring": [str(s) for s in declaring],
        },
    )


def judge_played(scored: str, augen: int, tricks: int, rules: RuleSet) -> Outcome:
    """Decide a game played out: won or lost, and its level (Nr. 3, S-D1 to S-D3)."""
    if scored == "TOUT":
        won = tricks == 8
        verdict = "won" if won else "lost: a trick went to the defenders"
        return Outcome(
            won,
            0,
            [
                f"Schafkopf Nr. 2: Tout with {tricks} of 8 tricks, {verdict} "
                "(S-D3: a Tout is won only with all 8 tricks)."
            ],
        )
    won = augen >= WIN_AUGEN
    says = f"Schafkopf Nr. 3: the declaring side has {augen} Augen in {tricks} tricks"
    if won:
        limit = rules["schneider_defender_limit"]
        level, why = loser_level("the defenders", 120 - augen, 8 - tricks, limit)
        return Outcome(True, level, [f"{says}, 61 or more: won; {why} (S-D1)."])
    level, why = loser_level("the declaring side", augen, tricks, DECLARER_SCHNEIDER)
    return Outcome(False, level, [f"{says}, 60 or fewer: lost; {why}."])


def settle(scored: str, declaring: tuple[int, ...], won: bool, value: int) -> dict[int, int]:
    """Pay the game per player (S-D4): each opponent pays or receives the value."""
    sign = 1 if won else -1
    return {
        seat: sign * value * SHARE[scored] if seat in declaring else -sign * value for seat in SEATS
    }


def _read_seats(f: Fields) -> None:
    seats = f.obj("seats", required=True)
    assert seats is not None
    if set(seats.data) != {"1", "2", "3", "4"}:
        raise f.error("seats", "must name the players of seats 1, 2, 3 and 4 (Nr. 1)")
    seen: dict[str, str] = {}
    for seat in ("1", "2", "3", "4"):
        player = seats.str(seat)
        if not player:
            raise seats.error(seat, "must be a player id")
        if player in seen:
            raise seats.error(seat, f"player {player!r} already sits at seat {seen[player]}")
        seen[player] = seat


def not_admitted(kind: str, admit_wenz_geier: bool) -> str | None:
    """Say why a game of type ``kind`` is not played under the rule set, or None when it is."""
    if kind in ADMITTED_BY_OPTION and not admit_wenz_geier:
        return (
            f"{kind} is not played: Nr. 2 admits Rufspiel, Solo and Solo-Tout only "
            "(S-D5; a rule set may admit Wenz and Geier with admit_wenz_geier)"
        )
    return None


def _read_type(f: Fields, rules: RuleSet) -> str:
    kind = f.str("type", TYPES + ADMITTED_BY_OPTION)
    assert kind is not None
    refusal = not_admitted(kind, bool(rules["admit_wenz_geier"]))
    if refusal:
        raise f.error("type", refusal)
    return kind


def _no_game(f: Fields, notes: list[str]) -> Score:
    for name in ("declarer", "partner", "called_ace", "decl_augen", "decl_tricks", "fault"):
        if f.has(name):
            raise f.error(name, "must be left out when nobody plays (NO_GAME)")
    return Score(
        points={str(s): 0 for s in SEATS},
        explain=(
            "Schafkopf Nr. 2: nobody plays, so the same dealer deals again; 0 for every seat, "
            "and the deal is not one of the 30 games (S-D6).",
            *notes,
        ),
        counts=False,
        markers=("no_game",),
    )


def _read_sides(f: Fields, kind: str, declarer: int) -> tuple[tuple[int, ...], list[str]]:
    if kind != "RUFSPIEL":
        for name in ("partner", "called_ace"):
            if f.has(name):
                raise f.error(
                    name,
                    f"a {NAMES[kind]} has none: the Alleinspieler plays alone "
                    "against three (Schafkopf Nr. 2)",
                )
        return (declarer,), [f"Schafkopf Nr. 2: {NAMES[kind]} of seat {declarer}."]
    called = f.str("called_ace", tuple(CALLED_ACES), required=False)
    partner = f.int("partner", 1, 4)
    if partner == declarer:
        raise f.error(
            "partner",
            "must be another seat than the declarer: the holder of the "
            "called ace plays with him (Schafkopf Nr. 2)",
        )
    assert partner is not None
    ace = f"the {CALLED_ACES[called]}" if called else "the called ace"
    others = " and ".join(str(s) for s in SEATS if s not in (declarer, partner))
    return tuple(sorted((declarer, partner))), [
        f"Schafkopf Nr. 2: Rufspiel of seat {declarer} with seat {partner}, who holds {ace}; "
        f"seats {others} defend."
    ]


def _read_result(f: Fields, required: bool) -> tuple[int, int] | None:
    augen = f.int("decl_augen", 0, 120, required=required)
    tricks = f.int("decl_tricks", 0, 8, required=required)
    if augen is None or tricks is None:
        return None
    problem = augen_problem(augen, tricks, 120 - augen, 8 - tricks)
    if problem:
        raise f.error("decl_augen", problem)
    return augen, tricks


def _value_sentence(kind: str, scored: str, level: int, value: int) -> str:
    share = SHARE[scored]
    soloist = f"; the Alleinspieler {share} x {value} = {share * value}" if share > 1 else ""
    if scored == "TOUT":
        return f"Schafkopf Nr. 10: Solo-Tout {value} per player, no extras (S-D3){soloist}."
    name = NAMES[kind] + (" (scored as Solo, S-D5)" if kind != scored else "")
    sums = " + ".join([str(VALUES[scored][0]), *["1"] * level])
    worth = f"{sums} = {value}" if level else str(value)
    return f"Schafkopf Nr. 10: {name}{LEVEL_WORDS[level]} {worth} per player{soloist}."


def _points_sentence(points: dict[int, int]) -> str:
    cells = ", ".join(f"seat {s} {points[s]:+d}" if points[s] else f"seat {s} 0" for s in SEATS)
    return f"Points: {cells}; the line sums to 0 (Schafkopf Nr. 7)."

"""Klaverjassen, Amsterdams: score one deal by the club rulebook (art. 4, 5, 14, 15, SB-6).

A deal record names the playing pair (the pair of the forced player, left of the dealer),
each pair's card points and tricks, the roem claimed per trick, and an established revoke
(``verzaakt``), if any. Every player writes his own pair's points (art. 15a), so a row is
not zero-sum: NS + EW = 162 + all roem (+100 for pit). See docs/formats/klaverjas.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .errors import PlayError, RecordError
from .klaverjas_facts import TRICKS, facts_line, read_counts, read_roem, read_seats, read_verzaakt
from .klaverjas_play import (
    PAIRS,
    PICTURES,
    PLAY_OPTIONS,
    SEATS,
    SUITS,
    TOTAL,
    check_cards,
    may_redeal,
    next_seat,
)
from .klaverjas_season import SEASON_OPTIONS
from .record import Fields
from .result import Score
from .ruleset import Option, RuleSet, preset

GAME = "klaverjas"
DEAL, REDEAL = "DEAL", "REDEAL_NO_PICTURE"
FIELDS = frozenset(
    {"type", "partij", "forced", "trump", "playing", "card_points", "tricks", "roem", "verzaakt"}
    | {"hand"}
)
OTHER = {"NS": "EW", "EW": "NS"}
PAIR_OF = {seat: pair for pair, seats in PAIRS.items() for seat in seats}

VERZAKEN_ROEM: dict[str, tuple[str, Callable[[Mapping[str, int], str], int]]] = {  # K-D8
    "all": ("all roem", lambda roem, innocent: roem["NS"] + roem["EW"]),
    "own": ("its own roem", lambda roem, innocent: roem[innocent]),
    "none": ("no roem", lambda roem, innocent: 0),
}

SCORE_OPTIONS = (
    Option(
        "verzaken_roem",
        "all",
        "K-D8: after a revoke (art. 15e) the innocent pair gets 162 plus: all = all roem of "
        "the deal (as for nat), own = its own roem, none = nothing (the literal text).",
        choices=tuple(VERZAKEN_ROEM),
    ),
    Option(
        "tie_is_nat",
        True,
        "K-D6: the playing pair needs strictly more card points + roem than the other pair "
        "(art. 15a 'meer dan', 15d); a tie is nat. false = a tie is made.",
    ),
    Option("pit_bonus", 100, "Art. 15c: the roem written for pit / mars.", minimum=0),
    Option(
        "pit_keeps_roem",
        True,
        "K-D15: a pit pair writes 162 + 100 + its own roem. false = 162 + 100 flat, as the "
        "text's '(162 + 100)' reads literally.",
    ),
    Option(
        "pit_for_defenders",
        False,
        "K-D7: no pit when the other pair takes all 8 tricks (15c speaks of the pair that "
        "took the game); it is nat. true = that pair writes the pit bonus on top.",
    ),
)
OPTIONS = SCORE_OPTIONS + PLAY_OPTIONS + SEASON_OPTIONS

PRESETS = (
    preset(
        id="klaverjas-amsterdams",
        version=1,
        game=GAME,
        title="Klaverjassen Amsterdams: the club's spelregels 1-15 and slotbepaling",
        source="Seed 002_53705798c8b37a79.txt (spelregels 1-15, slotbepaling SB-1..9); "
        "spec klaverjas.md with decisions K-D1..K-D17",
        options=OPTIONS,
    ),
)

_SEATS = {"N": "p04", "E": "p02", "S": "p09", "W": "p11"}
_BASE = {"format": 1, "game": GAME, "rules": "klaverjas-amsterdams", "seats": _SEATS}
EXAMPLES: list[tuple[str, dict[str, Any]]] = [
    (
        "Made with roem on both sides: NS 98 + 20 against EW 64 + 50 (§10 Example 1)",
        {
            **_BASE,
            "deal": 1,
            "dealer": "W",
            "forced": "N",
            "trump": "H",
            "playing": "NS",
            "card_points": {"NS": 98, "EW": 64},
            "tricks": {"NS": 5, "EW": 3},
            "roem": [
                {"trick": 2, "pair": "NS", "items": ["driekaart"], "value": 20},
                {"trick": 6, "pair": "EW", "items": ["vierkaart"], "value": 50},
            ],
        },
    ),
    (
        "Pit: NS take all 8 tricks with trump 10 J Q K in one trick (§10 Example 3)",
        {
            **_BASE,
            "dealer": "E",
            "playing": "NS",
            "card_points": {"NS": 162, "EW": 0},
            "tricks": {"NS": 8, "EW": 0},
            "roem": [{"trick": 4, "pair": "NS", "items": ["vierkaart", "stuk"], "value": 70}],
        },
    ),
    (
        "N revokes in trick 5: EW get 162 + all roem (§10 Example 4)",
        {
            **_BASE,
            "dealer": "S",
            "trump": "C",
            "playing": "EW",
            "roem": [
                {"trick": 2, "pair": "EW", "value": 20},
                {"trick": 3, "pair": "NS", "items": ["vier_heren"], "value": 100},
            ],
            "verzaakt": {"pair": "NS", "trick": 5, "by": "N"},
        },
    ),
    (
        "Redeal: the forced player has no picture card (SB-6)",
        {
            **_BASE,
            "dealer": "S",
            "type": REDEAL,
            "hand": ["S7", "S8", "S9", "H7", "H8", "D7", "D9", "C8"],
        },
    ),
]


def score(f: Fields, rules: RuleSet) -> Score:
    """Score one klaverjas deal record: each seat gets its pair's points (art. 15).

    :raises RecordError: naming the field and the rule it breaks.
    """
    read_seats(f)
    dealer = f.str("dealer", SEATS)
    assert dealer is not None
    forced = next_seat(dealer)
    if f.raw("forced", forced) != forced:
        f.str("forced", SEATS)
        raise f.error(
            "forced",
            f"the forced player sits left of the dealer (art. 3): {dealer} deals, "
            f"so {forced} must play",
        )
    f.int("partij", 1, rules["partijen_per_evening"], required=False)
    if f.str("type", (DEAL, REDEAL), required=False, default=DEAL) == REDEAL:
        return _redeal(f, rules, dealer, forced)
    if f.has("hand"):
        raise f.error("hand", "is recorded only for a redeal (SB-6)")
    f.str("trump", SUITS, required=False)
    playing = f.str("playing", PAIRS)
    assert playing is not None
    if forced not in PAIRS[playing]:
        raise f.error(
            "playing",
            f"{forced} (left of dealer {dealer}) must play (art. 3), so {PAIR_OF[forced]} is "
            "the playing pair",
        )
    verzaakt = read_verzaakt(f)
    cards, tricks = read_counts(f, revoked=verzaakt is not None)
    roem = read_roem(f, None if verzaakt else tricks)
    explain = [facts_line(cards, tricks, roem)]
    if verzaakt is not None:
        pairs, markers = _revoked(verzaakt, roem, rules, explain)
    else:
        assert cards is not None and tricks is not None
        pairs, markers = _played(playing, cards, tricks, roem, rules, explain)
    points = {seat: pairs[PAIR_OF[seat]] for seat in SEATS}
    explain.append(
        "Klaverjas art. 15a: every player writes his own pair's points: "
        + ", ".join(f"{s} {p}" for s, p in points.items())
    )
    pairs = {pair: pairs[pair] for pair in PAIRS}
    return Score(points, tuple(explain), True, markers, {"pairs": pairs})


def _played(
    playing: str,
    cards: Mapping[str, int],
    tricks: Mapping[str, int],
    roem: Mapping[str, int],
    rules: RuleSet,
    explain: list[str],
) -> tuple[dict[str, int], tuple[str, ...]]:
    """Return the pairs' points of a deal played out: pit, made or nat (art. 15a-d)."""
    other = OTHER[playing]
    bonus = rules["pit_bonus"]
    if tricks[playing] == TRICKS:
        own = roem[playing] if rules["pit_keeps_roem"] else 0
        kept = "own roem" if rules["pit_keeps_roem"] else "no roem by this club's rule"
        explain.append(
            f"Klaverjas art. 15c: {playing} took all 8 tricks: pit, 162 + {bonus} + {kept} "
            f"{own} = {TOTAL + bonus + own} (K-D15)"
        )
        return {playing: TOTAL + bonus + own, other: 0}, ("pit",)
    mine, theirs = cards[playing] + roem[playing], cards[other] + roem[other]
    versus = (
        f"{playing} (playing) {cards[playing]} + {roem[playing]} roem = {mine} against "
        f"{other} {cards[other]} + {roem[other]} roem = {theirs}"
    )
    if mine > theirs or (mine == theirs and not rules["tie_is_nat"]):
        tie = " (a tie is made by this club's rule)" if mine == theirs else ""
        explain.append(f"Klaverjas art. 15a, 15d: {versus}: made{tie}")
        return {playing: mine, other: theirs}, ()
    everything = TOTAL + roem["NS"] + roem["EW"]
    markers: tuple[str, ...] = ("nat",)
    tie = " (a tie is nat, K-D6)" if mine == theirs else ""
    explain.append(f"Klaverjas art. 15b, 15d: {versus}: no majority{tie}, {playing} nat")
    line = f"Klaverjas art. 15b: {other} get 162 + all roem {everything - TOTAL} = {everything}"
    if tricks[other] == TRICKS and rules["pit_for_defenders"]:
        everything += bonus
        markers += ("pit",)
        line += f", + {bonus} for pit by this club's rule (K-D7) = {everything}"
    explain.append(line)
    return {playing: 0, other: everything}, markers


def _revoked(
    verzaakt: tuple[str, str | None, int | None],
    roem: Mapping[str, int],
    rules: RuleSet,
    explain: list[str],
) -> tuple[dict[str, int], tuple[str, ...]]:
    """Return the pairs' points after an established revoke (art. 14, 15e, K-D8)."""
    offender, by, trick = verzaakt
    innocent = OTHER[offender]
    words, extra = VERZAKEN_ROEM[rules["verzaken_roem"]]
    gets = TOTAL + extra(roem, innocent)
    who = f"{by} ({offender})" if by else offender
    when = f" in trick {trick}" if trick else ""
    explain.append(
        f"Klaverjas art. 14, 15e: {who} revoked{when}; {innocent} get 162 + {words} "
        f"{gets - TOTAL} = {gets} (K-D8, verzaken_roem = {rules['verzaken_roem']}), "
        f"{offender} 0"
    )
    return {innocent: gets, offender: 0}, ("verzaakt",)


def _redeal(f: Fields, rules: RuleSet, dealer: str, forced: str) -> Score:
    """Score the redeal of SB-6: nothing, not one of the 16 deals, the same dealer again."""
    for name in ("trump", "playing", "card_points", "tricks", "roem", "verzaakt"):
        if f.has(name):
            raise f.error(name, "a redeal (SB-6) is not played, so it has none")
    pictures = ", ".join(PICTURES[bool(rules["ace_is_picture"])])
    if f.has("hand"):
        try:
            hand = check_cards(f.raw("hand"), "hand", 8, 8)
            if not may_redeal(hand, rules):
                shown = [c for c in hand if c[1:] in PICTURES[bool(rules["ace_is_picture"])]]
                raise RecordError(
                    "hand",
                    f"holds {', '.join(shown)}: a redeal needs a hand without a picture "
                    f"card ({pictures}; SB-6, K-D4)",
                )
        except PlayError as refused:
            raise RecordError(refused.field, refused.message) from None
    explain = (
        f"Klaverjas SB-6: {forced} (forced to play, left of dealer {dealer}) has no picture "
        f"card ({pictures}; K-D4) and had the cards dealt again",
        f"Klaverjas SB-6: {dealer} deals again; not one of the 16 deals; nothing is scored",
    )
    return Score(
        dict.fromkeys(SEATS, 0), explain, False, ("redeal",), {"pairs": {"NS": 0, "EW": 0}}
    )

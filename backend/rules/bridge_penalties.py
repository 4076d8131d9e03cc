"""Bridge penalties of the 1930 club rules: revokes (§2b) and looking at a quitted trick (§2g).

A revoke's penalty is option P, 150 points (x2 doubled, x4 redoubled), or option T, up to two
tricks from the offending side with all their consequences (§A3.2, B-D3). Later revokes in
the deal get points only (B-D4); a card withheld again is penalised once (B-D5); dummy's revoke
is declarer's (B-D8). Looking at a quitted trick costs 50 (§2g, B-D6). Penalty points go to
the non-offending side's board score (B-D1). A penalty the wrong player claimed is void (§A3.5).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .bridge_play import SEATS, SIDE, next_seat, parse_card
from .errors import PlayError, RecordError
from .record import Fields
from .ruleset import Option, RuleSet

REVOKE_POINTS = 150  # §2b "150 strafpunten"
REVOKE_TRICKS = 2  # §2b "twee slagen van de tegenpartij"
INSPECTION_POINTS = 50  # §2g
DOUBLING_FACTOR = (1, 2, 4)  # §2b "verdubbeld of verviervoudigd"
REVOKE_FIELDS = (
    "trick", "offender", "withheld_card", "offender_tricks_from_revoke_on", "choice",
    "claimed_by", "attention_by", "suggested_by", "wrong_penalty", "late",
)  # fmt: skip
INSPECTION_FIELDS = (
    "trick", "inspector", "claimed_by", "attention_by", "suggested_by", "wrong_penalty",
)  # fmt: skip

OPTIONS: tuple[Option, ...] = (
    Option(
        "revoke_default_choice",
        "better",
        "B-D2: with no choice recorded, a first revoke gets the option better for the "
        "non-offending side (P on a tie, or when T cannot be evaluated); 'P' always P.",
        choices=("better", "P"),
    ),
    Option(
        "later_revoke_points",
        "scaled",
        "B-D4: a later revoke's 150 points are doubled / quadrupled like the first "
        "('scaled'), or a flat 150 ('flat').",
        choices=("scaled", "flat"),
    ),
    Option(
        "later_revoke_scope",
        "deal",
        "B-D4: 'een volgend verzaken' is any later revoke in the deal, by either side "
        "('deal'), or only a later revoke by the side that revoked before ('side').",
        choices=("deal", "side"),
    ),
    Option(
        "later_revoke_choice_t",
        "points",
        "§A3.8: a later revoke recorded with choice T is scored as P ('points'); 'void' reads "
        "it as claiming a penalty the rules do not give, so the penalty lapses (§A3.5 rule 3).",
        choices=("points", "void"),
    ),
    Option(
        "dummy_revoke",
        "declarer",
        "B-D8: a revoke from dummy's cards is declarer's ('declarer'); 'none' follows the "
        "modern Laws, which do not penalise it.",
        choices=("declarer", "none"),
    ),
    Option(
        "inspection_scaled",
        False,
        "B-D6: the 50 for looking at a quitted trick is not doubled or redoubled; true scales "
        "it like a revoke's points.",
    ),
    Option(
        "claim_validity",
        True,
        "§A3.5: void a penalty that dummy drew attention to (in L's favour), that the "
        "claimant's partner claimed or suggested, or where a wrong penalty was claimed.",
    ),
)


@dataclass(frozen=True)
class Assessment:
    """The penalties of one board: declarer's tricks after transfers and points to NS."""

    tricks: int
    points_to_ns: int
    explain: tuple[str, ...]
    revokes: tuple[dict[str, Any], ...]
    markers: tuple[str, ...]


@dataclass(frozen=True)
class _Claim:
    path: Fields
    seat: str  # the offender, or the player who looked at a quitted trick
    claimed_by: str | None
    attention_by: str | None
    suggested_by: str | None
    wrong: bool


@dataclass(frozen=True)
class _Revoke:
    claim: _Claim
    trick: int | None
    card: str | None
    from_on: int | None
    choice: str | None
    late: bool


class _Roles:
    """The seed's roles at this board: L (declarer), B (dummy), V and A (the defenders)."""

    def __init__(self, declarer: str) -> None:
        self.declarer = declarer
        self.dummy = next_seat(declarer, 2)
        self.defenders = (next_seat(declarer, 1), next_seat(declarer, 3))
        self.side = SIDE[declarer]

    def claimants(self, favoured: str) -> tuple[str, ...]:
        """Return who may claim a penalty for ``favoured`` side: L, or either defender (B-D2)."""
        return (self.declarer,) if favoured == self.side else self.defenders


def _other(side: str) -> str:
    return "EW" if side == "NS" else "NS"


def _read_claim(r: Fields, seat_field: str) -> _Claim:
    seat = r.str(seat_field, SEATS)
    assert seat is not None
    claimed_by, attention_by, suggested_by = (
        r.str(name, SEATS, required=False)
        for name in ("claimed_by", "attention_by", "suggested_by")
    )
    for name, who in (("claimed_by", claimed_by), ("suggested_by", suggested_by)):
        if who is not None and SIDE[who] == SIDE[seat]:
            raise r.error(name, f"only opponents of {seat} claim or suggest this penalty (§1)")
    return _Claim(r, seat, claimed_by, attention_by, suggested_by, r.bool("wrong_penalty"))


def _read_revoke(r: Fields, roles: _Roles, tricks: int) -> _Revoke:
    r.only(REVOKE_FIELDS)
    claim = _read_claim(r, "offender")
    trick = r.int("trick", 1, 13, required=False)
    card = None
    if r.has("withheld_card"):
        try:
            card = str(parse_card(r.raw("withheld_card"), r.at("withheld_card")))
        except PlayError as exc:
            raise RecordError(exc.field, exc.message) from None
    side = SIDE[claim.seat]
    total = tricks if side == roles.side else 13 - tricks
    from_on = r.int("offender_tricks_from_revoke_on", required=False)
    if from_on is not None:
        low, high = 0, total
        if trick is not None:  # tricks 1..trick-1 are protected (§2b "onaantastbaar")
            low, high = max(0, total - (trick - 1)), min(total, 14 - trick)
        if not low <= from_on <= high:
            where = f" from trick {trick} on" if trick is not None else ""
            raise r.error(
                "offender_tricks_from_revoke_on",
                f"must be between {low} and {high}: {side} took {total} tricks in all{where} "
                f"(§A3.9), got {from_on}",
            )
    choice = r.str("choice", ("P", "T"), required=False)
    if choice == "T" and from_on is None:
        raise r.error("offender_tricks_from_revoke_on", "is required when choice is T (§A3.9)")
    return _Revoke(claim, trick, card, from_on, choice, r.bool("late"))


def _void_reason(claim: _Claim, roles: _Roles, rules: RuleSet) -> str | None:
    """Return why a claimed penalty is void under §A3.5, or None when it stands."""
    if not rules["claim_validity"]:
        return None
    favoured = _other(SIDE[claim.seat])
    if favoured == roles.side and claim.attention_by == roles.dummy:
        return "dummy drew attention to the opponents' infraction, so L may not claim (§1-Blinde)"
    claimants = roles.claimants(favoured)
    for who, verb in ((claim.claimed_by, "claimed"), (claim.suggested_by, "suggested")):
        if who is not None and who not in claimants:
            return f"{who}, the claimant's partner, {verb} the penalty (§1-Overige)"
    if claim.wrong:
        return "a penalty other than the correct one was claimed, so it lapses (§1-Overige)"
    return None


def assess(
    f: Fields,
    rules: RuleSet,
    dbl: int,
    declarer: str,
    tricks: int,
    contract_ns: Callable[[int], int],
) -> Assessment:
    """Apply the board's revokes and inspections (§A3.8) to the tricks and the NS points.

    ``contract_ns(tricks)`` is the contract's NS score for declarer's side taking ``tricks``.

    :raises RecordError: for a revoke or inspection the rules refuse, naming its field.
    """
    roles = _Roles(declarer)
    revokes = [_read_revoke(r, roles, tricks) for r in f.objs("revokes")]
    last = 0
    for rv in revokes:
        if rv.trick is not None:
            if rv.trick < last:
                raise rv.claim.path.error("trick", "revokes are listed in the order they happened")
            last = rv.trick
    state = _State(tricks, dbl, roles, rules, contract_ns)
    for rv in revokes:
        state.revoke(rv)
    for i in f.objs("inspections"):
        i.only(INSPECTION_FIELDS)
        i.int("trick", 1, 13, required=False)
        state.inspection(_read_claim(i, "inspector"))
    markers = ("revoke",) if revokes else ()
    if state.points or state.tricks != tricks:
        markers += ("penalty",)
    return Assessment(
        state.tricks, state.points, tuple(state.explain), tuple(state.results), markers
    )


class _State:
    """The running result while the penalties are applied in the order they happened."""

    def __init__(
        self, tricks: int, dbl: int, roles: _Roles, rules: RuleSet, contract_ns: Callable
    ) -> None:
        self.tricks, self.dbl, self.roles, self.rules = tricks, dbl, roles, rules
        self.contract_ns = contract_ns
        self.points = 0
        self.explain: list[str] = []
        self.results: list[dict[str, Any]] = []
        self.withheld: dict[str, str] = {}
        self.sides_revoked: set[str] = set()

    def revoke(self, rv: _Revoke) -> None:
        offender, side = rv.claim.seat, SIDE[rv.claim.seat]
        head = f"Bridge §2b: revoke by {offender}" + (f" in trick {rv.trick}" if rv.trick else "")
        result: dict[str, Any] = {"offender": offender, "side": side, "trick": rv.trick}
        self.results.append(result)
        if rv.card is not None:
            if rv.card in self.withheld:
                if self.withheld[rv.card] != offender:
                    raise rv.claim.path.error(
                        "withheld_card",
                        f"{rv.card} was withheld by {self.withheld[rv.card]}: one card, one hand",
                    )
                result["penalty"] = "repeat"
                self.explain.append(f"{head}: {rv.card} withheld again, penalised once (B-D5)")
                return
            self.withheld[rv.card] = offender
        if offender == self.roles.dummy and self.rules["dummy_revoke"] == "none":
            result["penalty"] = "none"
            self.explain.append(f"{head}: dummy's revoke is not penalised (option dummy_revoke)")
            return
        later = (
            bool(self.sides_revoked)
            if self.rules["later_revoke_scope"] == "deal"
            else (side in self.sides_revoked)
        )
        self.sides_revoked.add(side)
        if offender == self.roles.dummy:
            head += " (dummy's cards: declarer's revoke, B-D8)"
        factor = DOUBLING_FACTOR[self.dbl]
        if later and self.rules["later_revoke_points"] == "flat":
            factor = 1
        p_points = REVOKE_POINTS * factor
        to_ns = p_points if side == "EW" else -p_points
        void = "claimed after the next board was started (B-D9)" if rv.late else None
        void = void or _void_reason(rv.claim, self.roles, self.rules)
        if later and rv.choice == "T" and self.rules["later_revoke_choice_t"] == "void":
            void = void or "T was claimed for a later revoke, which gives points only (§A3.5)"
        if void:
            result["penalty"] = "void"
            self.explain.append(f"{head}: no penalty: {void}")
            return
        option_p = self.contract_ns(self.tricks) + to_ns
        if later:
            result.update(penalty="P", points_to_ns=to_ns)
            self.points += to_ns
            self.explain.append(
                f"{head}: a later revoke gets points only (B-D4): {REVOKE_POINTS} x {factor}"
                f" = {p_points} to {_other(side)}"
            )
            return
        moved = None if rv.from_on is None else min(REVOKE_TRICKS, rv.from_on)
        t_tricks = None
        if moved is not None:
            t_tricks = self.tricks - moved if side == self.roles.side else self.tricks + moved
        option_t = None if t_tricks is None else self.contract_ns(t_tricks)
        result["options"] = {"P": option_p, "T": option_t}
        choice, how = rv.choice, "chose"
        if choice is None:
            gain = 0 if option_t is None else (option_t - option_p) * (1 if side == "EW" else -1)
            choice = "T" if gain > 0 else "P"
            if self.rules["revoke_default_choice"] == "P":
                choice = "P"
            how = "get by default (B-D2)"
        t_text = "cannot be evaluated" if moved is None else f"{moved} tricks = NS {option_t:+d}"
        options = f"option P = NS {option_p:+d}, option T ({t_text})"
        self.explain.append(f"{head}: {options}; {_other(side)} {how} {choice}")
        if choice == "T":
            assert t_tricks is not None and moved is not None
            result.update(penalty="T", tricks_moved=moved)
            self.tricks = t_tricks
        else:
            result.update(penalty="P", points_to_ns=to_ns)
            self.points += to_ns

    def inspection(self, claim: _Claim) -> None:
        side = SIDE[claim.seat]
        head = f"Bridge §2g: {claim.seat} looked at a quitted trick"
        if claim.claimed_by is None:
            self.explain.append(f"{head}: not claimed, nothing scored (§A3.6)")
            return
        void = _void_reason(claim, self.roles, self.rules)
        if void:
            self.explain.append(f"{head}: no penalty: {void}")
            return
        points = INSPECTION_POINTS
        if self.rules["inspection_scaled"]:
            points *= DOUBLING_FACTOR[self.dbl]
        self.points += points if side == "EW" else -points
        self.explain.append(f"{head}: {claim.claimed_by} claims {points} for {_other(side)}")

"""Judge a Schafkopf game at the standing of a fault: wrong Auflegen (Nr. 4), Verwerfen (Nr. 5).

The side of the offender (X) loses at the Augen and tricks standing at that moment, unless
it was already home; then it wins at the level already certain (S-D8, option
``fault_win_level``). The offender takes all minus points of his side (S-D10). Also holds
the Augen arithmetic the game scoring shares: how many Augen n tricks can hold, and the
level (schneider, schwarz) of a losing side.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .record import Fields
from .ruleset import RuleSet

SEATS = (1, 2, 3, 4)
KINDS = ("AUFLEGEN", "VERWERFEN")
WIN_AUGEN = 61  # Nr. 3: "mit 60 Augen verloren"; the defenders are home with 60
DECLARER_SCHNEIDER = 30  # Nr. 3: "mit 30 Schneider"
# The most Augen n tricks can hold (the 4n highest cards: Asse 11, Zehner 10, Könige 4, ...).
MAX_AUGEN = (0, 44, 84, 100, 112, 120, 120, 120, 120)
STANDING = ("decl_augen", "decl_tricks", "def_augen", "def_tricks")


@dataclass(frozen=True)
class Outcome:
    """How a game ends: did the declaring side win, at which level (0, 1 schneider, 2 schwarz)."""

    won: bool
    level: int
    explain: list[str]


@dataclass(frozen=True)
class Standing:
    """Augen and tricks of both sides from the tricks completed before the fault."""

    decl_augen: int
    decl_tricks: int
    def_augen: int
    def_tricks: int


@dataclass(frozen=True)
class Fault:
    """A wrong lay-down or a wrong card, with who did it and the standing at that moment."""

    kind: str
    offender: int
    standing: Standing
    trick: int | None = None
    corrected: bool = False

    @property
    def rule(self) -> str:
        return "Schafkopf Nr. 4" if self.kind == "AUFLEGEN" else "Schafkopf Nr. 5"

    def corrected_note(self) -> str:
        return (
            f"{self.rule}: seat {self.offender} took back his wrong card in trick {self.trick} "
            "while the trick lay open, so it changes nothing."
        )

    def side(self, declaring: tuple[int, ...]) -> tuple[int, ...]:
        """The offender's side (X)."""
        if self.offender in declaring:
            return declaring
        return tuple(s for s in SEATS if s not in declaring)

    def take_all_minus(self, points: dict[int, int], declaring: tuple[int, ...]) -> dict[int, int]:
        """Move every minus point of the offender's partners to the offender (S-D10)."""
        out = dict(points)
        for seat in self.side(declaring):
            if seat != self.offender and out[seat] < 0:
                out[self.offender] += out[seat]
                out[seat] = 0
        return out

    def minus_note(self, points: dict[int, int], declaring: tuple[int, ...]) -> str:
        taken = [
            f"seat {s}'s {points[s]}"
            for s in self.side(declaring)
            if s != self.offender and points[s] < 0
        ]
        says = f"{self.rule}: the offender takes all minus points of his side (S-D10)"
        if taken:
            return f"{says}: seat {self.offender} takes {' and '.join(taken)}."
        return f"{says}; there are none to move to seat {self.offender}."


def read_fault(f: Fields | None) -> Fault | None:
    """Read the ``fault`` object of a record, refusing an impossible standing."""
    if f is None:
        return None
    f.only({"kind", "offender", "standing", "trick", "corrected"})
    kind = f.str("kind", KINDS)
    offender = f.int("offender", 1, 4)
    standing = _read_standing(f)
    trick = None
    if kind == "AUFLEGEN":
        for name in ("trick", "corrected"):
            if f.has(name):
                raise f.error(name, "belongs to a VERWERFEN (Nr. 5), not to a wrong lay-down")
    else:
        trick = f.int("trick", 1, 8)
        done = standing.decl_tricks + standing.def_tricks
        if trick != done + 1:
            raise f.error(
                "trick",
                f"the standing covers tricks 1 to {done}, so the wrong card "
                f"was played in trick {done + 1}, not {trick} (S-D9)",
            )
    assert kind is not None and offender is not None
    return Fault(kind, offender, standing, trick, f.bool("corrected"))


def _read_standing(f: Fields) -> Standing:
    s = f.obj("standing", required=True)
    assert s is not None
    s.only(STANDING)
    values = [s.int(name, 0, 8 if name.endswith("tricks") else 120) for name in STANDING]
    st = Standing(*values)  # type: ignore[arg-type]
    done = st.decl_tricks + st.def_tricks
    augen = st.decl_augen + st.def_augen
    if done > 7:
        raise f.error("standing", f"has {done} tricks; a fault comes before the 8th trick is done")
    if augen > 120:
        raise f.error("standing", f"has {augen} Augen; the cards hold 120")
    problem = augen_problem(st.decl_augen, st.decl_tricks, st.def_augen, st.def_tricks)
    if not problem and 120 - augen > MAX_AUGEN[8 - done]:
        problem = f"the {8 - done} tricks still to play cannot hold the other {120 - augen} Augen"
    if problem:
        raise f.error("standing", problem)
    return st


def augen_problem(decl_augen: int, decl_tricks: int, def_augen: int, def_tricks: int) -> str:
    """Say why a side cannot have these Augen in these tricks ('' when it can)."""
    for side, augen, tricks in (
        ("the declaring side", decl_augen, decl_tricks),
        ("the defenders", def_augen, def_tricks),
    ):
        if tricks == 0 and augen:
            return f"{side} took no trick, so it cannot have {augen} Augen"
        if augen > MAX_AUGEN[tricks]:
            most = MAX_AUGEN[tricks]
            return f"{side} cannot have {augen} Augen in {tricks} tricks (at most {most})"
    return ""


def loser_level(who: str, augen: int, tricks: int, limit: int) -> tuple[int, str]:
    """The losing side's level (0 plain, 1 schneider, 2 schwarz) and the reason in words."""
    if tricks == 0:
        return 2, f"{who}: no trick, schwarz (S-D2)"
    if augen <= limit:
        return 1, f"{who}: {augen} Augen, {limit} or fewer, schneider"
    return 0, f"{who}: {augen} Augen, more than {limit}, no schneider"


class _Side(NamedTuple):
    name: str
    augen: int
    tricks: int
    limit: int  # schneider with this many Augen or fewer


def judge_fault(fault: Fault, scored: str, declaring: tuple[int, ...], rules: RuleSet) -> Outcome:
    """Decide a game at the standing of a fault (spec §5.3, S-D8, S-D9)."""
    st = fault.standing
    decl = _Side("the declaring side", st.decl_augen, st.decl_tricks, DECLARER_SCHNEIDER)
    dfd = _Side("the defenders", st.def_augen, st.def_tricks, rules["schneider_defender_limit"])
    x_declares = fault.offender in declaring
    x, y = (decl, dfd) if x_declares else (dfd, decl)
    who = f"Seat {fault.offender}'s side ({x.name})"
    explain = [_what(fault)]
    if scored == "TOUT":
        home = not x_declares and x.tricks >= 1
        explain.append(
            f"{who} was {'already' if home else 'not'} home: in a Tout the defenders are home "
            "with one trick, the soloist only with all 8; a Tout is 8 either way (S-D3)."
        )
        return Outcome(home == x_declares, 0, explain)
    need = WIN_AUGEN if x_declares else WIN_AUGEN - 1
    if x.augen < need:
        level, reason = loser_level(x.name, x.augen, x.tricks, x.limit)
        explain.append(
            f"{who} was not home ({x.augen} Augen, {need} needed), so it loses at the "
            f"standing; {reason}."
        )
        return Outcome(not x_declares, level, explain)
    explain.append(f"{who} was already home ({x.augen} Augen, {need} needed), so it wins.")
    if rules["fault_win_level"] == "standing":
        level, reason = loser_level(y.name, y.augen, y.tricks, y.limit)
        explain.append(f"Valued at the standing (fault_win_level=standing): {reason}.")
        return Outcome(x_declares, level, explain)
    reach = y.augen + 120 - st.decl_augen - st.def_augen
    level = 1 if reach <= y.limit else 0
    explain.append(
        f"S-D8: {y.name} could still reach {reach} Augen (schneider at {y.limit} or fewer), "
        f"so schneider is {'certain' if level else 'not certain'}; schwarz is never granted, "
        "as the rest was not played."
    )
    return Outcome(x_declares, level, explain)


def _what(fault: Fault) -> str:
    st = fault.standing
    standing = (
        f"declaring side {st.decl_augen} Augen in {st.decl_tricks} tricks, "
        f"defenders {st.def_augen} Augen in {st.def_tricks} tricks"
    )
    if fault.kind == "AUFLEGEN":
        return (
            f"Schafkopf Nr. 4: seat {fault.offender} laid his cards down wrongly (Auflegen); "
            f"the game counts at the standing then: {standing}."
        )
    return (
        f"Schafkopf Nr. 5: seat {fault.offender} played a wrong card in trick {fault.trick} "
        f"(Verwerfen), found afterwards; the standing before that trick counts: {standing} "
        "(S-D9), valued as in Nr. 4."
    )

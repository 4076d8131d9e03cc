"""Rank a Schafkopf tournament (Nr. 9): the Durchgänge added, ties broken by the solos.

TSV Lengfeld plays two Durchgänge; the number is the competition's choice, and the ranking
adds every Durchgang played, however many (S-D17). A player who missed one keeps the others.

A tie on points is broken, more ranking higher, by the Touts played, then the solos won,
then the solos played (a Tout counts as a solo, S-D13); if still level, by the lot the
Turnierleitung drew, which is an input (player -> place drawn, 1 first) and is applied only
between players level on everything else. A player excluded for cheating or a false entry
(Nr. 8) is removed from the prize ranking with the reason (S-D12, option
``exclusion_scope``: the offender, or his whole table in that Durchgang).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .errors import RecordError
from .games import score_record
from .record import Fields, check_int
from .result import Score
from .ruleset import RuleSet
from .schafkopf import PRESETS
from .standings import Counted, Line, rank

TIEBREAK = ("touts", "solos_won", "solos_played", "lot")


@dataclass(frozen=True)
class Tally:
    """One player's Partie: his points and the solos that break a tie."""

    points: int = 0
    touts: int = 0
    solos_won: int = 0
    solos_played: int = 0
    table: str | None = None

    def __add__(self, other: Tally) -> Tally:
        return Tally(
            self.points + other.points,
            self.touts + other.touts,
            self.solos_won + other.solos_won,
            self.solos_played + other.solos_played,
            self.table or other.table,
        )

    @classmethod
    def from_dict(cls, data: Any, path: str) -> Tally:
        """Read ``{"points", "touts", "solos_won", "solos_played", "table"}``."""
        f = Fields(data, path)
        f.only(("points", "touts", "solos_won", "solos_played", "table"))
        points = f.int("points")
        played, touts, won = (
            f.int(name, 0, None, required=False) or 0
            for name in ("solos_played", "touts", "solos_won")
        )
        for name, value in (("touts", touts), ("solos_won", won)):
            if value > played:
                raise f.error(name, f"cannot exceed solos_played ({played}); a Tout is a solo")
        assert points is not None
        return cls(points, touts, won, played, _text(f, "table"))

    def as_dict(self) -> dict[str, Any]:
        return {
            "points": self.points,
            "touts": self.touts,
            "solos_won": self.solos_won,
            "solos_played": self.solos_played,
            "table": self.table,
        }


@dataclass(frozen=True)
class Exclusion:
    """A director's exclusion (Nr. 8): who, why, and in which Durchgang it happened."""

    player: str
    reason: str
    durchgang: str | None = None


def tally_game(record: Mapping[str, Any], score: Score) -> dict[str, Tally]:
    """Each player's share of one scored game line: his points and, for the soloist, the solo."""
    table = record.get("table")
    soloist = str(record.get("declarer")) if "solo_dot" in score.markers else None
    out = {}
    for seat, player in record["seats"].items():
        solo = int(seat == soloist)
        out[player] = Tally(
            points=score.points[seat],
            touts=solo * (record["type"] == "TOUT"),
            solos_won=solo * bool(score.extra.get("won")),
            solos_played=solo,
            table=None if table is None else str(table),
        )
    return out


def tally_partie(
    records: Iterable[Mapping[str, Any]], rules: RuleSet | None = None
) -> dict[str, Tally]:
    """Score a Partie's game lines and add them up per player (Nr. 7: the sum of a column).

    :raises RecordError: naming ``games[i].<field>`` for a line that is refused.
    """
    rules = rules or PRESETS[0]
    totals: dict[str, Tally] = {}
    for i, record in enumerate(records):
        try:
            score = score_record(record, rules)
        except RecordError as refused:
            raise RecordError(f"games[{i}].{refused.field}", refused.message) from None
        for player, tally in tally_game(record, score).items():
            totals[player] = totals.get(player, Tally()) + tally
    return totals


def rank_tournament(
    durchgaenge: Mapping[str, Mapping[str, Tally]],
    lots: Mapping[str, int] | None = None,
    exclusions: Sequence[Exclusion] = (),
    rules: RuleSet | None = None,
) -> list[Line]:
    """Rank the players by their Durchgänge added (Nr. 9); excluded players last, rank 0.

    :raises RecordError: for a lot that does not order a whole tie, or a bad exclusion.
    """
    rules = rules or PRESETS[0]
    players = sorted({p for results in durchgaenge.values() for p in results})
    excluded = _excluded(durchgaenge, exclusions, rules)
    lines = [_line(p, durchgaenge) for p in players if p not in excluded]
    lines = rank(_apply_lots(lines, dict(lots or {})))
    return lines + [_excluded_line(p, durchgaenge, excluded[p]) for p in players if p in excluded]


def rank_from_dict(data: Any, rules: RuleSet | None = None) -> list[Line]:
    """Rank a tournament given as JSON: ``{"durchgaenge", "lots"?, "exclusions"?}``.

    :raises RecordError: naming the field (``durchgaenge.1.anna.points``, ``lots.bert`` ...).
    """
    f = Fields(data, "")
    f.only(("durchgaenge", "lots", "exclusions"))
    parts = f.obj("durchgaenge", required=True)
    assert parts is not None
    durchgaenge = {}
    for key, partie in parts.data.items():
        results = Fields(partie, parts.at(str(key)))
        durchgaenge[str(key)] = {
            str(p): Tally.from_dict(v, results.at(str(p))) for p, v in results.data.items()
        }
    lots = f.obj("lots")
    exclusions = []
    for ex in f.objs("exclusions"):
        ex.only(("player", "reason", "durchgang"))
        player, reason = ex.str("player"), ex.str("reason")
        assert player is not None and reason is not None
        exclusions.append(Exclusion(player, reason, _text(ex, "durchgang")))
    return rank_tournament(durchgaenge, lots.data if lots else None, exclusions, rules)


def _line(player: str, durchgaenge: Mapping[str, Mapping[str, Tally]]) -> Line:
    results, total = [], Tally()
    for key, partie in durchgaenge.items():
        tally = partie.get(player)
        if tally is None:
            results.append(Counted(key, 0, False, "did not play this Durchgang"))
            continue
        results.append(Counted(key, tally.points, True, "Nr. 9: the Durchgänge are added"))
        total += tally
    sums = " + ".join(f"{r.value:+d}" for r in results if r.counts) or "0"
    return Line(
        player=player,
        total=total.points,
        results=tuple(results),
        tiebreak=(total.touts, total.solos_won, total.solos_played, 0),
        details={
            "touts": total.touts,
            "solos_won": total.solos_won,
            "solos_played": total.solos_played,
            "lot": None,
        },
        explain=(
            f"Schafkopf Nr. 9: Durchgänge {sums} = {total.points:+d}.",
            f"Tie-break (Nr. 9, S-D13): {total.touts} Touts played, {total.solos_won} solos "
            f"won, {total.solos_played} solos played.",
        ),
    )


def _apply_lots(lines: list[Line], lots: dict[str, int]) -> list[Line]:
    known = {line.player for line in lines}
    for player, place in lots.items():
        check_int(place, f"lots.{player}", 1)
        if player not in known:
            raise RecordError(f"lots.{player}", "is not a ranked player")
    ties: dict[tuple[int, ...], list[Line]] = {}
    for line in lines:
        ties.setdefault((line.total, *line.tiebreak), []).append(line)
    out = []
    for group in ties.values():
        drawn = sorted(
            (line for line in group if line.player in lots), key=lambda x: lots[x.player]
        )
        if len(group) < 2 or not drawn:
            out += group
            continue
        names = ", ".join(line.player for line in group)
        if len(drawn) != len(group):
            raise RecordError("lots", f"the lot must place every player of the tie: {names}")
        if len({lots[line.player] for line in drawn}) != len(drawn):
            raise RecordError("lots", f"two players of the tie {names} drew the same place")
        for i, line in enumerate(drawn):
            place = lots[line.player]
            out.append(
                replace(
                    line,
                    tiebreak=(*line.tiebreak[:3], len(drawn) - i),
                    details={**line.details, "lot": place},
                    explain=(
                        *line.explain,
                        f"Still level with {names}: the lot (Nr. 9) placed "
                        f"{line.player} {place} of {len(drawn)}.",
                    ),
                )
            )
    return out


def _excluded(
    durchgaenge: Mapping[str, Mapping[str, Tally]],
    exclusions: Sequence[Exclusion],
    rules: RuleSet,
) -> dict[str, str]:
    out: dict[str, str] = {}
    for i, ex in enumerate(exclusions):
        where = f"exclusions[{i}]"
        if not any(ex.player in partie for partie in durchgaenge.values()):
            raise RecordError(f"{where}.player", f"{ex.player!r} played no Durchgang")
        out.setdefault(ex.player, f"excluded (Nr. 8): {ex.reason}")
        if rules["exclusion_scope"] != "table":
            continue
        partie = durchgaenge.get(ex.durchgang or "")
        if partie is None or ex.player not in partie:
            raise RecordError(
                f"{where}.durchgang",
                "must name the Durchgang of the offence, "
                "as the whole table is excluded (exclusion_scope=table)",
            )
        table = partie[ex.player].table
        if table is None:
            raise RecordError(f"{where}.durchgang", f"{ex.player}'s table is not recorded")
        for player, tally in partie.items():
            if tally.table == table:
                out.setdefault(
                    player,
                    f"excluded with table {table} in Durchgang "
                    f"{ex.durchgang} (Nr. 8, exclusion_scope=table): {ex.reason}",
                )
    return out


def _excluded_line(player: str, durchgaenge: Mapping[str, Mapping[str, Tally]], why: str) -> Line:
    results = tuple(
        Counted(key, partie[player].points, False, f"void: {why}")
        for key, partie in durchgaenge.items()
        if player in partie
    )
    return Line(
        player=player,
        total=0,
        results=results,
        details={"excluded": why},
        explain=(f"Removed from the prize ranking: {why} (S-D12).",),
        rank=0,
    )


def _text(f: Fields, name: str) -> str | None:
    """A key such as a table or a Durchgang: a text or a number, read as text."""
    value = f.raw(name)
    if value is not None and (isinstance(value, bool) or not isinstance(value, (str, int))):
        raise f.error(name, "must be a text or a number")
    return None if value is None else str(value)

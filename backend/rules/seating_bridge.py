"""Bridge pairs movements (Mitchell, Howell) and the draw of pairs to their starting places.

Both movements are STANDARD duplicate practice, not from the club's seed (bridge.md):
- Mitchell: NS pairs stay at their table, EW pairs move up one table and the boards down one
  table each round; with an even number of tables the EW pairs skip a table after half the
  rounds (skip Mitchell), so the movement is at most tables - 1 rounds long (no revenge round).
- Howell: a cyclic round robin. Round r pairs ``r + a`` with ``r + b`` for every (a, b) of a
  starter of Z_m and the stationary pair with ``r``; an adder gives each table its board set
  ``r - adder``, so every pair meets every other pair once and plays every board set once (a
  Room square of side m). Room squares of side 3 and 5 do not exist: with 4 or 6 pairs every
  table plays the same board set in a round, and the boards are shared between the tables.
An odd number of pairs gets a phantom pair; whoever meets it sits out that round.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .errors import RuleError
from .seating import Lot, Seed, check_count, check_players

# m -> (starter pairs of Z_m \ {0}, adders: one for the stationary pair's match, then one per
# starter pair). Found by exhaustive search; each row is checked by check_movement.
ROOM_SQUARES: dict[int, tuple[tuple[tuple[int, int], ...], tuple[int, ...]]] = {
    3: (((1, 2),), (0, 0)),
    5: (((1, 4), (2, 3)), (0, 0, 0)),
    7: (((1, 6), (2, 5), (3, 4)), (0, 2, 4, 1)),
    9: (((1, 2), (3, 7), (4, 6), (5, 8)), (0, 1, 7, 2, 8)),
    11: (((1, 10), (2, 9), (3, 8), (4, 7), (5, 6)), (0, 3, 5, 9, 1, 4)),
    13: (((1, 12), (2, 11), (3, 10), (4, 9), (5, 8), (6, 7)), (0, 3, 5, 9, 1, 6, 2)),
    15: (
        ((1, 14), (2, 13), (3, 12), (4, 11), (5, 10), (6, 9), (7, 8)),
        (0, 2, 7, 11, 6, 1, 13, 5),
    ),
    17: (
        ((1, 16), (2, 15), (3, 14), (4, 13), (5, 12), (6, 11), (7, 10), (8, 9)),
        (0, 2, 6, 8, 3, 7, 4, 16, 5),
    ),
    19: (
        ((1, 18), (2, 17), (3, 16), (4, 15), (5, 14), (6, 13), (7, 12), (8, 11), (9, 10)),
        (0, 2, 6, 10, 14, 7, 11, 4, 17, 5),
    ),
}
MITCHELL_PAIRS = (5, 60)
HOWELL_PAIRS = (3, 20)


@dataclass(frozen=True)
class Sitting:
    """One table in one round: the NS pair, the EW pair and the boards they play."""

    table: int
    ns: int
    ew: int
    boards: tuple[int, ...]

    def as_dict(self) -> dict[str, Any]:
        return {"table": self.table, "ns": self.ns, "ew": self.ew, "boards": list(self.boards)}


@dataclass(frozen=True)
class MovementRound:
    """One round of a movement: the tables in play and the pairs that sit out."""

    number: int
    tables: tuple[Sitting, ...]
    sitting_out: tuple[int, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {
            "round": self.number,
            "tables": [t.as_dict() for t in self.tables],
            "sitting_out": list(self.sitting_out),
        }


@dataclass(frozen=True)
class Movement:
    """A whole movement with pairs numbered 1..pairs_count (the phantom, if any, one higher)."""

    kind: str
    pairs_count: int
    tables_count: int
    boards_per_round: int
    board_sets: int
    phantom: int | None
    rounds: tuple[MovementRound, ...]
    explain: tuple[str, ...]

    def as_dict(self) -> dict[str, Any]:
        return {
            "movement": self.kind,
            "pairs_count": self.pairs_count,
            "tables": self.tables_count,
            "boards_per_round": self.boards_per_round,
            "board_sets": self.board_sets,
            "boards": self.board_sets * self.boards_per_round,
            "phantom": self.phantom,
            "rounds": [r.as_dict() for r in self.rounds],
            "explain": list(self.explain),
        }


def _boards(board_set: int, per_round: int) -> tuple[int, ...]:
    return tuple(range(board_set * per_round + 1, board_set * per_round + per_round + 1))


def _round(
    number: int, games: list[tuple[int, int, int, int]], phantom: int | None, per: int
) -> MovementRound:
    tables, out = [], []
    for table, ns, ew, board_set in games:
        if phantom in (ns, ew):
            out.append(ew if ns == phantom else ns)
        else:
            tables.append(Sitting(table, ns, ew, _boards(board_set, per)))
    return MovementRound(number, tuple(tables), tuple(out))


def mitchell(pairs_count: int, boards_per_round: int, rounds: int | None = None) -> Movement:
    """Build a Mitchell (a skip Mitchell for an even number of tables) for 5 to 60 pairs."""
    check_count(pairs_count, "pairs_count", *MITCHELL_PAIRS)
    check_count(boards_per_round, "boards_per_round", 1, 10)
    t = (pairs_count + 1) // 2
    full = t if t % 2 else t - 1
    rounds = full if rounds is None else check_count(rounds, "rounds", 1, full)
    phantom = 2 * t if pairs_count % 2 else None
    made = []
    for r in range(rounds):
        skip = 1 if t % 2 == 0 and 2 * r >= t else 0
        games = [(i + 1, i + 1, t + (i - r - skip) % t + 1, (i + r) % t) for i in range(t)]
        made.append(_round(r + 1, games, phantom, boards_per_round))
    explain = [
        f"Mitchell (STANDARD): {t} tables; NS pairs 1-{t} stay at their table, EW pairs "
        f"{t + 1}-{2 * t} move up one table and the boards down one table each round",
        f"{rounds} rounds of {boards_per_round} boards: board sets 1-{t} "
        f"(boards 1-{t * boards_per_round}), each in play at one table every round",
    ]
    if phantom:
        explain[-1] += " (the set at the table of the pair that sits out rests)"
    if t % 2 == 0:
        explain.insert(
            1,
            f"Skip Mitchell (STANDARD, even number of tables): the EW pairs skip a table after "
            f"round {t // 2}, so no board is played twice; at most {full} rounds",
        )
    if phantom:
        explain.append(f"Phantom pair {phantom}: the pair it meets sits out that round")
    mv = Movement(
        "mitchell", pairs_count, t, boards_per_round, t, phantom, tuple(made), tuple(explain)
    )
    check_movement(mv)
    return mv


def howell(pairs_count: int, boards_per_round: int, rounds: int | None = None) -> Movement:
    """Build a complete (or, with ``rounds``, a shortened) cyclic Howell for 3 to 20 pairs."""
    check_count(pairs_count, "pairs_count", *HOWELL_PAIRS)
    check_count(boards_per_round, "boards_per_round", 1, 10)
    n = pairs_count + pairs_count % 2
    m = n - 1
    rounds = m if rounds is None else check_count(rounds, "rounds", 1, m)
    phantom = n if pairs_count % 2 else None
    starter, adders = ROOM_SQUARES[m]
    made = []
    for r in range(rounds):
        first = (n, r + 1) if r % 2 == 0 else (r + 1, n)
        games = [(1, *first, (r - adders[0]) % m)]
        for i, (a, b) in enumerate(starter, 1):
            games.append((i + 1, (r + a) % m + 1, (r + b) % m + 1, (r - adders[i]) % m))
        made.append(_round(r + 1, games, phantom, boards_per_round))
    stays = "table 1 is the sit-out" if phantom else f"pair {n} stays at table 1"
    explain = [
        f"Howell (STANDARD, cyclic round robin): {n} pairs at {n // 2} tables, {m} rounds for "
        f"the complete movement; {stays}, the others move",
        f"{rounds} rounds of {boards_per_round} boards: board sets 1-{m} "
        f"(boards 1-{m * boards_per_round}); every pair plays every board set at most once "
        f"and sits NS and EW in turn",
    ]
    if m <= 5:
        explain.append(
            f"With {n} pairs all tables play the same board set in a round: share the boards "
            "between the tables during the round, or duplicate them"
        )
    if phantom:
        explain.append(f"Phantom pair {phantom}: the pair it meets sits out that round")
    mv = Movement(
        "howell", pairs_count, n // 2, boards_per_round, m, phantom, tuple(made), tuple(explain)
    )
    check_movement(mv)
    return mv


def movement_faults(mv: Movement) -> list[str]:
    """List every broken property of a movement (an empty list for a sound one)."""
    faults: list[str] = []
    met: Counter[tuple[int, int]] = Counter()
    played: Counter[tuple[int, int]] = Counter()
    ns_count: Counter[int] = Counter()
    for rnd in mv.rounds:
        seated = [p for t in rnd.tables for p in (t.ns, t.ew)] + list(rnd.sitting_out)
        if sorted(seated) != list(range(1, mv.pairs_count + 1)):
            faults.append(f"round {rnd.number}: not every pair is seated or out exactly once")
        sets = [t.boards for t in rnd.tables]
        if len(set(sets)) < len(sets) and not (mv.kind == "howell" and mv.board_sets <= 5):
            faults.append(f"round {rnd.number}: a board set is in play at two tables")
        for t in rnd.tables:
            met[(min(t.ns, t.ew), max(t.ns, t.ew))] += 1
            played.update((p, t.boards[0]) for p in (t.ns, t.ew))
            ns_count[t.ns] += 1
            if mv.kind == "mitchell" and (t.ns != t.table or t.ew <= mv.tables_count):
                faults.append(f"round {rnd.number}: table {t.table} is not NS {t.table} vs EW")
    faults += [f"pairs {a} and {b} meet {c} times" for (a, b), c in met.items() if c > 1]
    faults += [f"pair {p} plays board {b} {c} times" for (p, b), c in played.items() if c > 1]
    complete = mv.kind == "howell" and len(mv.rounds) == mv.board_sets
    if complete:
        want = mv.pairs_count * (mv.pairs_count - 1) // 2
        if len(met) != want:
            faults.append(f"{len(met)} of the {want} pairs of pairs meet")
        for p in range(1, mv.pairs_count + 1):
            games = sum(1 for key in met if p in key)
            if abs(2 * ns_count[p] - games) > 1:
                faults.append(f"pair {p} sits NS {ns_count[p]} times in {games} rounds")
    return faults


def check_movement(mv: Movement) -> None:
    """Refuse a movement that breaks a standard property, naming every fault."""
    faults = movement_faults(mv)
    if faults:
        raise RuleError("movement", "; ".join(faults))


@dataclass(frozen=True)
class BridgeDraw:
    """Pairs drawn by lot to the pair numbers of a movement."""

    seed: Seed
    pairs: tuple[str, ...]
    numbers: tuple[tuple[int, str], ...]
    movement: Movement
    explain: tuple[str, ...]

    def starts(self) -> list[dict[str, Any]]:
        """Return where each pair starts: its table and direction in round 1 (None: sits out)."""
        names = dict(self.numbers)
        place = {p: (None, None) for p in names}
        for t in self.movement.rounds[0].tables:
            place[t.ns], place[t.ew] = (t.table, "NS"), (t.table, "EW")
        return [
            {"pair": p, "name": names[p], "table": place[p][0], "direction": place[p][1]}
            for p in sorted(names)
        ]

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": "bridge",
            "seed": self.seed,
            "pairs": list(self.pairs),
            "numbers": {str(p): name for p, name in self.numbers},
            "starts": self.starts(),
            "movement": self.movement.as_dict(),
            "explain": list(self.explain),
        }


def draw_bridge_pairs(pairs: Sequence[str], seed: Seed, movement: Movement) -> BridgeDraw:
    """Draw the pairs by lot to the pair numbers (and so the starting places) of a movement."""
    names = check_players(pairs, "pairs")
    lot = Lot(seed)
    if len(names) != movement.pairs_count:
        raise RuleError(
            "pairs",
            f"the {movement.kind} was built for {movement.pairs_count} pairs; got {len(names)}",
        )
    numbers = tuple(enumerate(lot.shuffle(names), 1))
    explain = (
        *movement.explain,
        f"Pairs drawn by lot to pair numbers 1-{len(names)} (seed {seed!r})",
    )
    return BridgeDraw(seed, names, numbers, movement, explain)

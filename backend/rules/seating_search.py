"""Deterministic searches behind the draws: fresh partners, fresh opponents, fresh table-mates.

Nothing here is random: the lot has already put the players in order, and every search walks
that order and breaks ties by it, so a seed always leads to the same tables. Counters are keyed
by sorted pairs of ids; no set of ids is ever iterated (its order would depend on the hash seed).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import product

_BUDGET = 50_000  # search steps per round; far more than the sizes we play ever need
_EXHAUSTIVE = 7  # rounds up to which a one-table field tries every plan (3**7 plans)
_ATTEMPTS = 12  # whole plans tried by pairs_plan before it keeps the best
_BIG = 1000  # a repeated partner weighs more than any number of repeated opponents at a table


def pair_key(a: str, b: str) -> tuple[str, str]:
    """Return the key of an unordered pair of players."""
    return (a, b) if a < b else (b, a)


def repeats(met: Counter[tuple[str, str]]) -> int:
    """Count the meetings beyond the first of every pair."""
    return sum(c - 1 for c in met.values() if c > 1)


def match(people: Sequence[str], met: Counter[tuple[str, str]]) -> list[tuple[str, str]]:
    """Pair everybody up with as few repeated partners as possible (branch and bound).

    The first unpaired player (in lot order) tries his candidates from the least met to the
    most met, ties in lot order; the search stops at a pairing without repeats, and otherwise
    keeps the best one found within the step budget. The search keeps its own stack (one
    frame per pair placed), so a hall of thousands of players needs no deep recursion.
    """
    best: list[tuple[int, list[tuple[str, str]]]] = []
    steps = 0
    acc: list[tuple[str, str]] = []
    # A frame: the player to pair, the others, his candidates in order, the next one, the cost.
    stack: list[tuple[str, list[str], list[str], list[int], int]] = []

    def enter(rest: list[str], cost: int) -> None:
        nonlocal steps
        steps += 1
        if best and (cost >= best[0][0] or steps > _BUDGET):
            return
        if not rest:
            best[:] = [(cost, list(acc))]
            return
        first, others = rest[0], rest[1:]
        mates = sorted(others, key=lambda x: met[pair_key(first, x)])
        stack.append((first, others, mates, [0], cost))

    enter(list(people), 0)
    while stack:
        first, others, mates, at, cost = stack[-1]
        if at[0]:  # the candidate tried last has been searched: take him off again
            acc.pop()
            if best and best[0][0] == 0:
                stack.pop()
                continue
        if at[0] == len(mates):
            stack.pop()
            continue
        mate = mates[at[0]]
        at[0] += 1
        acc.append((first, mate))
        enter([x for x in others if x != mate], cost + met[pair_key(first, mate)])
    return best[0][1]


def place(order: Sequence[str], count: int, cost: Callable[[list[str]], int]) -> list[list[str]]:
    """Seat players in lot order, each at the open table where he adds the least cost."""
    tables: list[list[str]] = [[] for _ in range(count)]
    size = len(order) // count
    for player in order:
        open_tables = [t for t in tables if len(t) < size]
        best = min(open_tables, key=lambda t: cost([*t, player]) - cost(t))
        best.append(player)
    return tables


def improve(tables: list[list[str]], cost: Callable[[list[str]], int]) -> None:
    """Swap two players (between tables or within one) while that lowers the total cost.

    Every accepted swap lowers a whole-number total, so the walk ends; it is first-improvement
    in table and seat order, so it is deterministic. Two tables that cost nothing are skipped:
    no swap between them can lower the total.
    """
    improved = True
    while improved:
        improved = False
        for a, ta in enumerate(tables):
            for b in range(a, len(tables)):
                tb = tables[b]
                before = cost(ta) + (cost(tb) if a != b else 0)
                if before == 0:
                    continue
                for i in range(len(ta)):
                    for j in range(i + 1 if a == b else 0, len(tb)):
                        ta[i], tb[j] = tb[j], ta[i]
                        after = cost(ta) + (cost(tb) if a != b else 0)
                        if after < before:
                            before, improved = after, True
                        else:
                            ta[i], tb[j] = tb[j], ta[i]


def polish(
    plan: list[list[list[str]]],
    cost: Callable[[list[str]], int],
    tally: Callable[[list[list[str]], int], None],
) -> None:
    """Improve each round against all the others in turn, until a sweep changes nothing.

    ``tally(tables, -1)`` takes a round out of the counts that ``cost`` reads and
    ``tally(tables, 1)`` puts it back; each pass can only lower the total cost.
    """
    changed = True
    while changed:
        changed = False
        for tables in plan:
            tally(tables, -1)
            before = [list(t) for t in tables]
            improve(tables, cost)
            tally(tables, 1)
            changed = changed or tables != before


def pairs_plan(
    present: Sequence[Sequence[str]], shuffle: Callable[[Sequence[str]], list[str]]
) -> tuple[list[list[list[str]]], Counter[tuple[str, str]], Counter[tuple[str, str]]]:
    """Plan tables [N, E, S, W] for every round: fewest repeated partners, then opponents.

    Each attempt pairs the rounds one after the other (:func:`match`), groups the pairs into
    tables, and then polishes the whole plan; the best of a few attempts (each from a fresh
    lot order) is kept, stopping early at a plan without any repeat. With one table per round
    (4 to 7 players) every plan of up to 7 rounds is tried instead (3 pairings per round).
    """
    if all(len(people) == 4 for people in present) and len(present) <= _EXHAUSTIVE:
        attempts = [
            _one_table_plan(present, layout) for layout in product(range(3), repeat=len(present))
        ]
    else:
        attempts = (_pairs_attempt(present, shuffle) for _ in range(_ATTEMPTS))
    best: tuple[tuple[int, int], list[list[list[str]]], Counter, Counter] | None = None
    for plan, partners, opponents in attempts:
        score = (repeats(partners), repeats(opponents))
        if best is None or score < best[0]:
            best = (score, plan, partners, opponents)
        if score == (0, 0):
            break
    assert best is not None
    return best[1], best[2], best[3]


def _one_table_plan(
    present: Sequence[Sequence[str]], layout: Sequence[int]
) -> tuple[list[list[list[str]]], Counter[tuple[str, str]], Counter[tuple[str, str]]]:
    plan = []
    for (a, b, c, d), k in zip(present, layout, strict=True):
        plan.append([([a, c, b, d], [a, b, c, d], [a, b, d, c])[k]])
    return plan, *_tally_plan(plan)


def _tally_plan(plan: list[list[list[str]]]) -> tuple[Counter, Counter]:
    partners: Counter[tuple[str, str]] = Counter()
    opponents: Counter[tuple[str, str]] = Counter()
    for tables in plan:
        for n, e, s, w in tables:
            partners.update([pair_key(n, s), pair_key(e, w)])
            opponents.update(pair_key(x, y) for x in (n, s) for y in (e, w))
    return partners, opponents


def _pairs_attempt(
    present: Sequence[Sequence[str]], shuffle: Callable[[Sequence[str]], list[str]]
) -> tuple[list[list[list[str]]], Counter[tuple[str, str]], Counter[tuple[str, str]]]:
    partners: Counter[tuple[str, str]] = Counter()
    opponents: Counter[tuple[str, str]] = Counter()

    def cost(t: list[str]) -> int:
        n, e, s, w = t
        partner = partners[pair_key(n, s)] + partners[pair_key(e, w)]
        return _BIG * partner + sum(opponents[pair_key(x, y)] for x in (n, s) for y in (e, w))

    def tally(tables: list[list[str]], sign: int) -> None:
        for n, e, s, w in tables:
            for key in (pair_key(n, s), pair_key(e, w)):
                partners[key] += sign
            for key in (pair_key(x, y) for x in (n, s) for y in (e, w)):
                opponents[key] += sign

    plan: list[list[list[str]]] = []
    for people in present:
        pairs = match(shuffle(people), partners)
        tables = [[a, c, b, d] for (a, b), (c, d) in zip(pairs[::2], pairs[1::2], strict=True)]
        improve(tables, cost)
        tally(tables, 1)
        plan.append(tables)
    if repeats(partners) or repeats(opponents):
        polish(plan, cost, tally)
    return plan, +partners, +opponents


def mates_plan(
    orders: Sequence[Sequence[str]], count: int, shuffle: Callable[[Sequence[str]], list[str]]
) -> tuple[list[list[list[str]]], Counter[tuple[str, str]]]:
    """Plan ``count`` tables per round with as few repeated table-mates as possible.

    Each attempt seats the rounds one after the other (:func:`place`, :func:`improve`) and
    then polishes the whole plan; the best of a few attempts is kept (stopping at none).
    """
    best: tuple[int, list[list[list[str]]], Counter[tuple[str, str]]] | None = None
    for attempt in range(_ATTEMPTS):
        met: Counter[tuple[str, str]] = Counter()

        def cost(t: list[str], met: Counter[tuple[str, str]] = met) -> int:
            return sum(met[pair_key(a, b)] for i, a in enumerate(t) for b in t[i + 1 :])

        def tally(tables: list[list[str]], sign: int, met: Counter = met) -> None:
            for t in tables:
                for key in (pair_key(a, b) for i, a in enumerate(t) for b in t[i + 1 :]):
                    met[key] += sign

        plan = []
        for order in orders if attempt == 0 else [shuffle(o) for o in orders]:
            tables = place(order, count, cost)
            improve(tables, cost)
            tally(tables, 1)
            plan.append(tables)
        if repeats(met):
            polish(plan, cost, tally)
        if best is None or repeats(met) < best[0]:
            best = (repeats(met), plan, +met)
        if best[0] == 0:
            break
    assert best is not None
    return best[1], best[2]

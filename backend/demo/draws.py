"""Small weighted draws from a ``random.Random``, shared by the demo's deal generators."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TypeVar

T = TypeVar("T")


def pick(rng: random.Random, weights: Mapping[T, float]) -> T:
    """Return one key of ``weights``, drawn with the probability of its weight."""
    total = sum(weights.values())
    point = rng.random() * total
    for key, weight in weights.items():
        point -= weight
        if point < 0:
            return key
    return next(reversed(list(weights)))


def chance(rng: random.Random, p: float) -> bool:
    """Return True with probability ``p``."""
    return rng.random() < p


def around(rng: random.Random, centre: float, spread: float, lo: int, hi: int) -> int:
    """Return a whole number near ``centre`` (normal, ``spread`` wide), kept within lo..hi."""
    return max(lo, min(hi, round(rng.gauss(centre, spread))))


def some(rng: random.Random, items: Sequence[T], k: int) -> list[T]:
    """Return ``k`` distinct items in drawn order."""
    return rng.sample(list(items), k)

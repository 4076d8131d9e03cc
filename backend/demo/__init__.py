"""The demo club: realistic random deals of every game, and a season built from them.

``backend.demo.<game>.random_deal(rng, seats, dealer, ...)`` draws the facts of one valid
deal; :func:`deal_stream` strings them into a table's run with the dealer rotation. The
same generators feed ``troef demo`` (:mod:`backend.demo.season`), load tests and
benchmarks. See docs/demo.md.
"""

from .deals import GENERATORS, counts, deal_stream, full_record

__all__ = ["GENERATORS", "counts", "deal_stream", "full_record"]

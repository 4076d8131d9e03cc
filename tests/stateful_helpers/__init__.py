"""Models, deal pools and machinery for the stateful history test."""

from .harness import CONSOLE, PEN, PHONES, Harness, Sent, Store
from .model import SEAT_NAMES, ListModel, Refusal, Row, bad_text
from .pools import invalid_pool, valid_pool

__all__ = [
    "CONSOLE",
    "PEN",
    "PHONES",
    "SEAT_NAMES",
    "Harness",
    "ListModel",
    "Refusal",
    "Row",
    "Sent",
    "Store",
    "bad_text",
    "invalid_pool",
    "valid_pool",
]

"""Event-sourced aggregates: competitions, score lists and devices."""

from .actor import Actor
from .competition import Competition
from .device import Device
from .errors import DomainError
from .score_list import ScoreList

__all__ = ["Actor", "Competition", "Device", "DomainError", "ScoreList"]

"""Turn a competition's evening into a draw by lot, with the game's seating rules."""

from __future__ import annotations

from typing import Any

from .aggregates.competition import Competition
from .aggregates.errors import InvalidInput
from .rules import RuleError, seating


def draw_for(competition: Competition, players: list[str], seed: str) -> dict[str, Any]:
    """The draw of ``players`` for the competition's game, as stored on the event.

    :raises InvalidInput: when the rules cannot seat this number of players.
    """
    game = competition.game
    try:
        if game == "wiezen":
            draw = seating.draw_wiezen(players, seed)
        elif game == "klaverjas":
            draw = seating.draw_klaverjas(
                players, seed, partijen=competition.counting.get("partijen", 3)
            )
        elif game == "schafkopf":
            draw = seating.draw_schafkopf(
                players, seed, durchgaenge=competition.counting.get("durchgaenge", 2)
            )
        else:
            raise InvalidInput(f"drawing tables for {game} is not supported yet", "game")
    except RuleError as exc:
        raise InvalidInput(exc.message, exc.field) from None
    return draw.as_dict()

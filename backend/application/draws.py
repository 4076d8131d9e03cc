"""Turn a competition's evening into a draw by lot, with the game's seating rules."""

from __future__ import annotations

from typing import Any

from ..aggregates.competition import Competition
from ..aggregates.errors import InvalidInput
from ..rules import RuleError, seating, seating_bridge


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
                players, seed, partijen=competition.ruleset["partijen_per_evening"]
            )
        elif game == "schafkopf":
            draw = seating.draw_schafkopf(
                players, seed, durchgaenge=competition.counting.get("durchgaenge", 2)
            )
        else:
            return _bridge(competition, players, seed)
    except RuleError as exc:
        raise InvalidInput(exc.message, exc.field) from None
    return draw.as_dict()


def _bridge(competition: Competition, pairs: list[str], seed: str) -> dict[str, Any]:
    """A Mitchell or Howell for the pairs present, drawn by lot to the pair numbers.

    The rounds are written in the shape of the other games' draws: per round, per table, the
    seats NS and EW (pair ids) and the boards; a pair meeting the phantom sits out.
    """
    settings = competition.counting
    make = seating_bridge.howell if settings["movement"] == "howell" else seating_bridge.mitchell
    # 0 (or unset): the whole movement; fewer rounds: a curtailed one, refused when the
    # movement has fewer rounds than asked (field ``rounds``)
    movement = make(len(pairs), settings["boards_per_round"], settings.get("rounds") or None)
    draw = seating_bridge.draw_bridge_pairs(pairs, seed, movement)
    names = dict(draw.numbers)
    rounds = []
    for rnd in movement.rounds:
        tables, out = [], [names[p] for p in rnd.sitting_out if p in names]
        for sitting in rnd.tables:
            if sitting.ns not in names or sitting.ew not in names:
                out += [names[p] for p in (sitting.ns, sitting.ew) if p in names]
                continue
            tables.append(
                {
                    "table": sitting.table,
                    "boards": list(sitting.boards),
                    "seats": {"NS": names[sitting.ns], "EW": names[sitting.ew]},
                }
            )
        rounds.append({"round": rnd.number, "tables": tables, "sitting_out": out})
    return {**draw.as_dict(), "rounds": rounds}

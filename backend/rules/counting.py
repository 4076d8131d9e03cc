"""The counting rule a new competition of each game gets unless the director sets its own.

The counting itself (which results count, which are dropped) lives in each game's season
module; these are the defaults a competition copies when it is created, and which the
console offers beside each rule set.
"""

from __future__ import annotations

from typing import Any

from .ruleset import RuleSet

COUNTING = {
    # Wiezen TS: 15 Sundays, best 9 count, absences discarded first (W-D4). A new competition
    # takes the season's length and its best from the rule set (season_sundays, season_best);
    # from then on the counting rule is what the standings use (see counting_defaults).
    "wiezen": {"evenings": 15, "best": 9},
    # Klaverjas K-D12: cumulative totals; SB-7 4200 absent with notice; SB-8 1600 sat out.
    # (the number of partijen per evening is the rule set's option partijen_per_evening)
    "klaverjas": {"evenings": 0},
    # Schafkopf Nr. 9: two Durchgänge added, tie-breaks Touts, won solos, played solos, lot.
    "schafkopf": {"evenings": 1, "durchgaenge": 2},
    # Bridge: session percentages (matchpoints), summed over sessions.
    # Movements: Mitchell or Howell with a number of boards per round (standard practice).
    "bridge": {
        "evenings": 0,
        "method": "matchpoints",
        "movement": "mitchell",
        "boards_per_round": 3,
        "rounds": 0,  # 0: the whole movement; fewer: a curtailed one (docs/seating.md)
    },
}


def counting_defaults(rules: RuleSet) -> dict[str, Any]:
    """The counting rule a new competition of ``rules`` gets unless the director sets it.

    Wiezen's season length and best results are also options of its rule set (the rulebook's
    15 and 9, or a club's own); the competition copies them into its counting rule, which is
    the one source the standings read. The other games' counting rules have no rule-set twin.
    """
    settings = dict(COUNTING[rules.game])
    if rules.game == "wiezen":
        settings["evenings"] = rules["season_sundays"]
        settings["best"] = rules["season_best"]
    return settings

"""The words the wire accepts: games, roles, attendance, rulings, languages, text lengths.

The schemas import nothing of Troef (docs/architecture.md, "Import rules"): the wire states
its own vocabulary here, and ``tests/schemas/test_vocabulary.py`` keeps each word equal to
the one the rules, the aggregates and the exports use, so that they cannot drift apart.
"""

from __future__ import annotations

GAME_NAMES = ("wiezen", "klaverjas", "bridge", "schafkopf")
"""The games (:data:`backend.rules.games.GAME_NAMES`)."""

ROLES = ("director", "table", "system")
"""Who records an event (:data:`backend.aggregates.actor.ROLES`)."""

ATTENDANCE = ("present", "absent_notice", "absent")
"""A player's attendance (:data:`backend.aggregates.competition.ATTENDANCE`)."""

RULINGS = ("upheld", "corrected", "voided", "adjusted")
"""A director's decision on a dispute (:data:`backend.aggregates.score_list.RULINGS`)."""

MAX_TEXT = 500
"""Longest reason or article of a list's event (:data:`backend.aggregates.score_list.MAX_TEXT`)."""

RULESET_PRESETS = (
    "wiezen-reglement-2019@1",
    "klaverjas-amsterdams@1",
    "bridge-nbb-1930@1",
    "schafkopf-tsv-lengfeld@1",
)
"""The shipped rule sets as ``id@version`` (:func:`backend.rules.games.presets`)."""

MAX_NAME = 200
"""Longest name of a competition or player, or reason of a withdrawal
(``backend.aggregates.competition``)."""

MAX_INT = 2**53 - 1
"""Largest whole number a phone counts exactly (:data:`backend.application.values.MAX_INT`)."""

LANGUAGES = ("nl", "de", "en")
"""The languages of the printed pages and files (:data:`backend.exports.words.LANGUAGES`)."""

COUNTING_SETTINGS = {
    "wiezen": ("evenings", "best"),
    "klaverjas": ("evenings",),
    "schafkopf": ("evenings", "durchgaenge"),
    "bridge": ("evenings", "method", "movement", "boards_per_round", "rounds"),
}
"""The settings of each game's counting rule (:data:`backend.rules.counting.COUNTING`)."""

COUNTING_LIMITS = {
    "evenings": (0, 366),
    "best": (1, 366),
    "durchgaenge": (1, 10),
    "boards_per_round": (1, 10),
    "rounds": (0, 59),
}
"""(least, most) of each whole-number counting setting
(:data:`backend.aggregates.competition.LIMITS`); wiezen's ``evenings`` is at least
:data:`LEAST_WIEZEN_EVENINGS`."""

LEAST_WIEZEN_EVENINGS = 1
"""A wiezen season has Sundays (:data:`backend.aggregates.competition.LEAST_WIEZEN_EVENINGS`)."""

COUNTING_CHOICES = {
    "method": ("matchpoints", "butler", "cross_imps"),
    "movement": ("mitchell", "howell"),
}
"""The words of each counting setting that is a word
(:data:`backend.aggregates.competition.CHOICES`)."""

RULESET_GAMES = {
    "wiezen-reglement-2019@1": "wiezen",
    "klaverjas-amsterdams@1": "klaverjas",
    "bridge-nbb-1930@1": "bridge",
    "schafkopf-tsv-lengfeld@1": "schafkopf",
}
"""The game of each shipped rule set (:func:`backend.rules.games.presets`)."""

RULESET_OPTIONS: dict[str, dict[str, tuple[type, tuple[object, ...] | None, int | None]]] = {
    "wiezen": {
        "pas_rond_factor": (int, None, 1),
        "pas_rond_doubles_special": (bool, None, None),
        "troel_target": (int, (8, 9), None),
        "shuffle_penalty": (str, ("literal", "zero_sum"), None),
        "misplay_escalation_step": (int, None, 0),
        "season_sundays": (int, None, 1),
        "season_best": (int, None, 1),
        "season_absence": (str, ("discarded_first", "zero"), None),
    },
    "klaverjas": {
        "verzaken_roem": (str, ("all", "own", "none"), None),
        "tie_is_nat": (bool, None, None),
        "pit_bonus": (int, None, 0),
        "pit_keeps_roem": (bool, None, None),
        "pit_for_defenders": (bool, None, None),
        "amsterdams": (bool, None, None),
        "partner_exception_on_trump_lead": (bool, None, None),
        "ace_is_picture": (bool, None, None),
        "deals_per_partij": (int, None, 1),
        "partijen_per_evening": (int, None, 1),
        "absent_with_notice": (int, None, 0),
        "sit_out": (int, None, 0),
        "absent_without_notice": (int, None, 0),
    },
    "bridge": {
        "revoke_default_choice": (str, ("better", "P"), None),
        "later_revoke_points": (str, ("scaled", "flat"), None),
        "later_revoke_scope": (str, ("deal", "side"), None),
        "later_revoke_choice_t": (str, ("points", "void"), None),
        "dummy_revoke": (str, ("declarer", "none"), None),
        "inspection_scaled": (bool, None, None),
        "claim_validity": (bool, None, None),
    },
    "schafkopf": {
        "schneider_defender_limit": (int, (29, 30), None),
        "fault_win_level": (str, ("certain", "standing"), None),
        "admit_wenz_geier": (bool, None, None),
        "exclusion_scope": (str, ("offender", "table"), None),
    },
}
"""Each game's rule-set options a club may change: (type, choices, minimum) of each
(``OPTIONS`` of each game's module in :mod:`backend.rules`)."""

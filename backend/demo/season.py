"""Build the demo club through the application: wiezen, klaverjas, schafkopf and bridge.

Everything goes through :class:`~backend.application.Troef`'s commands, as the director's
console and the table phones would send them: competitions, players (bridge: pairs),
evenings with attendance, draws, every deal entered by a table phone, a dispute with a
ruling, a list closed at 23:00, submitted lists and closed evenings. The same seed gives
the same club, draws and deals. The bridge evenings are played by :mod:`.bridge_season`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from ..application import Command, Troef
from ..application.interface import Actor, director
from ..rules.seating import wiezen_split
from . import bridge_season
from .names import club_names
from .tables import Incidents, Phones, Played, play_list

DEMO_GAMES = ("wiezen", "klaverjas", "schafkopf", "bridge")
NOTICE = 0.65  # the share of absences announced in time


@dataclass(frozen=True)
class Size:
    """How big the demo club is; a benchmark may ask for more players and evenings."""

    wiezen_players: int = 10
    wiezen_sundays: int = 3
    klaverjas_players: int = 10
    klaverjas_evenings: int = 3
    schafkopf_players: int = 8
    durchgaenge: int = 2
    wiezen_close_after: int | None = None  # counted deals when 23:00 stops the last table
    bridge_pairs: int = 10
    bridge_evenings: int = 3
    boards_per_round: int = 3

    def __post_init__(self) -> None:
        """Refuse a club the rules cannot seat (W-D1, klaverjas art. 1, Schafkopf Nr. 1).

        Bridge: a Mitchell seats 5 to 60 pairs, and one evening a pair or two is absent.
        """
        if self.wiezen_players < 4 or self.klaverjas_players < 4:
            raise ValueError("wiezen and klaverjas need at least 4 players")
        if self.schafkopf_players < 4 or self.schafkopf_players % 4:
            raise ValueError("schafkopf needs a multiple of 4 players")
        if not 6 <= self.bridge_pairs <= 60 or not 1 <= self.boards_per_round <= 10:
            raise ValueError("bridge needs 6 to 60 pairs and 1 to 10 boards a round")
        evenings = (self.wiezen_sundays, self.klaverjas_evenings, self.bridge_evenings)
        if min(*evenings, self.durchgaenge) < 1:
            raise ValueError("every game needs at least one evening (and Durchgang)")


SIZES = {
    "full": Size(),
    "small": Size(
        wiezen_players=6,
        wiezen_sundays=1,
        klaverjas_players=6,
        klaverjas_evenings=1,
        schafkopf_players=4,
        durchgaenge=1,
        wiezen_close_after=18,
        bridge_pairs=6,
        bridge_evenings=1,
    ),
}


@dataclass
class Summary:
    """What the demo made for one competition."""

    competition_id: str
    name: str
    game: str
    players: int
    evenings: int = 0
    lists: list[Played] = field(default_factory=list)

    @property
    def rows(self) -> int:
        return sum(p.rows for p in self.lists)

    @property
    def counted(self) -> int:
        return sum(p.counted for p in self.lists)


@dataclass(frozen=True)
class Plan:
    """One competition of the demo: its game, rules, players, dates and attendance."""

    game: str
    name: str
    rules: str
    players: int
    dates: tuple[str, ...]
    counting: dict[str, Any] | None = None


Attendance = list[dict[str, str]]  # per evening: player id -> status


def build_demo(
    app: Troef,
    seed: int | str = 1,
    size: str | Size = "full",
    games: Sequence[str] = DEMO_GAMES,
    boss: Actor | None = None,
) -> list[Summary]:
    """Create the demo competitions in ``app`` and play their evenings; return a summary."""
    scale = SIZES[size] if isinstance(size, str) else size
    boss = boss or director("Demo director")
    builders: dict[str, Callable[[], Summary]] = {
        "wiezen": lambda: _wiezen(app, boss, seed, scale),
        "klaverjas": lambda: _klaverjas(app, boss, seed, scale),
        "schafkopf": lambda: _schafkopf(app, boss, seed, scale),
        "bridge": lambda: _bridge(app, boss, seed, scale),
    }
    unknown = [g for g in games if g not in builders]
    if unknown:
        raise ValueError(f"the demo has no season of {', '.join(unknown)}")
    return [builders[game]() for game in games]


def tonight(app: Troef, boss: Actor, competition_id: str, day: str) -> list[dict[str, Any]]:
    """Schedule one more evening on ``day`` with everybody present and draw it, unplayed.

    So that someone trying Troef finds open tables to join from the table app (or from the
    cards in the console) and can keep a list themselves. Returns the draw's lists.
    """
    competition = app.get_competition(competition_id)
    evening = app.handle(boss, Command("schedule_evening", competition_id, {"date": day}))
    for player_id, player in competition.players.items():
        if not player.get("withdrawn"):
            app.handle(
                boss,
                Command(
                    "record_attendance",
                    competition_id,
                    {"evening": evening, "player_id": player_id, "status": "present"},
                ),
            )
    lists: list[dict[str, Any]] = app.handle(
        boss, Command("draw_seating", competition_id, {"evening": evening, "seed": "tonight"})
    )["lists"]
    return lists


def _dates(first: str, count: int, every_days: int = 7) -> tuple[str, ...]:
    start = date.fromisoformat(first)
    return tuple((start + timedelta(days=every_days * i)).isoformat() for i in range(count))


def _wiezen(app: Troef, boss: Actor, seed: int | str, size: Size) -> Summary:
    rng = random.Random(f"{seed}:wiezen")
    plan = Plan(
        "wiezen",
        "Kleurenwiezen zondagcompetitie 2025-2026",
        "wiezen-reglement-2019",
        size.wiezen_players,
        _dates("2025-09-07", size.wiezen_sundays),
    )

    def incidents(evening: int, entry: dict[str, Any], last_table: int) -> Incidents:
        dispute = rng.randint(6, 12) if evening == 1 and entry["table"] == 1 else None
        close = None
        if evening == len(plan.dates) and entry["table"] == last_table:
            planned = 50 if len(entry["seats"]) == 5 else 40
            close = size.wiezen_close_after or planned - rng.randint(6, 14)
        return Incidents(dispute_after=dispute, close_after=close)

    return _season(app, boss, rng, plan, _wiezen_attendance, incidents)


def _klaverjas(app: Troef, boss: Actor, seed: int | str, size: Size) -> Summary:
    rng = random.Random(f"{seed}:klaverjas")
    plan = Plan(
        "klaverjas",
        "Klaverjascompetitie donderdagavond 2025-2026",
        "klaverjas-amsterdams",
        size.klaverjas_players,
        _dates("2025-09-04", size.klaverjas_evenings),
    )
    return _season(app, boss, rng, plan, _klaverjas_attendance)


def _schafkopf(app: Troef, boss: Actor, seed: int | str, size: Size) -> Summary:
    rng = random.Random(f"{seed}:schafkopf")
    plan = Plan(
        "schafkopf",
        "Schafkopfturnier Herbst 2025",
        "schafkopf-tsv-lengfeld",
        size.schafkopf_players,
        ("2025-10-18",),
        {"durchgaenge": size.durchgaenge},
    )
    return _season(app, boss, rng, plan, lambda rng, players, evenings: _all_present(players))


def _bridge(app: Troef, boss: Actor, seed: int | str, size: Size) -> Summary:
    rng = random.Random(f"{seed}:bridge")
    plan = Plan(
        "bridge",
        "Bridgeclub De Vrije Slag: parencompetitie dinsdagavond 2025-2026",
        "bridge-nbb-1930",
        size.bridge_pairs,
        _dates("2025-09-02", size.bridge_evenings),
        {"boards_per_round": size.boards_per_round},
    )
    play = bridge_season.evenings(app, boss, rng)
    return _season(app, boss, rng, plan, _bridge_attendance, play=play)


def _season(
    app: Troef,
    boss: Actor,
    rng: random.Random,
    plan: Plan,
    attendance: Callable[[random.Random, list[str], int], Attendance],
    incidents: Callable[[int, dict[str, Any], int], Incidents] | None = None,
    play: bridge_season.Evening | None = None,
) -> Summary:
    """Create a competition, enrol its players and play each of its evenings.

    ``play`` plays a drawn evening (bridge); by default each list is played on its own.
    """
    cid = app.handle(
        boss,
        Command(
            "create_competition",
            None,
            {"name": plan.name, "rules": plan.rules, "counting": plan.counting},
        ),
    )
    if plan.game == "bridge":
        names = bridge_season.pair_names(rng, plan.players)
    else:
        names = club_names(rng, plan.game, plan.players)
    players = [app.handle(boss, Command("enrol_player", cid, {"name": name})) for name in names]
    summary = Summary(cid, plan.name, plan.game, len(players))
    phones = Phones(f"phone-{cid[:8]}")
    for day, present in zip(plan.dates, attendance(rng, players, len(plan.dates)), strict=True):
        evening = app.handle(boss, Command("schedule_evening", cid, {"date": day}))
        for player in players:
            app.handle(
                boss,
                Command(
                    "record_attendance",
                    cid,
                    {"evening": evening, "player_id": player, "status": present[player]},
                ),
            )
        lot = f"demo-{plan.game}-{evening}-{rng.getrandbits(32):08x}"
        drawn = app.handle(boss, Command("draw_seating", cid, {"evening": evening, "seed": lot}))
        if play is not None:
            summary.lists += play(evening, drawn, phones)
        else:
            last_table = max(e["table"] for e in drawn["lists"])
            for entry in drawn["lists"]:
                events = incidents(evening, entry, last_table) if incidents else None
                summary.lists.append(play_list(app, boss, entry, plan.game, rng, phones, events))
        app.handle(boss, Command("close_evening", cid, {"evening": evening}))
        summary.evenings += 1
    return summary


def _absent(rng: random.Random) -> str:
    return "absent_notice" if rng.random() < NOTICE else "absent"


def _all_present(players: list[str]) -> Attendance:
    return [dict.fromkeys(players, "present")]


def _wiezen_attendance(rng: random.Random, players: list[str], sundays: int) -> Attendance:
    """Absences each Sunday such that the rest fits tables of 4 and 5 (W-D1).

    The first Sunday has at least one absence, and at least one Sunday has a 5-table.
    """
    n, out, five = len(players), [], False
    for sunday in range(sundays):
        choices = [k for k in range(0, min(4, n - 3)) if wiezen_split(n - k)]
        if sunday == 0 and any(k >= 1 for k in choices):
            choices = [k for k in choices if k >= 1]
        if sunday == sundays - 1 and not five and any((n - k) % 4 for k in choices):
            choices = [k for k in choices if (n - k) % 4]
        k = rng.choice(choices)
        five = five or (n - k) % 4 != 0
        absent = set(rng.sample(players, k))
        out.append({p: _absent(rng) if p in absent else "present" for p in players})
    return out


def _klaverjas_attendance(rng: random.Random, players: list[str], evenings: int) -> Attendance:
    """Everybody on the first evening (if there are more); then an absence or two.

    The second evening (or the only one) has one absence with notice (4200, SB-7), so the
    others sit out in turn (1600 a partij, SB-8) unless the rest fills whole tables.
    """
    n, out = len(players), []
    noticed = min(1, evenings - 1)
    for evening in range(evenings):
        if evening == noticed and n > 4:
            statuses = {rng.choice(players): "absent_notice"}
        elif evening == 0:
            statuses = {}
        else:
            k = min(rng.choice((0, 1, 1, 2)), n - 4)
            statuses = {p: _absent(rng) for p in rng.sample(players, k)}
        out.append({p: statuses.get(p, "present") for p in players})
    return out


def _bridge_attendance(rng: random.Random, pairs: list[str], evenings: int) -> Attendance:
    """Every pair on the first evening (if there are more); later a pair or two is absent.

    The second evening (or the only one) one pair sends notice, so an even club plays with
    an odd number: a phantom pair, and whoever meets it sits out the round. An odd club
    already has its phantom on the first evening (on a single evening: two pairs absent).
    """
    n, out = len(pairs), []
    noticed = min(1, evenings - 1)
    for evening in range(evenings):
        if evening == noticed:
            k = 1 if n % 2 == 0 or evenings > 1 else 2
            statuses = dict.fromkeys(rng.sample(pairs, k), "absent_notice")
        elif evening == 0:
            statuses = {}
        else:
            k = min(rng.choice((0, 1, 2)), n - 5)
            statuses = {p: _absent(rng) for p in rng.sample(pairs, k)}
        out.append({p: statuses.get(p, "present") for p in pairs})
    return out

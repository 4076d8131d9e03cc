"""Draw deal records of the four games the way a table records them: mostly valid, some not.

Each ``draw_<game>(r)`` builds one record from ``r`` (a seeded :class:`random.Random`) over
every contract or game type of its game, at the edges of its ranges (0 and 13 tricks, pit,
schwarz, a misplay in trick 13) and now and then just past them. ``parity_records`` breaks
some of them further (wrong types, missing and extra fields) before both ports score them.
"""

from __future__ import annotations

from random import Random
from typing import Any

from backend.rules.wiezen_contracts import SPECIALS, TRICK_GAMES

Record = dict[str, Any]

KJ_SEATS = ("N", "E", "S", "W")
KJ_PAIRS = {"NS": ("N", "S"), "EW": ("E", "W")}
KJ_RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")
KJ_ROEM = (
    (["stuk"], 20), (["driekaart"], 20), (["driekaart", "stuk"], 40), (["vierkaart"], 50),
    (["vierkaart", "stuk"], 70), (["vier_heren"], 100), (["vier_boeren"], 200), ([], 20),
    (["vierkaart", "driekaart"], 70), (["pit"], 100),
)  # fmt: skip
CARD_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("S", "H", "D", "C")
BRIDGE_SEATS = ("N", "E", "S", "W")
MAX_AUGEN = (0, 44, 84, 100, 112, 120, 120, 120, 120)


def maybe(r: Random, p: float) -> bool:
    return r.random() < p


def card(r: Random, ranks: tuple[str, ...] = CARD_RANKS) -> str:
    return r.choice(SUITS) + r.choice(ranks)


def draw_wiezen(r: Random) -> Record:
    size = r.choice((4, 4, 5))
    dealer = r.randint(1, size)
    active = [s for s in range(1, size + 1) if size == 4 or s != dealer]
    seatable = active if maybe(r, 0.93) else list(range(0, size + 2))
    rec: Record = {"game": "wiezen", "seats": {str(s): f"w{s}" for s in range(1, size + 1)}}
    if maybe(r, 0.03):
        rec["seats"] = {str(s): f"w{s}" for s in range(1, r.choice((3, 6)) + 1)}
    if size == 5 or maybe(r, 0.9):
        rec["dealer"] = dealer
    if maybe(r, 0.3):
        rec["after_pas_rond"] = maybe(r, 0.5)
    kind = r.choices(("trick", "special", "miserie", "pas", "penalty"), (40, 25, 20, 7, 8))[0]
    if kind in ("trick", "special"):
        code = r.choice(list(TRICK_GAMES) if kind == "trick" else list(SPECIALS))
        count = TRICK_GAMES[code].declarers if code in TRICK_GAMES else 1
        count = count if maybe(r, 0.95) else r.choice((0, 1, 2, 3))
        rec["contract"] = code
        rec["declarers"] = [r.choice(seatable) for _ in range(count)]
        if len(set(rec["declarers"])) == len(rec["declarers"]) or maybe(r, 0.8):
            rec["declarers"] = r.sample(seatable, min(count, len(seatable)))
        rec["tricks"] = r.randint(0, 13) if maybe(r, 0.95) else r.choice((-1, 14))
    elif kind == "miserie":
        rec["contract"] = r.choice(("MIS", "OMIS"))
        players = r.sample(seatable, r.randint(1, len(seatable) - (0 if maybe(r, 0.05) else 1)))
        entries = []
        for seat in players:
            entry: Record = {"seat": seat, "tricks": r.choice((0, 0, 0, 1, 2, 3, 13))}
            if maybe(r, 0.3):
                entry["open"] = rec["contract"] == "OMIS" if maybe(r, 0.8) else maybe(r, 0.5)
            entries.append(entry)
        rec["miserie"] = entries
    elif kind == "pas":
        rec["contract"] = "PAS_ROND"
    else:
        rec["contract"] = None
        if maybe(r, 0.5):
            del rec["contract"]
    if kind != "pas" and maybe(r, 0.22):
        trick = r.randint(1, 13)
        misplay = {"offender": r.choice(seatable), "trick": trick}
        misplay["declaring_tricks_before"] = r.randint(0, trick - 1 + int(maybe(r, 0.05)))
        if maybe(r, 0.5):
            misplay["fault_no_today"] = r.choice((1, 1, 2, 3, 4, 9, 40, 50, 51, 10**6, 2**53 - 1))
        rec["misplay"] = misplay
        if maybe(r, 0.5):
            rec.pop("tricks", None)
    if kind == "penalty" or maybe(r, 0.12):
        pens = []
        for _ in range(r.choice((1, 1, 2))):
            kind_ = r.choice(("PEN_SHUFFLE", "PEN_MISDEAL", "PEN_MISDEAL", "PEN_MISPLAY"))
            who = "offender" if kind_ == "PEN_SHUFFLE" else "dealer"
            pens.append({"type": kind_, who: r.randint(1, size + int(maybe(r, 0.05)))})
        rec["penalties"] = pens
    if maybe(r, 0.1):
        rec["trump_card"] = card(r) if maybe(r, 0.8) else r.choice(("S1", "X5", "H", "h10"))
    if maybe(r, 0.08):
        rec["sitting_out"] = dealer if maybe(r, 0.7) else r.randint(1, size)
    return rec


def draw_klaverjas(r: Random) -> Record:
    dealer = r.choice(KJ_SEATS)
    forced = KJ_SEATS[(KJ_SEATS.index(dealer) + 1) % 4]
    rec: Record = {"game": "klaverjas", "seats": {s: f"k{s}" for s in KJ_SEATS}, "dealer": dealer}
    if maybe(r, 0.2):
        rec["forced"] = forced if maybe(r, 0.8) else r.choice(KJ_SEATS)
    if maybe(r, 0.3):
        rec["partij"] = r.choice((1, 2, 3, 3, 4))
    if maybe(r, 0.08):
        rec["type"] = "REDEAL_NO_PICTURE"
        if maybe(r, 0.7):
            ranks = ("7", "8", "9") if maybe(r, 0.6) else ("7", "8", "9", "A")
            deck = [s + k for s in SUITS for k in (ranks if maybe(r, 0.9) else KJ_RANKS)]
            rec["hand"] = r.sample(deck, min(len(deck), 8 if maybe(r, 0.9) else 7))
        return rec
    if maybe(r, 0.05):
        rec["type"] = "DEAL"
    if maybe(r, 0.6):
        rec["trump"] = r.choice(SUITS)
    pair_of_forced = "NS" if forced in ("N", "S") else "EW"
    rec["playing"] = pair_of_forced if maybe(r, 0.95) else r.choice(("NS", "EW"))
    revoke = maybe(r, 0.12)
    ns = r.choice((0, 8, *range(0, 9), *range(2, 7)))
    tricks = {"NS": ns, "EW": 8 - ns}
    cards = 0 if ns == 0 else 162 if ns == 8 else r.randint(0, 162)
    points = {"NS": cards, "EW": 162 - cards}
    if maybe(r, 0.05):
        points["EW"] += r.choice((-10, 1, 10))
    if revoke:
        pair = r.choice(("NS", "EW"))
        rec["verzaakt"] = {"pair": pair}
        if maybe(r, 0.6):
            rec["verzaakt"]["trick"] = r.randint(1, 8)
        if maybe(r, 0.6):
            rec["verzaakt"]["by"] = r.choice(KJ_PAIRS[pair] if maybe(r, 0.9) else KJ_SEATS)
        if maybe(r, 0.4):
            done = r.randint(0, 8)
            rec["tricks"] = {"NS": r.randint(0, done), "EW": 0}
            rec["tricks"]["EW"] = done - rec["tricks"]["NS"]
            rec["card_points"] = {"NS": r.randint(0, 100), "EW": r.randint(0, 62)}
    else:
        rec["card_points"], rec["tricks"] = points, tricks
    roem = []
    numbers = r.sample(range(1, 9), 8)
    for i in range(r.choice((0, 0, 1, 1, 2, 3))):
        can = [p for p in ("NS", "EW") if tricks[p] > 0] or ["NS"]
        items, value = r.choice(KJ_ROEM)
        entry: Record = {"pair": r.choice(can)}
        if maybe(r, 0.7):
            entry["trick"] = numbers[i]
        if items or maybe(r, 0.3):
            entry["items"] = list(items)
        if not items or maybe(r, 0.5):
            entry["value"] = (
                value if maybe(r, 0.9) else r.choice((10, 30, -20, 25, 1000, 2000, 2**53 - 11))
            )
        roem.append(entry)
    if roem or maybe(r, 0.1):
        rec["roem"] = roem
    return rec


def draw_bridge(r: Random) -> Record:
    board = r.randint(1, 36) if maybe(r, 0.97) else r.choice((0, -1, 2**40 + 1, 2**53 - 1))
    rec: Record = {"game": "bridge", "board": board}
    if maybe(r, 0.2):
        rec["seats"] = {s: f"b{s}" for s in BRIDGE_SEATS}
    if maybe(r, 0.3):
        rec["ns"], rec["ew"] = r.choice(
            (("pair-1", "pair-2"), (3, 4), ("7", 7), ("x", "x"), (5, 5))
        )
    if maybe(r, 0.2):
        rec["dealer"] = BRIDGE_SEATS[(board - 1) % 4] if maybe(r, 0.8) else r.choice(BRIDGE_SEATS)
    kind = r.choices(("adjusted", "passed", "played"), (5, 8, 87))[0]
    if kind == "adjusted":
        marks = ("AVG+", "AVG", "AVG-")
        rec["adjusted"] = {"ns": r.choice(marks), "ew": r.choice(marks)}
        if maybe(r, 0.1):
            rec["tricks"] = 7
        return rec
    if kind == "passed":
        if maybe(r, 0.95):
            rec["contract"] = None
        return rec
    level = r.randint(1, 7)
    contract: Record = {"level": level, "strain": r.choice(("C", "D", "H", "S", "NT"))}
    if maybe(r, 0.7):
        contract["dbl"] = r.choice((0, 0, 1, 2))
    rec["contract"] = contract
    declarer = r.choice(BRIDGE_SEATS)
    rec["declarer"] = declarer
    tricks = max(0, min(13, level + 6 + r.randint(-4, 2)))
    rec["tricks"] = tricks
    if maybe(r, 0.3):
        rec["lead"] = card(r)
    side = "NS" if declarer in ("N", "S") else "EW"
    revokes, last = [], 1
    for _ in range(r.choice((0, 0, 0, 0, 1, 1, 2))):
        offender = r.choice(BRIDGE_SEATS)
        rv: Record = {"offender": offender}
        if maybe(r, 0.8):
            last = rv["trick"] = r.randint(last, 13)
        if maybe(r, 0.4):
            rv["withheld_card"] = r.choice(("D7", "SA", card(r)))
        own = tricks if ("NS" if offender in ("N", "S") else "EW") == side else 13 - tricks
        low, high = 0, own
        if "trick" in rv:
            low, high = max(0, own - (rv["trick"] - 1)), min(own, 14 - rv["trick"])
        if maybe(r, 0.6) and low <= high:
            rv["offender_tricks_from_revoke_on"] = r.randint(low, high + int(maybe(r, 0.05)))
        if maybe(r, 0.5):
            rv["choice"] = r.choice(("P", "T"))
        opponents = [s for s in BRIDGE_SEATS if (s in ("N", "S")) != (offender in ("N", "S"))]
        for name in ("claimed_by", "attention_by", "suggested_by"):
            if maybe(r, 0.3):
                rv[name] = r.choice(opponents if maybe(r, 0.9) else BRIDGE_SEATS)
        for name in ("wrong_penalty", "late"):
            if maybe(r, 0.1):
                rv[name] = maybe(r, 0.7)
        revokes.append(rv)
    if revokes or maybe(r, 0.05):
        rec["revokes"] = revokes
    if maybe(r, 0.12):
        seat = r.choice(BRIDGE_SEATS)
        look: Record = {"inspector": seat}
        if maybe(r, 0.7):
            look["claimed_by"] = r.choice(BRIDGE_SEATS)
        if maybe(r, 0.3):
            look["trick"] = r.randint(1, 13)
        rec["inspections"] = [look]
    return rec


def _augen(r: Random, tricks: int, rest: int) -> int:
    """Augen a side can hold in ``tricks`` while the other side's ``rest`` tricks hold the rest."""
    if tricks == 0:
        return 0
    low = max(1, 120 - MAX_AUGEN[rest]) if rest + tricks == 8 else 1
    return r.randint(low, MAX_AUGEN[tricks]) if low <= MAX_AUGEN[tricks] else MAX_AUGEN[tricks]


def draw_schafkopf(r: Random) -> Record:
    rec: Record = {"game": "schafkopf", "seats": {str(s): f"s{s}" for s in range(1, 5)}}
    if maybe(r, 0.7):
        rec["dealer"] = r.randint(1, 4)
    if maybe(r, 0.2):
        rec["durchgang"] = r.randint(1, 2)
    if maybe(r, 0.1):
        rec["laufende"] = r.randint(0, 15)
    if maybe(r, 0.03):
        rec["spritze"] = maybe(r, 0.5)
    kind = r.choices(
        ("RUFSPIEL", "SOLO", "TOUT", "NO_GAME", "WENZ", "GEIER"), (45, 25, 10, 8, 6, 6)
    )
    rec["type"] = kind[0]
    if kind[0] == "NO_GAME":
        return rec
    declarer = r.randint(1, 4)
    rec["declarer"] = declarer
    if kind[0] == "RUFSPIEL" or maybe(r, 0.03):
        rec["partner"] = r.choice([s for s in range(1, 5) if s != declarer or maybe(r, 0.05)])
        if maybe(r, 0.5):
            rec["called_ace"] = r.choice(("EICHEL", "GRAS", "SCHELLEN"))
    tricks = r.choice((0, 8, *range(0, 9), *range(3, 7)))
    if maybe(r, 0.97):
        rec["decl_tricks"], rec["decl_augen"] = tricks, _augen(r, tricks, 8 - tricks)
    else:
        rec["decl_tricks"], rec["decl_augen"] = tricks, r.randint(0, 121)
    if maybe(r, 0.15):
        done = r.randint(1, 7)
        mine = r.randint(0, done)
        standing = {"decl_tricks": mine, "def_tricks": done - mine}
        standing["decl_augen"] = _augen(r, mine, 0)
        standing["def_augen"] = _augen(r, done - mine, 0)
        if maybe(r, 0.1):
            standing["def_augen"] += 30
        fault: Record = {"kind": r.choice(("AUFLEGEN", "VERWERFEN")), "offender": r.randint(1, 4)}
        fault["standing"] = standing
        if fault["kind"] == "VERWERFEN":
            fault["trick"] = done + 1 if maybe(r, 0.9) else r.randint(1, 8)
            if maybe(r, 0.3):
                fault["corrected"] = maybe(r, 0.5)
        rec["fault"] = fault
        if not fault.get("corrected") and maybe(r, 0.7):
            rec.pop("decl_tricks")
            rec.pop("decl_augen")
    return rec


DRAW = {
    "wiezen": draw_wiezen,
    "klaverjas": draw_klaverjas,
    "bridge": draw_bridge,
    "schafkopf": draw_schafkopf,
}

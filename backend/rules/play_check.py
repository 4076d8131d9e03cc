"""What a deal record may not say about a deal whose play was recorded.

:func:`check` compares a deal record's facts (docs/formats/) with the recorded play and
refuses the first that contradicts it, naming the record's field and the card or trick that
shows otherwise, e.g. ``tricks``: "the play gives 8 tricks to N/S (trick 9 won by E with
♠A)". A field the record leaves out is not compared; the scorer asks for what it needs.
While tricks remain (a claim ended the play) a count is checked against what is already
certain.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import klaverjas_play, schafkopf_play
from .errors import PlayError
from .play_claim import accepted_claim
from .play_facts import (
    CALLED,
    PAIR,
    bridge_contract,
    bridge_declarer,
    bridge_revokes,
    derive,
    first_breach,
    schafkopf_replay,
)
from .play_tricks import card_words, count_check, finished, points_check, seat_words, side_words


def check(game: str, state: Mapping[str, Any], record: Mapping[str, Any]) -> None:
    """Refuse a deal record that contradicts the recorded play.

    :raises PlayError: naming the record's field, with the card or trick that contradicts it.
    """
    _claimed(game, state, record)
    {"wiezen": _wiezen, "klaverjas": _klaverjas, "bridge": _bridge, "schafkopf": _schafkopf}[game](
        state, record
    )


BREACHES = ("misplay", "verzaakt", "fault", "revokes")


def _claimed(game: str, state: Mapping[str, Any], record: Mapping[str, Any]) -> None:
    """After an accepted claim the counts are exact: the tricks played and those claimed."""
    claim = accepted_claim(state)
    if claim is None:
        return
    facts = derive(game, state)
    if any(key in facts for key in BREACHES):
        return  # a breach settles the deal; its own checks follow
    said = (
        f"the play and the accepted claim of seat {claim['seat']} ({claim['tricks']} of the "
        f"last {claim['remaining']} tricks) give"
    )
    for key in ("tricks", "card_points", "decl_augen", "decl_tricks"):
        want, given = facts.get(key), record.get(key)
        if want is None or given is None:
            continue
        if isinstance(want, Mapping) and isinstance(given, Mapping):
            for part, value in want.items():
                if isinstance(given.get(part), int) and given[part] != value:
                    raise PlayError(f"{key}.{part}", f"{said} {part} {value}")
        elif isinstance(given, int) and not isinstance(given, bool) and given != want:
            raise PlayError(key, f"{said} {want}")


def _seats(value: Any) -> list[str] | None:
    if not isinstance(value, list):
        return None
    return [str(v) for v in value]


def _breach_words(game: str, breach: Mapping[str, Any]) -> str:
    card = card_words(game, breach["card"])
    return f"{seat_words(game, breach['seat'])} played {card} in trick {breach['trick']}"


def _misplay_check(
    game: str, state: Mapping[str, Any], given: Any, field: str, offender_key: str
) -> Mapping[str, Any] | None:
    """Compare a record's breach (misplay, verzaakt, fault) with the play's first breach."""
    breach = first_breach(state)
    if breach is None:
        if given is not None:
            raise PlayError(field, "the play shows no breach of the rules of play")
        return None
    if given is None:
        raise PlayError(
            field,
            f"the play shows a breach: {_breach_words(game, breach)} ({breach['rule']}); record it",
        )
    if not isinstance(given, Mapping):
        return None  # the scorer names the bad shape
    offender = given.get(offender_key)
    if offender is not None and str(offender) != breach["seat"]:
        raise PlayError(f"{field}.{offender_key}", f"the play shows: {_breach_words(game, breach)}")
    if given.get("trick") is not None and given["trick"] != breach["trick"]:
        raise PlayError(f"{field}.trick", f"the play shows: {_breach_words(game, breach)}")
    return breach


def _wiezen(state: Mapping[str, Any], record: Mapping[str, Any]) -> None:
    sides = state["context"]["sides"]
    played = sides.get("declarers")
    declarers = _seats(record.get("declarers"))
    if played is not None and declarers is not None and sorted(declarers) != sorted(played):
        raise PlayError(
            "declarers", f"the play was started with {side_words('wiezen', played)} declaring"
        )
    if record.get("contract") is None:
        return
    misplay = _misplay_check("wiezen", state, record.get("misplay"), "misplay", "offender")
    side = played or declarers
    if misplay is not None and side is not None and isinstance(record["misplay"], Mapping):
        before = record["misplay"].get("declaring_tricks_before")
        tricks = [t for t in finished(state) if t.no < misplay["trick"]]
        won = sum(t.winner in side for t in tricks)
        if before is not None and before != won:
            raise PlayError(
                "misplay.declaring_tricks_before",
                f"the play gives {side_words('wiezen', side)} {won} of the tricks before "
                f"trick {misplay['trick']}",
            )
    if misplay is None and side is not None and isinstance(record.get("tricks"), int):
        count_check("wiezen", state, side, record["tricks"], "tricks")
    for i, entry in enumerate(record.get("miserie") or []):
        if isinstance(entry, Mapping) and isinstance(entry.get("tricks"), int):
            seat = str(entry.get("seat"))
            count_check("wiezen", state, [seat], entry["tricks"], f"miserie[{i}].tricks")


def _klaverjas(state: Mapping[str, Any], record: Mapping[str, Any]) -> None:
    trump = state["context"]["trump"]
    if record.get("trump") is not None and record["trump"] != trump:
        raise PlayError("trump", f"the play was in trump {card_words('klaverjas', trump)}")
    if record.get("type", "DEAL") != "DEAL":
        return
    leader = state["context"]["leader"]
    led = f"{leader} led the first trick, as the forced player (K-D3)"
    for key, value in (("forced", leader), ("playing", PAIR[leader])):
        if record.get(key) is not None and record[key] != value:
            raise PlayError(key, f"{led}: {key} is {value}")
    breach = _misplay_check("klaverjas", state, record.get("verzaakt"), "verzaakt", "by")
    verzaakt = record.get("verzaakt")
    named = verzaakt.get("pair") if isinstance(verzaakt, Mapping) else None
    if breach is not None and named is not None and named != PAIR[breach["seat"]]:
        raise PlayError("verzaakt.pair", f"the play shows: {_breach_words('klaverjas', breach)}")
    last = len(state["context"]["hands"]["N"])
    for pair, seats in (("NS", ["N", "S"]), ("EW", ["E", "W"])):
        tricks, points = record.get("tricks"), record.get("card_points")
        if isinstance(tricks, Mapping) and isinstance(tricks.get(pair), int):
            count_check("klaverjas", state, seats, tricks[pair], f"tricks.{pair}")
        if isinstance(points, Mapping) and isinstance(points.get(pair), int):

            def value(t: Any) -> int:
                return klaverjas_play.trick_points(t.cards, trump, last=t.no == last)

            points_check(
                "klaverjas", state, seats, points[pair], f"card_points.{pair}", value, 162, "points"
            )
    _roem(state, record.get("roem"), trump)


def _roem(state: Mapping[str, Any], roem: Any, trump: str) -> None:
    if not isinstance(roem, list):
        return
    tricks = {t.no: t for t in finished(state)}
    for i, entry in enumerate(roem):
        if not isinstance(entry, Mapping) or not isinstance(entry.get("trick"), int):
            continue
        trick = tricks.get(entry["trick"])
        if trick is None:
            continue
        shown = " ".join(card_words("klaverjas", c) for c in trick.cards)
        on_table = sum(v for _, v in klaverjas_play.roem_in_trick(trick.cards, trump))
        pair = PAIR[trick.winner or "N"]
        if entry.get("pair") is not None and entry["pair"] != pair:
            raise PlayError(
                f"roem[{i}].pair",
                f"roem belongs to the trick's winner: trick {trick.no} went to {pair} ({shown})",
            )
        value = entry.get("value")
        if isinstance(value, int) and value > on_table:
            raise PlayError(f"roem[{i}].value", f"trick {trick.no} ({shown}) shows {on_table} roem")


def _bridge(state: Mapping[str, Any], record: Mapping[str, Any]) -> None:
    if not isinstance(record.get("contract"), Mapping):
        return
    ctx = state["context"]
    declarer = bridge_declarer(state)
    if record.get("declarer") is not None and record["declarer"] != declarer:
        raise PlayError(
            "declarer", f"{ctx['leader']} made the opening lead, so {declarer} declared"
        )
    strain = record["contract"].get("strain")
    if strain is not None and strain != ctx["strain"]:
        raise PlayError("contract.strain", f"the play was in {ctx['strain']}")
    auction = bridge_contract(state)
    level = record["contract"].get("level")
    if auction is not None and level is not None and level != auction["level"]:
        raise PlayError(
            "contract.level", f"the auction ended in {auction['level']}{auction['strain']}"
        )
    if record.get("lead") is not None and state["tricks"]:
        lead = state["tricks"][0]["cards"][0]["card"]
        if record["lead"] != lead:
            raise PlayError("lead", f"the opening lead was {card_words('bridge', lead)}")
    if isinstance(record.get("tricks"), int):
        count_check("bridge", state, _pair_of(declarer), record["tricks"], "tricks")
    _bridge_revokes(state, record.get("revokes"))


def _pair_of(seat: str) -> Sequence[str]:
    return ["N", "S"] if PAIR[seat] == "NS" else ["E", "W"]


def _bridge_revokes(state: Mapping[str, Any], given: Any) -> None:
    found = bridge_revokes(state)
    given = given if isinstance(given, list) else []
    if len(given) < len(found):
        missing = found[len(given)]
        raise PlayError(
            "revokes",
            f"the play shows an established revoke by {missing['offender']} in trick "
            f"{missing['trick']} (§2b); list it",
        )
    if len(given) > len(found):
        raise PlayError(
            f"revokes[{len(found)}]", f"the play shows {len(found)} established revoke(s)"
        )
    for i, (entry, revoke) in enumerate(zip(given, found, strict=True)):
        if not isinstance(entry, Mapping):
            continue
        for key in ("offender", "trick", "withheld_card", "offender_tricks_from_revoke_on"):
            if entry.get(key) is not None and revoke[key] is not None and entry[key] != revoke[key]:
                raise PlayError(
                    f"revokes[{i}].{key}",
                    f"the play shows the revoke of {revoke['offender']} in trick "
                    f"{revoke['trick']}: {key} {revoke[key]}",
                )


def _schafkopf(state: Mapping[str, Any], record: Mapping[str, Any]) -> None:
    contract = state["context"]["contract"]
    if record.get("type") == "NO_GAME":
        raise PlayError("type", f"the play was a {contract['type']} of seat {contract['declarer']}")
    for key in ("type", "declarer"):
        if record.get(key) is not None and record[key] != contract[key]:
            raise PlayError(
                key, f"the play was a {contract['type']} of seat {contract['declarer']}"
            )
    replay = schafkopf_replay(state)
    if contract["type"] == "RUFSPIEL":
        ace = CALLED[contract["suit"]]
        if record.get("called_ace") is not None and record["called_ace"] != ace:
            raise PlayError("called_ace", f"the play was a Rufspiel on the {ace.title()}-Ass")
        partner = next(s for s in replay.declaring if s != contract["declarer"])
        if record.get("partner") is not None and record["partner"] != partner:
            raise PlayError("partner", f"seat {partner} held the {contract['suit']}A")
    fault = record.get("fault")
    verwerfen = fault if isinstance(fault, Mapping) and fault.get("kind") == "VERWERFEN" else None
    if verwerfen is not None and verwerfen.get("corrected"):
        verwerfen = None  # taken back while the trick lay open: the play does not hold it
    _misplay_check("schafkopf", state, verwerfen, "fault", "offender")
    if fault is None and replay.misplay is None:
        side = state["context"]["sides"]["declaring"]
        if isinstance(record.get("decl_tricks"), int):
            count_check("schafkopf", state, side, record["decl_tricks"], "decl_tricks")
        if isinstance(record.get("decl_augen"), int):
            points_check(
                "schafkopf",
                state,
                side,
                record["decl_augen"],
                "decl_augen",
                lambda t: schafkopf_play.augen(t.cards),
                120,
                "Augen",
            )

"""The play mode of a score list: the bids and every card of a deal, as chained events.

A table (or the director) starts the play of the next deal with its dealt hands, the leader
and the trump, then records the bids and the cards in order. Each card is checked by the
game's play rules (:mod:`backend.rules.play`): a card that breaks them (a revoke, misplay
or Verwerfen) is a fact that happened, so it is **recorded** with ``revoke=True`` and the
rule it broke; a card that cannot be played at all — not in the hand, out of turn, already
played — is refused. The deal itself is still recorded with ``record_deal`` under the same number.

The play state lives on the list as ``play[str(deal_no)]`` (JSON only: snapshots store it):
``context`` (the normalised play context), ``bids``, ``hands`` (the cards still held),
``tricks`` (``{no, leader, cards: [{seat, card, revoke}], winner}``), ``turn``,
``tricks_won`` per seat, ``sides_won`` per side, ``revokes`` and ``complete``.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..rules import play as adapter
from ..rules import play_check, play_facts
from ..rules.errors import PlayError
from .actor import Actor
from .chain import Chained
from .errors import Conflict, InvalidInput, NotFound
from .play_board import with_hand_record
from .play_mode import ListPlayMode
from .play_state import add_card, check_take_back, new_state, take_back
from .score_list_claims import ListClaims, check_no_claim_waits

MAX_BID = 500
EVENTS = (
    "PlayStarted",
    "BidMade",
    "CardPlayed",
    "CardTakenBack",
    "PlayModeSet",
    "ClaimMade",
    "ClaimAnswered",
)


class PlayMixin(ListPlayMode, ListClaims):
    """Commands and events of the play mode; a score list inherits them."""

    if TYPE_CHECKING:
        play: dict[str, dict[str, Any]]
        game: str
        seats: dict[str, str]
        rows: list[dict[str, Any]]
        rules: dict[str, Any]
        closed_short: str | None

        def check_can_write(self, actor: Actor) -> None: ...
        def check_next_deal_no(self, deal_no: int) -> None: ...
        def _record(self, event_class: type, **fields: Any) -> None: ...

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Put the play events on the aggregate class, so they become ``ScoreList.CardPlayed``.

        The eventsourcing metaclass redefines the event classes found in the aggregate's own
        namespace as subclasses of its base event (topic and qualified name included).
        """
        if PlayMixin in cls.__bases__:
            for name in EVENTS:
                if name not in cls.__dict__:
                    setattr(cls, name, getattr(PlayMixin, name))
        super().__init_subclass__(**kwargs)

    class PlayStarted(Chained.Event):
        deal_no: int
        context: dict[str, Any]
        actor: dict[str, Any]

        def apply(self, agg: Any) -> None:
            super().apply(agg)
            _plays(agg)[str(self.deal_no)] = new_state(copy.deepcopy(self.context))

    class BidMade(Chained.Event):
        deal_no: int
        bid_no: int
        seat: str
        bid: Any
        actor: dict[str, Any]

        def apply(self, agg: Any) -> None:
            super().apply(agg)
            state = _plays(agg)[str(self.deal_no)]
            state["bids"].append({"seat": self.seat, "bid": copy.deepcopy(self.bid)})

    class CardPlayed(Chained.Event):
        deal_no: int
        trick_no: int
        seat: str
        card: str
        revoke: bool
        rule: str | None
        winner: str | None
        actor: dict[str, Any]

        def apply(self, agg: Any) -> None:
            super().apply(agg)
            state = _plays(agg)[str(self.deal_no)]
            add_card(state, self.trick_no, self.seat, self.card, self.rule, self.winner)

    class CardTakenBack(Chained.Event):
        deal_no: int
        trick_no: int
        seat: str
        card: str
        revoke: bool
        reason: str
        actor: dict[str, Any]

        def apply(self, agg: Any) -> None:
            super().apply(agg)
            take_back(_plays(agg)[str(self.deal_no)])

    # ---- commands -----------------------------------------------------------------------

    def start_play(
        self,
        deal_no: int,
        context: Mapping[str, Any],
        actor: Actor,
        records: Mapping[str, Any] | None = None,
    ) -> dict[str, Any]:
        """Start the play of the next deal from its dealt hands, leader and trump/contract.

        ``records`` are the evening's bridge hand records (board → ``{"dealer", "hands"}``):
        a board with a record is played with its dealt hands (:mod:`.play_board`).
        """
        self.check_can_write(actor)
        self.check_next_deal_no(deal_no)
        if str(deal_no) in _plays(self):
            raise Conflict(f"the play of deal {deal_no} has already started", "deal_no")
        if self.closed_short is not None:
            raise Conflict("the director closed this list early; no more deals", "deal_no")
        board = None
        if self.game == "bridge" and isinstance(context, Mapping):
            board, context = with_hand_record(context, self.next_board(), records or {})
        try:
            ctx = adapter.make_context(
                self.game, list(self.seats), context, self.rules.get("options")
            )
        except PlayError as exc:
            raise InvalidInput(exc.message, f"context.{exc.field}") from None
        if board is not None:
            ctx["board"] = board
            ctx["hand_record"] = str(board) in (records or {})
        self._record(self.PlayStarted, deal_no=deal_no, context=ctx, actor=actor.as_dict())
        return {"order": ctx["order"], "turn": ctx["leader"], "sides": ctx["sides"]}

    def make_bid(self, deal_no: int, seat: Any, bid: Any, actor: Actor) -> dict[str, Any]:
        """Record a bid of ``seat`` (a text such as "pas", or a JSON object), in order."""
        self.check_can_write(actor)
        state = self._deal_in_play(deal_no)
        seat = self._playing_seat(state, seat)
        if isinstance(bid, str):
            bid = bid.strip()
        ok = isinstance(bid, str | Mapping) and bool(bid)
        if not ok or len(json.dumps(bid, default=str)) > MAX_BID:
            raise InvalidInput(
                f"must be a short text or a JSON object (at most {MAX_BID} characters)", "bid"
            )
        try:
            bid = json.loads(json.dumps(bid))
        except (TypeError, ValueError):
            raise InvalidInput("must be plain JSON", "bid") from None
        number = len(state["bids"]) + 1
        self._record(
            self.BidMade,
            deal_no=deal_no,
            bid_no=number,
            seat=seat,
            bid=bid,
            actor=actor.as_dict(),
        )
        return {"bid_no": number}

    def play_card(self, deal_no: int, seat: Any, card: Any, actor: Actor) -> dict[str, Any]:
        """Record a card played by ``seat``; a breach of the rules is recorded as a revoke.

        :raises InvalidInput: naming ``card`` (not a card, not in the hand, already played)
            or ``seat`` (not a playing seat, not its turn).
        """
        self.check_can_write(actor)
        state = self._deal_in_play(deal_no)
        check_no_claim_waits(state, "play on")
        if state["complete"]:
            raise Conflict(f"every trick of deal {deal_no} has been played", "deal_no")
        seat = self._playing_seat(state, seat)
        ctx = state["context"]
        try:
            card = adapter.check_card(self.game, card)
        except PlayError as exc:
            raise InvalidInput(exc.message, "card") from None
        for trick in state["tricks"]:
            for played in trick["cards"]:
                if played["card"] == card:
                    raise InvalidInput(
                        f"{card} was already played, by seat {played['seat']} "
                        f"in trick {trick['no']}",
                        "card",
                    )
        if seat != state["turn"]:
            raise InvalidInput(f"it is seat {state['turn']}'s turn, not seat {seat}'s", "seat")
        hand = state["hands"][seat]
        if card not in hand:
            dealt = f" (the hand record of board {ctx['board']})" if ctx.get("hand_record") else ""
            raise InvalidInput(f"{card} is not in seat {seat}'s hand{dealt}", "card")
        done = [t for t in state["tricks"] if t["winner"] is not None]
        current = [] if len(done) == len(state["tricks"]) else state["tricks"][-1]["cards"]
        on_table = [c["card"] for c in current]
        earlier = [[c["card"] for c in t["cards"]] for t in done]
        leader = current[0]["seat"] if current else seat
        try:
            rule = adapter.breach(self.game, ctx, hand, on_table, card, earlier)
            full = len(on_table) + 1 == adapter.TRICK_SIZE
            winner = (
                adapter.trick_winner(self.game, ctx, leader, [*on_table, card]) if full else None
            )
        except PlayError as exc:
            raise InvalidInput(exc.message, "card") from None
        self._record(
            self.CardPlayed,
            deal_no=deal_no,
            trick_no=len(done) + 1,
            seat=seat,
            card=card,
            revoke=rule is not None,
            rule=rule,
            winner=winner,
            actor=actor.as_dict(),
        )
        return {
            "trick_no": len(done) + 1,
            "revoke": rule is not None,
            "rule": rule,
            "winner": winner,
            "turn": state["turn"],
            "complete": state["complete"],
        }

    def take_back_card(
        self, deal_no: int, seat: Any, card: Any, reason: Any, actor: Actor
    ) -> dict[str, Any]:
        """Take back the last card recorded while its trick has not been quitted.

        ``reason`` is ``revoke`` (the player corrects a breach before it is established: only
        a card that broke the rules) or ``entry`` (the scorer tapped the wrong card). Both stay
        in the history. A card of the next trick quits the trick: then nothing is taken back.

        :raises InvalidInput: naming ``reason``, ``seat`` or ``card``.
        :raises Conflict: when no card can be taken back.
        """
        self.check_can_write(actor)
        state = self._deal_in_play(deal_no)
        check_no_claim_waits(state, "take a card back")
        trick, played = check_take_back(state, adapter.seat_key(seat), card, reason)
        self._record(
            self.CardTakenBack,
            deal_no=deal_no,
            trick_no=trick["no"],
            seat=played["seat"],
            card=played["card"],
            revoke=played["revoke"],
            reason=reason,
            actor=actor.as_dict(),
        )
        return {"trick_no": trick["no"], "turn": state["turn"]}

    # ---- the deal's facts ---------------------------------------------------------------

    def facts_from_play(self, deal_no: int) -> dict[str, Any]:
        """The deal record's fields the recorded play decides, for the table to confirm."""
        return play_facts.derive(self.game, self.play_of(deal_no))

    def with_play_lead(self, deal_no: int, facts: Any) -> Any:
        """Bridge: a played deal's record carries its opening lead, so the traveller shows it
        (the table need not write it down); a lead the record gives is checked as before."""
        state = _plays(self).get(str(deal_no))
        if self.game != "bridge" or state is None or not state["tricks"]:
            return facts
        if not isinstance(facts, Mapping) or facts.get("lead") is not None:
            return facts
        if facts.get("contract") in (None, "passed") or "board" not in facts:
            return facts
        return {**facts, "lead": state["tricks"][0]["cards"][0]["card"]}

    def check_against_play(self, deal_no: int, record: Mapping[str, Any]) -> None:
        """Refuse a deal record that contradicts the deal's recorded play (if it was played).

        :raises InvalidInput: naming the record's field and the card that contradicts it.
        """
        state = _plays(self).get(str(deal_no))
        if state is None:
            return
        try:
            play_check.check(self.game, state, record)
        except PlayError as exc:
            raise InvalidInput(exc.message, exc.field) from None

    def check_ruling_against_play(self, deal_no: int, record: Mapping[str, Any]) -> None:
        """A ruling's corrected record is checked against the play like ``record_deal``'s.

        :raises InvalidInput: naming ``record.<field>``, the card, and how to override.
        """
        try:
            self.check_against_play(deal_no, record)
        except InvalidInput as exc:
            raise InvalidInput(
                f"{exc.message}; to rule against the recorded play, give override_play",
                f"record.{exc.field}",
            ) from None

    def check_at_card(self, deal_no: int, at_card: Any) -> int | None:
        """The card of a deal's play a dispute or ruling is about (1 = the opening lead).

        :raises InvalidInput: on ``at_card`` when the deal has no recorded play or fewer cards.
        """
        if at_card is None:
            return None
        if isinstance(at_card, bool) or not isinstance(at_card, int) or at_card < 1:
            raise InvalidInput(
                "must be a card number of at least 1 (1 = the opening lead)", "at_card"
            )
        state = _plays(self).get(str(deal_no))
        played = sum(len(t["cards"]) for t in state["tricks"]) if state else 0
        if at_card > played:
            raise InvalidInput(
                f"deal {deal_no} has {played} cards played; there is no card {at_card}",
                "at_card",
            )
        return at_card

    # ---- guards -------------------------------------------------------------------------

    def next_board(self) -> int | None:
        """Bridge: the first board of the round not yet on the list (None without boards)."""
        boards = getattr(self, "boards", None) or []
        done = {
            r["record"].get("board") for r in self.rows if not r.get("voided") and r.get("record")
        }
        return next((b for b in boards if b not in done), None)

    def play_of(self, deal_no: int) -> dict[str, Any]:
        """The play state of a deal (see the module's docstring).

        :raises NotFound: when the play of that deal was never started.
        """
        if isinstance(deal_no, bool) or not isinstance(deal_no, int):
            raise InvalidInput("must be a whole number of at least 1", "deal_no")
        state = _plays(self).get(str(deal_no))
        if state is None:
            raise NotFound(f"the play of deal {deal_no} was not started", "deal_no")
        return state

    def _deal_in_play(self, deal_no: int) -> dict[str, Any]:
        state = self.play_of(deal_no)
        if deal_no <= len(self.rows):
            raise Conflict(f"deal {deal_no} is recorded; its play is closed", "deal_no")
        return state

    def _playing_seat(self, state: Mapping[str, Any], seat: Any) -> str:
        seat = adapter.seat_key(seat)
        order = state["context"]["order"]
        if seat not in order:
            raise InvalidInput(f"must be a playing seat: {', '.join(order)}", "seat")
        return str(seat)


def _plays(agg: Any) -> dict[str, dict[str, Any]]:
    """The list's play states (created on a list loaded from a snapshot made before play)."""
    if not hasattr(agg, "play"):
        agg.play = {}
    plays: dict[str, dict[str, Any]] = agg.play
    return plays

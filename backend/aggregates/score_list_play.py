"""The play mode of a score list: the bids and every card of a deal, as chained events.

A table (or the director) starts the play of the next deal with its dealt hands, the leader
and the trump, then records the bids and the cards in order. Each card is checked by the
game's play rules (:mod:`.play`): a card that breaks them (a revoke, misplay or Verwerfen)
is a fact that happened, so it is **recorded** with ``revoke=True`` and the rule it broke;
a card that cannot be played at all — not in the hand, out of turn, already played — is
refused. The deal itself is still recorded with ``record_deal`` under the same number.

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

from ..rules.errors import PlayError
from . import play as adapter
from .actor import Actor
from .chain import Chained
from .errors import Conflict, InvalidInput, NotFound

MAX_BID = 500
EVENTS = ("PlayStarted", "BidMade", "CardPlayed")


class PlayMixin:
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
            ctx = copy.deepcopy(self.context)
            _plays(agg)[str(self.deal_no)] = {
                "context": ctx,
                "bids": [],
                "hands": copy.deepcopy(ctx["hands"]),
                "tricks": [],
                "turn": ctx["leader"],
                "tricks_won": dict.fromkeys(ctx["order"], 0),
                "sides_won": dict.fromkeys(ctx["sides"], 0),
                "revokes": [],
                "complete": False,
            }

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
            ctx = state["context"]
            state["hands"][self.seat].remove(self.card)
            if len(state["tricks"]) < self.trick_no:
                state["tricks"].append(
                    {"no": self.trick_no, "leader": self.seat, "cards": [], "winner": None}
                )
            trick = state["tricks"][-1]
            trick["cards"].append({"seat": self.seat, "card": self.card, "revoke": self.revoke})
            if self.revoke:
                state["revokes"].append(
                    {
                        "trick": self.trick_no,
                        "seat": self.seat,
                        "card": self.card,
                        "rule": self.rule,
                    }
                )
            state["turn"] = adapter.next_seat(ctx, self.seat)
            if self.winner is not None:
                trick["winner"] = self.winner
                state["tricks_won"][self.winner] += 1
                side = adapter.side_of(ctx, self.winner)
                if side is not None:
                    state["sides_won"][side] += 1
                state["turn"] = self.winner
                if not any(state["hands"].values()):
                    state["complete"], state["turn"] = True, None

    # ---- commands -----------------------------------------------------------------------

    def start_play(self, deal_no: int, context: Mapping[str, Any], actor: Actor) -> dict[str, Any]:
        """Start the play of the next deal from its dealt hands, leader and trump/contract."""
        self.check_can_write(actor)
        self.check_next_deal_no(deal_no)
        if str(deal_no) in _plays(self):
            raise Conflict(f"the play of deal {deal_no} has already started", "deal_no")
        if self.closed_short is not None:
            raise Conflict("the director closed this list early; no more deals", "deal_no")
        try:
            ctx = adapter.make_context(
                self.game, list(self.seats), context, self.rules.get("options")
            )
        except PlayError as exc:
            raise InvalidInput(exc.message, f"context.{exc.field}") from None
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
            raise InvalidInput(f"{card} is not in seat {seat}'s hand", "card")
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

    # ---- guards -------------------------------------------------------------------------

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

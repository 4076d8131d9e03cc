"""Claims in play mode: the rest of a deal's tricks declared, accepted or disputed.

A player claims the remaining tricks (``claim``: his seat and how many of them his side
takes); the opponents answer (``answer_claim``). An accepted claim ends the play: the deal's
facts count the claimed tricks (:mod:`backend.rules.play_claim`). A disputed claim raises a
dispute on the deal for the director and the table plays on card by card, so the director
sees both the claim and how the cards went (docs/play-mode.md, "Claims").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..rules import play_claim
from ..rules.errors import PlayError
from .actor import Actor
from .chain import Chained
from .errors import Conflict, InvalidInput

MAX_REASON = 500


class ListClaims:
    """The claim events and verbs of a score list in play mode (a mixin of ``PlayMixin``)."""

    if TYPE_CHECKING:
        game: str
        disputes: list[dict[str, Any]]
        DisputeRaised: type

        def check_can_write(self, actor: Actor) -> None: ...
        def _deal_in_play(self, deal_no: int) -> dict[str, Any]: ...
        def _playing_seat(self, state: dict[str, Any], seat: Any) -> str: ...
        def _record(self, event_class: type, **fields: Any) -> None: ...

    class ClaimMade(Chained.Event):
        deal_no: int
        claim_no: int
        seat: str
        tricks: int
        remaining: int
        actor: dict[str, Any]

        def apply(self, agg: Any) -> None:
            super().apply(agg)
            state = agg.play[str(self.deal_no)]
            state.setdefault("claims", []).append(
                {
                    "no": self.claim_no,
                    "seat": self.seat,
                    "tricks": self.tricks,
                    "remaining": self.remaining,
                    "after_trick": len(state["tricks"]),
                    "status": "open",
                    "dispute_no": None,
                }
            )

    class ClaimAnswered(Chained.Event):
        deal_no: int
        claim_no: int
        accepted: bool
        dispute_no: int | None
        actor: dict[str, Any]

        def apply(self, agg: Any) -> None:
            super().apply(agg)
            state = agg.play[str(self.deal_no)]
            claim = state["claims"][self.claim_no - 1]
            claim["status"] = "accepted" if self.accepted else "disputed"
            claim["dispute_no"] = self.dispute_no
            if self.accepted:
                state["complete"], state["turn"] = True, None

    def claim(self, deal_no: int, seat: Any, tricks: Any, actor: Actor) -> dict[str, Any]:
        """``seat`` claims ``tricks`` of the tricks still to play for his side.

        :raises InvalidInput: naming ``seat`` or ``tricks``.
        :raises Conflict: a claim waits for its answer, a trick is open, the play is over.
        """
        self.check_can_write(actor)
        state = self._deal_in_play(deal_no)
        seat = self._playing_seat(state, seat)
        try:
            rest = play_claim.check_claim(self.game, state, seat, tricks)
        except PlayError as exc:
            if exc.field == "tricks":
                raise InvalidInput(exc.message, "tricks") from None
            raise Conflict(exc.message, exc.field) from None
        number = len(state.get("claims") or []) + 1
        self._record(
            self.ClaimMade,
            deal_no=deal_no,
            claim_no=number,
            seat=seat,
            tricks=tricks,
            remaining=rest,
            actor=actor.as_dict(),
        )
        side = play_claim.side_seats(state["context"], seat)
        return {"claim_no": number, "side": side, "tricks": tricks, "remaining": rest}

    def answer_claim(self, deal_no: int, accept: Any, reason: Any, actor: Actor) -> dict[str, Any]:
        """The opponents accept the open claim (the play ends) or dispute it (the director).

        :raises InvalidInput: naming ``accept`` or ``reason``.
        :raises Conflict: when no claim waits for an answer.
        """
        self.check_can_write(actor)
        state = self._deal_in_play(deal_no)
        if not isinstance(accept, bool):
            raise InvalidInput("must be true (accepted) or false (disputed)", "accept")
        claim = play_claim.open_claim(state)
        if claim is None:
            raise Conflict(f"no claim of deal {deal_no} waits for an answer", "claim")
        if reason is not None and (not isinstance(reason, str) or len(reason) > MAX_REASON):
            raise InvalidInput(f"must be a text of at most {MAX_REASON} characters", "reason")
        dispute_no = None
        if not accept:
            dispute_no = len(self.disputes) + 1
            words = (
                f"claim disputed: seat {claim['seat']} claimed {claim['tricks']} of the "
                f"{claim['remaining']} tricks still to play"
            )
            self._record(
                self.DisputeRaised,
                dispute_no=dispute_no,
                deal_no=deal_no,
                reason=f"{words}: {reason.strip()}" if reason and reason.strip() else words,
                actor=actor.as_dict(),
            )
        self._record(
            self.ClaimAnswered,
            deal_no=deal_no,
            claim_no=claim["no"],
            accepted=accept,
            dispute_no=dispute_no,
            actor=actor.as_dict(),
        )
        return {
            "claim_no": claim["no"],
            "accepted": accept,
            "dispute_no": dispute_no,
            "complete": state["complete"],
            "turn": state["turn"],
        }


def check_no_claim_waits(state: dict[str, Any], what: str) -> None:
    """Refuse a card (played or taken back) while a claim waits or after one ended the play."""
    claim = play_claim.open_claim(state)
    if claim is not None:
        raise Conflict(
            f"the claim of seat {claim['seat']} waits for the opponents' answer; {what} after it",
            "claim",
        )
    if play_claim.accepted_claim(state) is not None:
        raise Conflict("an accepted claim ended the play of this deal", "claim")
    claims = state.get("claims") or []
    if what != "play on" and claims and claims[-1]["after_trick"] >= len(state["tricks"]):
        raise Conflict(
            f"the last card was played before the claim of seat {claims[-1]['seat']}; it stays",
            "claim",
        )

"""Play mode: the director switches it for a list or a competition; a table reads its deal.

The routes are added to the lists and competitions blueprints, beside their other
operations in the OpenAPI document; ``resources`` imports this module before registering.
"""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from ..application.interface import NotFound
from ..schemas.play import (
    CompetitionPlayModeSchema,
    CompetitionPlayModeSetSchema,
    DealInPlaySchema,
    PlayModeSchema,
    PlayModeSetSchema,
)
from . import competitions, lists
from .access import director, director_only, private, refusals, table_or_director
from .commands import keyed, send
from .lookups import canonical
from .reading import request_list
from .services import services

SUBMITTED = lists.SUBMITTED


@lists.blp.route("/play-mode")
class ListPlayMode(MethodView):
    @director_only
    @keyed
    @lists.blp.arguments(PlayModeSchema)
    @lists.blp.response(200, PlayModeSetSchema)
    @refusals(lists.blp, 400, 401, 403, 404, SUBMITTED, 422)
    def post(self, data: dict[str, Any], list_id: str) -> dict[str, Any]:
        """Switch play mode for this table's list (director)."""
        lid = canonical(list_id, "list")
        answer: dict[str, Any] = send(director(), "set_play_mode", lid, on=data["on"])
        return answer


@lists.blp.route("/play")
class DealInPlay(MethodView):
    @table_or_director
    @lists.blp.response(200, DealInPlaySchema)
    @refusals(lists.blp, 401, (403, "a table's token for another list"), 404)
    def get(self, list_id: str) -> Any:
        """The deal being played: its play so far and, once complete, the facts it gives."""
        lid = canonical(list_id, "list")
        sl = request_list(lid)
        deal_no = len(sl.rows) + 1
        state = getattr(sl, "play", {}).get(str(deal_no))
        facts = sl.facts_from_play(deal_no) if state is not None else None
        answer = {"play_mode": sl.in_play_mode, "deal_no": deal_no, "play": state, "facts": facts}
        if sl.game == "bridge" and state is None:
            answer["hand_record"] = next_hand_record(sl)
        return private(answer)


def next_hand_record(sl: Any) -> dict[str, Any] | None:
    """The loaded hand record of the list's next board, for the phone to start its play from
    (docs/play-mode.md, "Bridge hand records"); None when the evening has none for it."""
    board = sl.next_board()
    if board is None:
        return None
    try:
        record = services().app.get_competition(sl.competition_id).hand_record(sl.evening, board)
    except NotFound:
        return None
    return None if record is None else {"board": board, **record}


@competitions.blp.route("/competitions/<competition_id>/play-mode")
class CompetitionPlayMode(MethodView):
    @director_only
    @keyed
    @competitions.blp.arguments(CompetitionPlayModeSchema)
    @competitions.blp.response(200, CompetitionPlayModeSetSchema)
    @refusals(competitions.blp, 400, 401, 403, 404, 422)
    def post(self, data: dict[str, Any], competition_id: str) -> dict[str, Any]:
        """Switch play mode for every evening, or one, and for their open lists (director)."""
        cid = canonical(competition_id, "competition")
        answer: dict[str, Any] = send(
            director(), "set_competition_play_mode", cid, on=data["on"], evening=data["evening"]
        )
        return answer

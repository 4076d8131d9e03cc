"""Bridge hand records: the director uploads an evening's deals as a PBN file.

The file is read here (:mod:`backend.rules.pbn_deals`: a malformed file is refused naming the
board and the tag) and its boards are loaded with the ``load_hand_records`` command. The route
is added to the evenings blueprint; ``resources`` imports this module before registering.
"""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from flask_smorest import abort

from ..application.interface import InvalidInput
from ..rules.errors import PlayError
from ..rules.pbn_deals import deal_text, read_games
from ..schemas.hand_records import HandRecordsSchema, HandRecordsUploadSchema
from .access import director, director_only, private, refusals
from .commands import keyed, send
from .evenings import CLOSED, EVENING, blp
from .lookups import canonical
from .services import services

NOT_BRIDGE = (409, CLOSED[1] + "; or the competition does not play bridge")


def loaded(cid: str, evening: int, changed: list[int] | None = None) -> dict[str, Any]:
    records = services().app.get_competition(cid).hand_records_of(evening)
    boards = [
        {"board": int(n), "dealer": r["dealer"], "deal": deal_text(r["hands"], "N")}
        for n, r in sorted(records.items(), key=lambda item: int(item[0]))
    ]
    return {"evening": evening, "boards": boards, "changed": changed or []}


@blp.route(EVENING + "/hand-records")
class HandRecords(MethodView):
    @director_only
    @blp.response(200, HandRecordsSchema)
    @refusals(blp, 401, 403, 404)
    def get(self, competition_id: str, evening: int) -> Any:
        """The dealt hands loaded for the evening's boards (director)."""
        cid = canonical(competition_id, "competition")
        services().app.get_competition(cid).evening(evening)
        return private(loaded(cid, evening))

    @director_only
    @keyed
    @blp.arguments(HandRecordsUploadSchema)
    @blp.response(200, HandRecordsSchema)
    @refusals(blp, 400, 401, 403, 404, NOT_BRIDGE, 422)
    def post(self, data: dict[str, Any], competition_id: str, evening: int) -> Any:
        """Load the evening's deals from a PBN file (bridge; director). Loading the same file
        again changes nothing; a later file replaces the boards it gives.

        A competition of another game is refused before its file is read (409, naming
        ``competition_id``); a file that cannot be read is refused with 422 on ``pbn``,
        naming the board and the tag."""
        cid = canonical(competition_id, "competition")
        competition = services().app.get_competition(cid)
        competition.evening(evening)  # no such evening: 404 first
        game = competition.game
        if game != "bridge":
            abort(
                409,
                message=f"hand records are for bridge; this competition plays {game}",
                errors={"competition_id": f"plays {game}, not bridge"},
            )
        try:
            boards = read_games(data["pbn"])
        except PlayError as exc:
            raise InvalidInput(exc.message, exc.field) from None
        answer = send(director(), "load_hand_records", cid, evening=evening, boards=boards)
        return private(loaded(cid, evening, answer["changed"]))

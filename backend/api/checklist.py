"""The director's evening checklist, and the note that an evening's table cards were printed."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint, abort

from ..instance.printouts import cards_printed, record_cards_printed
from ..instance.session import director_name
from ..projections.checklist import evening_checklist
from ..schemas.checklist import CardsPrintedSchema, ChecklistSchema
from .access import director_only, private, refusals
from .lookups import evening as evening_row
from .services import services

blp = Blueprint(
    "checklist",
    __name__,
    url_prefix="/api/competitions/<competition_id>/evenings",
    description="The director's evening checklist: what is done, what is still to do.",
)
EVENING = "/<int(min=1, max=9999):evening>"


@blp.route(EVENING + "/checklist")
class Checklist(MethodView):
    @director_only
    @blp.response(200, ChecklistSchema)
    @refusals(blp, 401, 403, 404)
    def get(self, competition_id: str, evening: int) -> Any:
        """The evening's checklist: players present, the draw, the table cards printed, the
        phones joined, the lists submitted, the disputes ruled, the evening closed and its
        standings published; each done or not, with counts and the lists it waits for
        (director)."""
        row = evening_row(competition_id, evening)
        cid = row["competition_id"]
        note = None
        if row["draw_no"] is not None:
            note = cards_printed(services().instance.path, cid, evening, row["draw_no"])
        return private(evening_checklist(services().views, cid, evening, note))


@blp.route(EVENING + "/cards/printed")
class CardsPrinted(MethodView):
    @director_only
    @blp.response(200, CardsPrintedSchema)
    @refusals(blp, 401, 403, 404, (409, "the evening has no draw yet: there are no cards"))
    def post(self, competition_id: str, evening: int) -> Any:
        """Note that the director pressed Print on the current draw's table cards (director).

        The first press per draw is kept; pressing again answers the same note. It is the
        checklist's working note, not part of the competition's audited record.
        """
        row = evening_row(competition_id, evening)
        if row["draw_no"] is None:
            abort(409, message="the evening has no draw yet", errors={"evening": "is not drawn"})
        note = record_cards_printed(
            services().instance.path,
            row["competition_id"],
            evening,
            row["draw_no"],
            director_name(),
        )
        return private(note)

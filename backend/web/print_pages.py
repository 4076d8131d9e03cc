"""Printable pages: the standings (public) and an evening's score lists (director), rendered
on the server with Jinja (autoescaped) and a print stylesheet, so that the browser's own
"Print" makes clean A4 pages. No inline script or style: the Content-Security-Policy holds.
"""

from __future__ import annotations

from typing import Any

from flask import Response, make_response, render_template, request, url_for
from flask_smorest import abort
from marshmallow import EXCLUDE, ValidationError

from ..exports.footer import footer
from ..exports.picture import competition_picture
from ..exports.sheets import lists_sheet, standings_sheet
from ..exports.words import LANGUAGES
from ..instance.services import services
from ..instance.session import director_name
from ..projections import queries
from ..schemas.exports import ExportArgsSchema
from .app_pages import PagesBlueprint

blp = PagesBlueprint(
    "print_pages",
    __name__,
    template_folder="templates",
    static_folder="static",
    static_url_path="/print/static",
)


def query_args() -> dict[str, Any]:
    """The page's ``evening`` and ``lang``; a bad one is a 422 naming it, as in the API."""
    try:
        return dict(ExportArgsSchema(unknown=EXCLUDE).load(request.args.to_dict()))
    except ValidationError as exc:
        abort(422, errors=exc.messages)


def picture(competition_id: str, evening: int | None = None) -> dict[str, Any]:
    """The competition (or one evening of it) as the sheets print it; a 404 naming the
    missing one, as in the API."""
    svc = services()
    try:
        cid = queries.competition(svc.views, competition_id)["competition_id"]
        if evening is not None:
            queries.evening(svc.views, cid, evening)
    except queries.Missing as exc:
        abort(404, message=exc.message, errors={exc.field: exc.message})
    svc.views.settle(cid)
    return competition_picture(
        svc.views.rows,
        cid,
        club=svc.instance.club,
        club_id=svc.instance.club_number,
        evening=evening,
        trail=False,
    )


def _page(template: str, sheet: dict[str, Any], pdf: str, foot: str) -> Response:
    response = make_response(
        render_template(
            template,
            **sheet,
            css=url_for("print_pages.static", filename="troef_print.css"),
            js=url_for("print_pages.static", filename="troef_print.js"),
            pdf=pdf,
            footer=foot,
            languages=LANGUAGES,
        )
    )
    response.headers["Cache-Control"] = "private, no-cache"
    return response


@blp.get("/print/competitions/<competition_id>/standings")
def standings_page(competition_id: str) -> Response:
    """The standings, ready to print (public, like the standings)."""
    args = query_args()
    pic = picture(competition_id)
    cid = pic["competition"]["competition_id"]
    pdf = f"/api/competitions/{cid}/standings.pdf?lang={args['lang']}"
    sheet = standings_sheet(pic, args["lang"])
    return _page("troef_print_standings.html", sheet, pdf, footer(pic, args["lang"]))


@blp.get("/print/competitions/<competition_id>/lists")
def lists_page(competition_id: str) -> Response:
    """The score lists of an evening (``?evening=``) or of the season, ready to print
    (director)."""
    director_name()
    args = query_args()
    pic = picture(competition_id, args.get("evening"))
    cid = pic["competition"]["competition_id"]
    query = f"lang={args['lang']}" + (
        f"&evening={args['evening']}" if args.get("evening") is not None else ""
    )
    pdf = f"/api/competitions/{cid}/lists.pdf?{query}"
    sheet = lists_sheet(pic, args["lang"])
    return _page("troef_print_lists.html", sheet, pdf, footer(pic, args["lang"]))

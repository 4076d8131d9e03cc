"""Downloads of a competition: CSV tables, the JSON document, a zip of both, PDFs of the
standings and the lists, and PBN / USEBIO files of a bridge session.

Everything is read from the read models through :mod:`backend.exports.picture`, so a file
holds the same numbers as the API and the screens. The standings (CSV of the standings and
of their results, the standings PDF) are public like the standings themselves; everything
else is the director's.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from datetime import UTC, datetime
from functools import wraps
from typing import Any, TypeVar

from flask import Response
from flask.views import MethodView
from flask_smorest import Blueprint

from ..application.interface import NotFound
from ..exports import csv_export, json_export, pbn, usebio
from ..exports.bridge_session import session
from ..exports.footer import footer
from ..exports.pdf_pages import lists_pdf, standings_pdf
from ..exports.picture import competition_picture
from ..exports.sheets import lists_sheet, standings_sheet
from ..schemas.exports import ExportArgsSchema, SessionArgsSchema
from .access import director, director_only, refusals
from .evenings import EVENING
from .lookups import competition
from .lookups import evening as evening_row
from .openapi_security import ANYONE, DIRECTOR_READ, mark
from .services import services

blp = Blueprint(
    "exports",
    __name__,
    url_prefix="/api/competitions/<competition_id>",
    description="Downloads: CSV and JSON of everything, PDFs of the standings and the lists, "
    "PBN and USEBIO of a bridge session (the director's; the standings' are public).",
)
PUBLIC_TABLES = frozenset({"standings", "results"})
BINARY = {"type": "string", "format": "binary"}
TEXT = {"type": "string"}
F = TypeVar("F", bound=Callable[..., Any])
NO_BRIDGE = "PBN and USEBIO are for bridge sessions; this competition plays {game}"


def director_unless_public(view: F) -> F:
    """Refuse anyone but the director before the arguments are read, unless the table asked
    for is public (the standings and their results)."""

    @wraps(view)
    def checked(*args: Any, **kwargs: Any) -> Any:
        if kwargs.get("table") not in PUBLIC_TABLES:
            director()
        return view(*args, **kwargs)

    return mark(checked, [ANYONE, DIRECTOR_READ])  # type: ignore[return-value]


def picture(
    competition_id: str, evening: int | None = None, *, trail: bool = False, chains: bool = False
) -> dict[str, Any]:
    """The competition (or one evening of it) as plain data; with ``trail`` its audit trail,
    with ``chains`` its hash chains, recomputed from the event store (which reads every
    event, so only the downloads that hold the chains ask for them)."""
    comp = competition(competition_id)
    if evening is not None:
        evening_row(comp["competition_id"], evening)
    svc = services()
    svc.views.settle(comp["competition_id"])
    recomputed = [c.as_dict() for c in svc.app.verify().chains] if chains else []
    return competition_picture(
        svc.views.rows,
        comp["competition_id"],
        club=svc.instance.club,
        club_id=svc.instance.club_number,
        chains=recomputed,
        evening=evening,
        trail=trail,
    )


def slug(text: str) -> str:
    """A file name part: ASCII letters and digits joined by dashes ("Zondag 2026" → zondag-2026)."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    words = re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")
    if len(words) > 60:
        words = words[:60].rsplit("-", 1)[0]
    return words or "competitie"


def file_stem(pic: dict[str, Any]) -> str:
    """``troef-<competition>-<date>``: the evening's date, or today's for the season."""
    name = slug(pic["competition"]["name"])
    if pic.get("evening") is not None:
        date = next((e["date"] for e in pic["evenings"] if e["evening"] == pic["evening"]), None)
        return f"troef-{name}-avond-{pic['evening']}-{date or 'zonder-datum'}"
    return f"troef-{name}-{datetime.now(UTC).date().isoformat()}"


def download(body: str | bytes, filename: str, mimetype: str, private: bool = True) -> Response:
    """An answer the browser saves as ``filename``."""
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = "private, no-cache" if private else "no-cache"
    return response


@blp.route("/export.json")
class JsonExport(MethodView):
    @director_only
    @blp.arguments(ExportArgsSchema, location="query")
    @blp.response(
        200,
        {"type": "object"},
        description="the troef-export document: players, evenings, lists with every deal, "
        "standings, adjustments, travellers, the audit trail and the chain heads",
    )
    @refusals(blp, 401, 403, 404, 422)
    def get(self, args: dict[str, Any], competition_id: str) -> Response:
        """Everything of the competition (or one evening) as one JSON document (director)."""
        pic = picture(competition_id, args.get("evening"), trail=True, chains=True)
        return download(json_export.document(pic), file_stem(pic) + ".json", "application/json")


@blp.route("/export.zip")
class ZipExport(MethodView):
    @director_only
    @blp.arguments(ExportArgsSchema, location="query")
    @blp.response(
        200, BINARY, content_type="application/zip", description="every CSV table and the JSON"
    )
    @refusals(blp, 401, 403, 404, 422)
    def get(self, args: dict[str, Any], competition_id: str) -> Response:
        """Every CSV table and the JSON document in one zip file (director)."""
        pic = picture(competition_id, args.get("evening"), trail=True, chains=True)
        stem = file_stem(pic)
        body = csv_export.zip_all(pic, stem, json_export.document(pic))
        return download(body, stem + ".zip", "application/zip")


@blp.route("/export/<any(" + ", ".join(csv_export.TABLES) + "):table>.csv")
class CsvExport(MethodView):
    @director_unless_public
    @blp.arguments(ExportArgsSchema, location="query")
    @blp.response(
        200,
        TEXT,
        content_type="text/csv",
        description="UTF-8 with a byte order mark, `;`-separated, decimal commas",
    )
    @refusals(
        blp,
        (401, "not logged in as the director (every table but standings and results)"),
        (403, "a table's token"),
        404,
        422,
    )
    def get(self, args: dict[str, Any], competition_id: str, table: str) -> Response:
        """One table as CSV: players, evenings, lists, deals, standings, results,
        evening_results, adjustments, travellers, audit or chains (standings and results are
        public; the others the director's)."""
        pic = picture(
            competition_id,
            args.get("evening"),
            trail=table == "audit",
            chains=table == "chains",
        )
        return download(
            csv_export.table(pic, table),
            f"{file_stem(pic)}-{table}.csv",
            "text/csv",
            private=table not in PUBLIC_TABLES,
        )


@blp.route("/standings.pdf")
class StandingsPdf(MethodView):
    @blp.arguments(SessionArgsSchema, location="query")
    @blp.response(200, BINARY, content_type="application/pdf", description="A4 pages")
    @refusals(blp, 404, 422)
    def get(self, args: dict[str, Any], competition_id: str) -> Response:
        """The standings as a PDF, with the results that count and those dropped (public)."""
        pic = picture(competition_id)
        body = standings_pdf(standings_sheet(pic, args["lang"]), footer(pic, args["lang"]))
        return download(body, file_stem(pic) + "-stand.pdf", "application/pdf", private=False)


@blp.route("/lists.pdf")
class ListsPdf(MethodView):
    @director_only
    @blp.arguments(ExportArgsSchema, location="query")
    @blp.response(200, BINARY, content_type="application/pdf", description="A4 pages")
    @refusals(blp, 401, 403, 404, 422)
    def get(self, args: dict[str, Any], competition_id: str) -> Response:
        """The score lists (of one evening, or all) as a PDF, deal by deal (director)."""
        pic = picture(competition_id, args.get("evening"))
        body = lists_pdf(lists_sheet(pic, args["lang"]), footer(pic, args["lang"]))
        return download(body, file_stem(pic) + "-lijsten.pdf", "application/pdf")


def bridge_picture(competition_id: str, evening: int) -> dict[str, Any]:
    pic = picture(competition_id, evening)
    game = pic["competition"]["game"]
    if game != "bridge":
        raise NotFound(NO_BRIDGE.format(game=game), "competition_id")
    return pic | played_boards(pic, evening)


def played_boards(pic: dict[str, Any], evening: int) -> dict[str, Any]:
    """The evening's hand records and the play of each deal played card by card, read from
    the history (the read models keep neither): the exports write them (docs/exports.md)."""
    app = services().app
    records = app.get_competition(pic["competition"]["competition_id"]).hand_records_of(evening)
    hands = [
        {"evening": evening, "board": int(board), "hands": record["hands"]}
        for board, record in sorted(records.items(), key=lambda item: int(item[0]))
    ]
    plays = []
    for entry in pic["lists"]:
        recorded = {d["deal_no"] for d in entry["deals"]}
        states = getattr(app.get_list(entry["list_id"]), "play", {}) or {}
        for key, state in states.items():
            if int(key) in recorded and state["tricks"]:
                plays.append(
                    {
                        "list_id": entry["list_id"],
                        "deal_no": int(key),
                        "hands": state["context"]["hands"],
                        "bids": state["bids"],
                        "tricks": state["tricks"],
                    }
                )
    return {"hands": hands or pic.get("hands") or [], "plays": plays}


@blp.route("/evenings" + EVENING + "/session.pbn")
class PbnExport(MethodView):
    @director_only
    @blp.response(200, TEXT, content_type="application/x-pbn", description="PBN 2.1, UTF-8")
    @refusals(blp, 401, 403, (404, "no such competition or evening, or not bridge"))
    def get(self, competition_id: str, evening: int) -> Response:
        """A bridge session as PBN: each board's results per table, and the ranking
        (director)."""
        pic = bridge_picture(competition_id, evening)
        body = pbn.write(session(pic, evening))
        return download(body, file_stem(pic) + ".pbn", "application/x-pbn")


@blp.route("/evenings" + EVENING + "/session.usebio.xml")
class UsebioExport(MethodView):
    @director_only
    @blp.response(200, TEXT, content_type="application/xml", description="USEBIO 1.2, UTF-8")
    @refusals(blp, 401, 403, (404, "no such competition or evening, or not bridge"))
    def get(self, competition_id: str, evening: int) -> Response:
        """A bridge session as USEBIO 1.2 XML: pairs, places, travellers (director)."""
        pic = bridge_picture(competition_id, evening)
        body = usebio.write(session(pic, evening))
        return download(body, file_stem(pic) + "-usebio.xml", "application/xml")

"""Import players from a CSV file in one request (an operation of the competitions tag).

The route is added to the competitions blueprint, so it sits beside the other player
operations in the OpenAPI document; ``resources`` imports this module before registering.
"""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from ..schemas.roster import PlayerImportResultSchema, PlayerImportSchema
from .access import director, director_only, private, refusals
from .commands import idempotency_key, keyed, send
from .competitions import blp, players
from .lookups import canonical
from .services import services


@blp.route("/competitions/<competition_id>/player-import")
class PlayerImport(MethodView):
    @director_only
    @keyed
    @blp.arguments(PlayerImportSchema)
    @blp.response(200, PlayerImportResultSchema)
    @refusals(blp, 400, 401, 403, 404, 422)
    def post(self, data: dict[str, Any], competition_id: str) -> Any:
        """Enrol the players of a CSV file; per line, what was taken or refused and why.

        Blank lines are skipped; a name already enrolled (or twice in the file) is refused
        by name. The names taken are enrolled together, in one save (director).
        """
        cid = canonical(competition_id, "competition")
        idempotency_key()  # a preview takes the same request as the import it previews
        if data["dry_run"]:
            done = services().app.preview_import(cid, data["csv"])
        else:
            done = send(director(), "import_players", cid, csv=data["csv"])
        column, outcome = done["column"], done["lines"]
        return private(
            {
                "dry_run": data["dry_run"],
                "column": column,
                "taken": sum(1 for line in outcome if line["status"] == "taken"),
                "refused": sum(1 for line in outcome if line["status"] == "refused"),
                "lines": outcome,
                "players": players(cid),
            }
        )

"""Rule sets, competitions, their players and the director's standing adjustments."""

from __future__ import annotations

import json
from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from ..application.interface import InvalidInput
from ..rules import RuleError
from ..rules.counting import counting_defaults
from ..rules.games import presets, ruleset_from_stored
from ..rules.ruleset import RuleSet
from ..schemas.competitions import (
    AdjustmentCreateSchema,
    AdjustmentSchema,
    ArchiveSchema,
    CompetitionCreateSchema,
    CompetitionDetailSchema,
    CompetitionRenameSchema,
    CompetitionSchema,
    PlayerChangeSchema,
    PlayerCreateSchema,
    PlayerSchema,
    PresetSchema,
    RuleSetArgsSchema,
    UnenrolSchema,
    WithdrawSchema,
)
from .access import director, director_only, refusals
from .commands import keyed, send
from .lookups import canonical, competition, one
from .services import services

blp = Blueprint(
    "competitions",
    __name__,
    url_prefix="/api",
    description="Rule sets, competitions and their players (the director changes them).",
)
COMPETITIONS = (
    "SELECT c.*, (SELECT COUNT(*) FROM players p WHERE p.competition_id = c.competition_id) "
    "AS player_count, (SELECT COUNT(*) FROM evenings e WHERE e.competition_id = "
    "c.competition_id) AS evening_count FROM competitions c"
)
RULESET_FIELDS = ("id", "base", "title", "version", "options")


@blp.route("/rulesets")
class RuleSets(MethodView):
    @blp.arguments(RuleSetArgsSchema, location="query")
    @blp.response(200, PresetSchema(many=True))
    def get(self, args: dict[str, Any]) -> list[dict[str, Any]]:
        """Every shipped rule set with its options, their values, defaults and reasons.

        Each also gives its game's counting rule settings, as a new competition gets them.
        """
        firsts: set[str] = set()
        out = []
        for rs in presets():
            if args.get("game") in (None, rs.game):
                out.append(
                    {
                        **described(rs),
                        "default": rs.game not in firsts,
                        "counting": counting_defaults(rs),
                    }
                )
            firsts.add(rs.game)
        return out


@blp.route("/competitions")
class Competitions(MethodView):
    @blp.response(200, CompetitionSchema(many=True))
    def get(self) -> list[dict[str, Any]]:
        """Every competition on the club's list, oldest first (archived ones are left out)."""
        rows = services().views.rows(
            COMPETITIONS + " WHERE c.archived IS NULL ORDER BY c.created_at, c.competition_id"
        )
        return [summary(row) for row in rows]

    @director_only
    @keyed
    @blp.arguments(CompetitionCreateSchema)
    @blp.response(201, CompetitionDetailSchema)
    @refusals(blp, 400, 401, 403, 422)
    def post(self, data: dict[str, Any]) -> dict[str, Any]:
        """Create a competition with a preset or a club's own rule set (director).

        The counting settings a game takes depend on the game of `rules`, which the body's
        schema cannot say (it lists every game's settings): a setting of another game, a
        wiezen season of no evenings, and a wiezen `best` above its `evenings` (the rule set's
        `season_best` and `season_sundays` stand for the one left out) are refused with 422
        naming `counting.<setting>`.
        """
        try:
            cid = send(
                director(),
                "create_competition",
                name=data["name"],
                rules=data["rules"],
                counting=data.get("counting"),
            )
        except InvalidInput as exc:
            if exc.field and exc.field.split(".")[0] in RULESET_FIELDS:
                raise InvalidInput(exc.message, f"rules.{exc.field}") from None
            raise
        return detail(cid)


@blp.route("/competitions/<competition_id>")
class CompetitionView(MethodView):
    @blp.response(200, CompetitionDetailSchema)
    @refusals(blp, 404)
    def get(self, competition_id: str) -> dict[str, Any]:
        """A competition with its rule set, players, evenings and standing adjustments."""
        return detail(competition_id)

    @director_only
    @keyed
    @blp.arguments(CompetitionRenameSchema)
    @blp.response(200, CompetitionDetailSchema)
    @refusals(blp, 400, 401, 403, 404, 422)
    def patch(self, data: dict[str, Any], competition_id: str) -> dict[str, Any]:
        """Correct a competition's name (director); the history keeps the old one."""
        cid = canonical(competition_id, "competition")
        send(director(), "rename_competition", cid, name=data["name"])
        return detail(cid)


@blp.route("/competitions/<competition_id>/archive")
class Archive(MethodView):
    @director_only
    @keyed
    @blp.arguments(ArchiveSchema)
    @blp.response(200, CompetitionDetailSchema)
    @refusals(blp, 400, 401, 403, 404, (409, "already off the list"), 422)
    def post(self, data: dict[str, Any], competition_id: str) -> dict[str, Any]:
        """Take a competition made by mistake off the club's list, with the reason (director).

        Nothing is deleted: the competition keeps its id, history, audit trail and pages; the
        club's list (`GET /competitions`) leaves it out. Its detail says `archived`.
        """
        cid = canonical(competition_id, "competition")
        send(director(), "archive_competition", cid, reason=data["reason"])
        return detail(cid)


@blp.route("/competitions/<competition_id>/players")
class Players(MethodView):
    @blp.response(200, PlayerSchema(many=True))
    @refusals(blp, 404)
    def get(self, competition_id: str) -> list[dict[str, Any]]:
        """The competition's players, in the order they enrolled."""
        return players(competition(competition_id)["competition_id"])

    @director_only
    @keyed
    @blp.arguments(PlayerCreateSchema)
    @blp.response(201, PlayerSchema)
    @refusals(blp, 400, 401, 403, 404, (409, "the name is already enrolled"), 422)
    def post(self, data: dict[str, Any], competition_id: str) -> dict[str, Any]:
        """Enrol a player (director); a name already enrolled (case and spacing aside) is
        refused, as the import refuses it."""
        cid = canonical(competition_id, "competition")
        numbers = {"numbers": data["numbers"]} if data.get("numbers") else {}
        player_id = send(director(), "enrol_player", cid, name=data["name"], **numbers)
        return enrolled(cid, player_id)


@blp.route("/competitions/<competition_id>/players/<player_id>")
class Player(MethodView):
    @director_only
    @keyed
    @blp.arguments(PlayerChangeSchema)
    @blp.response(200, PlayerSchema)
    @refusals(blp, 400, 401, 403, 404, (409, "another player has the name"), 422)
    def patch(self, data: dict[str, Any], competition_id: str, player_id: str) -> dict[str, Any]:
        """Correct a player's name or federation numbers (director); the history keeps the
        old ones."""
        cid = canonical(competition_id, "competition")
        if "name" in data:
            send(director(), "rename_player", cid, player_id=player_id, name=data["name"])
        if "numbers" in data:
            send(
                director(), "set_player_numbers", cid, player_id=player_id, numbers=data["numbers"]
            )
        return enrolled(cid, player_id)


@blp.route("/competitions/<competition_id>/players/<player_id>/withdraw")
class Withdraw(MethodView):
    @director_only
    @keyed
    @blp.arguments(WithdrawSchema)
    @blp.response(200, PlayerSchema)
    @refusals(blp, 400, 401, 403, 404, (409, "the player has already withdrawn"), 422)
    def post(self, data: dict[str, Any], competition_id: str, player_id: str) -> dict[str, Any]:
        """Withdraw a player from the competition, with the reason (director)."""
        cid = canonical(competition_id, "competition")
        send(director(), "withdraw_player", cid, player_id=player_id, reason=data["reason"])
        return enrolled(cid, player_id)


@blp.route("/competitions/<competition_id>/players/<player_id>/unenrol")
class Unenrol(MethodView):
    @director_only
    @keyed
    @blp.arguments(UnenrolSchema)
    @blp.response(200, PlayerSchema(many=True))
    @refusals(
        blp, 400, 401, 403, 404, (409, "the player has a seat or a result in a drawn evening"), 422
    )
    def post(
        self, data: dict[str, Any], competition_id: str, player_id: str
    ) -> list[dict[str, Any]]:
        """Undo an enrolment made by mistake (director), while the player has no seat or
        result in a drawn evening; the enrolment and its undoing both stay in the history.
        Answers with the players who remain."""
        cid = canonical(competition_id, "competition")
        send(director(), "unenrol_player", cid, player_id=player_id, reason=data["reason"])
        return players(cid)


@blp.route("/competitions/<competition_id>/adjustments")
class Adjustments(MethodView):
    @director_only
    @keyed
    @blp.arguments(AdjustmentCreateSchema)
    @blp.response(201, AdjustmentSchema)
    @refusals(blp, 400, 401, 403, 404, 422)
    def post(self, data: dict[str, Any], competition_id: str) -> dict[str, Any]:
        """Adjust a player's standing by points, with the reason and article (director).

        The submitted lists stay as they are; the adjustment is a line of its own.
        """
        cid = canonical(competition_id, "competition")
        send(
            director(),
            "adjust_standing",
            cid,
            player_id=data["player_id"],
            points=data["points"],
            reason=data["reason"],
            article=data["article"],
        )
        return adjustments(cid)[-1]


def described(rs: RuleSet) -> dict[str, Any]:
    """A rule set with each option's value, default and reason."""
    return {**rs.as_dict(), "options": rs.describe()}


def stored_rules(rules: dict[str, Any]) -> dict[str, Any]:
    """A competition's stored rule set, described (plainly if this version no longer ships it)."""
    try:
        return described(ruleset_from_stored(rules))
    except RuleError:
        options = [
            {"name": k, "value": v, "default": None, "choices": None, "doc": ""}
            for k, v in rules["options"].items()
        ]
        return {**rules, "options": options}


def summary(row: dict[str, Any]) -> dict[str, Any]:
    rules = json.loads(row["rules"])
    return {
        "id": row["competition_id"],
        "name": row["name"],
        "game": row["game"],
        "rules_ref": row["rules_ref"],
        "rules_title": rules["title"],
        "counting": json.loads(row["counting"]),
        "created_at": row["created_at"],
        "head": row["head"],
        "players": row.get("player_count", 0),
        "evenings": row.get("evening_count", 0),
    }


def detail(competition_id: str) -> dict[str, Any]:
    row = competition(competition_id)
    cid = row["competition_id"]
    evenings = services().views.rows(
        "SELECT evening, date, closed, draw_no, seed FROM evenings WHERE competition_id = ? "
        "ORDER BY evening",
        [cid],
    )
    return {
        **summary(row),
        "rules": stored_rules(json.loads(row["rules"])),
        "players": players(cid),
        "evenings": [{**e, "closed": bool(e["closed"])} for e in evenings],
        "adjustments": adjustments(cid),
        "archived": row.get("archived"),
    }


def players(cid: str) -> list[dict[str, Any]]:
    rows = services().views.rows(
        "SELECT player_id, name, withdrawn, numbers FROM players WHERE competition_id = ? "
        "ORDER BY CAST(substr(player_id, 2) AS INTEGER), player_id",
        [cid],
    )
    return [numbered(row) for row in rows]


def enrolled(cid: str, player_id: str) -> dict[str, Any]:
    found = one(
        "SELECT player_id, name, withdrawn, numbers FROM players "
        "WHERE competition_id = ? AND player_id = ?",
        [cid, player_id],
    )
    assert found is not None  # the application refuses unknown players first
    return numbered(found)


def numbered(row: dict[str, Any]) -> dict[str, Any]:
    """A player row with its federation numbers as a list ("12345, 67890" → two)."""
    text = row.get("numbers")
    return {**row, "numbers": [n.strip() for n in text.split(",")] if text else []}


def adjustments(cid: str) -> list[dict[str, Any]]:
    return services().views.rows(
        "SELECT a.position, a.player_id, coalesce(p.name, a.player_id) AS name, a.points, "
        "a.reason, a.article, a.timestamp FROM standing_adjustments a LEFT JOIN players p "
        "ON p.competition_id = a.competition_id AND p.player_id = a.player_id "
        "WHERE a.competition_id = ? ORDER BY a.position",
        [cid],
    )

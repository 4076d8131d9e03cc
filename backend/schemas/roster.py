"""A player import on the wire: the file's text in, per line taken or refused out."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from .competitions import PlayerSchema
from .strict import StrictBoolean


class PlayerImportSchema(Schema):
    csv = fields.String(
        required=True,
        validate=validate.Length(min=1, max=100_000),
        metadata={
            "description": "the file's text: one name per line, or CSV (comma, semicolon or "
            "tab) with a header line naming a name column (name, naam, speler, spieler, player)"
        },
    )
    dry_run = StrictBoolean(
        load_default=False,
        metadata={"description": "only say what would be taken and refused; enrol nobody"},
    )


class ImportedLineSchema(Schema):
    line = fields.Integer(required=True, metadata={"description": "the line in the file, from 1"})
    text = fields.String(required=True, metadata={"description": "the line as it was"})
    name = fields.String(allow_none=True, required=True, metadata={"description": "as read"})
    status = fields.String(
        required=True,
        validate=validate.OneOf(["taken", "refused"]),
        metadata={"description": "taken or refused"},
    )
    player_id = fields.String(
        allow_none=True,
        required=True,
        metadata={"description": "the new player (not on a dry run)"},
    )
    reason = fields.String(allow_none=True, required=True, metadata={"description": "why refused"})


class PlayerImportResultSchema(Schema):
    dry_run = fields.Boolean(required=True)
    column = fields.String(
        allow_none=True,
        required=True,
        metadata={"description": "the header's name column; null when each line is a name"},
    )
    taken = fields.Integer(required=True)
    refused = fields.Integer(required=True)
    lines = fields.List(fields.Nested(ImportedLineSchema), required=True)
    players = fields.List(
        fields.Nested(PlayerSchema), required=True, metadata={"description": "every player now"}
    )

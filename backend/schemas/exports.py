"""The query arguments of the exports (which evening, which language)."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from .vocabulary import LANGUAGES

EVENING = validate.Range(min=1, max=10_000)


class ExportArgsSchema(Schema):
    evening = fields.Integer(
        validate=EVENING,
        metadata={"description": "one evening only (leave out for the whole season)"},
    )
    lang = fields.String(
        load_default="nl",
        validate=validate.OneOf(LANGUAGES),
        metadata={"description": "the language of printed words (PDF and printable pages)"},
    )


class SessionArgsSchema(Schema):
    lang = fields.String(load_default="nl", validate=validate.OneOf(LANGUAGES))

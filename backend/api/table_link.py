"""The link a table card's QR code opens: ``<origin>/t/<code>``, and the QR as an SVG.

The origin is the one the director reached the server at, because the phones at the tables
use the same address; behind a proxy that rewrites it, the instance's ``[server] public_url``
(or the app setting ``TROEF_PUBLIC_URL``) names it. The SVG is
made on the server with segno, so the console needs no script from elsewhere to draw it.
"""

from __future__ import annotations

import segno
from flask import current_app, request

from .services import services


def table_url(code: str) -> str:
    """The table app's address with the join code filled in."""
    settings = services().instance.settings.get("server", {})
    origin = (
        current_app.config.get("TROEF_PUBLIC_URL") or settings.get("public_url") or request.host_url
    )
    return f"{origin.rstrip('/')}/t/{code}"


def qr_svg(text: str) -> str:
    """The QR code of ``text`` as a scalable SVG data URI, black on white with a quiet zone
    of 4 modules and error correction M or better, so that a phone reads it from paper."""
    return segno.make(text, error="m", micro=False).svg_data_uri(
        border=4, dark="#000", light="#fff", omitsize=True
    )

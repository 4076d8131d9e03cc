"""Every page has Troef's icon (#16, item 28): the one a page names, and the ``/favicon.ico`` a
browser asks for by itself, are served, so no page logs a 404 for it."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from .conftest import wiezen_evening

ICON = re.compile(r'<link rel="icon" href="([^"]+)"')


def test_the_favicon_a_browser_asks_for_is_troefs_icon(client: FlaskClient) -> None:
    answer = client.get("/favicon.ico")
    assert answer.status_code == 200 and answer.mimetype == "image/png"
    assert answer.data.startswith(b"\x89PNG") and "max-age" in answer.headers["Cache-Control"]


def test_every_page_names_an_icon_that_is_served(web: Flask, client: FlaskClient) -> None:
    cid = wiezen_evening(web)["competition_id"]
    pages = ["/", "/t/ABC123", "/director", f"/standings/{cid}", f"/standings/{cid}/evenings/1"]
    for page in [*pages, "/api/docs"]:
        answer = client.get(page)
        text = answer.get_data(as_text=True)
        answer.close()
        assert answer.status_code == 200, page
        named = ICON.findall(text)
        assert named, f"{page} names no icon"
        for href in named:
            icon = client.get(href)
            icon.close()  # a served file is streamed
            assert icon.status_code == 200 and icon.mimetype.startswith("image/"), (page, href)

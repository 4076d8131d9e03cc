"""Each table card carries the table app's link with its join code, and that link's QR code."""

from __future__ import annotations

import re
from urllib.parse import unquote, urlsplit

import segno
import zxingcpp
from flask import Flask
from flask.testing import FlaskClient
from PIL import Image

from backend.api.auth import join_code

from .conftest import login, wiezen_evening


def modules(data_uri: str) -> list[list[int]]:
    """The dark modules of a segno SVG (one path of horizontal runs), as a matrix of 0/1."""
    svg = unquote(data_uri.split(",", 1)[1])
    size = int(re.search(r"viewBox='0 0 (\d+) \d+'", svg).group(1))
    path = re.search(r"<path class='qrline' stroke='#000' d='([^']+)'", svg).group(1)
    grid = [[0] * size for _ in range(size)]
    x = y = 0.0
    for op, args in re.findall(r"([MmHh])([-\d. ]+)", path):
        nums = [float(n) for n in args.split()]
        if op == "M":
            x, y = nums
        elif op == "m":
            x, y = x + nums[0], y + nums[1]
        else:
            for col in range(int(x), int(x + nums[0])):
                grid[int(y)][col] = 1
            x += nums[0]
    return grid


def test_each_card_has_the_link_with_its_code_and_a_qr_code_of_exactly_that_link(
    web: Flask, client: FlaskClient
) -> None:
    evening = wiezen_evening(web, players=9)
    cid = evening["competition_id"]
    login(client)
    cards = client.get(f"/api/competitions/{cid}/evenings/1/cards").json["cards"]
    assert len(cards) == 2
    for card in cards:
        with web.app_context():
            assert card["join_code"] == join_code(card["list_id"])
        assert card["join_url"] == f"http://localhost/t/{card['join_code']}"
        assert card["qr"].startswith("data:image/svg+xml")
        expected = segno.make(card["join_url"], error="m", micro=False)
        border = 4
        grid = modules(card["qr"])
        inner = [row[border:-border] for row in grid[border:-border]]
        assert inner == [[int(bool(m)) for m in row] for row in expected.matrix]


def decoded(data_uri: str) -> list[str]:
    """What a phone's camera reads in the card's QR code: the SVG drawn as a picture."""
    grid = modules(data_uri)
    scale = 6
    picture = Image.new("L", (len(grid) * scale, len(grid) * scale), 255)
    for y, row in enumerate(grid):
        for x, dark in enumerate(row):
            if dark:
                picture.paste(0, (x * scale, y * scale, (x + 1) * scale, (y + 1) * scale))
    return [r.text for r in zxingcpp.read_barcodes(picture)]


def test_scanning_a_card_opens_the_table_app_and_joins_that_cards_table(
    web: Flask, client: FlaskClient
) -> None:
    """The whole chain a table relies on: card, QR code, link, app, join, token for its list."""
    evening = wiezen_evening(web, players=9)
    login(client)
    cards = client.get(f"/api/competitions/{evening['competition_id']}/evenings/1/cards").json[
        "cards"
    ]
    assert {card["list_id"] for card in cards} == {e["list_id"] for e in evening["lists"]}
    for n, card in enumerate(cards):
        [link] = decoded(card["qr"])
        url = urlsplit(link)
        phone = web.test_client()
        with phone.get(url.path) as page:  # the phone opens the link: the table app
            assert page.status_code == 200 and page.mimetype == "text/html"
            assert '<script type="module" src="/js/app.js"' in page.get_data(as_text=True)
        code = url.path.removeprefix("/t/")  # the app reads the code from its path
        joined = phone.post("/api/join", json={"code": code, "client_id": f"phone-{n}"})
        assert joined.status_code == 200, joined.json
        assert joined.json["list_id"] == card["list_id"]
        token = {"Authorization": f"Bearer {joined.json['token']}"}
        assert phone.get(f"/api/lists/{card['list_id']}", headers=token).status_code == 200
        other = next(c["list_id"] for c in cards if c["list_id"] != card["list_id"])
        assert phone.get(f"/api/lists/{other}", headers=token).status_code == 403


def test_a_public_url_setting_names_the_address_printed_on_the_cards(
    web: Flask, client: FlaskClient
) -> None:
    web.config["TROEF_PUBLIC_URL"] = "https://troef.example.org/"
    evening = wiezen_evening(web, players=4)
    login(client)
    card = client.get(f"/api/competitions/{evening['competition_id']}/evenings/1/cards").json[
        "cards"
    ][0]
    assert card["join_url"] == f"https://troef.example.org/t/{card['join_code']}"


def test_the_instance_setting_public_url_names_the_address_on_the_cards(
    web: Flask, client: FlaskClient
) -> None:
    web.extensions["troef"].instance.settings.setdefault("server", {})["public_url"] = (
        "https://kaart.troef.be"
    )
    evening = wiezen_evening(web, players=4)
    login(client)
    card = client.get(f"/api/competitions/{evening['competition_id']}/evenings/1/cards").json[
        "cards"
    ][0]
    assert card["join_url"] == f"https://kaart.troef.be/t/{card['join_code']}"

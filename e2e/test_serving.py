"""The web app serves the table app's files with the right types and caching."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from backend import instance
from backend.api import create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[FlaskClient]:
    instance.init(tmp_path / "club", "De Troef", "anna", "geheim-genoeg")
    web: Flask = create_app(
        {"TESTING": True, "TROEF_INSTANCE": str(tmp_path / "club"), "TROEF_WORKER": False}
    )
    yield web.test_client()
    web.extensions["troef"].close()


@pytest.mark.parametrize(
    ("path", "mimetype"),
    [
        ("/", "text/html"),
        ("/t/ABC123", "text/html"),
        ("/sw.js", "text/javascript"),
        ("/js/app.js", "text/javascript"),
        ("/js/rules/index.js", "text/javascript"),
        ("/js/views/entry.js", "text/javascript"),
        ("/css/app.css", "text/css"),
        ("/manifest.webmanifest", "application/manifest+json"),
        ("/icons/icon-192.png", "image/png"),
        ("/icons/icon.svg", "image/svg+xml"),
    ],
)
def test_each_file_of_the_app_comes_with_its_type_and_the_csp(
    client: FlaskClient, path: str, mimetype: str
) -> None:
    answer = client.get(path)
    assert answer.status_code == 200
    assert answer.mimetype == mimetype
    assert "script-src 'self'" in answer.headers["Content-Security-Policy"]
    answer.close()


def test_the_service_worker_is_never_taken_from_the_http_cache(client: FlaskClient) -> None:
    answer = client.get("/sw.js")
    assert answer.headers["Cache-Control"] == "no-cache"
    answer.close()


def test_a_table_card_link_opens_the_same_shell_as_the_root(client: FlaskClient) -> None:
    root, card = client.get("/"), client.get("/t/XYZ")
    assert root.data == card.data
    root.close()
    card.close()


@pytest.mark.parametrize(
    "path", ["/js/../../pyproject.toml", "/js/nothing.js", "/css/%2e%2e/index.html", "/pwa/sw.js"]
)
def test_nothing_outside_the_app_shell_is_served(client: FlaskClient, path: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 404
    answer.close()


def test_the_page_has_no_inline_script_or_style(client: FlaskClient) -> None:
    answer = client.get("/")
    page = answer.get_data(as_text=True)
    answer.close()
    assert "<script>" not in page and "<style" not in page and " style=" not in page
    assert '<script type="module" src="/js/app.js"></script>' in page

"""The API page: every operation of the OpenAPI document, escaped, under the CSP, on a phone."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from backend import instance
from backend.api import create_app
from backend.api.docs import slug

from .conftest import PASSWORD

METHODS = ("get", "post", "put", "patch", "delete")


def page(client: FlaskClient) -> str:
    answer = client.get("/api/docs")
    assert answer.status_code == 200
    assert answer.mimetype == "text/html"
    return answer.get_data(as_text=True)


def test_the_page_lists_every_operation_of_the_openapi_document(client: FlaskClient) -> None:
    spec = client.get("/api/openapi.json").json
    text = page(client)
    operations = [(m, p) for p, item in spec["paths"].items() for m in METHODS if m in item]
    assert len(operations) >= 8
    for method, path in operations:
        anchor = f'id="op-{slug(f"{method} {path}")}"'
        assert anchor in text, f"{method.upper()} {path} is missing"
        assert f'<code class="path">{html.escape(path)}</code>' in text
    for name in spec["components"]["schemas"]:
        assert f'id="schema-{slug(name)}"' in text
    assert f"{len(operations)} operations" in text
    assert 'href="/api/openapi.json"' in text


def test_the_page_shows_parameters_bodies_and_responses(client: FlaskClient) -> None:
    text = page(client)
    push = text[text.index('id="op-post-api-sync-push"') :]
    push = push[: push.index("</article>")]
    assert "Request body" in push and '<a href="#schema-push">Push</a>' in push
    assert '<dt class="status s2">200</dt>' in push and "#schema-pushed" in push
    live = text[text.index('id="op-get-api-live"') :]
    live = live[: live.index("</article>")]
    assert "<code>Last-Event-ID</code>" in live and "<code>text/event-stream</code>" in live
    mutation = text[text.index('id="schema-mutation"') :]
    assert "integer, ≥ 1" in mutation[: mutation.index("</article>")]


def test_the_page_keeps_to_the_content_security_policy(client: FlaskClient) -> None:
    answer = client.get("/api/docs")
    text = answer.get_data(as_text=True)
    csp = answer.headers["Content-Security-Policy"]
    assert "style-src 'self'" in csp and "script-src 'self'" in csp
    assert "<script" not in text and "<style" not in text
    assert not re.search(r"\sstyle\s*=", text) and not re.search(r"\son\w+\s*=", text)
    assert not re.search(r"(src|href)=\"(https?:)?//", text), "nothing from another origin"
    sheets = re.findall(r'<link rel="stylesheet" href="([^"]+)">', text)
    assert sheets == ["/api/static/troef_api_docs.css"]
    with client.get(sheets[0]) as css:
        assert css.status_code == 200 and css.mimetype == "text/css"


def test_the_page_fits_a_phone(client: FlaskClient) -> None:
    text = page(client)
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in text
    assert text.count('<div class="scroll"><table>') == text.count("<table>")
    with client.get("/api/static/troef_api_docs.css") as css:
        assert "@media (max-width" in css.get_data(as_text=True)


@pytest.fixture
def hostile(tmp_path: Path) -> Iterator[Flask]:
    """An app whose OpenAPI text holds markup, as if a description or a name carried it."""
    instance.init(tmp_path / "club", "<b>Club</b>", "anna", PASSWORD)
    flask_app = create_app(
        {
            "TESTING": True,
            "TROEF_INSTANCE": str(tmp_path / "club"),
            "TROEF_WORKER": False,
            "API_TITLE": "<script>alert('title')</script>",
            "API_SPEC_OPTIONS": {
                "info": {"description": "Hello <img src=x onerror=alert(1)> `<i>code</i>`"}
            },
        }
    )
    yield flask_app
    flask_app.extensions["troef"].close()


def test_everything_on_the_page_is_escaped(hostile: Flask) -> None:
    text = page(hostile.test_client())
    assert "<script" not in text and "<img" not in text and "<i>" not in text
    assert "&lt;script&gt;alert(&#39;title&#39;)&lt;/script&gt;" in text
    assert "Hello &lt;img src=x onerror=alert(1)&gt; <code>&lt;i&gt;code&lt;/i&gt;</code>" in text

"""The director's console refuses a wrong password by name and logs the director in and out."""

from __future__ import annotations

from typing import Any

from flask import Flask

from .conftest import log_in


def test_the_director_logs_in_and_out_and_a_wrong_password_is_refused(
    served: tuple[Flask, str], browser: Any
) -> None:
    _, base = served
    page = browser.new_page(locale="en-GB")
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{base}/director")
    page.fill("#login-name", "anna")
    page.fill("#login-password", "wrong")
    page.click("#login")
    assert "wrong name or password" in page.inner_text(".error-box")
    log_in(page, base)
    assert page.inner_text("#club") == "De Troef"
    page.click("#logout")
    page.wait_for_selector("#login")
    assert errors == []

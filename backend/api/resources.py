"""Every resource blueprint of the API, in the order they appear in the OpenAPI document."""

from __future__ import annotations

from typing import Any

BLUEPRINTS: tuple[Any, ...] = ()

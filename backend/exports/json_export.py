"""The competition as one JSON document: everything needed to rebuild the picture.

The document is the picture itself (:mod:`.picture`) with its format name and version, so a
program can tell what it reads; ``docs/schemas/troef-export.schema.json`` describes it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any


def document(picture: Mapping[str, Any]) -> str:
    """The picture as UTF-8 JSON text, indented a little so that it can be read and diffed."""
    return json.dumps(picture, ensure_ascii=False, indent=1, sort_keys=False) + "\n"

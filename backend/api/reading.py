"""A list read once per request, and given back for the next load when a reading request ends.

A phone's sync round is a push, a pull and a read of its sheet. The pull and the sheet each
checked the phone's secret against the list and read it again for the answer, and each of
those loads decoded every event since the list's last snapshot (a wiezen list of 40 deals
never has one): a tenth of the server's time in the load run of 200 tables.
Within a request the list is now read once (:func:`request_list`), and a request that changes
nothing (GET, HEAD) gives what it read back when it ends (``Troef.put_back``): the next load,
often the phone's next push, takes it and reads only the events stored since.
"""

from __future__ import annotations

from flask import Flask, g, request

from ..application.interface import ScoreList
from .services import services

READING = frozenset({"GET", "HEAD", "OPTIONS"})


def request_list(list_id: str) -> ScoreList:
    """The list ``list_id`` as this request read it (read at its first use)."""
    read: dict[str, ScoreList] = g.setdefault("lists_read", {})
    sl = read.get(list_id)
    if sl is None:
        sl = services().app.get_list(list_id)
        read[list_id] = read[str(sl.id)] = sl
    return sl


def _give_back(exc: BaseException | None) -> None:
    """A reading request's lists, for the next load to take (unchanged: nothing here
    changes one). A request that runs commands gives its own back where it may."""
    read: dict[str, ScoreList] | None = g.pop("lists_read", None)
    if read and request.method in READING:
        services().app.put_back(*{id(sl): sl for sl in read.values()}.values())


def init_app(flask_app: Flask) -> None:
    flask_app.teardown_request(_give_back)

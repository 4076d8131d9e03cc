"""The load bench in small: ten tables push over real HTTP to ``troef serve`` while twenty
viewers follow the live standings, then come back from offline at once with queued deals.
Every deal is acknowledged and stored exactly once, and the read models the server keeps
equal a rebuild. The times it prints are not checked here (``python -m bench.load``)."""

from __future__ import annotations

from bench.load import run

TABLES, VIEWERS, DEALS, QUEUED = 10, 20, 2, 5


def test_tables_pushing_while_viewers_watch_then_a_reconnect_storm_store_each_deal_once() -> None:
    report, checked = run("sqlite", TABLES, VIEWERS, DEALS, every=0.5, queued=QUEUED, pause=0.5)
    assert checked.acknowledged == TABLES * (DEALS + QUEUED), report
    assert checked.stored == checked.acknowledged, report
    assert not checked.missing and not checked.doubled, report
    assert checked.chains_whole, report
    assert not checked.differences, checked.differences[:5]

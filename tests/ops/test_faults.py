"""Short versions of the fault runs of ``bench/faults.py``: the server SIGKILLed during pushes
from eight phones, the read-model worker SIGKILLed mid-batch, and pushes through a proxy that
duplicates, drops and reorders them. Each asserts what was stored, never how long it took;
the long runs and their figures: ``python -m bench.faults`` (docs/reliability.md)."""

from __future__ import annotations

from pathlib import Path

from bench.fault_worker import run_worker_kills
from bench.faults import run_kills, run_proxy


def test_deals_from_eight_phones_are_stored_exactly_once_while_the_server_is_killed(
    tmp_path: Path,
) -> None:
    run = run_kills(tmp_path, pushes=96, phones=8, kills=3, seed=13)
    assert len(run.kills) == 3
    assert not run.errors, run.errors[0]
    assert not run.tally.refusals, run.tally.refusals[:3]
    assert run.tally.deals == 96
    verdict = run.verdict
    assert verdict.exactly_once, str(verdict)
    assert verdict.stored == 96
    assert verdict.intact, str(verdict)  # the chains, `troef audit verify`, `projections check`
    assert verdict.behind == 0
    assert verdict.differences == []


def test_the_read_models_equal_a_rebuild_after_the_worker_is_killed_mid_batch(
    tmp_path: Path,
) -> None:
    run = run_worker_kills(tmp_path, kills=2, seed=13, timeout=180)
    assert run.mid_batch == 2, run.kills
    assert run.integrity == "ok"
    assert run.standings_rows > 0
    assert run.standings_equal
    assert run.differences == []
    assert run.projections_check == 0
    assert run.failures == 0


def test_pushes_through_a_proxy_that_duplicates_drops_and_reorders_are_stored_once(
    tmp_path: Path,
) -> None:
    run = run_proxy(tmp_path, deals=200, phones=4, seed=13)
    assert run.counts["duplicate"] and run.counts["drop"] and run.counts["hold"], run.counts
    assert not run.errors, run.errors[0]
    assert not run.tally.refusals, run.tally.refusals[:3]
    assert run.tally.deals == 200
    assert run.tally.statuses["duplicate"] > 0  # a dropped answer's push, sent again
    verdict = run.verdict
    assert verdict.exactly_once, str(verdict)
    assert verdict.stored == 200
    assert verdict.intact, str(verdict)
    assert verdict.differences == []

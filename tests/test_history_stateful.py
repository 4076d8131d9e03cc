"""The history holds under random commands: a stateful test of lists, devices and read models.

A ``RuleBasedStateMachine`` drives the real :class:`Troef` and real read models (SQLite
files; the event store is a SQLite file, and again a fresh PostgreSQL schema) with random
commands, many of which must be refused. After every step: (1) the read models equal a
fresh rebuild, (2) a submitted list keeps the version and head it was submitted with,
(3) every hash chain verifies, (5) each list's totals equal the test's own model, built
from the scores the application returned. Each command checks (4) in ``Harness.run``: a
refusal leaves its list's version alone, an applied change appends exactly one event
(joining when the pen is held, moving the pen to its holder and a repeated mutation are
applied without one). The model also predicts which commands are refused, and how.
"""

from __future__ import annotations

import json
from dataclasses import replace
from functools import partial
from typing import Any

from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    Bundle,
    initialize,
    invariant,
    multiple,
    precondition,
    rule,
    run_state_machine_as_test,
)

from backend.aggregates.actor import DIRECTOR, Actor
from backend.aggregates.errors import (
    Conflict,
    DomainError,
    InvalidInput,
    MutationGap,
)
from backend.aggregates.score_list import RULINGS, ScoreList
from backend.application import Command, Troef
from backend.application.troef import StoredRefusal

from .stateful_helpers import (
    PEN,
    PHONES,
    Harness,
    ListModel,
    Row,
    Sent,
    Store,
    invalid_pool,
    valid_pool,
)

WHO = st.sampled_from((DIRECTOR, PEN, *PHONES))
WRITER = st.sampled_from((PEN,) * 5 + (DIRECTOR, *PHONES))
BOSS = st.sampled_from((DIRECTOR,) * 4 + (PEN, *PHONES))
NUMBERED = st.booleans()
PICK = st.integers(0, 10**6)
DEAL = st.integers(0, 9)
REASON = st.sampled_from(  # six good reasons, three refused ones
    ("typo", "recount", "wrong seat", "slow play", "revoke", "claim", "", "   ", "x" * 501)
)
WRONG = st.sampled_from(("facts",) * 3 + ("taken", "ahead", "zero", "negative", "bool", "text"))
AGAIN = st.sampled_from(("repeat", "repeat", "reuse", "skip", "zero"))
OPEN = st.sampled_from(("draw", "schafkopf-4", "wiezen-4", "wiezen-5"))
MAX_LIVE_LISTS = 2  # fewer lists get more commands each
MAX_LISTS = 6  # a redraw cancels a list; after a few, no more lists are opened
RULING = st.tuples(  # decision, corrected facts, which facts, adjustment, points
    st.sampled_from((*RULINGS, *RULINGS, "maybe")),
    st.sampled_from(("valid",) * 3 + ("invalid", "missing")),
    PICK,
    st.sampled_from(("valid",) * 3 + ("empty", "seat", "text")),
    st.integers(-30, 30),
)
# Each step rebuilds the read models from scratch: about 1.2 s of CPU per example on SQLite,
# more on PostgreSQL (a server round trip per read). These keep the file near a minute.
SETTINGS = settings(
    max_examples=25,
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
PG_SETTINGS = settings(SETTINGS, max_examples=12)


def sender(app: Troef, name: str, actor: Actor, *, list_id: str, **args: Any) -> Any:
    """Send command ``name`` on ``list_id`` as ``actor``: the machine's one way in."""
    return app.handle(actor, Command(name, list_id, args))


class HistoryMachine(Harness):
    """Random commands on competitions, lists and devices, against a model of each list."""

    lists = Bundle("lists")

    # ---- opening lists ----------------------------------------------------------------

    @initialize(
        target=lists,
        how=OPEN,
        seed=st.integers(0, 99),
        planned=st.integers(2, 4),
        scorer=WHO,
        picks=st.lists(PICK, min_size=1, max_size=4),
    )
    def open_a_season(
        self, how: str, seed: int, planned: int, scorer: str, picks: list[int]
    ) -> Any:
        """Open two competitions and a first table that has joined and scored a deal or four."""
        self.open_season()
        opened = self.open(how, seed, planned)
        for list_id in opened:
            self.join(list_id, scorer, numbered=False)
            self.push_valid_deals(list_id, PEN, numbered=False, picks=picks)
        return multiple(*opened)

    @precondition(lambda self: self.live_lists() < MAX_LIVE_LISTS and len(self.models) < MAX_LISTS)
    @rule(target=lists, how=OPEN, seed=st.integers(0, 99), planned=st.integers(2, 4))
    def open_lists(self, how: str, seed: int, planned: int) -> Any:
        """Draw the schafkopf tables (again: refused once a deal is on one), or open a list."""
        return multiple(*self.open(how, seed, planned))

    # ---- the pen ----------------------------------------------------------------------

    @rule(list_id=lists, who=WHO, numbered=NUMBERED)
    def join(self, list_id: str, who: str, numbered: bool) -> None:
        """Join from a device: the first to join takes the pen, later ones do not."""
        lm, app = self.models[list_id], self.app
        actor = self.actor(lm, who, numbered)

        def then(result: Any, before: ScoreList, after: ScoreList) -> None:
            lm.pen = lm.pen or actor.client_id
            assert result == {"pen": lm.pen == actor.client_id}

        send = partial(sender, app, "join", list_id=list_id)
        self.run("join", lm, actor, send, lm.refuse_closed(), then, changes=lm.pen is None)

    @rule(list_id=lists, who=BOSS, numbered=NUMBERED, device=st.sampled_from(PHONES))
    def move_the_pen(self, list_id: str, who: str, numbered: bool, device: str) -> None:
        """Move the pen to a phone (the director only)."""
        lm, app = self.models[list_id], self.app
        actor = self.actor(lm, who, numbered)

        def then(result: Any, before: ScoreList, after: ScoreList) -> None:
            assert result == {"pen": device}
            lm.pen = device

        send = partial(sender, app, "move_pen", list_id=list_id, device=device)
        self.run("move_pen", lm, actor, send, lm.refuse_director(actor), then, lm.pen != device)

    # ---- deals ------------------------------------------------------------------------

    @rule(
        list_id=lists, who=WRITER, numbered=NUMBERED, picks=st.lists(PICK, min_size=1, max_size=4)
    )
    def push_valid_deals(self, list_id: str, who: str, numbered: bool, picks: list[int]) -> None:
        """A table sends one to four deals in a row, as a phone's outbox does after a sync."""
        lm = self.models[list_id]
        pool = valid_pool(lm.game, len(lm.seats))
        for pick in picks:
            self._record(lm, self.actor(lm, who, numbered), lm.next_deal, pool[pick % len(pool)])

    @rule(list_id=lists, who=WRITER, numbered=NUMBERED, pick=PICK, wrong=WRONG)
    def record_a_wrong_deal(
        self, list_id: str, who: str, numbered: bool, pick: int, wrong: str
    ) -> None:
        """Record refused facts (a vector error case), or good facts under a wrong number."""
        lm = self.models[list_id]
        pool = (invalid_pool if wrong == "facts" else valid_pool)(lm.game, len(lm.seats))
        number = {
            "taken": lm.next_deal - 1,
            "ahead": lm.next_deal + 1,
            "zero": 0,
            "negative": -3,
            "bool": True,
            "text": str(lm.next_deal),
        }.get(wrong, lm.next_deal)
        self._record(lm, self.actor(lm, who, numbered), number, pool[pick % len(pool)])

    def _record(self, lm: ListModel, actor: Actor, deal_no: Any, facts: Any) -> None:
        refusal, scored = lm.expect_record(actor, deal_no, facts)

        def then(result: Any, before: ScoreList, after: ScoreList) -> None:
            assert scored is not None
            assert result == scored[1], "the returned score is not the rules' score"
            assert after.rows[-1]["record"] == scored[0], "the list stored other facts"
            lm.rows.append(Row(scored[0], dict(result)))

        send = partial(
            sender, self.app, "record_deal", list_id=lm.list_id, deal_no=deal_no, record=facts
        )
        self.run("record_deal", lm, actor, send, refusal, then)

    @rule(list_id=lists, who=WRITER, numbered=NUMBERED, which=DEAL, reason=REASON)
    def void_a_deal(self, list_id: str, who: str, numbered: bool, which: int, reason: str) -> None:
        """Void a deal (the pen or the director); its row stays, struck through."""
        lm, app = self.models[list_id], self.app
        actor, number = self.actor(lm, who, numbered), self.deal(lm, which)
        refusal = lm.expect_void(actor, number, reason)

        def then(result: Any, before: ScoreList, after: ScoreList) -> None:
            assert result == {}
            lm.rows[number - 1].voided = True

        send = partial(sender, app, "void_deal", list_id=list_id, deal_no=number, reason=reason)
        self.run("void", lm, actor, send, refusal, then)

    # ---- disputes and rulings ---------------------------------------------------------

    @rule(list_id=lists, who=WHO, numbered=NUMBERED, which=DEAL, reason=REASON)
    def raise_a_dispute(
        self, list_id: str, who: str, numbered: bool, which: int, reason: str
    ) -> None:
        """Raise a dispute about a deal, from any device."""
        lm, app = self.models[list_id], self.app
        actor, number = self.actor(lm, who, numbered), self.deal(lm, which)
        refusal = lm.expect_dispute(number, reason)

        def then(result: Any, before: ScoreList, after: ScoreList) -> None:
            lm.disputes.append([number, False])
            assert result == {"dispute_no": len(lm.disputes)}

        send = partial(sender, app, "raise_dispute", list_id=list_id, deal_no=number, reason=reason)
        self.run("dispute", lm, actor, send, refusal, then)

    @rule(list_id=lists, who=BOSS, numbered=NUMBERED, which=DEAL, reason=REASON, how=RULING)
    def give_a_ruling(
        self,
        list_id: str,
        who: str,
        numbered: bool,
        which: int,
        reason: str,
        how: tuple[str, str, int, str, int],
    ) -> None:
        """Rule on a deal: uphold, correct, void or adjust (the director; a table is refused)."""
        decision, fix, pick, adjust, points = how
        lm, app = self.models[list_id], self.app
        actor, number = self.actor(lm, who, numbered), self.deal(lm, which)
        pools = {"valid": valid_pool, "invalid": invalid_pool}
        facts = pools[fix](lm.game, len(lm.seats)) if fix in pools else None
        record = None if facts is None else facts[pick % len(facts)]
        first, last = next(iter(lm.seats)), list(lm.seats)[-1]
        adjustment = {
            "valid": {first: points, last: -points},
            "empty": {},
            "seat": {"9": points},
            "text": {first: str(points)},
        }[adjust]
        refusal, scored = lm.expect_ruling(actor, number, decision, reason, record, adjustment)

        def then(result: Any, before: ScoreList, after: ScoreList) -> None:
            assert result == {}
            if scored is not None:
                assert after.rows[number - 1]["score"] == scored[1]
            lm.rule(number, decision, scored, adjustment)

        send = partial(
            sender,
            app,
            "give_ruling",
            list_id=list_id,
            deal_no=number,
            decision=decision,
            reason=reason,
            record=record,
            adjustment=adjustment,
        )

        self.run("ruling", lm, actor, send, refusal, then)

    # ---- closing and submitting -------------------------------------------------------

    @rule(list_id=lists, who=BOSS, numbered=NUMBERED, reason=REASON)
    def close_short(self, list_id: str, who: str, numbered: bool, reason: str) -> None:
        """Close a list before its planned deals (the director only)."""
        lm, app = self.models[list_id], self.app
        actor = self.actor(lm, who, numbered)
        refusal = lm.expect_close_short(actor, reason)

        def then(result: Any, before: ScoreList, after: ScoreList) -> None:
            assert result == {}
            lm.closed_short = True

        send = partial(sender, app, "close_list_short", list_id=list_id, reason=reason)
        self.run("close_short", lm, actor, send, refusal, then)

    @rule(
        list_id=lists,
        who=WRITER,
        numbered=NUMBERED,
        seat=st.integers(0, 4),
        confirm=st.sampled_from(("other side", "other side", "other side", "self", "no seat")),
    )
    def submit(self, list_id: str, who: str, numbered: bool, seat: int, confirm: str) -> None:
        """Submit, confirmed by another seat, by the same seat or by no seat of the list."""
        lm, app = self.models[list_id], self.app
        actor, seats = self.actor(lm, who, numbered), list(lm.seats)
        scorer = seats[seat % len(seats)]
        confirmer = {"self": scorer, "no seat": "9"}.get(confirm, seats[(seat + 1) % len(seats)])
        refusal = lm.expect_submit(actor, scorer, confirmer)

        def then(result: Any, before: ScoreList, after: ScoreList) -> None:
            assert result == {"head": before.head}, "the list was not signed at its head"
            assert after.submitted["head"] == before.head
            lm.submitted = {"version": after.version, "head": after.head, "signed": before.head}

        send = partial(
            sender, app, "submit_list", list_id=list_id, scorer=scorer, confirmed_by=confirmer
        )
        self.run("submit", lm, actor, send, refusal, then)

    # ---- mutation ids: repeats, reuse and gaps ----------------------------------------

    @precondition(lambda self: bool(self.sent()))
    @rule(list_id=lists, how=AGAIN, pick=PICK, who=WHO, skip=st.integers(2, 4))
    def use_a_mutation_id_again(
        self, list_id: str, how: str, pick: int, who: str, skip: int
    ) -> None:
        """Repeat a sent command, send another under a used id, skip ids or send id 0."""
        sent, lm, app = self.sent()[pick % len(self.sent())], self.models[list_id], self.app
        if how in ("skip", "zero"):
            send = partial(sender, app, "join", list_id=list_id)
            actor = self.actor(lm, who, True, skip)
            actor = actor if how == "skip" else replace(actor, mutation_id=0)
            refusal = MutationGap if how == "skip" else InvalidInput
            self.run(f"mutation id {how}", lm, actor, send, refusal, kept=False)
        elif how == "reuse":
            # ids count per device and list: an id is used again on the list it was used on
            here = [s for s in self.sent() if s.list_id == list_id]
            if not here:
                return
            sent = here[pick % len(here)]
            reason = f"another command under an old id ({next(self.counter)})"
            send = partial(sender, app, "raise_dispute", list_id=list_id, deal_no=1, reason=reason)
            self.run("reused id", lm, sent.actor, send, Conflict, kept=False)
        else:
            self._repeat(sent)

    def _repeat(self, sent: Sent) -> None:
        version = self.app.get_list(sent.list_id).version
        try:
            result, error = sent.send(sent.actor), None
        except DomainError as exc:
            result, error = None, exc
        event(f"repeat of a mutation that was {sent.outcome['status']}")
        assert self.app.get_list(sent.list_id).version == version, "a repeat changed the list"
        if sent.outcome["status"] == "applied":
            assert error is None, f"a repeat of an applied mutation was refused: {error!r}"
            assert result == {**sent.outcome["result"], "duplicate": True}
        else:
            assert isinstance(error, StoredRefusal), f"expected the stored refusal, got {error!r}"
            assert (error.kind, error.status) == (sent.outcome["kind"], sent.outcome["code"])

    # ---- invariants -------------------------------------------------------------------

    @invariant()
    def the_read_models_equal_a_fresh_rebuild(self) -> None:
        """(1) Every read-model row equals that of new read models caught up from scratch."""
        live, rebuilt = self.views.dump(), self.rebuild()
        differ = {
            table: {
                "live": set(rows) - set(rebuilt[table]),
                "rebuilt": set(rebuilt[table]) - set(rows),
            }
            for table, rows in live.items()
            if rows != rebuilt[table]
        }
        assert not differ, f"the read models differ from a rebuild: {differ}"

    @invariant()
    def a_submitted_list_never_changes(self) -> None:
        """(2) A submitted list keeps its version and head, in the store and the read model."""
        views = {r["list_id"]: r for r in self.views.rows("SELECT * FROM lists")}
        for lm in self.models.values():
            if lm.submitted is None:
                continue
            sl, row = self.app.get_list(lm.list_id), views[lm.list_id]
            assert (sl.version, sl.head) == (lm.submitted["version"], lm.submitted["head"])
            assert sl.submitted is not None and sl.submitted["head"] == lm.submitted["signed"]
            assert (row["status"], row["version"], row["head"], row["submitted_head"]) == (
                "submitted",
                lm.submitted["version"],
                lm.submitted["head"],
                lm.submitted["signed"],
            )

    @invariant()
    def every_chain_verifies(self) -> None:
        """(3) Every hash chain recomputes from the stored events."""
        report = self.app.verify()
        assert report.ok, [c.as_dict() for c in report.broken]

    @invariant()
    def the_totals_equal_the_model(self) -> None:
        """(5) The list's and the read model's totals (and versions) equal the test's model."""
        views = {r["list_id"]: r for r in self.views.rows("SELECT * FROM lists")}
        for lm in self.models.values():
            sl, row = self.app.get_list(lm.list_id), views[lm.list_id]
            assert sl.version == lm.version == row["version"], f"list {lm.list_id}"
            assert sl.totals() == lm.totals(), f"list {lm.list_id}"
            assert json.loads(row["totals"]) == lm.totals(), f"read model of {lm.list_id}"


def test_the_history_holds_under_random_commands_on_sqlite() -> None:
    run_state_machine_as_test(lambda: HistoryMachine(Store()), settings=SETTINGS)


def test_the_history_holds_under_random_commands_on_postgresql(postgres: dict[str, str]) -> None:
    run_state_machine_as_test(lambda: HistoryMachine(Store(postgres)), settings=PG_SETTINGS)

"""Bridge hand records: the dealt hands of an evening's boards, loaded by the director.

A club deals its boards with a dealing machine (or a generator) and has the deals as a PBN
file. Loaded on the evening, the hands are known to the lists: the play of a board starts
from its record, every card is checked against the hand it was dealt to, and the exports
write the deal (docs/play-mode.md, "Bridge hand records").

Stored on the competition as ``hand_records[str(evening)][str(board)] = {"dealer", "hands"}``
(JSON only: snapshots store it). A later load of the same evening replaces the boards it
gives and keeps the others; loading what is already there records nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..rules.bridge import board_info
from ..rules.errors import PlayError
from ..rules.pbn_deals import SEATS, read_deal
from .actor import Actor
from .chain import Chained
from .errors import Forbidden, InvalidInput
from .play_mode import _adopt

MAX_BOARDS = 200


class CompetitionHandRecords:
    """The hand records of a competition's evenings (a competition inherits them)."""

    if TYPE_CHECKING:
        game: str

        def open_evening(self, evening: Any) -> dict[str, Any]: ...
        def _record(self, event_class: type, **fields: Any) -> None: ...

    def __init_subclass__(cls, **kwargs: Any) -> None:
        _adopt(cls, CompetitionHandRecords, ("HandRecordsLoaded",))
        super().__init_subclass__(**kwargs)

    class HandRecordsLoaded(Chained.Event):
        evening: int
        boards: dict[str, Any]  # str(board) → {"dealer", "hands": {seat: [cards]}}
        actor: dict[str, Any]

        def apply(self, agg: Any) -> None:
            super().apply(agg)
            records = dict(getattr(agg, "hand_records", {}))
            loaded = dict(records.get(str(self.evening), {}))
            loaded.update(self.boards)
            records[str(self.evening)] = loaded
            agg.hand_records = records

    def hand_record(self, evening: int, board: Any) -> dict[str, Any] | None:
        """The loaded record of a board of ``evening`` (``{"dealer", "hands"}``), or None."""
        records: dict[str, Any] = getattr(self, "hand_records", {})
        found = records.get(str(evening), {}).get(str(board))
        return None if found is None else dict(found)

    def hand_records_of(self, evening: int) -> dict[str, Any]:
        """Every loaded board of ``evening``, by board number as text."""
        records: dict[str, Any] = getattr(self, "hand_records", {})
        return dict(records.get(str(evening), {}))

    def load_hand_records(self, evening: Any, boards: Any, actor: Actor) -> dict[str, Any]:
        """Load the dealt hands of an evening's boards (the director; bridge only).

        ``boards`` is a list of ``{"board", "deal"}`` with the PBN ``Deal`` value of each
        board (and optionally its ``dealer``, which must be the board's dealer by §B6).

        :raises InvalidInput: naming ``boards[i].<field>``, with the board and the tag.
        :returns: ``{"boards": [numbers], "changed": [numbers]}``; nothing is recorded when
            no board changes.
        """
        if not actor.is_director:
            raise Forbidden("only the director can load hand records", "role")
        if self.game != "bridge":
            raise InvalidInput(
                f"hand records are dealt hands of bridge boards, not {self.game}", "boards"
            )
        self.open_evening(evening)
        if not isinstance(boards, list) or not boards:
            raise InvalidInput("must be a list of boards, each {board, deal}", "boards")
        if len(boards) > MAX_BOARDS:
            raise InvalidInput(f"must hold at most {MAX_BOARDS} boards", "boards")
        found: dict[str, Any] = {}
        for i, entry in enumerate(boards):
            where = f"boards[{i}]"
            if not isinstance(entry, Mapping):
                raise InvalidInput("must be an object {board, deal}", where)
            number = entry.get("board")
            if isinstance(number, bool) or not isinstance(number, int) or number < 1:
                raise InvalidInput("must be a board number of at least 1", f"{where}.board")
            if str(number) in found:
                raise InvalidInput(f"board {number} is given twice", f"{where}.board")
            try:
                hands = read_deal(entry.get("deal"), number, f"{where}.deal")
            except PlayError as exc:
                raise InvalidInput(exc.message, exc.field) from None
            dealer, _ = board_info(number)
            given = entry.get("dealer")
            if given is not None and given != dealer:
                raise InvalidInput(
                    f"board {number}, [Dealer]: board {number} is dealt by {dealer} (§B6), "
                    f"not {given!r}",
                    f"{where}.dealer",
                )
            found[str(number)] = {"dealer": dealer, "hands": {s: hands[s] for s in SEATS}}
        loaded = self.hand_records_of(evening)
        changed = {n: b for n, b in found.items() if loaded.get(n) != b}
        if changed:
            self._record(
                self.HandRecordsLoaded, evening=evening, boards=changed, actor=actor.as_dict()
            )
        return {
            "boards": sorted(int(n) for n in found),
            "changed": sorted(int(n) for n in changed),
        }

"""A bridge board's play started from its hand record (docs/play-mode.md).

When the director loaded the evening's hand records, the play of a board starts from the
hands dealt to it: the table need not tap them in, and a card that is not in the hand it
was dealt to is refused (``play_card``: "SA is not in seat N's hand …"). A table that taps
the hands anyway must tap the dealt ones.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import InvalidInput


def with_hand_record(
    context: Mapping[str, Any], next_board: int | None, records: Mapping[str, Any]
) -> tuple[int | None, dict[str, Any]]:
    """The board being played and the play context with the board's dealt hands.

    ``context.board`` names the board (default: the list's next board); the board's record,
    when loaded, gives the hands.

    :raises InvalidInput: naming ``context.board`` (not a whole number) or
        ``context.hands.<seat>`` (not the hand the record deals to that seat).
    """
    given = dict(context)
    board = given.pop("board", None)
    if board is None:
        board = next_board
    elif isinstance(board, bool) or not isinstance(board, int) or board < 1:
        raise InvalidInput("must be a board number of at least 1", "context.board")
    record = records.get(str(board)) if board is not None else None
    if record is None:
        return board, given
    dealt = record["hands"]
    hands = given.get("hands")
    if hands is None:
        given["hands"] = {seat: list(cards) for seat, cards in dealt.items()}
        return board, given
    if isinstance(hands, Mapping):
        for seat, cards in dealt.items():
            mine = hands.get(seat, hands.get(seat.lower()))
            if isinstance(mine, list) and sorted(map(str, mine)) != sorted(cards):
                raise InvalidInput(
                    f"the hand record of board {board} deals {seat} {' '.join(cards)}",
                    f"context.hands.{seat}",
                )
    return board, given

"""Why a bridge table's score is not the score of its contract and tricks.

Troef scores a board by the club's rules: a revoke transfers tricks and may add penalty
points (Bridge §2, §A3), a look at a quitted trick costs points, a director rules on a dispute.
The traveller keeps the tricks the table took, so a program that re-scores the board from
``Contract`` and ``Result`` gets another number. :func:`score_note` says so, and why, in words
taken from the deal's own explanation and the rulings on it; the exports write it beside the
score (a PBN commentary).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..rules.bridge import board_info, duplicate_score_ns

# Explanation lines that only restate the board, the contract score or the lead.
PLAIN = ("Bridge §B6", "Bridge §B1-B5", "Bridge §1-Algemeen")


def contract_of(text: str | None) -> dict[str, Any] | None:
    """The read model's ``3NTx`` as a contract object; ``None`` when there is no contract."""
    if not text or not text[0].isdigit():
        return None
    dbl = text.lower().count("x")
    return {"level": int(text[0]), "strain": text[1:].lower().rstrip("x").upper(), "dbl": dbl}


def derived_score(traveller: Mapping[str, Any]) -> int | None:
    """The NS score of the table's contract, declarer and tricks alone; ``None`` without one."""
    contract = contract_of(traveller.get("contract"))
    declarer, tricks = traveller.get("declarer"), traveller.get("tricks")
    if contract is None or not declarer or tricks is None:
        return None
    return duplicate_score_ns(contract, declarer, board_info(traveller["board"])[1], tricks)


def _reasons(deal: Mapping[str, Any], disputes: Iterable[Mapping[str, Any]]) -> list[str]:
    reasons = [
        line.removeprefix("Bridge ")
        for line in deal.get("explain") or []
        if not line.startswith(PLAIN)
    ]
    for d in disputes:
        if d.get("ruling"):
            why = f" ({d['ruling_reason']})" if d.get("ruling_reason") else ""
            reasons.append(f"ruling on dispute {d['dispute_no']}: {d['ruling']}{why}")
    return reasons


def score_note(
    traveller: Mapping[str, Any],
    deal: Mapping[str, Any],
    disputes: Iterable[Mapping[str, Any]] = (),
) -> str:
    """Say why the table's NS score differs from its contract's score; "" when it does not."""
    score, derived = traveller.get("score"), derived_score(traveller)
    if score is None or derived is None or derived == score:
        return ""
    declarer, tricks = traveller["declarer"], traveller["tricks"]
    contract = str(traveller["contract"]).replace("x", "X")
    reasons = _reasons(deal, disputes) or ["the score was set by the director"]
    return (
        f"Score NS {score} is not the score of {contract} by {declarer} with {tricks} tricks "
        f"(NS {derived}): " + "; ".join(reasons)
    )

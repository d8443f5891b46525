"""The heresy roll at the table (:class:`~venus_widgets.engine.contract.table_answers.TableRules`):
a pool with black dice, nothing to KISS or buy."""

from __future__ import annotations

from typing import Any

from ...frozen import thaw
from ...table.rolls import Roll
from ...contract.table_answers import Choices, DieWords, Mark, counted_marks, plural
from .details import TaskDetails

ROLLERS = {"pool": "task"}

# Nothing to KISS, buy or subvert: the contract's defaults answer the rest (engine/contract/table_defaults.py).


def contributions(spec: dict, r: Roll) -> list[Mark]:
    return counted_marks(r)


def sentence(spec: dict, r: Roll, c: Choices) -> str:
    verdict = "Passed" if r.passed else "Failed"
    return f"{verdict} ({TaskDetails.of(r).degree}): {plural(r.outcome, 'net success', 'net successes')}"


def what_if(spec: dict) -> list[tuple[str, dict]]:
    s = thaw(spec)  # a plain copy (lists) to change
    out = [("+1 die", {**s, "pool": s["pool"] + 1})]
    if s["black"]:
        out.append(("one black die fewer", {**s, "black": s["black"] - 1}))
    out.append(("one black die more", {**s, "black": s["black"] + 1}))
    return out


def die_words(spec: dict, d: Any) -> DieWords:
    """Your dice square, the black dice dark squares."""
    if d.owner == "black":
        return DieWords("black die", "black", "square-dark")
    return DieWords("your die", "you", "square")

"""The VERS roll at the table (:class:`~venus_widgets.engine.contract.table_answers.TableRules`):
3d6 against the competence target, nothing to KISS or buy."""

from __future__ import annotations

from typing import Sequence

from ...frozen import thaw
from ...table.rolls import Roll
from ...contract.table_answers import Choices, Mark, plural
from .details import CheckDetails

ROLLERS = {"pool": "check"}

# Nothing to KISS, buy or subvert: the contract's defaults answer the rest (engine/contract/table_defaults.py).


def contributions(spec: dict, r: Roll) -> list[Mark]:
    return [Mark(f"+{x.after}", f"adds {x.after} to the {len(r.dice)}d6 total") for x in r.dice]


def legend(spec: dict, r: Roll, marks: Sequence[Mark]) -> list[dict]:
    """One "+n" line for every face mark."""
    return [{"mark": "+n", "meaning": "adds its face to the dice total"}] if marks else []


def sentence(spec: dict, r: Roll, c: Choices) -> str:
    d, deg = CheckDetails.of(r), r.outcome
    what = plural(abs(deg), "degree", "degrees") + f" of {'success' if deg >= 0 else 'failure'}"
    verdict = "Passed" if r.passed else "Failed"
    return f"{verdict}: {len(r.dice)}d6 {d.total} + penalty {d.penalty} against CT {d.ct} ({what})"


def what_if(spec: dict) -> list[tuple[str, dict]]:
    s = thaw(spec)  # a plain copy (lists) to change
    out = [("+1 rank", {**s, "ranks": s["ranks"] + 1})]
    if s["penalty"]:
        out.append(("penalty -1", {**s, "penalty": s["penalty"] - 1}))
    out.append(("penalty +1", {**s, "penalty": s["penalty"] + 1}))
    return out

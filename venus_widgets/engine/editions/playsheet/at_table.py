"""The playsheet roll at the table (:class:`~venus_widgets.engine.contract.table_answers.TableRules`).

A task counts passes (docs/rules_playsheet.md): KISS re-rolls failed dice
only while the passes fall short of the threshold, one KISS each from the
budget for the player's own dice (allies KISS their own dice when the spec
says so, at no cost to the budget); Ego makes 10s count twice after the KISS
round. Nothing is bought with the passes.
"""

from __future__ import annotations

from typing import Any, Sequence

from ...frozen import thaw
from ...table.rolls import Roll
from ...contract.table_defaults import no_kiss_start
from ..d20_check import LEGEND_WORDS, d20_marks, how
from ...contract.table_answers import (Choices, DieWords, KissStart, Mark, NO_STEPS, Steps, counted_marks, legend_of,
                                        plural)
from .details import CheckDetails, TaskDetails
from .rules import RANKS

ROLLERS = {"check": "check", "task": "task"}

UNIT = ("pass", "passes")
#: The marks of a task: passes, not successes.
PASS_WORDS = {"✓": "pass", "✓✓": "counts twice (Ego)", "✗": "no pass"}


def _task(spec: dict) -> bool:
    return spec["roll"] == "task"


def _before(first: Roll) -> int:
    return TaskDetails.of(first).successes_before_kiss


def steps(spec: dict) -> Steps:
    if not _task(spec):
        return NO_STEPS
    return Steps(kiss=spec["kiss"] > 0 or spec["ally_kiss"], ego_after=bool(spec["ego"]),
                 ego_label="Spend Ego: 10s count twice", unit=UNIT)


def kiss_start(spec: dict, first: Roll) -> KissStart:
    if not _task(spec):
        return no_kiss_start(spec, first)  # a check: nothing to KISS
    return KissStart(_before(first), TaskDetails.of(first).threshold, spec["kiss"])


def kiss_allowed(spec: dict, first: Roll, i: int) -> tuple[bool, str]:
    if not _task(spec):
        return False, "no KISS in this roll"
    d = first.dice[i]
    if _before(first) >= TaskDetails.of(first).threshold:
        return False, "the passes already meet the threshold: no KISS"
    if d.scores > 0:
        return False, f"die {i + 1} shows {d.after}, a pass: only failed dice are KISSed"
    if d.owner != "own" and not spec["ally_kiss"]:
        return False, "an ally's die: allies KISS their own dice (tick 'Allies KISS their dice')"
    return True, ""


def kiss_cost(spec: dict, first: Roll, selected: Sequence[int]) -> int:
    """Only the player's own dice use the budget."""
    return sum(1 for i in selected if first.dice[i].owner == "own")


def contributions(spec: dict, r: Roll) -> list[Mark]:
    if not _task(spec):
        return d20_marks(spec, r)
    return counted_marks(r, UNIT)


def legend(spec: dict, r: Roll, marks: Sequence[Mark]) -> list[dict]:
    return legend_of(r, marks, PASS_WORDS if _task(spec) else LEGEND_WORDS)


# Nothing is bought with the passes: the contract's defaults answer the spending (engine/contract/table_defaults.py).


def sentence(spec: dict, r: Roll, c: Choices) -> str:
    verdict = "Passed" if r.passed else "Failed"
    if not _task(spec):
        c20 = CheckDetails.of(r)
        return f"{verdict}{how(c20.category)}: d20 {c20.natural}, total {c20.total} against {c20.target}"
    d = TaskDetails.of(r)
    crit = f", a {d.critical}" if d.critical else ""  # "critical failure", already the rule's words
    exp = "; +1 exp to the job" if not r.passed else ""
    allies = f"; +1 exp to each ally ({len(spec['allies'])})" if spec["allies"] else ""
    return f"{verdict}: {plural(int(r.outcome), 'pass', 'passes')}, {d.threshold} needed{crit}{exp}{allies}"


def what_if(spec: dict) -> list[tuple[str, dict]]:
    s = thaw(spec)  # a plain copy (lists) to change
    out: list[tuple[str, Any]] = []
    if not _task(spec):
        out.append(("+1 score", {**s, "score": s["score"] + 1}))
        if s["factors"]:
            out.append(("one factor fewer", {**s, "factors": s["factors"][:-1]}))
        out.append(("one factor more (+1)", {**s, "factors": s["factors"] + [1]}))
        out.append(("+1 bonus (+2)", {**s, "bonus": s["bonus"] + [2]}))
        return out
    out.append(("+1 KISS", {**s, "kiss": s["kiss"] + 1}))
    if s["factors"]:
        out.append(("one factor fewer", {**s, "factors": s["factors"][:-1]}))
    out.append(("one factor more (+1)", {**s, "factors": s["factors"] + [1]}))
    out.append(("+1 die", {**s, "dice": s["dice"] + 1}))
    out.append(("one die fewer", {**s, "dice": s["dice"] - 1}))
    if not s["ego"]:
        out.append(("Ego (10s count twice)", {**s, "ego": True}))
    return out


def die_words(spec: dict, d: Any) -> DieWords:
    """Your dice square, allies' round, the check's d20 by name; a rank in
    words, its level in the ranks' order (its top edge)."""
    grade = d.grade.capitalize() if isinstance(d.grade, str) else ""
    level = RANKS.index(d.grade) if d.grade in RANKS else None
    if d.owner == "d20":
        return DieWords("d20", "d20", "square", grade, level)
    if d.owner == "own":
        return DieWords("your die", "you", "square", grade, level)
    return DieWords(str(d.owner), str(d.owner), "circle", grade, level, group=str(d.owner).split(" ")[0])

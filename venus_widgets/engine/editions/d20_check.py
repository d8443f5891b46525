"""The d20 check against a target number that the playtest and the
playsheet share: a seeded check's d20 (:func:`first_d20`) and, at the
table, the marks of its dice (the d20, then any bonus d6s, of which only
the best counts) and the words of how it went.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..contract.table_answers import Mark
from ..errors import SpecError
from ..table.rolls import Roll, streams


def first_d20(seed: int, kiss: Any, ego: Any, no_kiss: str, no_ego: str) -> tuple[int, np.random.Generator]:
    """A seeded check's d20, from the first of the seed's streams (returned
    too: any bonus dice follow from it). A check takes neither KISS nor Ego:
    either is refused with the edition's words for why (``no_kiss``,
    ``no_ego``).

    >>> first_d20(7, None, None, "", "")[0] in range(1, 21)
    True
    """
    if kiss:
        raise SpecError("kiss", kiss, "no KISS on checks", no_kiss)
    if ego:
        raise SpecError("ego", ego, "no Ego on checks", no_ego)
    first, _ = streams(seed)
    return int(first.integers(1, 21)), first

#: The results of a check (``Odds.breakdown``'s keys) as the rules say them: the chart's bars, its table and
#: the still name them so (``Schema(results=...)``).
RESULT_WORDS = (("auto-pass", "automatic pass"), ("pass", "pass"), ("bonus-pass", "pass with a bonus d6"),
                ("fail", "fail"), ("auto-fail", "automatic fail"))
#: The mark on the d20 of a check that passed or failed whatever the target (a natural 20, a natural 1).
AUTO = {"auto-pass": "auto ✓", "auto-fail": "auto ✗"}
#: What the marks of a check mean.
D20_MARKS = {
    AUTO["auto-pass"]: "automatic pass", AUTO["auto-fail"]: "automatic fail",
    "bonus": "short of the target: the best bonus d6 decides", "–": "not counted: only the best bonus d6 counts",
}


def d20_marks(spec: dict, r: Roll) -> list[Mark]:
    """The marks of a d20 check with bonus d6s (the d20 first, then each
    bonus d6: only the best one counts)."""
    d = r.details  # a d20 check's facts, read by name (either edition's class, or a log's dict)
    cat, natural, total, target = d["category"], d["natural"], d["total"], d["target"]
    out = []
    bonus = [x for x in r.dice if x.owner == "bonus"]
    if cat in AUTO:
        out.append(Mark(AUTO[cat], D20_MARKS[AUTO[cat]]))
    elif bonus:
        short = target - (natural + spec["score"])
        out.append(Mark("bonus", f"{short} short of the target {target}: the best bonus d6 decides"))
    else:
        out.append(Mark("✓", f"a pass (total {total} against {target})") if r.passed
                   else Mark("✗", f"a fail (total {total} against {target})"))
    best = max(bonus, key=lambda x: (x.after, -x.index)) if bonus else None
    for x in bonus:
        if x is best:
            out.append(Mark("✓", "the best bonus d6: it makes the pass") if r.passed
                       else Mark("✗", "the best bonus d6: still short, a fail"))
        else:
            out.append(Mark("–", D20_MARKS["–"]))
    return out


#: The check's two marks.
CHECK_WORDS = {"✓": "pass", "✗": "fail"}

#: What every mark of a check means (its legend's words).
LEGEND_WORDS = {**D20_MARKS, **CHECK_WORDS}

#: How a check passed or failed, when the verdict alone does not say it.
HOW = {"auto-pass": "automatically (natural d20)", "auto-fail": "automatically (natural 1)",
       "bonus-pass": "on the bonus d6"}


def how(category: str) -> str:
    """`` automatically (natural d20)`` and the like, or ``""``."""
    return f" {HOW[category]}" if category in HOW else ""

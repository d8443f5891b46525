"""The heresy roll at the table (:class:`~venus_widgets.engine.table.TableRules`):
a pool with black dice, nothing to KISS or buy."""

from __future__ import annotations

from typing import Sequence

from ...rolls import Roll
from ...table import Choices, Mark, NO_STEPS, Steps, counted_marks, legend_of, plural
from ...table_plain import (kiss_count, no_extra, no_kiss, no_kiss_start, no_menu, no_subversion, nothing_bought,
                            nothing_for_sale, only_no_choices)

ROLLERS = {"pool": "task"}

kiss_start = no_kiss_start
kiss_allowed = no_kiss
kiss_cost = kiss_count
default_spend = nothing_bought
spend_more = nothing_bought
toggle = nothing_for_sale
subvert = no_subversion
spend_menu = no_menu
check_choices = only_no_choices
view_extra = no_extra


def steps(spec: dict) -> Steps:
    return NO_STEPS


def contributions(spec: dict, r: Roll) -> list[Mark]:
    return counted_marks(r)


def legend(spec: dict, r: Roll, marks: Sequence[Mark]) -> list[dict]:
    return legend_of(r, marks)


def sentence(spec: dict, r: Roll, c: Choices) -> str:
    verdict = "Passed" if r.passed else "Failed"
    return f"{verdict} ({r.details['degree']}): {plural(r.outcome, 'net success', 'net successes')}"


def announce(spec: dict, r: Roll) -> str:
    return sentence(spec, r, Choices())


def what_if(spec: dict) -> list[tuple[str, dict]]:
    s = dict(spec)
    out = [("+1 die", {**s, "pool": s["pool"] + 1})]
    if s["black"]:
        out.append(("one black die fewer", {**s, "black": s["black"] - 1}))
    out.append(("one black die more", {**s, "black": s["black"] + 1}))
    return out

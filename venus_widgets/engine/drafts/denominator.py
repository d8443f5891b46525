"""The common denominator of every count of a spec (:func:`denominator`),
the re-rolls its step may make and the ways of the dice it re-rolls
(:func:`budget`, :func:`big_die`), and what kind of number counts them
(:func:`mode_of`), and the bytes of such a number in Python ints
(:func:`int_bytes`): read by the kernel (:mod:`.kernel`), its re-roll step
(:mod:`.reroll`), the walk (:mod:`.walk`) and the memory their prices hold."""

from __future__ import annotations

import math

from .dice import die_weight
from .plan import Plan


def mode_of(plan: Plan, exact: bool) -> str:
    """How to count: "count" (whole numbers in float64, below 2**53),
    "wide" (in int64, below 2**63), "exact" (Python ints, past it) or
    "float" (probabilities: dice that explode without end)."""
    if plan.unbounded:
        return "float"
    D = denominator(plan)
    if D < 2**53:  # whole numbers in float64 are exact: the Fractions come from them
        return "count"
    if D < 2**63:  # every count is at most D: int64 holds them exactly
        return "wide"
    return "exact"  # past 2**63 in Python ints, for float odds too: each float its fraction correctly rounded


def first_mode(plan: Plan, mode: str) -> str:
    """How to count the first roll of a plan counted in ``mode`` (its
    dice's ways alone, the re-roll step's budget not yet counted: at most
    the product of their ways, far below the denominator when the step may
    re-roll many dice), so that only the step's end counts in the larger
    numbers: "count" below 2**53, "wide" below 2**63, else ``mode``."""
    if mode in ("float", "count"):
        return mode
    d = 1
    for g in plan.groups:
        d *= die_weight(g.table, "count") ** g.count
    return "count" if d < 2**53 else "wide" if d < 2**63 else mode


def denominator(plan: Plan) -> int:
    """The common denominator of every count (dice that explode without a
    depth: the one their odds would have if cut; the odds are not rational);
    kept on the plan (it is asked several times a spec)."""
    known = plan.memo.get("denominator")
    if known is not None:
        return known
    d = 1
    for g in plan.groups:
        d *= die_weight(g.table, "count") ** g.count
    d *= big_die(plan) ** budget(plan)
    plan.memo["denominator"] = d
    return d


def budget(plan: Plan) -> int:
    """The re-rolls the step may make: the budget, at most the dice it may take."""
    return min(plan.budget, plan.rerollable)


def big_die(plan: Plan) -> int:
    """``L``: a whole number of ways of every die the step re-rolls (their
    least common multiple; 1 without a step; kept on the plan)."""
    known = plan.memo.get("big_die")
    if known is None:
        known = plan.memo["big_die"] = math.lcm(*[die_weight(g.table, "count") for g in plan.groups
                                                  if g.rerollable])
    return known


def int_bytes(bits: float) -> float:
    """The bytes of one Python int of ``bits`` bits (a 30-bit digit in 4
    bytes, and its header), as the cost model prices an entry of counts in
    Python ints.

    >>> int_bytes(750)
    132.0
    """
    return 32 + bits / 7.5

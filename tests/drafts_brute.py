"""A brute force of a draft's roll, die by die, for the tests: every first
face of every die, every chain of explosions up to its depth, the re-roll
step's choice made die by die (the best chance first, the lowest face
first, then die order; only while short of the goal when the draft says
so), every face of every re-rolled die, the doubling step; each outcome
weighted by its exact probability (Fractions).

It reads the spec's concrete dice from the draft's plan (what each face
counts) and nothing else of the kernel: the counting, the policy and the
steps are written again here, one roll at a time.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

from venus_widgets.engine.drafts.plan import Plan, evaluate


def _chains(t, depth_left):
    """(faces of a chain, probability) from one fresh die of table ``t``."""
    out = []
    for f in range(1, t.sides + 1):
        p = Fraction(1, t.sides)
        if t.explode[f - 1] and (t.depth is None or depth_left > 0):
            for rest, q in _chains(t, depth_left - 1):
                out.append(((f,) + rest, p * q))
        else:
            out.append(((f,), p))
    return out


def _sum(plan: Plan, dice: list[tuple[int, tuple[int, ...]]]) -> dict[str, int]:
    q = {"successes": 0, "total": 0, **{m: 0 for m in plan.marks}}
    for gi, chain in dice:
        t = plan.groups[gi].table
        for f in chain:
            q["successes"] += t.successes[f - 1]
            q["total"] += f
            for m, row in zip(plan.marks, t.marks):
                q[m] += row[f - 1]
    return q


def value(plan: Plan, q: dict[str, int]) -> int:
    return int(evaluate(plan.draft.outcome.value, {**plan.env, **q}, plan.rules, plan.draft))


def brute(plan: Plan) -> dict[int, Fraction]:
    """The exact distribution of the outcome, roll by roll."""
    gof = [gi for gi, g in enumerate(plan.groups) for _ in range(g.count)]
    per_die = [_chains(plan.groups[gi].table, plan.groups[gi].table.depth or 0) for gi in gof]
    rr = plan.draft.reroll
    cap = min(plan.budget, sum(g.count for g in plan.groups if g.eligible)) if rr is not None else 0
    out: dict[int, Fraction] = {}
    for first in itertools.product(*per_die):
        p = Fraction(1)
        for _, q in first:
            p *= q
        chains = [c for c, _ in first]
        q0 = _sum(plan, list(zip(gof, chains)))
        chosen: list[int] = []
        if rr is not None and cap and (rr.when == "always" or value(plan, q0) < plan.goal):
            can = [i for i, c in enumerate(chains) if c[0] in plan.groups[gof[i]].eligible]
            can.sort(key=lambda i: (-plan.groups[gof[i]].table.chance, chains[i][0], i))
            chosen = can[:cap]
        options = [_chains(plan.groups[gof[i]].table, plan.groups[gof[i]].table.depth or 0) for i in chosen]
        for again in itertools.product(*options):
            w = p
            now = list(chains)
            for i, (c, q) in zip(chosen, again):
                now[i] = c
                w *= q
            qq = _sum(plan, list(zip(gof, now)))
            v = value(plan, qq)
            d = plan.draft.double
            if d is not None and plan.double and v < plan.goal:
                adds = int(evaluate(d.adds, {**plan.env, **qq}, plan.rules, plan.draft))
                v = value(plan, {**qq, "successes": qq["successes"] + adds})
            out[v] = out.get(v, Fraction(0)) + w
    return out


def dice_count(plan: Any) -> int:
    return sum(g.count for g in plan.groups)

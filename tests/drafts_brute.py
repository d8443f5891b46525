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
    for r in plan.readings:  # what the formulas read, from the dice as the docs say it
        mine = [(gi, chain) for gi, chain in dice if not r.groups or plan.groups[gi].name in r.groups]
        if hasattr(r, "side"):  # the n highest (lowest) dice added up, a die with its chain as one
            values = sorted(sum(chain) for _, chain in mine)
            k = max(0, min(r.n, len(values)))
            q[r.key] = sum(values[len(values) - k:] if r.side == "highest" else values[:k])
        elif r.key not in q:
            total = 0
            for gi, chain in mine:
                t = plan.groups[gi].table
                for f in chain:
                    total += (t.successes[f - 1] if r.what == "successes" else f if r.what == "total"
                              else t.marks[plan.marks.index(r.mark)][f - 1])
            q[r.key] = total
    return q


def value(plan: Plan, q: dict[str, int]) -> int:
    return int(evaluate(plan.draft.outcome.value, {**plan.env, **q}, plan.rules, plan.draft))


def brute(plan: Plan) -> dict[int, Fraction]:
    """The exact distribution of the outcome, roll by roll."""
    out: dict[int, Fraction] = {}
    for w, v, _ in rolls(plan):
        out[v] = out.get(v, Fraction(0)) + w
    return out


def brute_events(plan: Plan) -> tuple[dict[str, Fraction], dict[str, Fraction]]:
    """Each event's chance, and its chance with a pass, roll by roll."""
    chance = {e.name: Fraction(0) for e in plan.draft.events}
    passed = dict(chance)
    for w, v, q in rolls(plan):
        for e in plan.draft.events:
            if evaluate(e.rule, {**plan.env, **q, "value": v}, plan.rules, plan.draft):
                chance[e.name] += w
                if v >= plan.threshold:
                    passed[e.name] += w
    return chance, passed


def rolls(plan: Plan):
    """(probability, outcome, what the dice show after the doubling step) of every roll."""
    gof = [gi for gi, g in enumerate(plan.groups) for _ in range(g.count)]
    per_die = [_chains(plan.groups[gi].table, plan.groups[gi].table.depth or 0) for gi in gof]
    rr = plan.draft.reroll
    cap = min(plan.budget, sum(g.count for g in plan.groups if g.eligible)) if rr is not None else 0
    for first in itertools.product(*per_die):
        p = Fraction(1)
        for _, q in first:
            p *= q
        chains = [c for c, _ in first]
        q0 = _sum(plan, list(zip(gof, chains)))
        chosen: list[int] = []
        if rr is not None and cap and (plan.when == "always" or value(plan, q0) < plan.goal):
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
                qq = {**qq, "successes": qq["successes"] + adds}
                v = value(plan, qq)
            yield w, v, qq


def dice_count(plan: Any) -> int:
    return sum(g.count for g in plan.groups)


def rolls_listed(plan: Any) -> int:
    """How many rolls :func:`rolls` lists (every chain of every die, and the
    re-roll step's dice again, at most): a brute force of six d6 exploding
    twice lists 16 ** 6, 16.8 million, minutes of it."""
    gof = [gi for gi, g in enumerate(plan.groups) for _ in range(g.count)]
    chains = [len(_chains(plan.groups[gi].table, plan.groups[gi].table.depth or 0)) for gi in gof]
    n = 1
    for c in chains:
        n *= c
    if plan.draft.reroll is not None:
        cap = min(plan.budget, sum(g.count for g in plan.groups if g.eligible))
        for c in sorted(chains, reverse=True)[:cap]:
            n *= c
    return n


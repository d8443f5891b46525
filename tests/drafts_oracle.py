"""A second brute force of a draft's roll, for the property tests: the joint
law of the outcome and of every mark the final dice show, dice exploding
without end included (in floats, the chains followed until less than
:data:`CUT` is left; in fractions where the faces a die rolls on count
nothing the roll reads: the sum of its chain's geometric series, exact).

It reads the spec's concrete dice from the draft's plan (what each face
counts, which faces explode and how deep, which faces the re-roll step
takes) and nothing else of the kernel: each die's chain is a distribution
of what it adds (a fixed point for dice that explode without end), the
first roll is enumerated die by die (first face and what its chain adds),
the re-roll step decides die by die (the best chance first, the lowest
face first, then die order; only while short of the goal when the draft
says so), and the re-rolled dice add fresh chains; then the doubling step.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

from venus_widgets.engine.drafts.plan import Plan, evaluate

#: Mass left uncounted in the chain of a die exploding without end.
CUT = 1e-16

Vec = tuple[int, ...]  # (successes, total, each mark of the plan)


def _face(plan: Plan, t: Any, f: int) -> Vec:
    return (t.successes[f - 1], f, *(row[f - 1] for row in t.marks))


def _add(a: Vec, b: Vec) -> Vec:
    return tuple(x + y for x, y in zip(a, b))


def _mix(into: dict, vec: Vec, p: Any) -> None:
    into[vec] = into.get(vec, 0) + p


def quiet(plan: Plan, t: Any) -> bool:
    """Whether a die explodes without end on faces that count nothing the roll
    reads (no success, no mark; nothing reads ``total``): what its chain adds
    is then its stopping face, each with the sum of the series ``1/s * (b/s)**k``
    over the ``k`` faces rolled on before it (``b`` of ``s`` faces explode),
    exactly ``1/(s - b)``; the faces rolled on are left out of ``total``."""
    if t.depth is not None or not t.explodes:
        return False
    boom = [i for i, e in enumerate(t.explode) if e]
    d = plan.draft
    reads_total = d.outcome.uses_total or (d.double is not None and "total" in d.double.adds.names)
    return not reads_total and not any(t.successes[i] for i in boom) and not any(row[i] for row in t.marks for i in boom)


def _one(plan: Plan, t: Any) -> Any:
    """The chance of one face: a fraction, or a float for a chain followed until :data:`CUT` is left."""
    return Fraction(1, t.sides) if t.depth is not None or not t.explodes or quiet(plan, t) else 1.0 / t.sides


def chain(plan: Plan, t: Any, level: int = 0) -> dict[Vec, Any]:
    """What a fresh die (with the dice it explodes into) adds, by probability;
    ``level``: the extra dice its chain has rolled already."""
    one = _one(plan, t)
    if not t.explodes:
        out: dict[Vec, Any] = {}
        for f in range(1, t.sides + 1):
            _mix(out, _face(plan, t, f), one)
        return out
    if t.depth is not None:
        out = {}
        for f in range(1, t.sides + 1):
            if t.explode[f - 1] and level < t.depth:
                for v, q in chain(plan, t, level + 1).items():
                    _mix(out, _add(_face(plan, t, f), v), one * q)
            else:
                _mix(out, _face(plan, t, f), one)
        return out
    # without end: D = sum of the stopping faces + the exploding faces followed by D, iterated
    stop: dict[Vec, Any] = {}
    for f in range(1, t.sides + 1):
        if not t.explode[f - 1]:
            _mix(stop, _face(plan, t, f), one)
    if quiet(plan, t):  # the series summed: 1/s * sum over k of (b/s)**k = 1/(s - b) for each stopping face
        stays = 1 - Fraction(sum(t.explode), t.sides)
        return {v: q / stays for v, q in stop.items()}
    boom = [_face(plan, t, f) for f in range(1, t.sides + 1) if t.explode[f - 1]]
    total: dict[Vec, Any] = dict(stop)
    layer: dict[Vec, Any] = {tuple(0 for _ in next(iter(stop))): 1.0}  # what k exploding faces in a row add
    while True:
        nxt: dict[Vec, Any] = {}
        for v, q in layer.items():
            for b in boom:
                _mix(nxt, _add(v, b), q * one)
        layer = {v: q for v, q in nxt.items() if q > CUT * 1e-6}
        if sum(layer.values()) < CUT:
            return total
        for v, q in layer.items():
            for s, r in stop.items():
                _mix(total, _add(v, s), q * r)


def _first(plan: Plan, t: Any) -> list[tuple[int, Vec, Any]]:
    """A die's first roll: (first face, what it adds with its chain, probability)."""
    one = _one(plan, t)
    out = []
    for f in range(1, t.sides + 1):
        if t.explode[f - 1] and (t.depth is None or t.depth > 0):
            for v, q in chain(plan, t, 1).items():
                out.append((f, _add(_face(plan, t, f), v), one * q))
        else:
            out.append((f, _face(plan, t, f), one))
    return out


def size(plan: Plan) -> int:
    """How many first rolls :func:`joint` enumerates (a test skips what would take too long)."""
    out = 1
    for g in plan.groups:
        out *= len(_first(plan, g.table)) ** g.count
    return out


def _q(plan: Plan, v: Vec) -> dict[str, int]:
    return {"successes": v[0], "total": v[1], **{m: v[2 + i] for i, m in enumerate(plan.marks)}}


def _value(plan: Plan, q: dict[str, int]) -> int:
    return int(evaluate(plan.draft.outcome.value, {**plan.env, **q}, plan.rules, plan.draft))


def joint(plan: Plan) -> dict[tuple[int, Vec], Any]:
    """``(outcome, what the final dice show) -> probability`` (Fractions, or
    floats when a die explodes without end on faces that count: see :func:`quiet`)."""
    gof = [gi for gi, g in enumerate(plan.groups) for _ in range(g.count)]
    tables = [plan.groups[gi].table for gi in gof]
    rr = plan.draft.reroll
    cap = min(plan.budget, sum(g.count for g in plan.groups if g.eligible)) if rr is not None else 0
    zero: Vec = (0, 0, *(0 for _ in plan.marks))
    fresh: dict[tuple[int, ...], dict[Vec, Any]] = {}

    def fresh_sum(which: tuple[int, ...]) -> dict[Vec, Any]:
        """What re-rolled dice of these groups (one index per die) add together."""
        if which not in fresh:
            acc: dict[Vec, Any] = {zero: 1}
            for gi in which:
                nxt: dict[Vec, Any] = {}
                for a, p in acc.items():
                    for b, q in chain(plan, plan.groups[gi].table).items():
                        _mix(nxt, _add(a, b), p * q)
                acc = nxt
            fresh[which] = acc
        return fresh[which]

    out: dict[tuple[int, Vec], Any] = {}
    for first in itertools.product(*(_first(plan, t) for t in tables)):
        p: Any = 1
        shown = zero
        for _, v, q in first:
            p *= q
            shown = _add(shown, v)
        chosen: list[int] = []
        if rr is not None and cap and (plan.when == "always" or _value(plan, _q(plan, shown)) < plan.goal):
            can = [i for i, (f, _, _) in enumerate(first) if f in plan.groups[gof[i]].eligible]
            can.sort(key=lambda i: (-plan.groups[gof[i]].table.chance, first[i][0], i))
            chosen = can[:cap]
        kept = shown
        for i in chosen:  # a face the step takes counts nothing: taking it away leaves the rest
            kept = tuple(x - y for x, y in zip(kept, first[i][1]))
        for add, q in fresh_sum(tuple(sorted(gof[i] for i in chosen))).items():
            final = _add(kept, add)
            qq = _q(plan, final)
            v = _value(plan, qq)
            d = plan.draft.double
            if d is not None and plan.double and v < plan.goal:
                more = int(evaluate(d.adds, {**plan.env, **qq}, plan.rules, plan.draft))
                v = _value(plan, {**qq, "successes": qq["successes"] + more})
            _mix(out, (v, final), p * q)
    return out


def outcome_law(plan: Plan) -> dict[int, Any]:
    out: dict[int, Any] = {}
    for (v, _), p in joint(plan).items():
        out[v] = out.get(v, 0) + p
    return {v: p for v, p in out.items() if p}


def mark_chance(plan: Plan, mark: str) -> Any:
    """The chance that at least one final die shows ``mark``."""
    i = 2 + plan.marks.index(mark)
    return sum((p for (_, shown), p in joint(plan).items() if shown[i] > 0), 0)

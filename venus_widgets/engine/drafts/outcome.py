"""From the joint counts (:mod:`.kernel`) to the :class:`~venus_widgets.engine.maths.odds.Odds`
of a draft: the doubling step (Ego: still short of the goal, each mark
counts once more), the outcome's value (``[outcome] value``), passing at
the threshold, the goal, the degrees and what each step adds.

The breakdown names the degrees (worst first) and, where the draft has
the steps, the chance to pass on the first roll, what the re-roll step adds
and what the doubling step adds, and the chance to fail: these sum to 1.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

import numpy as np

from ..maths.exact import bincount
from ..maths.odds import TAIL_WORDS, Odds
from .kernel import Counted
from .plan import Plan
from .values import added, check_spread, outcome_value
from .space import Space, value_grid


def doubled(plan: Plan, space: Space, n: int) -> tuple[np.ndarray, np.ndarray | None]:
    """The value at the first ``n`` packed indices after the doubling step,
    and where the step is spent (None without one)."""
    vals = {k: a[:n] for k, a in space.values().items()}
    v0 = value_grid(plan, space, space.values())[:n]
    d = plan.draft.double
    if d is None or not plan.double:
        return v0, None
    adds = np.broadcast_to(np.asarray(added(plan, vals), dtype=np.int64), (n,))
    short = v0 < plan.goal
    more = np.where(short, adds, 0)
    changed = {**vals, "successes": vals["successes"] + more}
    v = np.broadcast_to(np.asarray(outcome_value(plan, changed), dtype=np.int64), (n,))
    return v, short & (adds > 0)


def shown_marks(plan: Plan) -> list[str]:
    """The marks some die of this roll can show, in the draft's order."""
    return [m for i, m in enumerate(plan.marks) if any(g.count and any(g.table.marks[i]) for g in plan.groups)]


def mark_ways(plan: Plan, c: Counted, mark: str, without: Counted | None) -> Any:
    """The ways (in ``c``'s units) that at least one die shows ``mark``: read
    off the joint counts where they track it, else the whole minus the ways
    of the rolls in which no die shows it (``without``, the same count without
    that mark's faces)."""
    if mark in c.space.names:
        shown = c.space.values()[mark][: c.final.size] > 0
        return c.final[shown].sum()
    assert without is not None
    total: Any = c.denominator if c.denominator is not None else 1.0
    return total - without.final.sum()


def mark_key(plan: Plan, mark: str) -> str:
    """The name of a mark's chance in the breakdown: "at least one complication"."""
    return f"at least one {plan.draft.words.mark(mark)[0]}"


def finish(plan: Plan, c: Counted, spec: Mapping[str, Any], exact: bool = False,
           marks: Mapping[str, Any] | None = None) -> Odds:
    """The odds of a spec from its joint counts (``exact``: in Fractions);
    ``marks``: the ways that at least one die shows each mark (:func:`mark_ways`),
    reported in the breakdown by :func:`mark_key`."""
    n = c.final.size
    v, spent = doubled(plan, c.space, n)
    lo = int(v.min()) if n else 0
    check_spread(plan, lo, int(v.max()) if n else 0)
    counts = bincount(v - lo, c.final)  # ways of each value, from lo
    thr, goal = plan.threshold, plan.goal
    d = plan.draft
    total: Any = c.denominator if c.denominator is not None else 1.0
    cum = _from_top(counts)  # cum[i]: the ways of a value of lo + i or more

    def at_least(x: int) -> Any:
        i = x - lo
        return cum[0] if i <= 0 else cum[i] if i < cum.size else cum.dtype.type(0) if cum.dtype != object else 0

    breakdown: dict[str, Any] = {}
    if d.outcome.degrees:
        bands = sorted(((plan.rules[x.lowest.knob], x.name) for x in d.outcome.degrees))
        if d.outcome.below:
            breakdown[d.outcome.below] = at_least(lo) - at_least(bands[0][0])
        else:  # without a degree below the lowest, the lowest takes every value under it
            bands[0] = (lo, bands[0][1]) if lo < bands[0][0] else bands[0]
        for i, (low, name) in enumerate(bands):
            upper = at_least(bands[i + 1][0]) if i + 1 < len(bands) else 0
            breakdown[name] = breakdown.get(name, 0) + at_least(low) - upper
    p_pass = at_least(thr)
    if d.reroll is not None or (d.double is not None and plan.double):
        vals = c.space.values()
        first_v = value_grid(plan, c.space, vals)[: c.first.size]
        first_pass = c.first[first_v >= thr].sum()
        pre_v = first_v if spent is None and c.first is c.final else value_grid(plan, c.space, vals)[:n]
        pre = c.final[pre_v >= thr].sum()
        breakdown["pass on the first roll"] = first_pass
        if d.reroll is not None:
            breakdown[f"pass after {d.reroll.name}"] = max(pre - first_pass, 0)
        if d.double is not None and plan.double:
            breakdown[f"pass with {d.double.name}"] = max(p_pass - pre, 0)
        breakdown["fail"] = total - p_pass
    for mark, ways in (marks or {}).items():
        breakdown[mark_key(plan, mark)] = max(ways, 0) if c.mode == "float" else ways
    ego = c.final[spent].sum() if spent is not None else None
    notes = tuple(_notes(plan, c))
    if c.mode in ("count", "exact") and not exact:  # each float its fraction correctly rounded
        return Odds.from_counts(spec, counts, int(total), threshold=thr, goal=goal, offset=lo,
                                breakdown=breakdown, p_ego_spent=ego, notes=notes)
    if c.mode in ("count", "exact"):
        D = int(total)
        frac = [Fraction(int(x), D) for x in counts]
        return Odds.from_pmf(spec, frac, threshold=thr, goal=goal, offset=lo,
                             breakdown={k: Fraction(int(x), D) for k, x in breakdown.items()},
                             p_ego_spent=None if ego is None else Fraction(int(ego), D), notes=notes)
    return Odds.from_pmf(spec, np.asarray(counts, dtype=np.float64), threshold=thr, goal=goal, offset=lo,
                         breakdown={k: float(x) for k, x in breakdown.items()},
                         p_ego_spent=None if ego is None else float(ego), truncated=c.truncated, notes=notes)


def _from_top(counts: np.ndarray) -> np.ndarray:
    """``out[i] = counts[i:].sum()`` (exact for whole numbers below 2**53 and for ints)."""
    return counts[::-1].cumsum()[::-1]


def _notes(plan: Plan, c: Counted) -> list[str]:
    out = []
    if plan.unbounded:
        out.append(f"dice explode without end: the rarest endless chains, {TAIL_WORDS}, are left out")
    rr = plan.draft.reroll
    if rr is not None and plan.budget > 0:
        when = "while short of the goal" if rr.when == "short" else "every roll"
        n = min(plan.budget, plan.rerollable)
        out.append(f"{rr.name}: up to {n} {'die' if n == 1 else 'dice'} re-rolled, best chance first, "
                   f"lowest face first, {when}")
    return out

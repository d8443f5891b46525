"""From the joint counts (:mod:`.kernel`, :mod:`.walk`) to the
:class:`~venus_widgets.engine.maths.odds.Odds` of a draft: the doubling
step (Ego: still short of the goal, each mark counts once more), the
outcome's value (``[outcome] value``), passing at the threshold, the goal,
the degrees, what each step adds and the draft's events.

The breakdown names the degrees (worst first) and, where the draft has
the steps, the chance to pass on the first roll, what the re-roll step adds
and what the doubling step adds, and the chance to fail: these sum to 1.
The events (``[events]``) each get their chance, and their chance with a
pass (:attr:`Odds.events`, :attr:`Odds.events_passed`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable, Mapping

import numpy as np

from ..maths.odds import TAIL_WORDS, Odds
from .kernel import Counted, ways_without
from .knob_words import faces_words
from .model import FAIL, FIRST_ROLL, VALUE, passed_after, passed_with
from .plan import Plan, evaluate
from .values import MAX_VALUE, added, check_spread, outcome_value
from .space import Space, value_grid
from .tally_read import named, reach
from .templates import said
from .whole import bincount


def doubled(plan: Plan, space: Space, n: int,
            grid: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray | None, dict[str, np.ndarray]]:
    """The value at the first ``n`` packed indices after the doubling step,
    where the step is spent (None without one), and what the dice show
    there after it (the successes it adds included); ``grid``: the value
    before it at every packed index, when known (:func:`.space.value_grid`)."""
    every = space.values()
    vals = every if n == space.size else {k: a[:n] for k, a in every.items()}
    v0 = grid if grid is not None else value_grid(plan, space, every)
    v0 = v0 if n == space.size else v0[:n]
    d = plan.draft.double
    if d is None or not plan.double:
        return v0, None, vals
    adds = named(d.adds, space, vals, n)  # (a tally named alone, as "six": read as it is)
    adds = _spread(added(plan, vals), n) if adds is None else adds
    short = v0 < plan.goal
    more = adds * short  # (0 where it reaches the goal)
    changed = {**vals, "successes": vals["successes"] + more}
    most = reach(d.adds, space)  # (what the doubling may add: unknown, when it is not one tally named alone)
    v = named(plan.draft.outcome.value, space, changed, n, MAX_VALUE if most is None else most)
    v = _spread(outcome_value(plan, changed), n) if v is None else v
    return v, short & (adds > 0), changed


def _spread(x: Any, n: int) -> np.ndarray:
    """A value at each of ``n`` packed indices, in int64 (an array of them as it is)."""
    if type(x) is np.ndarray and x.dtype == np.int64 and x.shape == (n,):
        return x
    return np.broadcast_to(np.asarray(x, dtype=np.int64), (n,))


def events(plan: Plan, final: np.ndarray, v: np.ndarray, shown: dict[str, np.ndarray]) -> tuple[dict, dict]:
    """Each event's ways (in ``final``'s units), and its ways with a pass:
    the event's formula at each packed index (``v`` the value there,
    ``shown`` what the dice show)."""
    chance: dict[str, Any] = {}
    passed: dict[str, Any] = {}
    if not plan.draft.events:
        return chance, passed
    env = {**plan.env, **shown, VALUE: v}
    ok = v >= plan.threshold
    for e in plan.draft.events:
        hit = np.broadcast_to(np.asarray(evaluate(e.rule, env, plan.rules, plan.draft), dtype=bool), v.shape)
        chance[e.name] = final[hit].sum()
        passed[e.name] = final[hit & ok].sum()
    return chance, passed


def shown_marks(plan: Plan) -> list[str]:
    """The marks some die of this roll can show, in the draft's order (kept on the plan)."""
    known = plan.memo.get("shown")
    if known is None:
        known = plan.memo["shown"] = [m for i, m in enumerate(plan.marks)
                                      if [g for g in plan.groups if g.count and any(g.table.marks[i])]]
    return list(known)


def mark_ways(plan: Plan, c: Counted, mark: str, without: Callable[[str], Counted]) -> Any:
    """The ways (in ``c``'s units) that at least one die shows ``mark``: read
    off the joint counts where they track it, else the whole minus the ways
    of the rolls in which no die shows it: of a re-roll step's plan their
    sum alone (:func:`.kernel.ways_without`), else the sum of ``without(mark)``,
    the same count without that mark's faces."""
    if mark in c.space.names:
        shown = c.space.values()[mark][: c.final.size] > 0
        return c.final[shown].sum()
    total: Any = c.denominator if c.denominator is not None else 1.0
    ways = None if plan.ordered else ways_without(plan, c.mode == "exact", mark)
    return total - (without(mark).final.sum() if ways is None else ways)


def mark_key(plan: Plan, mark: str) -> str:
    """The name of a mark's chance in the breakdown: "at least one complication"."""
    return plan.draft.words.mark_chance(mark)


def finish(plan: Plan, c: Counted, spec: Mapping[str, Any], exact: bool = False,
           marks: Mapping[str, Any] | None = None) -> Odds:
    """The odds of a spec from its joint counts (``exact``: in Fractions);
    ``marks``: the ways that at least one die shows each mark (:func:`mark_ways`),
    reported in the breakdown by :func:`mark_key`."""
    n = c.final.size
    grid = value_grid(plan, c.space, c.space.values())  # the value of the dice as they are, read once
    v, spent, shown = doubled(plan, c.space, n, grid)
    happened, happened_passed = events(plan, c.final, v, shown)
    lo = int(np.minimum.reduce(v)) if n else 0  # (the ufuncs themselves: their methods' wrappers cost as much)
    check_spread(plan, lo, int(np.maximum.reduce(v)) if n else 0)
    counts = bincount(v - lo, c.final)  # ways of each value, from lo
    thr, goal = plan.threshold, plan.goal
    d = plan.draft
    total: Any = c.denominator if c.denominator is not None else 1.0
    cum = _from_top(counts)  # cum[i]: the ways of a value of lo + i or more

    def at_least(x: int) -> Any:
        i = x - lo
        return cum[0] if i <= 0 else cum[i] if i < cum.size else cum.dtype.type(0) if cum.dtype != object else 0

    breakdown: dict[str, Any] = {}
    if plan.degrees:
        bands = list(plan.degrees)
        if d.outcome.below:
            breakdown[d.outcome.below] = at_least(lo) - at_least(bands[0][0])
        else:  # without a degree below the lowest, the lowest takes every value under it
            bands[0] = (lo, bands[0][1]) if lo < bands[0][0] else bands[0]
        for i, (low, name) in enumerate(bands):
            upper = at_least(bands[i + 1][0]) if i + 1 < len(bands) else 0
            breakdown[name] = breakdown.get(name, 0) + at_least(low) - upper
    p_pass = at_least(thr)
    if d.reroll is not None or (d.double is not None and plan.double):
        ok = grid[:n] >= thr
        first_pass = np.add.reduce(c.first[ok if c.first.size == n else grid[: c.first.size] >= thr])
        pre = np.add.reduce(c.final[ok])
        breakdown[FIRST_ROLL] = first_pass
        if d.reroll is not None:
            breakdown[passed_after(d.reroll.name)] = max(pre - first_pass, 0)
        if d.double is not None and plan.double:
            breakdown[passed_with(d.double.name)] = max(p_pass - pre, 0)
        breakdown[FAIL] = total - p_pass
    for mark, ways in (marks or {}).items():
        breakdown[mark_key(plan, mark)] = max(ways, 0) if c.mode == "float" else ways
    ego = np.add.reduce(c.final[spent]) if spent is not None else None
    notes = tuple(_notes(plan, c))
    if c.mode != "float" and not exact:  # each float its fraction correctly rounded
        return Odds.from_counts(spec, counts, int(total), threshold=thr, goal=goal, offset=lo,
                                breakdown=breakdown, p_ego_spent=ego, notes=notes, events=happened,
                                events_passed=happened_passed)
    if c.mode != "float":
        D = int(total)

        def f(x: Any) -> Fraction:
            return Fraction(int(x), D)

        return Odds.from_pmf(spec, [f(x) for x in counts], threshold=thr, goal=goal, offset=lo,
                             breakdown={k: f(x) for k, x in breakdown.items()},
                             p_ego_spent=None if ego is None else f(ego), notes=notes,
                             events={k: f(x) for k, x in happened.items()},
                             events_passed={k: f(x) for k, x in happened_passed.items()})
    return Odds.from_pmf(spec, np.asarray(counts, dtype=np.float64), threshold=thr, goal=goal, offset=lo,
                         breakdown={k: float(x) for k, x in breakdown.items()},
                         p_ego_spent=None if ego is None else float(ego), truncated=c.truncated, notes=notes,
                         events={k: min(1.0, max(0.0, float(x))) for k, x in happened.items()},
                         events_passed={k: min(1.0, max(0.0, float(x))) for k, x in happened_passed.items()},
                         rational=False)  # counted in probabilities: dice that explode without end


def _from_top(counts: np.ndarray) -> np.ndarray:
    """``out[i] = counts[i:].sum()`` (exact for whole numbers below 2**53 and for ints)."""
    return np.add.accumulate(counts[::-1])[::-1]


def _notes(plan: Plan, c: Counted) -> list[str]:
    out = []
    if plan.unbounded and c.truncated > 0:  # a chain that scores as it rolls on: a tail is left out
        out.append(f"{_again(plan)}: the rarest endless chains, {TAIL_WORDS}, are left out")
    rr = plan.draft.reroll
    if rr is not None and plan.budget > 0:
        when = "while short of the goal" if plan.when == "short" else "every roll"
        n = min(plan.budget, plan.rerollable)
        out.append(f"{rr.name}: up to {n} {'die' if n == 1 else 'dice'} re-rolled, best chance first, "
                   f"lowest face first, {when}")
    return out + said(plan.draft.words.notes, plan.env)


def _again(plan: Plan) -> str:
    """What rolls on without end, in words: "each 6 is rolled again while 6s
    come up" (the dice of one kind), else "dice explode without end"."""
    sets = {tuple(f for f in range(1, g.table.sides + 1) if g.table.explode[f - 1])
            for g in plan.groups if g.count and g.table.endless}
    if len(sets) != 1:
        return "dice explode without end"
    faces = next(iter(sets))
    each = faces_words(faces)
    many = " or ".join(f"{f}s" for f in faces) if len(faces) <= 2 else f"faces {each}"
    return f"each {each} is rolled again while {many} come up"

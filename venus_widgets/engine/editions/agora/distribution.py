"""Exact odds of an agora check or task
(docs/rules_agora.md#how-the-odds-are-computed).

The joint distribution of (6s, successes, 1s) after the policy's KISS round
(:mod:`.policy`), over all faces, then Ego and snake eyes read from it by
:func:`summary`, the rules' last step. The KISS round in one pass:

1. successes already reach the threshold: stop, nothing spent;
2. else KISS failed dice, up to ``kiss``, in the policy's order; with
   ``helper_kiss`` a helper KISSes the failed help die outside the budget;
3. still short and ``ego``: every 6 showing (help die included) scores
   two successes. Ego counts as spent only when a 6 shows.

Snake eyes are looked for after KISSing, over every rolled die (main and
help; asset dice are main dice): two or more 1s are a critical, a failure
becomes "failure with a boon", a success "success with a bane". With
``snakes="each-pair"`` every pair of 1s is one critical.

>>> import venus_widgets as vw
>>> o = vw.odds({"edition": "agora", "roll": "check", "rank": 4, "health": 2})
>>> o.p_pass == 1 - 0.5 ** 2, round(o.p_critical, 6) == round(1 / 36, 6)
(True, True)
>>> o = vw.odds({"edition": "agora", "roll": "check", "health": 0})
>>> dict(o.distribution), o.p_pass
({0: 1.0}, 0.0)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Sequence

import numpy as np

from ...maths.exact import bincount, ratio, total
from ...maths.odds import Odds
from .fresh import Grid
from .kiss_round import binned, kiss_round
from .reading import AUTO, criticals, help_die, main_dice, per_consequence, threshold
from .rules import Rules, rules_of

#: Below this common denominator the odds are counted in whole numbers held
#: in float64 (every count, product and partial sum stays below it, so the
#: float arithmetic is exact and each division correctly rounded); above
#: it ``exact=True`` counts in Python ints (the float odds stay float64).
FLOAT_COUNTS_BELOW = 2**53


def summary(spec: dict, p: Any, six: Any, succ: Any, ones: Any, ego: bool, rules: Rules | None = None) -> dict[str, Any]:
    """Final successes (Ego applied by the policy) and what follows."""
    rules = rules or rules_of(spec)
    target = threshold(spec, rules)
    spend = ego & (succ < target) & (six > 0)
    total = succ + np.where(spend, six, 0)
    crit = criticals(ones, spec["snakes"], rules.snake_eyes_ones)
    passed = total >= target
    return {"p": p, "total": total, "crit": crit, "passed": passed, "spend": spend}


def denominator(spec: dict, rules: Rules | None = None) -> int:
    """6 to the dice that can be rolled: the main dice, the help die, and
    every KISS (the budget, and the helper's free KISS)."""
    rules = rules or rules_of(spec)
    n, help_rank = main_dice(spec), help_die(spec, rules)
    rolled = n + (help_rank is not None and help_rank != AUTO)
    kisses = min(spec["kiss"], rolled) + (help_rank not in (None, AUTO) and spec["helper_kiss"])
    return 6 ** (rolled + kisses)


def odds(spec: dict, exact: bool = False, rules: Rules | None = None) -> Odds:
    """Exact odds of an agora check or task (spec normalized); Fractions
    with ``exact``; ``rules`` prices a variant (:mod:`.rules`)."""
    rules = rules or rules_of(spec)
    n, rank, target = main_dice(spec), spec["rank"], threshold(spec, rules)
    help_rank = help_die(spec, rules)
    notes = []
    if n == 0 and help_rank is None:
        notes.append("no dice and no help: automatic failure")
        zero, one = ratio(0, 1, exact), ratio(1, 1, exact)
        none = {"success with a bane": zero, "failure with a boon": zero}  # the same keys, in the same order
        if spec["snakes"] == "each-pair":
            none["0 criticals"] = one
        return Odds.from_pmf(spec, {0: one}, threshold=target, goal=target, p_critical=zero,
                             p_ego_spent=zero if spec["ego"] else None, breakdown=_breakdown(spec, none, exact=exact, rules=rules),
                             notes=tuple(notes))
    # counted in whole numbers, out of 6**m: float64 is exact while 6**m < 2**53, then one division
    # each, correctly rounded; Python ints beyond, for exact=True
    count = exact and denominator(spec, rules) >= FLOAT_COUNTS_BELOW  # 6**m <= denominator(spec)
    six_cap = target if spec["ego"] else 0  # the 6s count below the threshold (Ego), the 1s up to two
    kissed = kiss_round(n, rank, help_rank, target, spec["kiss"], spec["helper_kiss"], count, rules.ego_double_from)
    tops = kissed.tops()
    # the 1s up to the snake eyes; with each-pair, every 1 counts: kept whole on a small grid, else counted
    # alone; none at all when no roll shows as many 1s as the snake eyes (a rule knob may ask for 64)
    crits = rules.snake_eyes_ones <= tops[2]
    whole = spec["snakes"] == "each-pair" and tops[2] <= 12 and crits
    alone = spec["snakes"] == "each-pair" and not whole and crits  # the law of the 1s alone: the grid cuts them
    grid = Grid.of(tops, (six_cap, None if whole else rules.snake_eyes_ones if crits else 0), alone)
    p, six, succ, ones, *by_ones = grid.roll(binned(kissed, grid), kissed.die)
    den = 6**kissed.m
    counted = not exact and den < FLOAT_COUNTS_BELOW  # whole numbers, exact in float64: Odds.from_counts divides

    def num(x: Any) -> Any:
        if counted:
            return int(x)
        return Fraction(int(x), den) if exact else float(x) / den

    r = summary(spec, p, six, succ, ones, spec["ego"], rules)
    pmf = [num(x) for x in bincount(r["total"], p)]
    crit = r["crit"] > 0
    pc = num(p[crit].sum())
    parts = {
        "success with a bane": num(p[crit & r["passed"]].sum()),
        "failure with a boon": num(p[crit & ~r["passed"]].sum()),
    }
    if spec["snakes"] == "each-pair":
        law = p
        if alone:  # their cells above were cut at the snake eyes
            law = by_ones[0]
            ones = np.arange(law.size)
        for c, v in enumerate(bincount(criticals(ones, "each-pair", rules.snake_eyes_ones), law)):
            if v > 0:
                parts[f"{c} criticals"] = num(v)
    if help_rank == AUTO:
        notes.append("the helpers merge to rank 1: the help die is an automatic success, not rolled")
    spent = num(p[r["spend"]].sum()) if spec["ego"] else None
    if counted:  # each float correctly rounded from its count, as the Fractions would give it
        breakdown = _breakdown(spec, parts, dict(enumerate(pmf)), rules=rules, zero=0)
        return Odds.from_counts(spec, pmf, den, threshold=target, goal=target, breakdown=breakdown,
                                p_critical=pc, p_ego_spent=spent, notes=tuple(notes))
    return Odds.from_pmf(  # floats as an array: its fast path, the same values
        spec, pmf if exact else np.array(pmf), threshold=target, goal=target,
        p_critical=pc if exact else min(1.0, pc), p_ego_spent=spent,
        breakdown=_breakdown(spec, parts, dict(enumerate(pmf)), exact, rules), notes=tuple(notes),
    )


def subverted_pmf(spec: dict, pmf: Sequence[float] | dict, rules: Rules | None = None) -> dict[int, float]:
    """Consequences subverted (successes // per consequence, at most all of
    them) from a pmf of successes (task specs).

    >>> subverted_pmf({"roll": "task", "consequences": 2, "difficulty": "challenging"},
    ...               {0: 0.25, 1: 0.25, 2: 0.25, 5: 0.25})
    {0: 0.5, 1: 0.25, 2: 0.25}
    """
    rules = rules or rules_of(spec)
    items = pmf.items() if isinstance(pmf, dict) else enumerate(pmf)
    out: dict[int, float] = {}
    per, cap = per_consequence(spec, rules), spec["consequences"]
    for k, v in items:
        j = min(int(k) // per, cap)
        if type(v) is not float and type(v) is not int:  # ints (counts) and Fractions add exactly, the rest as floats
            v = Fraction(v) if isinstance(v, (Fraction, int)) else float(v)
        out[j] = out.get(j, 0) + v
    return {k: out[k] for k in sorted(out)}


def _breakdown(spec: dict, parts: dict, pmf: Any = None, exact: bool = False, rules: Rules | None = None,
               zero: Any = None) -> dict[str, float]:
    """The breakdown: ``parts``, then a task's consequences subverted from
    its ``pmf`` (floats, Fractions with ``exact``, or counts: ints with
    ``zero=0``)."""
    rules = rules or rules_of(spec)
    parts = dict(parts)
    zero = ratio(0, 1, exact) if zero is None else zero
    parts.setdefault("success with a bane", zero)
    parts.setdefault("failure with a boon", zero)
    if spec["roll"] == "task":
        sub = subverted_pmf(spec, {0: ratio(1, 1, exact)} if pmf is None else pmf, rules)
        for j in range(spec["consequences"] + 1):
            parts[f"{j} subverted"] = sub.get(j, zero)
        add = sum if type(zero) is int else total  # ints add exactly
        parts["at least one subverted"] = add([zero] + [v for j, v in sub.items() if j >= 1])
        parts["+1 exp"] = add([zero] + [v for j, v in sub.items() if j < spec["consequences"]])
    return parts


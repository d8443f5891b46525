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

from ...exact import bincount, ratio, total
from ...merge import merge
from ...odds import Odds
from .fresh import reroll
from .kernels import help_weights, pool, weights
from .policy import always_before
from .reading import AUTO, criticals, main_dice, per_consequence, threshold
from .rules import DEFAULT, Rules, rules_of

#: Below this common denominator the odds are counted in whole numbers held
#: in float64 (every count, product and partial sum stays below it, so the
#: float arithmetic is exact and each division correctly rounded); above
#: it ``exact=True`` counts in Python ints (the float odds stay float64).
FLOAT_COUNTS_BELOW = 2**53

#: (count, 6s, successes, 1s, KISSed main dice) of each row of the KISS round
Rows = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]


def after_kiss(n: int, rank: int, help_rank: int | None, target: int, kiss: int, helper_kiss: bool,
               exact: bool = False, six_cap: int | None = None, double_from: int = 6
               ) -> tuple[Rows, tuple[int, int, int, int], int, np.ndarray]:
    """Rows (count, 6s, successes, 1s, KISSed main dice) of the policy's
    KISS round before the KISSed main dice are rolled (:func:`~.fresh.reroll`
    rolls them), their largest 6s, successes, 1s and KISSed dice, the
    exponent ``m`` (every count is out of ``6**m``: whole numbers, float64
    or Python ints with ``exact``; ``m`` is at most the exponent of
    :func:`denominator`) and the fresh main die's weights. ``six_cap`` cuts
    the 6s as :func:`~.fresh.reroll` does; ``double_from`` as in
    :func:`~.kernels.weights`.

    Axes while building: main pool state x first help face x final help
    face; a row for each final face the first can lead to (itself, or any
    face when the help die is KISSed), in that order, as flat arrays.
    A row that rolls fewer dice than the most any row rolls is counted out
    of the same ``6**m`` (times 6 per die it does not roll). The largest
    counts are those of every face of the help die: a face of no weight,
    left out of :func:`~.kernels.help_weights`, succeeds or fails as the 6
    or the 1 does (so the same KISSes follow), and they stay.
    """
    if help_rank == rank and not helper_kiss:
        n, help_rank = n + 1, None  # same rank, same budget: one pool
    a, s, c, d, p = (x[:, None] for x in pool(n, rank, exact, six_cap, double_from))
    ph, h6, hs, h1, hfail = help_weights(help_rank, exact, double_from)
    short = s + hs < target  # (state, help face)
    failed = hfail & short
    if helper_kiss:
        help_k, budget = failed, kiss
    elif help_rank is not None and always_before(help_rank, rank):  # the better help die is KISSed first
        help_k = failed & (kiss >= 1)
        budget = kiss - help_k
    else:
        help_k, budget = np.zeros_like(short), kiss
    k = np.where(short, np.minimum(budget, c + d), 0)
    if not helper_kiss and help_rank is not None and always_before(rank, help_rank):  # the worse help die waits
        help_k = failed & (kiss - k >= 1)
    ones = c - np.minimum(c, k)  # lowest face first (the policy's kiss_key): 1s before other failures
    rolled = k + help_k
    most = int(rolled.max())
    scale = np.array([6**i for i in range(most + 1)], dtype=object if exact else float)[most - rolled]
    first, final, kissed = _final_faces(help_k)
    state = first // ph.size
    pf = ((p * scale) * ph).ravel()[first]
    pf = pf * np.where(kissed, ph[final], 1)  # a fresh face's weight, or the same face (times 1)
    rows = (pf, a.ravel()[state] + h6[final], s.ravel()[state] + hs[final], ones.ravel()[first] + h1[final],
            k.ravel()[first])
    tops = (int(a.max() + h6.max()), int(s.max() + hs.max()), int(ones.max() + h1.max()), int(k.max()))
    return rows, tops, n + (help_rank not in (None, AUTO)) + most, weights(rank, exact, double_from)


def _final_faces(help_k: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For ``help_k[state, first face]`` (the help die KISSed), each row
    (state and first face, flat; final face; KISSed) in the order of (state,
    first face, final face): one row with the same face, or one per face.

    >>> [x.tolist() for x in _final_faces(np.array([[False, True]]))]
    [[0, 1, 1], [0, 0, 1], [False, True, True]]
    """
    faces = help_k.shape[1]
    per = np.where(help_k, faces, 1).ravel()
    first = np.repeat(np.arange(per.size), per)
    kissed = help_k.ravel()[first]
    final = np.where(kissed, np.arange(first.size) - np.repeat(np.cumsum(per) - per, per), first % faces)
    return first, final, kissed


def summary(spec: dict, p, six, succ, ones, ego: bool, rules: Rules | None = None) -> dict[str, Any]:
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
    n, help_rank = main_dice(spec), merge(spec["helpers"], rules.merge_drop)
    rolled = n + (help_rank is not None and help_rank != AUTO)
    kisses = min(spec["kiss"], rolled) + (help_rank not in (None, AUTO) and spec["helper_kiss"])
    return 6 ** (rolled + kisses)


def odds(spec: dict, exact: bool = False, rules: Rules | None = None) -> Odds:
    """Exact odds of an agora check or task (spec normalized); Fractions
    with ``exact``; ``rules`` prices a variant (:mod:`.rules`)."""
    rules = rules or rules_of(spec)
    n, rank, target = main_dice(spec), spec["rank"], threshold(spec, rules)
    help_rank = merge(spec["helpers"], rules.merge_drop)
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
    rows, tops, m, die = after_kiss(n, rank, help_rank, target, spec["kiss"], spec["helper_kiss"], count, six_cap,
                                    rules.ego_double_from)
    # the 1s up to the snake eyes; with each-pair, every 1 counts: kept whole on a small grid, else counted alone
    whole = spec["snakes"] == "each-pair" and tops[2] + tops[3] <= 12
    alone = spec["snakes"] == "each-pair" and not whole  # the law of the 1s alone: the grid cuts them
    caps = (six_cap, None if whole else rules.snake_eyes_ones)
    p, six, succ, ones, *by_ones = reroll(*rows, die, caps=caps, tops=tops, ones_alone=alone)
    den = 6**m

    def num(x):
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
    return Odds.from_pmf(
        spec, pmf, threshold=target, goal=target, p_critical=pc if exact else min(1.0, pc),
        p_ego_spent=num(p[r["spend"]].sum()) if spec["ego"] else None,
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
        if type(v) is not float:  # a Fraction or an int adds exactly, anything else as a float
            v = Fraction(v) if isinstance(v, (Fraction, int)) else float(v)
        out[j] = out.get(j, 0) + v
    return {k: out[k] for k in sorted(out)}


def _breakdown(spec: dict, parts: dict, pmf=None, exact: bool = False, rules: Rules | None = None) -> dict[str, float]:
    rules = rules or rules_of(spec)
    parts = dict(parts)
    zero = ratio(0, 1, exact)
    parts.setdefault("success with a bane", zero)
    parts.setdefault("failure with a boon", zero)
    if spec["roll"] == "task":
        sub = subverted_pmf(spec, {0: ratio(1, 1, exact)} if pmf is None else pmf, rules)
        for j in range(spec["consequences"] + 1):
            parts[f"{j} subverted"] = sub.get(j, zero)
        parts["at least one subverted"] = total([zero] + [v for j, v in sub.items() if j >= 1])
        parts["+1 exp"] = total([zero] + [v for j, v in sub.items() if j < spec["consequences"]])
    return parts


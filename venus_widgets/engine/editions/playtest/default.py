"""Exact odds of a task under the default policy ``"failures"``, counted in
whole numbers.

The allies are counted die by die in KISS order (:mod:`.allies`); the own
dice, all of one caliber, by their number of successes. In KISS order
(:mod:`.order`) the allies of a better chance than the own dice are KISSed
before them, the others after, so the own dice see the budget those take
first and leave the rest to the others.

Counting: every probability is a whole number of ``1 / D`` with ``D =
6 ** (dice + allies + budget)`` (:func:`.task.denominator`). A path that
re-rolls fewer dice than the budget is multiplied by 6 for each unused
KISS (as if that die were rolled and ignored), so every branch counts over
the same ``D``; a count never exceeds ``D``. Below 2**53 the counts are
exact in float64 (any order of summation, BLAS included), above it Python
ints when exact (:func:`...maths.dist.count_dtype`). Among own dice the sixes
are a binomial share of the successes (a six is one of the ``u`` succeeding
faces, :meth:`.rules.Rules.faces`), so the own dice are counted by successes
alone, the factor ``u ** s`` left out, and the sixes put back once at the
end (``C(s, x) d ** x (u - d) ** (s - x)`` ways, ``d`` doubled faces).
:mod:`.outcome` finishes the odds.

>>> spec = {"caliber": "bronze", "dice": 1, "allies": [], "factors": 0, "learning": False,
...         "consequences": 0, "kiss": 1, "ego": "none", "policy": "failures"}
>>> odds(spec, exact=True).p_pass   # 1 - (4/6)**2
Fraction(5, 9)
"""

from __future__ import annotations

import math
from itertools import accumulate
from typing import Any, Sequence

import numpy as np

from ...maths.dist import comb_table, count_dtype, pascal_counts, whole_powers
from ...maths.exact import bincount
from ...maths.odds import Odds
from .allies import after_kiss_round, as_they_fell
from .order import best_first
from .outcome import finish_odds
from .rules import Rules, rules_of
from .task import budget, denominator, goal, threshold


#: A key of :func:`_own_rows` for the first rolls that reach the goal (nothing KISSed).
NO_KISS = -1


def _own_rows(first: np.ndarray, w: int, nlo: int, keys: Sequence[tuple[int, int, int]]) -> np.ndarray:
    """Own dice, for each key ``(b, L, tau)``, by own successes ``s`` at
    the end of the KISS round: the counts (the factor ``u ** s`` left out)
    of the first rolls with fewer than ``tau`` own successes that leave
    ``b`` KISSes for the own dice and ``L`` (0..nlo) for the lower-chance
    allies, over ``6 ** (n + b - L)``; with ``b = NO_KISS``, of the first
    rolls with at least ``tau`` own successes, as they fell (over ``6 ** n``).

    ``first[t] = C(n, t) w**(n - t)`` counts the first rolls with ``t``
    successes. One with at least ``b`` failures KISSes ``b`` dice and
    leaves nothing (``L = 0``): ``C(b, k) w**(b - k)`` ways to gain ``k``,
    so these add up to one convolution. One with ``f = n - t < b``
    failures KISSes them all and leaves ``L = min(b - f, nlo)``, the unused
    ``b - f - L`` padded by 6 each; since ``C(n, t) C(n - t, s - t) = C(n,
    s) C(s, t)``, its ways to end on ``s`` are ``first[s] C(s, t) w**(n -
    t) 6**(b - f - L)``: for all keys at once one product with the table of
    ``C(s, t)``.
    """
    n, dt = first.size - 1, first.dtype
    out = np.zeros((len(keys), n + 1), dtype=dt)
    most = max(n, max(b for b, _, _ in keys))
    comb, pw = comb_table(most, dt), whole_powers(w, most, dt)
    coef: dict[int, list[int]] = {}  # the second kind, by key and t
    for i, (b, L, tau) in enumerate(keys):
        if b == NO_KISS:
            out[i, tau:] = first[tau:]
            continue
        cut = max(n - b + 1, 0)  # the first rolls below cut have at least b failures
        m = min(tau, cut)
        if L == 0 and m > 0:
            out[i, : m + b] = np.convolve(first[:m], comb[b, : b + 1] * pw[b::-1])
        for t in range(cut, min(tau, n + 1)):
            if min(b - (n - t), nlo) == L:
                coef.setdefault(i, [0] * (n + 1))[t] = w ** (n - t) * 6 ** (b - (n - t) - L)
    if coef:
        rows = list(coef)
        out[rows] += first * (np.array(list(coef.values()), dtype=dt) @ comb[: n + 1, : n + 1].T)
    return out


def kiss_round_counts(spec: dict, exact: bool, rules: Rules | None = None) -> tuple[Any, Any, Any, Any]:
    """Counts over ``D``: the table ``H`` of (successes, sixes) at the end
    of the KISS round (the first rolls that reach the goal included, as
    they fell: no Ego is spent on them), the first rolls that pass and that
    reach the goal; and ``D``."""
    rules = rules or rules_of(spec)
    n, cal, allies = spec["dice"], spec["caliber"], list(spec["allies"])
    g, thr, b_total = goal(spec, rules), threshold(spec, rules), budget(spec)
    D = denominator(spec)
    dt = count_dtype(D, exact)
    size = n + len(allies) + 1
    w, v, dd = rules.faces(cal)
    u = v + dd  # succeeding faces
    ways = [math.comb(n, t) * w ** (n - t) for t in range(n + 1)]  # t own successes, u**t left out
    first = np.array(ways, dtype=dt)
    scale = 6**b_total  # the budget, unused: as if rolled and ignored
    # first rolls with at least t own successes (t = 0 .. n + 1), over 6**b_total
    tail = [c * scale for c in accumulate(reversed([c * u**t for t, c in enumerate(ways)]), initial=0)][::-1]
    own_chance = rules.chance(cal)
    kiss_order = best_first(range(len(allies)), allies.__getitem__, rules)
    hi = [i for i in kiss_order if rules.chance(allies[i]) > own_chance]  # KISSed before the own dice
    lo = [i for i in kiss_order if rules.chance(allies[i]) <= own_chance]  # after them
    # the allies' (successes, sixes) table, flattened (:mod:`.allies`): w_a**2 cells, by key of the own dice
    w_a = len(allies) + 1
    faces = [rules.faces(a) for a in allies]
    keyed: dict[tuple[int, int, int], list[int]] = {}  # (b, L, tau) -> the allies' table of ways
    p0_thr = p0_goal = 0
    for j, c in as_they_fell(faces).items():  # the first rolls that reach the goal: no KISS
        a_s = j // w_a
        tau = min(max(g - a_s, 0), n + 1)  # own successes that reach the goal
        p0_thr += c * tail[min(max(thr - a_s, 0), n + 1)]
        p0_goal += c * tail[tau]
        if tau <= n:
            keyed.setdefault((NO_KISS, 0, tau), [0] * w_a**2)[j] += c * scale
    for (a_s, used, left), cells in after_kiss_round(faces, hi, lo, b_total, g).items():  # the others: KISS
        tau = min(g - a_s, n + 1)  # as above (a_s < g here)
        acc = keyed.setdefault((b_total - used, left, tau), [0] * w_a**2)
        for j, c in cells.items():
            acc[j] += c
    own = _own_rows(first, w, len(lo), list(keyed))  # (K, n + 1): the own dice of each key
    # the allies' cells that can hold ways (no more sixes than successes: 28 of 49 with six allies)
    filled = [j for j in range(w_a**2) if j % w_a <= j // w_a]
    weights = np.array(list(keyed.values()), dtype=dt)[:, filled].T @ own  # (J, n + 1): by cell, own successes
    sixes = pascal_counts(n, dd, v, dt)  # C(s, x) dd**x v**(s - x): the sixes among s own successes
    # H's flat index of each (J, s, x): the allies' cell j = (successes, sixes) moved by the own dice's (s, x)
    allies_cell = np.array([(j // w_a) * size + j % w_a for j in filled])
    own_cell = np.arange((n + 1) * size).reshape(n + 1, size)[:, : n + 1]  # s * size + x
    H = bincount(allies_cell[:, None, None] + own_cell, weights[:, :, None] * sixes, minlength=size * size)
    return H.reshape(size, size), p0_thr, p0_goal, D


def odds(spec: dict, exact: bool = False, rules: Rules | None = None) -> Odds:
    """Exact odds of a task under the default policy (Fractions with
    ``exact``), by the ``rules`` given."""
    rules = rules or rules_of(spec)
    H, p0_thr, p0_goal, D = kiss_round_counts(spec, exact, rules)
    return finish_odds(spec, H, p0_thr, p0_goal, exact=exact, denominator=D, rules=rules)

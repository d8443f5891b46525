"""Exact odds of a task under the default policy ``"failures"``, counted in
whole numbers.

Allies (at most two) are enumerated by the class of each first die; the
own dice, all of one caliber, by their number of successes. In KISS order
(:mod:`.order`) the allies of a better chance than the own dice are KISSed
before them, the others after, so the own dice see the budget those take
first and leave the rest to the others.

Counting: every probability is a whole number of ``1 / D`` with ``D =
6 ** (dice + allies + budget)`` (:func:`.task.denominator`). A path that
re-rolls fewer dice than the budget is multiplied by 6 for each unused
KISS (as if that die were rolled and ignored), so every branch counts over
the same ``D``; a count never exceeds ``D``. Below 2**53 the counts are
exact in float64 (any order of summation, BLAS included), above it Python
ints when exact (:func:`.._dist.count_dtype`). Among own dice the sixes
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
from itertools import product
from typing import Sequence

import numpy as np

from ..._dist import comb_table, count_dtype, pascal_counts
from ...exact import bincount
from ...odds import Odds
from .dice import FAIL, SIX, SUCC
from .order import best_first
from .outcome import finish_odds
from .rules import Rules, rules_of
from .task import budget, denominator, goal, threshold





def _own_rows(first: np.ndarray, w: int, nlo: int, keys: Sequence[tuple[int, int, int]]) -> np.ndarray:
    """Own dice on the KISS path, for each key ``(b, L, tau)``: the counts
    (the factor ``u ** s`` left out) of the first rolls with fewer than
    ``tau`` own successes that leave ``b`` KISSes for the own dice and
    ``L`` (0..nlo) for the lower-chance allies, by own successes ``s``
    after the KISS round; over ``6 ** (n + b - L)``.

    ``first[t] = C(n, t) w**(n - t)`` counts the first rolls with ``t``
    successes. One with at least ``b`` failures KISSes ``b`` dice and
    leaves nothing (``L = 0``): ``C(b, k) w**(b - k)`` ways to gain ``k``, so these add up to one convolution. One with ``f = n -
    t < b`` failures KISSes them all and leaves ``L = min(b - f, nlo)``,
    the unused ``b - f - L`` padded by 6 each; since ``C(n, t) C(n - t,
    s - t) = C(n, s) C(s, t)``, its ways to end on ``s`` are ``first[s]
    C(s, t) w**(n - t) 6**(b - f - L)``: for all keys at once one product
    with the table of ``C(s, t)``.
    """
    n = first.size - 1
    out = np.zeros((len(keys), n + 1), dtype=first.dtype)
    coef: dict[int, list[int]] = {}  # the second kind, by key and t
    for i, (b, L, tau) in enumerate(keys):
        cut = max(n - b + 1, 0)  # the first rolls below cut have at least b failures
        if L == 0 and min(tau, cut) > 0:
            kissed = np.array([math.comb(b, k) * w ** (b - k) for k in range(b + 1)], dtype=first.dtype)
            out[i, : min(tau, cut) + b] = np.convolve(first[: min(tau, cut)], kissed)
        for t in range(cut, min(tau, n + 1)):
            if min(b - (n - t), nlo) == L:
                coef.setdefault(i, [0] * (n + 1))[t] = w ** (n - t) * 6 ** (b - (n - t) - L)
    if coef:
        rows = list(coef)
        out[rows] += first * (np.array(list(coef.values()), dtype=first.dtype) @ comb_table(n, first.dtype).T)
    return out


def _kissed_points(points: Sequence[Sequence[tuple[int, int]]]) -> list[tuple[int, int]]:
    """The KISSed allies' final (successes, sixes), as (flat index, ways
    over 6 per die) pairs: the convolution of each die's three classes."""
    out = {0: 1}
    for die in points:
        new: dict[int, int] = {}
        for k, n in out.items():
            for dk, ways in die:
                new[k + dk] = new.get(k + dk, 0) + n * ways
        out = new
    return list(out.items())


def _parts(spec: dict, exact: bool, rules: Rules | None = None):
    """Counts over ``D``: the first roll that reaches the goal (by final
    successes), the KISS path's (successes, sixes) table ``H``, the first
    rolls that pass and that reach the goal; and ``D``."""
    rules = rules or rules_of(spec)
    n, cal, allies = spec["dice"], spec["caliber"], list(spec["allies"])
    g, thr, b_total = goal(spec, rules), threshold(spec, rules), budget(spec)
    D = denominator(spec)
    dt = count_dtype(D, exact)
    size = n + len(allies) + 1
    w, v, dd = rules.faces(cal)
    u = v + dd  # succeeding faces
    ways = [math.comb(n, t) * w ** (n - t) for t in range(n + 1)]  # t own successes, u**t left out
    ways_real = [c * u**t for t, c in enumerate(ways)]
    first, first_real = np.array(ways, dtype=dt), np.array(ways_real, dtype=dt)
    scale = 6**b_total
    tail = [0] * (n + 2)  # first rolls with at least k own successes, over 6**b_total
    for t in range(n, -1, -1):
        tail[t] = tail[t + 1] + ways_real[t]
    tail = [c * scale for c in tail]
    own_chance = rules.chance(cal)
    hi = best_first([i for i, a in enumerate(allies) if rules.chance(a) > own_chance], allies.__getitem__, rules)
    lo = best_first([i for i, a in enumerate(allies) if rules.chance(a) <= own_chance], allies.__getitem__, rules)
    nokiss = np.zeros(size, dtype=dt)
    p0_thr = p0_goal = 0
    keyed: dict[tuple[int, int, int], list[int]] = {}
    faces = {a: rules.faces(a) for a in allies}
    # the allies' (successes, sixes) table, flattened: a die of class FAIL, SUCC, SIX moves it by
    w_a = len(allies) + 1
    step = {FAIL: 0, SUCC: w_a, SIX: w_a + 1}
    points = [[(step[c], faces[a][c]) for c in (FAIL, SUCC, SIX)] for a in allies]
    kissed_points: dict[tuple[int, ...], list[tuple[int, int]]] = {}  # per set of KISSed allies
    by_successes: dict[int, int] = {}  # allies' first successes -> ways
    for cls in product((FAIL, SUCC, SIX), repeat=len(allies)):
        p = math.prod([faces[a][c] for c, a in zip(cls, allies)])
        a_s = len(allies) - cls.count(FAIL)
        by_successes[a_s] = by_successes.get(a_s, 0) + p
        tau = min(max(g - a_s, 0), n + 1)
        if tau == 0:
            continue
        failed_hi = [i for i in hi if cls[i] == FAIL]
        used = min(len(failed_hi), b_total)
        failed_lo = [i for i in lo if cls[i] == FAIL]
        shift = step[SUCC] * a_s + cls.count(SIX)  # the allies kept as they fell (a KISSed die had failed)
        for left in range(len(lo) + 1):
            kd = tuple(failed_hi[:used] + failed_lo[:left])
            pts = kissed_points.get(kd)
            if pts is None:
                pts = kissed_points[kd] = _kissed_points([points[i] for i in kd])
            f = p * 6 ** max(left - len(failed_lo), 0)  # budget left unused: as if rolled and ignored
            acc = keyed.setdefault((b_total - used, left, tau), [0] * w_a**2)
            for k, c in pts:
                acc[k + shift] += f * c
    for a_s, p in by_successes.items():  # first rolls that reach the goal: no KISS
        tau = min(max(g - a_s, 0), n + 1)
        nokiss[tau + a_s : n + 1 + a_s] += p * scale * first_real[tau:]
        p0_thr += p * tail[min(max(thr - a_s, 0), n + 1)]
        p0_goal += p * tail[tau]
    if not keyed:
        return nokiss, np.zeros((size, size), dtype=dt), p0_thr, p0_goal, D
    own = _own_rows(first, w, len(lo), list(keyed))  # (K, n + 1): the own dice of each key
    js = [j for j in range(w_a**2) if any(acc[j] for acc in keyed.values())]  # the allies' (successes, sixes)
    kerns = np.array([[acc[j] for j in js] for acc in keyed.values()], dtype=dt)  # (K, J)
    weights = kerns.T @ own  # (J, n + 1): each of those, by own successes
    sixes = pascal_counts(n, dd, v, dt)  # C(s, x) dd**x v**(s - x): the sixes among s own successes
    ds, dx = np.divmod(np.array(js), w_a)
    s = np.arange(n + 1)
    cell = (ds[:, None, None] + s[:, None]) * size + dx[:, None, None] + s  # (J, s, x) -> H's flat index
    H = bincount(cell, weights[:, :, None] * sixes, minlength=size * size).reshape(size, size)
    return nokiss, H, p0_thr, p0_goal, D


def odds(spec: dict, exact: bool = False, rules: Rules | None = None) -> Odds:
    """Exact odds of a task under the default policy (Fractions with
    ``exact``), by the ``rules`` given."""
    rules = rules or rules_of(spec)
    nokiss, H, p0_thr, p0_goal, D = _parts(spec, exact, rules)
    return finish_odds(spec, nokiss, H, p0_thr, p0_goal, exact=exact, denominator=D, rules=rules)

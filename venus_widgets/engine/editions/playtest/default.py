"""Exact odds of a task under the default policy ``"failures"``, by counts.

Allies (at most two) are enumerated by the class of each first die; the
own dice, all of one caliber, by (successes, sixes) tables. In KISS order
(:mod:`.order`) the allies of a better chance than the own dice are KISSed
before them, the others after, so the own dice see the budget those take
first and leave the rest to the others. :mod:`.outcome` finishes the odds.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import Sequence

import numpy as np

from ...exact import ratio, zeros
from ...odds import Odds
from .dice import FAIL, SIX, SUCC, classes, joint
from .order import CHANCE, best_first
from .outcome import finish_odds
from .task import budget, goal, threshold


@lru_cache(maxsize=256)
def _own_kiss_table(n: int, caliber: str, b: int, nlo: int, size: int, exact: bool = False) -> np.ndarray:
    """Own dice on the KISS path with ``b`` KISSes left for them.

    ``C[L, tau]`` is the (successes, sixes) sub-pmf after KISSing, summed
    over first rolls with fewer than ``tau`` own successes whose leftover
    budget for the lower-chance allies is ``L`` (0..nlo).
    """
    first = joint(n, caliber, exact)
    per_t = zeros((nlo + 1, n + 1, size, size), exact)
    for t in range(n + 1):
        f = n - t
        r = min(f, b)
        left = min(max(b - f, 0), nlo)
        tab = joint(r, caliber, exact)
        for x in range(t + 1):
            if first[t, x]:
                per_t[left, t, t : t + r + 1, x : x + r + 1] += first[t, x] * tab
    out = zeros((nlo + 1, n + 2, size, size), exact)
    out[:, 1:] = np.cumsum(per_t, axis=1)
    out.setflags(write=False)
    return out


def _ally_combos(allies: Sequence[str], exact: bool = False):
    """Every first-roll class of the allies, with its probability."""
    for cls in product(range(3), repeat=len(allies)):
        p = ratio(1, 1, exact)
        for c, cal in zip(cls, allies):
            p *= classes(cal, exact)[c]
        if p:
            yield cls, p


_POINT = {FAIL: (0, 0), SUCC: (1, 0), SIX: (1, 1)}


def _ally_kernel(allies, cls, kissed, exact: bool = False) -> np.ndarray:
    """(successes, sixes) pmf of the allies' final dice: a 3x3 array."""
    k = zeros((3, 3), exact)
    k[0, 0] = ratio(1, 1, exact)
    for cal, c, kd in zip(allies, cls, kissed):
        new = zeros((3, 3), exact)
        if kd:
            for cc, p in enumerate(classes(cal, exact)):
                ds, dx = _POINT[cc]
                new[ds:, dx:] += p * k[: 3 - ds, : 3 - dx]
        else:
            ds, dx = _POINT[c]
            new[ds:, dx:] += k[: 3 - ds, : 3 - dx]
        k = new
    return k


def _default_parts(spec: dict, exact: bool = False):
    """(no-KISS pmf of S0 restricted to S0 >= goal, KISS-path joint H[S1, X1],
    P(S0 >= threshold), P(S0 >= goal))."""
    n, cal, allies = spec["dice"], spec["caliber"], list(spec["allies"])
    g, thr = goal(spec), threshold(spec)
    size = n + len(allies) + 1
    b_total = budget(spec)
    own_chance = CHANCE[cal]
    hi = best_first([i for i, a in enumerate(allies) if CHANCE[a] > own_chance], allies.__getitem__)
    lo = best_first([i for i, a in enumerate(allies) if CHANCE[a] <= own_chance], allies.__getitem__)
    first_marg = joint(n, cal, exact).sum(axis=1)
    tail = np.concatenate([np.cumsum(first_marg[::-1])[::-1], zeros(1, exact)])  # P(t >= k)
    nokiss = zeros(size, exact)
    H = zeros((size, size), exact)
    p0_thr = p0_goal = ratio(0, 1, exact)
    keyed: dict[tuple[int, int, int], np.ndarray] = {}
    for cls, p in _ally_combos(allies, exact):
        a_s = sum(c != FAIL for c in cls)
        tau = min(max(g - a_s, 0), n + 1)
        nokiss[tau + a_s : n + 1 + a_s] += p * first_marg[tau:]
        p0_thr += p * tail[min(max(thr - a_s, 0), n + 1)]
        p0_goal += p * tail[tau]
        if tau == 0:
            continue
        failed_hi = [i for i in hi if cls[i] == FAIL]
        used = min(len(failed_hi), b_total)
        b_own = b_total - used
        failed_lo = [i for i in lo if cls[i] == FAIL]
        for left in range(len(lo) + 1):
            kd = set(failed_hi[:used]) | set(failed_lo[:left])
            kern = _ally_kernel(allies, cls, [i in kd for i in range(len(allies))], exact)
            key = (b_own, left, tau)
            keyed[key] = keyed.get(key, 0) + p * kern
    for (b_own, left, tau), kern in keyed.items():
        own = _own_kiss_table(n, cal, b_own, len(lo), size, exact)[left, tau]
        for ds, dx in zip(*np.nonzero(kern)):
            H[ds:, dx:] += kern[ds, dx] * own[: size - ds, : size - dx]
    return nokiss, H, p0_thr, p0_goal


def odds(spec: dict, exact: bool = False) -> Odds:
    """Exact odds of a task under the default policy (Fractions with ``exact``)."""
    nokiss, H, p0_thr, p0_goal = _default_parts(spec, exact)
    return finish_odds(spec, nokiss, H, p0_thr, p0_goal, exact=exact)

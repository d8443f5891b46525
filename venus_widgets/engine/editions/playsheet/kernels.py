"""Per-group kernels of the task odds (cached): the joint pmf of failed dice
and 10s for ``n`` dice passing from ``pass_from``, one chain's passes by how
it ends, and a fresh chain's passes.

Per group of dice passing from ``pass_from``, the failed dice and the tens are independent
for exploding chains (a chain is some 10s, then a die that is not a 10, which
fails with chance q / 0.9), so the failures are Binomial and the extra tens a
negative binomial count; without explosions the tens are Binomial among the
passing dice. The unbounded tail is cut where less than ``_GROUP_CUT`` of
mass is left.

Three number kinds: floats; Fractions (``exact``, object arrays); or counts
(``count``, not exploding): the number of face tuples out of ``10**n``,
integers held in float64, exact while every sum stays below 2**53.

Every kernel takes the lowest passing face ``pass_from`` (a rule value,
:mod:`.rules`), not a rank name: a cache key holds the rule it was built for,
and ``high_from``, the lowest "high" face: the faces that explode (with
explosions: ``explode_from``) and that Ego counts twice (``ego_double_from``),
10 by the rules. "Tens" below means high faces.

>>> g = group_pmf(2, 7, False)   # two Bronze D10s: pass on 7-10
>>> [round(float(x), 2) for x in passes_pmf(g, 2, False)]
[0.36, 0.48, 0.16]
>>> passes_pmf(group_pmf(2, 7, False, count=True), 2, False).tolist()
[36.0, 48.0, 16.0]
"""

from __future__ import annotations

import math
from ...caching import cached

import numpy as np

from ...maths.dist import binom, comb_table, whole_powers
from ...maths.exact import bincount, ratio, zeros
from ...maths.odds import TAIL_CUTOFF

#: Mass each exploding group may drop from its tail (well under 1e-12 in all).
_GROUP_CUT = TAIL_CUTOFF / 100


@cached(256)
def extra_tens_pmf(n: int, high_from: int = 10) -> tuple[np.ndarray, float]:
    """pmf of the high faces rolled by ``n`` exploding chains (negative
    binomial (n, 1 - x), x = P(high) = (11 - high_from) / 10), cut where less
    than ``_GROUP_CUT`` is left; and the mass cut."""
    if n == 0:
        return np.ones(1), 0.0
    x = (11 - high_from) / 10
    out = [(1 - x) ** n]
    total = out[0]
    t = 0
    while 1.0 - total > _GROUP_CUT and t < 20000:
        t += 1
        out.append(out[-1] * (n + t - 1) / t * x)
        total += out[-1]
    arr = np.array(out)
    return arr, max(0.0, 1.0 - math.fsum(arr))


@cached(512)
def group_pmf(n: int, pass_from: int, explode: bool, exact: bool = False, count: bool = False,
           high_from: int = 10) -> np.ndarray:
    """Joint pmf ``G[f, t]`` of failed dice ``f`` (the die a chain ends on
    failed) and 10s ``t`` for ``n`` dice (chains) passing from ``pass_from``. Passes are
    ``n - f + t`` when exploding, ``n - f`` otherwise. Fractions with
    ``exact`` (not exploding); counts with ``count`` (not exploding).

    >>> group_pmf(1, 7, False, count=True).tolist()   # 1-6 fail; 7-9 pass; the 10
    [[3.0, 1.0], [6.0, 0.0]]
    """
    high_from = max(high_from, pass_from)  # a high face passes
    if count:
        # C(n, f) fail**f C(n - f, t) plain**(n - f - t) high**t for failing faces; passing faces but the
        # high ones; high faces: whole numbers below 2**53 (counts are only taken below it), exact in float64
        faces = (pass_from - 1, high_from - pass_from, 11 - high_from)
        fail, plain, high = (whole_powers(c, n, np.float64) for c in faces)
        fs, ts = np.arange(n + 1)[:, None], np.arange(n + 1)[None, :]
        left = np.maximum(n - fs - ts, 0)  # passing dice not high (ts <= n - fs; 0 beyond)
        comb = comb_table(n)
        return comb[n, fs] * fail[fs] * comb[n - fs, ts] * plain[left] * high[ts] * (ts <= n - fs)
    p = ratio(11 - pass_from, 10, exact)  # one D10 passes on pass_from..10
    x = ratio(11 - high_from, 10, exact)  # one D10 is high
    if explode:
        fails = binom(n, (1 - p) / (1 - x))
        tens, _ = extra_tens_pmf(n, high_from)
        return np.outer(fails, tens)
    fails = binom(n, 1 - p)
    if not exact:  # the loop below, vectorised: row f is fails[f] * Binomial(n - f, x / p)
        r = x / p
        k = n - np.arange(n + 1)[:, None]  # dice left after f failures
        i = np.arange(n + 1)[None, :]
        comb = comb_table(n)[::-1]  # C(n - f, i), 0 for i > n - f
        inner = comb * r**i * (1 - r) ** np.maximum(k - i, 0)  # bases in [0, 1], exponents >= 0
        return np.where(i <= k, fails[:, None] * inner, 0.0)
    g = zeros((n + 1, n + 1), exact)
    for f in range(n + 1):
        g[f, : n - f + 1] = fails[f] * binom(n - f, x / p)
    return g


def passes_pmf(g: np.ndarray, n: int, explode: bool) -> np.ndarray:
    """pmf of the passes of one group from its joint ``G[f, t]``."""
    s = np.add.outer(n - np.arange(g.shape[0]), np.arange(g.shape[1]) if explode else np.zeros(g.shape[1], int))
    return bincount(s.ravel(), g.ravel())


def low_mass(g: np.ndarray, n: int, explode: bool, cap: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``L[f, s, t]``-free view: mass by (passes s, tens t) for s, t < cap,
    split by failed count f: returns ``(f_values, s, t, mass)`` arrays."""
    f, t = np.nonzero(g > 0)  # g is 2-D: G[f, t]
    s = n - f + (t if explode else 0)
    keep = s < cap
    return f[keep], s[keep], t[keep], g[f[keep], t[keep]]


def chain_passes(g: np.ndarray, explode: bool, width: int) -> np.ndarray:
    """``E[..., e, s]``: the passes ``s < width`` of one chain by how it
    ends (``e = 0`` on a passing die, ``e = 1`` on a failed one, the die an
    ally's KISS re-rolls), from stacked one-die groups ``G[..., f, t]``:
    ``1 - f + t`` passes exploding (``t < width - 1``), ``1 - f`` otherwise;
    the sums ``passes_pmf`` takes, kept apart by ending.

    >>> chain_passes(group_pmf(1, 7, False, count=True), False, 3).tolist()   # 7-10 pass, 1-6 fail
    [[0.0, 4.0, 0.0], [6.0, 0.0, 0.0]]
    """
    out = np.zeros((*g.shape[:-1], width), dtype=g.dtype)
    for f in (0, 1):
        if explode:
            out[..., f, 1 - f : 1 - f + g.shape[-1]] = g[..., f, : width - 1 + f]
        else:
            out[..., f, 1 - f] = g[..., f, :].sum(axis=-1)
    return out


@cached(512)
def fresh_passes(pass_from: int, explode: bool, exact: bool = False, count: bool = False,
                  high_from: int = 10) -> np.ndarray:
    """pmf (or counts) of the passes of one fresh chain passing from ``pass_from``."""
    return passes_pmf(group_pmf(1, pass_from, explode, exact, count, high_from), 1, explode)

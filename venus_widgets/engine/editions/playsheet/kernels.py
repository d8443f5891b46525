"""Per-group kernels of the task odds (cached): the joint pmf of failed dice
and 10s for ``n`` dice passing from ``pass_from``, and the convolution matrices that add
fresh dice to the states (passes, tens) below the threshold.

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

>>> g = _group(2, 7, False)   # two Bronze D10s: pass on 7-10
>>> [round(float(x), 2) for x in _passes_pmf(g, 2, False)]
[0.36, 0.48, 0.16]
>>> _passes_pmf(_group(2, 7, False, count=True), 2, False).tolist()
[36.0, 48.0, 16.0]
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from ..._dist import binom
from ...exact import bincount, ratio, zeros
from ...odds import TAIL_CUTOFF

#: Mass each exploding group may drop from its tail (well under 1e-12 in all).
_GROUP_CUT = TAIL_CUTOFF / 100


@lru_cache(maxsize=256)
def _extra_tens(n: int, high_from: int = 10) -> tuple[np.ndarray, float]:
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


@lru_cache(maxsize=512)
def _group(n: int, pass_from: int, explode: bool, exact: bool = False, count: bool = False,
           high_from: int = 10) -> np.ndarray:
    """Joint pmf ``G[f, t]`` of failed dice ``f`` (the die a chain ends on
    failed) and 10s ``t`` for ``n`` dice (chains) passing from ``pass_from``. Passes are
    ``n - f + t`` when exploding, ``n - f`` otherwise. Fractions with
    ``exact`` (not exploding); counts with ``count`` (not exploding).

    >>> _group(1, 7, False, count=True).tolist()   # 1-6 fail; 7-9 pass; the 10
    [[3.0, 1.0], [6.0, 0.0]]
    """
    high_from = max(high_from, pass_from)  # a high face passes
    if count:
        # failing faces; passing faces but the high ones; high faces
        fail, plain, high = pass_from - 1, high_from - pass_from, 11 - high_from
        c = np.zeros((n + 1, n + 1))
        for f in range(n + 1):
            for t in range(n - f + 1):
                c[f, t] = math.comb(n, f) * fail**f * math.comb(n - f, t) * plain ** (n - f - t) * high**t
        return c
    p = ratio(11 - pass_from, 10, exact)  # one D10 passes on pass_from..10
    x = ratio(11 - high_from, 10, exact)  # one D10 is high
    if explode:
        fails = binom(n, (1 - p) / (1 - x))
        tens, _ = _extra_tens(n, high_from)
        return np.outer(fails, tens)
    fails = binom(n, 1 - p)
    if not exact:  # the loop below, vectorised: row f is fails[f] * Binomial(n - f, x / p)
        r = x / p
        k = n - np.arange(n + 1)[:, None]  # dice left after f failures
        i = np.arange(n + 1)[None, :]
        comb = np.array([[math.comb(a, b) for b in range(n + 1)] for a in range(n, -1, -1)], dtype=float)
        with np.errstate(invalid="ignore", divide="ignore"):
            inner = comb * r**i * (1 - r) ** np.maximum(k - i, 0)
        return np.where(i <= k, fails[:, None] * inner, 0.0)
    g = zeros((n + 1, n + 1), exact)
    for f in range(n + 1):
        g[f, : n - f + 1] = fails[f] * binom(n - f, x / p)
    return g


def _passes_pmf(g: np.ndarray, n: int, explode: bool) -> np.ndarray:
    """pmf of the passes of one group from its joint ``G[f, t]``."""
    s = np.add.outer(n - np.arange(g.shape[0]), np.arange(g.shape[1]) if explode else np.zeros(g.shape[1], int))
    return bincount(s.ravel(), g.ravel())


def _low(g: np.ndarray, n: int, explode: bool, cap: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``L[f, s, t]``-free view: mass by (passes s, tens t) for s, t < cap,
    split by failed count f: returns ``(f_values, s, t, mass)`` arrays."""
    f, t = np.nonzero(g > 0)  # g is 2-D: G[f, t]
    s = n - f + (t if explode else 0)
    keep = s < cap
    return f[keep], s[keep], t[keep], g[f[keep], t[keep]]


def _conv_matrix(kernel: np.ndarray) -> np.ndarray:
    """The (cap*cap x cap*cap) matrix of a 2-D convolution with ``kernel``
    truncated to (cap x cap), on states flattened as ``s * cap + t``:
    ``state @ M`` adds the kernel's (passes, tens) to every state and drops
    whatever reaches the cap (a task that reaches its threshold stays there).

    >>> _conv_matrix(np.array([[0.5, 0.0], [0.25, 0.25]]))[0].tolist()   # from (0, 0)
    [0.5, 0.0, 0.25, 0.25]
    """
    cap = kernel.shape[0]
    ks, kt = np.nonzero(kernel)
    s = np.arange(cap)
    s2, t2 = s[None, :, None] + ks[:, None, None], s[None, None, :] + kt[:, None, None]  # (kernel entry, s, t)
    keep = (s2 < cap) & (t2 < cap)
    src = np.broadcast_to(s[:, None] * cap + s[None, :], keep.shape)
    m = np.zeros((cap * cap, cap * cap), dtype=kernel.dtype)
    m[src[keep], (s2 * cap + t2)[keep]] = np.broadcast_to(kernel[ks, kt][:, None, None], keep.shape)[keep]
    return m  # each (source, kernel entry) has its own destination: no sums needed


def _kernel(pass_from: int, explode: bool, cap: int, exact: bool, count: bool, split: bool,
            high_from: int = 10) -> np.ndarray:
    """One chain's (passes, tens) below ``cap``, as ``K[failed, s, t]``
    (``failed`` 0 or 1 with ``split``, else always 0)."""
    kern = np.zeros((2, cap, cap), dtype=object if exact else float)
    f, s, t, w = _low(_group(1, pass_from, explode, exact, count, high_from), 1, explode, cap)
    np.add.at(kern, (((f > 0) & split).astype(int), s, np.minimum(t, cap - 1)), w)
    return kern


@lru_cache(maxsize=512)
def _fresh_matrix(pass_from: int, explode: bool, cap: int, exact: bool = False, count: bool = False,
                  high_from: int = 10) -> np.ndarray:
    """The matrix (see ``_conv_matrix``) that adds the (passes, tens) of one
    fresh chain passing from ``pass_from`` to a state below ``cap``."""
    return _conv_matrix(_kernel(pass_from, explode, cap, exact, count, False, high_from)[0])


@lru_cache(maxsize=512)
def _fresh_passes(pass_from: int, explode: bool, exact: bool = False, count: bool = False,
                  high_from: int = 10) -> np.ndarray:
    """pmf (or counts) of the passes of one fresh chain passing from ``pass_from``."""
    return _passes_pmf(_group(1, pass_from, explode, exact, count, high_from), 1, explode)


@lru_cache(maxsize=512)
def _chain_kernel(pass_from: int, explode: bool, cap: int, exact: bool = False, count: bool = False,
                  split: bool = False, high_from: int = 10) -> np.ndarray:
    """One chain's ``K[failed, s, t]`` below ``cap`` (see ``_kernel``), cached."""
    return _kernel(pass_from, explode, cap, exact, count, split, high_from)


def _shift_add(state: np.ndarray, kernel: np.ndarray) -> np.ndarray:
    """``state[..., s, t]`` convolved with a sparse ``kernel[s, t]`` and
    truncated to the same (cap x cap): one shifted add per kernel entry.

    >>> _shift_add(np.array([[1.0, 0.0], [0.0, 0.0]]), np.array([[0.5, 0.0], [0.25, 0.25]])).tolist()
    [[0.5, 0.0], [0.25, 0.25]]
    """
    cap = kernel.shape[-1]
    out = np.zeros_like(state)
    for ds, dt in zip(*np.nonzero(kernel)):
        out[..., ds:, dt:] += kernel[ds, dt] * state[..., : cap - ds, : cap - dt]
    return out

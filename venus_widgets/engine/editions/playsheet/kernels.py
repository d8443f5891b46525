"""Per-group kernels of the task odds (cached): the joint pmf of failed dice
and 10s for ``n`` dice of one rank, and the convolution matrices that add
fresh dice to the states (passes, tens) below the threshold.

Per group of dice of one rank, the failed dice and the tens are independent
for exploding chains (a chain is some 10s, then a die that is not a 10, which
fails with chance q / 0.9), so the failures are Binomial and the extra tens a
negative binomial count; without explosions the tens are Binomial among the
passing dice. The unbounded tail is cut where less than ``_GROUP_CUT`` of
mass is left.

>>> g = _group(2, "bronze", False)
>>> [round(float(x), 2) for x in _passes_pmf(g, 2, False)]
[0.36, 0.48, 0.16]
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from ..._dist import binom
from ...exact import bincount, ratio, zeros
from ...odds import TAIL_CUTOFF
from .dice import pass_chance

#: Mass each exploding group may drop from its tail (well under 1e-12 in all).
_GROUP_CUT = TAIL_CUTOFF / 100

@lru_cache(maxsize=256)
def _extra_tens(n: int) -> tuple[np.ndarray, float]:
    """pmf of the 10s rolled by ``n`` exploding chains (negative binomial
    (n, 0.9)), cut where less than ``_GROUP_CUT`` is left; and the mass cut."""
    if n == 0:
        return np.ones(1), 0.0
    out = [0.9**n]
    total = out[0]
    t = 0
    while 1.0 - total > _GROUP_CUT and t < 2000:
        t += 1
        out.append(out[-1] * (n + t - 1) / t * 0.1)
        total += out[-1]
    arr = np.array(out)
    return arr, max(0.0, 1.0 - math.fsum(arr))

@lru_cache(maxsize=512)
def _group(n: int, rank: str, explode: bool, exact: bool = False) -> np.ndarray:
    """Joint pmf ``G[f, t]`` of failed dice ``f`` (the die a chain ends on
    failed) and 10s ``t`` for ``n`` dice (chains) of one rank. Passes are
    ``n - f + t`` when exploding, ``n - f`` otherwise. Fractions with
    ``exact`` (not exploding)."""
    p = pass_chance(rank, exact)
    if explode:
        fails = binom(n, (1 - p) / 0.9)
        tens, _ = _extra_tens(n)
        return np.outer(fails, tens)
    fails = binom(n, 1 - p)
    g = zeros((n + 1, n + 1), exact)
    for f in range(n + 1):
        g[f, : n - f + 1] = fails[f] * binom(n - f, ratio(1, 10, exact) / p)
    return g

def _passes_pmf(g: np.ndarray, n: int, explode: bool) -> np.ndarray:
    """pmf of the passes of one group from its joint ``G[f, t]``."""
    f, t = np.indices(g.shape)
    s = n - f + (t if explode else 0)
    return bincount(s.ravel(), g.ravel())

def _low(g: np.ndarray, n: int, explode: bool, cap: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``L[f, s, t]``-free view: mass by (passes s, tens t) for s, t < cap,
    split by failed count f: returns ``(f_values, s, t, mass)`` arrays."""
    f, t = np.indices((g.shape[0], g.shape[1]))  # g is 2-D: G[f, t]
    s = n - f + (t if explode else 0)
    keep = (s < cap) & (g > 0)
    return f[keep], s[keep], t[keep], g[keep]

def _conv_matrix(kernel: np.ndarray) -> np.ndarray:
    """The (cap*cap x cap*cap) matrix of a 2-D convolution with ``kernel``
    truncated to (cap x cap), on states flattened as ``s * cap + t``:
    ``state @ M`` adds the kernel's (passes, tens) to every state and drops
    whatever reaches the cap (a task that reaches its threshold stays there)."""
    cap = kernel.shape[0]
    s, t = np.indices((cap, cap))
    ks, kt = np.nonzero(kernel)
    ds, dt = ks[:, None], kt[:, None]
    src = (s * cap + t).ravel()[None, :]
    s2, t2 = s.ravel()[None, :] + ds, t.ravel()[None, :] + dt
    keep = (s2 < cap) & (t2 < cap)
    m = zeros((cap * cap, cap * cap), kernel.dtype == object)
    w = np.broadcast_to(kernel[ks, kt][:, None], keep.shape)
    np.add.at(m, (np.broadcast_to(src, keep.shape)[keep], (s2 * cap + t2)[keep]), w[keep])
    return m

@lru_cache(maxsize=512)
def _fresh_matrix(m: int, rank: str, explode: bool, cap: int, exact: bool = False) -> np.ndarray:
    """The matrix (see ``_conv_matrix``) that adds the (passes, tens) of
    ``m`` fresh chains of one rank to a state below ``cap``."""
    low = zeros((cap, cap), exact)
    _, s, t, w = _low(_group(m, rank, explode, exact), m, explode, cap)
    np.add.at(low, (s, np.minimum(t, cap - 1)), w)
    return _conv_matrix(low)

@lru_cache(maxsize=128)
def _add_matrix(m: int, rank: str, explode: bool, rows: int, exact: bool = False) -> np.ndarray:
    """``pmf @ M`` is the pmf of passes (length ``rows``) plus the passes of
    ``m`` fresh chains of one rank: a (rows x wider) convolution matrix."""
    marg = _passes_pmf(_group(m, rank, explode, exact), m, explode)
    out = zeros((rows, rows + len(marg) - 1), exact)
    for r in range(rows):
        out[r, r : r + len(marg)] = marg
    return out

@lru_cache(maxsize=512)
def _ally_first(rank: str, explode: bool, cap: int, ally_kiss: bool,
                exact: bool = False) -> tuple[np.ndarray, np.ndarray | None]:
    """An ally's first roll as two matrices (see ``_conv_matrix``): the die
    kept, and the die failed and waiting for the ally's KISS (None without
    ally KISS)."""
    kern = zeros((2, cap, cap), exact)
    fa, sa, ta, wa = _low(_group(1, rank, explode, exact), 1, explode, cap)
    np.add.at(kern, (((fa > 0) & ally_kiss).astype(int), sa, ta), wa)
    return _conv_matrix(kern[0]), (_conv_matrix(kern[1]) if ally_kiss else None)

"""Ego in the task odds (docs/rules_playsheet.md#task, step 4): a task still
short after the KISS round counts each high face twice. It needs ``z[s, t]``,
the chance of ``s`` passes (below the threshold) and ``t`` high faces after
the KISS round; closed forms give it without following the states.

**The own dice.** ``f`` of the ``n`` own dice (chains) end on a failed die
(Binomial); the KISS re-rolls ``m = min(f, k)`` of them, ``j`` of which
end passing (Binomial(m)): :func:`own_rows`.

**Without explosions** a passing die is high with chance ``h / (plain +
h)`` whatever else happens (binomial thinning): ``s`` passing own dice show
``t`` high faces with chance ``C(s, t) plain**(s-t) h**t / p**s``. Each ally
ends with at most one passing die (its failed die re-rolled with
``ally_kiss``): a factor ``a + b (plain S + h S U)`` per ally in passes
``S`` and high faces ``U``. ``z`` is the own dice's (passes, highs)
convolved with the allies' product.

**With explosions** each chain is some high faces (each one exploding)
ended by a die that is not high, which passes or fails; the high faces of
``c`` chains are NB(c, x), however each chain ends, independent of the
endings. So only the number of chains and the passing endings ``d`` count:
``z`` is a sum of ``outer(pmf of d, NB(c))`` over the own failed count ``f``
and the number ``k`` of allies who failed and re-rolled (one more chain
each), with ``s = d + t``.

Below the threshold the high faces are never cut (the tail cut of
:func:`.kernels.extra_tens_pmf` lies beyond 13 high faces), so these are the
exact chances of the states the rules reach.

Numbers as in :mod:`.kernels`: floats, Fractions (``ex``) or counts
(``count``: face counts, each path lifted by ``unit`` = 10 per die it does
not roll).

>>> z = after_kiss(2, 0, 7, [], 2, high_from=10, explode=False, ally_kiss=False, ex=False, count=True)
>>> z.tolist()   # two Bronze D10s, no KISS: 36 ways to 0 passes; 1 pass: 36 plain, 12 with a 10
[[36.0, 0.0], [36.0, 12.0]]
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from ...maths.dist import comb_table
from ...maths.exact import dtype, ones, ratio
from .conv import conv2, powers, toeplitz


def faces(pass_from: int, high_from: int, ex: bool, count: bool) -> tuple[Any, Any, Any]:
    """One D10's failing, plain passing and high faces: chances, or face
    counts (``count``). A high face passes (``high_from`` is raised to
    ``pass_from``, as in :func:`.kernels.group_pmf`)."""
    high_from = max(high_from, pass_from)
    n = (pass_from - 1, high_from - pass_from, 11 - high_from)
    if count:
        return float(n[0]), float(n[1]), float(n[2])
    return ratio(n[0], 10, ex), ratio(n[1], 10, ex), ratio(n[2], 10, ex)


def own_rows(n: int, kmax: int, cap: int, a: Any, b: Any, unit: Any, ex: bool) -> tuple[np.ndarray, np.ndarray]:
    """``rows[i, d]``, for the own dice's first-roll failures ``f = f0 + i``
    (every ``f`` that leaves fewer than ``cap`` passing endings) and ``d = n
    - f + j < cap`` passing endings after the KISS re-rolls ``m = min(f,
    kmax)`` dice of which ``j`` end passing: ``C(n, f) a**f b**(n-f) C(m, j)
    b**j a**(m-j) unit**(kmax-m)`` (``a``, ``b``: a chain ends failed,
    passing); and ``m`` per row."""
    comb = comb_table(n, dtype(ex))
    f = np.arange(max(n - cap + 1, 0), n + 1)
    m = np.minimum(f, kmax)
    j = np.arange(cap) - (n - f)[:, None]
    ok = (j >= 0) & (j <= m[:, None])
    j = j * ok  # 0 where no j: those cells are 0 below
    pw = powers([a, b, unit], n + kmax, ex)
    rows = comb[n, f][:, None] * comb[m[:, None], j] * ok * pw[2, kmax - m][:, None]
    return rows * pw[0, (f + m)[:, None] - j] * pw[1, (n - f)[:, None] + j], m


def _plain(n: int, kmax: int, allies: Sequence[int], cap: int, own_face: int, high_from: int, ally_kiss: bool,
           ex: bool, count: bool) -> np.ndarray:
    """``z[s, t]`` without explosions (module docstring). The own rows count
    no factor for the passing faces (``b = 1``): the thinning counts them."""
    one = ones(1, ex)[0]
    unit = 10.0 if count else one
    q, plain, h = faces(own_face, high_from, ex, count)
    rows, _ = own_rows(n, kmax, cap, q, one, unit, ex)
    s = np.arange(cap)
    pw = powers([plain, h], cap - 1, ex)
    thin = comb_table(cap - 1, dtype(ex)) * pw[0, np.maximum(s[:, None] - s, 0)] * pw[1]
    own = rows.sum(axis=0)[:, None] * thin
    per_ally = []
    for face in allies:  # a + b (plain S + h S U): passed at once (lifted), or failed and re-rolled
        aq, ap, ah = faces(face, high_from, ex, count)
        a, b = (aq * aq, unit + aq) if ally_kiss else (aq, one)
        per_ally.append(np.array([[a, 0], [b * ap, b * ah]], dtype=dtype(ex)))  # [passes, highs]
    return conv2(own, *per_ally)[:cap, :cap]


def _negative_binomials(lo: int, hi: int, x: float, cap: int) -> np.ndarray:
    """``nb[c - lo, t]``: NB(c, x) at ``t < cap`` high faces for ``c`` chains, ``lo <= c <= hi``."""
    c = np.arange(lo, hi + 1)[:, None]
    i = np.arange(1, cap)[None, :]
    nb = np.ones((hi - lo + 1, cap))
    nb[:, 1:] = np.cumprod((c + i - 1) / i * x, axis=1)
    return nb * (1 - x) ** c


def _exploding(n: int, kmax: int, allies: Sequence[int], cap: int, own_face: int, high_from: int,
               ally_kiss: bool) -> np.ndarray:
    """``z[s, t]`` with explosions (floats; module docstring)."""
    x = (11 - high_from) / 10  # every rank's high faces explode: high_from >= pass_from (rules.Rules)

    def ends_failed(face: int) -> float:  # as kernels.group_pmf: a chain ends failed with chance q / (1 - x)
        return (1 - (11 - face) / 10) / (1 - x)

    fo = ends_failed(own_face)
    rows, m = own_rows(n, kmax, cap, fo, 1 - fo, 1.0, False)
    per_ally = [np.ones((1, 1))]  # [allies re-rolled, passing endings]
    for face in allies:  # passing; or failed, and with ally_kiss one more chain, passing or failed
        fa = ends_failed(face)
        per_ally.append(np.array([[0.0, 1 - fa], [fa * fa, fa * (1 - fa)]] if ally_kiss else [[fa, 1 - fa]]))
    ally = conv2(*per_ally)
    k = len(ally)
    d = rows @ toeplitz(ally, cap, cap)  # [k, own row, d]: the own endings convolved with the allies'
    chains = n + len(allies) + m[None, :] + np.arange(k)[:, None]
    nb = _negative_binomials(int(chains.min()), int(chains.max()), x, cap)
    zdt = d.reshape(-1, cap).T @ nb[(chains - chains.min()).ravel()]  # [d, t]
    s, t = np.indices((cap, cap))
    return zdt[np.maximum(s - t, 0), t] * (t <= s)


def after_kiss(n: int, kmax: int, own_face: int, allies: Sequence[int], cap: int, *, high_from: int,
               explode: bool, ally_kiss: bool, ex: bool, count: bool) -> np.ndarray:
    """``z[s, t]`` for ``s < cap``: ``n`` own dice passing from
    ``own_face`` with the KISS budget ``kmax``, and allies passing from
    ``allies`` (module docstring)."""
    if explode:
        return _exploding(n, kmax, allies, cap, own_face, high_from, ally_kiss)
    return _plain(n, kmax, allies, cap, own_face, high_from, ally_kiss, ex, count)

"""The dice kernels of the agora odds: per-die categories and the joint
law of (6s, successes, 1s) of a pool, the help die, and fresh KISSed dice
(docs/rules_agora.md#how-the-odds-are-computed).

A d6 of rank ``r`` falls in one of four categories: a 6, another success
(``r``..5), a 1, another failure (2..``r``-1). Every kernel is the same
numpy code in floats or in Fractions (``exact``, see
:mod:`venus_widgets.engine.exact`), cached by its arguments and read-only.

>>> [float(x) for x in categories(4)]
[0.16666666666666666, 0.3333333333333333, 0.16666666666666666, 0.3333333333333333]
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

import numpy as np

from ...exact import array, bincount, ratio
from .reading import AUTO


def categories(rank: int, exact: bool = False) -> np.ndarray:
    """P(face 6), P(success but not 6), P(face 1), P(other failure)."""
    return array((ratio(w, 6, exact) for w in (1, 6 - rank, 1, rank - 2)), exact)


@lru_cache(maxsize=64)
def counts(n: int) -> tuple[Any, ...]:
    """All (6s, other successes, 1s, other failures) of ``n`` dice, with
    multinomial coefficients."""
    g = np.indices((n + 1,) * 3).reshape(3, -1)
    g = g[:, g.sum(axis=0) <= n]
    a, b, c = g
    d = n - a - b - c
    f = math.factorial
    coef = [f(n) // (f(i) * f(j) * f(k) * f(n - i - j - k)) for i, j, k in zip(a, b, c)]
    return a, b, c, d, coef


@lru_cache(maxsize=256)
def pool(n: int, rank: int, exact: bool = False) -> tuple[np.ndarray, ...]:
    """(6s, successes, 1s, other failures, probability) of ``n`` dice of
    ``rank``: a table like a row of Pascal's triangle, kept (read-only)."""
    a, b, c, d, coef = counts(n)
    q = categories(rank, exact)
    if exact:
        p = array((int(m) * q[0] ** int(i) * q[1] ** int(j) * q[2] ** int(k) * q[3] ** int(l)
                   for m, i, j, k, l in zip(coef, a, b, c, d)), True)
    else:
        with np.errstate(divide="ignore", invalid="ignore"):
            p = np.array(coef, dtype=float) * q[0] ** a * q[1] ** b * q[2] ** c * q[3] ** d
    out = (a, a + b, c, d, p)
    for x in out:
        x.flags.writeable = False
    return out


@lru_cache(maxsize=16)
def help_faces(help_rank: int | None, exact: bool = False) -> tuple[np.ndarray, ...]:
    """The help die's categories as columns: p, is 6, succeeds, is 1, failed."""
    one = ratio(1, 1, exact)
    if help_rank is None:
        rows = [(one, 0, 0, 0, 0)]
    elif help_rank == AUTO:
        rows = [(one, 0, 1, 0, 0)]
    else:
        q = categories(help_rank, exact)
        rows = [(q[0], 1, 1, 0, 0), (q[1], 0, 1, 0, 0), (q[2], 0, 0, 1, 1), (q[3], 0, 0, 0, 1)]
    cols = np.array([r[1:] for r in rows], dtype=np.int64).T
    out = (array((r[0] for r in rows), exact),) + tuple(cols[:3]) + (cols[3] > 0,)
    for x in out:
        x.flags.writeable = False
    return out



@lru_cache(maxsize=32)
def cells(size: int) -> tuple[np.ndarray, ...]:
    """Flat (6s, successes, 1s) of every cell of a ``size``**3 grid."""
    out = tuple(x.ravel() for x in np.indices((size,) * 3))
    for x in out:
        x.flags.writeable = False
    return out


def reroll(p, six, succ, ones, k, rank, exact=False) -> tuple[np.ndarray, ...]:
    """Add ``k`` fresh main dice to each row (arrays that broadcast); the
    joint law of (6s, successes, 1s) as flat cells (p, 6s, successes, 1s).

    Rows are binned by ``k`` into grids ``G[k]``, and the fresh dice enter
    by Horner's scheme, one die at a time: ``(... (G[K] * die + G[K-1]) *
    die ...) * die + G[0]``. Counts never exceed the dice rolled, so the
    grid holds every cell.
    """
    size = int(max((succ + k).max(), (ones + k).max())) + 1  # 6s <= successes
    cell = ((k * size + six) * size + succ) * size + ones
    p = np.broadcast_to(p, cell.shape)
    g = bincount(cell.ravel(), p.ravel(), minlength=(int(k.max()) + 1) * size**3)
    g = g.reshape(-1, size, size, size)
    q6, qs, q1, qf = categories(rank, exact)
    h = g[-1]
    for j in range(g.shape[0] - 2, -1, -1):
        nxt = qf * h + g[j]
        nxt[1:, 1:, :] += q6 * h[:-1, :-1, :]
        nxt[:, 1:, :] += qs * h[:, :-1, :]
        nxt[:, :, 1:] += q1 * h[:, :, :-1]
        h = nxt
    return (h.ravel(),) + cells(size)


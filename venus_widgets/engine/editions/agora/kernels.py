"""The dice kernels of the agora odds: per-die categories and the joint
law of (6s, successes, 1s) of a pool and of the help die
(docs/rules_agora.md#how-the-odds-are-computed); the fresh KISSed dice
are :mod:`.fresh`.

A d6 of rank ``r`` falls in one of four categories: a 6, another success
(``r``..5), a 1, another failure (2..``r``-1). Every kernel is the same
numpy code in floats or in Fractions (``exact``, see
:mod:`venus_widgets.engine.exact`), cached by its arguments and read-only.

>>> [float(x) for x in categories(4)]
[0.16666666666666666, 0.3333333333333333, 0.16666666666666666, 0.3333333333333333]
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..._dist import binom_table
from ...exact import array, bincount, ratio
from .reading import AUTO


def categories(rank: int, exact: bool = False, double_from: int = 6) -> np.ndarray:
    """P(a success Ego doubles: a 6), P(another success), P(face 1),
    P(another failure) (``double_from`` as in :func:`weights`)."""
    return array((ratio(int(w), 6, exact) for w in weights(rank, double_from=double_from)), exact)


def weights(rank: int, exact: bool = False, double_from: int = 6) -> np.ndarray:
    """The four categories of a d6 of ``rank`` counted in faces (they add
    up to 6): a success Ego doubles (a face at least ``double_from``,
    ``rules.ego_double_from``: a 6), another success, a 1, another failure;
    float64 integers, or Python ints with ``exact``.

    >>> weights(4).tolist(), weights(2, True).tolist(), weights(4, double_from=5).tolist()
    ([1.0, 2.0, 1.0, 2.0], [1, 4, 1, 0], [2.0, 1.0, 1.0, 2.0])
    """
    top = max(rank, double_from)
    return np.array([7 - top, top - rank, 1, rank - 2], dtype=object if exact else float)


@lru_cache(maxsize=64)
def counts(n: int, exact: bool = False, successes: bool = True, failures: bool = True) -> tuple[np.ndarray, ...]:
    """All (6s, other successes, 1s, other failures) of ``n`` dice, in the
    order of (6s, other successes, 1s), with their multinomial coefficients
    (float64, or Python ints with ``exact``). ``successes=False`` keeps only
    the rows without another success, ``failures=False`` those without
    another failure (the faces a die of rank 6, of rank 2, does not have).

    >>> [x.tolist() for x in counts(2, successes=False)]
    [[0, 0, 0, 1, 1, 2], [0, 0, 0, 0, 0, 0], [0, 1, 2, 0, 1, 0], [2, 1, 0, 1, 0, 0], [1.0, 2.0, 1.0, 2.0, 2.0, 1.0]]
    """
    a, b = np.divmod(np.arange((n + 1) ** 2), n + 1)
    keep = a + b <= n if successes else b == 0
    a, b = a[keep], b[keep]
    if failures:  # 1s from 0 to what the 6s and other successes leave
        reps = n + 1 - a - b
        a, b = np.repeat(a, reps), np.repeat(b, reps)
        c = np.arange(a.size) - np.repeat(np.cumsum(reps) - reps, reps)
    else:
        c = n - a - b
    comb = binom_table(n, exact)
    coef = comb[n, a] * comb[n - a, b] * comb[n - a - b, c]
    return a, b, c, n - a - b - c, coef


@lru_cache(maxsize=256)
def pool(n: int, rank: int, exact: bool = False, six_cap: int | None = None,
         double_from: int = 6) -> tuple[np.ndarray, ...]:
    """(6s, successes, 1s, other failures, count) of ``n`` dice of ``rank``,
    each count out of ``6**n`` (:func:`weights`): a table like a row of
    Pascal's triangle, kept (read-only), without the rows that cannot
    happen (a rank-6 die has no success but 6). The counts are whole
    numbers, exact in float64 while ``6**n < 2**53``, Python ints with
    ``exact``. ``six_cap`` cuts the 6s at a row meaning "that many or more"
    (as :func:`~.fresh.reroll` does; from 12 dice, where it pays); ``double_from`` as in :func:`weights` (the
    "6s" are then the successes Ego doubles).

    >>> [x.tolist() for x in pool(1, 4)]
    [[0, 0, 0, 1], [0, 0, 1, 1], [0, 1, 0, 0], [1, 0, 0, 0], [2.0, 1.0, 2.0, 1.0]]
    >>> [x.tolist() for x in pool(2, 6)]   # rank 6: no success but a 6, 6 rows of 10
    [[0, 0, 0, 1, 1, 2], [0, 0, 0, 1, 1, 2], [0, 1, 2, 0, 1, 0], [2, 1, 0, 1, 0, 0], [16.0, 8.0, 1.0, 8.0, 2.0, 1.0]]
    >>> pool(12, 4, six_cap=2)[0].max(), len(pool(12, 4, six_cap=2)[0]) < len(pool(12, 4)[0])
    (np.int64(2), True)
    """
    w6, ws, _, wf = (int(x) for x in weights(rank, double_from=double_from))
    a, b, c, d, coef = counts(n, exact, ws > 0, wf > 0)
    if exact:
        pw6, pws, pwf = (np.array([w**i for i in range(n + 1)], dtype=object) for w in (w6, ws, wf))
    else:  # each power as numpy's float64 ** int gives it, the products in the same order
        pw6, pws, pwf = (np.float64(w) ** np.arange(n + 1) for w in (w6, ws, wf))
    p = coef * pw6[a] * pws[b] * pwf[d]
    s = a + b
    if six_cap is not None and six_cap < n and n >= 12:  # the 6s above the cap count as the cap
        # (below 12 dice the pool is small: merging its rows costs more than it saves)
        a = np.minimum(a, six_cap)
        if ws:  # with no other success, the successes keep every row apart: the cap only relabels
            a, s, c, d, p = _merged(n, six_cap, a, s, c, p)
    out = (a, s, c, d, p)
    for x in out:
        x.flags.writeable = False
    return out


def _merged(n: int, six_cap: int, a, s, c, p) -> tuple[np.ndarray, ...]:
    """Rows of the same (6s, successes, 1s) as one row, in the order of
    those counts; each row's count added in the order of the rows."""
    key = (a * (n + 1) + s) * (n + 1) + c
    p = bincount(key, p, minlength=(six_cap + 1) * (n + 1) ** 2)
    key = np.flatnonzero(p)  # the rows' keys (every count is positive)
    a, rest = np.divmod(key, (n + 1) ** 2)
    s, c = np.divmod(rest, n + 1)
    return a, s, c, n - s - c, p[key]


@lru_cache(maxsize=16)
def help_weights(help_rank: int | None, exact: bool = False, double_from: int = 6) -> tuple[np.ndarray, ...]:
    """The help die's faces as columns, counted in faces: weight (out of 6
    for a rolled help die, of 1 without one or for the rank-1 help die), is
    6 (a success Ego doubles, see :func:`weights`), succeeds, is 1, failed.
    A category no face falls in is left out (a rank-6 die has no other
    success, a rank-2 die no other failure): its rows would weigh 0, and
    the 6 or the 1, which succeeds or fails as it would, stays.

    >>> [x.tolist() for x in help_weights(2)]
    [[1.0, 4.0, 1.0], [1, 0, 0], [1, 1, 0], [0, 0, 1], [False, False, True]]
    """
    if help_rank is None or help_rank == AUTO:
        rows = [(1, 0, int(help_rank == AUTO), 0, 0)]
    else:
        q = [int(x) for x in weights(help_rank, double_from=double_from)]
        rows = [(q[0], 1, 1, 0, 0), (q[1], 0, 1, 0, 0), (q[2], 0, 0, 1, 1), (q[3], 0, 0, 0, 1)]
        rows = [r for r in rows if r[0]]
    cols = np.array([r[1:] for r in rows], dtype=np.int64).T
    out = (np.array([r[0] for r in rows], dtype=object if exact else float),) + tuple(cols[:3]) + (cols[3] > 0,)
    for x in out:
        x.flags.writeable = False
    return out


@lru_cache(maxsize=16)
def help_faces(help_rank: int | None, exact: bool = False, double_from: int = 6) -> tuple[np.ndarray, ...]:
    """The help die's categories as columns: p, is 6 (doubled by Ego),
    succeeds, is 1, failed."""
    one = ratio(1, 1, exact)
    if help_rank is None:
        rows = [(one, 0, 0, 0, 0)]
    elif help_rank == AUTO:
        rows = [(one, 0, 1, 0, 0)]
    else:
        q = categories(help_rank, exact, double_from)
        rows = [(q[0], 1, 1, 0, 0), (q[1], 0, 1, 0, 0), (q[2], 0, 0, 1, 1), (q[3], 0, 0, 0, 1)]
    cols = np.array([r[1:] for r in rows], dtype=np.int64).T
    out = (array((r[0] for r in rows), exact),) + tuple(cols[:3]) + (cols[3] > 0,)
    for x in out:
        x.flags.writeable = False
    return out

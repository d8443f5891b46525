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
    (as :func:`reroll` does; from 12 dice, where it pays); ``double_from`` as in :func:`weights` (the
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
    if six_cap is not None and six_cap < n and n >= 12:  # rows that differ only above the cap become one
        # (below 12 dice the pool is small: merging its rows costs more than it saves)
        a = np.minimum(a, six_cap)
        key = (a * (n + 1) + s) * (n + 1) + c
        uniq, inv = np.unique(key, return_inverse=True)
        p = bincount(inv, p, minlength=uniq.size)
        a, rest = np.divmod(uniq, (n + 1) ** 2)
        s, c = np.divmod(rest, n + 1)
        d = n - s - c
    out = (a, s, c, d, p)
    for x in out:
        x.flags.writeable = False
    return out


@lru_cache(maxsize=16)
def help_weights(help_rank: int | None, exact: bool = False, double_from: int = 6) -> tuple[np.ndarray, ...]:
    """The help die's faces as columns, counted in faces: weight (out of 6
    for a rolled help die, of 1 without one or for the rank-1 help die), is
    6 (a success Ego doubles, see :func:`weights`), succeeds, is 1, failed."""
    if help_rank is None or help_rank == AUTO:
        rows = [(1, 0, int(help_rank == AUTO), 0, 0)]
    else:
        q = [int(x) for x in weights(help_rank, double_from=double_from)]
        rows = [(q[0], 1, 1, 0, 0), (q[1], 0, 1, 0, 0), (q[2], 0, 0, 1, 1), (q[3], 0, 0, 0, 1)]
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



def cells(shape: tuple[int, ...]) -> tuple[np.ndarray, ...]:
    """Flat (6s, successes, 1s) of every cell of a grid of ``shape``."""
    flat = np.arange(shape[0] * shape[1] * shape[2])
    rest, ones = np.divmod(flat, shape[2])
    six, succ = np.divmod(rest, shape[1])
    return six, succ, ones


def reroll(p, six, succ, ones, k, die, caps=(None, None)) -> tuple[np.ndarray, ...]:
    """Add ``k`` fresh main dice to each row (arrays that broadcast); the
    joint law of (6s, successes, 1s) as flat cells (p, 6s, successes, 1s).

    ``die`` is the fresh die's (6, other success, 1, other failure): its
    probabilities (:func:`categories`), or its :func:`weights` when ``p``
    holds counts, each row's count already out of the same ``6**m`` for
    ``m`` dice rolled *with* the row's fresh dice (the cells' counts are
    then out of ``6**m``). ``caps`` cut the 6s or the 1s at a top cell
    meaning "that many or more" (0 drops that count): the odds ask only how
    many 6s below the threshold, and whether two 1s show.

    Rows are binned by ``k`` into grids ``G[k]``, and the fresh dice enter
    by Horner's scheme, one die at a time: ``(... (G[K] * die + G[K-1]) *
    die ...) * die + G[0]`` (:func:`_horner`). Counts never exceed the dice
    rolled, so the grid holds every cell.

    >>> x = reroll(np.array([1.0]), np.array([0]), np.array([0]), np.array([0]), np.array([2]), weights(4),
    ...            caps=(0, 1))
    >>> [(int(w), int(s), int(o)) for w, _, s, o in zip(*x) if w]   # 2 rank-4 dice: successes, a 1, out of 36
    [(4, 0, 0), (5, 0, 1), (12, 1, 0), (6, 1, 1), (9, 2, 0)]
    """
    k = np.asarray(k)
    kmax = int(k.max())
    tops = [int(np.max(x)) + kmax for x in (six, succ, ones)]
    c6, c1 = caps
    shape = (tops[0] + 1 if c6 is None else min(tops[0], c6) + 1,  # the grid's axes: 6s, 1s, successes
             tops[2] + 1 if c1 is None else min(tops[2], c1) + 1, tops[1] + 1)
    if c6 is not None:
        six = np.minimum(six, shape[0] - 1)
    if c1 is not None:
        ones = np.minimum(ones, shape[1] - 1)
    size = shape[0] * shape[1] * shape[2]
    cell = ((k * shape[0] + six) * shape[1] + ones) * shape[2] + succ
    p = np.broadcast_to(p, cell.shape)
    g = bincount(cell.ravel(), p.ravel(), minlength=(kmax + 1) * size).reshape(-1, size)
    h = _horner(g, die, shape, (c6 is not None, c1 is not None))
    x6, xs, x1 = shape[0], shape[2], shape[1]
    return (h.reshape(shape).transpose(0, 2, 1).ravel(),) + cells((x6, xs, x1))


def _horner(g: np.ndarray, die, shape: tuple[int, int, int], capped: tuple[bool, bool]) -> np.ndarray:
    """``(... (G[K] * die + G[K-1]) * die ...) * die + G[0]`` for flat grids
    ``g[k]`` of (6s, 1s, successes) (``shape``; ``capped``: whether the 6s,
    the 1s, stop at their top cell).

    One fresh die on a grid ``h``: ``qf * h`` (a failure moves nothing),
    plus ``G[j]``, then ``h`` moved by a 6 (one more 6 and success), by a 6
    on the capped top row, by another success, by a 1, by a 1 on the capped
    top cell, each weighted, added in that order. With successes the last
    axis every move but the 1s' is one slice of the flat grid: a cell the
    move would carry past the successes' end holds nothing yet (the dice
    still to come have room), so it adds an exact zero. Two buffers take
    turns, their slices made once; a weight 0 adds nothing and a weight 1
    needs no product, so they are skipped: every cell gets the same sums in
    the same order, the same float to the bit.
    """
    h, nxt = g[-1].copy(), np.empty_like(g[-1])
    plans = (_moves(h, nxt, die, shape, capped), _moves(nxt, h, die, shape, capped))
    qf = die[3]
    for i, j in enumerate(range(len(g) - 2, -1, -1)):
        src, dst = (h, nxt) if i % 2 == 0 else (nxt, h)
        np.multiply(src, qf, out=dst)
        np.add(dst, g[j], out=dst)
        for w, to, frm in plans[i % 2]:
            np.add(to, frm if w == 1 else w * frm, out=to)
    return h if len(g) % 2 else nxt


def _moves(h: np.ndarray, nxt: np.ndarray, die, shape: tuple[int, int, int], capped: tuple[bool, bool]) -> list:
    """(weight, slice of ``nxt``, slice of ``h``) of each move of one fresh
    die (:func:`_horner`), in order, without the moves of weight 0."""
    q6, qs, q1, _ = die
    n6, n1, ns = shape
    plane = n1 * ns  # the cells of one count of 6s
    moves = [(q6, nxt[plane + 1:], h[:-plane - 1])]  # one more 6 and success; the 6s' top row moves nowhere
    if capped[0]:  # a 6 on the top row stays there, one success more
        moves.append((q6, nxt[(n6 - 1) * plane + 1:], h[(n6 - 1) * plane:-1]))
    moves.append((qs, nxt[1:], h[:-1]))
    by6, h6 = nxt.reshape(n6, plane), h.reshape(n6, plane)  # the 1s move within each count of 6s
    moves.append((q1, by6[:, ns:], h6[:, :-ns]))
    if capped[1]:
        moves.append((q1, by6[:, (n1 - 1) * ns:], h6[:, (n1 - 1) * ns:]))
    return [m for m in moves if m[0] != 0]


def reroll_ones(p, ones, k, die) -> np.ndarray:
    """The law of the 1s alone after ``k`` fresh dice per row, as
    :func:`reroll` counts it: cell ``i`` holds ``i`` ones (Horner's scheme,
    the same sums in the same order).

    >>> reroll_ones(np.array([1.0]), np.array([0]), np.array([2]), weights(4)).tolist()
    [25.0, 10.0, 1.0]
    """
    k = np.asarray(k)
    kmax = int(k.max())
    size = int(np.max(ones)) + kmax + 1
    cell = k * size + ones
    g = bincount(cell.ravel(), np.broadcast_to(p, cell.shape).ravel(), minlength=(kmax + 1) * size)
    g = g.reshape(-1, size)
    q1, other = die[2], die[0] + die[1] + die[3]
    h, nxt = g[-1].copy(), np.empty_like(g[-1])
    moves = ((h[:-1], nxt[1:]), (nxt[:-1], h[1:]))
    for i, j in enumerate(range(g.shape[0] - 2, -1, -1)):
        src, dst = (h, nxt) if i % 2 == 0 else (nxt, h)
        frm, to = moves[i % 2]
        np.multiply(src, other, out=dst)
        np.add(dst, g[j], out=dst)
        np.add(to, frm if q1 == 1 else q1 * frm, out=to)
    return h if len(g) % 2 else nxt

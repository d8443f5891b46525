"""The policy's KISS round on the main pool's law by successes, binned on
the grid the fresh dice roll on (docs/rules_agora.md#how-the-odds-are-computed).

The ``n`` main dice of one rank fall in four categories (a 6, another
success, a 1, another failure; :func:`~.kernels.weights`), and their law
factors by the successes ``s``: the ways to roll ``a`` 6s, ``s``
successes and ``c`` 1s are ``C(n, s) * X[s, a] * Y[s, c]``, where
``X[s, a] = C(s, a) w6**a ws**(s - a)`` splits the successes into 6s and
others and ``Y[s, c] = C(n - s, c) w1**c wf**(n - s - c)`` the failures
into 1s and others. The policy (:mod:`.policy`) sees the main dice only
through ``s`` (whether short, and how many failures it may KISS: ``k``)
and the help die's first face only through whether it succeeds and
whether it failed (:func:`face_groups`); the 1s a KISS leaves are
``max(c - k, 0)`` (1s first). So the round is worked on small (row kind,
successes) arrays, a kind being a group of first faces and a final face
of the help die (:func:`row_kinds`): each (kind, ``s``) is one block of
the grid, ``coef * outer(1s law, 6s law)`` at its ``k`` and its
successes, and no array has a row per state of the pool.

Below 2**53 every count is a whole number held exactly in float64, so
the order of the sums does not matter; above it (``exact=False``) the
floats are as close as the products and sums of positive terms allow.

>>> r = kiss_round(2, 4, None, 1, 1, False)
>>> r.k.tolist(), r.coef.tolist(), r.m   # 2 rank-4 dice, 1 success needed: with none, KISS 1 die
([[1, 0, 0]], [[1.0, 12.0, 6.0]], 3)

``coef`` is ``C(2, s)`` times 6 for the KISS a row does not roll, out of
``6**3``.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ...maths.dist import comb_table, pascal_counts
from ...maths.exact import bincount
from .fresh import Grid
from .kernels import help_weights, weights
from .policy import always_before
from .reading import AUTO


class Round(NamedTuple):
    """The KISS round, by (row kind, main successes ``s`` = 0..n)."""

    #: the ways of each (kind, s) but the 6s and 1s laws (whole numbers out of 6**m)
    coef: np.ndarray
    #: the main dice each KISSes
    k: np.ndarray
    #: its successes (the main dice's and the help die's final face's)
    succ: np.ndarray
    #: each kind's help face: its 6s, its 1s
    h6: np.ndarray
    h1: np.ndarray
    #: X[s, a] and Y[s, c] (the module's text)
    six_law: np.ndarray
    ones_law: np.ndarray
    #: every count is out of 6**m
    m: int
    #: the fresh main die's weights
    die: np.ndarray

    def tops(self) -> tuple[int, int, int, int]:
        """At least the largest 6s, successes and 1s a row reaches with its
        fresh dice, and the most KISSed dice (:class:`~.fresh.Grid`'s
        tops): a row of ``s`` successes KISSes ``k <= n - s`` dice and
        keeps at most ``n - s - k`` 1s, so with its fresh dice it has at
        most ``n`` main 6s, successes and 1s (the row of ``n`` successes
        has ``n`` successes), its help face's on top."""
        n = self.k.shape[1] - 1
        return n + int(self.h6.max()), int(self.succ[:, -1].max()), n + int(self.h1.max()), int(self.k.max())


def kiss_round(n: int, rank: int, help_rank: int | None, target: int, kiss: int, helper_kiss: bool,
               exact: bool = False, double_from: int = 6) -> Round:
    """The policy's KISS round for ``n`` main dice of ``rank`` and the help
    die, every count a whole number out of ``6**m`` (float64, or Python
    ints with ``exact``; ``m`` is at most the exponent of
    :func:`~.distribution.denominator`): a row that rolls fewer dice than
    the most any row rolls is counted times 6 per die it does not roll.
    ``double_from`` as in :func:`~.kernels.weights`."""
    if help_rank == rank and not helper_kiss:
        n, help_rank = n + 1, None  # same rank, same budget: one pool
    dtype = object if exact else np.float64
    s = np.arange(n + 1)
    ph, h6, hs, h1, hfail = help_weights(help_rank, exact, double_from)
    group, g_hs, g_fail = face_groups(hs, hfail)
    short = s < target - g_hs[:, None]  # (group, s)
    failed = short & g_fail[:, None]
    if helper_kiss:
        help_k, budget = failed, kiss
    elif help_rank is not None and always_before(help_rank, rank):  # the better help die is KISSed first
        help_k = failed & (kiss >= 1)
        budget = kiss - help_k
    else:
        help_k, budget = np.zeros_like(short), kiss
    k = np.where(short, np.minimum(budget, n - s), 0)
    if not helper_kiss and help_rank is not None and always_before(rank, help_rank):  # the worse help die waits
        help_k = failed & (kiss - k >= 1)
    rolled = k + help_k
    most = int(rolled.max())
    scale = np.array([6**i for i in range(most + 1)], dtype=dtype)[most - rolled]
    g, f, own, fresh = row_kinds(group, (g_fail & help_k.any(axis=1)).tolist(), ph)
    coef = (scale * comb_table(n, dtype)[n])[g] * np.where(help_k[g], fresh[:, None], own[:, None])
    w6, ws, w1, wf = (int(x) for x in weights(rank, double_from=double_from))
    return Round(coef, k[g], s + hs[f][:, None], h6[f], h1[f], pascal_counts(n, w6, ws, dtype),
                 pascal_counts(n, w1, wf, dtype)[::-1], n + (help_rank not in (None, AUTO)) + most,
                 weights(rank, exact, double_from))


def face_groups(hs: np.ndarray, hfail: np.ndarray) -> tuple[list[int], np.ndarray, np.ndarray]:
    """The help die's faces grouped by what the policy sees of them (whether
    each succeeds, whether it failed): each face's group, and each group's
    successes and failed flag, in the order the groups first show.

    >>> face_groups(np.array([1, 1, 0, 0]), np.array([False, False, True, True]))
    ([0, 0, 1, 1], array([1, 0]), array([False,  True]))
    """
    keys = list(zip(hs.tolist(), hfail.tolist()))
    firsts = list(dict.fromkeys(keys))
    return [firsts.index(key) for key in keys], np.array([h for h, _ in firsts]), np.array([f for _, f in firsts])


def row_kinds(group: list[int], kissed: list[bool], ph: np.ndarray) -> tuple[np.ndarray, ...]:
    """The kinds of row: (group, final face of the help die) pairs, as
    arrays (group, face, weight when the help die is not KISSed, weight
    when it is). A group's own faces each keep their weight; a group that
    may be KISSed (``kissed[group]``) gets every face, weighing the group's
    weight times the fresh face's (its own faces too, when KISSed).

    >>> [x.tolist() for x in row_kinds([0, 0, 1, 1], [False, True], np.array([1.0, 2.0, 1.0, 2.0]))]
    [[0, 0, 1, 1, 1, 1], [0, 1, 0, 1, 2, 3], [1.0, 2.0, 0.0, 0.0, 1.0, 2.0], [3.0, 6.0, 3.0, 6.0, 3.0, 6.0]]
    """
    w = ph.tolist()
    pairs = [(j, i) for j in range(len(kissed)) for i in range(len(group)) if kissed[j] or group[i] == j]
    weight = [sum(x for x, j in zip(w, group) if j == g) for g in range(len(kissed))]
    own = [w[i] if group[i] == j else w[i] * 0 for j, i in pairs]
    fresh = [weight[j] * w[i] for j, i in pairs]
    return (np.array([j for j, _ in pairs]), np.array([i for _, i in pairs]), np.array(own, dtype=ph.dtype),
            np.array(fresh, dtype=ph.dtype))


def binned(r: Round, grid: Grid) -> np.ndarray:
    """The rows of ``r`` binned on ``grid`` by their KISSed dice: one flat
    grid per ``k`` (:meth:`~.fresh.Grid.roll`'s input). Each (kind, s)
    adds its ways times the law of its 1s (what the KISS leaves, plus the
    help face's, cut at the grid's top) times the law of its 6s (plus the
    help face's, cut likewise) at its successes; the 1s alone, when the
    grid keeps them, get its ways times every split of its successes."""
    kinds, size = r.coef.shape
    rows = np.arange(0, kinds * size).reshape(kinds, size, 1)
    x = np.arange(size)
    at = np.minimum(x + r.h6[:, None, None], grid.n6 - 1) + rows * grid.n6  # (kind, s, a)
    law6 = bincount(at, np.broadcast_to(r.six_law, at.shape), minlength=rows.size * grid.n6)
    ones = np.maximum(x - r.k[:, :, None], 0) + r.h1[:, None, None]  # (kind, s, c): at most tops()[2]
    at = np.minimum(ones, grid.n1 - 1) + rows * grid.n1
    law1 = bincount(at, np.broadcast_to(r.ones_law, at.shape), minlength=rows.size * grid.n1)
    block = (r.coef.reshape(-1, 1) * law1.reshape(-1, grid.n1))[:, :, None] * law6.reshape(-1, 1, grid.n6)
    at = grid.flat(r.k[:, :, None, None], np.arange(grid.n6), np.arange(grid.n1)[:, None],
                   r.succ[:, :, None, None])
    g = bincount(at, block, minlength=(int(r.k.max()) + 1) * grid.width).reshape(-1, grid.width)
    if grid.alone:
        ways = r.coef[:, :, None] * (r.ones_law * r.six_law.sum(axis=1)[:, None])
        at = r.k[:, :, None] * grid.alone + ones
        g[:, grid.cells:] = bincount(at, ways, minlength=g.shape[0] * grid.alone).reshape(-1, grid.alone)
    return g

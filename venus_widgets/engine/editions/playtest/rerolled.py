"""What the KISSed dice of a task score, counted in whole numbers for
:mod:`.optimal`. A re-rolled die of a caliber with ``w`` failing, ``v``
succeeding (not doubled) and ``dd`` doubled faces has the generating
function ``w + v S + dd S X`` (``S`` counts a success, ``X`` a six), and
``r`` such dice its ``r``-th power::

    (w + v S + dd S X)**r = sum_(k, j) A[r, k] B[k, j] S**k X**j,
    A[r, k] = C(r, k) w**(r - k),   B[k, j] = C(k, j) v**(k - j) dd**j

(``k`` successes, ``j`` of them sixes: :func:`die_factors`). The dice of a
task fall into groups, one per caliber; the largest, the *main* group,
is counted through ``A`` and ``B``, the few others (allies) in Python
ints, their product for every combination of their KISSed numbers
(:func:`die_powers`, :func:`others_table`).

Counts are whole numbers; below 2**53 float64 holds every one (and every
partial sum: none exceeds the total) exactly, so any order of the sums
gives the same floats. Above it they round, each product and sum of
positive terms to within an ulp or so: a value stays within 1e-15 or so
relative of the exact count (no cancellation).

>>> A, B = die_factors(2, (4, 1, 1), object)   # Bronze: 4 faces fail, 1 succeeds, 1 is a six
>>> (A @ score_rows(B, 5)).tolist()
[[1, 0, 0, 0, 0], [4, 1, 1, 0, 0], [16, 8, 9, 2, 1]]
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
from numpy.lib.stride_tricks import as_strided

from ...maths.dist import pascal_counts


def die_factors(m: int, faces: tuple[int, int, int], dtype: Any) -> tuple[np.ndarray, np.ndarray]:
    """``A[r, k] = C(r, k) w**(r - k)`` and ``B[k, j] = C(k, j) v**(k - j)
    dd**j`` for ``r, k, j <= m`` (0 for ``k > r``, ``j > k``): the ways
    ``r`` dice of a caliber score ``k`` successes, ``j`` of them sixes, are
    ``A[r, k] B[k, j]``. In ``dtype``: Python ints (``object``) or float64,
    each power rounded once (exact below 2**53)."""
    w, v, dd = faces
    return pascal_counts(m, 1, w, dtype), pascal_counts(m, dd, v, dtype)


def score_rows(B: np.ndarray, width: int) -> np.ndarray:
    """``B`` by score: ``out[k, k + j] = B[k, j]`` (a success scores 1, a
    six 2) in ``width`` columns (at least ``2 len(B) - 1``). Laid out flat,
    row ``k`` of ``B`` starts ``k (width + 1)`` places in."""
    n = len(B)
    flat = np.zeros(n * (width + 1), dtype=B.dtype)
    flat.reshape(n, width + 1)[:, :n] = B
    return flat[: n * width].reshape(n, width)


def die_powers(m: int, faces: tuple[int, int, int]) -> list[dict[tuple[int, int], int]]:
    """``(w + v S + dd S X)**r`` for ``r <= m``, as ``{(k, j): ways}``
    (``k`` successes, ``j`` of them sixes; Python ints: exact)."""
    w, v, dd = faces
    out = [{(0, 0): 1}]
    for _ in range(m):
        new: dict[tuple[int, int], int] = {}
        for (k, j), n in out[-1].items():
            for key, f in (((k, j), w), ((k + 1, j), v), ((k + 1, j + 1), dd)):
                if f:
                    new[key] = new.get(key, 0) + n * f
        out.append(new)
    return out


class Others(NamedTuple):
    """The KISSed dice of the other groups (a few allies), for every
    combination ``c`` of their numbers (C order: the first group slowest):
    ``ways[c, t]`` the ways they give ``ds[t]`` successes, ``dx[t]`` of them
    sixes, and ``qz[c, z]`` the ways they score ``z = ds + dx``."""

    ways: np.ndarray
    ds: np.ndarray
    dx: np.ndarray
    qz: np.ndarray


def others_table(powers: list[list[dict[tuple[int, int], int]]], dtype: Any) -> Others:
    """:class:`Others` from ``powers[i]``, the powers of group ``i``'s die
    that a choice can KISS (:func:`die_powers`): each combination is the
    product of one power of each group's die, in Python ints."""
    combos = [{(0, 0): 1}]
    for group in powers:
        combos = [_times(a, p) for a in combos for p in group]
    terms = sorted({key for poly in combos for key in poly})
    ways = np.array([[poly.get(key, 0) for key in terms] for poly in combos], dtype=dtype)
    ds, dx = np.array(terms).T
    qz = np.zeros((len(combos), int(ds.max() + dx.max()) + 1), dtype=dtype)
    for t, z in enumerate(ds + dx):
        qz[:, z] += ways[:, t]
    return Others(ways, ds, dx, qz)


def _times(a: dict[tuple[int, int], int], b: dict[tuple[int, int], int]) -> dict[tuple[int, int], int]:
    """The product of two polynomials in ``S`` and ``X``."""
    out: dict[tuple[int, int], int] = {}
    for (k, j), n in a.items():
        for (k2, j2), n2 in b.items():
            out[k + k2, j + j2] = out.get((k + k2, j + j2), 0) + n * n2
    return out


def tails(A: np.ndarray, B: np.ndarray, qz: np.ndarray, width: int) -> np.ndarray:
    """The ways the re-rolled dice score at least ``z``: ``out[(r - lo) C +
    c, z]``, the main group's ``r`` dice (``A``, ``B``: :func:`die_factors`)
    with the others' combination ``c`` (of ``C``, scoring ``dz`` in
    ``qz[c, dz]`` ways), in ``width`` columns (the last one, beyond the top
    score, 0). The main group's tails ``T`` are its score counts (``A``
    times :func:`score_rows`) summed from the top score down; the others
    add ``dz``: ``out[., c, z] = sum_dz qz[c, dz] T[., z - dz]`` (a tail
    below score 0 is the total, ``T[., 0]``)."""
    main = A @ score_rows(B, width)
    from_top = main[:, ::-1]
    np.cumsum(from_top, axis=1, out=from_top)
    if qz.shape[1] == 1:
        return main * qz[0, 0]
    z = np.arange(width)
    shifted = main[:, np.maximum(z - np.arange(qz.shape[1])[:, None], 0)]  # [r, dz, z]: T[r, z - dz]
    return (qz @ shifted).reshape(-1, width)


def _strided(buf: np.ndarray, shape: tuple[int, ...], strides: tuple[int, ...]) -> np.ndarray:
    """A view of the flat ``buf`` with ``strides`` counted in elements (an
    ``ndarray`` on its memory, quicker than ``as_strided``, which an object
    array needs)."""
    steps = tuple(st * buf.itemsize for st in strides)
    if buf.dtype == object:
        return as_strided(buf, shape, steps, writeable=True)
    return np.ndarray(shape, buf.dtype, buf, 0, steps)


def kiss_round(W: np.ndarray, A: np.ndarray, B: np.ndarray, size: int, low: int) -> np.ndarray:
    """The (successes, sixes) table after the KISS round: ``W[r, s, x]``
    counts the first rolls that KISS ``r`` dice of the main group (``r``
    from ``len(A) - len(W)``, the rows of ``A`` from :func:`die_factors`)
    and keep ``s`` successes and ``x`` sixes (the other groups' KISSed dice
    already counted in). The ``r`` dice add ``k`` successes, ``j`` of them
    sixes, in ``A[r, k] B[k, j]`` ways, so::

        out[s + k, x + j] = sum_r W[r, s, x] A[r, k] B[k, j]
                          = sum_(k, x) U[k, s, x] B[k, j],   U[k] = sum_r A[r, k] W[r]

    Only the rows ``s + k`` below ``low`` (the goal) are kept by sixes,
    where ``x + j <= s + k < low``: ``U`` (one matrix product) laid out by
    ``s + k`` (row ``s + k``, column ``(k, x)``) times ``B`` laid out by
    ``(k, x)`` and ``x + j`` (another). The sixes count only short of the
    goal (:mod:`.outcome`): the other rows keep their total in column 0,
    ``sum_k`` of ``sum_r A[r, k] sum_x W[r, s, x]`` times ``sum_j B[k, j]``."""
    R, side = len(W), W.shape[1]
    A = A[len(A) - R :]
    K, low = A.shape[1], min(low, size)
    out = np.zeros((size, size), dtype=W.dtype)
    total = (A.T @ W.sum(axis=2)) * B[:K].sum(axis=1)[:, None]  # by k, s
    L = K + side - 1
    diag = np.zeros(K * (L + 1), dtype=W.dtype)  # row k shifted k places on: by s + k
    diag.reshape(K, L + 1)[:, :side] = total
    total = diag[: K * L].reshape(K, L).sum(axis=0)
    out[low : min(L, size), 0] = total[low:size]
    K = min(K, low)  # below the goal: fewer than ``low`` successes added
    U = A[:, :K].T @ W.reshape(R, -1)
    by_sum = np.zeros((K + side - 1) * K * side, dtype=W.dtype)  # U[k, s, x] at row s + k, column (k, x)
    _strided(by_sum, (K, side, side), ((K + 1) * side, K * side, 1))[...] = U.reshape(K, side, side)
    wide = side + K - 1
    by_six = np.zeros(K * side * wide, dtype=W.dtype)  # B[k, j] at row (k, x), column x + j
    _strided(by_six, (K, side, K), (side * wide, wide + 1, 1))[...] = B[:K, None, :K]
    out[:low, :low] = by_sum.reshape(-1, K * side)[:low] @ by_six.reshape(K * side, wide)[:, :low]
    return out

"""Convolutions of whole stacks of pmfs in a few numpy operations, and
powers: the task odds' building blocks (:mod:`.task_odds`, :mod:`.ego`).

A convolution is an outer product summed along its anti-diagonals:
``(a * b)[u] = sum_r a[r] b[u - r]`` is the sum of ``outer(a, b)[r, w]``
over ``r + w = u``. :func:`skew_sum` takes those sums for every leading
index at once, so a stack of convolutions (one per KISS count, per set of
failed allies ...) costs one product and one sum, not a Python loop. Every
term is a product of two probabilities (or counts) and every sum adds
non-negative terms, so floats keep their relative accuracy; object arrays
(Fractions, Python ints) stay exact.

>>> conv(np.array([[1.0, 1.0], [1.0, 0.0]]), np.array([1.0, 2.0])).tolist()   # two rows at once
[[1.0, 3.0, 2.0], [1.0, 2.0, 0.0]]
>>> conv2(np.array([[1, 1], [0, 1]]), np.array([[1, 2]])).tolist()
[[1, 3, 2], [0, 1, 2]]
>>> conv2(np.array([[1, 1]]), np.array([[1], [1]]), np.array([[1, 1]])).tolist()   # (1 + y)(1 + x)(1 + y)
[[1, 2, 1], [1, 2, 1]]
>>> (np.array([1.0, 1.0]) @ toeplitz(np.array([1.0, 2.0]), 2, 3)).tolist()   # the same, one row
[1.0, 3.0, 2.0]
>>> power(np.array([0.5, 0.5]), 3).tolist()
[0.125, 0.375, 0.375, 0.125]
>>> powers([2.0, 10.0], 3, False).tolist()
[[1.0, 2.0, 4.0, 8.0], [1.0, 10.0, 100.0, 1000.0]]
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from ...maths.exact import dtype


def skew_sum(v: np.ndarray) -> np.ndarray:
    """``out[..., u] = sum_r v[..., r, u - r]``: the sums along the
    anti-diagonals of the last two axes, ``(R, L) -> R + L - 1``. Row ``r``
    is laid ``r`` places further than row ``r - 1`` in a flat buffer with
    rows of ``L + R`` (so ``R`` zeros after each), read back with rows of
    ``L + R - 1``: entry ``(r, w)`` lands in column ``r + w``."""
    *lead, r, width = v.shape
    buf = np.zeros((*lead, r, width + r), dtype=v.dtype)
    buf[..., :width] = v
    flat = buf.reshape(*lead, r * (width + r))[..., : r * (width + r - 1)]
    return flat.reshape(*lead, r, width + r - 1).sum(axis=-2)


#: Largest outer product :func:`conv` builds (cells); past it each row is convolved alone.
OUTER_CELLS = 1 << 16


def conv(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``np.convolve`` along the last axis, broadcast over the leading
    axes: a small stack by one outer product summed along its
    anti-diagonals, a large one (long exploding chains) row by row, so the
    memory is the result's, not the outer product's (which grew with the
    square of a chain's length: 0.8 GB for six allies whose dice explode
    from 2)."""
    lead = np.broadcast_shapes(a.shape[:-1], b.shape[:-1])
    if int(np.prod(lead, dtype=np.int64)) * a.shape[-1] * b.shape[-1] <= OUTER_CELLS:
        return skew_sum(a[..., :, None] * b[..., None, :])
    a2 = np.broadcast_to(a, (*lead, a.shape[-1])).reshape(-1, a.shape[-1])
    b2 = np.broadcast_to(b, (*lead, b.shape[-1])).reshape(-1, b.shape[-1])
    out = np.stack([np.convolve(x, y) for x, y in zip(a2, b2)]) if len(a2) else \
        np.zeros((0, a.shape[-1] + b.shape[-1] - 1), dtype=np.result_type(a, b))
    return out.reshape(*lead, a.shape[-1] + b.shape[-1] - 1)


def conv2(*arrays: np.ndarray) -> np.ndarray:
    """The full 2-D convolution of ``arrays`` (each ``[S, T]``): all laid in
    rows as wide as the result's (room for every sum of columns, so nothing
    carries into the next row) and convolved flat, one ``np.convolve`` per
    array after the first."""
    width = sum(x.shape[1] for x in arrays) - len(arrays) + 1
    rows = sum(x.shape[0] for x in arrays) - len(arrays) + 1
    out = None
    for x in arrays:
        padded = np.zeros((x.shape[0], width), dtype=x.dtype)
        padded[:, : x.shape[1]] = x
        out = padded.ravel() if out is None else np.convolve(out, padded.ravel())
    assert out is not None, "conv2 of no arrays"
    return out[: rows * width].reshape(rows, width)


#: ``_LAG[a, u] = u - a``: where row ``a`` of a Toeplitz matrix reads its row (any size up to 64).
_LAG = np.arange(64)[None, :] - np.arange(64)[:, None]


def toeplitz(rows: np.ndarray, n_in: int, n_out: int) -> np.ndarray:
    """``M[..., a, u] = rows[..., u - a]`` (0 outside the row), ``a <
    n_in``, ``u < n_out``: ``x @ M`` is ``x`` convolved with each row, cut
    to ``n_out`` (one matrix product for a stack of convolutions)."""
    width = min(rows.shape[-1], n_out)
    padded = np.zeros((*rows.shape[:-1], n_in + n_out - 1), dtype=rows.dtype)  # index u - a + n_in - 1
    padded[..., n_in - 1 : n_in - 1 + width] = rows[..., :width]
    lag = _LAG[:n_in, :n_out] if max(n_in, n_out) <= len(_LAG) else np.subtract.outer(-np.arange(n_in), -np.arange(n_out))
    return padded[..., lag + (n_in - 1)]


def power(pmf: np.ndarray, e: int) -> np.ndarray:
    """``pmf`` convolved with itself ``e`` times (``e >= 0``), by squaring."""
    out, sq = np.ones(1, dtype=pmf.dtype), pmf
    while e:
        if e & 1:
            out = np.convolve(out, sq)
        e >>= 1
        if e:
            sq = np.convolve(sq, sq)
    return out


def powers(bases: Sequence[Any], n: int, ex: bool) -> np.ndarray:
    """``out[i, e] = bases[i]**e`` for ``e <= n``, by repeated products
    (exact for whole numbers)."""
    out = np.empty((len(bases), n + 1), dtype=dtype(ex))
    out[:, 0] = 1
    out[:, 1:] = np.array(bases, dtype=dtype(ex))[:, None]
    return np.cumprod(out, axis=1)

"""What the KISSed dice of a task score, counted in whole numbers for
:mod:`.optimal`. A re-rolled die of a caliber with ``w`` failing, ``v``
succeeding (not doubled) and ``dd`` doubled faces has the generating
function ``w + v S + dd S X`` (``S`` counts a success, ``X`` a six), and
``r`` such dice its ``r``-th power.

Every table here is a polynomial flattened into one array: place ``p``
holds the coefficient of the ``p``-th monomial (for several tables side by
side, ``C`` places per monomial). Multiplying by a die moves a coefficient
one success up (``one`` places on) and one success and one six up (``two``
places on): for a score ``z`` (a success 1, a six 2) ``one, two = 1, 2``;
for a (successes, sixes) table of ``size`` columns ``one, two = size C,
(size + 1) C`` (:func:`moves`).

The float arithmetic is that of multiplying the whole tables, term by
term: every new coefficient is ``(a w + b v) + c dd`` (then ``+`` a count
that joins), in that order. Places that hold only zeros are skipped and a
factor 1 is not multiplied; adding a zero or multiplying by 1 is exact, so
counts that float64 no longer holds exactly (above 2**53) round as they
always did. (Arrays stay flat and small: numpy is quickest on contiguous
arrays, and a large temporary costs more to allocate than to fill.)

>>> score_counts(2, (4, 1, 1), np.zeros((3, 5), dtype=np.int64)).tolist()   # Bronze: 4 faces fail, 1 succeeds, 1 is a six
[[1, 0, 0, 0, 0], [4, 1, 1, 0, 0], [16, 8, 9, 2, 1]]
"""

from __future__ import annotations

from typing import Any

import numpy as np



def moves(faces: tuple[int, int, int], one: int, two: int, dtype) -> tuple[Any, list[tuple[Any, int]]]:
    """A die as ``w`` and its moves, ``(factor, places)`` for a success and
    for a six (a zero factor left out), the factors of ``dtype``."""
    w, v, dd = (np.dtype(dtype).type(f) for f in faces)
    return w, [(f, k) for f, k in ((v, one), (dd, two)) if f]


def score_counts(m: int, faces: tuple[int, int, int], out: np.ndarray) -> np.ndarray:
    """``out[r, z]``: ways ``r`` dice of a caliber score ``z`` (a failed die
    0, a success 1, a six 2), for ``r <= m``: row ``r + 1`` is row ``r``
    times a die (``out``, zeros, has at least ``2m + 1`` columns)."""
    out[0, 0] = 1
    w, die = moves(faces, 1, 2, out.dtype)
    rows = list(out[: m + 1])
    shifted = [(f, list(out[1 : m + 1, k:]), list(out[:m, :-k])) for f, k in die]
    for r in range(m):
        np.multiply(rows[r], w, out=rows[r + 1])
        for f, to, src in shifted:
            np.add(to[r], src[r] if f == 1 else src[r] * f, out=to[r])
    return out


def scores(m: int, faces: tuple[int, int, int], width: int, dtype) -> np.ndarray:
    """:func:`score_counts` for ``r <= m`` in ``width`` columns (at least
    ``2m + 1``), counted for each spec: a new spec builds no table before it
    (issue 8's cold figures)."""
    return score_counts(m, faces, np.zeros((m + 1, width), dtype=dtype))


def _convolve(flat: np.ndarray, coef: np.ndarray, out: np.ndarray) -> None:
    """``out[z] = sum_dz coef[dz] flat[z - dz]``, added ``dz`` by ``dz``
    (``flat`` rows of scores laid end to end: what a shift carries past a
    row's end is the next row's zeros)."""
    np.multiply(flat, coef[0], out=out)
    for dz in range(1, len(coef)):
        if coef[dz]:
            np.add(out[dz:], flat[:-dz] * coef[dz], out=out[dz:])


def tails(sizes: list[int], least: list[int], faces: list[tuple[int, int, int]], zmax: int,
          dtype) -> tuple[np.ndarray, list[int]]:
    """The ways the re-rolled dice score at least ``z``: ``out[row, z]``, a
    row per number of dice ``r_i`` re-rolled of each group, from ``least[i]``
    to ``sizes[i]``, the groups in the order ``axes`` returned (C order: the
    first axis slowest); the last column (``z > zmax``) is 0. The largest
    group's score counts first, each other group's convolved in (its score
    ``dz`` by ``dz``), then summed from the top score down."""
    order = sorted(range(len(sizes)), key=lambda i: -sizes[i])  # the largest group set at once
    i = order[0]
    table = scores(sizes[i], faces[i], zmax + 2, dtype)[least[i] :]
    for i in order[1:]:
        m, lo = sizes[i], least[i]
        sc = scores(m, faces[i], 2 * m + 1, dtype)
        new = np.empty((m + 1 - lo,) + table.shape, dtype=dtype)
        for r in range(lo, m + 1):
            _convolve(table.ravel(), sc[r, : 2 * r + 1], new[r - lo].ravel())
        table = new
    from_top = table[..., ::-1]
    np.cumsum(from_top, axis=-1, out=from_top)
    return table.reshape(-1, zmax + 2), order[::-1]


def kiss_in(W: np.ndarray, top: int, faces: tuple[int, int, int], size: int,
            height: list[int] | None = None) -> np.ndarray:
    """The (successes, sixes) table after KISSing the dice of one caliber:
    ``W[top - r, s, x * C + c]`` counts the first rolls that KISS ``r`` dice
    of this caliber and keep ``s`` successes and ``x`` sixes (``s, x`` below
    ``W.shape[1]``), ``c`` for the other calibers' KISSed dice (``C`` of
    them). Returns ``out[s, x, c] = sum_r W[top - r] (w + v S + dd S
    X)**r``, by Horner's scheme from ``r = top`` down; a table holds
    successes only up to the rows where it has counts (``height[top - r]``
    rows of ``W[top - r]``, all of them unless given), plus one per die
    multiplied in since."""
    low, width = W.shape[1], W.shape[2] // W.shape[1]
    if height is None:
        height = [low] * len(W)
    step = size * width  # one success up
    acc, out, tmp = np.zeros((3, size * step), dtype=W.dtype)
    block, spare = (b.reshape(size, step)[:low, : low * width] for b in (acc, out))
    w, die = moves(faces, step, step + width, W.dtype)
    n = 0
    for i in range(top + 1):
        if i:  # times a die, on the rows that can hold counts
            n = n + 1 if n < size else size
            end = n * step
            a, o = acc[:end], out[:end]
            np.multiply(a, w, out=o)
            for f, k in die:
                if k < end:
                    moved = o[k:]
                    np.add(moved, a[: end - k] if f == 1 else np.multiply(a[: end - k], f, out=tmp[: end - k]),
                           out=moved)
            acc, out, block, spare = out, acc, spare, block
        if i < len(W) and height[i]:
            n = max(n, height[i])
            np.add(block, W[i], out=block)
    return acc.reshape(size, size, width)


def kiss_all(W: np.ndarray, top: int, sizes: list[int], faces: list[tuple[int, int, int]], size: int,
             height: list[int]) -> np.ndarray:
    """The (successes, sixes) table after the KISS round: ``W[top - r, s, x
    * C + c]`` counts the first rolls by the ``r`` dice KISSed of the last
    group, the successes (``height[top - r]`` rows) and sixes kept and the
    dice KISSed of the others (``c`` their index in C order); the groups
    are KISSed in from the last to the first (:func:`kiss_in`)."""
    acc = kiss_in(W, top, faces[-1], size, height)
    for i in reversed(range(len(sizes) - 1)):
        split = acc.reshape(size, size, -1, sizes[i] + 1)[..., ::-1]  # from r = sizes[i] down
        W = np.ascontiguousarray(split.transpose(3, 0, 1, 2)).reshape(sizes[i] + 1, size, -1)
        acc = kiss_in(W, sizes[i], faces[i], size)
    return acc.reshape(size, size)

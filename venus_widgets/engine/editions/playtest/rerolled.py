"""What the KISSed dice of a task score, counted in whole numbers for
:mod:`.optimal`. A re-rolled die of a caliber with ``w`` failing, ``v``
succeeding (not doubled) and ``dd`` doubled faces has the generating
function ``w + v S + dd S X`` (``S`` counts a success, ``X`` a six), and
``r`` such dice its ``r``-th power.

Every table here is a polynomial flattened into one array: place ``p``
holds the coefficient of the ``p``-th monomial (for several tables side by
side, ``C`` places per monomial). Multiplying by a die
(:class:`Die`) moves a coefficient one success up (``one`` places on)
and one success and one six up (``two`` places on): for a score ``z`` (a
success 1, a six 2) ``one, two = 1, 2``; for a (successes, sixes) table of
``size`` columns ``one, two = size C, (size + 1) C``.

The float arithmetic is that of multiplying the whole tables, term by
term: every new coefficient is ``(a w + b v) + c dd`` (then ``+`` a count
that joins), in that order. Places that hold only zeros are skipped and a
factor 1 is not multiplied; adding a zero or multiplying by 1 is exact, so
counts that float64 no longer holds exactly (above 2**53) round as they
always did. (Arrays stay flat and small: numpy is quickest on contiguous
arrays, and a large temporary costs more to allocate than to fill.)

>>> score_counts(2, (4, 1, 1), np.int64).tolist()   # Bronze: 4 faces fail, 1 succeeds, 1 is a six
[[1, 0, 0, 0, 0], [4, 1, 1, 0, 0], [16, 8, 9, 2, 1]]
"""

from __future__ import annotations

import numpy as np


class Die:
    """Multiplying flat tables by a die, ``out = acc (w + v T**one + dd
    T**two)`` (``T**k`` moves a coefficient ``k`` places on; what moves
    past the end of ``out``, as long as ``acc``, is dropped): each place of
    ``out`` is ``(a w + b v) + c dd``, a zero term left out, a factor 1 not
    multiplied."""

    def __init__(self, faces: tuple[int, int, int], one: int, two: int, length: int, dtype):
        w, v, dd = faces
        self.w = w
        self.moves = [(f, k) for f, k in ((v, one), (dd, two)) if f]
        self.tmp = np.empty(length, dtype=dtype)

    def times(self, acc: np.ndarray, out: np.ndarray) -> None:
        np.multiply(acc, self.w, out=out)
        n = len(acc)
        for f, k in self.moves:
            if k < n:
                src = acc[: n - k] if f == 1 else np.multiply(acc[: n - k], f, out=self.tmp[: n - k])
                moved = out[k:]
                np.add(moved, src, out=moved)


def score_counts(m: int, faces: tuple[int, int, int], dtype) -> np.ndarray:
    """``out[r, z]``: ways ``r`` dice of a caliber score ``z`` (a failed die
    0, a success 1, a six 2), for ``r <= m``: row ``r + 1`` is row ``r``
    times a die."""
    out = np.zeros((m + 1, 2 * m + 1), dtype=dtype)
    out[0, 0] = 1
    die = Die(faces, 1, 2, 2 * m + 1, dtype)
    for r in range(m):
        n = 2 * r + 3  # scores 0 .. 2r + 2
        die.times(out[r, :n], out[r + 1, :n])
    return out


def _convolve(flat: np.ndarray, coef: np.ndarray, out: np.ndarray) -> None:
    """``out[z] = sum_dz coef[dz] flat[z - dz]``, added ``dz`` by ``dz``
    (``flat`` rows of scores laid end to end: what a shift carries past a
    row's end is the next row's zeros)."""
    np.multiply(flat, coef[0], out=out)
    for dz in range(1, len(coef)):
        if coef[dz]:
            np.add(out[dz:], flat[:-dz] * coef[dz], out=out[dz:])


def tails(sizes: list[int], faces: list[tuple[int, int, int]], zmax: int, dtype) -> tuple[np.ndarray, list[int]]:
    """The ways the re-rolled dice score at least ``z``: ``out[row, z]``, a
    row per number of dice ``r_i`` re-rolled of each group, the groups in
    the order ``axes`` returned (C order: the first axis slowest); the last
    column (``z > zmax``) is 0. The largest group's score counts first, each
    other group's convolved in (its score ``dz`` by ``dz``), then summed
    from the top score down."""
    order = sorted(range(len(sizes)), key=lambda i: -sizes[i])  # the largest group set at once
    m = sizes[order[0]]
    table = np.zeros((m + 1, zmax + 2), dtype=dtype)
    table[:, : 2 * m + 1] = score_counts(m, faces[order[0]], dtype)
    for i in order[1:]:
        sc = score_counts(sizes[i], faces[i], dtype)
        new = np.empty((sizes[i] + 1,) + table.shape, dtype=dtype)
        for r in range(sizes[i] + 1):
            _convolve(table.ravel(), sc[r, : 2 * r + 1], new[r].ravel())
        table = new
    from_top = table[..., ::-1]
    np.cumsum(from_top, axis=-1, out=from_top)
    return table.reshape(-1, zmax + 2), order[::-1]


def kiss_in(W: np.ndarray, top: int, faces: tuple[int, int, int], size: int, height=None) -> np.ndarray:
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
    bufs = np.zeros((2, size * step), dtype=W.dtype)
    blocks = [b.reshape(size, step)[:low, : low * width] for b in bufs]
    die = Die(faces, step, step + width, size * step, W.dtype)
    times, add = die.times, np.add
    acc, out = bufs
    block, spare = blocks
    n = 0
    for i in range(top + 1):
        if i:
            n = n + 1 if n < size else size
            times(acc[: n * step], out[: n * step])
            acc, out, block, spare = out, acc, spare, block
        if i < len(W) and height[i]:
            n = max(n, height[i])
            add(block, W[i], out=block)
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

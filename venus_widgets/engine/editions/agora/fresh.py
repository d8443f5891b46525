"""The KISSed main dice, rolled afresh: the joint law of (6s, successes,
1s) once every row has rolled its ``k`` fresh dice
(docs/rules_agora.md#how-the-odds-are-computed).

Rows are binned by ``k`` into grids ``G[k]``, and the fresh dice enter by
Horner's scheme, one die at a time: ``(... (G[K] * die + G[K-1]) * die
...) * die + G[0]``. One die on a grid ``h``: ``qf * h`` (a failure moves
nothing), plus ``G[j]``, then ``h`` moved by a 6 (one more 6 and one more
success), by a 6 on the capped top row of the 6s, by another success, by a
1, by a 1 on the capped top cell of the 1s, each weighted by its faces,
added in that order.

How it is laid out, for speed: each grid is one flat array, the successes
last, so a move is a slice of it added to a slice of the other of two
buffers that take turns, their slices made once. Counts never exceed the
dice rolled, so a cell that a move would carry past the top of an uncapped
count is empty while dice are still to come: the slice may run over it,
adding an exact zero (:meth:`Grid.of` sizes the grid by the counts the
rows reach with their fresh dice). Only a move along a capped count that is not the
outermost axis needs a slice per row of the outer axis (a 2-D slice); the
1s, when capped, are the outermost axis. A move of weight 0 adds nothing
and one of weight 1 needs no product, so both are skipped. Every cell thus
gets the same sums in the same order as the plain scheme: the same floats
to the bit, and the same Python ints or Fractions.

>>> x = reroll(np.array([1.0]), np.array([0]), np.array([0]), np.array([0]), np.array([2]), weights(4),
...            caps=(0, 1))
>>> [(int(w), int(s), int(o)) for w, _, s, o in zip(*x) if w]   # 2 rank-4 dice: successes, a 1, out of 36
[(4, 0, 0), (5, 0, 1), (12, 1, 0), (6, 1, 1), (9, 2, 0)]
>>> reroll(np.array([1.0]), np.array([0]), np.array([0]), np.array([0]), np.array([2]), weights(4),
...        caps=(0, 1), ones_alone=True)[-1].tolist()   # the 1s alone, uncapped
[25.0, 10.0, 1.0]
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple, Sequence

import numpy as np

from ...maths.exact import bincount
from .kernels import weights  # noqa: F401  (the doctests' fresh die)

#: (weight, slice of the grid being made, slice of the grid before the die)
Move = tuple[Any, np.ndarray, np.ndarray]


def _cells(shape: tuple[int, ...]) -> tuple[np.ndarray, ...]:
    """Flat (6s, successes, 1s) of every cell of a grid of ``shape``."""
    flat = np.arange(shape[0] * shape[1] * shape[2])
    rest, ones = np.divmod(flat, shape[2])
    six, succ = np.divmod(rest, shape[1])
    return six, succ, ones


class Grid(NamedTuple):
    """The flat grid the fresh dice roll on: ``n6 * n1 * ns`` cells of
    (6s, 1s, successes), the 1s outermost when ``capped[1]``, else the 6s,
    the successes last; then, with ``alone`` cells, the law of the 1s
    alone (cell ``i`` holds ``i`` ones). ``capped``: whether the 6s, the
    1s, stop at a top cell meaning "that many or more"."""

    n6: int
    n1: int
    ns: int
    alone: int
    capped: tuple[bool, bool]

    @classmethod
    def of(cls, tops: Sequence[int], caps: tuple[int | None, int | None] = (None, None),
           ones_alone: bool = False) -> "Grid":
        """The grid for rows whose 6s, successes and 1s reach at most
        ``tops`` with their fresh dice (their count plus their ``k``),
        cut at ``caps`` (0 drops that count)."""
        r6, rs, r1 = tops[:3]
        c6, c1 = caps
        n6 = r6 + 1 if c6 is None else min(r6, c6) + 1
        n1 = r1 + 1 if c1 is None else min(r1, c1) + 1
        return cls(n6, n1, rs + 1, r1 + 1 if ones_alone else 0, (c6 is not None, c1 is not None))

    @property
    def cells(self) -> int:
        """The cells of (6s, 1s, successes)."""
        return self.n6 * self.n1 * self.ns

    @property
    def width(self) -> int:
        """The cells of one flat grid: those and the 1s alone."""
        return self.cells + self.alone

    def flat(self, k: Any, six: Any, low: Any, succ: Any) -> np.ndarray:
        """The flat cells of (KISSed dice, 6s, 1s, successes) (arrays that
        broadcast, each within the grid) when the grids of each ``k`` lie
        one after the other, :attr:`width` apart."""
        k, six, low, succ = (np.asarray(x, dtype=np.intp) for x in (k, six, low, succ))
        outer = low * self.n6 + six if self.capped[1] else six * self.n1 + low
        return (k * self.width + succ) + outer * self.ns

    def roll(self, g: np.ndarray, die: Any) -> tuple[np.ndarray, ...]:
        """Roll ``g[k]`` (one flat grid per ``k``) with ``k`` fresh dice of
        weights or probabilities ``die`` each; the law as flat cells (p,
        6s, successes, 1s), and with :attr:`alone` the 1s alone."""
        n6, n1, ns, cells = self.n6, self.n1, self.ns, self.cells
        mult = np.full(self.width, die[3], dtype=g.dtype)  # a failure moves nothing
        mult[cells:] = die[0] + die[1] + die[3]  # the 1s alone: anything but a 1 moves nothing

        def moves(h: np.ndarray, nxt: np.ndarray) -> list[Move]:
            out = _moves(h[:cells], nxt[:cells], die, (n6, n1, ns), self.capped)
            if self.alone and die[2] != 0:
                out.append((die[2], nxt[cells + 1:], h[cells:-1]))
            return out

        h = _horner(g, mult, moves)
        if self.capped[1]:
            law = h[:cells].reshape(n1, n6, ns).transpose(1, 2, 0)
        else:
            law = h[:cells].reshape(n6, n1, ns).transpose(0, 2, 1)
        out = (law.ravel(),) + _cells((n6, ns, n1))
        return out + (h[cells:],) if self.alone else out


def reroll(p: Any, six: Any, succ: Any, ones: Any, k: Any, die: Any, caps: tuple[int | None, int | None] = (None, None),
           tops: Sequence[int] | None = None, ones_alone: bool = False) -> tuple[np.ndarray, ...]:
    """Add ``k`` fresh main dice to each row (arrays that broadcast); the
    joint law of (6s, successes, 1s) as flat cells (p, 6s, successes, 1s),
    and with ``ones_alone`` the law of the 1s alone, uncapped (cell ``i``
    holds ``i`` ones), counted in the same loop.

    ``die`` is the fresh die's (6, other success, 1, other failure): its
    probabilities (:func:`~.kernels.categories`), or its
    :func:`~.kernels.weights` when ``p`` holds counts, each row's count
    already out of the same ``6**m`` for ``m`` dice rolled *with* the row's
    fresh dice (the cells' counts are then out of ``6**m``). ``caps`` cut
    the 6s or the 1s at a top cell meaning "that many or more" (0 drops
    that count): the odds ask only how many 6s below the threshold, and
    whether two 1s show. ``tops`` are the largest 6s, successes and 1s a
    row reaches with its fresh dice (its count plus its ``k``), and the
    largest ``k`` (by default read from the arrays): they size the grid,
    so they must not fall short.
    """
    k = np.asarray(k)
    tops = tops if tops is not None else [int(np.max(x + k)) for x in (six, succ, ones)] + [int(np.max(k))]
    grid = Grid.of(tops, caps, ones_alone)
    at = grid.flat(k, np.minimum(six, grid.n6 - 1), np.minimum(ones, grid.n1 - 1), succ)
    width, kmax = grid.width, tops[3]
    g = _bins(at, p, (kmax + 1) * width).reshape(-1, width)
    if ones_alone:
        at = np.asarray(k * grid.alone + ones)
        g[:, grid.cells:] = _bins(at, p, (kmax + 1) * grid.alone).reshape(-1, grid.alone)
    return grid.roll(g, die)


def _bins(at: np.ndarray, p: np.ndarray, size: int) -> np.ndarray:
    """``p`` (broadcast to ``at``) added up into ``size`` bins by ``at``:
    whole numbers stay whole numbers of their own dtype (``np.bincount``
    would make them floats), floats and Fractions as :func:`bincount`."""
    p = np.asarray(p)
    if p.dtype.kind not in "iu":
        return bincount(at, np.broadcast_to(p, at.shape), minlength=size)
    out = np.zeros(size, dtype=p.dtype)
    np.add.at(out, np.asarray(at).ravel(), np.broadcast_to(p, at.shape).ravel())
    return out


def _horner(g: np.ndarray, mult: np.ndarray, moves: Callable[[np.ndarray, np.ndarray], list[Move]]) -> np.ndarray:
    """``(... (G[K] * die + G[K-1]) * die ...) * die + G[0]`` for flat grids
    ``g[k]``: each die multiplies cell by cell by ``mult``, adds ``G[j]``,
    then adds each of ``moves(h, nxt)`` in order (see the module's text)."""
    h, nxt = g[-1].copy(), np.empty_like(g[-1])
    plans = tuple((w == 1, w, to, frm) for w, to, frm in moves(h, nxt)), \
        tuple((w == 1, w, to, frm) for w, to, frm in moves(nxt, h))
    add, multiply = np.add, np.multiply
    for i, j in enumerate(range(len(g) - 2, -1, -1)):
        src, dst = (h, nxt) if i % 2 == 0 else (nxt, h)
        multiply(src, mult, dst)
        add(dst, g[j], dst)
        for one, w, to, frm in plans[i % 2]:
            add(to, frm if one else w * frm, to)
    return h if len(g) % 2 else nxt


def _moves(h: np.ndarray, nxt: np.ndarray, die: Any, shape: tuple[int, int, int],
           capped: tuple[bool, bool]) -> list[Move]:
    """The moves of one fresh die between flat grids of (6s, 1s, successes)
    counts (``shape``; ``capped``: whether the 6s, the 1s, stop at a top
    cell), in order, without those of weight 0. Laid out with the 1s
    outermost when they are capped, else the 6s; the successes last."""
    q6, qs, q1, _ = die
    n6, n1, ns = shape
    if capped[1]:  # (1s, 6s, successes): the 1s move by whole blocks, the 6s within each block
        block = n6 * ns
        to2, frm2 = nxt.reshape(n1, block), h.reshape(n1, block)
        six = (to2[:, ns + 1:], frm2[:, :-ns - 1]) if capped[0] else (nxt[ns + 1:], h[:-ns - 1])
        top6 = (to2[:, (n6 - 1) * ns + 1:], frm2[:, (n6 - 1) * ns:-1])
        one = (nxt[block:], h[:-block])
        top1 = (nxt[(n1 - 1) * block:], h[(n1 - 1) * block:])
    else:  # (6s, 1s, successes): every move is one slice (the 1s are not capped)
        plane = n1 * ns
        six = (nxt[plane + 1:], h[:-plane - 1])
        top6 = (nxt[(n6 - 1) * plane + 1:], h[(n6 - 1) * plane:-1])
        one = (nxt[ns:], h[:-ns])
    out = [(q6, *six)] + ([(q6, *top6)] if capped[0] else []) + [(qs, nxt[1:], h[:-1]), (q1, *one)]
    if capped[1]:
        out.append((q1, *top1))
    return [m for m in out if m[0] != 0]

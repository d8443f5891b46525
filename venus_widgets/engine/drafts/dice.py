"""One die, counted: what its faces (with the dice they explode into) add
to the quantities the kernel tracks, as ways over a whole-number
denominator, in the kernel's packed space (:mod:`.space`).

A face that does not explode adds its own values. A face that explodes adds
its values and rolls the die again: with ``depth`` k, at most k extra dice,
the face of the last one standing (exploding faces count, roll no more).
With ``A`` the faces that stop and ``B`` those that explode (as packed
polynomials), a fresh die allowed k more dice is

    P(0) = A + B,    P(k) = sides**k A + B P(k - 1)

over ``sides ** (k + 1)`` ways: a chain that stops early counts each
unrolled die as ``sides`` equal ways, so every die is ``sides ** (depth +
1)`` ways and the odds stay a fraction. Without a depth (``"unbounded"``)
the odds are not a fraction: ``P = A / sides + (B / sides) P`` in
probabilities, followed until less than 1e-18 of a die is left uncounted
(:data:`CHAIN_CUT`, reported as cut).

>>> from .plan import DieTable
>>> from .space import Space
>>> t = DieTable(6, (1, 0, 0, 0, 0, 1), (), (False,) * 5 + (True,), 1)
>>> lo, hi = bounds(t, ("successes",), ())
>>> lo, hi
((0,), (2,))
>>> values, ways = die_ways(t, ("successes",), (), "exact")      # over 36 ways
>>> values.tolist(), ways.tolist()
([[0, 1, 2]], [24, 10, 2])
"""

from __future__ import annotations

import math
from typing import Any, Sequence

import numpy as np

from .plan import DieTable
from .space import Space

#: Mass of one die's chain left uncounted without a depth.
CHAIN_CUT = 1e-18

Vector = tuple[int, ...]


def face_vector(t: DieTable, face: int, names: Sequence[str], marks: Sequence[str]) -> Vector:
    """What one face adds to each tracked quantity."""
    out = []
    for n in names:
        if n == "successes":
            out.append(t.successes[face - 1])
        elif n == "total":
            out.append(face)
        else:
            out.append(t.marks[list(marks).index(n)][face - 1])
    return tuple(out)


def levels(t: DieTable) -> int:
    """Extra dice a chain may add: the depth, or (without one) until less
    than :data:`CHAIN_CUT` is left."""
    if not t.explodes:
        return 0
    if t.depth is not None:
        return t.depth
    e = sum(t.explode) / t.sides
    return max(1, math.ceil(math.log(CHAIN_CUT) / math.log(e)))


def bounds(t: DieTable, names: Sequence[str], marks: Sequence[str],
           vec: Sequence[Vector] | None = None) -> tuple[Vector, Vector]:
    """Lowest and highest values one die (with its chain) can add."""
    if vec is None:
        vec = [face_vector(t, f, names, marks) for f in range(1, t.sides + 1)]
    boom = [v for f, v in enumerate(vec) if t.explode[f]]
    k = levels(t)
    cols = list(zip(*vec))
    bcols = list(zip(*boom)) if boom else [()] * len(names)
    lo = tuple(min(c) + k * min(0, min(b, default=0)) for c, b in zip(cols, bcols))
    hi = tuple(max(c) + k * max(0, max(b, default=0)) for c, b in zip(cols, bcols))
    return lo, hi


def die_ways(t: DieTable, names: Sequence[str], marks: Sequence[str], mode: str,
             leave_out: Sequence[int] = ()) -> tuple[np.ndarray, np.ndarray]:
    """One die's ways (``mode`` "count" or "exact": whole numbers over
    ``sides ** (depth + 1)``; "float": probabilities): the values it adds
    (one row per tracked quantity) and their ways; the faces ``leave_out``
    (faces that count nothing) left out.

    Counted in a packed space of the die's own (:mod:`.space`), wide enough
    that no sum of a chain overflows a digit, with every value counted
    from the die's lowest."""
    dtype = object if mode == "exact" else np.float64
    s, k = t.sides, levels(t)
    vec = [face_vector(t, f, names, marks) for f in range(1, s + 1)]
    lo, hi = bounds(t, names, marks, vec)
    boom = [f for f in range(s) if t.explode[f]] if k > 0 else []
    top = [max((vec[f][i] for f in boom), default=lo[i]) for i in range(len(names))]
    radix = [(h - l) + max(0, b - l) + 1 for h, l, b in zip(hi, lo, top)]
    st, z = [], 1
    for r in radix:
        st.append(z)
        z *= r
    at = [sum((x - l) * w for x, l, w in zip(v, lo, st)) for v in vec]
    one: Any = 1.0 / s if mode == "float" else 1
    size = max(at) + 1
    A = np.zeros(size, dtype=dtype)
    B = np.zeros(size, dtype=dtype)
    for f in range(s):
        (B if f in boom else A)[at[f]] += one
    back = sum(l * w for l, w in zip(lo, st))  # a chain's sums count from 2 lo: move them to lo
    if not boom:
        poly = A
    elif len(set(at[f] for f in boom)) == 1 and at[boom[0]] + back >= 0:
        # one kind of exploding face (that adds nothing negative): the chain in one step
        poly = _one_kind(A, B, k, s, mode, back)
    else:
        poly = _plus(A, B)
        for j in range(1, k + 1):
            poly = _plus(A * (s ** j if mode != "float" else 1), _move(np.convolve(B, poly), back))
            if mode == "float":
                poly = _trim(poly)
    if leave_out:  # blank faces: at the die's zero, s**depth ways each (1 / s in probabilities)
        w = (s ** k if mode != "float" else one) * len(leave_out)
        poly = _put(poly.copy(), -back, -w)
    idx = poly.nonzero()[0]
    if len(names) == 1:
        values = (idx + lo[0]).reshape(1, idx.size)
    else:
        values = np.array([l + (idx // w) % r for l, w, r in zip(lo, st, radix)], dtype=np.int64).reshape(
            len(names), idx.size)
    return values, poly[idx]


def _one_kind(A: np.ndarray, B: np.ndarray, k: int, s: int, mode: str, back: int) -> np.ndarray:
    """``P(k)`` when every exploding face adds the same (``B = c x**b``):
    ``P(k) = sum_j c**j s**(k - j) x**(j b) A`` for ``j < k``, and
    ``c**k x**(k b) (A + B)`` (in probabilities ``s`` is 1 and ``c`` the share)."""
    b = int(B.nonzero()[0][0])
    c = B[b]
    step = b + back  # one more exploding face: its values counted from 0, not from lo
    ones = s if mode != "float" else 1
    last = _plus(A, B)
    size = max(A.size + (k - 1) * step, last.size + k * step) if k else last.size
    out = np.zeros(size, dtype=A.dtype)
    if mode == "exact":
        for j in range(k):
            out[j * step: j * step + A.size] += A * (c ** j * ones ** (k - j))
    elif k:
        coef = float(c) ** np.arange(k) * float(ones) ** np.arange(k, 0, -1)
        idx = (np.arange(k) * step)[:, None] + np.arange(A.size)[None, :]
        np.add.at(out, idx.ravel(), np.outer(coef, A).ravel())
    out[k * step: k * step + last.size] += last * (c ** k)
    return out


def _put(a: np.ndarray, i: int, w: Any) -> np.ndarray:
    if i >= a.size:
        out = np.zeros(i + 1, dtype=a.dtype)
        out[: a.size] = a
        a = out
    a[i] += w
    return a


def _move(a: np.ndarray, by: int) -> np.ndarray:
    """``a`` moved ``by`` packed places (down: the places left behind hold nothing)."""
    if by == 0:
        return a
    if by > 0:
        out = np.zeros(a.size + by, dtype=a.dtype)
        out[by:] = a
        return out
    return a[-by:]


def _plus(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    if a.size < b.size:
        a, b = b, a
    out = a.copy()
    out[: b.size] += b
    return out


def _trim(a: np.ndarray) -> np.ndarray:
    """Trailing entries far below any probability shown (counted as cut)."""
    nz = np.flatnonzero(a > CHAIN_CUT * 1e-6)
    return a[: nz[-1] + 1] if nz.size else a[:1]


def pack(values: np.ndarray, ways: np.ndarray, space: Space, shift: Sequence[int]) -> np.ndarray:
    """Ways by value (from :func:`die_ways`) as an array over the kernel's
    packed indices, each value counted from ``shift``."""
    idx = np.zeros(ways.size, dtype=np.int64)
    for row, sh, z in zip(values, shift, space.strides):
        idx += (row - sh) * z
    out = np.zeros(int(idx.max()) + 1 if idx.size else 1, dtype=ways.dtype)
    np.add.at(out, idx, ways)
    return out


def die_weight(t: DieTable, mode: str) -> Any:
    """The ways of one die: ``sides ** (depth + 1)`` (1 in probabilities)."""
    if mode == "float":
        return 1.0
    return t.sides ** (1 + levels(t))


def face_weight(t: DieTable, mode: str) -> Any:
    """The ways of one face: ``sides ** depth`` (``1 / sides`` in probabilities)."""
    if mode == "float":
        return 1.0 / t.sides
    return t.sides ** levels(t)

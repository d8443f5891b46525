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
(:data:`CHAIN_CUT`, reported as cut); but where the exploding faces count
nothing (:mod:`.redraw`), ``P = A / (sides - b)`` for ``b`` exploding
faces: the die is one of ``sides - b`` equal ways, a fraction.

The quantities are given as rows, one per quantity, of what each face adds
(:func:`rows`: the tallies of :mod:`.readings` a group's dice add to).

>>> from .plan import DieTable
>>> from .space import Space
>>> t = DieTable(6, (1, 0, 0, 0, 0, 1), (), (False,) * 5 + (True,), 1)
>>> lo, hi = bounds(t, (t.successes,))
>>> lo, hi
((0,), (2,))
>>> values, ways = die_ways(t, (t.successes,), "exact")      # over 36 ways
>>> values.tolist(), ways.tolist()
([[0, 1, 2]], [24, 10, 2])
"""

from __future__ import annotations

import math
from typing import Any, Iterable, Mapping, Sequence

import numpy as np

from .plan import DieTable
from .quick_terms import terms
from .success_faces import NONE, faces
from .space import Space

#: Mass of one die's chain left uncounted without a depth.
CHAIN_CUT = 1e-18

Vector = tuple[int, ...]


#: What each face adds to each quantity: one row per quantity (index ``face - 1``).
Rows = tuple[tuple[int, ...], ...]


def rows(t: DieTable, tallies: Sequence[Any], group: str, marks: Sequence[str]) -> Rows:
    """What each face of a group's die adds to each tally (:class:`.readings.Tally`):
    nothing to a tally of other groups."""
    zero = (0,) * t.sides
    return tuple(r.faces(t, marks) if r.reads(group) else zero for r in tallies)


def faces_matrix(t: DieTable, V: Rows) -> np.ndarray:
    """The rows as a matrix: one row per quantity, one column per face."""
    return np.array(V, dtype=np.int64).reshape(len(V), t.sides)


def levels(t: DieTable) -> int:
    """Extra dice a chain may add: the depth, or (without one) until less
    than :data:`CHAIN_CUT` is left."""
    if not t.explodes or t.redraw:
        return 0
    if t.depth is not None:
        return t.depth
    e = sum(t.explode) / t.sides
    return max(1, math.ceil(math.log(CHAIN_CUT) / math.log(e)))


def _bounds(V: np.ndarray, boom: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Lowest and highest values of one die with its chain, and the highest
    of an exploding face (from the faces matrix ``V``)."""
    lo, hi = V.min(axis=1), V.max(axis=1)
    if k and boom.any():
        B = V[:, boom]
        return lo + k * np.minimum(0, B.min(axis=1)), hi + k * np.maximum(0, B.max(axis=1)), B.max(axis=1)
    return lo, hi, lo


def bounds(t: DieTable, V: Rows) -> tuple[Vector, Vector]:
    """Lowest and highest values one die (with its chain) can add."""
    k = levels(t)
    lo, hi, _ = _bounds(faces_matrix(t, V), np.array(t.explode, dtype=bool), k)
    return tuple(lo.tolist()), tuple(hi.tolist())


def die_ways(t: DieTable, V: Rows, mode: str, leave_out: Sequence[int] = (),
             without: Sequence[int] = ()) -> tuple[np.ndarray, np.ndarray]:
    """One die's ways (``mode`` "count" or "exact": whole numbers over
    ``sides ** (depth + 1)``; "float": probabilities): the values it adds
    (one row per tracked quantity) and their ways; the faces ``leave_out``
    (faces that count nothing) left out, and the chains in which a face of
    ``without`` shows (the ways of a die that never shows them: a mark's
    chance is one minus the chance that no die shows it).

    Counted in a packed space of the die's own (:mod:`.space`), wide enough
    that no sum of a chain overflows a digit, with every value counted
    from the die's lowest. (With one quantity its values ascend.)"""
    if mode == "wide":  # whole numbers in int64: the float64 counts of one die are exact
        values, ways = die_ways(t, V, "count", leave_out, without)
        return values, ways.astype(np.int64)
    s, k = t.sides, levels(t)
    quantities = len(V)
    M = faces_matrix(t, V)
    boom = np.array(t.explode, dtype=bool) if k else np.zeros(s, dtype=bool)
    lo, hi, top = _bounds(M, boom, k)
    radix = (hi - lo) + np.maximum(0, top - lo) + 1
    st = np.cumprod(np.concatenate(([1], radix[:-1])))
    at = ((M - lo[:, None]) * st[:, None]).sum(axis=0)  # each face's place
    size = int(at.max()) + 1
    keep = np.ones(s, dtype=bool)
    keep[[f - 1 for f in without]] = False
    if t.redraw:  # a face rolled again that counts nothing only delays the stop: the die is its other faces
        keep &= ~np.array(t.explode, dtype=bool)
    stop, go = ~boom & keep, boom & keep
    if mode == "float":
        A = np.bincount(at[stop], minlength=size) / (s - sum(t.explode) if t.redraw else s)
        B = np.bincount(at[go], minlength=size) / s
    else:
        A = np.bincount(at[stop], minlength=size).astype(object if mode == "exact" else np.float64)
        B = np.bincount(at[go], minlength=size).astype(A.dtype)
    back = int((lo * st).sum())  # a chain's sums count from 2 lo: move them to lo
    if not go.any():
        poly = A if not boom.any() else A * (s ** k if mode != "float" else 1)  # no chain: every die weighs the same
    elif len(set(at[go].tolist())) == 1 and int(at[go][0]) + back >= 0:
        # one kind of exploding face (that adds nothing negative): the chain in one step
        poly = _one_kind(A, B, k, s, mode, back)
    else:
        poly = _plus(A, B)
        for j in range(1, k + 1):
            poly = _plus(A * (s ** j if mode != "float" else 1), _move(np.convolve(B, poly), back))
            if mode == "float":
                poly = _trim(poly)
    if leave_out:  # blank faces: at the die's zero, s**depth ways each (1 / s in probabilities)
        w = face_weight(t, mode) * len(leave_out)
        poly = _put(poly.copy(), -back, -w)
    idx = poly.nonzero()[0]
    if quantities == 1:
        values = (idx + int(lo[0])).reshape(1, idx.size)
    else:
        values = lo[:, None] + (idx[None, :] // st[:, None]) % radix[:, None]
    return values, poly[idx]


def _one_kind(A: np.ndarray, B: np.ndarray, k: int, s: int, mode: str, back: int) -> np.ndarray:
    """``P(k)`` when every exploding face adds the same (``B = c x**b``):
    ``P(k) = sum_j c**j s**(k - j) x**(j b) A`` for ``j < k``, and
    ``c**k x**(k b) (A + B)`` (in probabilities ``s`` is 1 and ``c`` the share):
    a scaled copy of ``A`` every ``b`` places, and the last term."""
    b = int(B.nonzero()[0][0])
    c = B[b]
    step = b + back  # one more exploding face: its values counted from 0, not from lo
    ones = s if mode != "float" else 1
    last = _plus(A, B)
    if mode == "float":
        coef = float(c) ** np.arange(k)
    else:
        coef = np.array([c ** j * ones ** (k - j) for j in range(k)], dtype=A.dtype)
    if k and step:  # one scaled copy of A per chain length, ``step`` places apart (not a convolution with
        # an array of every place between them, nearly all 0: ``k`` copies of A, not ``k step`` of them)
        head = np.zeros((k - 1) * step + A.size, dtype=A.dtype)
        for j in range(k):
            head[j * step: j * step + A.size] += A * coef[j]
    elif k:  # the exploding face adds nothing: every chain length lands on the same value
        head = A * coef.sum()
    else:
        head = np.zeros(1, dtype=A.dtype)
    tail = last * (c ** k)
    out = np.zeros(max(head.size, k * step + tail.size), dtype=A.dtype)
    out[: head.size] += head
    out[k * step: k * step + tail.size] += tail
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
    st = space.strides
    idx = values[0] - shift[0] if len(shift) == 1 else \
        np.dot(st, values) - sum(x * s for x, s in zip(shift, st))  # (whole numbers: one product)
    if ways.dtype == np.int64:  # one die's ways: below 2**53
        return np.bincount(idx, weights=ways).astype(np.int64)
    if ways.dtype != object:
        return np.bincount(idx, weights=ways)
    out = np.zeros(int(idx.max()) + 1 if idx.size else 1, dtype=object)
    np.add.at(out, idx, ways)
    return out


def die_weight(t: DieTable, mode: str) -> Any:
    """The ways of one die: ``sides ** (depth + 1)`` (1 in probabilities)."""
    if mode == "float":
        return 1.0
    if t.redraw:
        return t.sides - sum(t.explode)
    return t.sides ** (1 + levels(t))  # (whole numbers: "count", "wide", "exact" alike)


def face_weight(t: DieTable, mode: str) -> Any:
    """The ways of one face: ``sides ** depth`` (``1 / sides`` in probabilities)."""
    if t.redraw:
        return 1.0 / (t.sides - sum(t.explode)) if mode == "float" else 1
    if mode == "float":
        return 1.0 / t.sides
    return t.sides ** levels(t)


def ways_of(compiled: Mapping[tuple, tuple], t: DieTable, V: Rows, mode: str,
            leave_out: Sequence[int] = (), without: Sequence[int] = ()) -> tuple[np.ndarray, np.ndarray]:
    """:func:`die_ways`, read from the dice counted when the draft loaded
    where they are there (the dice of its rules as written; without the
    faces of each mark too); in int64, and in Python ints for a die of
    fewer than 2**53 ways, the whole numbers counted in float64 (exact there)."""
    if mode == "wide" or (mode == "exact" and die_weight(t, "count") < 2**53):
        values, ways = ways_of(compiled, t, V, "count", leave_out, without)
        return values, ways.astype(np.int64) if mode == "wide" else np.array([int(x) for x in ways.tolist()], dtype=object)
    found = compiled.get((t, V, mode, tuple(leave_out), tuple(without)) if without else
                         (t, V, mode, tuple(leave_out)))
    return found if found is not None else die_ways(t, V, mode, leave_out, without)


def value_range(compiled: Mapping[tuple, tuple], t: DieTable, V: Rows, mode: str, without: Sequence[int],
                values: np.ndarray) -> tuple[list[int], list[int]]:
    """Each tally's lowest and highest value on one die, of its ``values``
    (:func:`ways_of` with no face left out): worked out when the draft
    loaded for the dice counted then, else read off ``values``."""
    found = compiled.get(("range", t, V, "float" if mode == "float" else "count", tuple(without)))
    if found is not None:
        return found
    return values.min(axis=1).tolist(), values.max(axis=1).tolist()


def compile_dice(tables: Iterable[tuple[DieTable, Rows, tuple[int, ...]]]) -> dict[tuple, tuple]:
    """The ways of each die (and without the faces a re-roll takes), for
    the rows of quantities it adds, counted and in probabilities, and again
    without the faces of each mark it shows (a mark's chance, where the
    counts do not track it): what a draft computes once, when it loads, as
    an edition's tables are computed at import; and what the cost guard's
    quick bound reads of each (:mod:`.quick_terms`) and the re-roll step
    counted by successes (:mod:`.success_faces`). Read only afterwards
    (nothing is added per spec)."""
    out: dict[tuple, tuple] = {}
    for t, V, eligible in tables:
        out[("quick", t, V)] = terms(t, V)
        if eligible:  # (what the re-roll step counted by successes reads of it)
            out[("successes", t, tuple(eligible), V)] = faces(t, tuple(eligible), V) or NONE
        marked = {tuple(f for f in range(1, t.sides + 1) if row[f - 1]) for row in t.marks} - {()}
        for mode in ("count", "float"):
            if mode == "count" and t.endless:
                continue
            for leave in {(), tuple(eligible)}:
                for without in [(), *sorted(marked)]:
                    values, ways = die_ways(t, V, mode, leave, without)
                    values.flags.writeable = ways.flags.writeable = False
                    if not leave and values.size:
                        out[("range", t, V, mode, without)] = (values.min(axis=1).tolist(), values.max(axis=1).tolist())
                    out[(t, V, mode, leave, without) if without else (t, V, mode, leave)] = (values, ways)
    return out

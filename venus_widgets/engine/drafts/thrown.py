"""The dice of many rolls at once, compact (:func:`.rolling.roll_many`):
each group's first faces, a row a die and a column a roll
(``first[dice, rows]``, in the smallest whole-number type that holds them:
a die's faces over the rolls are added up as whole rows, quick however
few the dice), and the dice their
explosions added as a list, one entry a die (its row, the die of the group
it exploded from, its face). A chain draws, level by level, one face for
each die still exploding and nothing for the others, so a block of rolls
draws about the dice its rolls draw (six d6 exploding on 6: about 7.2 a
roll), and what the dice show is added up from the list, never from a
``[rows, dice, level]`` array.

>>> import numpy as np
>>> from .plan import DieTable
>>> t = DieTable(6, (1, 0, 0, 0, 0, 1), (), (False,) * 5 + (True,), None)
>>> gen = np.random.Generator(np.random.PCG64(1))
>>> d = throw(t, np.array([[6, 2], [3, 6]], dtype=np.int8), gen)    # two dice, two rolls, two 6s: two dice more at least
>>> bool(len(d.face) >= 2 and (d.row[:2] == [0, 1]).all() and (d.die[:2] == [0, 1]).all())
True
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, NamedTuple

import numpy as np

from ..caching import cached
from .plan import DieTable

#: The most cells a step of reading works on at once (the first faces of a slice of rows, each
#: looked up in the smallest whole-number type that holds what a face adds): about 8 MB at most.
CELLS = 1 << 20


class Thrown(NamedTuple):
    """One group's dice of a block of rolls: ``first[dice, rows]`` each
    die's face (re-rolled dice: their new face), and the dice their chains
    added, one entry each: ``row``, ``die`` (the die of the group it
    exploded from) and ``face``."""

    first: np.ndarray
    row: np.ndarray
    die: np.ndarray
    face: np.ndarray

    def more(self, first: np.ndarray, at: np.ndarray, face: np.ndarray) -> "Thrown":
        """These dice with other first faces, and more chain dice at the places ``at``."""
        d = thrown(first, at, face)
        return Thrown(first, np.concatenate([self.row, d.row]), np.concatenate([self.die, d.die]),
                      np.concatenate([self.face, face]))


#: The largest face each type of :func:`small` holds, by its type's letter.
_MOST = {np.dtype(k).char: int(np.iinfo(k).max) for k in (np.int8, np.int16, np.int32, np.int64)}


def small(sides: int) -> Any:
    """The smallest whole-number type that holds every face of a die of ``sides``."""
    return np.int8 if sides < 2 ** 7 else np.int16 if sides < 2 ** 15 else np.int32 if sides < 2 ** 31 else np.int64


def _booms(t: DieTable, faces: np.ndarray) -> np.ndarray:
    """Whether each of ``faces`` explodes (faces in a run, ``10`` or ``18+``: compared, not looked up)."""
    on = [f for f, e in enumerate(t.explode, 1) if e]
    if on[-1] - on[0] + 1 == len(on):
        return (faces == on[0]) if len(on) == 1 else (faces >= on[0]) & (faces <= on[-1])
    return np.concatenate([[False], np.asarray(t.explode, dtype=bool)])[faces]


def chain(t: DieTable, at: np.ndarray, face: np.ndarray, gen: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """The dice that the dice at ``at`` (their places in ``first``, its
    dice's rows one after the other) showing ``face`` explode into, level by
    level (at each level one face per die still exploding, in the order of
    the list; at most the die's depth of levels): ``(at, face)`` of each,
    ``at`` the die its chain started from."""
    kind = small(t.sides)
    if not t.explodes or t.depth == 0 or not len(face):
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=kind)
    at = at[_booms(t, face)]
    places, faces = [np.zeros(0, dtype=np.int64)], [np.zeros(0, dtype=kind)]
    level = 0
    while len(at) and (t.depth is None or level < t.depth):
        new = gen.integers(1, t.sides + 1, size=len(at), dtype=kind)
        places.append(at)
        faces.append(new)
        at = at[_booms(t, new)]
        level += 1
    return np.concatenate(places), np.concatenate(faces)


def thrown(first: np.ndarray, at: np.ndarray, face: np.ndarray) -> Thrown:
    """:class:`Thrown` of ``first[dice, rows]`` and the chain dice at the places ``at`` (die by die)."""
    die, row = np.divmod(at, max(first.shape[1], 1))
    return Thrown(first, row, die, face)


def throw(t: DieTable, first: np.ndarray, gen: np.random.Generator) -> Thrown:
    """The dice ``first[dice, rows]`` with the dice they explode into, drawn from ``gen``."""
    if not t.explodes or t.depth == 0:
        return thrown(first, np.zeros(0, dtype=np.int64), np.zeros(0, dtype=first.dtype))
    at = np.flatnonzero(_booms(t, first))  # (die by die: the order the faces are drawn in)
    return thrown(first, *chain(t, at, first.ravel()[at], gen))


@cached(256)
def lookup(row: tuple[int, ...]) -> tuple[np.ndarray, bool]:
    """What each face adds, by the face itself (index 0: nothing), in the
    smallest whole-number type that holds it (read only), and whether each
    face adds itself (``row`` is 1, 2, ... sides): made once for the rolls
    of a draft, not once a roll.

    >>> v, faces = lookup((1, 0, 5))
    >>> v.tolist(), v.dtype.name, faces, lookup((1, 2, 3))[1]
    ([0, 1, 0, 5], 'int8', False, True)
    """
    a = np.concatenate([[0], np.asarray(row, dtype=np.int64)])
    for kind in (np.int8, np.int16, np.int32):
        info = np.iinfo(kind)
        if a.min() >= info.min and a.max() <= info.max:
            a = a.astype(kind)
            break
    return a, bool((a == np.arange(len(a))).all())


def scatter(out: np.ndarray, at: np.ndarray, adds: np.ndarray) -> None:
    """``out[at] += adds``, ``at`` repeating, exactly: counted in floats
    while every sum is below 2**53 (a whole number there), else one by one."""
    if not len(at):
        return
    if float(np.abs(adds).max()) * len(at) < 2.0 ** 53:
        out += np.bincount(at, weights=adds, minlength=len(out)).astype(np.int64)
    else:
        np.add.at(out, at, adds.astype(np.int64))


def tally(parts: Mapping[int, Thrown], rows: int, of: Callable[[int], Any]) -> np.ndarray:
    """What the dice add up to, one value a row: ``of(group)`` what each of
    the group's faces adds (None: the group adds nothing), each die's chain
    included."""
    out = np.zeros(rows, dtype=np.int64)
    for g, d in parts.items():
        row = of(g)
        if row is None or not d.first.size and not len(d.face):
            continue
        vec, faces = lookup(tuple(row))
        same = faces and len(vec) - 1 <= _MOST[d.first.dtype.char]  # each face adds itself
        step = max(1, CELLS // max(d.first.shape[0], 1))
        for lo in range(0, rows, step):
            part = d.first[:, lo:lo + step]
            out[lo:lo + step] += (part if same else np.take(vec, part)).sum(axis=0, dtype=np.int64)
        scatter(out, d.row, d.face if same else np.take(vec, d.face))
    return out


def values(parts: Mapping[int, Thrown], rows: int) -> tuple[list[np.ndarray], list[int]]:
    """Each die with its chain added up, ``[rows, dice]`` (the groups in
    order), in slices of rows, and the first row of each slice; the dice in
    order are read a slice at a time."""
    order = {g: np.argsort(d.row, kind="stable") for g, d in parts.items()}
    dice = sum(d.first.shape[0] for d in parts.values())
    step = max(1, CELLS // max(dice, 1))
    out, starts = [], []
    for lo in range(0, rows, step):
        hi = min(rows, lo + step)
        cols = []
        for g, d in parts.items():
            v = d.first[:, lo:hi].T.astype(np.int64)
            o = order[g]
            a, b = np.searchsorted(d.row[o], [lo, hi])
            pick = o[a:b]
            np.add.at(v, (d.row[pick] - lo, d.die[pick]), d.face[pick].astype(np.int64))
            cols.append(v)
        out.append(np.concatenate(cols, axis=1) if cols else np.zeros((hi - lo, 0), dtype=np.int64))
        starts.append(lo)
    return out, starts

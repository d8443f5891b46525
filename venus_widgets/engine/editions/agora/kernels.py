"""The dice kernels of the agora odds: per-die categories and the help
die's faces (docs/rules_agora.md#how-the-odds-are-computed); the main
pool's law and the KISS round are :mod:`.kiss_round`, the fresh KISSed
dice :mod:`.fresh`.

A d6 of rank ``r`` falls in one of four categories: a 6, another success
(``r``..5), a 1, another failure (2..``r``-1). Every kernel is the same
numpy code in floats or in Fractions (``exact``, see
:mod:`venus_widgets.engine.maths.exact`), cached by its arguments and read-only.

>>> [float(x) for x in categories(4)]
[0.16666666666666666, 0.3333333333333333, 0.16666666666666666, 0.3333333333333333]
"""

from __future__ import annotations

from ...caching import cached

import numpy as np

from ...maths.exact import array, ratio
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


@cached(16)
def help_weights(help_rank: int | None, exact: bool = False, double_from: int = 6) -> tuple[np.ndarray, ...]:
    """The help die's faces as columns, counted in faces: weight (out of 6
    for a rolled help die, of 1 without one or for the rank-1 help die), is
    6 (a success Ego doubles, see :func:`weights`), succeeds, is 1, failed.
    A category no face falls in is left out (a rank-6 die has no other
    success, a rank-2 die no other failure): its rows would weigh 0, and
    the 6 or the 1, which succeeds or fails as it would, stays.

    >>> [x.tolist() for x in help_weights(2)]
    [[1.0, 4.0, 1.0], [1, 0, 0], [1, 1, 0], [0, 0, 1], [False, False, True]]
    """
    if help_rank is None or help_rank == AUTO:
        rows = [(1, 0, int(help_rank == AUTO), 0, 0)]
    else:
        q = [int(x) for x in weights(help_rank, double_from=double_from)]
        rows = [(q[0], 1, 1, 0, 0), (q[1], 0, 1, 0, 0), (q[2], 0, 0, 1, 1), (q[3], 0, 0, 0, 1)]
        rows = [r for r in rows if r[0]]
    cols = np.array([r[1:] for r in rows], dtype=np.int64).T
    out = (np.array([r[0] for r in rows], dtype=object if exact else float),) + tuple(cols[:3]) + (cols[3] > 0,)
    for x in out:
        x.flags.writeable = False
    return out


@cached(16)
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

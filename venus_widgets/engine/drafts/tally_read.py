"""A formula of the finishing step that names one tally the counts track
(``[double] adds = "six"``, an outcome's value ``successes``, read at every
packed index by the re-roll step and the odds, :func:`.space.value_grid`): its values at
every packed index read as they are, not evaluated (the same whole
numbers the evaluator gives: :func:`.values.outcome_value` reads a name
alone at once too, then checks its size and copies it).

>>> import numpy as np
>>> from .expr import parse
>>> from .model import Slotted
>>> from .space import Space
>>> space = Space(("six", "successes"), (0, 0), (3, 4))
>>> s = Slotted(parse("six"), (), "double.adds")
>>> named(s, space, space.values(), 12).tolist()
[0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2]
>>> reach(s, space)
2
>>> named(Slotted(parse("six * 2"), (), "double.adds"), space, space.values(), 12) is None
True
"""

from __future__ import annotations

from typing import Mapping, Protocol

import numpy as np

from .model import Slotted
from .values import MAX_VALUE


class Ranged(Protocol):
    """The tallies of the counts and their ranges (:class:`.space.Space`,
    which reads its grid through this module)."""

    @property
    def names(self) -> tuple[str, ...]: ...

    @property
    def lo(self) -> tuple[int, ...]: ...

    @property
    def radix(self) -> tuple[int, ...]: ...


def reach(s: Slotted, space: Ranged) -> int | None:
    """The largest size of the tally ``s`` names over ``space`` (``None``:
    ``s`` is not one name of a tally of it)."""
    tree = s.expr.tree
    if tree[0] != "name" or tree[1] not in space.names:
        return None
    i = space.names.index(tree[1])
    return max(abs(space.lo[i]), abs(space.lo[i] + space.radix[i] - 1))


def named(s: Slotted, space: Ranged, values: Mapping[str, np.ndarray], n: int, more: int = 0) -> np.ndarray | None:
    """The values of the tally ``s`` names at the first ``n`` packed indices
    (``values``: each tally there, int64; ``more``: at most this much added
    to it since), or ``None`` when ``s`` is not one name of a tally of
    ``space`` within :data:`.values.MAX_VALUE` (evaluate it then)."""
    size = reach(s, space)
    if size is None or size + more > MAX_VALUE:
        return None
    v = values.get(s.expr.tree[1])
    return v if v is not None and v.dtype == np.int64 and v.shape == (n,) else None

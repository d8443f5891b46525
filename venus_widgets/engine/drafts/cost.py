"""How long a draft's odds take, estimated before any work, and the refusal
of what would take more than about a second: a :class:`~venus_widgets.engine.spec.CrossError`
naming the field to lower and the largest value that fits.

The estimate follows the kernel (:mod:`.kernel`) step by step, in
multiply-adds of its convolutions: the packed size of the quantities
tracked, the dice of each group, the states of the re-roll step (one per
number of dice re-rolled from each group) and, per state, one convolution
per number of dice the budget can take. Measured on this machine about
2e8 multiply-adds take a second in numpy's direct convolution, plus some
microseconds of Python per convolution: :data:`LIMIT` keeps the largest
allowed spec near a second, the common ones far below.

>>> estimate_parts(dice=[(10, 7, False)], size=61, budget=0, states=1) < LIMIT   # ten dice: far below a second
True
"""

from __future__ import annotations

import math
from typing import Any, Callable, Mapping, Sequence

#: Work units (multiply-adds, and 3000 per convolution for its Python) of about one second.
LIMIT = 1.5e8

#: Python work per convolution, in multiply-adds.
PER_CALL = 3000.0


def estimate_parts(dice: Sequence[tuple[int, int, bool]], size: int, budget: int, states: int) -> float:
    """Work for groups ``(count, terms of one die, may be re-rolled)`` whose
    joint values fill ``size`` packed cells: a power of each group by
    squaring, and for the re-roll step (``budget``, ``states`` at most) one
    convolution per number of dice taken per state."""
    work = 0.0
    filled = 1.0
    for n, terms, takes in dice:
        if not n:
            continue
        grown = min(float(size), 1.0 + n * (terms - 1))
        if takes and budget > 0:
            calls = states * (min(n, budget) + 1) + n
            work += calls * (min(filled, size) * grown + PER_CALL)
        else:
            work += math.log2(n + 1) * (grown * grown / 2 + PER_CALL) + min(filled, size) * grown
        filled = min(float(size), filled + grown)
    return work


def refuse(check: Callable[[Mapping[str, Any]], float], spec: Mapping[str, Any], fields: Sequence[tuple[str, int]],
           make_error: Callable[[str, int, int], Exception]) -> None:
    """Raise ``make_error(field, value, largest)`` when ``check(spec)`` is
    over :data:`LIMIT`: the field (of ``fields``: name and lowest value,
    tried from the last) whose value, lowered, brings the work under it, and
    the largest value that does."""
    if check(spec) <= LIMIT:
        return
    for name, lo in reversed(fields):
        v = spec[name]
        if not isinstance(v, int) or isinstance(v, bool) or v <= lo:
            continue
        low, high = lo, v  # check(low) fits?
        if check({**spec, name: low}) > LIMIT:
            continue
        while high - low > 1:
            mid = (low + high) // 2
            if check({**spec, name: mid}) <= LIMIT:
                low = mid
            else:
                high = mid
        raise make_error(name, v, low)
    raise make_error("", 0, 0)

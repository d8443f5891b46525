"""Reading what a user hands over as a list, with a bound before reading.

Every public function that takes a list (faces, KISS choices, a sweep's
axis values, a table's outcomes, a party) reads it here: a list, tuple,
array or other iterable, read at most one item past its bound, so an
endless iterator (``itertools.count()``) or a huge range
(``range(10**9)``) is refused with a :class:`SpecError` naming the field,
never read whole. A set (no order), a string, bytes or a dict is refused.

>>> read_list("faces", (6, 2), 4, "a list of faces")
[6, 2]
>>> import itertools
>>> read_list("kiss", itertools.count(), 4, "a list of die indices")
Traceback (most recent call last):
...
venus_widgets.engine.errors.SpecError: kiss=count(5) is not allowed: expected a list of die indices (at most 4 items: more given)
>>> read_list("faces", range(10**9), 4, "a list of faces")
Traceback (most recent call last):
...
venus_widgets.engine.errors.SpecError: faces=range(0, 1000000000) is not allowed: expected a list of faces (at most 4 items: 1000000000 given)
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from itertools import islice
from typing import Any

from .errors import SpecError


def read_list(field: str, value: Any, most: int, allowed: str, hint: str = "",
              unordered: str = "a set has no order: use a list") -> list:
    """The items of ``value``, at most ``most`` of them (see the module);
    ``hint`` is said of a value that is no list at all, ``unordered`` of a set."""
    if isinstance(value, AbstractSet):
        raise SpecError(field, value, allowed, unordered)
    if value is None or isinstance(value, (str, bytes, Mapping)) or not hasattr(value, "__iter__"):
        raise SpecError(field, value, allowed, hint)
    if type(value) in (list, tuple):
        items = list(value[: most + 1])
    else:
        size = _size(value)
        if size is not None and size > most:
            raise SpecError(field, value, allowed, f"at most {most} items: {size} given")
        try:
            items = list(islice(value, most + 1))
        except (TypeError, ValueError):
            raise SpecError(field, value, allowed, hint) from None
    if len(items) > most:
        size = len(value) if type(value) in (list, tuple) else None
        raise SpecError(field, value, allowed, f"at most {most} items: {size if size is not None else 'more'} given")
    return items


def _size(value: Any) -> int | None:
    """``len(value)`` where it has one that works (a numpy 0-d array has none)."""
    try:
        return len(value)
    except (TypeError, ValueError, OverflowError):
        return None

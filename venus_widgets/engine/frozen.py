"""Read-only values: a dict nothing can change, deep copies made read-only
and plain again.

The engine caches what it computes and hands the same objects to every
caller, so the values it keeps (a normalized spec, the spec inside odds)
must not change under it. :func:`freeze` makes a read-only copy of plain
JSON-like data (dicts become :class:`FrozenDict`, lists tuples);
:func:`thaw` a fresh plain copy (dicts and lists again) for JSON and for
code that wants to change it.

>>> f = freeze({"dice": 3, "allies": ["gold"], "rules": {"x": [1, 2]}})
>>> f["allies"], f["rules"]["x"], thaw(f) == {"dice": 3, "allies": ["gold"], "rules": {"x": [1, 2]}}
(('gold',), (1, 2), True)
>>> f["dice"] = 4
Traceback (most recent call last):
...
TypeError: this value is read-only: dict(value) gives a copy to change

:class:`kept` is a property of a read-only object worked out when first
asked and kept on it (as the standard library's ``cached_property``, without its lock:
a value that depends on the object alone, so two threads that both work
it out keep equal values); :func:`made` a frozen dataclass made at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Callable, Generic, NoReturn, TypeVar, overload

#: Values that are read-only already.
SCALARS = frozenset({str, int, float, bool, type(None), Fraction})
_SEQUENCES = frozenset({list, tuple})
T = TypeVar("T")
D = TypeVar("D")


class FrozenDict(dict):
    """A dict that refuses every change (a value the engine shares);
    ``dict(d)`` or :func:`thaw` gives a copy to change. It is hashable
    (when its values are), JSON-able as a dict, and pickles."""

    __slots__ = ()

    #: what a refused change says
    READ_ONLY = "this value is read-only: dict(value) gives a copy to change"

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError(self.READ_ONLY)

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(self.items()))

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (type(self)._of_items, (dict(self),))

    @classmethod
    def _of_items(cls, items: dict[str, Any]) -> "FrozenDict":
        out = cls.__new__(cls)
        dict.update(out, items)
        return out

    def __repr__(self) -> str:
        return f"{type(self).__name__}({dict.__repr__(self)})"


def freeze(value: Any) -> Any:
    """A read-only deep copy of plain data: mappings become
    :class:`FrozenDict`, lists and tuples tuples; a :class:`FrozenDict`
    is already read-only and is returned as it is."""
    kind = type(value)
    if kind in SCALARS or isinstance(value, FrozenDict):
        return value
    # a list or tuple itself is no Mapping: spared the ABC check (~1 µs)
    if kind not in _SEQUENCES and (kind is dict or isinstance(value, Mapping)):
        return FrozenDict._of_items({k: v if type(v) in SCALARS else freeze(v) for k, v in value.items()})
    if kind in _SEQUENCES:
        return tuple([v if type(v) in SCALARS else freeze(v) for v in value])
    return value


def thaw(value: Any) -> Any:
    """A fresh plain copy of a (frozen) value: mappings become dicts,
    tuples and lists lists."""
    if isinstance(value, Mapping):
        return {k: v if type(v) in SCALARS else thaw(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [v if type(v) in SCALARS else thaw(v) for v in value]
    return value


class kept(Generic[T]):
    """A property worked out when first asked, then kept in the object's
    ``__dict__`` (read from there afterwards, this descriptor not called
    again; a frozen dataclass too). The standard library's ``cached_property`` takes a
    lock on Python 3.11 (about 1 us a first read: a draft's plan reads
    several of them per spec).

    >>> class Dice:
    ...     def __init__(self, n): self.n = n
    ...     @kept
    ...     def double(self): return 2 * self.n
    >>> d = Dice(3)
    >>> d.double, d.__dict__["double"]
    (6, 6)
    """

    def __init__(self, fn: Callable[[Any], T]) -> None:
        self.fn = fn
        self.name = fn.__name__
        self.__doc__ = fn.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> "kept[T]": ...

    @overload
    def __get__(self, obj: object, owner: type | None = None) -> T: ...

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.fn(obj)
        return value


def made(cls: type[D], **fields: Any) -> D:
    """A frozen dataclass of ``cls`` with every one of its fields given
    (those with defaults too), made at once: its ``__init__`` sets each
    field through ``object.__setattr__`` (a plan of a draft, 13 fields:
    about 38,000 instructions, ten times this), and no ``__post_init__``
    runs. For the engine's own classes, each made the same both ways
    (their tests compare them).

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Die:
    ...     sides: int
    ...     name: str = "d"
    >>> made(Die, sides=6, name="d") == Die(6)
    True
    """
    out = object.__new__(cls)
    out.__dict__.update(fields)
    return out

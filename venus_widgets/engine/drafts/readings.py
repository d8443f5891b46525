"""What a draft's formulas read of the dice: one :class:`Reading` each.

The names ``successes``, ``total`` and each mark read every die; the calls
of :data:`CALLS` read a group's dice or the dice in order:
``successes(own)``, ``total(own)``, ``count(bane, gear)``, ``highest()``
(the highest die), ``highest(2)`` (the two highest dice added up),
``lowest(1, own)``. A die that explodes is one die here: its value is its
faces added up (Savage Worlds' aces, roll-and-keep).

Two kinds, and a new way of reading dice is one class of either kind and
its entry in :data:`CALLS`:

- a :class:`Tally` says what each face of a die adds (:meth:`Tally.faces`);
  the kernel adds dice up by convolution (:mod:`.kernel`) and the walk by
  their count (:mod:`.walk`);
- an :class:`Ordered` reading says how its value moves as the walk, from
  the highest outcome down, meets ``c`` more of its dice showing an outcome
  (:meth:`Ordered.step`: icepool's ``next_state``), the values it can take
  (:meth:`Ordered.span`) and its value for dice rolled (:meth:`Ordered.of_dice`).
  Its state is its value alone: the walk knows how many of its dice it has
  seen (:class:`Keep`: the ``n`` highest or lowest dice added up).

>>> r = build("highest", [("value", 2)], "highest(2)", groups=("own",), marks=())
>>> r.key, r.n, r.side, r.groups
('highest(2)', 2, 'highest', ())
>>> import numpy as np
>>> r.step(np.array([0]), 6, 3, np.array([0]), 4, True).tolist()   # the walk meets three 6s first: two count
[12]
>>> r.of_dice(np.array([[3, 6, 1, 5]]), np.ones(4, dtype=bool)).tolist()
[11]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Protocol, Sequence

import numpy as np


class DieTable(Protocol):
    """What each face of one die counts (:class:`.plan.DieTable`), as a tally reads it."""

    @property
    def sides(self) -> int: ...
    @property
    def successes(self) -> tuple[int, ...]: ...
    @property
    def marks(self) -> tuple[tuple[int, ...], ...]: ...

#: A reading call's argument: ``("name", word)`` or ``("value", whole number)``.
Arg = tuple[str, Any]


@dataclass(frozen=True)
class Reading:
    """A way of reading the dice, by the key a formula reads it by; it reads
    the dice of ``groups`` (every die when empty)."""

    key: str
    groups: tuple[str, ...] = ()
    ordered: ClassVar[bool] = False

    def reads(self, group: str) -> bool:
        return not self.groups or group in self.groups


@dataclass(frozen=True)
class Tally(Reading):
    """What each face adds up, over the dice it reads (a die's chain too)."""

    what: str = "successes"  # "successes", "total" or "mark"
    mark: str = ""

    def faces(self, t: DieTable, marks: Sequence[str]) -> tuple[int, ...]:
        """What each face of a die adds (index ``face - 1``)."""
        if self.what == "successes":
            return t.successes
        if self.what == "total":
            return tuple(range(1, t.sides + 1))
        return t.marks[list(marks).index(self.mark)]


@dataclass(frozen=True)
class Ordered(Reading):
    """A reading of the dice in order, counted by the walk (:mod:`.walk`):
    its value starts at 0 and moves as the walk meets its dice."""

    ordered: ClassVar[bool] = True

    def span(self, lo: int, hi: int, count: int) -> tuple[int, int]:
        """The values it can take over ``count`` dice, each from ``lo`` to ``hi``."""
        raise NotImplementedError

    def step(self, value: np.ndarray, face: int, c: Any, seen: np.ndarray, count: int, down: bool) -> np.ndarray:
        """The value after the walk meets ``c`` more of its dice showing
        ``face``, ``seen`` of its ``count`` dice met before (each an array
        over the walk's cells), the walk going from the highest outcome
        down (``down``) or from the lowest up: icepool's ``next_state``."""
        raise NotImplementedError

    def done(self, seen: np.ndarray, count: int, down: bool) -> np.ndarray:
        """Where the dice the walk has not met yet can no longer change the
        value (then the walk stops counting them one by one: icepool's skip)."""
        return np.zeros(np.shape(seen), dtype=bool)

    @property
    def down(self) -> bool | None:
        """The way the walk should go for this reading: from the highest
        (True), from the lowest (False), or either (None)."""
        return None

    def of_dice(self, values: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """Its value for dice rolled: ``values[rows, dice]`` (each die with
        its chain added up), ``mask[dice]`` the dice it reads."""
        raise NotImplementedError


@dataclass(frozen=True)
class Keep(Ordered):
    """The ``n`` highest (or lowest) dice added up: ``highest(2)``; the highest die: ``highest()``."""

    n: int = 1
    side: str = "highest"

    def span(self, lo: int, hi: int, count: int) -> tuple[int, int]:
        k = max(0, min(self.n, count))
        return k * lo, k * hi

    def step(self, value: np.ndarray, face: int, c: Any, seen: np.ndarray, count: int, down: bool) -> np.ndarray:
        if (self.side == "highest") == down:  # its own dice come first: the first n count
            took = np.minimum(np.maximum(self.n - seen, 0), c)  # (np.clip's, without its wrapper)
        else:  # they come last: those still to come after this face are count - seen - c
            took = np.minimum(np.maximum(self.n - (count - seen - c), 0), c)
        return value + took * face

    def done(self, seen: np.ndarray, count: int, down: bool) -> np.ndarray:
        if (self.side == "highest") == down:
            return np.asarray(seen) >= self.n
        return np.zeros(np.shape(seen), dtype=bool)

    @property
    def down(self) -> bool | None:
        return self.side == "highest"

    def of_dice(self, values: np.ndarray, mask: np.ndarray) -> np.ndarray:
        v = np.sort(values[:, mask], axis=1)
        k = max(0, min(self.n, v.shape[1]))
        return (v[:, v.shape[1] - k:] if self.side == "highest" else v[:, :k]).sum(axis=1)


def _keep(side: str) -> Callable[..., Reading]:
    def make(args: Sequence[Arg], key: str, groups: Sequence[str], marks: Sequence[str]) -> Reading:
        n, of = 1, tuple[str, ...]()
        for kind, v in args:
            if kind == "value" and not of and n == 1:
                n = v
            elif kind == "name" and v in groups and not of:
                of = (v,)
            else:
                raise ValueError(f"{side}() takes how many dice (a number, 1 unless you say) and a group: "
                                 f"{side}(), {side}(2), {side}(2, {groups[0] if groups else 'own'})")
        if n < 0:
            raise ValueError(f"{side}({n}): keep 0 dice or more")
        return Keep(key, of, n, side)
    return make


def _of_group(what: str) -> Callable[..., Reading]:
    def make(args: Sequence[Arg], key: str, groups: Sequence[str], marks: Sequence[str]) -> Reading:
        if len(args) != 1 or args[0][0] != "name" or args[0][1] not in groups:
            raise ValueError(f"{what}() takes one group: {what}({groups[0] if groups else 'own'}) (the groups are "
                             f"{', '.join(groups)})")
        return Tally(key, (args[0][1],), what)
    return make


def _count(args: Sequence[Arg], key: str, groups: Sequence[str], marks: Sequence[str]) -> Reading:
    names = [v for k, v in args if k == "name"]
    if not 1 <= len(args) <= 2 or len(names) != len(args) or names[0] not in marks or (
            len(names) == 2 and names[1] not in groups):
        raise ValueError(f"count() takes a mark and a group: count({marks[0] if marks else 'bane'}, "
                         f"{groups[0] if groups else 'own'}) (the dice of that group showing the mark)")
    return Tally(key, tuple(names[1:]), "mark", names[0])


#: The functions of a formula that read the dice: name -> the reading of a call.
CALLS: dict[str, Callable[..., Reading]] = {
    "highest": _keep("highest"),
    "lowest": _keep("lowest"),
    "total": _of_group("total"),
    "successes": _of_group("successes"),
    "count": _count,
}


def build(name: str, args: Sequence[Arg], key: str, groups: Sequence[str], marks: Sequence[str]) -> Reading:
    """The reading of a call (a ``ValueError`` in words when its arguments do not fit)."""
    return CALLS[name](args, key, groups, marks)


def plain(name: str, marks: Sequence[str]) -> Reading:
    """The reading of a bare name: ``successes``, ``total`` or a mark (every die)."""
    if name in ("successes", "total"):
        return Tally(name, (), name)
    assert name in marks
    return Tally(name, (), "mark", name)

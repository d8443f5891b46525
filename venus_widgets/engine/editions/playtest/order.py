"""The KISS order of the default policy, written once
(docs/rules.md#one-policy-for-kiss-and-ego): failed dice are KISSed the best
chance first (an ally's Gold before your Bronze), ties by the lowest face
first, then by die order. Every function of the edition that orders dice
(the odds by counts, the rolls one by one or vectorised, the advice) asks
this module.

>>> kiss_order([0, 1, 2], ["bronze", "bronze", "gold"], [3, 1, 4])
[2, 1, 0]
>>> best_first(["bronze", "platinum", "silver"])
['platinum', 'silver', 'bronze']
>>> order_keys(np.array([2, 2, 4]), np.array([3, 1, 4])).argsort(kind="stable").tolist()
[2, 1, 0]
"""

from __future__ import annotations

from typing import Callable, Iterable, Sequence, TypeVar

import numpy as np

from .rules import RULES, Rules

#: The calibers in a fixed order (an index per caliber for vectorised rolls).
CALIBER_INDEX = {"bronze": 0, "silver": 1, "gold": 2, "platinum": 3}
CALIBER_OF_INDEX = {v: k for k, v in CALIBER_INDEX.items()}

T = TypeVar("T")


def best_first(items: Iterable[T], caliber_of: Callable[[T], str] | None = None, rules: Rules = RULES) -> list[T]:
    """``items`` (calibers, or anything ``caliber_of`` gives a caliber of)
    the best chance first by ``rules`` (stable: equal chances keep their
    order)."""
    of = caliber_of or (lambda c: str(c))
    return sorted(items, key=lambda k: -rules.chance(of(k)))


def kiss_order(dice: Iterable[int], cals: Sequence[str], faces: Sequence[int], rules: Rules = RULES) -> list[int]:
    """Die indices in KISS order: best chance first, then lowest face, then die order."""
    return sorted(dice, key=lambda i: (-rules.chance(cals[i]), faces[i], i))


def order_keys(chance: np.ndarray, faces: np.ndarray) -> np.ndarray:
    """The order of :func:`kiss_order`, vectorised: a stable argsort of
    these keys (chance (:meth:`.rules.Rules.chance`, 1..5) and faces as
    arrays, die order kept by the sort)."""
    return (6 - chance) * 8 + faces

"""The policy's KISS for faces on the table, die by die: the default
policy's failed dice in KISS order (:mod:`.order`), the optimal policy's
choice by counts (:mod:`.choices`) taken lowest face first; and the check
of a KISS the player asks for. :mod:`.rolls` and :mod:`.advice` use them.

>>> spec = {"caliber": "bronze", "dice": 2, "allies": ["gold"], "factors": 0, "learning": False,
...         "consequences": 0, "kiss": 1, "ego": "none", "policy": "failures"}
>>> policy_kiss(spec, [1, 2, 1])
([2], False)
"""

from __future__ import annotations

from typing import Iterable, Sequence

from ...errors import SpecError
from .choices import best_choice
from .dice import FAIL, face_class
from .order import kiss_order
from .rules import RULES, Rules, rules_of
from .task import calibers, goal


def counts_of(faces: Sequence[int], cals: Sequence[str], idx: Iterable[int], rules: Rules = RULES) -> dict:
    """The dice ``idx`` by counts per (caliber, class)."""
    out: dict[tuple[str, int], int] = {}
    for i in idx:
        k = (cals[i], face_class(faces[i], cals[i], rules))
        out[k] = out.get(k, 0) + 1
    return out


def default_kiss(spec: dict, faces: Sequence[int], cals: Sequence[str], free: Sequence[int],
                 left: int) -> tuple[list[int], bool]:
    """Steps 2 of the default policy over the dice ``free``: failed dice,
    best chance first, ties by the lowest face, then die order; Ego
    ``reroll`` takes them all (spent only when a die failed)."""
    rules = rules_of(spec)
    failed = kiss_order((i for i in free if face_class(faces[i], cals[i], rules) == FAIL), cals, faces, rules)
    if spec["ego"] == "reroll":
        return sorted(failed), bool(failed)
    return sorted(failed[: max(left, 0)]), False


def policy_kiss(spec: dict, faces: Sequence[int]) -> tuple[list[int], bool]:
    """The dice the spec's policy KISSes for these first faces, and whether
    Ego ``reroll`` is spent. Default: :func:`default_kiss`; optimal: the
    best set by counts, the dice of each (caliber, class) taken lowest face
    first."""
    cals = calibers(spec)
    rules = rules_of(spec)
    g = goal(spec, rules)
    succ = sum(face_class(f, c, rules) != FAIL for f, c in zip(faces, cals))
    if succ >= g:
        return [], False
    if spec["policy"] == "failures":
        return default_kiss(spec, faces, cals, range(len(cals)), spec["kiss"])
    counts = counts_of(faces, cals, range(len(faces)), rules)
    b = min(spec["kiss"], len(cals))
    choice, ego_spent = best_choice(tuple(sorted(counts.items())), b, spec["ego"], g, len(cals) + 1,
                                    rules=rules)
    return pick(faces, cals, choice, range(len(faces)), rules), ego_spent


def pick(faces: Sequence[int], cals: Sequence[str], choice: dict, free: Sequence[int],
         rules: Rules = RULES) -> list[int]:
    """Dice for a choice by counts: per (caliber, class), lowest face first."""
    chosen = []
    for (cal, cls), v in choice.items():
        idx = [i for i in free if cals[i] == cal and face_class(faces[i], cal, rules) == cls]
        idx.sort(key=lambda i: (faces[i], i))
        chosen += idx[:v]
    return sorted(chosen)


def check_kiss(spec: dict, faces: Sequence[int], kiss: Sequence[int]) -> None:
    """A :class:`SpecError` for a KISS the player cannot make: a die twice, not a die, over budget."""
    n = len(faces)
    for i in kiss:
        if not 0 <= i < n:
            raise SpecError("kiss", list(kiss), f"die indices from 0 to {n - 1}", f"this task has {n} dice")
    if len(set(kiss)) != len(kiss):
        raise SpecError("kiss", list(kiss), "each die KISSed at most once")
    if len(kiss) > spec["kiss"]:
        hint = "Ego 'reroll' KISSes every failed die: pass ego=True" if spec["ego"] == "reroll" else ""
        raise SpecError("kiss", list(kiss), f"at most {spec['kiss']} dice (the KISS budget)", hint)

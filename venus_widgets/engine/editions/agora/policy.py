"""The KISS order of the engine's one policy, written once
(docs/rules_agora.md#kiss-and-ego-the-rollers-one-policy).

When the successes fall short of the threshold, the failed dice are
KISSed, up to the budget, **best chance first**: the lowest rank first (the
help die before the main dice when its rank is lower, after them when it
is higher), ties by the **lowest face first** (1s before other failures,
which matters for snake eyes), then by die order. With ``helper_kiss`` the
merged helper KISSes the failed help die outside the budget.

:func:`kiss_key` is that order; the rolls (:func:`policy_kiss`, the
vectorised ``roll_many``), the advice and the exact odds (:func:`always_before`)
all read it from here.

>>> spec = {"roll": "check", "rank": 4, "health": 2, "helpers": [5, 5], "difficulty": "standard",
...         "kiss": 1, "helper_kiss": False}
>>> policy_kiss(spec, [1, 3, 2])   # help die (rank 4) ties the main rank: lowest face first
[0]
>>> policy_kiss(dict(spec, helpers=[4, 4]), [1, 3, 2])  # rank 3 help die: better chance first
[2]
"""

from __future__ import annotations

from typing import Any, Sequence

from .reading import AUTO, layout, successes, threshold


def kiss_key(rank: Any, face: Any) -> Any:
    """The policy's KISS order as one number, smaller first: rank, then
    face (faces 1..6 < 8). Works on ints and on numpy integer arrays (give
    at least int16 so ``rank * 8`` cannot wrap).

    >>> sorted([(4, 3), (3, 5), (4, 1)], key=lambda rf: kiss_key(*rf))
    [(3, 5), (4, 1), (4, 3)]
    """
    return rank * 8 + face


def always_before(first: int, then: int) -> bool:
    """Whether every failed die of rank ``first`` is KISSed before every
    failed die of rank ``then``, whatever their faces (for equal ranks the
    faces decide: the help die is then one more die of the pool).

    >>> always_before(3, 4), always_before(4, 3), always_before(4, 4)
    (True, False, False)
    """
    return bool(kiss_key(first, 6) < kiss_key(then, 1))


def policy_kiss(spec: dict, faces: Sequence[int], kissed: Sequence[int] = ()) -> list[int]:
    """The dice the policy KISSes, given the faces showing (die order) and
    the dice already KISSed."""
    n, _, ranks = layout(spec)
    done = set(kissed)
    if successes(faces, ranks) >= threshold(spec):
        return []
    free, queue = [], []
    budget = spec["kiss"] - sum(1 for i in done if i < n or not spec["helper_kiss"])
    for i, (f, r) in enumerate(zip(faces, ranks)):
        if f >= r or i in done or r == AUTO:
            continue
        if i >= n and spec["helper_kiss"]:
            free.append(i)
        else:
            queue.append((kiss_key(r, f), i))
    chosen = [i for _, i in sorted(queue)[: max(0, budget)]]
    return sorted(free + chosen)

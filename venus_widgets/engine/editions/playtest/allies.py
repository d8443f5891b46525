"""The allies' dice of a task under the default policy, counted in whole
numbers: their (successes, sixes) as they fell, and at the end of the KISS
round by what the KISS round leaves the own dice (:mod:`.default`).

A table of (successes, sixes) is flattened to one cell ``j = successes *
w + sixes`` (``w`` = allies + 1): a die that succeeds moves it by ``w``, a
six by ``w + 1``, a failure not at all. Each ally is added in KISS order
(:mod:`.order`: the best chance first), one step of a dynamic programme
over states, so the work grows with the number of distinct states, not
with the 3 ** allies first rolls:

* the allies of a better chance than the own dice (``hi``) are KISSed
  before them: a failed one is rolled again while budget is left; the
  state is (first-roll successes ``a``, KISSes used, cell);
* the others (``lo``) get what the own dice leave, ``left`` KISSes (the
  own dice decide it: one state per possible ``left``); a failed one is
  rolled again while some of those are left, and the unused ones count
  as rolled and ignored (times 6 each), so every path is counted over the
  same denominator.

``faces`` are each ally's (failing, succeeding but not doubled, doubled)
faces (:meth:`.rules.Rules.faces`).

>>> as_they_fell([(4, 1, 1)])   # one Bronze ally: fails on 4 faces, a 5, a 6
{0: 4, 2: 1, 3: 1}
>>> after_kiss_round([(4, 1, 1)], hi=[0], lo=[], budget=1, goal=1)   # KISSed once it fails
{(0, 1, 0): {0: 16, 2: 4, 3: 4}}
"""

from __future__ import annotations

from typing import Any, Sequence

Faces = tuple[int, int, int]


def _add(out: dict, key: Any, ways: int) -> None:
    out[key] = out.get(key, 0) + ways


def as_they_fell(faces: Sequence[Faces]) -> dict[int, int]:
    """The allies' first roll: ways by cell (the first-roll successes are
    ``cell // w``)."""
    w = len(faces) + 1
    out = {0: 1}
    for fail, succ, six in faces:
        new: dict[int, int] = {}
        for j, c in out.items():
            _add(new, j, c * fail)
            _add(new, j + w, c * succ)
            _add(new, j + w + 1, c * six)
        out = new
    return out


def after_kiss_round(faces: Sequence[Faces], hi: Sequence[int], lo: Sequence[int], budget: int,
               goal: int) -> dict[tuple[int, int, int], dict[int, int]]:
    """The allies at the end of the KISS round, for the first rolls whose
    allies' successes ``a`` are short of ``goal`` (the others never KISS):
    ``{(a, KISSes the hi allies used, left): {cell: ways}}``, ``left`` the
    KISSes the own dice leave the lo allies (at most what the hi allies
    left, and the lo allies' number), the unused ones counted as rolled
    and ignored."""
    w = len(faces) + 1
    states: dict[tuple[int, int, int], int] = {(0, 0, 0): 1}  # (a, used, cell) -> ways
    for i in hi:
        fail, succ, six = faces[i]
        new: dict = {}
        for (a, used, j), c in states.items():
            _add(new, (a + 1, used, j + w), c * succ)
            _add(new, (a + 1, used, j + w + 1), c * six)
            if used < budget:  # failed, and KISSed: rolled again
                c *= fail
                _add(new, (a, used + 1, j), c * fail)
                _add(new, (a, used + 1, j + w), c * succ)
                _add(new, (a, used + 1, j + w + 1), c * six)
            else:
                _add(new, (a, used, j), c * fail)
        states = new
    # (a, used, left, KISSes left of left, cell) -> ways
    rest = {(a, used, left, left, j): c for (a, used, j), c in states.items() if a < goal
            for left in range(min(len(lo), budget - used) + 1)}
    for i in lo:
        fail, succ, six = faces[i]
        new = {}
        for (a, used, left, r, j), c in rest.items():
            _add(new, (a + 1, used, left, r, j + w), c * succ)
            _add(new, (a + 1, used, left, r, j + w + 1), c * six)
            if r:  # failed, and KISSed: rolled again
                c *= fail
                _add(new, (a, used, left, r - 1, j), c * fail)
                _add(new, (a, used, left, r - 1, j + w), c * succ)
                _add(new, (a, used, left, r - 1, j + w + 1), c * six)
            else:
                _add(new, (a, used, left, r, j), c * fail)
        rest = new
    out: dict[tuple[int, int, int], dict[int, int]] = {}
    for (a, used, left, r, j), c in rest.items():
        if a < goal:
            _add(out.setdefault((a, used, left), {}), j, c * 6**r)  # unused KISSes: rolled and ignored
    return out

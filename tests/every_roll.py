"""Every roll an edition can make of a spec, each with its exact chance: the
brute force of the contract tests, written once for every edition.

An edition's ``roll`` draws its faces from two streams
(``rolls.streams``); :func:`every_roll` hands them out itself
(``rolls.faces_from``), every sequence of faces in turn, as an odometer:
each draw shows its lowest face first, and the next sequence raises the
last draw that can still go up and drops every draw after it (those that
follow may differ: a die that explodes or is KISSed draws more). So the
rolls are enumerated depth first over the tree of draws, each leaf once,
with the chance 1 / (the product of its draws' sides). Dice that can roll
without end never finish: ``limit`` stops the count with an error naming it.

>>> import venus_widgets as vw
>>> from venus_widgets.engine.contract import edition
>>> spec = vw.normalize({"roll": "task", "dice": 1, "kiss": 1})
>>> law = {}
>>> for r, p in every_roll(lambda: edition.get("playtest").roll(spec, 0)):
...     law[r.outcome] = law.get(r.outcome, 0) + p
>>> law == {0: Fraction(4, 6) * Fraction(4, 6), 1: 1 - Fraction(4, 6) * Fraction(4, 6)}
True
"""

from __future__ import annotations

from fractions import Fraction
from math import prod
from typing import Any, Callable, Iterator, Sequence

import numpy as np

from venus_widgets.engine.table.rolls import EnteredFaces, faces_from


class TooManyRolls(AssertionError):
    """More rolls than the limit: dice that roll without end, or a spec too large."""


class _Tape:
    """The draws of one roll, in the order it draws them: (face, low, high)
    each, high exclusive as numpy's; the first ones replayed from ``prefix``."""

    def __init__(self, prefix: Sequence[int], most: int) -> None:
        self.prefix = prefix
        self.most = most
        self.draws: list[tuple[int, int, int]] = []

    def draw(self, low: int, high: int) -> int:
        i = len(self.draws)
        if i == self.most:
            raise TooManyRolls(f"a roll drew more than {self.most} faces: dice that roll without end?")
        face = self.prefix[i] if i < len(self.prefix) else low
        self.draws.append((face, low, high))
        return face


class _Stream:
    """A stand-in for a numpy ``Generator`` drawing from a tape."""

    def __init__(self, tape: _Tape) -> None:
        self.tape = tape

    def integers(self, low: int, high: int | None = None, size: Any = None, dtype: Any = None) -> Any:
        if high is None:
            low, high = 0, low
        n = 1 if size is None else int(np.prod(size))
        faces = [self.tape.draw(int(low), int(high)) for _ in range(n)]
        if size is None:
            return faces[0]
        return np.array(faces, dtype=dtype or np.int64).reshape(size)


def every_roll(play: Callable[[], Any], first: Sequence[int] | None = None,
               limit: int = 50_000, most: int = 200) -> Iterator[tuple[Any, Fraction]]:
    """``(play(), chance)`` for every sequence of faces ``play``'s roll can
    draw; with ``first``, the first faces are those (only the KISSed dice's
    faces are counted). At most ``limit`` rolls of at most ``most`` faces
    each (:class:`TooManyRolls`)."""
    prefix: list[int] = []
    for count in range(limit + 1):
        if count == limit:
            raise TooManyRolls(f"more than {limit} rolls: dice that roll without end, or too many dice to count")
        tape = _Tape(prefix, most)
        fixed = EnteredFaces(first, "faces") if first is not None else None
        with faces_from(fixed if fixed is not None else _Stream(tape), _Stream(tape)):
            r = play()
        if fixed is not None:
            fixed.check_used()
        yield r, Fraction(1, prod(high - low for _, low, high in tape.draws))
        j = len(tape.draws) - 1
        while j >= 0 and tape.draws[j][0] == tape.draws[j][2] - 1:
            j -= 1
        if j < 0:
            return
        prefix = [face for face, _, _ in tape.draws[:j]] + [tape.draws[j][0] + 1]


def law(rolls: Iterator[tuple[Any, Fraction]]) -> dict[str, Any]:
    """What the counted rolls add up to: the outcome's law and the chances
    to pass, to reach the goal and that Ego is spent (Fractions), and how
    many rolls there were."""
    out: dict[Any, Fraction] = {}
    passed = goal = ego = total = Fraction(0)
    n = 0
    for r, p in rolls:
        out[r.outcome] = out.get(r.outcome, Fraction(0)) + p
        passed += p if r.passed else 0
        goal += p if r.goal_reached else 0
        ego += p if r.ego_spent else 0
        total += p
        n += 1
    return {"distribution": out, "p_pass": passed, "p_goal": goal, "p_ego_spent": ego, "total": total, "rolls": n}

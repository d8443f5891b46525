"""An edition's sample rolls: the specs and typed faces it is tried on.

Each edition says, in its ``SAMPLES`` (a :class:`Samples`), which rolls
show what its rules do: a few ``small`` specs (few dice, no dice that roll
without end) whose every face can be counted one by one, a few ``large``
ones near the top of the ranges, and rolls ``by_hand`` (faces a table
typed, with what the rules make of them, worked out from the rules' text).
The contract tests (``tests/test_edition_contract.py``) run every edition on
its own samples: exact odds against counting every roll, seeded rolls
against the odds, faces typed by hand, a roller played to the end, the log,
the rule knobs, the ladder and the FC's screen. An edition that gives none
gets the default spec of each kind of roll as its small samples.

>>> s = Samples(small=({"roll": "task", "coins": 2},),
...             by_hand=(ByHand({"roll": "task", "coins": 2}, faces=(2, 1), outcome=1, passed=False),))
>>> s.by_hand[0].kiss, s.large
((), ())
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping


@dataclass(frozen=True)
class ByHand:
    """Faces a table rolled by hand and typed in (``vw.enter``), and what
    the rules make of them: ``faces`` in die order, ``kiss`` the dice the
    player KISSed and ``kiss_faces`` their new faces (one per KISSed die,
    in die order), ``ego`` as for ``vw.roll``; ``outcome`` and ``passed``
    as the rules' text gives them."""

    spec: Mapping[str, Any]
    faces: tuple[int, ...]
    outcome: Any
    passed: bool
    kiss: tuple[int, ...] = ()
    kiss_faces: tuple[int, ...] = ()
    ego: bool | None = None


@dataclass(frozen=True)
class Samples:
    """The rolls an edition is tried on (see the module). Specs may omit
    ``edition``: the edition's own id is added."""

    #: few dice and no dice that roll without end: every face can be counted
    small: tuple[Mapping[str, Any], ...]
    #: near the top of the ranges (many dice, big budgets)
    large: tuple[Mapping[str, Any], ...] = ()
    #: faces typed by hand, with what they make
    by_hand: tuple[ByHand, ...] = ()

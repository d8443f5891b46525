"""The joint counts of a spec, kept for the specs that differ only in what
the counts do not read: the threshold, the goal and the fields only the
outcome reads (a ladder over the successes needed, an FC screen's rungs,
``solve``), when the dice take no re-roll step (the step's choice reads the
goal and the outcome's value). A thousand rungs of a difficulty count the
dice once, not a thousand times (the FC screen of a draft of keep-highest
at its defaults: 2.8 s, counted a thousand times).

The key is what the counting reads: the draft's version and rules, each
group's name, die and count, the readings, the marks, the kind of number and
the mark left out. Counts past :data:`MOST_KEPT` cells are not kept (their
memory is the next call's), nor more than :data:`KEPT` of them.
"""

from __future__ import annotations

from typing import Any, Callable

from ..caching import Results
from .kernel import Counted
from .plan import Plan

#: The most counts kept, and the most cells one may hold to be kept (about 8 MB of float64).
KEPT = 16
MOST_KEPT = 1_000_000


def _made_by_caller(key: Any) -> Any:
    raise TypeError("made by the caller: Results.made(key, make)")


_KEPT: "Results[tuple, Counted | None]" = Results(_made_by_caller, KEPT)


def key_of(p: Plan, mode: str, without: str) -> tuple | None:
    """What the counts of ``p`` read (``None``: a plan whose counts read more,
    a re-roll step's: not kept)."""
    if p.draft.reroll is not None and p.budget > 0 and p.rerollable > 0:
        return None
    return (p.draft.digest, p.rules.key, tuple((g.name, g.table, g.count) for g in p.groups), p.readings, p.marks,
            mode, without)


def kept(p: Plan, mode: str, without: str, count: Callable[[], Counted]) -> Counted:
    """``count()``, or the counts of a plan that read the same (see the module)."""
    key = key_of(p, mode, without)
    if key is None:
        return count()
    made: list[Counted] = []

    def make() -> Counted | None:
        c = count()
        made.append(c)
        if c.final.size > MOST_KEPT:
            return None  # too large to keep: counted again when asked again
        for a in (c.final, c.first):
            a.flags.writeable = False  # shared by every spec that reads them
        return c

    found = _KEPT.made(key, make)
    if found is None:
        return made[0] if made else count()
    return found

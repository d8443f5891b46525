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

A call of many odds is priced knowing it (:func:`priced`): a spec whose
counts an earlier spec of the call left here is charged only the work of its
outcome, while the call touches at most :data:`KEPT` keys (none is dropped
before the call ends). The estimate of the counting is kept by the same key
(:func:`work_kept`): the cost guard checks each rung of a ladder before its
odds, and a thousand rungs priced the same counting a thousand times (an FC
screen over 100 d6 and 100 d3: 2 ms a rung, 2.3 s in all).
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from ..caching import Results
from ..contract.cost import KEPT as _KEPT_MOST
from . import estimate_work, karatsuba
from .kernel import Counted
from .plan import Plan
from . import step_cost

#: The most counts kept (the contract's, which prices a call by it), and the most cells one may hold
#: to be kept: 500,000 in float64 or int64 (4 MB), 50,000 in Python ints (about 4 MB at 80 bytes a
#: cell), so that the store full, both arrays of every count, stays under the 200 MB a call may take.
KEPT = _KEPT_MOST
MOST_KEPT = 500_000
MOST_KEPT_EXACT = 50_000


def most_cells(in_python_ints: bool) -> int:
    """The most cells a kept count may hold (:data:`MOST_KEPT`, :data:`MOST_KEPT_EXACT`)."""
    return MOST_KEPT_EXACT if in_python_ints else MOST_KEPT


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


def priced(p: Plan, exact: bool, shown: Sequence[str], cells: float) -> tuple[tuple, bool]:
    """What a call of many odds prices of ``p`` 's counts (:func:`..contract.work.price`):
    ``(keys, kept)``, the keys of every store the odds may touch here (the counts and
    those without each mark a die shows, by :func:`key_of`; the kind of number given as
    exact or not, which the kind the kernel picks follows: two specs with the same keys
    have the same real ones; none: a re-roll step's) and whether the counts are surely
    kept (``cells``: the most the counts may hold, at most :func:`most_cells` of the
    kind of number the model reads: Python ints wherever the kernel may use them)."""
    tag = "exact" if exact else "odds"
    first = key_of(p, tag, "")
    if first is None:
        return (), False
    keys = (first, *(key_of(p, tag, m) for m in shown))
    # the kind of number as the model reads it: "exact" wherever the kernel may count in Python ints
    return keys, cells <= most_cells(step_cost.mode_of(p, exact) == "exact") and not p.unbounded


def kept(p: Plan, mode: str, without: str, count: Callable[[], Counted]) -> Counted:
    """``count()``, or the counts of a plan that read the same (see the module)."""
    key = key_of(p, mode, without)
    if key is None:
        return count()
    made: list[Counted] = []

    def make() -> Counted | None:
        c = count()
        made.append(c)
        if c.final.size > most_cells(c.final.dtype == object):
            return None  # too large to keep: counted again when asked again
        for a in (c.final, c.first):
            a.flags.writeable = False  # shared by every spec that reads them
        return c

    found = _KEPT.made(key, make)
    if found is None:
        return made[0] if made else count()
    return found


_WORK: "Results[tuple, tuple[float, int, int]]" = Results(_made_by_caller, KEPT)


def work_kept(p: Plan, price: Callable[[], float]) -> tuple[float, int, int]:
    """``price()``, the work of counting ``p`` 's dice (:func:`.cost.work`), or
    that of a plan whose counts read the same (:func:`key_of`; with the re-roll
    step's budget and when it plays, should the price read them), priced with
    as many of the estimate's walk steps left (:func:`.karatsuba.walk_budget`);
    with the products it priced and the steps it walked (:mod:`.estimate_work`),
    both charged again when found before: an estimate is the same whether the
    counting was priced before or not."""
    key = key_of(p, "work", "")

    def make() -> tuple[float, int, int]:
        before, products = karatsuba.walks_left(), estimate_work.products()
        value = price()
        after = karatsuba.walks_left()
        made.append(True)
        return value, estimate_work.products() - products, (before - after if before is not None and after is not None
                                                           else 0)

    made: list[bool] = []
    if key is None:
        return make()
    found = _WORK.made((key, p.budget, p.when, karatsuba.walks_left()), make)
    if not made:
        karatsuba.charge(found[2])
        estimate_work.charge_products(found[1])
    return found

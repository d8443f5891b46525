"""What an estimate itself takes, counted as it goes: the cost guard checks
each spec of a call of many odds before its odds (a ladder's rungs, a
solve's settings), and where the cheap bound cannot place the spec
(:func:`.quick_cost.surely_within`) that check is the estimate, up to 25 ms
of Python where its walks of Python's products run their budget
(:func:`.karatsuba.walk_budget`). fuzz_drafts seed 32's draft 158 (d6 pools
re-rolled, a success doubled), solved over its 50 counts of dice: 0.77 s,
of which the 50 estimates 0.5 s, each priced 1 ms.

An estimate's own work is counted in the steps that drive it, the same
whether what it prices was found before or not: the products of the
kernel's price (:func:`.powers.conv`, each a few dozen µs of Python) and the
walks' steps (charged again when a walk's price is found before), in the
multiply-adds of :mod:`.cost`. A call of many odds charges it
(:attr:`...contract.cost.Cost.estimate`); one spec's own price holds the
check's :data:`FIXED` part alone (the search for the nearest value that
fits reads that price along a lever, and the walks are not monotone in it).
"""

from __future__ import annotations

import threading

#: An estimate's work beyond its walks and the kernel's products (its plan read, the outcome's spread,
#: the re-roll step's rows), a product priced of the kernel's, and a step of a walk, in multiply-adds
#: (1.25 ns each); measured on the fuzz's drafts (seeds 7, 32, 47, 48: 202 estimates the cheap bound
#: cannot place, cold): see :func:`work`.
FIXED = 8e5
PER_PRODUCT = 3e4
PER_STEP = 6e3

#: The products priced in this thread (``products``), each counted by :func:`.powers.conv` itself (no call
#: of a function more: a refusal's search for the nearest value that fits prices thousands)
COUNTED = threading.local()


def products() -> int:
    """The products priced in this thread so far (read before and after a price: the difference)."""
    return getattr(COUNTED, "products", 0)


def charge_products(n: int) -> None:
    """Count ``n`` products priced before and found now (:func:`.counts_kept.work_kept`): the
    estimate counts the same whether its counting was priced before or not."""
    COUNTED.products = products() + n


def work(products: int, steps: int) -> float:
    """The work of an estimate that priced ``products`` of the kernel's and walked ``steps``.

    >>> work(0, 0) == FIXED, work(10, 100) == FIXED + 10 * PER_PRODUCT + 100 * PER_STEP
    (True, True)
    """
    return FIXED + PER_PRODUCT * products + PER_STEP * steps

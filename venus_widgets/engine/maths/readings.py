"""What a player asks of odds: the chance of at least or at most some
outcome, the mean and spread of the outcome, the chance to fail.

:class:`Readings` is mixed into :class:`~.odds.Odds`: each answer is
exact, and a float one is rounded once from it, whether the odds keep
their whole-number counts (:class:`~.counts.Counts`), their Fractions, or
only floats (summed with ``math.fsum``).

>>> from venus_widgets.engine.maths.odds import Odds
>>> o = Odds.from_pmf({"edition": "playtest", "roll": "task"}, {0: 0.25, 1: 0.5, 2: 0.25}, threshold=1)
>>> o.at_least(1), o.at_most(0), o.mean, o.p_fail
(0.75, 0.25, 1.0, 0.25)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from itertools import repeat
from operator import mul
from fractions import Fraction
from typing import Any

import numpy as np

from ..errors import SpecError
from ..inputs import read_list
from .counts import Counts
from .exact import is_exact, total


#: The most outcomes :meth:`Readings.at_least_each` reads in one call.
MOST_KEYS = 100_000


class Readings:
    """The questions :class:`~.odds.Odds` answers from its distribution
    (the fields and the two members below are the Odds' own)."""

    spec: Mapping[str, Any]
    distribution: Mapping[Any, Any]
    p_pass: Any
    _exact: Any

    @property
    def exact(self) -> "Readings | None":
        """The same odds in Fractions, where kept (:attr:`.odds.Odds.exact`)."""
        raise NotImplementedError

    def _counts(self) -> Counts | None:
        """The whole-number counts, where kept."""
        raise NotImplementedError

    @property
    def numeric(self) -> bool:
        """True when outcomes are numbers (successes, net successes, degrees), not words."""
        return all(map(isinstance, self.distribution, repeat(int)))  # no Python call per outcome

    @staticmethod
    def _outcome_count(k: Any) -> int:
        """``k`` of :meth:`at_least` and :meth:`at_most`: a whole number."""
        if type(k) is int:
            return k
        if isinstance(k, (bool, np.bool_)) or not isinstance(k, (int, np.integer)):
            raise SpecError("k", k, "a whole number of successes (an outcome)")
        return int(k)

    def _need_numeric(self, what: str) -> None:
        if not self.numeric:
            raise SpecError(
                "roll", self.spec.get("roll"), "a roll with a numeric outcome", f"{what} needs counted successes"
            )

    def _sum(self, values: Any) -> Any:
        """A sum of probabilities: exact, and rounded once when these are
        the float view of exact odds; ``math.fsum`` otherwise."""
        s = total([Fraction(0) if self.exact is not None or isinstance(self.p_pass, Fraction) else 0.0, *values])
        if self.exact is not None and self.exact is not self:
            return float(s)
        return s if is_exact(s) else min(1.0, s)

    def _exact_dist(self) -> Mapping[Any, Any]:
        return self.exact.distribution if self.exact is not None else self.distribution

    def at_least(self, k: int) -> float:
        """P(outcome >= k) (a Fraction for exact odds)."""
        k = self._outcome_count(k)
        self._need_numeric("at_least")
        c = self._counts()
        if c is not None:
            return c.share(sum(n for o, n in c.distribution.items() if o >= k))
        return self._sum(v for o, v in self._exact_dist().items() if o >= k)

    def at_least_each(self, keys: Iterable[Any]) -> dict[Any, Any]:
        """:meth:`at_least` of every ``k`` in ``keys``, in one pass over the
        outcomes (the same numbers: exact sums, rounded once), so a table of
        the tails of thousands of outcomes is linear, not quadratic.

        >>> from venus_widgets.engine.maths.odds import Odds
        >>> o = Odds.from_counts({"edition": "agora"}, [1, 2, 1], 4, threshold=1)
        >>> o.at_least_each([0, 2, 3]) == {k: o.at_least(k) for k in (0, 2, 3)}
        True

        ``keys`` is read with a bound (at most :data:`MOST_KEYS` outcomes).
        """
        listed = read_list("keys", keys, MOST_KEYS, "a list of whole numbers of successes (outcomes)")
        wanted = {k: self._outcome_count(k) for k in listed}
        self._need_numeric("at_least")
        order = sorted(set(wanted.values()), reverse=True)
        c = self._counts()
        got: dict[int, Any] = {}
        if c is not None:
            items, n = sorted(c.distribution.items(), reverse=True), 0
            i = 0
            for k in order:
                while i < len(items) and items[i][0] >= k:
                    n += items[i][1]
                    i += 1
                got[k] = c.share(n)
            return {k: got[v] for k, v in wanted.items()}
        dist = sorted(self._exact_dist().items(), reverse=True)
        if all(is_exact(v) for _, v in dist):
            rounded_once = self.exact is not None and self.exact is not self
            acc, i = Fraction(0), 0
            for k in order:
                while i < len(dist) and dist[i][0] >= k:
                    acc += dist[i][1]
                    i += 1
                got[k] = float(acc) if rounded_once else acc
            return {k: got[v] for k, v in wanted.items()}
        # floats: each an exact whole number of 2**low, summed in integers and divided once (correctly
        # rounded, as math.fsum of the same floats is)
        parts = [math.frexp(float(v)) for _, v in dist]
        low = min((e - 53 for _, e in parts), default=0)
        whole = [int(m * 2 ** 53) << (e - 53 - low) for m, e in parts]
        n, i = 0, 0
        for k in order:
            while i < len(dist) and dist[i][0] >= k:
                n += whole[i]
                i += 1
            got[k] = min(1.0, n / (1 << -low) if low < 0 else float(n << low))
        return {k: got[v] for k, v in wanted.items()}

    def at_most(self, k: int) -> float:
        """P(outcome <= k) (a Fraction for exact odds)."""
        k = self._outcome_count(k)
        self._need_numeric("at_most")
        c = self._counts()
        if c is not None:
            return c.share(sum(n for o, n in c.distribution.items() if o <= k))
        return self._sum(v for o, v in self._exact_dist().items() if o <= k)

    @property
    def mean(self) -> float | None:
        """Expected outcome (``None`` for pass/fail checks; a Fraction for
        exact odds)."""
        if not self.numeric:
            return None
        c = self._counts()
        if c is not None:
            return c.share(sum(map(mul, c.distribution, c.distribution.values())))
        d = self._exact_dist()
        s = total(map(mul, d, d.values()))
        return float(s) if self.exact is not None and self.exact is not self else s

    @property
    def sd(self) -> float | None:
        """Standard deviation of the outcome (``None`` for pass/fail checks)."""
        if not self.numeric:
            return None
        c = self._counts()
        if c is not None:  # the variance's Fraction, (D * sum(o**2 n) - sum(o n)**2) / D**2, rounded once
            d = c.distribution
            s1 = sum(map(mul, d, d.values()))
            s2 = sum(map(mul, map(mul, d, d), d.values()))
            return math.sqrt(max((c.denominator * s2 - s1 * s1) / c.denominator**2, 0.0))
        dist = self._exact_dist()
        m = total(map(mul, dist, dist.values()))
        var = total([p * (o - m) ** 2 for o, p in dist.items()])
        return math.sqrt(max(var, 0.0))

    @property
    def p_fail(self) -> float:
        c = self._counts()
        if c is not None:
            return c.share(c.denominator - c.p_pass)
        if self.exact is not None and self.exact is not self:
            return float(1 - self.exact.p_pass)
        return 1 - self.p_pass

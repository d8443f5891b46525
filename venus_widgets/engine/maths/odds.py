"""``Odds``: the exact outcome distribution of one spec, and what follows.

An :class:`Odds` is an immutable value: the normalized spec, the
distribution of the outcome (final successes for pools, net successes
where dice cancel, degrees, ``"pass"``/``"fail"`` for d20 checks: what the
edition's rolls give) and the probabilities a player asks about.

>>> o = Odds.from_pmf({"edition": "playtest", "roll": "task"}, {0: 0.25, 1: 0.5, 2: 0.25},
...                   threshold=1, goal=2)
>>> o.p_pass, o.p_goal, o.at_least(2), o.mean, round(o.sd, 4)
(0.75, 0.25, 0.25, 1.0, 0.7071)
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Any

import numpy as np

from .counts import Counts, whole_count, whole_counts
from .exact import is_exact, total
from .probability import plain as _plain, probability
from .readings import Readings
from ..frozen import freeze, thaw

#: Mass below which an unbounded tail (exploding dice) is cut off.
TAIL_CUTOFF = 1e-12
#: The cut-off in a sentence (a note of the odds says what it left out).
TAIL_WORDS = "together less than 1 in a trillion"

#: :meth:`Odds.snap` accepts a float ``p`` for ``n / D`` when ``|p * D - n|``
#: is at most this (float noise is far below it while ``D <= SNAP_BELOW``).
SNAP_TOLERANCE = 0.05
#: Largest common denominator the float odds are snapped for (above it, and
#: below 2**53, the engine counts in Fractions).
SNAP_BELOW = 2**44


_number = probability


@dataclass(frozen=True)
class Odds(Readings):
    """Exact odds of one roll. Every probability is a plain Python
    ``float`` (a :class:`fractions.Fraction` in the odds that
    ``odds(spec, exact=True)`` returns; the annotations name the float
    case), every outcome a plain ``int`` or word, on every edition.

    Attributes
    ----------
    spec:
        the normalized spec these odds are for, read-only (list fields as
        tuples; :meth:`to_dict` gives a fresh copy with lists).
    distribution:
        outcome -> probability (sums to 1 within 1e-12).
    p_pass:
        P(pass): what pass means per edition is in the rules reference.
    threshold, goal:
        outcomes needed to pass and to reach the player's goal (for d20
        checks: the target number; ``goal == threshold`` where no goal).
    p_goal:
        P(outcome >= goal).
    breakdown:
        named probabilities (auto-pass, bonus-dice pass, critical, ...).
    p_critical:
        P(critical) where the edition has criticals (snake eyes, a
        critical success or failure), else ``None``.
    p_ego_spent:
        P(Ego is spent under the policy), or ``None`` without Ego.
    truncated:
        probability mass cut off from an unbounded tail (< 1e-12), 0 otherwise.
    events, events_passed:
        a draft's named events (a glitch, a critical): the chance of each,
        and the chance of it together with a pass (with a fail: the one
        minus the other); empty for the built-in editions.
    notes:
        plain-words remarks about how these odds were computed.
    exact:
        for rational odds, the same odds in :class:`fractions.Fraction`
        (what ``odds(spec, exact=True)`` returns); every float here is
        ``float()`` of its Fraction, correctly rounded. ``None`` when the
        odds are not rational (exploding dice) or too large to count exactly
        (a common denominator past 2**53: :attr:`rational` tells the two apart).
        Odds of Fractions are their own exact odds. (A property: float odds counted in whole numbers keep their
        :class:`Counts` and build the Fractions when this is first read.)
    rational:
        whether these odds are fractions: every roll but dice that roll
        again without end. True even where no Fraction was built (a common
        denominator past 2**53: ``odds(spec, exact=True)`` counts them).
        Only odds that are not rational are sampled (the rule lab) or have
        a tail cut off. Given when the odds are made (``odds()`` gives it
        from the edition's ``denominator``): the odds never ask the edition.
    """

    spec: Mapping[str, Any]
    distribution: Mapping[Any, float]
    p_pass: float
    threshold: int | None = None
    goal: int | None = None
    p_goal: float = 0.0
    breakdown: Mapping[str, float] = field(default_factory=dict)
    p_critical: float | None = None
    p_ego_spent: float | None = None
    truncated: float = 0.0
    notes: tuple[str, ...] = ()
    events: Mapping[str, float] = field(default_factory=dict)
    events_passed: Mapping[str, float] = field(default_factory=dict)
    #: the exact odds: an Odds of Fractions, the Counts they are built from, or None
    _exact: "Odds | Counts | None" = field(default=None, repr=False, compare=False)
    #: (how the odds were made, as ``_exact``: odds of the same numbers are equal)
    rational: bool = field(default=True, compare=False)

    def __post_init__(self) -> None:
        # one contract across editions: every number a plain Python float,
        # every outcome a plain int or word (never a numpy scalar)
        # deep: odds are cached, so nothing handed out may change them (list fields become tuples)
        object.__setattr__(self, "spec", freeze(self.spec))
        # (exact odds keep their Fractions: ``odds(spec, exact=True)``)
        # (each comprehension is a fresh dict: its read-only view needs no copy)
        object.__setattr__(self, "distribution",
                           MappingProxyType({_plain(k): _number(v) for k, v in self.distribution.items()}))
        object.__setattr__(self, "breakdown", MappingProxyType({k: _number(v) for k, v in self.breakdown.items()}))
        for name in ("events", "events_passed"):
            object.__setattr__(self, name, MappingProxyType({k: _number(v) for k, v in getattr(self, name).items()}))
        for name in ("p_pass", "p_goal", "truncated"):
            object.__setattr__(self, name, _number(getattr(self, name)))
        for name in ("p_critical", "p_ego_spent"):
            if getattr(self, name) is not None:
                object.__setattr__(self, name, _number(getattr(self, name)))
        for name in ("threshold", "goal"):
            if getattr(self, name) is not None:
                object.__setattr__(self, name, int(getattr(self, name)))

    # -- construction -----------------------------------------------------

    @classmethod
    def from_pmf(
        cls,
        spec: Mapping[str, Any],
        pmf: Mapping[int, float] | Any,
        *,
        threshold: int,
        goal: int | None = None,
        offset: int = 0,
        **extra: Any,
    ) -> "Odds":
        """Odds of a numeric outcome from a pmf (a dict, or an array indexed
        from ``offset``), passing at ``>= threshold``.

        Zero entries are dropped from ``distribution``; tiny negative float
        noise is clipped to 0. A pmf of Fractions (and ints) gives exact
        odds: every probability stays a Fraction.
        """
        if isinstance(pmf, np.ndarray) and pmf.dtype == np.float64 and pmf.ndim == 1 and pmf.size:
            return cls._from_floats(spec, pmf, threshold, threshold if goal is None else goal, offset, extra)
        raw = list(pmf.items()) if isinstance(pmf, Mapping) else [(offset + i, v) for i, v in enumerate(pmf)]
        exact = all(is_exact(v) for _, v in raw)
        conv = Fraction if exact else float
        items = sorted((int(k), conv(v)) for k, v in raw)
        dist: dict[int, Any] = {k: v for k, v in items if v > 0}
        goal = threshold if goal is None else goal
        zero = Fraction(0) if exact else 0.0
        p_pass = total([zero] + [v for k, v in dist.items() if k >= threshold])
        p_goal = total([zero] + [v for k, v in dist.items() if k >= goal])
        return cls(
            spec=spec,
            distribution=dist,
            p_pass=p_pass if exact else min(1.0, p_pass),
            threshold=threshold,
            goal=goal,
            p_goal=p_goal if exact else min(1.0, p_goal),
            **extra,
        )

    @classmethod
    def _from_floats(cls, spec: Mapping[str, Any], pmf: np.ndarray, threshold: int, goal: int, offset: int,
                     extra: dict[str, Any]) -> "Odds":
        """:meth:`from_pmf` of a float64 array, the same values (zeros
        dropped, each probability clipped to 1, sums by ``math.fsum``) by
        array operations: exploding dice give hundreds of outcomes."""
        idx = (pmf > 0).nonzero()[0]  # np.flatnonzero's own steps, without its wrapper
        kept = pmf[idx]
        keys, values = (idx + offset if offset else idx).tolist(), kept.tolist()
        # the keys ascend: the outcomes from a threshold on are a tail (fsum is exact, in any order)
        p_pass = min(1.0, math.fsum(values[bisect_left(keys, threshold):]))
        p_goal = min(1.0, math.fsum(values[bisect_left(keys, goal):]))
        p_critical, p_ego_spent = extra.pop("p_critical", None), extra.pop("p_ego_spent", None)
        return cls._trusted(
            spec=freeze(spec),
            distribution=MappingProxyType(dict(zip(keys, values if max(values, default=0.0) <= 1.0
                                                   else np.minimum(kept, 1.0).tolist()))),
            p_pass=p_pass,
            threshold=int(threshold),
            goal=int(goal),
            p_goal=p_goal,
            breakdown=MappingProxyType({k: _number(v) for k, v in extra.pop("breakdown", {}).items()}),
            truncated=_number(extra.pop("truncated", 0.0)),
            notes=extra.pop("notes", ()),
            events=MappingProxyType({k: _number(v) for k, v in extra.pop("events", {}).items()}),
            events_passed=MappingProxyType({k: _number(v) for k, v in extra.pop("events_passed", {}).items()}),
            p_critical=None if p_critical is None else _number(p_critical),
            p_ego_spent=None if p_ego_spent is None else _number(p_ego_spent),
            **extra,
        )

    @classmethod
    def from_counts(
        cls,
        spec: Mapping[str, Any],
        counts: Any,
        denominator: int,
        *,
        threshold: int,
        goal: int | None = None,
        offset: int = 0,
        breakdown: Mapping[str, Any] | None = None,
        p_critical: Any = None,
        p_ego_spent: Any = None,
        notes: tuple[str, ...] = (),
        events: Mapping[str, Any] | None = None,
        events_passed: Mapping[str, Any] | None = None,
    ) -> "Odds":
        """Float odds of a numeric outcome counted in whole numbers:
        ``counts`` (an array indexed from ``offset``, of ints or of floats
        holding whole numbers) ways out of ``denominator`` for each outcome,
        and the other probabilities as counts too. Each float is the
        correctly rounded value of its fraction, the same as
        ``Odds.from_pmf`` of the Fractions followed by :meth:`rounded`,
        without building a Fraction (:attr:`exact` builds them when read).
        Outcomes counted 0 are dropped.

        >>> o = Odds.from_counts({"edition": "agora"}, [1, 0, 5], 6, threshold=2)
        >>> o.distribution[2], o.p_pass, o.exact.p_pass, o.mean
        (0.8333333333333334, 0.8333333333333334, Fraction(5, 6), 1.6666666666666667)
        """
        values = whole_counts(counts)
        dist = {k: n for k, n in enumerate(values, offset) if n}
        # the nonzero counts alone: the same sum and sign as all of them
        if sum(dist.values()) != denominator or min(dist.values(), default=0) < 0:
            raise ValueError(f"counts must be at least 0 and add up to the denominator {denominator}")
        goal = threshold if goal is None else goal
        c = Counts(
            denominator,
            dist,
            p_pass=sum(values[max(threshold - offset, 0):]),
            p_goal=sum(values[max(goal - offset, 0):]),
            breakdown={k: whole_count(v) for k, v in (breakdown or {}).items()},
            p_critical=None if p_critical is None else whole_count(p_critical),
            p_ego_spent=None if p_ego_spent is None else whole_count(p_ego_spent),
            events={k: whole_count(v) for k, v in (events or {}).items()},
            events_passed={k: whole_count(v) for k, v in (events_passed or {}).items()},
        )
        return cls._counted(freeze(spec), c, threshold=int(threshold), goal=int(goal), notes=tuple(notes))

    @classmethod
    def _counted(cls, spec: Mapping[str, Any], c: Counts, threshold: int | None, goal: int | None,
                 notes: tuple[str, ...]) -> "Odds":
        """Float odds from their counts (``spec`` already frozen), built
        without :meth:`__post_init__`: every value is already a plain float
        or int. (The fields are named, not passed on as ``**fields``: a
        keyword dict less per new float odds.)"""
        d = c.denominator  # n / d: a division of two ints, correctly rounded (Counts.share)
        return cls._trusted(
            spec=spec,
            distribution=MappingProxyType({k: n / d for k, n in c.distribution.items()}),
            p_pass=c.p_pass / d,
            threshold=threshold,
            goal=goal,
            p_goal=c.p_goal / d,
            breakdown=MappingProxyType({k: n / d for k, n in c.breakdown.items()}),
            p_critical=None if c.p_critical is None else c.p_critical / d,
            p_ego_spent=None if c.p_ego_spent is None else c.p_ego_spent / d,
            notes=notes,
            events=MappingProxyType({k: n / d for k, n in c.events.items()}),
            events_passed=MappingProxyType({k: n / d for k, n in c.events_passed.items()}),
            _exact=c,
        )

    @classmethod
    def _trusted(cls, spec: Mapping[str, Any], distribution: Mapping[Any, Any], p_pass: Any, threshold: int | None,
                 goal: int | None, p_goal: Any, breakdown: Mapping[str, Any], p_critical: Any = None,
                 p_ego_spent: Any = None, truncated: Any = 0.0, notes: tuple[str, ...] = (),
                 events: Mapping[str, Any] = MappingProxyType({}),
                 events_passed: Mapping[str, Any] = MappingProxyType({}),
                 _exact: "Odds | Counts | None" = None, rational: bool = True) -> "Odds":
        """An Odds from values already in their final types (frozen spec and
        mappings, plain floats and ints): :meth:`__post_init__` skipped."""
        out = object.__new__(cls)
        # the instance's dict directly: a frozen dataclass refuses setattr
        out.__dict__.update(spec=spec, distribution=distribution, p_pass=p_pass, threshold=threshold, goal=goal,
                            p_goal=p_goal, breakdown=breakdown, p_critical=p_critical, p_ego_spent=p_ego_spent,
                            truncated=truncated, notes=notes, events=events, events_passed=events_passed,
                            _exact=_exact, rational=rational)
        return out

    def rounded(self) -> "Odds":
        """These exact odds (Fractions) as floats, each correctly rounded
        from its Fraction; the exact odds stay in ``exact``.

        >>> from fractions import Fraction as F
        >>> e = Odds.from_pmf({"edition": "agora"}, {0: F(1, 6), 1: F(5, 6)}, threshold=1)
        >>> o = e.rounded()
        >>> o.p_pass, o.exact.p_pass, o.at_least(1)
        (0.8333333333333334, Fraction(5, 6), 0.8333333333333334)
        """
        return self._mapped(float, truncated=float(self.truncated), _exact=self)

    def _mapped(self, fn: Any, **extra: Any) -> "Odds":
        """These odds with every probability passed through ``fn`` (``None``
        stays ``None``); ``extra`` sets the remaining fields."""

        def opt(v: Any) -> Any:
            return None if v is None else fn(v)

        return Odds(
            spec=self.spec,
            distribution={k: fn(v) for k, v in self.distribution.items()},
            p_pass=fn(self.p_pass),
            threshold=self.threshold,
            goal=self.goal,
            p_goal=fn(self.p_goal),
            breakdown={k: fn(v) for k, v in self.breakdown.items()},
            p_critical=opt(self.p_critical),
            p_ego_spent=opt(self.p_ego_spent),
            notes=self.notes,
            events={k: fn(v) for k, v in self.events.items()},
            events_passed={k: fn(v) for k, v in self.events_passed.items()},
            **extra,
        )

    # -- exact or not ------------------------------------------------------

    @property
    def exact(self) -> "Odds | None":
        e = self._exact
        if e is None and is_exact(self.p_pass):  # odds of Fractions already: their own exact odds
            return self
        if isinstance(e, Counts):
            e = self._fractions(e)
            object.__setattr__(self, "_exact", e)
        return e

    def _fractions(self, c: Counts) -> "Odds":
        """The exact odds (Fractions) of float odds kept as counts."""
        f = c.fraction
        return Odds._trusted(
            spec=self.spec,
            distribution=MappingProxyType({k: f(n) for k, n in c.distribution.items()}),
            p_pass=f(c.p_pass),
            threshold=self.threshold,
            goal=self.goal,
            p_goal=f(c.p_goal),
            breakdown=MappingProxyType({k: f(n) for k, n in c.breakdown.items()}),
            p_critical=f(c.p_critical),
            p_ego_spent=f(c.p_ego_spent),
            notes=self.notes,
            events=MappingProxyType({k: f(n) for k, n in c.events.items()}),
            events_passed=MappingProxyType({k: f(n) for k, n in c.events_passed.items()}),
        )

    def _counts(self) -> Counts | None:
        return self._exact if isinstance(self._exact, Counts) else None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict (distribution as ``[outcome, p]`` pairs)."""
        return {
            "spec": thaw(self.spec),
            "distribution": [[k, v] for k, v in self.distribution.items()],
            "p_pass": self.p_pass,
            "threshold": self.threshold,
            "goal": self.goal,
            "p_goal": self.p_goal,
            "breakdown": dict(self.breakdown),
            "p_critical": self.p_critical,
            "p_ego_spent": self.p_ego_spent,
            "mean": self.mean,
            "sd": self.sd,
            "truncated": self.truncated,
            "notes": list(self.notes),
            **({"events": dict(self.events), "events_passed": dict(self.events_passed)} if self.events else {}),
        }

    def __repr__(self) -> str:
        ed, roll = self.spec.get("edition"), self.spec.get("roll")
        if isinstance(self.p_pass, Fraction):
            return f"<Odds {ed} {roll}: P(pass)={self.p_pass} exactly>"
        return f"<Odds {ed} {roll}: P(pass)={self.p_pass:.4%}>"

"""``Odds``: the exact outcome distribution of one spec, and what follows.

An :class:`Odds` is an immutable value: the normalized spec, the
distribution of the outcome (final successes for pools, net successes for
the Heresy Engine, degrees for VERS, ``"pass"``/``"fail"`` for d20 checks)
and the probabilities a player asks about.

>>> o = Odds.from_pmf({"edition": "playtest", "roll": "task"}, {0: 0.25, 1: 0.5, 2: 0.25},
...                   threshold=1, goal=2)
>>> o.p_pass, o.p_goal, o.at_least(2), o.mean, round(o.sd, 4)
(0.75, 0.25, 0.25, 1.0, 0.7071)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping

from .errors import SpecError

#: Mass below which an unbounded tail (exploding dice) is cut off.
TAIL_CUTOFF = 1e-12


def _freeze(mapping: Mapping) -> Mapping:
    return MappingProxyType(dict(mapping))


def _deep_freeze(value: Any) -> Any:
    """A read-only copy: mappings become read-only views of copies, lists tuples."""
    if isinstance(value, Mapping):
        return MappingProxyType({k: _deep_freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(_deep_freeze(v) for v in value)
    return value


def _thaw(value: Any) -> Any:
    """A fresh JSON-able copy of a deep-frozen value (tuples become lists)."""
    if isinstance(value, Mapping):
        return {k: _thaw(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_thaw(v) for v in value]
    return value


@dataclass(frozen=True)
class Odds:
    """Exact odds of one roll.

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
        P(critical) where the edition has criticals (agora snake eyes,
        playsheet critical success or failure), else ``None``.
    p_ego_spent:
        P(Ego is spent under the policy), or ``None`` without Ego.
    truncated:
        probability mass cut off from an unbounded tail (< 1e-12), 0 otherwise.
    notes:
        plain-words remarks about how these odds were computed.
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

    def __post_init__(self) -> None:
        # deep: odds are cached, so nothing handed out may change them (list fields become tuples)
        object.__setattr__(self, "spec", _deep_freeze(self.spec))
        object.__setattr__(self, "distribution", _freeze(self.distribution))
        object.__setattr__(self, "breakdown", _freeze(self.breakdown))

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
        noise is clipped to 0.
        """
        if isinstance(pmf, Mapping):
            items = sorted((int(k), float(v)) for k, v in pmf.items())
        else:
            items = [(offset + i, float(v)) for i, v in enumerate(pmf)]
        dist = {k: (v if v > 0.0 else 0.0) for k, v in items}
        dist = {k: v for k, v in dist.items() if v > 0.0}
        goal = threshold if goal is None else goal
        p_pass = math.fsum(v for k, v in dist.items() if k >= threshold)
        p_goal = math.fsum(v for k, v in dist.items() if k >= goal)
        return cls(
            spec=spec,
            distribution=dist,
            p_pass=min(1.0, p_pass),
            threshold=threshold,
            goal=goal,
            p_goal=min(1.0, p_goal),
            **extra,
        )

    # -- questions --------------------------------------------------------

    @property
    def numeric(self) -> bool:
        """True when outcomes are numbers (pools, Heresy, VERS)."""
        return all(isinstance(k, int) for k in self.distribution)

    def _need_numeric(self, what: str) -> None:
        if not self.numeric:
            raise SpecError(
                "roll", self.spec.get("roll"), "a roll with a numeric outcome", f"{what} needs counted successes"
            )

    def at_least(self, k: int) -> float:
        """P(outcome >= k)."""
        self._need_numeric("at_least")
        return min(1.0, math.fsum(v for o, v in self.distribution.items() if o >= k))

    def at_most(self, k: int) -> float:
        """P(outcome <= k)."""
        self._need_numeric("at_most")
        return min(1.0, math.fsum(v for o, v in self.distribution.items() if o <= k))

    @property
    def mean(self) -> float | None:
        """Expected outcome (``None`` for pass/fail checks)."""
        if not self.numeric:
            return None
        return math.fsum(o * p for o, p in self.distribution.items())

    @property
    def sd(self) -> float | None:
        """Standard deviation of the outcome (``None`` for pass/fail checks)."""
        if not self.numeric:
            return None
        m = self.mean
        var = math.fsum(p * (o - m) ** 2 for o, p in self.distribution.items())
        return math.sqrt(max(var, 0.0))

    @property
    def p_fail(self) -> float:
        return 1.0 - self.p_pass

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict (distribution as ``[outcome, p]`` pairs)."""
        return {
            "spec": _thaw(self.spec),
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
        }

    def __repr__(self) -> str:
        ed, roll = self.spec.get("edition"), self.spec.get("roll")
        return f"<Odds {ed} {roll}: P(pass)={self.p_pass:.4%}>"

"""Advice for a roll on the table: one type for every edition that advises.

:func:`venus_widgets.advise` returns an :class:`Advice` for the rolls
where the player chooses which dice to KISS (an edition with ``"advise"``
in its ``FEATURES``); every other roll is a :class:`~venus_widgets.engine.errors.SpecError`
naming ``edition`` (or ``roll``). Every probability is a plain Python
``float``, every die index a plain ``int``.

>>> import venus_widgets as vw
>>> a = vw.advise({"edition": "agora", "roll": "check", "rank": 4, "health": 2, "kiss": 1}, [1, 2])
>>> type(a).__name__, a.goal, a.policy, [(o.kiss, o.p_pass, o.policy) for o in a.options]
('Advice', 1, (0,), [((0,), 0.5, True), ((1,), 0.5, False), ((), 0.0, False)])
"""

from __future__ import annotations

from dataclasses import dataclass

from ..maths.probability import probability


@dataclass(frozen=True)
class Option:
    """One KISS choice and its exact odds.

    Attributes
    ----------
    kiss:
        the dice KISSed (die indices as :func:`venus_widgets.roll` numbers
        them), sorted.
    ego:
        True when the choice spends an Ego that re-rolls: every failed
        die is KISSed as well, as ``roll(spec, seed, kiss=..., ego=True)``
        and ``kiss_odds(spec, faces, kiss, ego=True)`` do. False elsewhere.
    p_pass, p_goal:
        P(pass) and P(goal) after this KISS, then Ego by the policy
        (the same number where the goal is the pass).
    p_critical:
        P(at least one critical) after this KISS (snake eyes), or
        ``None`` where the edition has no criticals.
    label:
        ``"policy"`` (the spec's policy's choice), ``"optimal"`` (the best
        P(goal), when it differs), ``"none"`` (no KISS), ``"die N"``
        (one die) or ``""``.
    policy:
        True for the spec's policy's choice (exactly one option).

    The editions build options with plain ``int``, ``bool`` and ``float``
    values (tests/test_contract.py checks every edition).
    """

    kiss: tuple[int, ...]
    ego: bool
    p_pass: float
    p_goal: float
    p_critical: float | None
    label: str
    policy: bool = False

    def __post_init__(self) -> None:
        # float noise never shows as a chance past 0 or 1 (one rule: maths.probability)
        object.__setattr__(self, "p_pass", probability(self.p_pass))
        object.__setattr__(self, "p_goal", probability(self.p_goal))
        if self.p_critical is not None:
            object.__setattr__(self, "p_critical", probability(self.p_critical))


@dataclass(frozen=True)
class Advice:
    """Options for the faces on the table, best first (P(goal), then
    P(pass), then fewer criticals, then fewer dice).

    Attributes
    ----------
    faces:
        the faces showing, in die order (a die that is not rolled, such
        as an automatic help die, as 0).
    successes:
        successes showing before any KISS.
    threshold, goal:
        successes to pass and to reach the goal (equal where the goal is the pass).
    budget_left:
        KISSes left in the ``kiss`` budget after the dice already KISSed.
    policy:
        the dice the spec's policy KISSes.
    optimal:
        the dice of an option with the best P(goal) (the first option's
        P(goal); ties go to the policy's choice where the edition says so).
    options:
        every option, as :class:`Option`. Dice of the same owner showing
        faces that play the same part (a 1, another failure, a
        success short of 6) are interchangeable, so each such group of
        choices is listed once, with its dice lowest face first.
    """

    faces: tuple[int, ...]
    successes: int
    threshold: int
    goal: int
    budget_left: int
    policy: tuple[int, ...]
    optimal: tuple[int, ...]
    options: tuple[Option, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "faces", tuple(int(f) for f in self.faces))
        object.__setattr__(self, "policy", tuple(int(i) for i in self.policy))
        object.__setattr__(self, "optimal", tuple(int(i) for i in self.optimal))
        object.__setattr__(self, "options", tuple(self.options))
        for name in ("successes", "threshold", "goal", "budget_left"):
            object.__setattr__(self, name, int(getattr(self, name)))

"""Playtest tasks: a d6 pool with KISS and Ego, exactly; this module reads the
task from the spec (threshold, goal, the dice, the KISS budget), the others
do one job each: :mod:`.dice` one die, :mod:`.order` the KISS order,
:mod:`.default` and :mod:`.optimal` the odds of each policy (finished by
:mod:`.outcome`), :mod:`.choices` what a KISS choice gives, :mod:`.rolls`
the rolls, :mod:`.advice` the advice, :mod:`.explain` the words.

docs/rules_playtest.md#task: roll ``dice`` own dice of the roller's caliber and
one die per ally (at most two) with the ally's caliber. A die succeeds on
Bronze 5-6, Silver 4-6, Gold 3-6, Platinum 2-6. ``threshold = 1 +
factors`` (+1 when learning on the job) and ``goal = threshold +
consequences``.

The default policy ``"failures"`` (docs/rules.md#one-policy-for-kiss-and-ego):

1. the successes showing reach the goal: stop, no KISS and no Ego spent;
2. else KISS failed dice up to the ``kiss`` budget, the best chance first
   (an ally's Gold before your Bronze), ties by the lowest face first;
   Ego ``reroll`` KISSes every failed die instead (the budget is moot);
3. still short of the goal and Ego ``double6``: every 6 showing scores two
   successes. Ego counts as spent only when it changes something, i.e.
   when at least one 6 shows.

The ``"optimal"`` policy may KISS any dice (a 5 too, when hoping for a 6
under ``double6``) within the budget, choosing for the faces showing the
set that maximises P(successes >= goal); ties go to the default policy's
choice, so it is never worse. With Ego ``reroll`` it chooses between not
spending Ego (any set within the budget) and spending it (every failed die,
plus any successes within the budget).

The outcome is the final number of successes. ``p_pass = P(final >=
threshold)``, ``p_goal = P(final >= goal)``. Breakdown keys (each a
probability):

- ``pass_without_kiss``: the first roll already passes;
- ``pass_after_kiss``: passes only thanks to the KISS round;
- ``pass_with_ego``: passes only thanks to Ego ``double6``;
- ``fail``: the three above and this sum to 1;
- ``goal_without_kiss``, ``goal_after_kiss``, ``goal_with_ego``: the same
  for the goal;
- ``p_kiss_used``: P(at least one die is KISSed);
- ``p_ego_spent``: as :attr:`Odds.p_ego_spent` (0 without Ego).

>>> import venus_widgets as vw
>>> o = vw.odds({"roll": "task", "dice": 2})
>>> round(o.p_pass, 6), round(o.mean, 6)
(0.555556, 0.666667)
>>> o = vw.odds({"roll": "task", "dice": 1, "kiss": 1})
>>> round(o.p_pass, 6) == round(1 - (2 / 3) ** 2, 6)
True
"""

from __future__ import annotations

from .rules import Rules, rules_of


def threshold(spec: dict, rules: Rules | None = None) -> int:
    """1 + factors, +1 when learning on the job (docs/rules_playtest.md#task);
    the 1 is the spec's ``threshold_base`` rule."""
    rules = rules or rules_of(spec)
    return rules.threshold_base + spec["factors"] + (1 if spec["learning"] else 0)


def goal(spec: dict, rules: Rules | None = None) -> int:
    """threshold + the extra consequences wanted."""
    return threshold(spec, rules) + spec["consequences"]


def calibers(spec: dict) -> list[str]:
    """The caliber of every die in roll order: own dice, then allies."""
    return [spec["caliber"]] * spec["dice"] + list(spec["allies"])


def owners(spec: dict) -> list[str]:
    """Whose each die is, in roll order: "own", then "ally 1", "ally 2"."""
    return ["own"] * spec["dice"] + [f"ally {i + 1}" for i in range(len(spec["allies"]))]


def budget(spec: dict) -> int:
    """The single-die KISS budget (Ego ``reroll`` makes it moot: every die)."""
    n = spec["dice"] + len(spec["allies"])
    return n if spec["ego"] == "reroll" else min(spec["kiss"], n)


def denominator(spec: dict) -> int:
    """6 to the dice that can be rolled: every die once, and the KISS
    budget (every die with Ego ``reroll``) once more."""
    return 6 ** (spec["dice"] + len(spec["allies"]) + budget(spec))

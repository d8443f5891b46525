"""What a Heresy roll's net successes mean: the threshold to pass and the
seed's Degrees of Success (docs/rules_heresy_vers.md#heresy-victorianas-heresy-engine-for-comparison).

>>> threshold({"pool": 6}), goal({"pool": 6})
(2, 2)
>>> degree(1), degree(-1)
('partial success', 'foul failure')
>>> BANDS[:2], BANDS[-1]
((('foul failure', None, 0), ('failure', 0, 1)), ('god-like', 20, None))
"""

from __future__ import annotations

from .rules import RULES, Rules, rules_of

#: Net successes -> degree (the seed's Degrees of Success table; below 0 a foul failure).
DEGREES = (
    (20, "god-like"),
    (15, "awe-inspiring"),
    (10, "virtuoso"),
    (6, "impressive"),
    (3, "good success"),
    (2, "success"),
    (1, "partial success"),
    (0, "failure"),
)

#: Below 0 net successes.
FOUL = "foul failure"

#: Every degree, from the worst up (the order of ``Odds.breakdown``).
NAMES = (FOUL,) + tuple(name for _, name in reversed(DEGREES))

#: Every degree with the net successes it spans, ``lo <= net < hi``
#: (``None``: no bound), from the worst up.
BANDS: tuple[tuple[str, int | None, int | None], ...] = tuple(
    zip(NAMES, (None,) + tuple(lo for lo, _ in reversed(DEGREES)), tuple(lo for lo, _ in reversed(DEGREES)) + (None,)))


def threshold(spec: dict, rules: Rules | None = None) -> int:
    """Net successes needed to pass: 2 (a success; 1 is a partial success)."""
    rules = rules or rules_of(spec)
    return rules.pass_threshold


def goal(spec: dict, rules: Rules | None = None) -> int:
    """The Heresy Engine has no consequences to buy: the goal is the threshold."""
    rules = rules or rules_of(spec)
    return threshold(spec, rules)


def degree(net: int) -> str:
    """The degree of a net number of successes.

    >>> degree(-1), degree(0), degree(1), degree(5), degree(6), degree(25)
    ('foul failure', 'failure', 'partial success', 'good success', 'impressive', 'god-like')
    """
    for lo, name in DEGREES:
        if net >= lo:
            return name
    return FOUL

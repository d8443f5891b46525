"""What a Heresy roll's net successes mean: the threshold to pass and the
seed's Degrees of Success (docs/rules_heresy_vers.md#heresy-victorianas-heresy-engine-for-comparison).

The seed's table is written for the threshold of 2 successes; with the
``pass_threshold`` knob the names follow the threshold, so a roll that
passes is always a success or better and one that fails never is:
success at the threshold, the seed's bands above it shifted with it (good
success 1 to 3 above it, impressive 4 to 7 above ...), a partial success
from 1 net success up to one short of the threshold, a failure at 0 and a
foul failure below.

>>> threshold({"pool": 6}), goal({"pool": 6})
(2, 2)
>>> degree(1), degree(-1)
('partial success', 'foul failure')
>>> bands()[:2], bands()[-1]
((('foul failure', None, 0), ('failure', 0, 1)), ('god-like', 20, None))
>>> degree(3, Rules(pass_threshold=5)), degree(5, Rules(pass_threshold=5)), degree(6, Rules(pass_threshold=5))
('partial success', 'success', 'good success')
"""

from __future__ import annotations

from .rules import RULES, Rules, rules_of

#: Net successes -> degree (the seed's Degrees of Success table, for its threshold of 2; below 0 a foul failure).
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

#: The seed's threshold, the one its table is written for.
SEED_THRESHOLD = 2

#: The degrees that pass: success and above (the schema's ``pass_parts``); the others fail.
PASSING = tuple(name for lo, name in reversed(DEGREES) if lo >= SEED_THRESHOLD)
FAILING = tuple(name for name in NAMES if name not in PASSING)


def bands(rules: Rules = RULES) -> tuple[tuple[str, int | None, int | None], ...]:
    """Every degree with the net successes it spans, ``lo <= net < hi``
    (``None``: no bound), from the worst up, for the rules' threshold (see
    the module). A band may be empty (no partial success at threshold 1).

    >>> bands(Rules(pass_threshold=4))[2:5]
    (('partial success', 1, 4), ('success', 4, 5), ('good success', 5, 8))
    """
    shift = rules.pass_threshold - SEED_THRESHOLD
    los = [None, 0, 1] + [lo + shift for lo, _ in reversed(DEGREES) if lo >= SEED_THRESHOLD]
    his = los[1:] + [None]
    return tuple(zip(NAMES, los, his))


def threshold(spec: dict, rules: Rules | None = None) -> int:
    """Net successes needed to pass: 2 (a success; 1 is a partial success)."""
    rules = rules or rules_of(spec)
    return rules.pass_threshold


def goal(spec: dict, rules: Rules | None = None) -> int:
    """The Heresy Engine has no consequences to buy: the goal is the threshold."""
    rules = rules or rules_of(spec)
    return threshold(spec, rules)


def degree(net: int, rules: Rules = RULES) -> str:
    """The degree of a net number of successes under ``rules``.

    >>> degree(-1), degree(0), degree(1), degree(5), degree(6), degree(25)
    ('foul failure', 'failure', 'partial success', 'good success', 'impressive', 'god-like')
    """
    for name, lo, hi in reversed(bands(rules)):
        if (lo is None or net >= lo) and (hi is None or net < hi):
            return name
    return FOUL

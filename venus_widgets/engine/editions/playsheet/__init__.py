"""The Venus Engine Playsheet: d20 checks with flat factors, D10 task pools.

**Check.** target = 5 x difficulty (1..4) + factors (+1 or +2 each).
Natural 1 always fails. Auto-pass by rank (the step-by-step text):
Bronze 20, Silver 19-20, Gold 18-20, Platinum 17-20. Otherwise pass when
natural + score + bonus (+1/+2 each, at most +8) >= target. No kismet on
checks.

**Task.** Roll ``dice`` D10s of the ability's rank, plus one D10 per ally
at the ally's rank. A die passes on: Bronze 7-10, Silver 6-10, Gold 5-10,
Platinum 4-10. threshold = difficulty + factors (1..12). With ``explode``
every 10 rolls one more die of the same owner and rank, without limit.

KISS and Ego follow the engine's one policy, in one round, only when the
passes showing miss the threshold:

1. the roller's budget ``kiss`` re-rolls the roller's own failed dice
   (explosion dice included); the seed says "you cannot KISS an ally's
   dice", so the budget never touches an ally's die;
2. with ``ally_kiss`` every ally re-rolls their own failed die (outside
   the budget);
3. a KISSed die is rolled fresh and may explode;
4. still short and ``ego``: every 10 showing (own, allies', exploded)
   counts as two passes. Ego counts as spent only when a 10 shows.

Critical failure: passes <= threshold / 2; critical success: passes >= 2 x
threshold; the margin is passes / threshold.

The odds are exact (:mod:`.task_odds`). Per group of dice of one rank, the failed dice and the
tens are independent for exploding chains (a chain is some 10s, then a
die that is not a 10, which fails with chance q / 0.9), so the failures are
Binomial and the extra tens a negative binomial count; without explosions
the tens are Binomial among the passing dice. The unbounded tail of
exploding dice is cut where less than 1e-12 of mass is left
(``Odds.truncated``).

>>> import venus_widgets as vw
>>> o = vw.odds({"edition": "playsheet", "roll": "task", "dice": 2, "difficulty": 1})
>>> round(o.p_pass, 12)   # at least one of two Bronze D10s on 7-10
0.64
>>> vw.odds({"edition": "playsheet", "difficulty": 1, "score": 3}).p_pass   # target 5: 2..20 pass
0.95

This package is the edition's public face (the
:class:`~venus_widgets.engine.contract.edition.Edition` contract); one idea per module:
:mod:`.dice` (faces, chains), :mod:`.check`, :mod:`.kernels` (per-group
pmfs and matrices), :mod:`.policy` (the KISS order, once), :mod:`.task_odds`,
:mod:`.outcome` (margin, criticals), :mod:`.roll`, :mod:`.kiss_odds` (one KISS choice weighed), :mod:`.roll_many`,
:mod:`.ladder`, :mod:`.explain`, :mod:`.published` (the seed's tables).
"""

from . import rules as _rules
from ...contract.knobs import Knob as _Knob
from .check import check_category, target
from .cost import cost
from .details import DETAILS  # noqa: F401  (the class of each kind of roll's details)
from .dice import AUTO_FROM, PASS_FROM, pass_chance
from .explain import explain_roll, explain_steps
from .kiss_odds import kiss_odds
from .ladder import factor_list, ladder_settings, vary_values
from .outcome import critical, goal, margin, threshold
from .published import table
from .roll import roll
from .roll_many import roll_many
from .schema import SCHEMAS, cross_checks, schema_for
from .task_odds import denominator, odds

__all__ = [
    "ID", "FEATURES", "KNOBS", "rules_of", "cost", "schema_for", "SCHEMAS", "cross_checks", "denominator", "odds", "roll", "roll_many",
    "kiss_odds",
    "ladder_settings", "explain_steps", "explain_roll",
    "AUTO_FROM", "PASS_FROM", "pass_chance", "target", "threshold", "goal", "check_category", "margin", "critical",
    "table", "factor_list", "vary_values", "at_table", "SAMPLES",
]

ID = "playsheet"
#: its name as a player reads it
NAME = "the Venus Engine Playsheet"
FEATURES: frozenset[str] = frozenset({"kiss_odds", "vary"})

#: The rule knobs a spec's ``rules`` may change (:mod:`...contract.knobs`), from :mod:`.rules`.
KNOBS: tuple[_Knob, ...] = _rules.KNOBS
rules_of = _rules.rules_of


from .samples import SAMPLES  # noqa: E402,F401  (the rolls the contract tests try it on)
from . import at_table  # noqa: E402,F401  (the roll at the table, engine/contract/table_answers.py)

"""The Heresy Engine (Victoriana), for comparison, exactly: one edition
package (the :class:`~venus_widgets.engine.contract.edition.Edition` contract).

Roll ``pool - 3 * trade`` d6: each 1 or 6 is a success, and each 6 is
rolled again for a chance at another success, as long as 6s come up. Each
1 or 6 on the black dice cancels one success; black dice never re-roll.
Each trade of 3 pool dice is one automatic success (black dice can still
cancel it). The outcome is the **net** successes (negative: foul failure);
a task passes with 2 (threshold 2), 1 is a partial success.

The modules, one idea each: :mod:`.degrees` (threshold and degrees),
:mod:`.pool` (the dice's successes and cancels), :mod:`.net` (the odds),
:mod:`.rolling` (seeded rolls), :mod:`.ladder` (ladder and explanations),
:mod:`.schema` (the spec fields),
:mod:`.rules` (the rule knobs, today's reading as defaults). This module is the edition's public face.

>>> import venus_widgets as vw
>>> o = vw.odds({"edition": "heresy", "pool": 1})
>>> round(o.distribution[0], 12), round(o.distribution[1], 12)   # 4/6, (10/6)/6
(0.666666666667, 0.277777777778)
>>> vw.odds({"edition": "heresy", "pool": 6, "trade": 2}).p_pass   # 6 dice traded: automatic success
1.0
"""

from . import rules as _rules
from ...contract.knobs import Knob as _Knob
from .cost import cost  # noqa: F401
from .details import DETAILS  # noqa: F401  (the class of each kind of roll's details)
from .degrees import DEGREES, degree, goal, threshold  # noqa: F401
from .ladder import BLACK_STEP, explain_roll, explain_steps, ladder_settings  # noqa: F401
from .net import denominator, odds  # noqa: F401
from .pool import pool_pmf  # noqa: F401
from .rolling import roll, roll_many  # noqa: F401
from .rules import RULES, Rules  # noqa: F401
from .schema import SCHEMAS, cross_checks  # noqa: F401

ID = "heresy"
#: its name as a player reads it
NAME = "Victoriana’s Heresy Engine"
FEATURES: frozenset[str] = frozenset({})

#: The rule knobs a spec's ``rules`` may change (:mod:`...contract.knobs`), from :mod:`.rules`.
KNOBS: tuple[_Knob, ...] = _rules.KNOBS
rules_of = _rules.rules_of

from .samples import SAMPLES  # noqa: E402,F401  (the rolls the contract tests try it on)
from . import at_table  # noqa: E402,F401  (the roll at the table, engine/contract/table_answers.py)

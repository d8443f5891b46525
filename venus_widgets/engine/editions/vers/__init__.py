"""VERS, for comparison: 3d6 roll-under, exactly (216 outcomes); one
edition package (the :class:`~venus_widgets.engine.contract.edition.Edition` contract).

The competence target is ``CT = 10 + ranks`` (:func:`target`). Roll 3d6
and add the penalty (a difficulty rating 0..10, or the opponent's
competence). Success when ``roll + penalty <= CT``. The outcome is the
**degrees**: ``CT - (roll + penalty)``, negative for degrees of failure;
the threshold is 0.

The modules, one idea each: :mod:`.degrees` (target, threshold, degrees),
:mod:`.distribution` (the odds), :mod:`.rolling` (seeded rolls),
:mod:`.ladder` (ladder and explanations), :mod:`.schema` (the spec fields),
:mod:`.rules` (the rule knobs, today's reading as defaults).
This module is the edition's public face.

>>> import venus_widgets as vw
>>> o = vw.odds({"edition": "vers", "ranks": 3})        # 13 or less on 3d6
>>> round(o.p_pass * 216)
181
>>> o.distribution[5] == 21 / 216                         # a roll of 8 on CT 13: 5 degrees
True
"""

from . import rules as _rules
from ...contract.knobs import Knob as _Knob
from .cost import cost  # noqa: F401
from .details import DETAILS  # noqa: F401  (the class of each kind of roll's details)
from .degrees import WAYS_3D6, degrees, target, threshold  # noqa: F401
from .distribution import denominator, odds  # noqa: F401
from .ladder import explain_roll, explain_steps, ladder_settings  # noqa: F401
from .rolling import roll, roll_many  # noqa: F401
from .rules import RULES, Rules  # noqa: F401
from .schema import SCHEMAS, cross_checks  # noqa: F401

ID = "vers"
#: its name as a player reads it
NAME = "VERS (3d6 roll-under)"
FEATURES: frozenset[str] = frozenset({})

#: The rule knobs a spec's ``rules`` may change (:mod:`...contract.knobs`), from :mod:`.rules`.
KNOBS: tuple[_Knob, ...] = _rules.KNOBS
rules_of = _rules.rules_of

from .samples import SAMPLES  # noqa: E402,F401  (the rolls the contract tests try it on)
from . import at_table  # noqa: E402,F401  (the roll at the table, engine/contract/table_answers.py)

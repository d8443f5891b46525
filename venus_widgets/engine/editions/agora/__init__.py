"""The Agora edition of the Venus Engine: one edition package (the :class:`~venus_widgets.engine.contract.edition.Edition` contract).

This module is the edition's public face; each module of the package is
one idea:

- :mod:`.reading`: the spec, read (dice, help die, threshold, criticals);
- :mod:`.policy`: the KISS order of the engine's one policy, written once;
- :mod:`.kernels`: per-die categories and the help die's faces;
- :mod:`.kiss_round`: the main pool's law by successes and the KISS round on it;
- :mod:`.fresh`: the KISSed main dice rolled afresh (Horner's scheme);
- :mod:`.distribution`: the exact odds (``odds``, ``denominator``);
- :mod:`.rolling`: seeded rolls (``roll``, ``roll_many``, the KISS checks);
- :mod:`.advising`: ``advise`` and ``kiss_odds``;
- :mod:`.ladder`: the difficulty ladder and the explanations;
- :mod:`.rules`: the rules' knobs as values (defaults: today's rules);
- :mod:`.schema`: the spec fields and cross-field rules.

>>> from venus_widgets.engine.editions import agora
>>> agora.threshold({"roll": "check", "difficulty": "challenging"})
2
"""

from . import rules as _rules
from ...contract.knobs import Knob as _Knob
from .advising import advise, kiss_odds  # noqa: F401
from .cost import cost  # noqa: F401
from .details import DETAILS  # noqa: F401  (the class of each kind of roll's details)
from .distribution import denominator, odds, subverted_pmf  # noqa: F401
from .ladder import explain_roll, explain_steps, ladder_settings, vary_values  # noqa: F401
from .policy import policy_kiss  # noqa: F401
from .reading import criticals, goal, label, main_dice, per_consequence, threshold  # noqa: F401
from .rolling import roll, roll_many  # noqa: F401
from .rules import DEFAULT as DEFAULT_RULES  # noqa: F401
from .rules import Rules  # noqa: F401
from .schema import SCHEMAS, cross_checks  # noqa: F401

ID = "agora"
#: its name as a player reads it
NAME = "the Agora rules (d6 rank pools)"
FEATURES: frozenset[str] = frozenset({"advise", "kiss_odds", "vary"})

#: The rule knobs a spec's ``rules`` may change (:mod:`...contract.knobs`), from :mod:`.rules`.
KNOBS: tuple[_Knob, ...] = _rules.KNOBS
rules_of = _rules.rules_of

from .samples import SAMPLES  # noqa: E402,F401  (the rolls the contract tests try it on)
from . import at_table  # noqa: E402,F401  (the roll at the table, engine/contract/table_answers.py)

"""The Agora edition of the Venus Engine: one edition package (the :class:`~venus_widgets.engine.edition.Edition` contract).

The rules live in :mod:`.core`; this module is the edition's public face.
"""

from .core import (  # noqa: F401
    main_dice,
    per_consequence,
    goal,
    criticals,
    label,
    denominator,
    odds,
    subverted_pmf,
    policy_kiss,
    roll,
    roll_many,
    advise,
    kiss_odds,
    ladder_settings,
    vary_values,
    explain_steps,
    explain_roll,
)
from . import core  # noqa: F401
from .schema import SCHEMAS, cross_checks  # noqa: F401

ID = "agora"
FEATURES: frozenset[str] = frozenset({"advise", "kiss_odds", "vary"})

from . import at_table  # noqa: E402,F401  (the roll at the table, engine/table.py; last: it imports this package)

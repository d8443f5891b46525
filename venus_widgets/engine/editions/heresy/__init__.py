"""The Heresy Engine (Victoriana), a comparison system: one edition package (the :class:`~venus_widgets.engine.edition.Edition` contract).

The rules live in :mod:`.core`; this module is the edition's public face.
"""

from .core import (  # noqa: F401
    degree,
    pool_pmf,
    denominator,
    odds,
    roll,
    roll_many,
    ladder_settings,
    explain_steps,
    explain_roll,
)
from . import core  # noqa: F401
from .schema import SCHEMAS, cross_checks  # noqa: F401

ID = "heresy"
FEATURES: frozenset[str] = frozenset({})

from . import at_table  # noqa: E402,F401  (the roll at the table, engine/table.py; last: it imports this package)

"""The Venus Engine Playsheet edition: one edition package (the :class:`~venus_widgets.engine.edition.Edition` contract).

The rules live in :mod:`.core`; this module is the edition's public face.
"""

from .core import (  # noqa: F401
    AUTO_FROM,
    PASS_FROM,
    pass_chance,
    target,
    check_category,
    denominator,
    odds,
    margin,
    critical,
    roll,
    roll_many,
    table,
    factor_list,
    ladder_settings,
    vary_values,
    explain_steps,
    explain_roll,
)
from . import core  # noqa: F401
from .schema import SCHEMAS, cross_checks  # noqa: F401

ID = "playsheet"
FEATURES: frozenset[str] = frozenset({"vary"})

from . import at_table  # noqa: E402,F401  (the roll at the table, engine/table.py; last: it imports this package)

"""The Venus Engine, exactly: odds, rolls, merging and tables.

Pure Python + numpy; knows nothing of widgets.
"""

import importlib
from typing import Any

from .contract import edition as _registry


def _built_in(edition_id: str) -> Any:
    """A built-in edition, loaded the first time the registry is asked for it:
    a shipped draft (``drafts/built_in.py``, and the ids it had before)
    or a package of ``editions/``."""
    if edition_id in _registry.DRAFTED or edition_id in _registry.ALIASES:
        return importlib.import_module(f"{__name__}.drafts.built_in").edition(edition_id)
    return importlib.import_module(f"{__name__}.editions.{edition_id}")


_registry.load_built_ins_with(_built_in)  # before anything below asks the registry

from .table.advice import Advice, Option
from .api import advise, dice_to_enter, enter, explain, kiss_odds, odds, roll, roll_many
from .errors import SpecError
from .contract.explain import Explanation
from .tools.fit import Fit, fit
from .format import percent
from .maths.odds import Odds
from .tools.party import PartyLadder, party_ladder
from .table.rolls import Die, Roll
from .tools.solve import Solution, ladder, solve
from .editions import PUBLIC
from .contract.edition import BUILT_IN as EDITIONS  # the one list of built-in editions; edition.ids() adds registered ones
from .contract.spec import Spec, defaults, describe, normalize, schema
from .table.details import Details, Facts

__all__ = [
    "EDITIONS", "Advice", "Die", "MergeError", "Odds", "Option", "Roll", "SpecError",
    "advise", "defaults", "describe", "kiss_odds", "merge", "normalize", "odds", "percent", "roll", "roll_many", "schema", "enter", "dice_to_enter",
    "Explanation", "Solution", "explain", "ladder", "solve",
    "PartyLadder", "party_ladder",
    "Fit", "fit",
    "Spec", "Details", "Facts",
]


def __getattr__(name: str) -> Any:
    """The public names an edition defines (``editions.PUBLIC``), read
    from it on first use: ``import venus_widgets`` loads no edition."""
    if name in PUBLIC:
        return getattr(importlib.import_module(f"{__name__}.editions.{PUBLIC[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

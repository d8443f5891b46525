"""The Venus Engine, exactly: odds, rolls, merging and tables.

Pure Python + numpy; knows nothing of widgets.
"""

from .advice import Advice, Option
from .api import advise, dice_to_enter, enter, kiss_odds, odds, roll, roll_many
from .errors import MergeError, SpecError
from .explain import Explanation, explain
from .fit import Fit, fit
from .format import percent
from .merge import merge
from .odds import Odds
from .party import PartyLadder, party_ladder
from .rolls import Die, Roll
from .solve import Solution, ladder, solve
from .edition import BUILT_IN as EDITIONS  # the one list of built-in editions; edition.ids() adds registered ones
from .spec import Spec, defaults, describe, normalize, schema
from .details import Details, Facts

__all__ = [
    "EDITIONS", "Advice", "Die", "MergeError", "Odds", "Option", "Roll", "SpecError",
    "advise", "defaults", "describe", "kiss_odds", "merge", "normalize", "odds", "percent", "roll", "roll_many", "schema", "enter", "dice_to_enter",
    "Explanation", "Solution", "explain", "ladder", "solve",
    "PartyLadder", "party_ladder",
    "Fit", "fit",
    "Spec", "Details", "Facts",
]

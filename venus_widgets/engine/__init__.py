"""The Venus Engine, exactly: odds, rolls, merging and tables.

Pure Python + numpy; knows nothing of widgets.
"""

from .api import advise, kiss_odds, odds, roll, roll_many
from .errors import MergeError, SpecError
from .format import percent
from .merge import merge
from .odds import Odds
from .rolls import Die, Roll
from .spec import EDITIONS, defaults, describe, normalize, schema

__all__ = [
    "EDITIONS", "Die", "MergeError", "Odds", "Roll", "SpecError",
    "advise", "defaults", "describe", "kiss_odds", "merge", "normalize", "odds", "percent", "roll", "roll_many",
    "schema",
]

"""venus-widgets: the Venus Engine tabletop RPG rules in Jupyter.

The engine (exact odds, seeded rolls) imports only numpy; the widgets
(anywidget) load on first use:

>>> import venus_widgets as vw
>>> round(vw.odds({"roll": "task", "dice": 3}).p_pass, 4)
0.7037
"""

from .engine import (
    EDITIONS, Advice, Die, Odds, Option, Roll, SpecError, advise, defaults, describe, kiss_odds, normalize, odds,
    percent, roll, roll_many, schema, enter, dice_to_enter,
)
from .engine import Explanation, Solution, explain, ladder, solve
from .engine import PartyLadder, party_ladder
from .engine import Fit, fit
from .engine.tools.rules_view import Knobs, rules
from .engine.tools.compare import Comparison, compare
from .engine.tools.sweep import Sweep, sweep
from .engine.tools.sample import Sample, sample

from . import engine

__version__ = "0.1.0"

def load_edition(draft, name: str = ""):
    """Register a designer's draft (a ``.toml`` path, its TOML text, or a
    dict) as an edition: :func:`venus_widgets.engine.drafts.load_edition`
    (docs/drafts.md)."""
    from .engine.drafts import load_edition as _load

    return _load(draft, name)


_WIDGETS = ("CheckRoller", "TaskRoller", "PoolRoller", "RollLog", "FCScreen", "RuleLab")


def __getattr__(name: str):
    if name in engine.PUBLIC:  # defined by an edition, loaded on first use
        return getattr(engine, name)
    if name in _WIDGETS:
        from . import widgets

        return getattr(widgets, name)
    raise AttributeError(f"module 'venus_widgets' has no attribute {name!r}")


__all__ = [
    "EDITIONS", "Advice", "Die", "MergeError", "Odds", "Option", "Roll", "SpecError",
    "advise", "defaults", "describe", "kiss_odds", "merge", "normalize", "odds", "percent", "roll", "roll_many", "schema", "enter", "dice_to_enter",
    "Explanation", "Solution", "explain", "ladder", "solve",
    "PartyLadder", "party_ladder",
    "Fit", "fit",
    "Knobs", "rules", "Comparison", "compare", "Sweep", "sweep", "Sample", "sample", "load_edition",
    *_WIDGETS,
]

"""Interactive rollers (anywidget) built on the engine.

>>> from venus_widgets.widgets import TaskRoller
>>> w = TaskRoller(dice=4, factors=1)
>>> w.dice, w.factors, 0 < w.odds.p_pass < 1
(4, 1, True)
"""

from .fcscreen import FCScreen
from .rolllog import LogImportError, RollLog
from .rollers import CheckRoller, PoolRoller, TaskRoller
from .rulelab import RuleLab

__all__ = ["CheckRoller", "FCScreen", "LogImportError", "PoolRoller", "RollLog", "RuleLab", "TaskRoller"]

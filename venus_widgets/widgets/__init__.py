"""Interactive rollers (anywidget) built on the engine.

>>> from venus_widgets.widgets import TaskRoller
>>> TaskRoller(dice=4, factors=1)
TaskRoller(edition='playtest', dice=4, factors=1)
"""

from .fcscreen import FCScreen
from .rolllog import LogImportError, RollLog
from .rollers import CheckRoller, PoolRoller, TaskRoller
from .rulelab import RuleLab

__all__ = ["CheckRoller", "FCScreen", "LogImportError", "PoolRoller", "RollLog", "RuleLab", "TaskRoller"]

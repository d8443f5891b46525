"""Interactive rollers (anywidget) built on the engine.

>>> from venus_widgets.widgets import TaskRoller
>>> TaskRoller(dice=4, factors=1)
TaskRoller(edition='playtest', dice=4, factors=1)
"""

from .rolllog import LogImportError, RollLog
from .rollers import CheckRoller, PoolRoller, TaskRoller

__all__ = ["CheckRoller", "LogImportError", "PoolRoller", "RollLog", "TaskRoller"]

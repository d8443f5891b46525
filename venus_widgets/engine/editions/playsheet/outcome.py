"""What a task's passes mean: the margin and the criticals
(docs/rules_playsheet.md#task)."""

from __future__ import annotations


def margin(passes: int, threshold: int) -> float:
    """The margin of success: passes / threshold (6 passes on 4: 1.5).

    >>> margin(6, 4)
    1.5
    """
    return passes / threshold

def critical(passes: int, threshold: int) -> str | None:
    """``"critical failure"`` (passes <= threshold / 2), ``"critical
    success"`` (passes >= 2 x threshold) or ``None``.

    >>> critical(2, 4), critical(8, 4), critical(3, 4)
    ('critical failure', 'critical success', None)
    """
    if passes <= threshold / 2:
        return "critical failure"
    if passes >= 2 * threshold:
        return "critical success"
    return None

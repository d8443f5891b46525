"""What a task's passes mean (docs/rules_playsheet.md#task): the
threshold (passes needed), the goal (the threshold: the playsheet has no
consequences), the margin and the criticals."""

from __future__ import annotations


def threshold(spec: dict) -> int:
    """Passes a task needs: difficulty + factors (1..12).

    >>> threshold({"roll": "task", "difficulty": 3, "factors": [2]})
    5
    """
    if spec["roll"] != "task":
        raise ValueError("a playsheet check has a target (check.target), not a threshold")
    return spec["difficulty"] + sum(spec["factors"])


def goal(spec: dict) -> int:
    """Passes a task aims at: its threshold (no consequences to buy)."""
    return threshold(spec)


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

"""The agora spec, read: the dice it rolls and the successes it needs
(docs/rules_agora.md#the-roll, docs/rules_agora.md#help).

A die succeeds when its face is >= its rank (2..6). A **check** rolls the
Health dice; a **task** rolls Health + job + asset dice, minus one die per
difficulty factor (never below 0). Helpers merge into one **help die**
(:func:`.merge.merge`) rolled with its own rank and
never reduced by factors; a merged rank of 1 is an automatic success, not
rolled.

The **threshold** is 1 success (standard check), 2 (challenging check), or
the number of consequences, doubled when challenging (task: full pass).
Agora has no separate goal: ``goal(spec) == threshold(spec)``.

>>> s = {"roll": "task", "health": 2, "job": 1, "assets": 0, "factors": 1, "consequences": 2,
...      "difficulty": "challenging", "rank": 4, "helpers": [5, 5]}
>>> main_dice(s), threshold(s), goal(s), layout(s)
(2, 4, 4, (2, 4, [4, 4, 4]))
"""

from __future__ import annotations

from typing import Any, Sequence

from .merge import try_merge
from .rules import Rules, rules_of

#: Help rank 1: an automatic success, recorded as a die with face 0.
AUTO = 1


def main_dice(spec: dict) -> int:
    """Dice in the main pool: Health (check), or Health + job + assets -
    factors, never below 0 (task)."""
    if spec["roll"] == "check":
        return spec["health"]
    return max(0, spec["health"] + spec["job"] + spec["assets"] - spec["factors"])


def per_consequence(spec: dict, rules: Rules | None = None) -> int:
    """Successes per consequence (or per check): 2 when challenging
    (``rules.challenging_factor``)."""
    rules = rules or rules_of(spec)
    return rules.challenging_factor if spec["difficulty"] == "challenging" else 1


def threshold(spec: dict, rules: Rules | None = None) -> int:
    """Successes needed to pass: a check's (1, or 2 when challenging), or a
    task's full pass (every consequence subverted)."""
    rules = rules or rules_of(spec)
    n = 1 if spec["roll"] == "check" else spec["consequences"]
    return n * per_consequence(spec, rules)


def goal(spec: dict, rules: Rules | None = None) -> int:
    """The threshold (agora's consequences are inside it: no extra goal)."""
    rules = rules or rules_of(spec)
    return threshold(spec, rules)


def criticals(ones: Any, snakes: str, eyes: int = 2) -> Any:
    """Criticals from the 1s showing after KISS: ``same`` counts any two
    (``eyes``: ``rules.snake_eyes_ones``) or more 1s once, ``each-pair``
    counts one per pair.

    >>> criticals(3, "same"), criticals(3, "each-pair"), criticals(4, "each-pair"), criticals(2, "same", 3)
    (1, 1, 2, 0)
    """
    if snakes == "each-pair":
        return ones // eyes
    return (ones >= eyes) * 1


def label(passed: bool, crit: int) -> str:
    if crit:
        return "success with a bane" if passed else "failure with a boon"
    return "success" if passed else "failure"


def help_die(spec: dict, rules: Rules | None = None) -> int | None:
    """The rank of the one help die the helpers of a normalized spec merge
    into (``None``: no helpers; 1: an automatic success). :func:`normalize`
    has checked that they merge (``merge`` names the helpers that would).

    >>> help_die({"helpers": [5, 5, 4]}), help_die({"helpers": []})
    (3, None)
    """
    return try_merge(spec["helpers"], (rules or rules_of(spec)).merge_drop)


def layout(spec: dict) -> tuple[int, int | None, list[int]]:
    """(main dice, help rank or ``None``, rank of each die in roll order:
    the main dice, then the help die)."""
    n, help_rank = main_dice(spec), help_die(spec)
    ranks = [spec["rank"]] * n + ([help_rank] if help_rank is not None else [])
    return n, help_rank, ranks


def successes(faces: Sequence[int], ranks: Sequence[int]) -> int:
    """Successes showing: faces at or above their die's rank, and one for
    the rank-1 help die (last, not rolled: its face may be 0 or left out).

    >>> successes([4, 1], [4, 4]), successes([4, 1], [4, 4, AUTO]), successes([4, 1, 0], [4, 4, AUTO])
    (1, 2, 2)
    """
    auto = bool(ranks) and ranks[-1] == AUTO
    return sum(1 for f, r in zip(faces, ranks) if r != AUTO and f >= r) + auto

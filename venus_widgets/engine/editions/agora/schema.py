"""The agora edition's spec: its spec fields (one schema per kind of roll, in display
order) and the rules that tie several fields together.
"""

from __future__ import annotations

from typing import Any

from .merge import HELPERS, merge
from .rules import rules_of
from ..venus_fields import GROUPS, KISS
from ...contract.fields import Bool, Choice, Field, Int, Schema

_COMMON: dict[str, Field] = {
    "rank": Int(2, 6, 4, "the ability's rank: a die succeeds on a face >= rank", "Rank (lower is better)", "ability"),
    "health": Int(0, 3, 2, "Health dice (usually 2, fewer when wounded)", "Health dice", "ability"),
    "helpers": HELPERS,
    "difficulty": Choice(("standard", "challenging"), "standard", "challenging doubles the successes needed",
                         label="Difficulty", group="difficulty"),
    "kiss": KISS,
    "helper_kiss": Bool(False, "a merged helper KISSes the helping die (outside the roller's budget)",
                        "Helper KISSes the help die", "help"),
    "ego": Bool(False, "spend Ego: every 6 scores two successes", "Ego", "kiss"),
    "snakes": Choice(("same", "each-pair"), "same", "many-eyed snakes: one critical, or one per pair of 1s",
                     label="Many-eyed snakes", group="kiss",
                     option_words=(("same", "one critical however many 1s"), ("each-pair", "one per pair of 1s"))),
}
_WORDS = {"ego_spend": "Spend Ego: 6s count twice"}

SCHEMAS: dict[str, dict[str, Field]] = {
    "check": Schema(_COMMON, words=_WORDS, groups=GROUPS),
    "task": Schema({
        **_COMMON,
        "job": Int(0, 10, 1, "job dice", "Job dice", "ability"),
        "assets": Int(0, 10, 0, "asset and other bonus dice", "Asset dice", "ability"),
        "factors": Int(0, 16, 0, "difficulty factors: each removes a die from the main pool", "Difficulty factors",
                       "difficulty"),
        "consequences": Int(1, 4, 1, "consequences the FC set; each needs subverting", "Consequences",
                            "consequences", entries="text"),
    }, words=_WORDS, groups=GROUPS, fail_parts=("+1 exp",)),
}


def cross_checks(s: dict[str, Any]) -> None:
    """The helpers must merge into one helping die."""
    if s["helpers"]:
        merge(s["helpers"], rules_of(s).merge_drop)  # raises MergeError with the best feasible subset

"""The playtest edition's rule knobs (issue 9: every rule a parameter), with
today's reading (docs/rules_playtest.md) as defaults and the seed sentence
each comes from. The odds kernels take a :class:`Rules` as an argument (it
is part of every cache key), so a variant is one argument away; specs do
not carry rules yet.

>>> RULES.lowest_success("silver"), RULES.faces("silver")
(4, (3, 2, 1))
>>> variant = RULES.replace(success_from={"bronze": 4})
>>> variant.faces("bronze") == RULES.faces("silver")
True
>>> RULES.auto_pass_from("bronze"), RULES.natural_one_fails("platinum")
(21, False)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

CALIBERS = ("bronze", "silver", "gold", "platinum")


@dataclass(frozen=True)
class Rules:
    """One reading of the playtest rules. Per-caliber knobs are tuples of
    (caliber, value) pairs so that a Rules is hashable (a cache key)."""

    #: caliber -> lowest succeeding d6 face
    success_from: tuple[tuple[str, int], ...] = (("bronze", 5), ("silver", 4), ("gold", 3), ("platinum", 2))
    #: successes needed with no factor
    threshold_base: int = 1
    #: relative difficulty factors at most
    max_factors: int = 4
    #: aiding allies at most
    max_allies: int = 2
    #: with Ego double6, each success showing at least this scores one more
    ego_double_from: int = 6
    #: caliber -> lowest natural d20 that auto-passes a check (None: never)
    check_auto_pass_from: tuple[tuple[str, int | None], ...] = (
        ("bronze", None), ("silver", 20), ("gold", 19), ("platinum", 19))
    #: caliber -> whether a natural 1 auto-fails a check
    check_natural_one_fails: tuple[tuple[str, bool], ...] = (
        ("bronze", True), ("silver", True), ("gold", True), ("platinum", False))

    def replace(self, **knobs: Any) -> "Rules":
        """These rules with some knobs changed; a per-caliber knob may be
        given as a dict of the calibers that change."""
        out = {}
        for name, value in knobs.items():
            if isinstance(value, dict):
                value = tuple((c, value.get(c, v)) for c, v in getattr(self, name))
            out[name] = value
        return replace(self, **out)

    def lowest_success(self, caliber: str) -> int:
        return dict(self.success_from)[caliber]

    def faces(self, caliber: str) -> tuple[int, int, int]:
        """d6 faces that fail, succeed (not doubled by Ego ``double6``),
        succeed and are doubled."""
        low = self.lowest_success(caliber)
        doubled = 7 - max(low, self.ego_double_from)
        return low - 1, 7 - low - doubled, doubled

    def auto_pass_from(self, caliber: str) -> int:
        """Lowest natural that auto-passes a check (21: none does)."""
        v = dict(self.check_auto_pass_from)[caliber]
        return 21 if v is None else v

    def natural_one_fails(self, caliber: str) -> bool:
        return dict(self.check_natural_one_fails)[caliber]


#: Today's reading of the rules.
RULES = Rules()

#: The seed sentence (docs/rules_playtest.md) each knob comes from.
SEEDS = {
    "success_from": "A die succeeds on Bronze 5-6, Silver 4-6, Gold 3-6, Platinum 2-6.",
    "threshold_base": "threshold = 1 + factors (+1 when learning)",
    "max_factors": "learning on the job is one of the four factors",
    "max_allies": "each ally (allies, at most 2) adds one die of the ally's caliber",
    "ego_double_from": "Still short of the goal with Ego double6: every 6 showing scores two successes.",
    "check_auto_pass_from": "Auto-pass: Silver on a natural 20; Gold and Platinum on 19-20; Bronze never.",
    "check_natural_one_fails": "Auto-fail: a natural 1, except Platinum.",
}

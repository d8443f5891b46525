"""The playtest edition's rule knobs (every rule a parameter), with
today's reading (docs/rules_playtest.md) as defaults and the seed sentence
each comes from. The odds kernels take a :class:`Rules` as an argument (it
is part of every cache key), so a variant is one argument away. A spec's
``rules`` (checked by :data:`KNOBS`, :mod:`venus_widgets.engine.contract.knobs`)
gives its :class:`Rules` through :func:`rules_of`.

>>> RULES.lowest_success("silver"), RULES.faces("silver")
(4, (3, 2, 1))
>>> variant = RULES.replace(success_from={"bronze": 4})
>>> variant.faces("bronze") == RULES.faces("silver")
True
>>> RULES.auto_pass_from("bronze"), RULES.natural_one_fails("platinum")
(21, False)
>>> rules_of({"rules": {"success_from": {"bronze": 4}}}).lowest_success("bronze")
4
>>> rules_of({}) is RULES
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from ...contract.knobs import Knob, boolean, optional, per, RulesOf, whole

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

    def chance(self, caliber: str) -> int:
        """How many faces of a d6 of this caliber succeed (the KISS order
        KISSes the best chance first)."""
        return 7 - self.lowest_success(caliber)

    @classmethod
    def from_values(cls, v: Mapping[str, Any]) -> "Rules":
        """The rules from every knob's JSON value (:func:`...contract.knobs.values`)."""
        out = dict(v)
        for name in ("success_from", "check_auto_pass_from", "check_natural_one_fails"):
            out[name] = tuple((c, v[name][c]) for c in CALIBERS)
        return cls(**out)


#: Today's reading of the rules.
RULES = Rules()

#: The seed sentence (docs/rules_playtest.md) each knob comes from.
SEEDS = {
    "success_from": "A die succeeds on Bronze 5-6, Silver 4-6, Gold 3-6, Platinum 2-6.",
    "threshold_base": "A task needs 1 success, and 1 more for each difficulty factor (and for learning on the job).",
    "max_factors": "learning on the job is one of the four factors",
    "max_allies": "Each ally, at most 2, adds one die of the ally's caliber.",
    "ego_double_from": "Still short of the goal, a player who spends Ego on sixes scores two successes for every 6 "
                       "showing.",
    "check_auto_pass_from": "Auto-pass: Silver on a natural 20; Gold and Platinum on 19-20; Bronze never.",
    "check_natural_one_fails": "Auto-fail: a natural 1, except Platinum.",
}

_WHERE = "docs/rules_playtest.md#rule-knobs"

#: The knobs a spec's ``rules`` may change, in the order a playtester meets them.
KNOBS: tuple[Knob, ...] = (
    Knob("success_from", dict(RULES.success_from), per(CALIBERS, whole(2, 6)), SEEDS["success_from"], _WHERE,
         "Lowest face that succeeds, per caliber", ("task",)),
    Knob("threshold_base", RULES.threshold_base, whole(0, 6), SEEDS["threshold_base"], _WHERE,
         "Successes needed with no factor", ("task",)),
    Knob("max_factors", RULES.max_factors, whole(1, 8), SEEDS["max_factors"], _WHERE,
         "Most difficulty factors", ("check", "task")),
    Knob("max_allies", RULES.max_allies, whole(0, 6), SEEDS["max_allies"], _WHERE, "Most allies", ("task",)),
    Knob("ego_double_from", RULES.ego_double_from, whole(2, 6), SEEDS["ego_double_from"], _WHERE,
         "With Ego on sixes, faces from this one score twice", ("task",)),
    Knob("check_auto_pass_from", dict(RULES.check_auto_pass_from),
         per(CALIBERS, optional(whole(2, 20), "never auto-passes")), SEEDS["check_auto_pass_from"], _WHERE,
         "Natural d20 that passes a check at once, per caliber", ("check",)),
    Knob("check_natural_one_fails", dict(RULES.check_natural_one_fails), per(CALIBERS, boolean()),
         SEEDS["check_natural_one_fails"], _WHERE, "A natural 1 fails a check, per caliber", ("check",)),
)


#: The rules a spec plays by: its ``rules`` over the defaults (made once per distinct ``rules``).
rules_of: RulesOf[Rules] = RulesOf(KNOBS, Rules.from_values, RULES)

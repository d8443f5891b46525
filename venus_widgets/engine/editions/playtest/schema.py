"""The playtest edition's spec: its spec fields (one schema per kind of roll, in display
order) and the rules that tie several fields together.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .consequences import consequence_list
from .rules import RULES, Rules, rules_of
from ..venus_fields import CALIBER, D20_SCORE, GROUPS, KISS, MAX_DICE
from ..d20_check import RESULT_WORDS
from ...contract.fields import Bool, Choice, CrossError, Field, Int, List, Schema, Source

#: The sources of a task's KISS budget (docs/rules_playtest.md#task): the view sums them into ``kiss``.
KISS_SOURCES = (Source("lots", "Lots spent", 10), Source("insights", "Insights", 10), Source("stunt", "Stunt", 1),
                Source("specialties", "Specialties", 4), Source("ally_stunts", "Ally stunts", 2, per="allies"))

SCHEMAS: dict[str, dict[str, Field]] = {
    "check": Schema({
        "caliber": CALIBER,
        "score": D20_SCORE,
        "difficulty": Choice(
            ("routine", "simple", "tough", "challenging", "absurd"), "tough", "absolute difficulty: 5, 10, 15, 20, 25",
            label="Difficulty", group="difficulty",
        ),
        "factors": Int(0, 4, 0, "relative difficulty factors, +1 to the target each", "Difficulty factors", "difficulty"),
        "bonus_factors": Int(0, 4, 0, "bonus factors: that many d6, add the highest", "Bonus factors", "difficulty"),
    }, words={"threshold": "Target number"}, results=RESULT_WORDS, groups=GROUPS,
        passing=("auto-pass", "pass", "bonus-pass"),
        pass_parts=("auto-pass", "pass", "bonus-pass"), fail_parts=("fail", "auto-fail")),
    "task": Schema({
        "caliber": CALIBER,
        "dice": Int(0, MAX_DICE, 3, "own dice: the job level (the ability score when learning)", "Dice (job level)",
                    "ability"),
        "learning": Bool(False, "learning on the job (level 0): counts as one of the four factors",
                         "Learning on the job (level 0)", "ability"),
        "factors": Int(0, 4, 0, "relative difficulty factors: threshold = 1 + factors", "Difficulty factors",
                       "difficulty"),
        "allies": List(CALIBER, 2, "each aiding ally's caliber (one die each)", "Allies", "help"),
        "kiss": replace(KISS, sources=KISS_SOURCES),
        "ego": Choice(("none", "reroll", "double6"), "none", "Ego: KISS every failed die, or 6s count twice",
                      label="Ego", group="kiss",
                      option_words=(("none", "no Ego"), ("reroll", "KISS every failed die"),
                                    ("double6", "6s count twice"))),
        "consequences": Int(0, 8, 0, "extra consequences wanted beyond the primary", "Consequences", "consequences",
                            entries="pick"),
        "policy": Choice(("failures", "optimal"), "failures", "which dice the odds assume you KISS",
                         label="Dice to KISS", group="kiss",
                         option_words=(("failures", "the failed dice"), ("optimal", "those for the best chance"))),
    }, words={"ego_spend": "Spend Ego: 6s count twice"}, groups=GROUPS, picks=tuple(consequence_list()),
        pass_parts=("pass_without_kiss", "pass_after_kiss", "pass_with_ego"), fail_parts=("fail",)),
}


def schema_for(roll: str, rules: Rules) -> dict[str, Field]:
    """The fields of ``roll`` under ``rules``: ``max_factors`` and
    ``max_allies`` set the ranges of ``factors`` and ``allies``.

    >>> schema_for("task", RULES.replace(max_allies=3))["allies"].max_len
    3
    """
    base = SCHEMAS[roll]
    if (rules.max_factors, rules.max_allies) == (RULES.max_factors, RULES.max_allies):
        return base
    assert isinstance(base, Schema)
    factors, allies = base["factors"], base.get("allies")
    assert isinstance(factors, Int)
    changed: dict[str, Field] = {"factors": replace(factors, hi=rules.max_factors)}
    if isinstance(allies, List):
        changed["allies"] = replace(allies, max_len=rules.max_allies)
    return base.replace(**changed)


def cross_checks(s: dict[str, Any]) -> None:
    """Rules that tie several fields together."""
    top = rules_of(s).max_factors
    if s["roll"] == "task" and s["learning"] and s["factors"] > top - 1:
        raise CrossError(
            "factors",
            s["factors"],
            f"a whole number from 0 to {top - 1} when learning",
            f"learning on the job is already one of the {top} difficulty factors",
            nearest=top - 1,
        )
    # a roller learning on the job may receive aid: "You cannot offer aid with
    # a level 0 job" is about the ally's job (docs/rules_playtest.md#task)

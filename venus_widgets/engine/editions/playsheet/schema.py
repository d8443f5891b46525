"""The playsheet edition's spec: its spec fields (one schema per kind of roll, in display
order) and the rules that tie several fields together.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...errors import SpecError
from ..venus_fields import D20_SCORE, GROUPS, KISS, MAX_DICE, RANK
from ..d20_check import RESULT_WORDS
from ...contract.fields import Bool, Field, Int, List, Schema

SCHEMAS: dict[str, dict[str, Field]] = {
    "check": Schema({
        "rank": RANK,
        "score": D20_SCORE,
        "difficulty": Int(1, 4, 2, "absolute difficulty 1..4, times 5", "Difficulty", "difficulty"),
        "factors": List(Int(1, 2, 1), 4, "relative difficulty factors, +1 or +2 each", "Difficulty factors",
                        "difficulty"),
        "bonus": List(Int(1, 2, 1), 4, "bonus factors, +1 or +2 each", "Bonus factors", "difficulty"),
    }, words={"threshold": "Target number"}, results=RESULT_WORDS, groups=GROUPS,
        passing=("auto-pass", "pass"), pass_parts=("auto-pass", "pass"),
        fail_parts=("fail", "auto-fail")),
    "task": Schema({
        "rank": RANK,
        "dice": Int(0, MAX_DICE, 3, "D10 pool: job level + ability score", "Dice (job level + ability score)",
                    "ability"),
        "difficulty": Int(1, 4, 1, "appropriate difficulty 1..4", "Difficulty", "difficulty"),
        "factors": List(Int(1, 2, 1), 4, "relative difficulty factors, +1 or +2 each", "Difficulty factors",
                        "difficulty"),
        "allies": List(RANK, 3, "each aiding ally's rank (one D10 each)", "Allies", "help"),
        "explode": Bool(False, "magic or advanced technology: every 10 explodes", "10s explode", "difficulty"),
        "kiss": KISS,
        "ally_kiss": Bool(False, "allies KISS their own failed dice", "Allies KISS their dice", "help"),
        "ego": Bool(False, "spend Ego: every 10 counts as two passes", "Ego", "kiss"),
    }, words={"ego_spend": "Spend Ego: 10s count twice"}, groups=GROUPS),
}


def schema_for(roll: str, rules: Any) -> dict[str, Field]:
    """The fields of ``roll`` under ``rules``: ``max_allies`` sets how many allies."""
    base = SCHEMAS[roll]
    allies = base.get("allies")
    if not isinstance(allies, List) or allies.max_len == rules.max_allies:
        return base
    assert isinstance(base, Schema)
    return base.replace(allies=replace(allies, max_len=rules.max_allies))


def cross_checks(s: dict[str, Any]) -> None:
    """Knobs that tie together bind only where the rule they tie is in
    play: with explosions, the exploding faces pass for every rank rolled
    (own and allies'), and, when Ego is spent too, they are the faces Ego
    counts twice (the odds count one kind of high face). Without
    explosions, or without Ego, the knobs are free.

    >>> cross_checks({"roll": "task", "explode": True, "ego": False, "rank": "bronze", "allies": [],
    ...               "rules": {"explode_from": 9}})
    >>> cross_checks({"roll": "task", "explode": True, "ego": True, "rank": "bronze", "allies": [],
    ...               "rules": {"explode_from": 9}})
    Traceback (most recent call last):
    ...
    venus_widgets.engine.errors.SpecError: rules.ego_double_from=10 is not allowed: expected 9, the same face as explode_from, when dice explode and Ego is spent (with explode, Ego doubles the faces that explode: set both knobs to one face, or turn explode or Ego off)
    """
    from .rules import rules_of

    if s["roll"] != "task" or not s["explode"]:
        return
    rules = rules_of(s)
    ranks = [s["rank"], *s["allies"]]
    lowest = max(rules.pass_from[r] for r in ranks)
    if rules.explode_from < lowest:
        rolled = ", ".join(dict.fromkeys(r.capitalize() for r in ranks))
        raise SpecError("rules.explode_from", rules.explode_from, f"a face from {lowest} to 10",
                        f"an exploding face must pass for every rank rolled ({rolled}; see pass_from), "
                        "or turn explode off")
    if s["ego"] and rules.explode_from != rules.ego_double_from:
        raise SpecError("rules.ego_double_from", rules.ego_double_from,
                        f"{rules.explode_from}, the same face as explode_from, when dice explode and Ego is spent",
                        "with explode, Ego doubles the faces that explode: set both knobs to one face, "
                        "or turn explode or Ego off")

"""Making a new character: the playtest edition's reading where its rule
text is silent (docs/rules_playtest.md#making-a-character).

The 1st Playtest Rules say only that a caliber comes from the character's
tier and attributes "at character assembly". A new player expects a short
recipe with numbers, so this edition reads it as: a new character of the
usual tier (heroic, in the playsheet's words: Bronze at least, jobs of
level 2 at least) has three Bronze abilities and one Silver, scores 1 to 4
that add up to 11, two jobs (levels 3 and 2) that each inherit two
abilities, one attribute of each kind, one insight, two principles, 5
Lots, Ego and no wounds. Bruno, the least seasoned of the three
pregenerated characters, is made exactly so.

>>> problems({"abilities": {"Finesse": ("bronze", 3), "Swiftness": ("bronze", 2), "Wits": ("silver", 2),
...                         "Resolve": ("bronze", 4)},
...           "jobs": {"mechanic": (3, ("Finesse", "Wits")), "deckhand": (2, ("Swiftness", "Resolve"))},
...           "attributes": [("tools", "asset"), ("strong", "merit"), ("motors", "discipline"), ("oily", "feature")],
...           "insights": ["a fact"], "principles": ["one", "two"]})
[]
>>> problems({"abilities": {"Finesse": ("gold", 6)}})[:2]
['4 abilities (Finesse, Swiftness, Wits, Resolve), not 1', 'calibers: three Bronze and one Silver, not Gold']
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

#: The four abilities, in the sheet's order.
ABILITIES = ("Finesse", "Swiftness", "Wits", "Resolve")
#: A new character's calibers: how many abilities of each.
CALIBERS = {"bronze": 3, "silver": 1}
#: What the four scores add up to, and the least and most one score may be.
SCORE_TOTAL, SCORE_LOW, SCORE_HIGH = 11, 1, 4
#: The levels of a new character's two jobs: a trade and a sideline.
JOB_LEVELS = (3, 2)
#: One attribute of each kind.
ATTRIBUTE_KINDS = ("asset", "merit", "discipline", "feature")
#: How many insights and principles a new character writes down.
INSIGHTS, PRINCIPLES = 1, 2
#: The Lots a new character starts with (at most 10 may be held), and Ego: a new character has it.
LOTS, EGO = 5, True


def problems(sheet: Mapping[str, Any]) -> list[str]:
    """What keeps ``sheet`` (as :data:`venus_widgets.tutorial.PREGENS` writes one) from being a new
    character by :mod:`this reading <.creation>`, in words; ``[]``: none."""
    out = []
    abilities = dict(sheet.get("abilities", {}))
    if sorted(abilities) != sorted(ABILITIES):
        out.append(f"4 abilities ({', '.join(ABILITIES)}), not {len(abilities)}")
    calibers = Counter(caliber for caliber, _ in abilities.values())
    if calibers != Counter(CALIBERS):
        out.append("calibers: three Bronze and one Silver, not "
                   + ", ".join(f"{n} {c.title()}" if n > 1 else c.title() for c, n in calibers.items()))
    scores = [score for _, score in abilities.values()]
    if sum(scores) != SCORE_TOTAL or any(not SCORE_LOW <= s <= SCORE_HIGH for s in scores):
        out.append(f"scores {SCORE_LOW} to {SCORE_HIGH} adding up to {SCORE_TOTAL}, not {scores}")
    jobs = dict(sheet.get("jobs", {}))
    if sorted(level for level, _ in jobs.values()) != sorted(JOB_LEVELS):
        out.append(f"two jobs of levels {JOB_LEVELS[0]} and {JOB_LEVELS[1]}, not {[level for level, _ in jobs.values()]}")
    for job, (_, inherits) in jobs.items():
        if len(set(inherits)) != 2 or not set(inherits) <= set(ABILITIES):
            out.append(f"the {job} job inherits two of the four abilities, not {list(inherits)}")
    kinds = sorted(kind for _, kind in sheet.get("attributes", []))
    if kinds != sorted(ATTRIBUTE_KINDS):
        out.append(f"one attribute of each kind ({', '.join(ATTRIBUTE_KINDS)}), not {kinds}")
    if len(sheet.get("insights", [])) != INSIGHTS or len(sheet.get("principles", [])) != PRINCIPLES:
        out.append(f"{INSIGHTS} insight and {PRINCIPLES} principles")
    return out

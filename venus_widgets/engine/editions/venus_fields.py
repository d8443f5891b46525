"""The fields the Venus Engine editions share (playtest, playsheet, agora):
the four calibers (the playsheet's ranks are the same words), a d20
check's ability score, the KISS budget, and the bounds of their counts
(a billion dice is an error, not a hang). Each edition's ``schema.py``
uses them.

>>> CALIBER.check("caliber", "Go"), MAX_DICE
('gold', 30)
"""

from __future__ import annotations

from ..contract.fields import Choice, Int

CALIBERS = ("bronze", "silver", "gold", "platinum")
_CALIBER_ALIASES = {"br": "bronze", "si": "silver", "go": "gold", "pl": "platinum"}

#: The most dice in a pool, the highest ability score, the largest KISS budget.
MAX_DICE = 30
MAX_SCORE = 40
MAX_KISS = 40

#: a caliber as the rules write it, with its capital ("Bronze")
_CALIBER_WORDS = tuple((c, c.capitalize()) for c in CALIBERS)
CALIBER = Choice(CALIBERS, "bronze", "the ability's caliber", tuple(_CALIBER_ALIASES.items()), "Caliber", "ability",
                 _CALIBER_WORDS)
RANK = Choice(CALIBERS, "bronze", "the ability's rank", tuple(_CALIBER_ALIASES.items()), "Rank", "ability",
              _CALIBER_WORDS)
D20_SCORE = Int(0, MAX_SCORE, 0, "the ability score added to the d20", "Score", "ability")
KISS = Int(0, MAX_KISS, 0, "single-die KISSes: Lots + insights + stunts + specialties", "KISS budget", "kiss")

#: The groups of a Venus Engine roller's fields, in the order it shows them, with their titles.
GROUPS = (("ability", "Ability and dice"), ("difficulty", "Difficulty"), ("help", "Help"), ("kiss", "KISS and Ego"),
          ("consequences", "Consequences"), ("other", "Other"))

"""The playsheet's rule knobs, today's reading as the
defaults, each with the seed sentence it comes from
(docs/rules_playsheet.md).

The odds kernels take the rule values as arguments (:mod:`.kernels`: the
lowest passing face ``pass_from``), so their caches are keyed by the rule.
Specs do not carry rules yet: :data:`RULES` is what every spec plays by.

>>> RULES.pass_from["bronze"], RULES.explode_from, RULES.max_allies
(7, 10, 3)
>>> Rules(pass_from={**RULES.pass_from, "bronze": 6}).pass_from["bronze"]
6
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping

from ...contract.knobs import Knob, optional, per, RulesOf, whole

RANKS = ("bronze", "silver", "gold", "platinum")


def _ranks(bronze: int, silver: int, gold: int, platinum: int) -> Mapping[str, int]:
    return MappingProxyType({"bronze": bronze, "silver": silver, "gold": gold, "platinum": platinum})


@dataclass(frozen=True)
class Rules:
    """One reading of the playsheet: the values its dice and odds follow."""

    pass_from: Mapping[str, int] = field(default_factory=lambda: _ranks(7, 6, 5, 4))
    """Rank -> lowest passing D10 face. "The pass range of Bronze dice is rolls of 7, 8, 9 or 10.
    Silver dice pass on a 6 or more, Gold on 5-10, and Platinum on a 4+." """
    explode_from: int = 10
    """Lowest face that explodes (with ``explode``). "Any 10s you rolled will explode: meaning you
    should roll another die for each 10 [...] and any 10s they roll can explode too." """
    ego_double_from: int = 10
    """Lowest face that Ego counts twice. "This makes any and all 10s rolled, by either yourself
    or your allies, count twice as passes." """
    max_allies: int = 3
    """"Up to three allies may now offer you one of their dice as aid." """
    check_auto_pass_from: Mapping[str, int | None] = field(default_factory=lambda: _ranks(20, 19, 18, 17))
    """Rank -> lowest natural d20 that auto-passes a check. "If the rank is Bronze and the die
    naturally lands on a 20 then you automatically pass [...] Silver [...] on a 19 or 20 [...]
    Gold [...] 18, 19, or 20. And Platinum abilities auto-pass on a 17 through to 20." """

    def __post_init__(self) -> None:
        for k in KNOBS:  # the knobs' own checks: one place
            k.check(dict(getattr(self, k.name)) if isinstance(k.default, dict) else getattr(self, k.name))
        object.__setattr__(self, "pass_from", MappingProxyType(dict(self.pass_from)))
        object.__setattr__(self, "check_auto_pass_from", MappingProxyType(dict(self.check_auto_pass_from)))
        # explode_from and pass_from bind only where dice explode: schema.cross_checks

    def auto_pass_from(self, rank: str) -> int:
        """Lowest natural that auto-passes a check (21: none does)."""
        v = self.check_auto_pass_from[rank]
        return 21 if v is None else v

    def __hash__(self) -> int:
        return hash((tuple(sorted(self.pass_from.items())), self.explode_from, self.ego_double_from,
                     self.max_allies, tuple(sorted(self.check_auto_pass_from.items()))))


_WHERE = "docs/rules_playsheet.md#rule-knobs"

#: The knobs a spec's ``rules`` may change.
KNOBS: tuple[Knob, ...] = (
    Knob("pass_from", dict(_ranks(7, 6, 5, 4)), per(RANKS, whole(1, 10)),
         "The pass range of Bronze dice is rolls of 7, 8, 9 or 10. Silver dice pass on a 6 or more, Gold on 5-10, "
         "and Platinum on a 4+.", _WHERE, "Lowest face that passes, per rank", ("task",)),
    Knob("explode_from", 10, whole(2, 10), "Any 10s you rolled will explode: meaning you should roll another die "
         "for each 10 … and any 10s they roll can explode too.", _WHERE,
         "Dice explode (roll another) from this face", ("task",)),
    Knob("ego_double_from", 10, whole(1, 10), "This makes any and all 10s rolled, by either yourself or your "
         "allies, count twice as passes.", _WHERE, "With Ego, faces from this one count twice", ("task",)),
    Knob("max_allies", 3, whole(0, 6), "Up to three allies may now offer you one of their dice as aid.", _WHERE,
         "Most allies", ("task",)),
    Knob("check_auto_pass_from", dict(_ranks(20, 19, 18, 17)),
         per(RANKS, optional(whole(2, 20), "never auto-passes")),
         "If the rank is Bronze and the die naturally lands on a 20 then you automatically pass … Platinum "
         "abilities auto-pass on a 17 through to 20.", _WHERE, "Natural d20 that passes a check at once, per rank",
         ("check",)),
)

#: Today's rules (the defaults): what every spec plays by.
RULES = Rules()


#: The rules a spec plays by: its ``rules`` over the defaults (made once per distinct ``rules``).
rules_of: RulesOf[Rules] = RulesOf(KNOBS, lambda v: Rules(**v), RULES)

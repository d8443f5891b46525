"""The agora rules as values: each knob with today's
reading as its default and the seed sentence it comes from.

The odds kernels take these values as arguments (their caches are keyed on
them); nothing in the kernels reads a module-level rule constant. A spec's
``rules`` (checked by :data:`KNOBS`) gives its :class:`Rules` through
:func:`rules_of`; ``odds(spec, rules=Rules(snake_eyes_ones=3))`` prices a
variant directly.

>>> DEFAULT
Rules(merge_drop=1, snake_eyes_ones=2, challenging_factor=2, ego_double_from=6)
>>> SEEDS["snake_eyes_ones"][0]
'docs/rules_agora.md#snake-eyes'
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from ...contract.knobs import Knob, RulesOf, whole


@dataclass(frozen=True)
class Rules:
    """The agora knobs; the defaults are the
    rules in docs/rules_agora.md."""

    #: two helpers of rank r merge into one die of rank r - merge_drop
    merge_drop: int = 1
    #: that many 1s showing after KISS are a critical (with ``each-pair``:
    #: one critical per that many 1s)
    snake_eyes_ones: int = 2
    #: successes per consequence (per check) when challenging
    challenging_factor: int = 2
    #: with Ego, each success showing at least this face scores two
    ego_double_from: int = 6

    def __post_init__(self) -> None:
        for k in KNOBS:  # the knobs' own checks: one place
            k.check(getattr(self, k.name))


#: What each knob takes.
_RANGES = {"merge_drop": (1, 5), "snake_eyes_ones": (1, 64), "challenging_factor": (1, 8), "ego_double_from": (2, 6)}

#: knob -> (where in the docs, the seed sentence it reads)
SEEDS: dict[str, tuple[str, str]] = {
    "merge_drop": ("docs/rules_agora.md#help",
                   "two helpers of one rank become one helper of the rank below, again and again, until one die "
                   "remains"),
    "snake_eyes_ones": ("docs/rules_agora.md#snake-eyes", "two or more 1s are a critical"),
    "challenging_factor": ("docs/rules_agora.md#the-roll",
                           "The goal is the number of consequences (1 to 4), doubled when challenging"),
    "ego_double_from": ("docs/rules_agora.md#kiss-and-ego-the-rollers-one-policy",
                        "If still short and ego: every 6 showing (help die included) scores two successes"),
}


#: What the table calls each knob.
LABELS = {"merge_drop": "Ranks two merged helpers drop", "snake_eyes_ones": "1s that make snake eyes (a critical)",
          "challenging_factor": "Successes per consequence when challenging",
          "ego_double_from": "With Ego, faces from this one score two"}

#: The knobs a spec's ``rules`` may change (every one plays in checks and tasks alike).
KNOBS: tuple[Knob, ...] = tuple(
    Knob(f.name, f.default, whole(*_RANGES[f.name]), SEEDS[f.name][1], SEEDS[f.name][0], LABELS[f.name])
    for f in fields(Rules))

DEFAULT = Rules()


#: The rules a spec plays by: its ``rules`` over the defaults (made once per distinct ``rules``).
rules_of: RulesOf[Rules] = RulesOf(KNOBS, lambda v: Rules(**v), DEFAULT)

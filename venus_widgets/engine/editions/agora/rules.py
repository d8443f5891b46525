"""The agora rules as values (issue 9, item 1): each knob with today's
reading as its default and the seed sentence it comes from.

The odds kernels take these values as arguments (their caches are keyed on
them); nothing in the kernels reads a module-level rule constant. A spec
cannot carry rules yet: ``odds(spec, rules=Rules(snake_eyes_ones=3))``
prices a variant directly.

>>> DEFAULT
Rules(merge_drop=1, snake_eyes_ones=2, challenging_factor=2, ego_double_from=6)
>>> SEEDS["snake_eyes_ones"][0]
'docs/rules_agora.md#snake-eyes'
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rules:
    """The agora knobs (names as in issue 9 item 1); the defaults are the
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
        for name, low, high in (("merge_drop", 1, 5), ("snake_eyes_ones", 1, 64), ("challenging_factor", 1, 8),
                                ("ego_double_from", 2, 6)):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
                raise ValueError(f"rules.{name}={v!r}: expected a whole number from {low} to {high}")


DEFAULT = Rules()

#: knob -> (where in the docs, the seed sentence it reads)
SEEDS: dict[str, tuple[str, str]] = {
    "merge_drop": ("docs/rules_agora.md#help",
                   "two of rank r become one of rank r-1, repeatedly, until one die remains"),
    "snake_eyes_ones": ("docs/rules_agora.md#snake-eyes", "two or more 1s are a critical"),
    "challenging_factor": ("docs/rules_agora.md#the-roll",
                           "The goal is the number of consequences (1..4), doubled when challenging"),
    "ego_double_from": ("docs/rules_agora.md#kiss-and-ego-the-engines-one-policy",
                        "If still short and ego: every 6 showing (help die included) scores two successes"),
}

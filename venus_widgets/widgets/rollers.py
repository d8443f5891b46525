"""The rollers: ``CheckRoller``, ``TaskRoller`` and ``PoolRoller``, one for
each roller family an edition's ``at_table.ROLLERS`` lists (``vw.EDITIONS``
and ``edition.ids()``: which editions have which). Each is the one roller
(:mod:`.roller`) with its family; the spec fields of the built-in editions
are declared here for type checkers (``tests/test_widgets_properties.py``
checks that they agree with the traits the editions make)."""

from __future__ import annotations

from .roller import _Roller


class CheckRoller(_Roller):
    """A check of any edition that has one, with live exact odds.
    ``CheckRoller()`` is a complete check roller of the first edition that
    has a check."""

    family = "check"

    # The spec fields of the built-in editions' checks: traits made from the
    # edition's schema at run time, declared here for type checkers
    # (tests/test_widgets_properties.py checks that the two agree).
    caliber: str
    rank: str | int
    score: int
    difficulty: str | int
    factors: int | list[int]
    bonus_factors: int
    bonus: list[int]
    health: int
    helpers: list[int]
    kiss: int
    helper_kiss: bool
    ego: bool
    snakes: str


class TaskRoller(_Roller):
    """A task of any edition that has one: the dice and their help, KISS and
    Ego, consequences, live exact odds, the roll at the table.
    ``TaskRoller()`` is a complete task roller of the first edition that has
    a task."""

    family = "task"

    # The spec fields of the built-in editions' tasks and the inputs they
    # declare (roller_inputs): traits made at run time, declared here for type
    # checkers (tests/test_widgets_properties.py checks that the two agree).
    caliber: str
    rank: str | int
    dice: int
    learning: bool
    difficulty: int | str
    factors: int | list[int]
    allies: list[str]
    explode: bool
    kiss: int
    ally_kiss: bool
    ego: str | bool
    consequences: int
    policy: str
    health: int
    helpers: list[int]
    helper_kiss: bool
    snakes: str
    job: int
    assets: int
    lots: int
    insights: int
    stunt: int
    specialties: int
    ally_stunts: int
    wanted: list[str]
    consequence_list: list[dict]
    consequence_texts: list[str]


class PoolRoller(_Roller):
    """A dice pool of any edition whose ``at_table.ROLLERS`` lists a pool (the
    comparison systems); ``PoolRoller()`` takes the first."""

    family = "pool"

    # The spec fields of the built-in comparison systems, declared for type checkers.
    pool: int
    black: int
    trade: int
    ranks: int
    penalty: int

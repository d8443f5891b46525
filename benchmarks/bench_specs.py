"""The spec classes of benchmarks/bench_odds.py: sweeps of distinct specs,
made the way a player moving the sliders makes them, and the speed targets.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

import venus_widgets as vw

Spec = dict[str, Any]

# -- the spec sweeps ---------------------------------------------------------------

def sweep(base: Spec, moves: list[tuple[str, list[Any]]]) -> list[Spec]:
    """The distinct specs met while moving each slider of ``moves`` in turn
    across its values (a slider stays where it was left), from ``base``."""
    spec, out, seen = dict(base), [], set()
    for name, values in moves:
        for value in values:
            spec = {**spec, name: value}
            key = json.dumps(vw.normalize(spec), sort_keys=True)
            if key not in seen:
                seen.add(key)
                out.append(dict(spec))
    return out


@dataclass
class SpecClass:
    """A named sweep of specs; ``peer`` is a tests/peer_*.py module name (or
    None with ``no_peer`` saying why), ``warmup`` a spec outside the sweep."""

    name: str
    specs: list[Spec]
    warmup: Spec
    peer: str | None = None
    no_peer: str = ""
    #: the icepool / ours cold ratio asked of this class (median), if any
    ratio_target: float | None = None
    #: a draft's class: the class of the hand-written edition on the same specs (the target: within 3x)
    twin: str | None = None


CALIBERS = ["bronze", "silver", "gold", "platinum"]

#: The speed targets: the odds of any new spec at most 1 ms (median of a
#: class, cold), and the playtest sweep at least 30x faster than icepool.
COLD_TARGET = 1e-3
RATIO_TARGET = 30.0
#: The drafts' target: a draft's odds within 3x of the hand-written edition's (median over the same specs, cold).
TWIN_TARGET = 3.0
PT = {"edition": "playtest", "roll": "task"}
PS = {"edition": "playsheet", "roll": "task"}
AG = {"edition": "agora", "roll": "task"}


def spec_classes() -> list[SpecClass]:
    """Every class of the benchmark (docs/spec.md gives the ranges)."""
    playtest = sweep(
        {**PT, "caliber": "silver", "dice": 1, "allies": ["gold"], "factors": 1, "kiss": 2,
         "ego": "double6", "consequences": 1},
        [("dice", list(range(1, 13))), ("factors", [0, 1, 2, 3, 4]), ("kiss", list(range(0, 9))),
         ("ego", ["none", "reroll", "double6"]),
         ("allies", [[], ["bronze"], ["platinum", "bronze"], ["gold", "silver"]]),
         ("caliber", CALIBERS), ("consequences", [0, 1, 2, 3, 4]), ("dice", [10, 8, 6, 4])])
    optimal = sweep(
        {**PT, "caliber": "bronze", "dice": 10, "allies": ["gold", "silver"], "factors": 3, "kiss": 4,
         "ego": "double6", "consequences": 3, "policy": "optimal"},
        [("kiss", list(range(0, 7))), ("factors", [0, 1, 2, 3, 4]), ("ego", ["none", "reroll", "double6"]),
         ("consequences", [0, 1, 2, 3]), ("caliber", CALIBERS)])
    playsheet = sweep(
        {**PS, "rank": "silver", "dice": 1, "allies": ["gold"], "difficulty": 2, "factors": [1], "kiss": 2,
         "ally_kiss": True, "ego": True},
        [("dice", list(range(1, 13))), ("difficulty", [1, 2, 3, 4]),
         ("factors", [[], [1], [2], [2, 1], [2, 2, 1]]), ("kiss", list(range(0, 7))),
         ("allies", [[], ["bronze"], ["silver", "gold"], ["silver", "gold", "platinum"]]),
         ("ego", [False, True]), ("rank", CALIBERS)])
    exploding = sweep(
        {**PS, "rank": "bronze", "dice": 1, "explode": True, "allies": ["silver"], "difficulty": 2,
         "factors": [1], "kiss": 2, "ally_kiss": True, "ego": True},
        [("dice", list(range(1, 13))), ("kiss", list(range(0, 5))),
         ("allies", [[], ["gold"], ["silver", "gold", "platinum"]]), ("rank", CALIBERS)])
    agora = sweep(
        {**AG, "rank": 4, "health": 2, "job": 1, "assets": 0, "helpers": [5], "factors": 0, "kiss": 1,
         "helper_kiss": True, "ego": True, "snakes": "each-pair", "consequences": 2},
        [("job", list(range(0, 7))), ("helpers", [[], [5], [5, 5], [5, 5, 4], [6, 6, 6, 6]]),
         ("rank", [2, 3, 4, 5, 6]), ("kiss", list(range(0, 5))), ("factors", [0, 1, 2, 3]),
         ("consequences", [1, 2, 3, 4]), ("assets", [0, 1, 2, 3])])
    heresy = sweep(
        {"edition": "heresy", "pool": 1, "black": 3, "trade": 0},
        [("pool", list(range(1, 21))), ("black", [0, 3, 6, 9, 12]), ("trade", [0, 1, 2, 3])])
    vers = sweep(
        {"edition": "vers", "ranks": 0, "penalty": 0},
        [("ranks", list(range(0, 21, 2))), ("penalty", list(range(0, 31, 3)))])
    largest = [
        ("largest playtest task (failures)", {**PT, "caliber": "bronze", "dice": 30,
                                              "allies": ["silver", "gold"], "factors": 4, "kiss": 40,
                                              "ego": "reroll", "consequences": 8}, "peer_playtest"),
        ("largest playtest task (optimal)", {**PT, "caliber": "bronze", "dice": 30,
                                             "allies": ["silver", "gold"], "factors": 4, "kiss": 40,
                                             "ego": "double6", "consequences": 8, "policy": "optimal"}, None),
        ("largest playsheet task", {**PS, "rank": "bronze", "dice": 30, "explode": True,
                                    "allies": ["silver", "gold", "platinum"], "difficulty": 4,
                                    "factors": [2, 2, 2, 2], "kiss": 40, "ally_kiss": True, "ego": True},
         "peer_playsheet"),
        # the heaviest legal agora spec (default rules): the most main dice (23), a budget that KISSes every
        # failure (23 fresh dice), Ego with the highest threshold (8: its 6s are counted up to 8) and every
        # pair of 1s; main and help ranks of 3-5 give each die all four categories (6, other success, 1,
        # other failure): ~6x the rows of rank 6 or of the rank-2 help die of 16 helpers [6] * 16 (1.8 ms
        # against 0.7 ms cold before the KISS round was worked by successes). Of a sweep of ranks, help
        # ranks, helper KISS, budget, snakes and dice, a help die of rank 4 that waits for the main dice
        # (helper_kiss off) stayed the slowest, by a few % (fewer dice, a smaller budget, "same" snakes,
        # fewer consequences or no Ego all cost less)
        ("largest agora task", {**AG, "rank": 3, "health": 3, "job": 10, "assets": 10, "helpers": [6] * 4,
                                "kiss": 40, "helper_kiss": False, "ego": True, "snakes": "each-pair",
                                "consequences": 4, "difficulty": "challenging"}, "peer_agora"),
        ("largest heresy task", {"edition": "heresy", "pool": 60, "black": 36}, "peer_heresy"),
    ]
    optimal_na = "the optimal policy is a decision process: tests check it by brute force, not icepool"
    classes = [
        SpecClass("playtest task, mixed calibers", playtest, {**PT, "dice": 2}, "peer_playtest",
                  ratio_target=RATIO_TARGET),
        SpecClass("playtest task, optimal policy, 10+2", optimal, {**PT, "dice": 2, "kiss": 1, "policy": "optimal"},
                  None, optimal_na),
        SpecClass("playsheet task", playsheet, {**PS, "dice": 2}, "peer_playsheet"),
        SpecClass("playsheet task, exploding D10s", exploding, {**PS, "dice": 2}, "peer_playsheet"),
        SpecClass("agora task with helpers", agora, {**AG, "job": 0}, "peer_agora"),
        SpecClass("heresy task", heresy, {"edition": "heresy", "pool": 2}, "peer_heresy"),
        SpecClass("vers check", vers, {"edition": "vers", "ranks": 1, "penalty": 1}, None,
                  "3d6 against a target (tests/test_vers.py checks it against icepool)"),
    ]
    for name, spec, peer in largest:
        vw.normalize(spec)  # a legal spec (SpecError otherwise)
        warm = {k: spec[k] for k in ("edition", "roll") if k in spec}
        classes.append(SpecClass(name, [spec], warm, peer, "" if peer else optimal_na))
    return classes + draft_classes(classes)


#: The seeds written as drafts beside their code editions (venus_widgets/drafts/), the same specs as their
#: editions' classes. (Heresy and VERS are drafts: heresy.toml and vers.toml serve the built-in editions.)
DRAFTS = {"playtest task, mixed calibers": "playtest-draft"}


def draft_classes(classes: list[SpecClass]) -> list[SpecClass]:
    """Each seed written as a draft, on its edition's specs (the
    playtest task without the policy field: the drafts' is the default)."""
    from venus_widgets.engine.drafts import EXAMPLES, load_edition

    out = []
    for c in classes:
        ident = DRAFTS.get(c.name)
        if ident is None:
            continue
        load_edition(EXAMPLES / f"{ident.removesuffix('-draft')}.toml")

        def moved(spec: Spec) -> Spec:
            return {**{k: v for k, v in spec.items() if k != "policy"}, "edition": ident}

        # icepool's peer reads the spec's fields: the playtest peer its policy, which the draft has not
        peer = c.peer if c.peer != "peer_playtest" else None
        why = c.no_peer if peer or not c.peer else f"icepool on the same specs: the class {c.name!r}"
        out.append(SpecClass(f"{c.name} as a draft", [moved(s) for s in c.specs], moved(c.warmup), peer,
                             why, twin=c.name))
    return out


def quick_classes(classes: list[SpecClass], per_class: int = 4) -> list[SpecClass]:
    """``--quick``: a seeded sample of ``per_class`` specs of each sweep."""
    out = []
    for c in classes:
        specs = random.Random(c.twin or c.name).sample(c.specs, min(per_class, len(c.specs)))  # a draft: its twin's
        out.append(SpecClass(c.name, specs, c.warmup, c.peer, c.no_peer, c.ratio_target, c.twin))
    return out

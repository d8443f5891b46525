"""Random legal specs with rule knobs, biased to the extremes where the
work is: what the cost fuzz (benchmarks/fuzz_cost.py) and the property
tests draw from. Driven by a ``random.Random`` so a seed replays a run.

Fields and knobs are read from the editions (``vw.describe``, the knobs'
``form``), so a new field or knob is drawn without change here.
"""

from __future__ import annotations

import random
from typing import Any

import venus_widgets as vw
from venus_widgets.engine.contract import spec as spec_mod
from venus_widgets.engine.errors import SpecError


def _int(rng: random.Random, lo: int, hi: int) -> int:
    r = rng.random()
    if r < 0.35:
        return hi
    if r < 0.5:
        return lo
    if r < 0.65:
        return max(lo, hi - 1)
    return rng.randint(lo, hi)


def knob_value(rng: random.Random, form: dict) -> Any:
    """A value a knob of this ``form`` takes (the widgets' description)."""
    t = form["type"]
    if form.get("optional") and rng.random() < 0.2:
        return None
    if t == "int":
        return _int(rng, form["lo"], form["hi"])
    if t == "bool":
        return rng.random() < 0.5
    if t == "faces":
        faces = list(range(form["lo"], form["hi"] + 1))
        return sorted(rng.sample(faces, rng.randint(0, len(faces))))
    if t == "per":
        keys = [k for k in form["keys"] if rng.random() < 0.6]
        return {k: knob_value(rng, form["of"]) for k in keys}
    raise ValueError(form)


def field_value(rng: random.Random, kind: dict) -> Any:
    k = kind["kind"]
    if k == "int":
        return _int(rng, kind["min"], kind["max"])
    if k == "choice":
        return rng.choice(kind["options"])
    if k == "bool":
        return rng.random() < 0.5
    n = kind["max_len"] if rng.random() < 0.5 else rng.randint(0, kind["max_len"])
    return [field_value(rng, kind["item"]) for _ in range(n)]


def random_spec(rng: random.Random, editions: tuple[str, ...] | None = None,
                knob_chance: float = 0.6) -> dict[str, Any]:
    """A normalized legal spec: knobs first (each with ``knob_chance``),
    then every field drawn within the ranges those knobs set. A draw that
    breaks a rule tying fields together is repaired (``repair.repair``) or
    drawn again."""
    editions = editions or vw.EDITIONS
    while True:
        edition = rng.choice(editions)
        roll = rng.choice(spec_mod.ROLL_KINDS[edition])
        rules = {}
        for k in vw.rules(edition):
            if rng.random() < knob_chance:
                rules[k.name] = knob_value(rng, k.describe()["form"])
        try:
            rules = spec_mod.check_rules(edition, rules)
        except SpecError:
            continue
        spec: dict[str, Any] = {"edition": edition, "roll": roll, "rules": rules}
        for name, kind in vw.describe(edition, roll, rules).items():
            if rng.random() < 0.8:
                spec[name] = field_value(rng, kind)
        for _ in range(4):
            try:
                return vw.normalize(spec)
            except spec_mod.CrossError as err:
                spec[err.field.removeprefix("rules.")] = err.nearest
            except SpecError as err:
                if err.field == "helpers" or err.field.startswith("helpers"):
                    spec["helpers"] = spec.get("helpers", [])[:1]
                elif err.field.startswith("rules."):
                    spec["rules"] = {}
                else:
                    spec.pop(err.field.split("[")[0], None)

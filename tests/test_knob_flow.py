"""Every rule knob reaches everything a spec gives.

Generated from the editions' ``KNOBS`` (a new knob, or a new edition, is
covered without a change here): for each knob, a few values other than
its default (its ends, and one key or face changed), on a few specs of
every kind of roll of its edition. For each spec the knob allows:

- the odds are sound (they add up to 1, every chance in [0, 1], P(pass)
  is the chance of the outcomes from the threshold on);
- the breakdown agrees with P(pass): the parts the schema declares as
  passing add up to P(pass), the failing ones to P(fail);
- seeded rolls land on outcomes the odds allow, pass exactly when their
  outcome does, and their words say so (the status line says passed or
  failed as the roll did; a degree a roll names is one of the passing
  parts exactly when it passed);
- ``explain``'s steps add up to each total they state, one of them
  P(pass), and its text renders;
- advice (editions that advise): every option's chances in [0, 1], and the
  policy's option is the odds of the KISS the policy makes;
- some value of each knob changes the odds or rolls of some spec, or a field's range (it is read).
"""

from __future__ import annotations

import math

import pytest

import venus_widgets as vw
from venus_widgets.engine.contract import spec as spec_mod
from venus_widgets.engine.contract.edition import get, has
from venus_widgets.engine.contract.explain import check_arithmetic
from venus_widgets.engine.contract.table_answers import Choices

SEEDS = range(6)


def knob_values(knob) -> list:
    """Values other than the default, from the knob's form: its ends and one
    step in; per key (a caliber), each key once at one end or the other."""
    form, default = knob.describe()["form"], knob.default
    t = form["type"]
    if t == "int":
        vals = [form["lo"], form["hi"], form["hi"] - 1]
    elif t == "bool":
        vals = [not default]
    elif t == "faces":
        faces = list(range(form["lo"], form["hi"] + 1))
        vals = [[], faces[:1], faces[-1:], faces[:-1], faces[1:], [f for f in faces if f not in default][:2]]
    elif t == "per":
        of = form["of"]
        vals = []
        for i, key in enumerate(form["keys"]):  # each key once: at one end, the next at the other
            if of["type"] == "int":
                vals.append({key: of["lo"] if i % 2 == 0 else of["hi"]})
            elif of["type"] == "bool":
                vals.append({key: not default[key]})
        if of.get("optional"):
            vals.append({form["keys"][-1]: None})
    else:
        raise AssertionError(f"a knob form the test does not know: {form}")
    out = []
    for v in vals:
        try:
            if knob.check(v) != knob.check(default) and v not in out:
                out.append(v)
        except vw.SpecError:
            continue
    return out


def base_specs(edition: str, roll: str, rules: dict) -> list[dict]:
    """Specs of every field at its lowest (true/false fields false), at its
    highest (true), in the middle (true; lists of one item, or two equal
    ones), and the defaults; each with every combination of the choices
    (a caliber, a difficulty, an ally's rank) where there are few, else one
    choice changed at a time; and the middle one with each true/false field
    false in turn: the legal ones."""
    fields = vw.describe(edition, roll, rules)
    plain: dict = {"edition": edition, "roll": roll, "rules": rules}
    lo, hi, mid, pair = dict(plain), dict(plain), dict(plain), dict(plain)
    choices: dict[str, list] = {}
    for name, kind in fields.items():
        if kind["kind"] == "int":
            lo[name], hi[name] = kind["min"], kind["max"]
            mid[name] = pair[name] = (kind["min"] + kind["max"] + 1) // 2 if name != "kiss" else 2
        elif kind["kind"] == "bool":
            lo[name], hi[name], mid[name], pair[name] = False, True, True, False
        elif kind["kind"] == "choice":
            choices[name] = kind["options"]
        elif kind["kind"] == "list" and kind["max_len"]:
            item = kind["item"]
            one = item["options"][0] if item["kind"] == "choice" else item["max"]
            lo[name], hi[name], mid[name] = [], [one] * kind["max_len"], [one]
            pair[name] = [one] * min(2, kind["max_len"])
            if item["kind"] == "choice":
                choices[name] = [[o] for o in item["options"]]
    combos: list[dict] = [{}]
    if math.prod(len(v) for v in choices.values()) <= 40:
        for name, options in choices.items():
            combos = [{**c, name: o} for c in combos for o in options]
    else:
        combos += [{name: o} for name, options in choices.items() for o in options]
    flipped = [{**mid, name: False} for name, kind in fields.items() if kind["kind"] == "bool"]
    out = [{**base, **c} for base in (plain, lo, hi, mid, pair) for c in combos] + flipped
    legal: list[dict] = []
    for s in out:
        for _ in range(4):
            try:
                n = vw.normalize(s)
                if n not in legal:
                    legal.append(n)
                break
            except spec_mod.CrossError as err:
                if err.field.startswith("rules."):
                    break
                s = {**s, err.field: err.nearest}
            except vw.SpecError:
                break
    return legal


CASES = [(e, k.name, v) for e in vw.EDITIONS for k in vw.rules(e) for v in knob_values(k)]


def test_every_knob_has_values_to_try():
    for e in vw.EDITIONS:
        for k in vw.rules(e):
            assert knob_values(k), f"{e}: {k.name}"


def _check_odds(s: dict, o: vw.Odds) -> None:
    probs = list(o.distribution.values())
    assert all(0.0 <= p <= 1.0 for p in probs)
    assert abs(math.fsum(probs) + o.truncated - 1.0) <= 1e-12
    assert 0.0 <= o.p_goal <= o.p_pass <= 1.0
    if o.numeric:
        assert o.at_least(o.threshold) == pytest.approx(o.p_pass, abs=1e-12)
    pass_parts, fail_parts = spec_mod.parts(s["edition"], s["roll"])
    if pass_parts:
        assert math.fsum(o.breakdown[n] for n in pass_parts) == pytest.approx(o.p_pass, abs=1e-12), dict(o.breakdown)
    if fail_parts:
        assert math.fsum(o.breakdown[n] for n in fail_parts) == pytest.approx(o.p_fail, abs=1e-12), dict(o.breakdown)
    for v in o.breakdown.values():
        assert 0.0 <= v <= 1.0


def _check_roll(s: dict, o: vw.Odds, seed: int) -> None:
    r = vw.roll(s, seed)
    assert o.distribution.get(r.outcome, 0.0) > 0.0, (r.outcome, dict(o.distribution))
    if o.numeric:
        assert r.passed == (r.outcome >= o.threshold)
    else:
        assert r.passed == (r.outcome in vw.engine.contract.spec.passing(s["edition"], s["roll"]))
    table = get(s["edition"]).at_table
    line = table.announce(s, r).lower()
    said = {w for w in ("passed", "failed") if w in line}
    assert said == ({"passed"} if r.passed else {"failed"}), (r.passed, line)
    pass_parts, fail_parts = spec_mod.parts(s["edition"], s["roll"])
    degree = r.details.get("degree")
    if degree is not None and (degree in pass_parts or degree in fail_parts):
        assert (degree in pass_parts) == r.passed, (degree, r.passed, r.outcome)
        assert o.breakdown[degree] > 0.0
        assert degree in table.sentence(s, r, Choices())
    if has(s["edition"], "advise"):
        first = vw.roll(s, seed, kiss=[], ego=False)
        faces = [d.before for d in first.dice][: len(vw.dice_to_enter(s))]
        try:
            a = vw.advise(s, faces)
        except vw.SpecError:
            return  # faces the advice does not take (e.g. dice that roll again): said in plain words
        for opt in a.options:
            for p in (opt.p_pass, opt.p_goal, opt.p_critical):
                assert p is None or 0.0 <= p <= 1.0, (opt, a)
        policy = [opt for opt in a.options if opt.policy]
        assert len(policy) == 1


def _check_explain(s: dict, o: vw.Odds) -> None:
    e = vw.explain(s)
    assert str(e)
    totals = check_arithmetic(e.steps)
    for running, stated in totals:
        assert running == pytest.approx(stated, abs=1e-9), [(st.op, st.figure, st.words) for st in e.steps]
    assert any(stated == pytest.approx(o.p_pass, abs=1e-12) for _, stated in totals), totals  # P(pass) is stated


@pytest.mark.parametrize("edition, knob, value", CASES, ids=[f"{e}-{k}-{v}" for e, k, v in CASES])
def test_a_knob_reaches_odds_rolls_explain_and_advice(edition, knob, value):
    tried = 0
    for roll in spec_mod.ROLL_KINDS[edition]:
        for i, s in enumerate(base_specs(edition, roll, {knob: value})):
            tried += 1
            o = vw.odds(s)
            _check_odds(s, o)
            for seed in SEEDS[: 6 if i < 2 else 1]:
                _check_roll(s, o, seed)
            if i < 6 or i % 5 == 0:
                _check_explain(s, o)
    assert tried, f"no spec takes {edition} {knob}={value!r}"


def _reaches(edition: str, knob: str, value) -> bool:
    """Whether the knob at this value changes the odds, a seeded roll or a
    field's range of any of the specs."""
    for roll in spec_mod.ROLL_KINDS[edition]:
        if vw.describe(edition, roll, {knob: value}) != vw.describe(edition, roll):  # e.g. more allies
            return True
        for s in base_specs(edition, roll, {knob: value}):
            try:
                plain = {k: v for k, v in s.items() if k != "rules"}
                base = vw.odds(plain)
            except vw.SpecError:  # a value only the knob allows (e.g. more factors)
                return True
            o = vw.odds(s)
            if (dict(o.distribution), o.threshold, dict(o.breakdown), o.p_critical) != (
                    dict(base.distribution), base.threshold, dict(base.breakdown), base.p_critical):
                return True
            if any([d.to_dict() for d in vw.roll(s, seed).dice] != [d.to_dict() for d in vw.roll(plain, seed).dice]
                   for seed in SEEDS):
                return True
    return False


@pytest.mark.parametrize("edition, knob", [(e, k.name) for e in vw.EDITIONS for k in vw.rules(e)])
def test_every_knob_is_read(edition, knob):
    """Some value of each knob changes the odds, a roll or a field's range
    of some spec (a value may need another knob to matter: an exploding
    face below every rank's passing faces needs pass_from changed too)."""
    values = knob_values(vw.rules(edition)[knob])
    assert any(_reaches(edition, knob, v) for v in values), f"{edition} {knob}: no value changes anything"

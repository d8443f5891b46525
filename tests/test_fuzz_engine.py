"""Fuzz of the engine's entry points with rule knobs:
random legal specs with knobs (tests/spec_gen.py, biased to the ends of
every range), and hostile values beside them, through ``explain``,
``advise`` and ``kiss_odds``, ``enter``, ``fit``, ``sweep`` and
``compare``. Each answer is checked against the odds it must agree with;
anything refused is refused with the package's own error, naming the
field. Seeded: the CI profile (conftest.py) draws the same examples every
run; the time is bounded by the example counts (``VW_EXAMPLES`` searches
wider).
"""

from __future__ import annotations

import math
import os
import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import venus_widgets as vw
from spec_gen import knob_value, random_spec
from venus_widgets.engine.tools.compare import with_rules
from venus_widgets.engine.contract.edition import has
from venus_widgets.engine.contract.explain import check_arithmetic

SETTINGS = settings(max_examples=int(os.environ.get("VW_EXAMPLES", 30)), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

SEEDS = st.integers(0, 2**32 - 1)
JUNK = st.one_of(st.none(), st.booleans(), st.integers(-5, 10**6), st.floats(allow_nan=True), st.text(max_size=6),
                 st.lists(st.integers(-3, 9), max_size=6), st.dictionaries(st.text(max_size=3), st.integers(),
                                                                             max_size=2))


def spec_of(seed: int, editions=None) -> dict:
    return random_spec(random.Random(seed), editions)


def refused_well(err: vw.SpecError) -> None:
    assert err.field and str(err).startswith(f"{err.field}="), err


@SETTINGS
@given(SEEDS, st.integers(0, 2**63 - 1))
def test_explain_adds_up_and_its_example_is_the_seeded_roll(seed, roll_seed):
    s = spec_of(seed)
    e = vw.explain(s, roll_seed)
    assert str(e) and e.p_pass == vw.odds(s).p_pass
    totals = check_arithmetic(e.steps)
    assert all(running == pytest.approx(stated, abs=1e-9) for running, stated in totals), e.steps
    assert any(stated == pytest.approx(e.p_pass, abs=1e-12) for _, stated in totals)
    assert e.example == vw.roll(s, roll_seed)


@SETTINGS
@given(SEEDS, st.integers(0, 2**63 - 1))
def test_advice_and_the_odds_of_its_choices_agree(seed, roll_seed):
    s = spec_of(seed, ("playtest", "agora"))
    if s["edition"] == "playtest" and s["roll"] != "task":
        return
    first = vw.roll(s, roll_seed, kiss=[], ego=False)
    faces = [d.before for d in first.dice][: len(vw.dice_to_enter(s))]
    a = vw.advise(s, faces)
    assert sum(o.policy for o in a.options) == 1
    for o in a.options:
        assert 0.0 <= o.p_goal <= 1.0 and 0.0 <= o.p_pass <= 1.0
        if not o.ego:
            k = vw.kiss_odds(s, faces, list(o.kiss))
            assert k["p_pass"] == pytest.approx(o.p_pass, abs=1e-12) and k["p_goal"] == pytest.approx(o.p_goal, abs=1e-12)
    assert a.options[0].p_goal == max(o.p_goal for o in a.options)


@SETTINGS
@given(SEEDS, st.integers(0, 2**63 - 1), JUNK)
def test_entered_faces_play_by_the_rules_or_are_refused(seed, roll_seed, junk):
    """The faces of a seeded roll, entered by hand with the same choices,
    give that roll; faces drawn at random (or junk) are played or refused
    in plain words."""
    s = spec_of(seed)
    ego = False if vw.engine.api.has_ego(s) else None
    r = vw.roll(s, roll_seed, kiss=[], ego=ego)  # no KISS, no Ego: the dice as they fall
    first = [d.before for d in r.dice if d.exploded_from is None][: len(vw.dice_to_enter(s))]
    faces = [d.before for d in sorted(r.dice, key=lambda d: d.index)]
    try:
        e = vw.enter(s, faces, ego=ego)
    except vw.SpecError as err:  # dice rolled after the first ones come in another order: said so
        refused_well(err)
    else:  # the same dice and the same choices: the same roll
        assert (e.outcome, e.passed, [d.after for d in e.dice]) == (r.outcome, r.passed, [d.after for d in r.dice])
    rng = np.random.default_rng(roll_seed)
    for bad in ([int(f) for f in rng.integers(0, 22, size=len(first))], junk):
        try:
            vw.enter(s, bad)
        except vw.SpecError as err:
            refused_well(err)


@SETTINGS
@given(SEEDS, st.integers(0, 2**32 - 1), st.integers(1, 60), JUNK)
def test_fit_of_rolled_outcomes_and_of_junk(seed, roll_seed, n, junk):
    s = spec_of(seed)
    outcomes = vw.roll_many(s, n, roll_seed).tolist()
    if not vw.odds(s).numeric:
        outcomes = ["pass" if x else "fail" for x in outcomes]
    f = vw.fit(s, outcomes)
    assert f.n == n and 0.0 <= f.p_value <= 1.0
    assert math.fsum(f.expected) == pytest.approx(n * (1 - vw.odds(s).truncated), rel=1e-9)
    try:
        vw.fit(s, junk)
    except vw.SpecError as err:
        refused_well(err)


def _knobs(rng: random.Random, edition: str) -> dict:
    return {k.name: knob_value(rng, k.describe()["form"]) for k in vw.rules(edition) if rng.random() < 0.4}


@SETTINGS
@given(SEEDS, SEEDS)
def test_compare_gives_each_variants_own_odds(seed, knob_seed):
    s = spec_of(seed)
    rng = random.Random(knob_seed)
    variants = {"A": _knobs(rng, s["edition"]), "B": _knobs(rng, s["edition"])}
    try:
        c = vw.compare(s, variants)
    except vw.SpecError as err:  # a knob the roll does not take: named with its variant; or the three
        # rule sets' odds together past what one call may take (each within one roll's budget)
        assert err.field.startswith(("A: ", "B: ")) or "one call may take" in str(err), err
        return
    for name in ("A", "B"):
        want = vw.odds(with_rules(vw.normalize(s), variants[name]))
        assert c.odds[name].distribution == want.distribution
        assert c.verdicts[name]
        assert set(c.difference(name)) and all(isinstance(v, float) for v in c.difference(name).values())


@SETTINGS
@given(SEEDS, SEEDS, st.lists(st.integers(-2, 45), min_size=1, max_size=3),
       st.lists(st.integers(-2, 45), min_size=1, max_size=3))
def test_sweep_cells_are_the_odds_of_their_specs_or_say_why_not(seed, knob_seed, xs, ys):
    s = spec_of(seed)
    ints = [n for n, k in vw.describe(s["edition"], s["roll"], s.get("rules")).items() if k["kind"] == "int"]
    if not ints:
        return
    rng = random.Random(knob_seed)
    axes = rng.sample(ints, min(2, len(ints)))
    over = dict(zip(axes, (xs, ys)))
    variant = _knobs(rng, s["edition"])
    try:
        sw = vw.sweep(s, over=over, variants={"V": variant})
    except vw.SpecError as err:  # a knob value the edition refuses: named with its variant, as compare names it
        assert err.field.startswith("variants.V: rules."), err
        with pytest.raises(vw.SpecError, match="^V: rules."):
            vw.compare(s, {"V": variant})
        return
    assert sw.shape == tuple(len(v) for v in over.values())
    for name in sw.names:
        for idx in np.ndindex(*sw.shape):
            p, why = sw.p_pass[name][idx], sw.why[name][idx]
            cell = {**s, **{a: v[i] for (a, v), i in zip(sw.axes, idx)}}
            if np.isnan(p):
                assert why, (name, idx)
            elif name == "base":
                assert p == vw.odds(cell).p_pass and why == ""


@SETTINGS
@given(SEEDS, st.dictionaries(st.sampled_from(["dice", "kiss", "rules.threshold_base", "nope", 3]),
                              st.one_of(JUNK, st.just(__import__("itertools").count())), max_size=2),
       st.one_of(st.none(), JUNK))
def test_sweep_and_compare_refuse_hostile_axes_and_variants_in_plain_words(seed, over, variants):
    s = spec_of(seed, ("playtest",))
    for call in (lambda: vw.sweep(s, over=over, variants=variants), lambda: vw.compare(s, variants)):
        try:
            call()
        except vw.SpecError as err:
            assert err.field and str(err).startswith(f"{err.field}=") or ": " in err.field, err

"""Property tests: random valid and invalid specs through ``odds`` and ``roll``.

docs/rules.md#bad-input: no exception other than a ``ValueError`` subclass,
never a NaN; probabilities sum to 1 within 1e-12; a seeded roll is
reproducible, survives JSON, and its outcome is one the odds give a
positive chance.
"""

from __future__ import annotations

import os

import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import venus_widgets as vw
from venus_widgets.engine.editions.agora.merge import try_merge
from venus_widgets.engine.contract.spec import ROLL_KINDS, SCHEMAS

KINDS = sorted(SCHEMAS)
# CI draws the same examples every run (the "ci" profile in conftest.py)
SETTINGS = settings(
    max_examples=int(os.environ.get("VW_EXAMPLES", 80)),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def _value(kind: dict):
    k = kind["kind"]
    if k == "int":
        return st.integers(kind["min"], kind["max"])
    if k == "choice":
        return st.sampled_from(kind["options"])
    if k == "bool":
        return st.booleans()
    return st.lists(_value(kind["item"]), max_size=kind["max_len"])


@st.composite
def valid_specs(draw, kinds=KINDS):
    edition, roll = draw(st.sampled_from(kinds))
    spec = {"edition": edition, "roll": roll}
    for name, kind in vw.describe(edition, roll).items():
        if draw(st.booleans()):
            spec[name] = draw(_value(kind))
    # rule links between fields: make the draw valid rather than filter it away
    if edition == "playtest" and roll == "task" and spec.get("learning"):
        spec["factors"] = min(spec.get("factors", 0), 3)
    if edition == "heresy":
        spec["trade"] = min(spec.get("trade", 0), spec.get("pool", 6) // 3)
    if edition == "agora" and spec.get("helpers") and try_merge(spec["helpers"]) is None:
        spec["helpers"] = spec["helpers"][:1]
    return spec


JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**12), 10**12),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=8),
    st.lists(st.integers(-3, 9), max_size=20),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


@st.composite
def mangled_specs(draw):
    spec = draw(valid_specs())
    edition, roll = spec["edition"], spec["roll"]
    names = list(SCHEMAS[(edition, roll)]) + ["edition", "roll", "bogus"]
    for _ in range(draw(st.integers(1, 3))):
        spec[draw(st.sampled_from(names))] = draw(JUNK)
    return spec


def _check_odds(o: vw.Odds) -> None:
    probs = list(o.distribution.values())
    assert probs, "empty distribution"
    assert all(not math.isnan(p) and 0.0 <= p <= 1.0 for p in probs)
    assert abs(math.fsum(probs) + o.truncated - 1.0) <= 1e-12
    for p in (o.p_pass, o.p_goal):
        assert not math.isnan(p) and 0.0 <= p <= 1.0
    assert o.p_goal <= o.p_pass + 1e-12
    if o.numeric:
        assert o.at_least(o.threshold) == pytest.approx(o.p_pass, abs=1e-12)
        assert not math.isnan(o.mean) and not math.isnan(o.sd)
    for v in o.breakdown.values():
        if isinstance(v, float):
            assert not math.isnan(v)
    if o.p_critical is not None:
        assert 0.0 <= o.p_critical <= 1.0 + 1e-12


@SETTINGS
@given(valid_specs(), st.integers(0, 2**63 - 1))
def test_valid_specs_give_sound_odds_and_reproducible_rolls(spec, seed):
    o = vw.odds(spec)
    _check_odds(o)
    r = vw.roll(spec, seed)
    assert r == vw.roll(spec, seed)
    assert vw.Roll.from_json(r.to_json()) == r
    assert r.seed == seed and r.spec == vw.normalize(spec)
    # whatever the dice showed, the odds gave it a chance
    assert o.distribution.get(r.outcome, 0.0) > 0.0, (r.outcome, dict(o.distribution))
    if o.numeric:
        assert r.passed == (r.outcome >= o.threshold)
    else:
        assert r.passed == (r.outcome == "pass")


@SETTINGS
@given(mangled_specs(), st.integers(0, 2**63 - 1))
def test_invalid_specs_raise_only_value_errors_that_name_a_field(spec, seed):
    try:
        o = vw.odds(spec)
    except vw.SpecError as err:
        assert err.field and str(err).startswith(f"{err.field}=")
        with pytest.raises(vw.SpecError):
            vw.roll(spec, seed)
        return
    _check_odds(o)  # the junk happened to be valid
    vw.roll(spec, seed)


@pytest.mark.parametrize("edition", sorted(ROLL_KINDS))
def test_roll_many_agrees_with_the_spec_kind(edition):
    for roll in ROLL_KINDS[edition]:
        out = vw.roll_many({"edition": edition, "roll": roll}, 1000, seed=1)
        assert out.shape == (1000,)
        assert (out == vw.roll_many({"edition": edition, "roll": roll}, 1000, seed=1)).all()


@pytest.mark.parametrize("bad", [-1, 10**9, 2.5, "many", True])
def test_roll_many_bounds_n(bad):
    with pytest.raises(vw.SpecError) as info:
        vw.roll_many({}, bad)
    assert info.value.field == "n"


@pytest.mark.parametrize("bad", [-1, 2**63, 1.5, "seed", True])
def test_seed_is_validated(bad):
    with pytest.raises(vw.SpecError) as info:
        vw.roll({}, bad)
    assert info.value.field == "seed"


# -- with rule knobs: specs drawn with knobs at the ends of their ranges --------------


@SETTINGS
@given(st.integers(0, 2**32 - 1), st.integers(0, 2**63 - 1))
def test_specs_with_knobs_give_sound_odds_and_reproducible_rolls(draw_seed, seed):
    import random

    from spec_gen import random_spec

    spec = random_spec(random.Random(draw_seed), knob_chance=0.8)
    test_valid_specs_give_sound_odds_and_reproducible_rolls.hypothesis.inner_test(spec, seed)


@SETTINGS
@given(st.sampled_from(sorted(ROLL_KINDS)), st.dictionaries(st.text(max_size=20), JUNK, min_size=1, max_size=3))
def test_junk_knobs_raise_a_spec_error_naming_the_knob(edition, rules):
    names = [k.name for k in vw.rules(edition)]
    # most keys become a knob of the edition (the value is junk), the others stay unknown names
    rules = {names[sum(map(ord, k)) % len(names)] if names and k[:1] in "abcdefgh" else k: v for k, v in rules.items()}
    try:
        vw.normalize({"edition": edition, "rules": rules})
    except vw.SpecError as err:
        assert err.field.startswith("rules") and str(err).startswith(f"{err.field}="), err

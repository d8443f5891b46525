"""One contract across the five editions (docs/rules.md "One contract
across editions"): ``advise`` returns one ``Advice`` type or a SpecError,
``roll(spec, ego=True)`` on a spec without Ego is a SpecError naming
``ego``, ``kiss_odds`` refuses exactly the KISS lists ``roll`` refuses, and
every number in ``Odds`` is a plain Python float: the words of each
built-in edition's errors. The contract tests that run on any edition
(odds against every roll counted, by hand, a roller, the log, knobs, the
FC's tools) are tests/test_edition_contract.py."""

from __future__ import annotations

import math

import pytest

import venus_widgets as vw
from venus_widgets.engine import api
from venus_widgets.engine.table.advice import Advice, Option

#: A spec without Ego, and one with Ego where the edition has it (None: no Ego in the edition).
SPECS = {
    "playtest": ({"roll": "task", "dice": 4, "allies": ["gold"], "kiss": 2, "factors": 2},
                 {"roll": "task", "dice": 4, "allies": ["gold"], "kiss": 2, "factors": 2, "ego": "double6"}),
    "playsheet": ({"edition": "playsheet", "roll": "task", "dice": 4, "kiss": 1, "difficulty": 2},
                  {"edition": "playsheet", "roll": "task", "dice": 4, "kiss": 1, "difficulty": 2, "ego": True}),
    "agora": ({"edition": "agora", "roll": "task", "job": 2, "helpers": [5, 5], "kiss": 2, "consequences": 2},
              {"edition": "agora", "roll": "task", "job": 2, "helpers": [5, 5], "kiss": 2, "consequences": 2,
               "ego": True}),
    "heresy": ({"edition": "heresy", "pool": 6, "black": 3}, None),
    "vers": ({"edition": "vers", "ranks": 3, "penalty": 2}, None),
}
ADVISED = ("playtest", "agora")
#: More specs for the float check: Ego reroll, exploding dice, no dice at all, trades, a big penalty.
MORE = {
    "playtest": {"roll": "task", "dice": 3, "allies": ["silver"], "kiss": 1, "ego": "reroll", "consequences": 1},
    "playsheet": {"edition": "playsheet", "roll": "task", "dice": 3, "allies": ["gold"], "explode": True,
                  "ally_kiss": True, "ego": True},
    "agora": {"edition": "agora", "roll": "check", "health": 0, "snakes": "each-pair", "ego": True},
    "heresy": {"edition": "heresy", "pool": 9, "black": 6, "trade": 2},
    "vers": {"edition": "vers", "ranks": 0, "penalty": 30},
}


def _faces(spec, seed=3):
    return [d.before for d in vw.roll(spec, seed=seed, kiss=[]).dice] if spec.get("edition") != "vers" else []


@pytest.mark.parametrize("edition", vw.EDITIONS)
def test_advise_is_one_type_or_a_spec_error(edition):
    """docs/rules.md: "`advise` returns an `Advice` (options as `Option`,
    every probability a plain float) for playtest tasks and agora rolls; any
    other roll is a `SpecError` naming `edition` or `roll`"."""
    spec = SPECS[edition][0]
    faces = _faces(spec) if edition in ADVISED else [1, 2, 3]
    if edition not in ADVISED:
        with pytest.raises(vw.SpecError) as info:
            vw.advise(spec, faces)
        assert info.value.field == "edition" and "playtest" in str(info.value) and "agora" in str(info.value)
        return
    a = vw.advise(spec, faces)
    assert type(a) is Advice and a.options
    assert type(a).__module__ == "venus_widgets.engine.table.advice"
    assert a.faces == tuple(faces) and all(type(f) is int for f in a.faces)
    # the optimal choice is a best one by kiss_odds' own prices (advise prices them all at once)
    priced = {(o.kiss, o.ego): vw.kiss_odds(spec, faces, list(o.kiss), ego=True if o.ego else None)["p_goal"]
              for o in a.options}
    assert max(p for (kiss, _), p in priced.items() if kiss == a.optimal) == pytest.approx(max(priced.values()),
                                                                                          abs=1e-12)
    assert sum(o.policy for o in a.options) == 1
    assert [o for o in a.options if o.policy][0].kiss == a.policy
    for o in a.options:
        assert type(o) is Option
        assert type(o.p_pass) is float and type(o.p_goal) is float and type(o.ego) is bool
        assert all(type(i) is int for i in o.kiss)
        assert (o.p_critical is None) == (edition == "playtest")
        assert o.p_critical is None or type(o.p_critical) is float
        assert 0.0 <= o.p_goal <= o.p_pass <= 1.0
    goals = [o.p_goal for o in a.options]
    assert goals == sorted(goals, reverse=True)
    assert vw.advise is not None and hasattr(vw, "Advice") and vw.Advice is Advice


@pytest.mark.parametrize("edition", vw.EDITIONS)
def test_roll_ego_true_needs_ego_in_the_spec(edition):
    """docs/rules.md: "`roll(spec, ego=True)` on a spec without Ego (and on
    every roll of an edition without Ego) is a `SpecError` naming `ego` that
    says what to change; `ego=False` and `ego=None` are always allowed"."""
    plain, with_ego = SPECS[edition]
    with pytest.raises(vw.SpecError) as info:
        vw.roll(plain, seed=5, ego=True)
    assert info.value.field == "ego" and info.value.value is True
    assert "no Ego" in str(info.value) and info.value.hint
    for ego in (None, False):
        assert vw.roll(plain, seed=5, ego=ego).ego_spent is False
    if with_ego is None:
        assert "has no Ego" in str(info.value) and "ego off" in str(info.value) or "edition has no Ego" in str(info.value)
    else:
        assert "set ego=" in str(info.value)
        r = vw.roll(with_ego, seed=5, ego=True)
        assert type(r.ego_spent) is bool


def _numbers(o: vw.Odds):
    yield "p_pass", o.p_pass
    yield "p_goal", o.p_goal
    yield "truncated", o.truncated
    for k, v in o.distribution.items():
        yield f"distribution[{k!r}]", v
    for k, v in o.breakdown.items():
        yield f"breakdown[{k!r}]", v
    for name in ("p_critical", "p_ego_spent", "mean", "sd"):
        v = getattr(o, name)
        if v is not None:
            yield name, v


@pytest.mark.parametrize("edition", vw.EDITIONS)
@pytest.mark.parametrize("which", [0, 1, 2])
def test_odds_numbers_are_plain_floats(edition, which):
    """docs/rules.md: "every probability in `Odds` is a plain Python `float`
    (never `numpy.float64`), every outcome a plain `int` or word"."""
    spec = (*SPECS[edition], MORE[edition])[which]
    if spec is None:
        spec = {"edition": edition}  # the edition's default roll
    o = vw.odds(spec)
    for name, v in _numbers(o):
        assert type(v) is float and math.isfinite(v), (name, type(v))
    for k in o.distribution:
        assert type(k) in (int, str), type(k)
    for k in (o.threshold, o.goal):
        assert k is None or type(k) is int


@pytest.mark.parametrize("spec, faces, kiss", [
    ({"roll": "task", "dice": 2, "kiss": 1}, [1, 3], [0, 1]),  # the case: 2 dice, budget 1
    ({"edition": "agora", "roll": "check", "health": 2, "kiss": 0}, [1, 2], [0]),  # no budget at all
    ({"edition": "agora", "roll": "check", "health": 2, "kiss": 1}, [5, 2], [1]),  # the goal is reached
    ({"roll": "task", "dice": 3, "kiss": 1, "ego": "reroll"}, [1, 2, 6], [0, 1]),  # reroll: pass ego=True
])
def test_kiss_odds_refuses_what_roll_refuses(spec, faces, kiss):
    """docs/rules.md: "`kiss_odds` checks a KISS list with the same check as
    `roll(kiss=...)`: a choice the player cannot make has no odds"."""
    seed = next(s for s in range(2000) if _faces(spec, s) == faces)
    with pytest.raises(vw.SpecError) as from_roll:
        vw.roll(spec, seed=seed, kiss=kiss)
    with pytest.raises(vw.SpecError) as from_odds:
        vw.kiss_odds(spec, faces, kiss)
    assert str(from_odds.value) == str(from_roll.value)
    assert from_odds.value.field == "kiss"


def test_kiss_odds_with_ego_reroll_is_every_failed_die_kissed():
    """docs/rules_playtest.md: "Ego `reroll` KISSes every failed die
    instead (the budget is then moot)": ``kiss_odds(..., ego=True)`` adds
    every failed die, as ``roll(..., ego=True)`` does. Checked against the
    rolls themselves (every face of the two failed dice typed by hand) and
    the rules' arithmetic, not against the advice, which prices the choice
    with the same code as ``kiss_odds``."""
    spec = {"roll": "task", "dice": 3, "kiss": 1, "ego": "reroll", "factors": 1}
    faces = [1, 2, 6]  # Bronze: the 6 succeeds; threshold 2, so one more success is needed
    k = vw.kiss_odds(spec, faces, [], ego=True)
    assert api.kiss_to_enter(spec, faces, [], ego=True) == [0, 1]  # the two failed dice take new faces
    rolls = [vw.enter(spec, faces, kiss=[], kiss_faces=[a, b], ego=True) for a in range(1, 7) for b in range(1, 7)]
    assert all(r.ego_spent and r.kissed == (0, 1) for r in rolls)
    assert k["p_pass"] == sum(r.passed for r in rolls) / 36 == 1 - (4 / 6) ** 2
    assert k["p_goal"] == sum(r.goal_reached for r in rolls) / 36
    assert k["p_pass"] != vw.kiss_odds(spec, faces, [0], ego=False)["p_pass"]  # one die KISSed: 1/3
    with pytest.raises(vw.SpecError) as info:
        vw.kiss_odds({"roll": "task", "dice": 3, "kiss": 1}, faces, [], ego=True)
    assert info.value.field == "ego"


def test_advice_for_the_same_table_is_computed_once():
    """An Advice is immutable: a roller asks for it again on every die click
    and gets the same object back; a bad face is still refused after a good
    one (True is not the face 1)."""
    spec = {"edition": "agora", "roll": "task", "job": 2, "kiss": 2, "consequences": 2, "ego": True}
    a = vw.advise(spec, [1, 2, 3, 4])
    assert vw.advise(dict(spec), (1, 2, 3, 4)) is a
    with pytest.raises(vw.SpecError) as info:
        vw.advise(spec, [True, 2, 3, 4])
    assert info.value.field == "faces[0]"

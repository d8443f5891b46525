"""Property test of the browser path: whatever the view sends (any field,
any value, any type), the roller ends in a legal state that equals what the
view is told, never raises in the comm handler, and shows the engine's odds."""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import venus_widgets as vw
from venus_widgets.engine.editions.agora.merge import MergeError
from test_widgets import ROLLERS, browser_update

# CI draws the same examples every run (the "ci" profile in conftest.py)
SETTINGS = settings(max_examples=int(os.environ.get("VW_EXAMPLES", 60)), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**12, 10**12), st.floats(allow_nan=True),
                    st.text(max_size=8), st.sampled_from(["bronze", "gold", "tough", "double6", "3", "-1", ""]))
values = st.one_of(scalars, st.lists(scalars, max_size=20), st.dictionaries(st.text(max_size=3), scalars, max_size=2))


def _plausible(kind: dict):
    if kind["kind"] == "int":
        return st.integers(kind["min"] - 1, kind["max"] + 1)
    if kind["kind"] == "choice":
        return st.sampled_from(list(kind["options"]))
    if kind["kind"] == "bool":
        return st.booleans()
    return st.lists(_plausible(kind["item"]), max_size=kind["max_len"] + 1)


@pytest.mark.parametrize("cls, edition", ROLLERS, ids=lambda x: getattr(x, "__name__", x))
@SETTINGS
@given(data=st.data())
def test_any_browser_state_ends_legal_and_in_sync(cls, edition, data):
    w = cls(edition=edition)
    sent = []
    orig = w.send_state
    w.send_state = lambda key=None: (sent.append(key), orig(key))[1]
    keys = sorted(set(w.spec_fields) | {"seed"} | set(w.keys) - {"_esm", "_css", "_model_module"})
    for _ in range(data.draw(st.integers(1, 3))):
        state = data.draw(st.dictionaries(st.sampled_from(keys), values, min_size=1, max_size=4))
        # and as often, values a real control sends: in range, or one step past it
        fields = vw.describe(edition, w.roll)
        for name in data.draw(st.lists(st.sampled_from(sorted(fields)), max_size=4, unique=True)):
            state[name] = data.draw(_plausible(fields[name]))
        state = json.loads(json.dumps(state, default=str))  # what a browser can send
        sent.clear()
        browser_update(w, state)
        for name, value in state.items():  # the view drifts only if a correction is not sent back
            ours = w.get_state(name)[name]
            if json.dumps(value, sort_keys=True) != json.dumps(ours, sort_keys=True, default=str):
                assert name in sent or [name] in sent, (name, value, ours)
        try:
            spec = w.spec
        except MergeError:  # agora helpers that cannot merge: shown in the view with the subset to take
            assert edition == "agora" and w.error
            continue
        assert spec == vw.normalize(spec)
        for name in w.spec_fields:
            assert spec[name] == getattr(w, name)
        assert w.odds_view.get("ok"), w.odds_view
        assert w.odds_view["p_pass"] == vw.odds(spec).p_pass


# -- the widgets ask the edition -----------------------------------------------------------------------------


def _declared(cls) -> dict[str, str]:
    """The trait annotations of a roller class and its bases (as written)."""
    out: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        out.update({k: v for k, v in vars(klass).get("__annotations__", {}).items() if isinstance(v, str)})
    return out


def _fits(value, annotation: str) -> bool:
    import typing

    def ok(v, t) -> bool:
        origin = typing.get_origin(t)
        if origin in (typing.Union, __import__("types").UnionType):
            return any(ok(v, a) for a in typing.get_args(t))
        if origin is list:
            (item,) = typing.get_args(t)
            return isinstance(v, list) and all(ok(x, item) for x in v)
        if t is int:
            return isinstance(v, int) and not isinstance(v, bool)
        return isinstance(v, origin or t)

    return ok(value, eval(annotation, {"list": list, "dict": dict, "str": str, "int": int, "bool": bool}))


@pytest.mark.parametrize("cls, edition", ROLLERS, ids=lambda x: getattr(x, "__name__", x))
def test_every_trait_made_from_the_edition_is_declared_for_type_checkers(cls, edition):
    w = cls(edition=edition)
    declared = _declared(cls)
    names = [*w.spec_fields, *w._inputs.names, *(["consequence_list"] if w.has_trait("consequence_list") else [])]
    for name in names:
        assert name in declared, f"{cls.__name__}.{name} is made for {edition} but not declared"
        assert _fits(getattr(w, name), declared[name]), (name, getattr(w, name), declared[name])


@pytest.mark.parametrize("cls, edition", ROLLERS, ids=lambda x: getattr(x, "__name__", x))
def test_fields_carry_the_labels_groups_and_words_of_their_edition(cls, edition):
    from venus_widgets.engine.contract import spec as spec_mod

    w = cls(edition=edition)
    schema = spec_mod.schema(edition, w.roll)
    titles = spec_mod.groups_of(schema)
    assert sorted(f["name"] for f in w.fields) == sorted(w.spec_fields)
    # in the view's order: group by group as the edition orders them, each group's fields as written
    assert [f["name"] for f in w.fields] == sorted(w.spec_fields, key=lambda k: list(titles).index(schema[k].group))
    for f in w.fields:
        kind = schema[f["name"]]
        assert f["label"] == kind.label and f["label"], f
        assert f["group"] == kind.group and f["group"] in ("ability", "difficulty", "help", "kiss", "consequences")
        assert f["group_title"] == titles[kind.group] and f["group_title"], f
    # the edition's words, and the title: the rules by their name, never the edition's id
    assert w.words == {**spec_mod.words(edition, w.roll), "title": w.words["title"]}
    assert w.words["title"].endswith(f", a {w.roll}") and not w.words["title"].startswith(f"{edition} ")
    view = w.odds_view
    assert len(view["passed"]) == len(view["distribution"])
    if view["numeric"]:
        assert view["passed"] == [k >= view["threshold"] for k, _ in view["distribution"]]
    else:  # the chance of the passing results is the chance to pass
        assert sum(p for (k, p), ok in zip(view["distribution"], view["passed"]) if ok) == pytest.approx(view["p_pass"])


@pytest.mark.parametrize("edition, start, change, repaired", [
    ("heresy", {"pool": 9, "trade": 3}, {"pool": 4}, {"trade": 1}),
    ("playtest", {"factors": 4}, {"learning": True}, {"factors": 3}),
])
def test_browser_values_are_repaired_by_the_rule_that_validates_them(edition, start, change, repaired):
    from venus_widgets.engine.contract import spec as spec_mod

    cls = vw.PoolRoller if edition == "heresy" else vw.TaskRoller
    w = cls(edition=edition, **start)
    browser_update(w, change)
    assert {k: getattr(w, k) for k in repaired} == repaired
    assert w.error == ""
    # the same rule refuses the Python assignment, saying what to change
    bad = {**w.spec, **start, **change}
    with pytest.raises(spec_mod.CrossError) as err:
        spec_mod.normalize(bad)
    assert err.value.nearest == next(iter(repaired.values()))
    from venus_widgets.engine.contract.repair import repair

    assert repair(bad) == repaired


def test_recent_rolls_carry_passed_from_the_roll():
    w = vw.CheckRoller(seed=1)
    for seed in range(1, 6):
        w.roll_dice(seed)
    assert [r["passed"] for r in w.recent] == [e["roll"]["passed"] for e in w.log.entries[-5:]]
    assert {r["passed"] for r in w.recent} == {True, False}

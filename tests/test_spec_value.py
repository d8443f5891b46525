"""The normalized spec as one read-only value (``Spec``): made once per
change and passed down; every engine entry point takes it without
normalizing it again, and a plain dict as before."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

import venus_widgets as vw
from venus_widgets.engine.contract import spec as spec_mod
from venus_widgets.engine.errors import SpecError
from venus_widgets.engine.contract.spec import Spec

TASK = {"roll": "task", "dice": 3, "kiss": 1, "allies": ["gold"], "ego": "double6", "consequences": 1}


@pytest.fixture
def normalize_calls(monkeypatch):
    """The calls of ``spec.normalize`` while the test runs (every Spec made
    from a dict goes through it)."""
    calls = []
    real = spec_mod.normalize

    def counted(spec=None, priced=True):
        calls.append(spec)
        return real(spec, priced)

    monkeypatch.setattr(spec_mod, "normalize", counted)
    return calls


def test_a_spec_is_the_normalized_dict_read_only():
    s = Spec(TASK)
    plain = vw.normalize(TASK)
    assert s == plain and plain == s.to_dict() and list(s) == list(plain)
    assert s.edition == "playtest" and s.roll == "task" and s.rules == {}
    assert s["allies"] == ("gold",) and s.to_dict()["allies"] == ["gold"]
    for change in (lambda: s.__setitem__("dice", 4), lambda: s.update(dice=4), lambda: s.pop("dice"),
                   lambda: s.setdefault("x", 1), lambda: s.__delitem__("dice"), s.clear, s.popitem):
        with pytest.raises(TypeError, match="read-only"):
            change()
    ruled = Spec({"roll": "task", "rules": {"success_from": {"bronze": 4}}})
    with pytest.raises(TypeError):
        ruled.rules["success_from"]["bronze"] = 2  # type: ignore[index]
    assert ruled.rules["success_from"]["bronze"] == 4 and s == Spec(dict(TASK))


def test_equal_specs_are_one_key_and_survive_pickle_copy_and_json():
    s = Spec(TASK)
    same = Spec({**TASK, "edition": "playtest", "factors": 0})  # defaults written out: the same spec
    assert s == same and hash(s) == hash(same) and s.key == same.key and {s: 1}[same] == 1
    assert Spec({**TASK, "learning": True}) != s
    for back in (pickle.loads(pickle.dumps(s)), copy.deepcopy(s), copy.copy(s)):
        assert type(back) is Spec and back == s and back.key == s.key
    assert json.loads(json.dumps(s)) == vw.normalize(TASK)
    assert Spec.of(s) is s and vw.normalize(s) == s.to_dict() and vw.normalize(s) is not vw.normalize(s)


def test_replace_normalizes_the_change_and_refuses_what_the_rules_refuse():
    s = Spec(TASK)
    assert s.replace(dice=5)["dice"] == 5 and s["dice"] == 3
    with pytest.raises(SpecError) as err:
        s.replace(dice=99)
    assert err.value.field == "dice"
    with pytest.raises(SpecError) as err:
        Spec({"roll": "task", "score": 3})
    assert err.value.field == "score"


def test_entry_points_take_a_spec_without_normalizing_it_again(normalize_calls):
    s = Spec(TASK)
    normalize_calls.clear()
    o = vw.odds(s)
    r = vw.roll(s, seed=3)
    vw.roll_many(s, 100, seed=3)
    faces = [d.before for d in vw.roll(s, seed=3, kiss=[]).dice]
    vw.advise(s, faces)
    vw.kiss_odds(s, faces, [])
    vw.dice_to_enter(s)
    vw.enter(s, faces)
    vw.odds(s, exact=True)
    e = vw.explain(s, seed=3)
    assert normalize_calls == []
    assert o.spec == s and e.spec == s and r.spec == s.to_dict()
    with_dict = [vw.odds(TASK), vw.roll(TASK, seed=3)]
    assert len(normalize_calls) == 2 and with_dict == [o, r]


def test_the_ladder_and_solve_normalize_each_rung_once(normalize_calls):
    s = Spec({"roll": "task", "dice": 3})
    settings = vw.engine.contract.edition.get("playtest").ladder_settings(s)
    normalize_calls.clear()
    rungs = vw.ladder(s)
    # each rung a change: once priced before any work (engine/contract/work.py), once counted
    assert len(normalize_calls) == 2 * len(settings) and len(rungs) == len(settings)
    normalize_calls.clear()
    best = vw.solve(s, 0.5)[0]
    assert len(normalize_calls) == 2 * len(settings)
    assert abs(best.chance - 0.5) == min(abs(r.chance - 0.5) for r in rungs)


def test_odds_of_a_spec_carry_it_and_plain_dicts_give_the_same_numbers():
    from venus_widgets.engine.caching import forget_results

    forget_results()  # an earlier test in this process may have cached these odds with its own spec
    for s in ({"edition": "agora", "roll": "task", "helpers": [5, 5]}, {"edition": "heresy", "pool": 6},
              {"edition": "playsheet", "roll": "task", "allies": ["gold"]}, {"edition": "vers", "ranks": 2}):
        spec = Spec(s)
        o = vw.odds(spec)
        assert o is vw.odds(s) and o.spec is spec  # one cache entry, the spec shared read-only
        assert o.to_dict()["spec"] == vw.normalize(s)

"""A spec's ``rules`` reach the Heresy and VERS kernels: the public odds,
rolls, explanations and cross-field rules of a spec with rules follow the
variant (docs/rules_heresy_vers.md#rule-knobs-heresy, #rule-knobs-vers),
checked against the brute forces of tests/test_heresy_rules.py and
tests/test_vers_rules.py."""

from __future__ import annotations

import pytest

import venus_widgets as vw
from venus_widgets.engine.errors import SpecError

from test_heresy_rules import brute as heresy_brute
from test_vers_rules import brute as vers_brute

HERESY = [{"success_faces": [6]}, {"reroll_faces": []}, {"success_faces": [1, 5, 6], "reroll_faces": [5, 6]},
          {"trade_rate": 2}, {"pass_threshold": 3}]


@pytest.mark.parametrize("rules", HERESY, ids=str)
def test_heresy_spec_rules_give_the_brute_force_odds(rules):
    spec = {"edition": "heresy", "roll": "task", "pool": 4, "black": 1, "trade": 1, "rules": rules}
    o = vw.odds(spec)
    want = heresy_brute(4, 1, 1, rules)
    for k, p in want.items():
        assert o.distribution.get(k, 0.0) == pytest.approx(float(p), abs=1e-12)
    need = rules.get("pass_threshold", 2)
    assert o.threshold == need
    assert o.p_pass == pytest.approx(float(sum(p for k, p in want.items() if k >= need)), abs=1e-12)


def test_heresy_rolls_and_words_follow_the_spec_rules():
    spec = {"edition": "heresy", "roll": "task", "pool": 6, "rules": {"success_faces": [2, 3], "reroll_faces": []}}
    for seed in range(30):
        r = vw.roll(spec, seed)
        assert len(r.dice) == 6                      # nothing is rolled again
        assert r.outcome == sum(d.after in (2, 3) for d in r.dice)
    words = str(vw.explain(spec))
    assert "each 2 or 3 is a success, a 1 in 3 chance" in words and "0.33 successes per die" in words


def test_heresy_trade_rate_sets_how_many_trades_a_pool_allows():
    assert vw.normalize({"edition": "heresy", "roll": "task", "pool": 4, "trade": 2, "rules": {"trade_rate": 2}})
    with pytest.raises(SpecError, match="each trade gives up 3 of the 4 pool dice"):
        vw.normalize({"edition": "heresy", "roll": "task", "pool": 4, "trade": 2})


@pytest.mark.parametrize("rules", [{"base_ct": 12}, {"dice": 2}, {"dice": 4, "base_ct": 14}], ids=str)
def test_vers_spec_rules_give_every_rolls_odds(rules):
    spec = {"edition": "vers", "ranks": 3, "penalty": 2, "rules": rules}
    got = vw.odds(spec, exact=True).distribution
    assert got == {k: v for k, v in vers_brute(3, 2, rules).items() if v}
    r = vw.roll(spec, 5)
    assert len(r.dice) == rules.get("dice", 3)
    assert r.details["ct"] == rules.get("base_ct", 10) + 3
    assert f"{rules.get('dice', 3)}d6" in str(vw.explain(spec))


@pytest.mark.parametrize("edition, rules, field", [
    ("heresy", {"success_faces": []}, "rules.success_faces"),
    ("heresy", {"reroll_faces": [1, 2, 3, 4, 5, 6]}, "rules.reroll_faces"),
    ("heresy", {"trade_rate": 0}, "rules.trade_rate"),
    ("vers", {"dice": 9}, "rules.dice"),
    ("vers", {"threshold_base": 2}, "rules.threshold_base"),
])
def test_bad_knobs_are_named(edition, rules, field):
    with pytest.raises(SpecError) as err:
        vw.normalize({"edition": edition, "rules": rules})
    assert err.value.field == field

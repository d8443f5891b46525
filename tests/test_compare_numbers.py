"""The rule lab's numbers: every difference is the difference of
the two rule sets' own "at least" curves, every chance an edition reports
enters the comparison, and no knob is silently clamped.

docs/rule_lab.md#compare-a-roll-under-variants-beside-the-rules-as-read
says how a comparison reads; these tests check it against the engine's
exact odds computed apart (``vw.odds(spec with the rules, exact=True)``).
"""

from __future__ import annotations

import math
import os
from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from itertools import combinations_with_replacement
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

import venus_widgets as vw
from venus_widgets.engine.contract import edition as _edition
from venus_widgets.engine.api import denominator
from venus_widgets.engine.tools.compare import layered
from venus_widgets.engine.editions.agora.merge import MergeError
from venus_widgets.engine.errors import SpecError
from venus_widgets.engine.contract.knobs import values as knob_values
from venus_widgets.engine.editions.agora.merge import best_subset, try_merge
from venus_widgets.engine.maths.quantities import GOAL, PASS, reported

EDITIONS = _edition.BUILT_IN  # the one list of editions
SETTINGS = settings(max_examples=int(os.environ.get("VW_EXAMPLES", 60)), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def _exact(spec: dict) -> Any:
    """The odds of ``spec``, apart from compare: exact where rational."""
    spec = vw.normalize(spec)
    return vw.odds(spec, exact=True) if denominator(spec) is not None else vw.odds(spec)


def _in_fractions(*odds: Any) -> bool:
    """Every one of ``odds`` counted in fractions (not odds of exploding dice)."""
    return all(isinstance(o.p_pass, Fraction) for o in odds)


def _check_differences(c, name: str, spec: dict, rules: dict) -> None:
    """c.difference(name) and every row of c.to_rows() against the two rule
    sets' own at_least, computed apart."""
    base = _exact(c.spec)
    var = _exact({**spec, "rules": layered(spec.get("rules") or {}, rules)})
    rational = _in_fractions(base, var)
    if not base.numeric:
        want = (var.p_pass - base.p_pass) * 100
        assert c.difference(name)["pass"] == pytest.approx(float(want), abs=1e-9)
        return
    keys = sorted(set(base.distribution) | set(var.distribution))
    got = c.difference(name, exact=rational)
    assert list(got) == keys
    for k in keys:
        want = (var.at_least(k) - base.at_least(k)) * 100
        if rational:
            assert got[k] == want, k                    # exactly, as Fractions
            assert c.difference(name)[k] == float(want)  # the correctly rounded float
        else:
            assert got[k] == pytest.approx(float(want), abs=1e-9)
    rows = {r["at least"]: r for r in c.to_rows()}
    for k in keys:
        assert rows[k]["base"] == pytest.approx(float(base.at_least(k)), abs=0 if rational else 1e-12)
        assert rows[k][name] == pytest.approx(float(var.at_least(k)), abs=0 if rational else 1e-12)


def _check_named(c, name: str, spec: dict, rules: dict) -> None:
    """Every chance the edition reports that moves is named in the verdict
    (P(pass) and P(goal), and chances that merely restate them, are the
    verdict's first words), and nothing that moved is called no change."""
    base = _exact(c.spec)
    var = _exact({**spec, "rules": layered(spec.get("rules") or {}, rules)})
    exact = _in_fractions(base, var)
    qa, qb = reported(base), reported(var)

    def differ(a, b):
        return a != b if exact else abs(float(a) - float(b)) > 1e-10

    moved = {q: (qa.get(q, 0), qb.get(q, 0)) for q in {*qa, *qb} if differ(qa.get(q, 0), qb.get(q, 0))}
    dist_moved = (set(base.distribution) != set(var.distribution)
                  or any(differ(p, var.distribution[k]) for k, p in base.distribution.items()))
    verdict = c.verdicts[name]
    if c.odds[name].to_dict()["spec"] == c.spec:
        assert verdict.startswith("no change: the same rules")
        return
    if moved or dist_moved or base.threshold != var.threshold:
        assert not verdict.startswith("no change"), (rules, verdict)
    else:
        assert verdict == "no change for this roll: the same odds"
    said = [(base.p_pass, var.p_pass), (base.p_goal, var.p_goal)]
    for q, (a, b) in moved.items():
        restated = any(not differ(a, x) and not differ(b, y) for p in said for x, y in (p, (1 - p[0], 1 - p[1])))
        if q in (PASS, GOAL) or restated:
            continue
        assert f"{q}: " in verdict or f"{q}, " in verdict, (q, verdict)
    assert c.changes(name).keys() == moved.keys()


# -- the examples -------------------------------------------------------


def test_an_outcome_one_rule_set_cannot_reach_keeps_its_at_least():
    """Ego double6 from 4: a Bronze 4 or 5 that succeeds counts twice, so 1
    final success can no longer happen; P(at least 1) is still 70.4 %
    under both rule sets, not 0 under the variant."""
    spec = {"roll": "task", "caliber": "bronze", "dice": 3, "factors": 1, "ego": "double6"}
    c = vw.compare(spec, {"Ego from 4": {"ego_double_from": 4}})
    assert 1 not in c.odds["Ego from 4"].distribution
    assert c.difference("Ego from 4")[1] == 0.0
    assert c.difference("Ego from 4", exact=True) == {0: 0, 1: 0, 2: Fraction(200, 9), 3: 0}
    row = next(r for r in c.to_rows() if r["at least"] == 1)
    assert row["Ego from 4"] == row["base"] == 19 / 27
    assert "70.4 points" not in c.verdicts["Ego from 4"] and "biggest change" not in c.verdicts["Ego from 4"]
    assert c.verdicts["Ego from 4"] == ("+22.3 points to pass (2 successes): from 48.1 % to 70.4 %; "
                                        "Ego spent, pass with Ego, goal with Ego: from 22.2 % to 44.4 %")
    _check_differences(c, "Ego from 4", spec, {"ego_double_from": 4})


def test_a_shifted_outcome_range_shows_no_false_minus_100_points():
    """VERS base CT 12: degrees run -3..12 instead of -5..10; at least -5
    degrees is certain under both."""
    c = vw.compare({"edition": "vers", "roll": "check"}, {"CT 12": {"base_ct": 12}})
    d = c.difference("CT 12")
    assert d[-5] == 0.0 and d[-4] == pytest.approx(1 / 216 * 100)
    assert all(v >= 0 for v in d.values())  # a higher CT never makes a degree less likely
    assert "-100" not in c.verdicts["CT 12"]
    assert c.verdicts["CT 12"].startswith("+11.6 points to pass (0 degrees)")
    _check_differences(c, "CT 12", {"edition": "vers", "roll": "check"}, {"base_ct": 12})


def test_criticals_are_seen_and_named():
    """snake_eyes_ones moves only the criticals (and the boons and banes
    they make): never "no change"."""
    spec = {"edition": "agora", "roll": "task"}
    c = vw.compare(spec, {"one 1": {"snake_eyes_ones": 1}, "three 1s": {"snake_eyes_ones": 3}})
    assert c.odds["one 1"].distribution == c.odds["base"].distribution
    assert "criticals: from 7.4 % to 42.1 %" in c.verdicts["one 1"]
    assert "criticals: from 7.4 % to 0.5 %" in c.verdicts["three 1s"]
    assert c.changes("one 1")["criticals"] == (c.odds["base"].p_critical, c.odds["one 1"].p_critical)
    for name, rules in (("one 1", {"snake_eyes_ones": 1}), ("three 1s", {"snake_eyes_ones": 3})):
        _check_named(c, name, spec, rules)
    rows = {r["at least"]: r for r in c.to_rows()}
    assert rows["criticals"]["one 1"] == c.odds["one 1"].p_critical and rows["criticals"]["label"] == "criticals"


def test_a_check_whose_pass_stays_but_whose_breakdown_moves():
    """Gold auto-passing from 12: the total already reaches the target on
    those naturals, so P(pass) stays; the auto-pass share moves."""
    spec = {"roll": "check", "caliber": "gold", "score": 5, "difficulty": "tough"}
    c = vw.compare(spec, {"auto 12": {"check_auto_pass_from": {"gold": 12}}})
    assert c.p_pass["auto 12"] == c.p_pass["base"]
    v = c.verdicts["auto 12"]
    assert v.startswith("±0 points to pass") and "auto-pass: from 10.0 % to 45.0 %" in v
    _check_named(c, "auto 12", spec, {"check_auto_pass_from": {"gold": 12}})


def test_the_lab_draws_the_same_rows():
    lab = vw.RuleLab(edition="playtest", a={"ego_double_from": 4}, b={"threshold_base": 2}, dice=3, factors=1,
                     ego="double6")
    rows = lab.panel.view["rows"]
    c = lab.comparison
    assert [r["label"] for r in rows] == [r["label"] for r in c.glance()]
    at1 = next(r for r in rows if r["key"] == "1")
    assert at1["p"]["A"] == at1["p"]["base"] == 19 / 27 and at1["tick"] == "≥1" and at1["d"]["A"] == 0
    assert any(r["label"].startswith("Ego spent") for r in rows)


# -- the property ---------------------------------------------------------------


def _small_value(kind: dict):
    k = kind["kind"]
    if k == "int":
        return st.integers(kind["min"], min(kind["max"], kind["min"] + 5))
    if k == "choice":
        return st.sampled_from(kind["options"])
    if k == "bool":
        return st.booleans()
    return st.lists(_small_value(kind["item"]), max_size=3)


def _knob_value(form: dict):
    t = form["type"]
    if t == "int":
        s = st.integers(form["lo"], form["hi"])
        return st.one_of(st.none(), s) if form.get("optional") else s
    if t == "bool":
        return st.booleans()
    if t == "faces":
        return st.lists(st.integers(form["lo"], form["hi"]), min_size=0, max_size=6)
    return st.dictionaries(st.sampled_from(form["keys"]), _knob_value(form["of"]), max_size=len(form["keys"]))


@st.composite
def rule_sets(draw, edition: str):
    knobs = vw.rules(edition).describe()
    chosen = draw(st.lists(st.sampled_from([k["name"] for k in knobs]), max_size=3, unique=True))
    forms = {k["name"]: k["form"] for k in knobs}
    return {n: draw(_knob_value(forms[n])) for n in chosen}


@st.composite
def comparisons(draw):
    edition = draw(st.sampled_from(EDITIONS))
    roll = draw(st.sampled_from(sorted(r for e, r in vw.engine.contract.spec.SCHEMAS if e == edition)))
    spec = {"edition": edition, "roll": roll}
    for name, kind in vw.describe(edition, roll).items():
        if draw(st.booleans()):
            spec[name] = draw(_small_value(kind))
    return spec, draw(rule_sets(edition)), draw(rule_sets(edition))


@SETTINGS
@given(comparisons())
# a chance of 1 in 13,060,694,016 that appears: named by compare, which counts in fractions, and so here
@example(({"edition": "agora", "roll": "task", "assets": 5, "kiss": 5, "snakes": "each-pair"}, {}, {"snake_eyes_ones": 1}))
def test_every_difference_is_the_difference_of_the_two_at_least_curves(case):
    """For any two rule sets a and b: the difference at k is
    b.at_least(k) - a.at_least(k) for every k either can give, and every
    chance that moves is named."""
    spec, a, b = case
    try:
        base = vw.normalize({**spec, "rules": a})
        c = vw.compare(base, {"b": b})
    except SpecError:
        assume(False)
        return
    _check_differences(c, "b", base, b)
    _check_named(c, "b", base, b)


# -- every knob at its extremes ---------------------------------------------------

#: per edition, rolls a knob may move: the defaults of each kind of roll and fuller ones
BASES = {
    "playtest": [{"roll": "check", "caliber": c, "score": 4, "difficulty": "tough", "factors": 1, "bonus_factors": 2}
                 for c in ("bronze", "silver", "gold", "platinum")]
                + [{"roll": "task", "caliber": "bronze", "dice": 3, "factors": 1, "ego": "double6", "kiss": 1,
                    "consequences": 1, "allies": ["gold"]},
                   {"roll": "task", "caliber": "silver", "dice": 2, "ego": "reroll", "policy": "optimal"},
                   {"roll": "task", "caliber": "platinum", "dice": 2, "learning": True, "ego": "double6"}],
    "playsheet": [{"roll": "check", "rank": r, "score": 3} for r in ("bronze", "silver", "gold", "platinum")]
                 + [{"roll": "task", "rank": "silver", "dice": 3, "difficulty": 2, "factors": [1], "ego": True, "kiss": 1, "allies": ["gold"]},
                    {"roll": "task", "rank": "bronze", "dice": 2, "explode": True},
                    {"roll": "task", "rank": "platinum", "dice": 3, "difficulty": 3, "ego": True}],
    "agora": [{"roll": "check", "rank": 4, "helpers": [3, 3]},
              {"roll": "task", "rank": 4, "health": 2, "job": 2, "kiss": 1, "ego": True, "helpers": [5, 5],
               "snakes": "each-pair", "difficulty": "challenging", "consequences": 2}],
    "heresy": [{"roll": "task", "pool": 4, "black": 1, "trade": 1}],
    "vers": [{"roll": "check", "ranks": 2, "penalty": 1}],
}


def _extremes(form: dict) -> list[Any]:
    """A knob's values at its ends: each end of a number (and None where
    allowed), both booleans, the fewest and most faces, each key of a
    per-caliber knob at each of its ends."""
    t = form["type"]
    if t == "int":
        return [form["lo"], form["hi"]] + ([None] if form.get("optional") else [])
    if t == "bool":
        return [True, False]
    if t == "faces":
        lo, hi = form["lo"], form["hi"]
        return [[lo], [hi], list(range(lo, hi + 1)), list(range(lo, hi)), []]
    return [{k: v} for k in form["keys"] for v in _extremes(form["of"])]


def _plain(value: Any) -> Any:
    """A Rules attribute as the knob's JSON value."""
    if isinstance(value, tuple) and value and all(isinstance(x, tuple) and len(x) == 2 for x in value):
        return {k: _plain(v) for k, v in value}
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if hasattr(value, "items"):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _rule(edition: str, rules: Any, knob: str) -> Any:
    """One knob's value in the rules an edition plays by: an attribute of a
    code edition's rules; for a draft (Heresy and VERS are drafts), the
    number of the draft the knob holds (``[knobs]``: its key path)."""
    if not isinstance(rules, Mapping):
        return getattr(rules, knob)
    names = {n.name: n.knob for n in _edition.get(edition).draft.names}
    return rules[names.get(knob, knob)]


KNOB_CASES = [(ed, k["name"], value) for ed in EDITIONS for k in vw.rules(ed).describe()
              for value in _extremes(k["form"])]


@pytest.mark.parametrize("edition, knob, value", KNOB_CASES, ids=lambda x: str(x))
def test_every_knob_at_its_extremes_is_compared_right_and_never_clamped(edition, knob, value):
    """Against the rules as read, on each base roll: the differences are
    the two at_least curves', every moved chance is named; and the value is
    either refused (a SpecError naming what to change) or kept as given, in
    the spec and in the rules the edition plays by (never replaced)."""
    rules = {knob: value}
    for base in BASES[edition]:
        spec = vw.normalize({"edition": edition, **base})  # the base roll is legal: only the knob may be refused
        try:
            c = vw.compare(spec, {"v": rules})
        except SpecError as err:
            assert "rules." in err.field or err.field.split(": ")[-1] in spec or err.field == "helpers", err
            continue
        played = c.odds["v"].to_dict()["spec"]
        given = layered(spec.get("rules") or {}, rules)
        kept = knob_values(_edition.get(edition).KNOBS, played.get("rules") or {})
        want = knob_values(_edition.get(edition).KNOBS, given)
        assert kept[knob] == want[knob]  # the spec keeps it
        assert _plain(_rule(edition, _edition.get(edition).rules_of(played), knob)) == _plain(want[knob])  # and the rules
        _check_differences(c, "v", spec, rules)
        _check_named(c, "v", spec, rules)


# -- the merge: never below rank 1 ------------------------------------------------------


def _merge_by_the_text(ranks: list[int], drop: int) -> int | None:
    """docs/rules_agora.md#help read literally: two dice of the same rank r
    merge into one of rank r - drop, repeatedly, until one die remains; a
    pair that would go below rank 1 (or a rank-1 die that would merge)
    cannot; any other leftover cannot merge."""
    dice = Counter(ranks)
    while sum(dice.values()) > 1:
        r = max(dice)  # the highest rank must pair: nothing merges into it from above
        if dice[r] < 2 or r - drop < 1:
            return None
        dice[r] -= 2
        if not dice[r]:
            del dice[r]
        dice[r - drop] += 1
    return next(iter(dice)) if dice else None


@pytest.mark.parametrize("drop", range(1, 6))
def test_helpers_merge_as_the_text_says_and_never_below_rank_1(drop):
    for n in range(1, 7):
        for ranks in combinations_with_replacement(range(2, 7), n):
            want = _merge_by_the_text(list(ranks), drop)
            assert try_merge(ranks, drop) == want, (ranks, drop)
            spec = {"edition": "agora", "roll": "check", "helpers": list(ranks), "rules": {"merge_drop": drop}}
            if want is None:
                with pytest.raises(MergeError) as err:
                    vw.normalize(spec)
                best, rank = best_subset(ranks, drop)  # the nearest legal set: it merges, to rank 1 or more
                assert err.value.best == best and rank == _merge_by_the_text(list(best), drop) and rank >= 1
            else:
                assert want >= 1


def test_two_rank_2_helpers_with_merge_drop_2_are_refused_with_the_nearest_legal_set():
    spec = {"edition": "agora", "roll": "check", "helpers": [2, 2], "rules": {"merge_drop": 2}}
    with pytest.raises(MergeError, match=r"accept 2, which makes one die of rank 2") as err:
        vw.odds(spec)
    assert "never below rank 1" in str(err.value) and "one die 2 ranks lower" in str(err.value)
    assert vw.odds({**spec, "helpers": [3, 3]}).spec["helpers"] == (3, 3)  # 3 and 3 merge to rank 1: allowed


# -- sweeps ------------------------------------------------------------------------------


def test_a_sweep_holds_every_reported_chance():
    s = vw.sweep({"edition": "agora", "roll": "task"}, over={"rules.snake_eyes_ones": [1, 2, 3]},
                 variants={"each pair": {"challenging_factor": 1}})
    for i, n in enumerate([1, 2, 3]):
        o = vw.odds({"edition": "agora", "roll": "task", "rules": {"snake_eyes_ones": n}})
        assert s.quantities["base"]["criticals"][i] == o.p_critical
        assert s.grid("base", "success with a bane")[i] == o.breakdown["success with a bane"]
    heat = s.heat("base", quantity="criticals")
    assert heat["caption"].startswith("criticals under base") and heat["rows"][0]["cells"][0]["text"] == "42 %"
    rows = s.to_rows()
    assert rows[0]["criticals"] == s.quantities["base"]["criticals"][0]
    with pytest.raises(SpecError, match="quantity"):
        s.grid("base", "nope")
    assert math.isnan(vw.sweep({"roll": "task", "learning": True}, over={"factors": range(5)})
                      .quantities["base"]["fail"][4])


def test_a_sweep_axis_knob_is_laid_over_the_variant_key_by_key():
    """A per-caliber axis changes the calibers it names; the variant's
    other calibers stay (docs/rule_lab.md: how rules are laid)."""
    s = vw.sweep({"roll": "task", "caliber": "silver", "allies": ["bronze"]},
                 over={"rules.success_from": [{"silver": 3}, {"silver": 5}]},
                 variants={"Bronze 4-6": {"success_from": {"bronze": 4}}})
    for i, silver in enumerate([3, 5]):
        want = vw.odds({"roll": "task", "caliber": "silver", "allies": ["bronze"],
                        "rules": {"success_from": {"bronze": 4, "silver": silver}}})
        assert s.p_pass["Bronze 4-6"][i] == want.p_pass

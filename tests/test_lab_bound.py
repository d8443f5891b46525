"""The rule lab stays quick on every spec a roller accepts: its heatmap is
bounded by the engine's cost estimate before any odds are computed, says
what it left out, and the tails its table shows are counted in one pass.
Work is bounded in counts (estimates, cells, calls), never in seconds:
benchmarks/bench_lab.py times it.
"""

from __future__ import annotations

import re

import numpy as np
import pytest

import venus_widgets as vw
from venus_widgets.engine.contract.guard import estimate
from venus_widgets.engine.contract.edition import get
from venus_widgets.widgets import lab_heatmap

#: A heavy exploding roll a roller accepts: every face passes and explodes from 2, six allies.
HEAVY = dict(roll="task", rank="platinum", allies=["platinum"] * 6, explode=True, ally_kiss=True,
             rules={"explode_from": 2, "max_allies": 6, "pass_from": {"bronze": 2, "silver": 2, "gold": 2,
                                                                       "platinum": 2}})


def test_the_bound_leaves_out_the_costliest_lines_until_the_rest_fits():
    costs = np.array([[0.01, 0.01, 0.05], [0.01, 0.02, 0.05], [0.2, 0.2, 0.2]])
    assert lab_heatmap.bounded(costs, budget=0.05) == (2, 2)  # the last row (0.6), then the last column
    assert lab_heatmap.bounded(costs, budget=10) == (3, 3)
    assert lab_heatmap.bounded(np.array([[0.05, 1.0], [1.0, 1.0]]), budget=0.1) == (1, 1)
    assert lab_heatmap.bounded(np.full((4, 4), 1.0), budget=0.1) == (0, 0)  # not one cell fits


def test_a_lab_too_heavy_for_one_cell_leaves_the_heatmap_out_and_says_so():
    lab = vw.RuleLab(edition="playsheet", **HEAVY)
    heat = lab.panel.view["heat"]
    assert "rows" not in heat and heat["left_out"].startswith("The heatmap is left out, to keep the lab quick")
    # it says what to change, in the fields' words: what weighs most, and which way is quicker
    assert "it weighs most on Allies (fewer is quicker)" in heat["left_out"]
    assert lab.panel.view["ok"] and lab.panel.view["verdicts"]  # the rest of the lab is there
    assert "The heatmap is left out" in lab.panel.snapshot_html()


def test_a_heavy_lab_computes_only_what_fits_and_says_what_it_left_out():
    lab = vw.RuleLab(edition="playsheet", **{**HEAVY, "allies": ["platinum"] * 3})
    heat = lab.panel.view["heat"]
    x, y = lab.panel.axes
    shown_x = [r["label"] for r in heat["rows"]]
    assert heat["rows"] and "Left out, to keep the lab quick" in heat["left_out"] and "vw." not in heat["left_out"]
    # what it computed fits the budget, by the same estimate the cost guard uses
    base = lab.roller.spec
    computed = 0.0
    for r in heat["rows"]:
        for c, cell in zip(heat["cols"], r["cells"]):
            if cell["value"] is None:
                continue
            xv, yv = int(r["label"].split()[-1]), int(c.split()[-1])
            computed += estimate(vw.normalize({**base, x: xv, y: yv})).seconds  # A and B play the base's rules
    assert 0 < computed <= lab_heatmap.BUDGET_SECONDS
    assert len(shown_x) < 12  # not the whole axis
    # the still says it too
    assert "Left out, to keep the lab quick" in lab.panel.snapshot_html()


def test_the_words_name_only_levers_that_can_still_move():
    from venus_widgets.engine.contract.spec import normalize

    heavy = normalize({"edition": "playsheet", **HEAVY, "allies": ["platinum"] * 6})
    assert lab_heatmap.lever_words(heavy).startswith("it weighs most on Allies (fewer is quicker) and Allies KISS")
    none = normalize({"edition": "playsheet", **{**HEAVY, "ally_kiss": False}, "allies": []})
    assert "Allies" not in lab_heatmap.lever_words(none)  # no allies left to drop, none KISSing


def test_a_light_lab_leaves_nothing_out():
    lab = vw.RuleLab(dice=3, a={"threshold_base": 2})
    assert lab.panel.view["heat"]["left_out"] == ""


SPECS = [{"roll": "task", "dice": 5, "kiss": 2}, {"edition": "heresy", "pool": 8, "black": 2},
         {"edition": "playsheet", "roll": "task", "dice": 6, "explode": True, "allies": ["gold"] * 3},
         {"edition": "vers", "ranks": 2}, {"edition": "heresy", "pool": 5, "rules": {"reroll_faces": [6]}}]


def is_fraction(spec: dict) -> bool:
    """Whether the edition counts the spec's odds as a fraction (no dice that roll without end)."""
    s = vw.normalize(spec)
    return get(s["edition"]).denominator(s) is not None


#: (spec, exact): the float odds of every spec, the exact ones where they are a fraction.
TAILS = [(s, exact) for s in SPECS for exact in (False, True) if not exact or is_fraction(s)]


@pytest.mark.parametrize("spec,exact", TAILS)
def test_every_tail_in_one_pass_is_the_tail_alone(spec, exact):
    o = vw.odds(spec, exact=exact)
    ks = list(range(min(o.distribution) - 2, max(o.distribution) + 3))
    each = o.at_least_each(ks)
    assert {k: (each[k], type(each[k])) for k in ks} == {k: (o.at_least(k), type(o.at_least(k))) for k in ks}


def test_the_cases_are_both_kinds():
    assert sum(exact for _, exact in TAILS) >= 2 and sum(not is_fraction(s) for s in SPECS) >= 2


@pytest.mark.parametrize("spec", [s for s in SPECS if not is_fraction(s)])
def test_dice_that_roll_without_end_have_no_exact_tails_and_say_so(spec):
    with pytest.raises(vw.SpecError, match="without end") as err:
        vw.odds(spec, exact=True)
    assert err.value.field in spec and "exact=False" in str(err.value)


def test_the_tails_of_thousands_of_outcomes_are_linear():
    from work_count import calls

    o = vw.odds({"edition": "playsheet", **HEAVY, "dice": 3})
    assert len(o.distribution) > 1000
    keys = sorted(o.distribution)
    _, n = calls(o.at_least_each, keys, budget=50_000)
    assert n < 10 * len(keys)  # a few calls per outcome, not one pass per outcome


def _counted(module, name):
    """A counter on ``module.name`` (a function), and a way to put it back."""
    real, made = getattr(module, name), [0]

    def counted(*a, **k):
        made[0] += 1
        return real(*a, **k)

    setattr(module, name, counted)
    return made, lambda: setattr(module, name, real)


def test_a_spec_the_guard_let_through_is_not_checked_again():
    """The cost guard remembers a spec it let through (under the same budget): checked again, it is
    neither bounded nor estimated again; under another budget, it is checked again."""
    from venus_widgets.engine import caching
    from venus_widgets.engine.contract import cost
    from venus_widgets.engine.drafts import quick_cost, step_cost

    caching.forget_results()
    spec = {"edition": "heresy", "pool": 7, "black": 2}
    vw.normalize(spec)
    bounds, put_back = _counted(quick_cost, "surely_within")
    estimates, put_back2 = _counted(step_cost, "odds_steps")
    try:
        vw.normalize(spec)
        assert (bounds[0], estimates[0]) == (0, 0)
        budget = cost.MAX_SECONDS
        cost.MAX_SECONDS = budget * 0.999
        try:
            vw.normalize(spec)
        finally:
            cost.MAX_SECONDS = budget
        assert bounds[0] == 1
        # a spec a call of many odds estimated and kept as checked (the lab's cells) is not checked again
        from venus_widgets.engine.contract.work import spec_price

        other = vw.normalize({**spec, "pool": 8}, priced=False)
        spec_price(other, normalized=True, checked=True)
        bounds[0] = estimates[0] = 0
        vw.normalize(other)
        assert (bounds[0], estimates[0]) == (0, 0)
    finally:
        put_back()
        put_back2()


def test_the_heatmap_s_cells_are_checked_once_and_priced_without_the_check():
    """The lab prices every cell of its grid (each cell's spec checked by the cost guard as it is made),
    then computes the cells it keeps: their checks are not made again (chapter 11's push, which the
    cheap bound cannot place, was estimated once more per cell: 36 more estimates for Pool 0 to 2), so
    each cell's price leaves its check out (1.1 ms a cell of the push)."""
    from venus_widgets.engine import caching
    from venus_widgets.engine.contract import edition as registry
    from venus_widgets.engine.contract.spec import normalize
    from venus_widgets.engine.contract.work import spec_price
    from venus_widgets.engine.drafts import EXAMPLES, step_cost
    from venus_widgets.engine.tools.sweep import sweep

    caching.forget_results()
    push = vw.load_edition((EXAMPLES / "heresy-push.toml").read_text())
    try:
        base = normalize({"edition": "heresy", "pool": 6, "black": 3})
        rule_sets = {"base": {}, "with a push": push}
        over = {"pool": [0, 1, 2], "black": list(range(12))}
        costs = lab_heatmap.cell_costs(base, over, rule_sets)
        estimates, put_back = _counted(step_cost, "odds_steps")
        try:
            sweep(base, over=over, variants={"with a push": push})
        finally:
            put_back()
        assert estimates[0] <= 2 * 24  # the call's own price (a sample of 24 cells a rule set), no cell's check
        s = normalize({"edition": push.ID, "pool": 2, "black": 3})
        whole, checked = spec_price(s, normalized=True)[0], spec_price(s, normalized=True, checked=True)[0]
        c = estimate(s)  # (the check's estimate as counted while made too: :attr:`.cost.Cost.estimate`)
        assert whole - checked == pytest.approx(c.check_seconds + c.estimate_seconds) and whole - checked > 0.001
        plain = normalize({"edition": "heresy", "pool": 2, "black": 3})
        assert costs[2, 3] == pytest.approx(checked + spec_price(plain, normalized=True, checked=True)[0])
    finally:
        registry.unregister(push.ID)


def test_the_heatmap_prices_each_cell_once_without_looking_for_a_value_that_fits(monkeypatch):
    """The fuzz of drafts (benchmarks/fuzz_drafts.py, seed 32): the lab on a
    d20 exploding on 18+ to depth 50 with three marks and a push took 2.17 s
    of CPU, its odds 0.04 s of it: each cell was priced twice (its spec
    normalized by the cost guard, then priced again), and each cell the
    guard refused looked for the nearest value that fits, a refusal's words
    the heatmap never shows (75 cells, a bisection each). Each cell of the
    grid is now priced once, and no cell's refusal is worded."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from draft_gen import HOSTILE
    from venus_widgets.engine.contract import edition as registry
    from venus_widgets.engine.contract import guard

    vw.load_edition(dict(HOSTILE)["d20 exploding 18+, depth 50, 3 marks"])
    try:
        priced, worded = [0], [0]
        cost, over = registry.get("fz").cost, guard._over
        monkeypatch.setattr(registry.get("fz"), "cost", lambda *a, **k: (priced.__setitem__(0, priced[0] + 1),
                                                                         cost(*a, **k))[1])
        monkeypatch.setattr(guard, "_over", lambda *a, **k: (worded.__setitem__(0, worded[0] + 1), over(*a, **k))[1])
        lab = vw.RuleLab(edition="fz")
        (dice, dv), (need, nv) = ((o["name"], o["values"]) for o in lab_heatmap.axis_options("fz", "task", {}))
        assert (dice, need) == tuple(lab.panel.axes) and len(dv) * len(nv) == 50
        assert worded[0] == 0, worded
        # its 50 cells for the three rule sets (alike, each spec priced once), the cells computed, the lab's
        # own odds: 90 estimates (440 before, 0.3 s of the lab's 0.6 s; it was 1.6 s)
        assert priced[0] <= 2 * len(dv) * len(nv), priced[0]
    finally:
        registry.unregister("fz")


#: benchmarks/fuzz_drafts.py, seed 7 (friendly, 3457189405): a d2 exploding three deep and a cancelling d6
#: exploding without end; the heatmap's 50 cells of three rule sets fit its time, not the memory one call may hold
HEAVY_GRID = {"id": "fz", "name": "Fuzz", "fields": {"dice": {"range": [0, 30], "default": 4, "group": "ability"},
                                                     "need": {"range": [1, 10], "default": 2, "group": "difficulty"}},
              "rules": {"rate": 3},
              "dice": {"d0": {"sides": 2, "success": "1-1", "successes": {"2": -1}, "marks": {"crit": [2]},
                              "explode": [2], "depth": 3},
                       "d1": {"sides": 6, "success": "4+", "explode": [6], "depth": "unbounded"}},
              "groups": {"g0": {"die": "d0", "count": "dice"}, "g1": {"die": "d1", "count": "dice", "cancels": True}},
              "outcome": {"threshold": 2, "value": "0"}, "reroll": {"budget": "dice", "when": "short"},
              "double": {"adds": "crit"}}


def test_a_heatmap_the_call_s_own_bound_refuses_is_left_out_in_words_not_the_lab(monkeypatch):
    """The lab kept the cells its time allows and then asked the sweep, whose
    own bound (the memory one call may hold: 61 MB estimated for 40 MB)
    refused it: the whole lab was refused ("over={'dice': 5, 'need': 10} is
    not allowed"), though its odds take 0.16 s. The heatmap is left out and
    the lab says so; the rest of the lab is there. (This draft's heatmap
    holds about 5 MB at its peak, and is now priced within the 40 MB: the
    bound is lowered here so that it refuses, as for a heavier draft.)"""
    from venus_widgets.engine.contract import edition as registry, work

    monkeypatch.setattr(work, "MAX_CALL_BYTES", 1e6)
    vw.load_edition(HEAVY_GRID)
    try:
        lab = vw.RuleLab(edition="fz")
        heat = lab.panel.view["heat"]
        assert "rows" not in heat and heat["left_out"].startswith("The heatmap is left out, to keep the lab quick")
        assert "over=" not in heat["left_out"] and "vw." not in heat["left_out"]
        # the bound's own figure: the memory it would hold against what one call may (it said "more memory" for
        # any refusal of the call, its time too, with no figure; the bound's words said the memory "would take",
        # with "the heaviest about 3 ms", a time, between the two)
        assert re.search(r"would hold an estimated [\d.]+ MB in all, more than the [\d.]+ MB one call may hold;",
                         heat["left_out"]), heat["left_out"]
        assert lab.panel.view["ok"] and lab.panel.view["verdicts"]
    finally:
        registry.unregister("fz")


def test_a_heatmap_refused_for_its_time_says_time_not_memory():
    """The sweep's own bound refuses for time or for memory: the lab's words
    are the bound's, so a refusal for time is not called memory."""
    from venus_widgets.engine.errors import SpecError

    err = SpecError("over", {"dice": 5}, "fewer than 150 in one call",
                    "the 150 cells of 3 rule sets would take an estimated 3.4 s in all, more than the 2 s one call "
                    "may take")
    said = lab_heatmap.refused_words(err, "it weighs most on Dice (fewer is quicker)")
    assert "memory" not in said and "3.4 s in all, more than the 2 s" in said
    assert said.endswith("; it weighs most on Dice (fewer is quicker).")

"""Widgets: traits from the schema, validation, browser clamping, odds,
rolls at the table, KISS and spending enforcement, repr."""

from __future__ import annotations

import json

import ipywidgets
import pytest
import traitlets

import venus_widgets as vw
from venus_widgets.engine.contract import spec as engine_spec
from venus_widgets.widgets import _assets, plain_words as _rules

ROLLERS = [
    (vw.CheckRoller, "playtest"), (vw.CheckRoller, "playsheet"), (vw.CheckRoller, "agora"),
    (vw.TaskRoller, "playtest"), (vw.TaskRoller, "playsheet"), (vw.TaskRoller, "agora"),
    (vw.PoolRoller, "heresy"), (vw.PoolRoller, "vers"),
]


def sent_states(w):
    """Record the keys the widget sends to the view with send_state."""
    keys = []
    orig = w.send_state

    def spy(key=None):
        keys.extend([key] if isinstance(key, str) else list(key or []))
        return orig(key)

    w.send_state = spy
    return keys


def browser_update(w, state):
    """A state update exactly as the front end sends it over the comm."""
    w._from_view_message({"content": {"data": {"method": "update", "state": state}}, "buffers": []})


# -- no-argument rollers ---------------------------------------------------------


def test_no_argument_task_roller_is_a_complete_playtest_task():
    w = vw.TaskRoller()
    assert w.spec == engine_spec.defaults("playtest", "task")
    assert w.odds == vw.odds({"roll": "task"})
    view = w.odds_view
    assert view["ok"] and view["p_pass"] == vw.odds({"roll": "task"}).p_pass
    assert [k for k, _ in view["distribution"]] == list(vw.odds({"roll": "task"}).distribution)
    ids = [c["id"] for c in w.consequence_list]
    assert ids == ["primary", "s1", "s2", "s3", "s4", "t1", "t2", "t3", "t4"]
    assert "No one I care for is compromised, disturbed, or jeopardized..." in [c["text"] for c in w.consequence_list]
    assert w.error == ""


def test_no_argument_check_roller_is_a_playtest_check():
    w = vw.CheckRoller()
    assert w.spec == engine_spec.defaults("playtest", "check")
    assert w.odds_view["p_pass"] == vw.odds({"roll": "check"}).p_pass
    assert w.odds_view["breakdown"] == dict(vw.odds({"roll": "check"}).breakdown)


@pytest.mark.parametrize("cls,edition", ROLLERS)
def test_traits_are_named_like_the_spec_fields(cls, edition):
    w = cls(edition=edition)
    synced = set(w.trait_names(sync=True))
    fields = set(engine_spec.schema(edition, w.roll))
    assert fields <= synced
    assert {f["name"] for f in w.fields} == fields
    assert {f["group"] for f in w.fields} <= {"ability", "difficulty", "help", "kiss", "consequences"}
    assert w.spec == engine_spec.defaults(edition, w.roll)
    assert w.odds.p_pass == vw.odds({"edition": edition, "roll": w.roll}).p_pass


def test_keyword_fields_reach_the_spec_and_odds():
    w = vw.TaskRoller(caliber="gold", dice=5, factors=2, allies=["silver"], ego="double6", policy="optimal")
    spec = dict(edition="playtest", roll="task", caliber="gold", dice=5, factors=2, allies=["silver"],
                ego="double6", policy="optimal")
    assert w.spec == vw.normalize(spec)
    assert w.odds_view["p_pass"] == vw.odds(spec).p_pass
    assert w.odds_view["p_goal"] == vw.odds(spec).p_goal


# -- validation --------------------------------------------------------------------


def test_python_assignment_raises_trait_error_with_field_value_and_range():
    w = vw.TaskRoller()
    with pytest.raises(traitlets.TraitError, match=r"factors=9 is not allowed: expected a whole number from 0 to 4"):
        w.factors = 9
    with pytest.raises(traitlets.TraitError, match=r"caliber='wood'.*bronze, silver, gold, platinum"):
        w.caliber = "wood"
    with pytest.raises(traitlets.TraitError, match=r"allies=.*at most 2 items"):
        w.allies = ["gold", "gold", "gold"]
    assert w.factors == 0 and w.caliber == "bronze" and w.allies == []


def test_constructor_validation_and_cross_field_rules():
    with pytest.raises(traitlets.TraitError, match=r"dice=99"):
        vw.TaskRoller(dice=99)
    with pytest.raises(traitlets.TraitError, match=r"factors=4 .* 0 to 3 when learning"):
        vw.TaskRoller(learning=True, factors=4)
    w = vw.TaskRoller(factors=4)
    with pytest.raises(traitlets.TraitError, match=r"learning"):
        w.learning = True
    with pytest.raises(traitlets.TraitError, match=r"edition='d100'"):
        vw.TaskRoller(edition="d100")


def test_unknown_keyword_arguments_are_rejected():
    with pytest.raises(TypeError, match=r"unknown keyword argument 'score'.*belongs to a playtest check: use CheckRoller"):
        vw.TaskRoller(score=3)
    with pytest.raises(TypeError, match=r"unknown keyword argument 'colour'"):
        vw.CheckRoller(colour="red")
    with pytest.raises(TypeError, match="RollLog"):
        vw.RollLog(colour="red")


def test_wrong_roller_for_the_edition():
    with pytest.raises(traitlets.TraitError, match="PoolRoller"):
        vw.CheckRoller(edition="heresy")
    with pytest.raises(traitlets.TraitError, match="PoolRoller"):
        vw.TaskRoller(edition="vers")
    with pytest.raises(traitlets.TraitError, match="CheckRoller or TaskRoller"):
        vw.PoolRoller(edition="playtest")


def test_seed_validation():
    with pytest.raises(traitlets.TraitError, match="seed=-1"):
        vw.TaskRoller(seed=-1)
    w = vw.TaskRoller(seed=2**63 - 1)
    assert w.get_state()["seed"] == str(2**63 - 1)  # JS numbers would round a 63-bit seed


# -- values from the browser ---------------------------------------------------------


def test_browser_values_are_clamped_and_echoed_back():
    w = vw.TaskRoller()
    keys = sent_states(w)
    browser_update(w, {"factors": 99, "dice": "7", "caliber": "wood", "odds_view": {"p_pass": 1}})
    assert (w.factors, w.dice, w.caliber) == (4, 7, "bronze")
    assert {"factors", "dice", "caliber", "odds_view"} <= set(keys)
    assert w.odds_view["p_pass"] == vw.odds(w.spec).p_pass
    # what was not legal is said, naming each field (the text "7" reads as 7: nothing to say)
    assert "factors=99 is not allowed" in w.error and "so factors is 4" in w.error
    assert "caliber='wood'" in w.error and "dice" not in w.error and "may not change odds_view" in w.error


def test_browser_value_in_range_is_not_echoed():
    w = vw.TaskRoller()
    keys = sent_states(w)
    w.set_state({"factors": 2})
    assert w.factors == 2 and "factors" not in keys


def test_browser_cross_field_fixes():
    w = vw.TaskRoller(factors=4)
    w.set_state({"learning": True})
    assert w.learning and w.factors == 3
    p = vw.PoolRoller(pool=9, trade=3)
    p.set_state({"pool": 4})
    assert (p.pool, p.trade) == (4, 1)


def test_browser_lists_are_clamped():
    w = vw.TaskRoller()
    w.set_state({"allies": ["gold", "nonsense", "silver", "platinum"]})
    assert w.allies == ["gold", "bronze"]
    a = vw.TaskRoller(edition="agora")
    a.set_state({"helpers": [9, 1, "x"]})
    assert a.helpers == [6, 2, 4]


def test_kiss_sources_sum_into_kiss():
    w = vw.TaskRoller(allies=["gold"])
    w.set_state({"lots": 2, "insights": 1, "stunt": 1, "specialties": 9, "ally_stunts": 2})
    assert (w.lots, w.insights, w.stunt, w.specialties, w.ally_stunts) == (2, 1, 1, 4, 1)
    assert w.kiss == 2 + 1 + 1 + 4 + 1
    w.allies = []
    assert w.ally_stunts == 0 and w.kiss == 8
    with pytest.raises(traitlets.TraitError, match="kiss=3"):
        vw.TaskRoller(lots=1, kiss=3)
    assert vw.TaskRoller(kiss=3).kiss == 3  # set directly, no sources


def test_wanted_consequences_set_the_goal():
    w = vw.TaskRoller(dice=4)
    w.set_state({"wanted": ["s3", "t2", "s3", "bogus"]})
    assert w.wanted == ["s3", "t2"] and w.consequences == 2
    assert w.odds_view["goal"] == 3
    assert w.odds_view["p_goal"] == vw.odds(dict(w.spec)).p_goal
    w.consequences = 3
    assert len(w.wanted) == 3 and w.wanted[:2] == ["s3", "t2"]
    with pytest.raises(traitlets.TraitError, match="wanted"):
        w.wanted = ["zz"]


def test_agora_texts_are_consequences():
    w = vw.TaskRoller(edition="agora", consequence_texts=["<img src=x onerror=alert(1)>", "b"])
    assert w.consequences == 2
    w.set_state({"consequence_texts": ["a", "b", "c", "d", "e"]})
    assert w.consequences == 4 and w.consequence_texts == ["a", "b", "c", "d"]
    w.consequences = 1
    assert w.consequence_texts == ["a"]


def test_agora_helpers_that_cannot_merge_are_shown_with_the_subset():
    w = vw.TaskRoller(edition="agora", helpers=[4, 5])
    view = w.odds_view
    assert not view["ok"] and view["merge"]["best"] == [4] and "rank 4" in view["merge"]["accept"]
    assert "cannot merge" in w.error
    w._handle_custom_msg({"do": "accept_merge"}, [])
    assert w.helpers == [4] and w.odds_view["ok"] and w.error == ""
    w.helpers = [5, 5]
    assert w.odds_view["merge"]["ok"] and "rank 4" in w.odds_view["merge"]["text"]


# -- hints ---------------------------------------------------------------------------


def what_ifs(w) -> list[dict]:
    """The what-if hints as the view gets them once it opens "What if…"."""
    w._handle_custom_msg({"do": "what_if", "on": True}, [])
    assert w.what_ifs["ok"], w.what_ifs
    return w.what_ifs["hints"]


def test_hints_are_engine_differences():
    w = vw.TaskRoller(dice=3, factors=1)
    hints = {h["label"]: h for h in what_ifs(w)}
    base = vw.odds(w.spec).p_goal
    assert hints["+1 KISS"]["delta"] == pytest.approx(vw.odds(dict(w.spec, kiss=1)).p_goal - base, abs=1e-15)
    assert hints["one factor fewer"]["delta"] == pytest.approx(vw.odds(dict(w.spec, factors=0)).p_goal - base)
    assert hints["one factor fewer"]["delta"] > 0
    w.factors = 0  # while open, they follow the settings
    assert "one factor fewer" not in {h["label"] for h in w.what_ifs["hints"]}


def test_hints_are_made_only_while_the_view_shows_them():
    """A slider move makes one spec's panel, not the what-ifs' (each another spec's odds)."""
    w = vw.TaskRoller(dice=3)
    assert w.what_ifs == {} and "hints" not in w.odds_view
    hints = what_ifs(w)
    assert hints
    w._handle_custom_msg({"do": "what_if", "on": False}, [])
    assert w.what_ifs == {}
    w.dice = 4
    assert w.what_ifs == {}
    w.dice = 3
    assert what_ifs(w) == hints  # kept per spec


def test_hints_of_a_spec_that_is_not_allowed_say_why():
    w = vw.TaskRoller(edition="agora")
    what_ifs(w)
    w.helpers = [4, 5]  # helpers that do not merge: no spec, no what-ifs
    assert w.what_ifs["ok"] is False and w.what_ifs["message"]


@pytest.mark.parametrize("make", [
    lambda: vw.TaskRoller(dice=3, factors=1),
    lambda: vw.CheckRoller(score=3, factors=1),
    lambda: vw.TaskRoller(edition="playsheet", dice=4, factors=[1]),
    lambda: vw.TaskRoller(edition="agora", factors=1),
    lambda: vw.PoolRoller(edition="heresy", black=1),
    lambda: vw.PoolRoller(edition="vers", penalty=1),
])
def test_what_if_goes_both_ways(make):
    """An FC wants harder settings too; each hint is the engine's change."""
    w = make()
    hints = what_ifs(w)
    assert any(h["delta"] > 0 for h in hints) and any(h["delta"] < 0 for h in hints), hints
    base = vw.odds(w.spec).p_goal
    for h in hints:
        assert h["delta"] == pytest.approx(h["p"] - base, abs=1e-15)


def test_what_if_skips_settings_the_rules_forbid():
    w = vw.TaskRoller(dice=3, factors=4)  # the most factors there are: no "one factor more"
    assert "one factor more" not in {h["label"] for h in what_ifs(w)}
    w = vw.TaskRoller(dice=0)
    assert "one die fewer" not in {h["label"] for h in what_ifs(w)}


# -- rolling ---------------------------------------------------------------------------


def test_check_roll_with_seed_matches_engine_and_logs():
    w = vw.CheckRoller(score=5, seed=42)
    r = w.roll_dice()
    assert r == vw.roll(w.spec, 42)
    assert w.table["phase"] == "done" and w.table["seed"] == "42"
    assert w.status.startswith("Passed" if r.passed else "Failed")
    assert len(w.log) == 1 and w.log.entries[0]["roll"] == r.to_dict()


def test_fresh_seed_is_recorded():
    w = vw.CheckRoller()
    r = w.roll_dice()
    assert w.log.replay(0) == r and w.table["seed"] == str(r.seed)


def test_task_at_the_table_kiss_commit_spend():
    w = vw.TaskRoller(dice=4, lots=2, seed=3, wanted=["s1"])
    first = w.roll_dice()
    assert first == vw.roll(w.spec, 3, kiss=[], ego=False)
    t = w.table
    assert t["phase"] == "kiss" and t["budget"] == 2 and [d["before"] for d in t["dice"]] == [
        d.before for d in first.dice]
    w._handle_custom_msg({"do": "select", "index": 0}, [])
    w._handle_custom_msg({"do": "select", "index": 1}, [])
    assert w.table["selected"] == [0, 1] and w.table["budget_left"] == 0
    w._handle_custom_msg({"do": "select", "index": 2}, [])  # over budget: refused, shown
    assert w.table["selected"] == [0, 1] and "KISS budget" in w.error
    w._handle_custom_msg({"do": "select", "index": 1}, [])  # untick
    assert w.table["selected"] == [0]
    w._handle_custom_msg({"do": "commit"}, [])
    r = vw.roll(w.spec, 3, kiss=[0], ego=False)
    assert w.table["phase"] == "spend" and w.table["outcome"] == r.outcome
    assert w.log.entries[-1]["roll"] == r.to_dict() and w.log.replay(0) == r
    assert w.status.startswith(f"Rolled {r.outcome} success")
    spend = w.table["spend"]
    thr = 1
    assert spend["available"] == r.outcome
    bought = [i["id"] for i in spend["items"] if i["bought"]]
    assert bought == (["primary", "s1"][: min(2, r.outcome)] if r.outcome >= thr else [])


def test_selection_odds_equal_the_engines_advice():
    spec = {"roll": "task", "dice": 4, "allies": ["gold"], "kiss": 2, "ego": "double6", "consequences": 1}
    w = vw.TaskRoller(**{k: v for k, v in spec.items() if k != "roll"}, seed=14)
    w.roll_dice()
    faces = [d["before"] for d in w.table["dice"]]
    advice = vw.advise(w.spec, faces)
    for opt in advice.options:
        if opt.ego:
            continue
        w.session.set_selection(list(opt.kiss))
        sel = w.table["advice"]["selected"]
        assert sel["p_pass"] == pytest.approx(opt.p_pass, abs=1e-12)
        assert sel["p_goal"] == pytest.approx(opt.p_goal, abs=1e-12)
    assert w.table["advice"]["optimal"] == list(advice.optimal)
    assert sum(o["optimal"] for o in w.table["advice"]["options"]) == 1


def test_spending_costs_are_enforced():
    # find a seed whose roll gives exactly 2 successes with threshold 2
    for seed in range(200):
        w = vw.TaskRoller(dice=3, factors=1, seed=seed)
        w.roll_dice()
        w._handle_custom_msg({"do": "commit"}, [])
        if w.table["outcome"] == 2:
            break
    assert w.table["outcome"] == 2 and w.table["spend"]["items"][0]["bought"]
    with pytest.raises(vw.SpecError, match="at most 2 successes"):
        w.session.toggle_spend("s1")
    w.session.toggle_spend("primary")  # unbuy the primary: failed, two singles instead
    w.session.toggle_spend("s1")
    w.session.toggle_spend("t2")
    assert w.table["spend"]["left"] == 0
    assert w.table["result"].startswith("Failed: the primary consequence not bought; bought 'I am not abashed")
    assert "+2 exp to the job" in w.table["result"]  # failure + learned something new
    with pytest.raises(vw.SpecError, match="subvert"):
        w.session.subvert("s1")  # bought: cannot be subverted
    w.session.subvert("s3")
    assert "the FC subverts: 'Someone you care for" in w.table["result"]
    assert w.log.entries[-1]["spent"] == ["s1", "t2"] and w.log.entries[-1]["subverted"] == "s3"


def test_ego_double6_after_the_kiss_round():
    for seed in range(300):
        w = vw.TaskRoller(dice=3, factors=3, ego="double6", seed=seed)
        w.roll_dice()
        w._handle_custom_msg({"do": "commit"}, [])
        if w.table["ego_after"]["available"]:
            break
    before = w.table["outcome"]
    w._handle_custom_msg({"do": "spend_ego"}, [])
    r = vw.roll(w.spec, seed, kiss=[], ego=True)
    assert w.table["outcome"] == r.outcome > before and w.table["ego_spent"]
    assert w.log.entries[-1]["ego"] is True and w.log.replay(len(w.log) - 1) == r


def test_agora_snake_eyes_and_subverting():
    for seed in range(300):
        w = vw.TaskRoller(edition="agora", health=3, job=2, seed=seed, consequence_texts=["x", "y"])
        w.roll_dice()
        if w.table["phase"] == "kiss":
            w._handle_custom_msg({"do": "commit"}, [])
        if w.table["snake"]["eyes"]:
            break
    r = vw.roll(w.spec, seed, kiss=[], ego=False)
    assert w.table["snake"]["label"] == r.details["label"] and w.table["snake"]["eyes"]
    if r.outcome >= 1:
        w.session.toggle_spend(0)
        assert "'x'" in w.table["result"]


def test_playsheet_kiss_only_failed_own_dice():
    for seed in range(100):
        w = vw.TaskRoller(edition="playsheet", dice=3, allies=["gold"], kiss=1, difficulty=3, seed=seed)
        w.roll_dice()
        if w.table["phase"] == "kiss":
            break
    dice = w.table["dice"]
    for d in dice:
        assert d["selectable"] == (not d["success"] and d["owner"] == "own")
    assert w.table["advice"]["available"] is False


def test_errors_in_messages_are_surfaced():
    w = vw.TaskRoller()
    w._handle_custom_msg({"do": "commit"}, [])
    assert "roll first" in w.error
    w._handle_custom_msg({"do": "nonsense"}, [])
    assert "do='nonsense'" in w.error


# -- repr, assets, layout ----------------------------------------------------------------


def test_repr_is_short_and_stable():
    assert repr(vw.TaskRoller()) == "TaskRoller(edition='playtest')"
    assert repr(vw.TaskRoller(dice=4, factors=1)) == "TaskRoller(edition='playtest', dice=4, factors=1)"
    assert repr(vw.CheckRoller(edition="agora")) == "CheckRoller(edition='agora')"
    assert repr(vw.PoolRoller()) == "PoolRoller(edition='heresy')"
    assert repr(vw.RollLog()) == "RollLog(0 rolls)"
    assert "0x" not in repr(vw.TaskRoller(allies=["gold"]))


def test_esm_is_one_self_contained_module():
    src = _assets.esm("task")
    assert src.startswith(_assets.BANNER)
    assert "import " not in src and " from \"" not in src  # every module it imports is inside
    assert "function formatPercent" in src and "function toggleWanted" in src and "as default" in src


def test_rollers_compose_and_respect_layout():
    a = vw.TaskRoller(layout=ipywidgets.Layout(width="50%"))
    b = vw.CheckRoller()
    box = ipywidgets.HBox([a, b])
    assert box.children == (a, b) and a.layout.width == "50%"
    assert isinstance(a, vw.TaskRoller) and isinstance(a, ipywidgets.DOMWidget)


def test_consequence_wording_matches_the_rules():
    from venus_widgets.engine.editions.playtest import consequences

    secondary = [t for _, t, _ in consequences.SECONDARY]
    assert secondary[0] == "I am not abashed or injured..."
    assert [t for _, t, _ in consequences.TERTIARY][1] == "...and / but I learned something new or interesting..."
    # the roller offers exactly the schema's menu, the primary fixed
    w = vw.TaskRoller()
    assert w.consequence_list == consequences.consequence_list() and json.dumps(w.consequence_list)
    assert [c["id"] for c in w.consequence_list if c.get("fixed")] == ["primary"]


def test_browser_learning_keeps_the_allies():
    """docs/rules_playtest.md#task: "A roller learning on the job may still
    receive aid from up to two allies". Ticking learning in the browser keeps
    the allies (nothing corrected, nothing echoed), and allies may be added
    while learning, in Python too."""
    w = vw.TaskRoller(allies=["gold"], ally_stunts=1)
    keys = sent_states(w)
    browser_update(w, {"learning": True})
    assert (w.learning, w.allies) == (True, ["gold"]) and not {"allies", "learning"} & set(keys)
    assert w.spec["allies"] == ["gold"] and w.error == ""
    assert w.odds == vw.odds({"roll": "task", "learning": True, "allies": ["gold"], "kiss": w.spec["kiss"]})
    w = vw.TaskRoller(learning=True)
    browser_update(w, {"allies": ["silver"]})
    assert (w.learning, w.allies) == (True, ["silver"]) and w.error == ""
    w.allies = ["gold", "platinum"]
    assert w.spec["learning"] and w.spec["allies"] == ["gold", "platinum"]


# -- the rollers tell the truth --------------------------------------------------


def test_percent_follows_the_views_rule():
    """Python's percent() and the view's formatPercent() share one table of cases."""
    from pathlib import Path
    cases = json.loads((Path(__file__).resolve().parents[1] / "js" / "tests" / "percent_cases.json").read_text())["cases"]
    assert len(cases) > 10
    for p, text in cases:
        assert _rules.percent(p) == text, p
    assert _rules.percent(float("nan")) == "–"


def test_playsheet_dice_label_names_the_whole_pool():
    labels = {f["name"]: f["label"] for f in vw.TaskRoller(edition="playsheet").fields}
    assert labels["dice"] == "Dice (job level + ability score)"
    assert {f["name"]: f["label"] for f in vw.TaskRoller().fields}["dice"] == "Dice (job level)"


def test_ego_resolves_the_primary_in_status_result_and_log():
    """Faces 6 2 1, threshold 2: Ego makes 2 successes; the status,
    the result line, the log entry and the recent rolls all say passed."""
    w = vw.TaskRoller(ego="double6", factors=1, seed=2)
    first = w.roll_dice()
    assert [d.after for d in first.dice] == [6, 2, 1]
    assert "failed" in w.status and w.table["result"].startswith("Failed")
    w._handle_custom_msg({"do": "spend_ego"}, [])
    assert w.error == ""
    assert "passed" in w.status and w.table["outcome"] == 2
    assert w.table["result"].startswith("Passed: bought the primary"), w.table["result"]
    entry = w.log.entries[-1]
    assert entry["result"] == w.table["result"] and entry["spent"] == ["primary"] and entry["ego"] is True
    assert w.recent[-1]["result"] == w.table["result"]
    spend = {c["id"]: c for c in w.table["spend"]["items"]}
    assert spend["primary"]["bought"]


def test_ego_keeps_what_the_player_bought_and_buys_the_wanted():
    w = vw.TaskRoller(ego="double6", caliber="silver", wanted=["s1"], seed=2)
    w.roll_dice()  # 6 2 1: one success pays the primary only
    assert w.log.entries[-1]["spent"] == ["primary"]
    w._handle_custom_msg({"do": "spend_ego"}, [])
    assert w.log.entries[-1]["spent"] == ["primary", "s1"]
    assert w.table["result"] == w.log.entries[-1]["result"] and "unspent" not in w.table["result"]


def _marks(w):
    return [(d["after"], d["owner"], d["mark"]) for d in w.table["dice"]]


def test_a_passing_d20_check_is_not_marked_no_success():
    for ed, kw in (("playtest", {"score": 5}), ("playsheet", {})):
        seen = set()
        for seed in range(60):
            w = vw.CheckRoller(edition=ed, seed=seed, **kw)
            r = w.roll_dice()
            d20 = w.table["dice"][0]
            cat = r.details["category"]
            seen.add(cat)
            if cat in ("auto-pass", "auto-fail"):  # the die's mark as the table reads it, its meaning in words
                assert d20["mark"] == {"auto-pass": "auto ✓", "auto-fail": "auto ✗"}[cat]
                assert d20["contribution"] == cat.replace("auto-", "automatic "), d20
            elif cat == "pass":
                assert d20["mark"] == "✓" and "pass" in d20["contribution"]
            elif cat == "fail" and len(r.dice) == 1:
                assert d20["mark"] == "✗"
            assert (d20["mark"] == "✗") == (not r.passed and len(r.dice) == 1 and cat == "fail")
            assert all(d["contribution"] for d in w.table["dice"])
        assert {"pass", "fail"} <= seen


def test_a_check_passing_on_a_bonus_d6_marks_the_best_bonus_die():
    found = {True: False, False: False}
    for seed in range(400):
        w = vw.CheckRoller(score=0, factors=3, bonus_factors=3, seed=seed)
        r = w.roll_dice()
        if len(r.dice) == 1:
            continue
        dice = w.table["dice"]
        assert dice[0]["mark"] == "bonus" and "bonus d6" in dice[0]["contribution"]
        best = max(range(1, len(r.dice)), key=lambda i: (r.dice[i].after, -i))
        for i, d in enumerate(dice[1:], start=1):
            if i == best:
                assert d["mark"] == ("✓" if r.passed else "✗")
            else:
                assert d["mark"] == "–" and "only the best" in d["contribution"]
        found[r.passed] = True
    assert all(found.values())


def test_heresy_black_dice_that_cancel_show_minus_one():
    for seed in range(50):
        w = vw.PoolRoller(pool=4, black=3, seed=seed)
        r = w.roll_dice()
        if any(d.scores < 0 for d in r.dice):
            break
    for d, v in zip(r.dice, w.table["dice"]):
        want = "−1" if d.scores < 0 else "✓" if d.scores == 1 else "✗"
        assert v["mark"] == want
        if d.scores < 0:
            assert v["contribution"] == "cancels a success"
    legend = {x["mark"]: x["meaning"] for x in w.table["legend"]}
    assert legend["−1"] == "cancels a success" and "K" not in legend


def test_vers_dice_count_toward_the_total():
    w = vw.PoolRoller(edition="vers", ranks=2, seed=1)
    r = w.roll_dice()
    for d, v in zip(r.dice, w.table["dice"]):
        assert v["mark"] == f"+{d.after}" and "3d6 total" in v["contribution"]


def test_task_dice_marks_and_legend_name_only_what_is_there():
    w = vw.TaskRoller(dice=4, lots=2, seed=3, wanted=["s1"])
    w.roll_dice()
    for d in w.table["dice"]:
        assert d["mark"] == ("✓✓" if d["scores"] > 1 else "✓" if d["scores"] == 1 else "✗")
    marks = {x["mark"] for x in w.table["legend"]}
    assert marks == {d["mark"] for d in w.table["dice"]}
    w._handle_custom_msg({"do": "select", "index": 0}, [])
    w._handle_custom_msg({"do": "commit"}, [])
    assert "K" in {x["mark"] for x in w.table["legend"]}
    c = vw.CheckRoller(seed=3)
    c.roll_dice()
    assert {x["mark"] for x in c.table["legend"]} == {d["mark"] for d in c.table["dice"]}


def test_check_result_says_pass_or_fail_once():
    for ed in ("playtest", "playsheet"):
        for seed in range(40):
            w = vw.CheckRoller(edition=ed, seed=seed)
            w.roll_dice()
            res = w.table["result"]
            assert "(fail)" not in res and "(pass)" not in res, res
            assert res.startswith("Passed" if w.table["passed"] else "Failed")


def test_die_numbers_in_errors_count_from_one_and_name_the_index():
    w = vw.TaskRoller(dice=4, lots=2, seed=3, wanted=["s1"])
    w.roll_dice()
    w._handle_custom_msg({"do": "select", "index": 9}, [])
    assert "die 10" in w.error and "index 9" in w.error, w.error
    for i in (0, 1, 2):
        w._handle_custom_msg({"do": "select", "index": i}, [])
    assert "dice 1, 2, 3" in w.error and "kiss=[1, 2, 3]" not in w.error, w.error


def test_kiss_step_announces_the_suggestion_with_the_views_percent():
    w = vw.TaskRoller(dice=3, factors=2, lots=1, seed=1)
    w.roll_dice()
    assert w.table["phase"] == "kiss"
    best = [o for o in w.table["advice"]["options"] if o["optimal"]][0]
    assert w.status.startswith(f"{w.table['successes']} success")
    assert f"(pass {_rules.percent(best['p_pass'])}, goal {_rules.percent(best['p_goal'])})" in w.status, w.status
    if best["kiss"]:
        assert ", ".join(str(i + 1) for i in best["kiss"]) in w.status


def test_no_kiss_step_when_the_first_roll_already_meets_the_goal():
    """The policy stops when the successes showing reach the goal,
    and so does the table: the roller goes straight on (no six "Choose"
    buttons for a roll that is already made)."""
    met = short = 0
    for seed in range(40):
        w = vw.TaskRoller(caliber="gold", dice=5, factors=2, consequences=1, lots=2, seed=seed)
        first = w.roll_dice()
        goal = first.details["goal"]
        if first.details["successes_before_kiss"] >= goal:
            met += 1
            assert w.table["phase"] != "kiss", seed
            assert w.log.entries[-1]["roll"] == vw.roll(w.spec, seed, kiss=[], ego=False).to_dict()
        else:
            short += 1
            assert w.table["phase"] == "kiss", seed
    assert met and short


def test_why_this_chance_unfolds_the_odds_while_the_view_asks():
    """Any odds a roller shows unfold into the rules' steps."""
    w = vw.TaskRoller(dice=3, kiss=1, consequences=1)
    assert w.explanation == {}  # nothing computed until asked
    w._on_msg(None, {"do": "explain", "on": True}, None)
    e = vw.explain(w.spec, 1)
    assert w.explanation["steps"] == [s.line() for s in e.steps] and w.explanation["title"] == e.title
    w.dice = 5  # it follows the spec while open
    assert w.explanation["title"] == vw.explain(w.spec, 1).title
    w._on_msg(None, {"do": "explain", "on": False}, None)
    assert w.explanation == {}
    w._on_msg(None, {"do": "explain", "on": "yes"}, None)
    assert "on='yes'" in w.error


def test_menus_show_the_table_s_words_not_code_words():
    """'KISS policy: failures' read as code; the option values stay the spec's."""
    fields = {f["name"]: f for f in vw.TaskRoller().fields}
    assert fields["policy"]["options"] == ["failures", "optimal"]
    assert fields["policy"]["option_words"] == ["the failed dice", "those for the best chance"]
    assert fields["policy"]["label"] == "Dice to KISS" and fields["caliber"]["option_words"][0] == "Bronze"
    assert fields["allies"]["item"]["option_words"][0] == "Bronze"  # an ally's menu says the caliber as the rules do
    assert fields["ego"]["option_words"][0] == "no Ego"
    assert all(len(f["option_words"]) == len(f["options"]) for f in fields.values() if f["kind"] == "choice")


def test_dice_carry_their_grade_level_for_the_view():
    """Caliber shown by colour and pattern (the view maps the level), the name in the label."""
    w = vw.TaskRoller(caliber="silver", allies=["gold", "bronze"], seed=3)
    w.roll_dice()
    assert [(d["grade_level"], d["grade_label"]) for d in w.table["dice"]][-3:] == [(1, "Silver"), (2, "Gold"), (0, "Bronze")]
    a = vw.TaskRoller(edition="agora", seed=3)
    a.roll_dice()
    assert all(d["grade_level"] is None for d in a.table["dice"])  # agora ranks are numbers, named in the label

"""Everything else for free. A draft loaded from a
file gets rollers with their table steps (KISS, buying), seeded and typed
rolls, the log (export, import, replay), ``explain``, the ladder, ``solve``,
the FC's screen and the rule lab (its knobs, and another draft as a
variant), with nothing written for it."""

from __future__ import annotations

import json
import re

import pytest

import venus_widgets as vw
from venus_widgets.engine.contract import edition
from venus_widgets.engine.tools.compare import compare
from venus_widgets.engine.drafts import EXAMPLES, load_edition
from venus_widgets.engine.contract.explain import check_arithmetic
from venus_widgets.widgets.rolllog import RollLog

BLACK_EXPLODES = (EXAMPLES / "heresy.toml").read_text().replace(
    'id = "heresy"', 'id = "heresy-black-explodes"').replace(
    "explode = false           # black dice never re-roll", "explode = true")


@pytest.fixture(scope="module", autouse=True)
def drafts():
    for name in ("heresy", "vers", "coins", "playtest"):
        load_edition(EXAMPLES / f"{name}.toml")
    load_edition(BLACK_EXPLODES)
    yield
    for i in ("heresy", "vers", "coins-draft", "playtest-draft", "heresy-black-explodes", "heresy-push"):
        edition.unregister(i)


def _seed(spec, ok, tries=2000):
    for seed in range(tries):
        if ok(vw.roll(spec, seed=seed, kiss=[])):
            return seed
    raise AssertionError("no such seed")


def test_a_task_roller_with_the_kiss_step_and_buying():
    spec = {"edition": "coins-draft", "coins": 5, "kiss": 2, "threshold_heads": 3}
    seed = _seed(spec, lambda r: [d.before for d in r.dice].count(1) >= 3)
    w = vw.TaskRoller(edition="coins-draft", coins=5, kiss=2, threshold_heads=3, seed=seed)
    assert w.error == "" and w.odds.p_pass == vw.odds(spec).p_pass
    w.roll_dice()
    t = w.table
    assert t["phase"] == "kiss" and t["budget"] == 2 and t["goal"] == 3
    first = vw.roll(spec, seed=seed, kiss=[])
    assert [d["selectable"] for d in t["dice"]] == [d.before == 1 for d in first.dice]
    heads = next(d for d in t["dice"] if not d["selectable"])
    assert "takes only dice showing 1" in heads["why"]
    tails = [d["index"] for d in t["dice"] if d["selectable"]]
    w._handle({"do": "choose", "kiss": tails[:2]})
    with pytest.raises(vw.SpecError, match="budget"):
        w._handle({"do": "select", "index": tails[2]})
    w._handle({"do": "commit"})
    r = vw.roll(spec, seed=seed, kiss=tails[:2])
    t = w.table
    assert t["phase"] == "spend" and t["outcome"] == r.outcome
    menu = {i["id"]: i for i in t["spend"]["items"]}
    assert menu["win"]["cost"] == 3 and menu["win"]["bought"] == (r.outcome >= 3)
    assert t["result"].startswith("Won" if r.outcome >= 3 else "Lost")
    marks = {d["mark"] for d in t["dice"]}
    assert marks <= {"✓", "✗"} and any("heads" in d["contribution"] or "tails" in d["contribution"] for d in t["dice"])


def test_the_log_exports_imports_and_replays_a_drafts_roll(tmp_path):
    spec = {"edition": "coins-draft", "coins": 4, "kiss": 1, "threshold_heads": 2}
    seed = _seed(spec, lambda r: [d.before for d in r.dice].count(2) == 1)
    w = vw.TaskRoller(edition="coins-draft", coins=4, kiss=1, threshold_heads=2, seed=seed)
    w.roll_dice()
    tail = next(d["index"] for d in w.table["dice"] if d["selectable"])
    w._handle({"do": "choose", "kiss": [tail]})
    w._handle({"do": "commit"})
    for fmt in ("json", "csv"):
        path = tmp_path / f"log.{fmt}"
        w.log.export(str(path))
        back = RollLog()
        assert back.import_text(path.read_text()) == 1
        assert back.entries == w.log.entries
        assert back.replay(0) == vw.roll(spec, seed=seed, kiss=[tail])
    data = json.loads(w.log.to_json())
    entries = data["entries"] if isinstance(data, dict) else data
    entries[0]["result"] = "Won with 99 heads"
    with pytest.raises(Exception, match="result"):
        RollLog().import_text(json.dumps(data))


def test_a_pool_roller_for_an_exploding_draft_and_by_hand():
    w = vw.PoolRoller(edition="heresy", pool=4, black=2, seed=9)
    r = w.roll_dice()
    assert w.table["phase"] == "done" and w.table["result"] == w.log.entries[-1]["result"]
    assert r == vw.roll({"edition": "heresy", "pool": 4, "black": 2}, seed=9)
    assert "net success" in w.table["result"]
    faces = [6, 2, 3, 4, 5, 1]  # 4 pool dice (a 6 and three blanks), 2 black (a 5 and a 1), then the 6 again: 2
    w.enter_faces(faces + [2])
    assert w.table["outcome"] == 0 and w.table["entered"]  # one success, one cancelled: net 0
    assert w.odds.truncated < 1e-12


def test_explain_adds_back_for_drafts():
    for spec in ({"edition": "heresy", "pool": 6, "black": 3}, {"edition": "vers", "ranks": 2},
                 {"edition": "coins-draft", "coins": 4, "kiss": 2},
                 {"edition": "playtest-draft", "dice": 3, "kiss": 1, "ego": "double6", "consequences": 1}):
        e = vw.explain(spec)
        assert e.p_pass == vw.odds(spec).p_pass
        for total, figure in check_arithmetic(e.steps):
            assert abs(total - figure) < 1e-12
        assert e.walk and e.walk[-1].endswith(("passed.", "failed.", "success.", "failure."))  # heresy: "Net 2: success."


def test_ladder_solve_and_the_fc_screen_for_drafts():
    rungs = vw.ladder({"edition": "heresy", "pool": 6})
    assert [s["black"] for s, _ in rungs][:3] == [0, 3, 6]
    assert [p for _, p in rungs] == sorted((p for _, p in rungs), reverse=True)
    best = vw.solve({"edition": "vers", "ranks": 3}, target=0.5)[0]
    assert best.setting == {"penalty": 3} and best.chance == 0.5
    screen = vw.FCScreen({"Ana": {"edition": "coins-draft", "coins": 3},
                          "Bo": {"edition": "coins-draft", "coins": 6}}, target=0.5)
    assert "Ana" in screen.why and "Bo" in screen.why


def test_the_lab_shows_every_number_of_the_draft_as_a_knob():
    # a draft without [knobs] (heresy.toml names its four: tests/test_parity_heresy_vers.py)
    load_edition(EXAMPLES / "heresy-push.toml")
    lab = vw.RuleLab(edition="heresy-push", a={"dice.d6.success": [6]}, pool=6)
    names = [k["name"] for k in lab.panel.knobs]
    assert names == [k.name for k in vw.rules("heresy-push")] and "dice.d6.explode" in names
    assert lab.panel.view["ok"] and lab.panel.view["p_pass"]["A"] < lab.panel.view["p_pass"]["base"]
    lab.panel._handle({"do": "knob", "variant": "B", "name": "dice.d6.explode", "value": []})
    assert lab.panel.variants["B"] == {"dice.d6.explode": []}
    assert lab.panel.view["p_pass"]["B"] < lab.panel.view["p_pass"]["base"]  # no 6 rolls again
    assert "sample" in lab.panel.view  # exploding dice: seeded rolls beside the odds


def test_the_lab_compares_two_drafts():
    lab = vw.RuleLab(edition="heresy", b="heresy-black-explodes", names=("as read", "black explodes"),
                     pool=6, black=3)
    p = lab.panel
    assert p.drafts == {"A": "", "B": "heresy-black-explodes"}
    want = compare({"edition": "heresy", "pool": 6, "black": 3},
                   {"black explodes": "heresy-black-explodes"})
    assert p.view["p_pass"]["B"] == want.p_pass["black explodes"] < p.view["p_pass"]["base"]
    assert p.view["verdicts"]["B"] == want.verdicts["black explodes"]
    assert p.view["heat"]["rows"]  # the heatmap runs over both drafts
    with pytest.raises(vw.SpecError, match="plays by the draft heresy-black-explodes"):
        p._handle({"do": "knob", "variant": "B", "name": "trade_rate", "value": 2})
    p._handle({"do": "reset", "variant": "B", "name": None})
    assert p.drafts["B"] == "" and p.view["verdicts"]["B"].startswith("no change")
    loaded = edition.get("heresy-black-explodes")
    lab2 = vw.RuleLab(edition="heresy", b=loaded, pool=6, black=3)  # the loaded draft itself
    assert lab2.panel.drafts["B"] == "heresy-black-explodes"
    with pytest.raises(vw.SpecError, match="load the draft first"):
        vw.RuleLab(edition="heresy", b="no-such-draft")


def test_compare_reads_the_chance_below_the_bases_lowest_outcome():
    """A variant that reaches lower than the base (black dice that explode):
    at an outcome below every base outcome the base's chance of at least it
    is 1, not 0 (the verdict read '+100 points at -75 or more')."""
    c = compare({"edition": "heresy", "pool": 6, "black": 3}, {"b": "heresy-black-explodes"})
    low = min(c.odds["b"].distribution)
    assert low < -3
    rows = {r["at least"]: r for r in c.to_rows()}
    assert rows[low]["base"] == pytest.approx(1.0) and rows[low]["b"] == pytest.approx(1.0)
    assert "-75" not in c.verdicts["b"] and c.difference("b")[low] == pytest.approx(0.0, abs=1e-9)
    assert abs(max(c.difference("b").values(), key=abs)) < 50


def test_sweep_and_compare_take_a_draft_as_a_variant():
    s = vw.sweep({"edition": "heresy", "pool": 6}, over={"black": range(0, 4)},
                 variants={"b": "heresy-black-explodes"})
    assert s.p_pass["b"][0] == s.p_pass["base"][0]  # no black dice: the same roll
    assert all(s.p_pass["b"][1:] < s.p_pass["base"][1:])
    with pytest.raises(vw.SpecError):
        vw.compare({"edition": "heresy"}, {"b": 3})


def test_two_drafts_are_compared_on_the_chances_both_report():
    """A draft with a push reports what its steps add (the first roll, the
    push); the Heresy Engine as read does not: those are not 'from 0 % to 25 %'."""
    text = (EXAMPLES / "heresy-push.toml").read_text().replace('id = "heresy-push"', 'id = "heresy-push-t"')
    load_edition(text)
    try:
        c = compare({"edition": "heresy", "pool": 4, "black": 3}, {"push": "heresy-push-t"})
        assert "pass on the first roll" not in c.verdicts["push"] and "foul failure" in c.verdicts["push"]
        assert "pass after Push" not in c.changes("push") and "foul failure" in c.changes("push")
        same = compare({"edition": "heresy-push-t", "pool": 4, "black": 3}, {"4-5": {"reroll.faces": [4, 5]}})
        assert "pass after Push" in same.changes("4-5")  # one draft: every chance it reports
    finally:
        edition.unregister("heresy-push-t")


def test_a_roller_takes_a_loaded_draft_and_the_shipped_ones_load_by_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # no heresy.toml here: the shipped one
    ed = vw.load_edition("heresy.toml")
    w = vw.PoolRoller(edition=ed, pool=5)
    assert w.edition == "heresy" and w.spec["pool"] == 5
    lab = vw.RuleLab(edition=ed, b=vw.load_edition("heresy-push.toml"), pool=5, black=3)
    try:
        assert lab.panel.drafts["B"] == "heresy-push"
        assert lab.panel.view["p_pass"]["B"] > lab.panel.view["p_pass"]["base"]
        with pytest.raises(vw.SpecError, match="ship with the package"):
            vw.load_edition("no-such-draft.toml")
    finally:
        edition.unregister("heresy-push")


def test_a_draft_loaded_again_gets_rollers_of_its_new_fields():
    text = (EXAMPLES / "vers.toml").read_text().replace('id = "vers"', 'id = "vers-again"')
    vw.load_edition(text)
    try:
        assert "ranks" in vw.PoolRoller(edition="vers-again").spec
        vw.load_edition(re.sub(r"\branks\b", "skill", text))  # the field renamed, and every formula that reads it
        w = vw.PoolRoller(edition="vers-again", skill=4)
        assert "skill" in w.spec and "ranks" not in w.spec and w.odds.p_pass == vw.odds(
            {"edition": "vers-again", "skill": 4}).p_pass
    finally:
        edition.unregister("vers-again")


def test_a_roll_below_zero_survives_the_log():
    """Found by tests/test_edition_contract.py: a roll whose outcome is below
    0 (Heresy's net successes, a foul failure) logged nothing bought, and
    the import refused it: "'spent' is []; allowed ... costing at most -1"."""
    spec = {"edition": "heresy", "pool": 1, "black": 3}
    seed = _seed(spec, lambda r: r.outcome < 0)
    w = vw.PoolRoller(edition="heresy", pool=1, black=3, seed=seed)
    w.roll_dice()
    assert w.table["outcome"] < 0
    back = RollLog()
    assert back.import_text(w.log.to_json()) == 1 and back.entries == w.log.entries


def test_a_lab_variant_refused_by_a_rule_of_the_draft_raises():
    """RuleLab(b={"reroll.faces": [5, 6]}) on a draft where 5 is a success built a lab with comparison None
    and error '' (the message only in the panel); an out-of-range knob raised. Both are a SpecError."""
    from test_drafts_table_words import STRESS

    load_edition(STRESS)
    try:
        with pytest.raises(vw.SpecError) as err:
            vw.RuleLab(edition="stress", b={"reroll.faces": [5, 6]})
        said = str(err.value)
        assert said.startswith("b: rules.reroll.faces=[5, 6] is not allowed"), said
        assert vw.RuleLab(edition="stress", b={"reroll.faces": [2, 3]}).comparison is not None
    finally:
        edition.unregister("stress")


def test_the_labs_knob_labels_are_the_drafts_words():
    """The lab's knobs read "Fields.dice.max": the field's largest value is said with the field's label."""
    from test_drafts_table_words import STRESS

    load_edition(STRESS)
    try:
        labels = {k["name"]: k["label"] for k in vw.RuleLab(edition="stress").panel.knobs}
        assert labels["fields.dice.max"] == "Base dice: largest value", labels
        assert labels["dice.base.success"] == "base die: success faces", labels
        assert labels["reroll.faces"] == "Push: faces", labels
        assert not any(x.startswith(("Fields.", "Dice.", "Outcome.", "Reroll.")) for x in labels.values()), labels
    finally:
        edition.unregister("stress")

"""The RuleLab in Python: its odds are vw.compare's and
vw.sweep's for the roller's spec, it follows the roller, and every request
from the view goes through one checking path that says what to change."""

from __future__ import annotations

import html
import re
import math

import pytest
import traitlets

import venus_widgets as vw

A = {"success_from": {"bronze": 4}}
B = {"threshold_base": 2}


def lab(**kw):
    return vw.RuleLab(a=A, b=B, dice=3, **kw)


def test_the_odds_shown_are_compare_s_for_the_roller_s_spec():
    w = lab()
    c = vw.compare(w.roller.spec, {"A": A, "B": B})
    v = w.panel.view
    assert v["ok"] and v["p_pass"] == {"base": c.p_pass["base"], "A": c.p_pass["A"], "B": c.p_pass["B"]}
    assert v["verdicts"] == {"A": c.verdicts["A"], "B": c.verdicts["B"]}
    # Bronze 4-6 on 3 dice is exactly Silver: 7/8
    assert v["p_pass"]["A"] == 7 / 8 == vw.odds({"roll": "task", "caliber": "silver", "dice": 3}).p_pass


def test_it_follows_the_roller_and_the_heatmap_is_the_sweep():
    w = lab()
    w.roller.dice = 5
    w.roller.factors = 1
    assert w.panel.view["p_pass"]["B"] == vw.odds({"roll": "task", "dice": 5, "factors": 1, "rules": B}).p_pass
    heat = w.panel.view["heat"]  # B - A over dice x factors, in points; no "dice 0" row (nothing can pass there)
    s = vw.sweep(w.roller.spec, over={"dice": range(1, 12), "factors": range(0, 5)}, variants={"A": A, "B": B})
    assert heat == {**s.heat("B", minus="A"), "left_out": ""}
    assert heat["rows"][0]["label"] == "Dice (job level) 1"
    cell = heat["rows"][2]["cells"][1]  # 3 dice, 1 factor
    assert cell["value"] == pytest.approx(float(s.p_pass["B"][2, 1] - s.p_pass["A"][2, 1]))


@pytest.mark.parametrize("show, name, minus", [("A", "A", None), ("B", "B", None), ("A-base", "A", "base"),
                                               ("B-base", "B", "base"), ("B-A", "B", "A")])
def test_the_heatmap_shows_each_variant_against_the_base_and_each_other(show, name, minus):
    """The verdicts compare with the base, so the heatmap can too."""
    w = lab()
    w.panel._handle({"do": "show", "value": show})
    s = vw.sweep(w.roller.spec, over={"dice": range(1, 12), "factors": range(0, 5)}, variants={"A": A, "B": B})
    assert w.panel.view["heat"] == {**s.heat(name, minus=minus), "left_out": ""}


def test_a_knob_from_the_view_is_checked_and_a_bad_value_says_what_to_change():
    w = lab()
    w.panel._handle({"do": "knob", "variant": "B", "name": "max_allies", "value": 3})
    assert w.panel.variants["B"] == {"threshold_base": 2, "max_allies": 3}
    w.panel._on_msg(None, {"do": "knob", "variant": "B", "name": "threshold_base", "value": 9}, None)
    words = ("In B, Successes needed with no factor: 9 is not applied. It takes a whole number from 0 to 6; "
             "B keeps 2.")
    assert w.panel.error == words and w.panel.field_errors == {"B.threshold_base": words}  # said beside the knob
    assert w.panel.variants["B"]["threshold_base"] == 2  # unchanged
    # one value of a per-caliber knob: the error names the caliber and what that one takes
    w.panel._on_msg(None, {"do": "knob", "variant": "A", "name": "success_from", "key": "bronze",
                           "value": {"bronze": 9, "silver": 4, "gold": 3, "platinum": 2}}, None)
    assert w.panel.field_errors == {"A.success_from.bronze": "In A, Lowest face that succeeds, per caliber, Bronze: 9 "
                                    "is not applied. It takes a whole number from 2 to 6; A keeps 4."}
    w.panel._on_msg(None, {"do": "knob", "variant": "B", "name": "threshold_base", "value": 3}, None)
    assert w.panel.field_errors == {} and w.panel.error == "" and w.panel.variants["B"]["threshold_base"] == 3
    w.panel._on_msg(None, {"do": "knob", "variant": "C", "name": "threshold_base", "value": 1}, None)
    assert "variant='C'" in w.panel.error and "A or B" in w.panel.error
    w.panel._on_msg(None, {"do": "knob", "variant": "A", "name": "nope", "value": 1}, None)
    assert "success_from" in w.panel.error  # the knobs there are
    w.panel._on_msg(None, {"do": "hack"}, None)
    assert "a request the rule lab answers" in w.panel.error
    w.panel._on_msg(None, {"do": "show", "value": "B-A", "extra": 1}, None)
    assert "extra" in w.panel.error
    w.panel._on_msg(None, {"do": "clear_error"}, None)
    assert w.panel.error == ""


def test_reset_rename_axes_and_show():
    w = lab()
    w.panel._handle({"do": "reset", "variant": "A", "name": "success_from"})
    assert w.panel.variants["A"] == {} and w.panel.view["verdicts"]["A"].startswith("no change")
    w.panel._handle({"do": "rename", "variant": "B", "name": "  <b>Threshold 2</b> "})
    assert w.panel.names["B"] == "<b>Threshold 2</b>"  # kept as text; the view shows it as text
    assert w.panel.view["names"]["B"] == "<b>Threshold 2</b>"
    with pytest.raises(vw.SpecError, match="not 'base'"):
        w.panel._handle({"do": "rename", "variant": "A", "name": "base"})
    w.panel._handle({"do": "axes", "x": "dice", "y": "kiss"})
    assert "by Dice (job level) and KISS budget" in w.panel.view["heat"]["caption"]
    with pytest.raises(vw.SpecError, match="two different fields"):
        w.panel._handle({"do": "axes", "x": "dice", "y": "dice"})
    w.panel._handle({"do": "show", "value": "A"})
    assert w.panel.view["heat"]["caption"].startswith("The chance to pass under A")
    w.panel._handle({"do": "reset", "variant": "B", "name": None})
    assert w.panel.variants["B"] == {}


def test_every_edition_has_a_lab_and_bad_arguments_are_refused():
    for edition in vw.EDITIONS:
        w = vw.RuleLab(edition)
        v = w.panel.view
        assert v["ok"] and math.isclose(v["p_pass"]["base"], vw.odds(w.roller.spec).p_pass)
        # only the knobs this roll can use (no check knobs for a task), each with the table's words
        assert [k["name"] for k in w.panel.knobs] == [k.name for k in vw.rules(edition) if k.applies_to(w.roller.roll)]
        assert all(k["label"] and k["label"] != k["name"] for k in w.panel.knobs)
    task = vw.RuleLab("playtest", roll="task")
    assert "check_auto_pass_from" not in [k["name"] for k in task.panel.knobs]
    check = vw.RuleLab("playtest", roll="check")
    assert "check_auto_pass_from" in [k["name"] for k in check.panel.knobs]
    assert "threshold_base" not in [k["name"] for k in check.panel.knobs]
    with pytest.raises(vw.SpecError, match=r"a: rules\.threshold_base"):
        vw.RuleLab(a={"threshold_base": 99})
    with pytest.raises(TypeError, match="unknown keyword argument 'dicee'"):
        vw.RuleLab(dicee=3)
    with pytest.raises(vw.SpecError, match="axes"):
        vw.RuleLab(axes=("dice", "colour"))


def test_a_saved_lab_shows_a_still_picture_of_its_comparison():
    """The saved lab shows its knobs, chances, differences and heatmap (not one line),
    as pictures untrusted JupyterLab keeps (no inline SVG) with their numbers in tables too."""
    w = lab()
    data = w._repr_mimebundle_()
    snap = raw = data["text/html"]
    assert not re.search(r"\d %", snap), "a number and its % sign may part at a line's end"
    snap = snap.replace("\u00a0", " ")  # the no-break space that keeps them together
    assert "<svg" not in snap.replace("data:image/svg+xml", "")
    # the roller, the differences, the heatmap (its columns in as many pictures as keep each narrow enough
    # to read at 400 px: tests/browser/test_first_view.py)
    assert snap.count('<img src="data:image/svg+xml;base64,') >= 3
    assert all(int(x) <= 320 for x in re.findall(r'<img [^>]*width="(\d+)"', snap))
    c = vw.compare(w.roller.spec, {"A": A, "B": B})
    panel = html.unescape(snap[snap.index("<strong>The rule lab</strong>"):])
    for name in ("A", "B"):  # each variant's one sentence leads, before the chart; its full verdict folded under it
        assert c.verdicts[name] in panel and panel.index(c.headline(name)) < panel.index("<img")
    # what each variant changes, in the table's words (no code names: issue 33)
    assert "Lowest face that succeeds, per caliber Bronze 4" in snap and "(success_from)" not in snap
    assert "Successes needed with no factor 2" in snap
    assert "88 %" in snap and "Dice (job level) 0" not in snap and "Dice (job level) 1" in snap
    assert raw == lab()._repr_mimebundle_()["text/html"]  # the same lab, the same bytes


def test_exploding_odds_come_with_seeded_rolls_beside_them():
    w = vw.RuleLab("playsheet", a={"explode_from": 9, "ego_double_from": 9}, explode=True, dice=5, difficulty=3)
    samples = w.panel.view["sample"]
    assert set(samples) == {"base", "A", "B"}  # every rule set here explodes
    for key, s in samples.items():
        assert s["checkpoints"][-1][0] == s["n"] == 20_000
        assert abs(s["p"] - s["exact"]) < 5 * s["spread"]
        assert s["cut"] > 0
    assert lab().panel.view["sample"] == {}  # fractions need no sample


def test_review_findings_names_messages_and_field_errors():
    """Found by a review: equal names hid variant A; an unhashable 'do' escaped the
    checked path; a field out of range was reported as another roller's error."""
    w = lab()
    w.panel._on_msg(None, {"do": "rename", "variant": "B", "name": "A"}, None)
    assert "other than the other variant's" in w.panel.error and w.panel.names["B"] == "B"
    assert w.panel.view["p_pass"]["A"] == 0.875
    with pytest.raises(vw.SpecError, match="other than"):
        vw.RuleLab(names=("X", "X"))
    w.panel._on_msg(None, {"do": "rename", "variant": "A", "name": "x" * 31}, None)
    assert "1 to 30 characters" in w.panel.error
    for bad in ([], {"x": 1}, None, 3):
        w.panel._on_msg(None, {"do": bad}, None)
        assert "a request the rule lab answers" in w.panel.error
    with pytest.raises(traitlets.TraitError, match="dice=99 is not allowed: expected a whole number from 0 to 30"):
        vw.RuleLab(dice=99)
    with pytest.raises(traitlets.TraitError, match="dice=99"):
        vw.RuleLab(roll="task", dice=99)
    assert vw.RuleLab(score=3).roller.roll == "check"


def test_a_base_roll_with_rules_of_its_own_keeps_them_under_each_variant():
    """The knob table starts from the base roll's values (``base``), so a
    per-caliber knob changed in the view keeps the base's other calibers;
    and a variant that sets a knob back to the rules as read plays that
    value, not the base's (no value silently replaced)."""
    w = vw.RuleLab(rules={"success_from": {"bronze": 4}}, dice=3, a={"success_from": {"bronze": 5}})
    knob = next(k for k in w.panel.knobs if k["name"] == "success_from")
    assert knob["base"] == {"bronze": 4, "silver": 4, "gold": 3, "platinum": 2} and knob["default"]["bronze"] == 5
    assert "rules" not in w.comparison.odds["A"].spec  # Bronze 5-6: the rules as read, not the base's 4-6
    assert w.panel.view["verdicts"]["A"].startswith("−17.1 points to pass")
    # what the view sends for "Silver 3-6" starting from the base's values: Bronze stays 4-6
    w.panel._handle({"do": "knob", "variant": "B", "name": "success_from", "value": {**knob["base"], "silver": 3}})
    assert w.comparison.odds["B"].spec["rules"]["success_from"]["bronze"] == 4
    w.roller.rules = {"threshold_base": 2}
    assert next(k for k in w.panel.knobs if k["name"] == "threshold_base")["base"] == 2


def _knob_values(knob: dict) -> list:
    """A few legal values other than the default, of every form a knob takes."""
    form = knob["form"]
    if form.get("type") == "int":
        return [v for v in (form["lo"], form["hi"]) if v != knob["default"]]
    if form.get("type") == "bool":
        return [not knob["default"]]
    if form.get("type") == "faces":
        return [v for v in ([6], [1, 2, 3]) if v != knob["default"]]
    out: list = []
    for key in form["keys"]:
        of = form["of"]
        if of.get("type") == "int":
            out += [{key: v} for v in (of["lo"], of["hi"]) if v != knob["default"][key]]
        elif of.get("type") == "bool":
            out.append({key: not knob["default"][key]})
    return out


@pytest.mark.parametrize("edition", vw.EDITIONS)
def test_a_knob_declared_for_some_rolls_changes_no_other_roll(edition):
    """The lab shows only the knobs the roll can use, from each knob's own
    declaration (Knob.rolls). A knob left out of a roll must change nothing there:
    neither the roll's fields nor its odds, over the defaults and seeded random specs."""
    import random

    from venus_widgets.engine.contract import spec as S

    rng = random.Random(21)
    kinds = [k for k in ("check", "task", "pool") if _has(edition, k)]
    for knob in vw.rules(edition).describe():
        assert knob["label"] and knob["label"] != knob["name"], knob["name"]
        for kind in kinds:
            if not knob["rolls"] or kind in knob["rolls"]:
                continue
            desc = S.describe(edition, kind)
            specs = [S.defaults(edition, kind)]
            for _ in range(25):
                sp = dict(specs[0])
                for f, d in desc.items():
                    if d["kind"] == "int":
                        sp[f] = rng.randint(d["min"], min(d["max"], d["min"] + 6))
                    elif d["kind"] == "choice":
                        sp[f] = rng.choice(d["options"])
                specs.append(sp)
            for value in _knob_values(knob):
                try:
                    rules = S.check_rules(edition, {knob["name"]: value})
                except vw.SpecError:
                    continue  # tied to another knob: not legal alone

                assert S.describe(edition, kind, rules) == desc, (knob["name"], kind, value)
                for sp in specs:
                    try:
                        a = vw.odds(sp)
                    except vw.SpecError:
                        continue
                    b = vw.odds({**sp, "rules": rules})
                    assert (a.distribution, a.breakdown, a.p_pass) == (b.distribution, b.breakdown, b.p_pass), \
                        (knob["name"], kind, value, sp)


def _has(edition: str, kind: str) -> bool:
    from venus_widgets.engine.contract import spec as S

    try:
        S.describe(edition, kind)
        return True
    except (vw.SpecError, KeyError):
        return False


def test_the_lab_writes_a_caliber_as_the_rulebook_does_with_its_capital():
    """The "takes" column read "a whole number from 2 to 6 for each of
    bronze, silver, gold and platinum": calibers are names (Bronze, Silver,
    Gold, Platinum), in what a knob takes, its value and its refusals; a key
    that is no word ("d4", "10-again") stays as written."""
    from venus_widgets.widgets.lab_words import card, knob_words

    from venus_widgets.engine.contract import edition

    knobs = {k.name: k for k in edition.get("playtest").KNOBS}
    assert card(knobs["success_from"])["takes"] == "a whole number from 2 to 6 for each of Bronze, Silver, Gold and Platinum"
    assert knob_words({"bronze": 4, "silver": 4}) == "Bronze 4 · Silver 4"
    assert knob_words({"d4": 1, "10-again": 2}) == "d4 1 · 10-again 2"
    w = lab()
    w.panel._on_msg(None, {"do": "knob", "variant": "A", "name": "success_from", "key": "bronze",
                           "value": {"bronze": 9, "silver": 4, "gold": 3, "platinum": 2}}, None)
    said = w.panel.field_errors["A.success_from.bronze"]
    assert "Bronze: 9" in said and "bronze" not in said, said
    # the still's base roll in the roller's words: "Caliber: Bronze", "Dice to KISS: the failed dice"
    base = re.search(r"<p>Base roll: (.*?)</p>", lab().panel.snapshot_html()).group(1)
    assert "Caliber: Bronze" in base and "Dice to KISS: the failed dice" in base, base
    # chapter 10's table of knobs: its "may be" column is the lab's "takes"
    from pathlib import Path

    chapter = (Path(__file__).resolve().parent.parent / "notebooks" / "10-the-rule-lab.ipynb").read_text(encoding="utf-8")
    assert "for each of Bronze, Silver, Gold and Platinum" in chapter and "for each of bronze" not in chapter

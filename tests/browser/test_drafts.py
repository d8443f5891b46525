"""A new draft loaded from a file gets a working roller, rule lab
and FC screen in JupyterLab and Chromium, with no Python written for it.

The draft is the push of docs/drafts.md (a d6 pool, 6s succeed, a push
re-rolls every die showing 2 to 5 while short), written to a file the
notebook loads; the same draft loads in this process too, so every figure
the page shows is checked against the engine."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

import venus_widgets as vw
from venus_widgets.engine.contract import edition

from draft_push import PUSH

from .conftest import (expect_p, jupyter_server, kernel_eval, lab_notebook, open_notebook, roller_widget, run_all,
                       set_range, write_notebook)

pytestmark = pytest.mark.browser


def _seed_short(spec) -> int:
    """A seed whose first roll is short of the goal, with a die to push."""
    for seed in range(500):
        r = vw.roll(spec, seed=seed, kiss=[])
        faces = [d.before for d in r.dice]
        if faces.count(6) < spec["need"] and any(2 <= f <= 5 for f in faces):
            return seed
    raise AssertionError("no such seed")


@pytest.fixture(scope="module")
def push_here():
    vw.load_edition(PUSH)
    yield
    edition.unregister("push")


@pytest.fixture(scope="module")
def page(browser_context, tmp_path_factory, push_here):
    folder = tmp_path_factory.mktemp("drafts")
    path = folder / "push.toml"
    path.write_text(PUSH)
    seed = _seed_short({"edition": "push", "dice": 4, "need": 2})
    cells = [f"import venus_widgets as vw\nvw.load_edition({str(path)!r})\n"
             f"roller = vw.TaskRoller(edition='push', dice=4, need=2, seed={seed})\nroller",
             "lab = vw.RuleLab(edition='push', b={'reroll.faces': [3, 4, 5]}, names=('A', 'push 3-5'), dice=4, "
             "need=2)\nlab",
             "screen = vw.FCScreen({'Ana': {'edition': 'push', 'dice': 3}, 'Bo': {'edition': 'push', 'dice': 6}}, "
             "target=0.5)\nscreen"]
    with lab_notebook(browser_context, folder, cells) as p:
        p.push_seed = seed
        yield p


def test_the_drafts_roller_shows_its_odds_and_plays_the_push(page):
    w = roller_widget(page, 0, "task")
    spec = {"edition": "push", "dice": 4, "need": 2}
    expect(w.get_by_test_id("field-dice")).to_be_visible()
    set_range(w.get_by_test_id("field-dice"), 5)
    spec["dice"] = 5
    expect_p(w.get_by_test_id("p-pass"), vw.odds(spec).p_pass)
    set_range(w.get_by_test_id("field-dice"), 4)
    spec["dice"] = 4
    first = vw.roll(spec, seed=page.push_seed, kiss=[])
    w.get_by_test_id("roll-button").click()
    faces = [d.before for d in first.dice]
    push = [i for i, f in enumerate(faces) if 2 <= f <= 5]
    for i, f in enumerate(faces):
        expect(w.get_by_test_id(f"die-{i}")).to_have_attribute("data-face", str(f))
    # a 6 or a 1 cannot be pushed, and the die says why; the others can
    keep = [i for i, f in enumerate(faces) if f in (1, 6)]
    if keep:
        die = w.get_by_test_id(f"die-{keep[0]}")
        expect(die).to_have_attribute("aria-disabled", "true")
        expect(die).to_have_attribute("title", f"die {keep[0] + 1} shows {faces[keep[0]]}: Push takes only dice "
                                               "showing 2, 3, 4, 5")
    for i in push:
        w.get_by_test_id(f"die-{i}").click()
    w.get_by_test_id("kiss-commit").click()
    want = vw.roll(spec, seed=page.push_seed, kiss=push)
    expect(w.get_by_test_id("result")).to_have_attribute("data-outcome", str(want.outcome))
    entry = json.loads(kernel_eval(page, "import json; print(json.dumps(roller.log.entries[-1]['roll']))"))
    assert entry == want.to_dict()


def test_the_lab_shows_the_drafts_knobs_and_their_odds(page):
    w = roller_widget(page, 1, "rulelab")
    base = {"edition": "push", "dice": 4, "need": 2}
    b = {**base, "rules": {"reroll.faces": [3, 4, 5]}}
    expect_p(w.get_by_test_id("lab-p-base"), vw.odds(base).p_pass)
    expect_p(w.get_by_test_id("lab-p-B"), vw.odds(b).p_pass)
    c = vw.compare(base, {"A": {}, "push 3-5": {"reroll.faces": [3, 4, 5]}})
    expect(w.get_by_test_id("headline-B")).to_have_text(c.headline("push 3-5"))
    expect(w.get_by_test_id("verdict-B")).to_contain_text(c.verdicts["push 3-5"])
    # every number of the draft is a knob, in the browser: in variant A a push of 3 and 4 only ...
    expect(w.get_by_test_id("knob-A-dice.d6.sides")).to_be_visible()
    push = w.get_by_test_id("knob-A-reroll.faces").locator("input[type=checkbox]")
    push.nth(1).uncheck()
    a = {**base, "rules": {"reroll.faces": [3, 4, 5]}}
    expect_p(w.get_by_test_id("lab-p-A"), vw.odds(a).p_pass)
    push.nth(4).uncheck()
    a = {**base, "rules": {"reroll.faces": [3, 4]}}
    expect_p(w.get_by_test_id("lab-p-A"), vw.odds(a).p_pass)
    # ... where 5s succeed too: a face that counts cannot be pushed, so 5 stays out of the push
    w.get_by_test_id("knob-A-dice.d6.success").locator("input[type=checkbox]").nth(4).check()
    a = {**base, "rules": {"reroll.faces": [3, 4], "dice.d6.success": [5, 6]}}
    expect_p(w.get_by_test_id("lab-p-A"), vw.odds(a).p_pass)
    push.nth(4).check()  # pushing the 5s again: said beside the knob, in the table's words; the odds stay
    err = w.get_by_test_id("knob-error-A.reroll.faces")
    expect(err).to_contain_text("In A, Push: faces: 3, 4, 5 is not applied.")
    expect(err).to_contain_text("must count nothing")
    expect(err).to_contain_text("A keeps 3, 4.")
    expect_p(w.get_by_test_id("lab-p-A"), vw.odds(a).p_pass)
    expect(w.get_by_test_id("knob-A-reroll.faces").locator("[role=group]")).to_have_attribute("aria-invalid", "true")
    assert "rules." not in w.text_content() and w.get_by_test_id("lab-message").count() == 0


def test_the_fc_screen_walks_the_drafts_ladder(page):
    w = page.locator(".jp-CodeCell").nth(2).get_by_test_id("vw-fc")
    w.wait_for()
    party = {"Ana": {"edition": "push", "dice": 3}, "Bo": {"edition": "push", "dice": 6}}
    pl = vw.party_ladder(party, 0.5)
    expect(w.get_by_test_id("why")).to_have_text(f"Nearest to 50 %: {pl.why}")
    expect(w.get_by_test_id(f"rung-{pl.best}")).to_have_attribute("data-best", "true")


def test_a_bad_draft_shows_its_mistakes_in_a_few_lines_not_a_traceback(browser_context, tmp_path):
    """A bad draft showed about 900 px of traceback before its one useful
    line, and only its first mistake: the cell now shows the DraftError's
    mistakes, each at its line (IPython's _render_traceback_), and nothing else."""
    bad = PUSH.replace('count = "dice"', 'count = "dicee"').replace("success = [6]", "success = [7]")
    path = tmp_path / "push.toml"
    path.write_text(bad)
    nb = write_notebook(tmp_path / "bad.ipynb", [f"import venus_widgets as vw\nvw.load_edition({str(path)!r})"])
    with jupyter_server("lab", [nb]) as server:
        page = browser_context.new_page()
        try:
            open_notebook(page, server, nb.name)
            assert not run_all(page)  # the cell fails, with the draft's mistakes
            shown = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").first
            expect(shown).to_be_visible()
            text = shown.text_content() or ""
            assert "DraftError: push.toml: 2 mistakes" in text and "Traceback" not in text, text
            assert "line 18, dice.d6.success[0]: 7 is not a face" in text and "line 22, groups.own.count" in text, text
            assert "the die d6" not in text, text
            height = shown.bounding_box()["height"]
            assert height < 120, f"the error is {height:.0f} px high"
        finally:
            page.close()

"""The layout's figures, measured in Voila and Chromium: a playtest task
roller fits in about 600 px of height at 1,000 px wide (controls beside the
odds, rare settings folded), nothing is clipped at 320 px, and no two labels
of a chart overlap, in any of its views."""

from __future__ import annotations

import json

import pytest

from .conftest import jupyter_server, settle

pytestmark = pytest.mark.browser

CELLS = [
    "import venus_widgets as vw\nvw.TaskRoller(caliber='silver', dice=4, allies=['gold'], factors=2, kiss=1, seed=7)",
    "vw.PoolRoller(edition='heresy', pool=12, black=2)",
    "vw.TaskRoller(edition='playsheet', rank='silver', dice=5, difficulty=2, explode=True, kiss=1, seed=11)",
    "vw.TaskRoller(edition='agora', rank=4, helpers=[5, 5], consequences=2)",
    "vw.CheckRoller()",
]
ROOTS = "[data-testid^='vw-']"

#: every element of a widget whose box reaches past the widget's right edge (what would be clipped)
OVERFLOW_JS = """root => {
  const edge = root.getBoundingClientRect().right + 1;
  const out = [];
  for (const el of root.querySelectorAll('*')) {
    if (el.closest('details:not([open]) > :not(summary), .vw-visually-hidden')) continue;  // folded or clipped: not shown
    const r = el.getBoundingClientRect();
    if (r.width && r.height && r.right > edge) out.push(`${el.tagName.toLowerCase()}.${el.className.baseVal ?? el.className} ${el.textContent.slice(0, 30)} right ${Math.round(r.right)} > ${Math.round(edge)}`);
  }
  return out;
}"""

#: pairs of a chart's text labels whose boxes overlap
OVERLAP_JS = """svg => {
  const boxes = [...svg.querySelectorAll('text')].map(t => [t.textContent, t.getBoundingClientRect()]);
  const hits = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [a, p] = boxes[i], [b, q] = boxes[j];
    if (p.left < q.right - 0.5 && q.left < p.right - 0.5 && p.top < q.bottom - 0.5 && q.top < p.bottom - 0.5) hits.push(`${a} / ${b}`);
  }
  return hits;
}"""


@pytest.fixture(scope="module")
def voila_page(browser_context, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("layout")
    nb = tmp / "layout.ipynb"
    nb.write_text(json.dumps({
        "cells": [{"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {}, "outputs": [],
                   "source": c} for i, c in enumerate(CELLS)],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5}))
    with jupyter_server("voila", [nb], notebook=nb.name) as server:
        page = browser_context.new_page()
        page.set_viewport_size({"width": 1000, "height": 1200})
        page.goto(f"{server.url}/?token={server.token}", timeout=120_000)
        page.locator("[data-testid='p-pass']").nth(len(CELLS) - 1).wait_for(timeout=90_000)
        yield page
        page.close()


def test_a_playtest_task_roller_fits_in_about_600_px_at_1000_px_wide(voila_page):
    page = voila_page
    page.set_viewport_size({"width": 1000, "height": 1200})
    settle(page)
    task = page.locator(ROOTS).first
    box = task.bounding_box()
    assert box["height"] <= 650, f"the task roller is {box['height']:.0f} px tall at 1,000 px (it was 1,080 px before the layout was redone)"
    # the chance heads the roller, the chart sits beside the controls, not under them
    odds = task.get_by_test_id("p-pass").bounding_box()
    chart = task.get_by_test_id("chart").bounding_box()
    controls = task.locator(".vw-controls").bounding_box()
    assert odds["y"] < controls["y"]
    assert chart["x"] > controls["x"] + controls["width"] - 1 and chart["y"] < controls["y"] + 100


@pytest.mark.parametrize("width", [320, 400, 600])
def test_nothing_is_clipped_down_to_320_px(voila_page, width):
    page = voila_page
    page.set_viewport_size({"width": width, "height": 1200})
    settle(page)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    for i in range(len(CELLS)):
        root = page.locator(ROOTS).nth(i)
        assert root.evaluate(OVERFLOW_JS) == [], CELLS[i]
    # the task roller's rolled table too
    task = page.locator(ROOTS).first
    task.locator("[data-testid=roll-button]:visible, [data-testid=roll-again]:visible, [data-testid=kiss-commit]:visible").first.click()
    task.get_by_test_id("die-0").wait_for()
    assert task.evaluate(OVERFLOW_JS) == []


@pytest.mark.parametrize("width", [320, 1000])
def test_no_two_chart_labels_overlap_in_any_view(voila_page, width):
    page = voila_page
    page.set_viewport_size({"width": width, "height": 1200})
    settle(page)
    checked = 0
    for i in range(len(CELLS)):
        root = page.locator(ROOTS).nth(i)
        toggle = root.get_by_test_id("odds-toggle")
        if toggle.is_visible() and toggle.get_attribute("aria-expanded") == "false":
            toggle.click()  # a rolled roller folds its odds under the roll's steps: open them
        modes = [m for m in ("exact", "at_least", "at_most") if root.get_by_test_id(f"chart-{m}").count()]
        for mode in modes or ["exact"]:
            if modes:
                root.get_by_test_id(f"chart-{mode}").check()
                page.wait_for_function("([r, m]) => r.querySelector(`svg[data-mode='${m}']`)",
                                       arg=[root.element_handle(), mode])
            chart = root.get_by_test_id("chart")
            assert chart.evaluate(OVERLAP_JS) == [], f"{CELLS[i]} ({mode}, {width} px)"
            checked += 1
        if modes:
            root.get_by_test_id("chart-exact").check()
    assert checked >= 13


def test_stacked_the_odds_come_first_and_the_controls_right_under_them(voila_page):
    """At 600 px the odds fell below 800 px of controls. Now, from 500 px on, the
    controls have the chart beside them; narrower, one column: the chance and the roll first,
    the chart, then the sliders right under it."""
    page = voila_page
    page.set_viewport_size({"width": 400, "height": 1200})
    settle(page)
    task = page.locator(ROOTS).nth(2)  # a task not rolled: its chart shows
    odds = task.get_by_test_id("p-pass").bounding_box()
    roll = task.get_by_test_id("roll-button").bounding_box()
    chart = task.get_by_test_id("chart").bounding_box()
    controls = task.locator(".vw-controls").bounding_box()
    assert odds["y"] < roll["y"] + roll["height"] <= chart["y"] + 1
    assert chart["y"] + chart["height"] <= controls["y"] + 1
    assert controls["y"] - odds["y"] < 420, "the first slider is within sight of the chance it moves"
    page.set_viewport_size({"width": 600, "height": 1200})
    settle(page)
    assert task.get_by_test_id("chart").bounding_box()["x"] > task.locator(".vw-controls").bounding_box()["x"] + 100

"""The browser harness itself, on a tiny notebook of its own (tests/browser/notebooks/probe.ipynb):
JupyterLab opens it, runs it, and two small anywidgets talk to the kernel."""

from __future__ import annotations

import pytest

import venus_widgets as vw

from .conftest import cell_errors, open_notebook, run_all, set_range

pytestmark = pytest.mark.browser


def test_probe_runs_and_round_trips(page, lab_probe):
    open_notebook(page, lab_probe, "probe.ipynb")
    run_all(page)
    assert cell_errors(page) == []
    value = page.get_by_test_id("echo-value")
    value.wait_for()
    assert value.text_content() == "0"
    for n in (1, 2, 3):
        page.get_by_test_id("echo-button").click()
        page.wait_for_function(
            "n => document.querySelector('[data-testid=echo-value]').textContent === String(n)", arg=n)


def test_probe_slider_shows_engine_odds(page, lab_probe):
    open_notebook(page, lab_probe, "probe.ipynb")
    run_all(page)
    out = page.get_by_test_id("probe-p-pass")
    out.wait_for()
    seen = set()
    for factors in (3, 1, 4, 0):
        set_range(page.get_by_test_id("probe-factors"), factors)
        page.wait_for_function(
            "f => document.querySelector('[data-testid=probe-p-pass]').dataset.factors === String(f)", arg=factors)
        want = f"{vw.odds({'roll': 'check', 'difficulty': 'tough', 'factors': factors}).p_pass:.6f}"
        assert out.text_content() == want
        seen.add(want)
    assert len(seen) == 4, "the probe's odds should differ for 0..4 factors"
    assert page.watch.dialogs == []

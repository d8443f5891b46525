"""JupyterLite in Chromium: build the site (scripts/build_lite.py, cached on its
inputs), serve it on 127.0.0.1 and run it with every request outside
127.0.0.1 aborted and recorded. The site's lock is checked without a browser
in tests/test_lite_site.py.

The site ``make lite`` builds loads Pyodide's compiled packages (numpy,
matplotlib, ...) from Pyodide's CDN, which these machines cannot reach: the
widget round trip runs fully offline, ``import venus_widgets`` must ask that
CDN (the exact URL of the pinned Pyodide version) for numpy, and the chapter
test runs for real and is expected to fail (strict xfail). Built with
``--pyodide-dist`` (``VW_PYODIDE_DIST``), the site has numpy locally and the
chapter test must pass, so the marker cannot outlive the gap.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest
from playwright.sync_api import expect

import venus_widgets as vw

from .conftest import (ROOT, OfflineGuard, fresh_page, cell_errors, kernel_eval, run_all,
                       roller_spec_from_page, set_range, static_server, wait_kernel_ready)
from .test_lab_rollers import expect_odds

pytestmark = pytest.mark.browser

ECHO_NOTEBOOK = json.loads((ROOT / "tests" / "browser" / "notebooks" / "probe.ipynb").read_text())


@pytest.fixture(scope="module")
def lite_site():
    t0 = time.monotonic()
    proc = subprocess.run([sys.executable, str(ROOT / "scripts" / "build_lite.py")], cwd=ROOT,
                          capture_output=True, text=True, timeout=1500)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    took = time.monotonic() - t0
    reused = "up to date" in proc.stdout
    print(f"\nlite build: {took:.1f} s ({'cached' if reused else 'built'})")
    return ROOT / "build" / "lite"


@pytest.fixture
def lite_page(playwright_driver):
    """A page in a brand-new profile (like ``cold_page``) with service workers blocked:
    JupyterLite's service worker re-fetches every GET itself, out of reach of
    ``page.route``, so the OfflineGuard would not see what the kernel fetches."""
    with fresh_page(playwright_driver, "vw-chromium-lite-", service_workers="block") as page:
        yield page


def _lock(site) -> dict:
    return json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text())["packages"]


def _numpy_from_cdn(site) -> str | None:
    """numpy's URL when the site loads it from Pyodide's CDN, None when the site ships it."""
    fname = _lock(site)["numpy"]["file_name"]
    return fname if "://" in fname else None


def test_lite_widget_round_trip_offline(lite_site, lite_page):
    """A plain anywidget (the probe's Echo) works in the Lite kernel with no network;
    then ``import venus_widgets`` loads numpy from where the lock says, and nowhere else."""
    page = lite_page
    guard = OfflineGuard(page)
    nb = dict(ECHO_NOTEBOOK)
    nb["cells"] = [c for c in nb["cells"] if c["cell_type"] == "code"][:2]  # Echo only: no numpy
    nb["cells"][0]["source"] = "".join(nb["cells"][0]["source"]).split("ODDS_ESM =")[0].replace(
        "import venus_widgets as vw\n", "")
    nb["cells"][1]["source"] = "echo = Echo()\necho"
    nb["metadata"] = {"kernelspec": {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}}
    with static_server(lite_site) as url:
        t0 = time.monotonic()
        page.goto(f"{url}/lab/index.html")
        page.wait_for_function("() => !!window.jupyterapp && window.jupyterapp.commands.hasCommand('docmanager:open')")
        page.evaluate("() => window.jupyterapp.restored")
        page.evaluate("nb => window.jupyterapp.serviceManager.contents.save('echo.ipynb', "
                      "{type: 'notebook', format: 'json', content: nb})", nb)
        page.evaluate("() => window.jupyterapp.commands.execute('docmanager:open', {path: 'echo.ipynb'})")
        wait_kernel_ready(page, timeout=120_000)
        assert run_all(page), cell_errors(page)
        value = page.get_by_test_id("echo-value")
        expect(value).to_have_text("0")
        took = time.monotonic() - t0
        for n in (1, 2, 3):
            page.get_by_test_id("echo-button").click()
            expect(value).to_have_text(str(n))
        print(f"\nlite cold open-to-widget (anywidget echo): {took:.1f} s")
        assert guard.outside == [], f"requests left 127.0.0.1: {guard.outside[:5]}"

        numpy_url = _numpy_from_cdn(lite_site)
        try:
            out = kernel_eval(page, "import venus_widgets\nprint('imported')", timeout=120_000)
        except AssertionError as err:  # the kernel's error
            out = f"failed: {err}"
    if numpy_url is None:  # a --pyodide-dist site: everything is local
        assert out.strip() == "imported", out
        assert guard.outside == [], f"requests left 127.0.0.1: {guard.outside[:5]}"
    else:  # the CDN is unreachable here: the import fails, after asking the pinned Pyodide's CDN for numpy
        assert out.strip().startswith("failed"), out
        assert numpy_url in guard.outside, guard.outside
        version = json.loads((lite_site / "static" / "pyodide" / "package.json").read_text())["version"]
        cdn = f"https://cdn.jsdelivr.net/pyodide/v{version}/full/"
        assert all(u.startswith(cdn) for u in guard.outside), guard.outside


def test_lite_chapter_01_runs_and_moves_a_slider(lite_site, cold_page, request):
    if _numpy_from_cdn(lite_site):
        request.node.add_marker(pytest.mark.xfail(
            strict=True, reason="this site loads numpy/matplotlib from Pyodide's CDN, which these machines "
                                "cannot reach (build with --pyodide-dist for a site that runs offline)"))
    page = cold_page
    guard = OfflineGuard(page)
    with static_server(lite_site) as url:
        t0 = time.monotonic()
        page.goto(f"{url}/lab/index.html?path=01-checks.ipynb")
        wait_kernel_ready(page, timeout=120_000)
        ok = run_all(page, timeout=300_000)
        assert ok, cell_errors(page)
        w = page.get_by_test_id("vw-check").first
        expect(w.get_by_test_id("p-pass")).not_to_have_attribute("data-p", "")
        took = time.monotonic() - t0
        print(f"\nlite cold open-to-first-odds (chapter 01): {took:.1f} s (target < 15 s)")
        spec = roller_spec_from_page(w)
        expect_odds(w, spec)
        set_range(w.get_by_test_id("field-factors"), 3)
        spec["factors"] = 3
        expect_odds(w, spec)
        assert roller_spec_from_page(w) == spec
        assert vw.odds(spec).p_pass > 0
    assert guard.outside == [], f"requests left 127.0.0.1: {guard.outside[:5]}"

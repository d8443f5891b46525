"""The JupyterLite site ``make lite`` builds for publishing (scripts/build_lite.py,
default mode), checked without a browser: its config and its Pyodide lock.

A published site must load numpy and matplotlib (Pyodide's compiled packages,
which no registry carries) from Pyodide's own distribution of the exact
version the Lite kernel pins, at the kernel's default CDN URL, with the
hashes Pyodide published for them; what the kernel and the notebooks load
besides (the kernel's pure packages, the widgets, this project's wheel) is in
the site, with lock hashes that match the files.

The build is cached on its inputs (build/lite/.build-key) and shared with
tests/browser/test_lite.py (builds run one at a time); a cold build takes 1-2
minutes (pip and npm registries), a cached one about a second.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import venus_widgets as vw

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build"
SCRIPT = ROOT / "scripts" / "build_lite.py"
# Pyodide's compiled packages the notebooks need: matplotlib and what it needs that is not pure Python.
COMPILED = ["numpy", "matplotlib", "contourpy", "kiwisolver", "pillow"]

pytestmark = [pytest.mark.slow, pytest.mark.network]  # a cold build fetches from pip and npm registries


def build_env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("VW_PYODIDE_DIST", None)  # the default (publishing) mode
    return env


@pytest.fixture(scope="module")
def site() -> Path:
    proc = subprocess.run([sys.executable, str(SCRIPT)], cwd=ROOT, env=build_env(),
                          capture_output=True, text=True, timeout=1500)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return BUILD / "lite"


@pytest.fixture(scope="module")
def kernel_pins(site) -> dict[str, str]:
    """What the Lite kernel the site was built with pins, read from the kernel itself."""
    code = ("import json; from jupyterlite_pyodide_kernel import constants as c;"
            "print(json.dumps({'version': c.PYODIDE_VERSION, 'cdn': c.PYODIDE_CDN_URL}))")
    out = subprocess.run([BUILD / "lite-venv" / "bin" / "python", "-c", code],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)


@pytest.fixture(scope="module")
def upstream_lock(kernel_pins) -> dict:
    """pyodide-lock.json as Pyodide ships it (npm ``pyodide@<the kernel's version>``)."""
    pkg = BUILD / "lite-npm" / "node_modules" / "pyodide"
    meta = json.loads((pkg / "package.json").read_text())
    assert (meta["name"], meta["version"]) == ("pyodide", kernel_pins["version"])
    return json.loads((pkg / "pyodide-lock.json").read_text())["packages"]


def site_lock(site) -> dict:
    return json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text())["packages"]


def test_pyodide_runtime_and_kernel_config_are_local(site, kernel_pins):
    cfg = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = cfg["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    # the lock Pyodide reads is the site's own (beside pyodide.mjs), not another one
    assert "lockFileURL" not in kernel.get("loadPyodideOptions", {}), kernel
    assert all(u.startswith("./") for u in kernel["pipliteUrls"]), kernel["pipliteUrls"]
    pyodide = site / "static" / "pyodide"
    for name in ("pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        assert (pyodide / name).is_file(), name
    assert json.loads((pyodide / "package.json").read_text())["version"] == kernel_pins["version"]
    notebooks = {p.name for p in (site / "files").glob("*.ipynb")}
    assert {p.name for p in (ROOT / "notebooks").glob("[0-9]*.ipynb")} <= notebooks
    assert not (site / "MISSING.txt").exists(), (site / "MISSING.txt").read_text()


def test_numpy_and_matplotlib_load_from_the_cdn_of_the_pinned_pyodide(site, kernel_pins, upstream_lock):
    version = kernel_pins["version"]
    cdn = f"https://cdn.jsdelivr.net/pyodide/v{version}/full/"
    assert kernel_pins["cdn"].rstrip("/") + "/" == cdn  # the kernel's own default
    lock = site_lock(site)
    for name in COMPILED:
        assert name in lock, f"{name} missing from the site's lock"
        entry, theirs = lock[name], upstream_lock[name]
        assert entry["version"] == theirs["version"], name
        assert entry["file_name"] == cdn + theirs["file_name"], name
        assert entry["sha256"] == theirs["sha256"], name  # the browser checks the file against it
        assert entry["depends"] == theirs["depends"], name
        assert not (site / "static" / "pyodide" / theirs["file_name"]).exists(), name
    # every package the site does not ship is Pyodide's own, from that same place
    for name, entry in lock.items():
        if "://" in entry["file_name"]:
            assert entry["file_name"] == cdn + upstream_lock[name]["file_name"], name
            assert entry["sha256"] == upstream_lock[name]["sha256"], name


def test_local_wheels_hashes_match_the_lock(site):
    pyodide = site / "static" / "pyodide"
    lock = site_lock(site)
    local = {name: entry for name, entry in lock.items() if "://" not in entry["file_name"]}
    for need in ("venus-widgets", "anywidget", "ipywidgets", "comm", "psygnal", "micropip", "ipython", "jedi",
                 "cycler", "pyparsing", "python-dateutil", "fonttools", "six", "packaging"):
        assert need in local, f"{need} is not in the site"
    for name, entry in local.items():
        path = pyodide / entry["file_name"]
        assert path.is_file(), f"{name}: {entry['file_name']} not in the site"
        assert hashlib.sha256(path.read_bytes()).hexdigest() == entry["sha256"], name
    own = local["venus-widgets"]
    assert own["version"] == vw.__version__
    assert set(own["imports"]) == {"venus_widgets"}
    with zipfile.ZipFile(pyodide / own["file_name"]) as z:  # this checkout's engine, not an old one
        assert z.read("venus_widgets/engine/__init__.py") == (ROOT / "venus_widgets/engine/__init__.py").read_bytes()
    wheels = {p.name.split("-")[0] for p in (site / "pypi").glob("*.whl")}
    assert {"venus_widgets", "anywidget", "ipywidgets"} <= wheels


@pytest.mark.parametrize("root", ["venus-widgets", "matplotlib", "ipython", "micropip"])
def test_what_the_notebooks_import_resolves_in_the_lock(site, root):
    """`import venus_widgets` / `matplotlib` pull every dependency from the lock: none is missing."""
    lock = site_lock(site)
    seen, todo = set(), [root]
    while todo:
        name = todo.pop().lower().replace("_", "-")
        if name in seen:
            continue
        assert name in lock, f"{root} needs {name}, which the site's lock lacks"
        seen.add(name)
        todo += lock[name]["depends"]
    if root == "venus-widgets":
        assert "numpy" in seen


def test_a_wrong_pyodide_dist_says_what_to_change(tmp_path):
    proc = subprocess.run([sys.executable, str(SCRIPT), "--pyodide-dist", str(tmp_path / "nope.tar.bz2"),
                           "--out", str(tmp_path / "site")], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode != 0
    assert "nope.tar.bz2" in proc.stderr and "full Pyodide distribution" in proc.stderr, proc.stderr
    assert not (tmp_path / "site").exists()


def test_pyodide_dist_build_ships_its_wheels_and_loads_nothing_from_elsewhere(site, upstream_lock):
    """``--pyodide-dist``: the compiled wheels come from the given distribution into the site, and
    the lock points at nothing outside it. The distribution here holds only numpy's file (a real
    wheel under numpy's name: the build copies files, it does not look inside), so matplotlib and
    what needs it are reported missing; the build is cached like the default one."""
    dist = BUILD / "lite-test-dist"
    dist.mkdir(exist_ok=True)
    numpy_file = upstream_lock["numpy"]["file_name"]
    donor = next((site / "static" / "pyodide").glob("six-*.whl"))
    (dist / numpy_file).write_bytes(donor.read_bytes())
    out = BUILD / "lite-test-offline"
    proc = subprocess.run([sys.executable, str(SCRIPT), "--pyodide-dist", str(dist), "--out", str(out)],
                          cwd=ROOT, env=build_env(), capture_output=True, text=True, timeout=1500)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    lock = site_lock(out)
    assert not [n for n, e in lock.items() if "://" in e["file_name"]]
    assert lock["numpy"]["file_name"] == numpy_file
    assert lock["numpy"]["sha256"] == hashlib.sha256(donor.read_bytes()).hexdigest()
    for name, entry in lock.items():
        assert (out / "static" / "pyodide" / entry["file_name"]).is_file(), name
    assert "venus-widgets" in lock and "matplotlib" not in lock
    missing = (out / "MISSING.txt").read_text()
    assert "matplotlib==" in missing and "numpy==" not in missing


def _relative_links(markdown: str) -> list[str]:
    targets = re.findall(r"\]\(([^)\s]+)\)", markdown)
    return [t for t in targets if not re.match(r"^([a-zA-Z][a-zA-Z0-9+.-]*:|#|/)", t)]


def test_every_relative_link_of_the_sites_chapters_resolves(site):
    """The chapters link the glossary and the cheat sheets (and those
    link the rules pages); the site ships them and its copies of the chapters
    point at them, not at ../docs outside the site."""
    files = site / "files"
    chapters = sorted(files.glob("[0-9]*.ipynb"))
    assert len(chapters) == len(list((ROOT / "notebooks").glob("[0-9]*.ipynb")))
    checked, todo, seen = 0, [(c, md) for c in chapters for md in _markdown_cells(c)], set()
    while todo:
        page, text = todo.pop()
        for target in _relative_links(text):
            linked = (page.parent / target.partition("#")[0]).resolve()
            assert linked.is_relative_to(files.resolve()) and linked.is_file(), (
                f"{page.relative_to(files)} links {target}, which the site does not ship")
            checked += 1
            if linked.suffix == ".md" and linked not in seen:
                seen.add(linked)
                todo.append((linked, linked.read_text(encoding="utf-8")))
    assert checked > 50 and files / "docs" / "glossary.md" in seen


def _markdown_cells(nb_file: Path) -> list[str]:
    nb = json.loads(nb_file.read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown"]

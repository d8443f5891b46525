"""The committed bundle venus_widgets/static/widgets.js is built from js/ as it is.

Every widget loads one self-contained ES module, the same for every view
(anywidget cannot resolve relative imports at run time): esbuild bundles
js/widgets.js with the modules it imports (``make js``). A change to js/
without a rebuild would ship the old front end: the digest the bundle
records must be the digest of js/ now, and, where esbuild is installed
(``npm ci``, which ``make setup`` runs), a fresh build must give the same
bytes.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from venus_widgets.widgets import _assets

ROOT = Path(__file__).resolve().parents[1]
ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"


def test_the_bundle_records_the_sources_as_they_are():
    text = _assets.BUNDLE.read_text(encoding="utf-8")
    assert _assets.built_from(text) == _assets.source_digest(), (
        "venus_widgets/static/widgets.js was built from other sources than js/ holds now: run `make js`")


def test_the_digest_changes_with_any_source(tmp_path):
    for f in ("a.js", "b.js"):
        (tmp_path / f).write_text("export const x = 1;\n", encoding="utf-8")
    before = _assets.source_digest(tmp_path)
    (tmp_path / "b.js").write_text("export const x = 2;\n", encoding="utf-8")
    assert _assets.source_digest(tmp_path) != before


def test_one_bundle_in_static_self_contained_drawing_each_view():
    assert [p.name for p in _assets.STATIC.glob("*")] == ["widgets.js"]
    bundle = _assets.BUNDLE.read_text(encoding="utf-8")
    assert not re.search(r"^\s*import\s", bundle, re.M), "widgets.js still imports at run time"
    views = re.search(r"var VIEWS = \{(.*?)\n\};", bundle, re.S)
    assert views and re.findall(r"^  (\w+):", views.group(1), re.M) == list(_assets.VIEWS)  # js/widgets.js's views
    for name in _assets.VIEWS:
        text = _assets.esm(name)
        assert text.replace(f'"{name}"', _assets.VIEW_PLACEHOLDER) == bundle.replace(f'"{name}"', _assets.VIEW_PLACEHOLDER)
        assert f'var VIEW = "{name}";' in text and _assets.VIEW_PLACEHOLDER not in text
        assert "as default" in text and "render" in text
    with pytest.raises(ValueError, match="the views are check, task"):
        _assets.esm("chart")
    with pytest.raises(RuntimeError, match="make js"):
        _assets._with_view(bundle + bundle, "task")


@pytest.mark.skipif(not ESBUILD.exists(), reason="esbuild is not installed (npm ci, or make setup)")
def test_a_fresh_build_gives_the_committed_bytes(tmp_path):
    subprocess.run([sys.executable, str(ROOT / "scripts" / "build_js.py"), "--out", str(tmp_path)], check=True,
                   capture_output=True)
    assert [p.name for p in tmp_path.iterdir()] == ["widgets.js"]
    assert (tmp_path / "widgets.js").read_bytes() == _assets.BUNDLE.read_bytes(), (
        "venus_widgets/static/widgets.js differs from a fresh build: run `make js`")


def test_the_front_ends_readme_names_what_there_is():
    """js/README.md names every module of js/ and nothing that is not there:
    each ``x.js`` a module (or the bundle), each test file, path and
    ``module.name`` of Python it cites."""
    text = (ROOT / "js" / "README.md").read_text(encoding="utf-8")
    cited = set(re.findall(r"`([^`\s]+)`", text))
    python = {p.stem: p for p in (ROOT / "venus_widgets").rglob("*.py")}
    for word in sorted(cited):
        if word.endswith(".js") and "/" not in word:
            assert (ROOT / "js" / word).is_file(), f"js/README.md names {word}, which js/ does not hold"
        elif word.endswith((".mjs", ".json")) and "/" not in word:
            assert (ROOT / "js" / "tests" / word).is_file() or (ROOT / word).is_file(), (
                f"js/README.md names {word}, which neither js/tests/ nor the repository holds")
        elif "/" in word and "." in word.rsplit("/", 1)[-1]:
            assert (ROOT / word).exists(), f"js/README.md names {word}, which does not exist"
        elif re.fullmatch(r"[a-z_]+\.[a-z_]+", word):  # a Python name: module.name
            module, name = word.split(".")
            assert module in python, f"js/README.md names {word}: there is no module {module}.py"
            assert re.search(rf"^def {name}\b|^{name} =", python[module].read_text(encoding="utf-8"), re.M), (
                f"js/README.md names {word}: {module}.py has no {name}")
    modules = {p.name for p in (ROOT / "js").glob("*.js")}
    assert modules <= cited, f"js/README.md does not say what these are: {sorted(modules - cited)}"

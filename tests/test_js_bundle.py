"""The committed bundles in venus_widgets/static/ are built from js/ as it is.

The widgets load one self-contained ES module per view (anywidget cannot
resolve relative imports at run time); esbuild bundles each entry of js/
with the modules it imports (``make js``). A change to js/ without a
rebuild would ship the old front end: the digest each bundle records must
be the digest of js/ now, and, where esbuild is installed (``npm ci``,
which ``make setup`` runs), a fresh build must give the same bytes.
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


@pytest.mark.parametrize("name", _assets.ENTRIES)
def test_each_bundle_records_the_sources_as_they_are(name):
    text = (_assets.STATIC / f"{name}.js").read_text(encoding="utf-8")
    assert _assets.built_from(text) == _assets.source_digest(), (
        f"venus_widgets/static/{name}.js was built from other sources than js/ holds now: run `make js`")


def test_the_digest_changes_with_any_source(tmp_path):
    for f in ("a.js", "b.js"):
        (tmp_path / f).write_text("export const x = 1;\n", encoding="utf-8")
    before = _assets.source_digest(tmp_path)
    (tmp_path / "b.js").write_text("export const x = 2;\n", encoding="utf-8")
    assert _assets.source_digest(tmp_path) != before


def test_only_bundles_in_static_and_each_is_self_contained():
    assert sorted(p.stem for p in _assets.STATIC.glob("*")) == sorted(_assets.ENTRIES)
    for name in _assets.ENTRIES:
        text = _assets.esm(name)
        assert not re.search(r"^\s*import\s", text, re.M), f"{name}.js still imports at run time"
        assert "as default" in text and "render" in text


@pytest.mark.skipif(not ESBUILD.exists(), reason="esbuild is not installed (npm ci, or make setup)")
def test_a_fresh_build_gives_the_committed_bytes(tmp_path):
    subprocess.run([sys.executable, str(ROOT / "scripts" / "build_js.py"), "--out", str(tmp_path)], check=True,
                   capture_output=True)
    for name in _assets.ENTRIES:
        assert (tmp_path / f"{name}.js").read_bytes() == (_assets.STATIC / f"{name}.js").read_bytes(), (
            f"venus_widgets/static/{name}.js differs from a fresh build: run `make js`")

"""Binder: build the environment the way repo2docker does and run every
tutorial notebook in it.

repo2docker installs ``binder/requirements.txt`` into a fresh environment and
then runs ``binder/postBuild`` from the repository root (with a ``binder/``
folder it ignores ``pyproject.toml``). The test does the same in a fresh venv
(built from the pip registry, cached under ``build/binder-venv-<hash>`` keyed
on the requirements, the runtime and this Python; built for real when
missing), then executes every notebook of ``notebooks/`` there with nbconvert.
"""

from __future__ import annotations

import hashlib
import re
import shutil
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest

from .conftest import ROOT, jupyter_env

pytestmark = pytest.mark.browser

BINDER = ROOT / "binder"
REQUIREMENTS = BINDER / "requirements.txt"
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9]*.ipynb"))
PIN = re.compile(r"^([A-Za-z0-9_.\-]+)==([A-Za-z0-9_.+\-!]+)$")


def _pins():
    lines = [ln.strip() for ln in REQUIREMENTS.read_text().splitlines()]
    return [ln for ln in lines if ln and not ln.startswith("#")]


def test_requirements_are_pinned_to_the_tested_versions():
    """Only ``name==version`` lines (no local path, no ranges), each equal to
    the version this test suite runs with, and covering the package's own
    dependencies."""
    pins = _pins()
    assert pins, "binder/requirements.txt is empty"
    names = set()
    for line in pins:
        m = PIN.match(line)
        assert m, f"not a plain pin (a path or range disables repo2docker's cached layer): {line!r}"
        name, ver = m.groups()
        assert version(name) == ver, f"{name} is pinned to {ver} but the suite runs {version(name)}"
        names.add(name.lower().replace("_", "-"))
    for needed in ("numpy", "ipywidgets", "anywidget", "jupyterlab", "matplotlib"):
        assert needed in names, f"{needed} missing from binder/requirements.txt"
    post = (BINDER / "postBuild").read_text()
    assert "pip install --no-deps" in post and post.startswith("#!")
    assert (BINDER / "postBuild").stat().st_mode & 0o111, "postBuild must be executable"
    runtime = (BINDER / "runtime.txt").read_text().strip()
    assert runtime == f"python-{sys.version_info.major}.{sys.version_info.minor}"


def _venv_key() -> str:
    h = hashlib.sha256()
    for f in (REQUIREMENTS, BINDER / "runtime.txt"):
        h.update(f.read_bytes())
    h.update(sys.version.encode())
    return h.hexdigest()[:16]


def binder_venv() -> Path:
    """The repo2docker-like venv with the requirements installed (cached)."""
    venv = ROOT / "build" / f"binder-venv-{_venv_key()}"
    if (venv / ".complete").exists():
        return venv
    for old in (ROOT / "build").glob("binder-venv-*"):
        shutil.rmtree(old, ignore_errors=True)
    # built in place; only a venv whose build finished carries the .complete marker
    shutil.rmtree(venv, ignore_errors=True)
    venv.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", "-r", str(REQUIREMENTS)],
                   check=True, timeout=900)
    (venv / ".complete").write_text(_venv_key())
    return venv


def test_notebooks_run_in_a_binder_like_environment(tmp_path):
    venv = binder_venv()
    bindir = venv / "bin"
    env = jupyter_env(tmp_path / "home")
    env["PATH"] = f"{bindir}:{env['PATH'].split(':', 1)[1]}"
    env["VIRTUAL_ENV"] = str(venv)
    env.pop("PYTHONPATH", None)
    # postBuild, as repo2docker runs it: from the repository root, with the env's pip first on PATH
    subprocess.run([str(BINDER / "postBuild")], cwd=ROOT, env=env, check=True, timeout=600)
    where = subprocess.run(
        [str(bindir / "python"), "-c",
         "import venus_widgets, sys; print(venus_widgets.__file__); print(sys.prefix)"],
        cwd=tmp_path, env=env, capture_output=True, text=True, check=True).stdout.split()
    assert where[0].startswith(str(venv)), f"venus_widgets imported from {where[0]}, not the Binder env"
    exts = subprocess.run([str(bindir / "jupyter"), "labextension", "list"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, check=True)
    listing = exts.stdout + exts.stderr
    for ext in ("anywidget", "@jupyter-widgets/jupyterlab-manager"):
        assert ext in listing, f"{ext} labextension missing in the Binder env:\n{listing}"

    work = tmp_path / "notebooks"
    work.mkdir()
    for nb in NOTEBOOKS:
        shutil.copy2(nb, work / nb.name)
    out = tmp_path / "out"
    proc = subprocess.run(
        [str(bindir / "jupyter"), "nbconvert", "--to", "notebook", "--execute",
         "--ExecutePreprocessor.timeout=600", "--ExecutePreprocessor.kernel_name=python3",
         f"--output-dir={out}", *[str(work / nb.name) for nb in NOTEBOOKS]],
        cwd=work, env=env, capture_output=True, text=True, timeout=1200)
    assert proc.returncode == 0, proc.stderr[-5000:]
    assert sorted(p.name for p in out.glob("*.ipynb")) == [nb.name for nb in NOTEBOOKS]
    assert len(NOTEBOOKS) >= 1

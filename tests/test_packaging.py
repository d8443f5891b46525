"""The wheel a user installs: the front end inside it, no Node needed,
and the widgets load their modules from it (not from a checkout's js/)."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_wheel_ships_every_widget_module_and_loads_from_it(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps",
                    "-w", str(tmp_path), str(ROOT)], check=True, capture_output=True)
    wheel = next(tmp_path.glob("venus_widgets-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    # the one bundle every widget view loads, and nothing else of the front end
    assert [n for n in names if n.startswith("venus_widgets/static/")] == ["venus_widgets/static/widgets.js"]
    assert not [n for n in names if "/tests/" in n or n.endswith(".mjs")]
    drafts = sorted(p.name for p in (ROOT / "venus_widgets" / "drafts").glob("*.toml"))  # the shipped drafts
    assert drafts and all(f"venus_widgets/drafts/{d}" in names for d in drafts)
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    code = ("import venus_widgets as vw\n"
            "from venus_widgets.widgets import _assets\n"
            "print(_assets.STATIC)\n"
            "w = vw.TaskRoller()\n"
            "assert w._esm.startswith(_assets.BANNER) and 'as default' in w._esm and ' from \"' not in w._esm\n"
            "assert vw.load_edition('heresy.toml').ID == 'heresy'\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env={"PYTHONPATH": str(site), "PATH": ""},
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert Path(out.stdout.strip()) == site / "venus_widgets" / "static"

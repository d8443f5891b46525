"""The engine knows nothing of widgets: the widgets import the engine,
never the reverse ("Done when")."""

from __future__ import annotations

import subprocess
import sys


def _loaded_after(code: str) -> set[str]:
    out = subprocess.run(
        [sys.executable, "-c", code + "\nimport sys\nprint(' '.join(sorted(sys.modules)))"],
        capture_output=True, text=True, check=True,
    )
    return set(out.stdout.split())


def test_engine_imports_no_widget_library():
    loaded = _loaded_after(
        "import venus_widgets as vw\n"
        "vw.odds({'edition': 'agora', 'roll': 'task', 'helpers': [5, 5]})\n"
        "vw.roll({'roll': 'task', 'dice': 3}, seed=1)\n"
        "import venus_widgets.engine.editions.playtest, venus_widgets.engine.editions.playsheet, venus_widgets.engine.editions.agora\n"
        "vw.odds({'edition': 'heresy', 'pool': 6}), vw.odds({'edition': 'vers'})\n"
        "import venus_widgets.engine.editions.playtest.advancement"
    )
    assert "numpy" in loaded and "venus_widgets.engine.api" in loaded
    widget_stack = {m for m in loaded if m.split(".")[0] in ("anywidget", "ipywidgets", "traitlets", "IPython")}
    assert widget_stack == set()
    assert "venus_widgets.widgets" not in loaded

"""The widgets' modules show the design: each under 400 lines, one idea a
module, and no import circle among them (counting the imports deferred
into a function, which only hide a circle; those under ``TYPE_CHECKING``,
for annotations, do not run). The front end's modules are held to the
same in js/tests/widgets.test.mjs.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

WIDGETS = Path(__file__).resolve().parents[1] / "venus_widgets" / "widgets"
MODULES = sorted(WIDGETS.glob("*.py"))
MOST_LINES = 400


def sibling_imports(path: Path) -> set[str]:
    """The widget modules ``path`` imports (``from . import x``, ``from .x import y``), at any depth."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            typing_only.update(id(n) for sub in node.body for n in ast.walk(sub))
    out = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or node.level != 1 or id(node) in typing_only:
            continue
        if node.module:
            out.add(node.module.split(".")[0])
        else:
            out.update(a.name for a in node.names)
    return {m for m in out if (WIDGETS / f"{m}.py").exists()}


def test_the_scan_finds_imports_at_any_depth(tmp_path, monkeypatch):
    (tmp_path / "a.py").write_text("from . import b\ndef f():\n    from .c import x\n"
                                   "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .d import y\n")
    for m in "bcd":
        (tmp_path / f"{m}.py").write_text("")
    monkeypatch.setattr(__import__(__name__), "WIDGETS", tmp_path)
    assert sibling_imports(tmp_path / "a.py") == {"b", "c"}


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_no_module_is_over_400_lines(path):
    n = len(path.read_text(encoding="utf-8").splitlines())
    assert n <= MOST_LINES, f"widgets/{path.name} has {n} lines: split it by what is inside"


def test_no_import_circle_among_the_widgets():
    graph = {p.stem: sibling_imports(p) for p in MODULES}
    state: dict[str, str] = {}

    def visit(m: str, path: list[str]) -> None:
        if state.get(m) == "done":
            return
        assert state.get(m) != "open", "import circle: " + " -> ".join([*path, m])
        state[m] = "open"
        for n in sorted(graph.get(m, ())):
            visit(n, [*path, m])
        state[m] = "done"

    for m in graph:
        visit(m, [])

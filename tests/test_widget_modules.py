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


#: Members of the libraries' classes that begin with ``_`` but are theirs to offer: anywidget's front end
#: (``_esm``, ``_css``, documented) and IPython's display protocol (``_repr_mimebundle_``).
PUBLIC_BY_DOCS = {"_esm", "_css", "_repr_mimebundle_"}


def library_private_members() -> set[str]:
    """The private members (``_name``, not ``__dunder__``) of the ipywidgets,
    anywidget and traitlets classes the widgets build on."""
    import anywidget
    import ipywidgets
    import traitlets

    bases = (ipywidgets.Widget, ipywidgets.DOMWidget, ipywidgets.VBox, anywidget.AnyWidget, traitlets.HasTraits,
             traitlets.TraitType, traitlets.Int, traitlets.List, traitlets.Dict)
    names = {n for cls in bases for c in cls.__mro__ if c is not object for n in vars(c)}
    widget = ipywidgets.DOMWidget()  # and those an instance holds (its trait values, its model id)
    names |= set(vars(widget))
    widget.close()
    return {n for n in names if n.startswith("_") and not n.startswith("__")} - PUBLIC_BY_DOCS


def private_uses(path: Path, private: set[str]) -> list[str]:
    """Each place a module reads, calls or overrides one of ``private`` (``x._name``, ``def _name``,
    ``getattr(x, "_name")``), with its line."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        name = (node.attr if isinstance(node, ast.Attribute) else
                node.name if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else
                node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None)
        if name in private:
            out.append(f"{path.name}:{node.lineno} {name}")
    return out


def test_the_private_members_scan_finds_a_read_an_override_and_a_getattr(tmp_path):
    (tmp_path / "w.py").write_text("class W:\n    def _handle_msg(self, m):\n        super()._handle_msg(m)\n"
                                   "    def f(self):\n        return getattr(self, '_trait_values'), self._esm\n")
    assert private_uses(tmp_path / "w.py", library_private_members()) == [
        "w.py:2 _handle_msg", "w.py:3 _handle_msg", "w.py:5 _trait_values"]


def test_no_widget_uses_a_private_member_of_ipywidgets_or_traitlets():
    """Issue 34, item 3: the widgets keep to the libraries' public API (16
    lines used private ipywidgets and traitlets members); a private member
    may change or go in any release."""
    private = library_private_members()
    found = [use for path in MODULES for use in private_uses(path, private)]
    assert found == [], "private members of ipywidgets, anywidget or traitlets: " + ", ".join(found)

"""The engine's modules show the design: each under 400 lines, and no
import circle among them.

The graph is read from the source (``ast``), every module of
``venus_widgets/engine/`` a node, every import of another one an edge:
relative or absolute, at the top of a module or deferred into a function
(a deferred import only hides a circle). Imports under ``TYPE_CHECKING``
do not run and are left out: an annotation may name a type from either
side.
"""

from __future__ import annotations

import ast
import graphlib
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "venus_widgets"
ENGINE = "venus_widgets.engine"
MOST_LINES = 400


def module_names(package: Path) -> dict[str, Path]:
    """Dotted name -> file, for every module below ``package`` (a package by its ``__init__``)."""
    out = {}
    for path in package.rglob("*.py"):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _run_time_imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement that can run: at any depth, but not under ``if TYPE_CHECKING:``."""
    typing_only = {id(n) for node in ast.walk(tree)
                   if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
                   for sub in node.body for n in ast.walk(sub)}
    return [n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom)) and id(n) not in typing_only]


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The modules of ``modules`` that module ``name`` imports (``from x import m`` names module ``x.m``
    where it is one, else ``x``)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in _run_time_imports(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        else:
            base = package.split(".")[:len(package.split(".")) - node.level + 1] if node.level else []
            origin = ".".join(base + ([node.module] if node.module else []))
            targets = [f"{origin}.{a.name}" if f"{origin}.{a.name}" in modules else origin for a in node.names]
        for target in targets:
            while target and target not in modules:  # ``import a.b.c`` of a name inside a module: that module
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def import_graph(package: Path) -> dict[str, set[str]]:
    modules = module_names(package)
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def test_the_graph_reads_every_kind_of_import(tmp_path):
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    for f in ("__init__.py", "a.py", "b.py", "c.py", "d.py", "e.py", "sub/__init__.py", "sub/f.py"):
        (pkg / f).write_text("")
    (pkg / "a.py").write_text("from . import b\nfrom .sub.f import thing\nimport pkg.e\n"
                              "def later():\n    from .c import x\n"
                              "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .d import y\n")
    (pkg / "sub" / "f.py").write_text("from .. import a\nfrom ..b import name\n")
    graph = import_graph(pkg)
    assert graph["pkg.a"] == {"pkg.b", "pkg.sub.f", "pkg.e", "pkg.c"}  # deferred counted, TYPE_CHECKING not
    assert graph["pkg.sub.f"] == {"pkg.a", "pkg.b"}
    with pytest.raises(graphlib.CycleError):
        graphlib.TopologicalSorter(graph).prepare()


def test_no_import_circle_in_the_engine():
    graph = import_graph(PACKAGE)
    engine = {m: {n for n in targets if n.startswith(ENGINE)} for m, targets in graph.items() if m.startswith(ENGINE)}
    assert len(engine) > 100 and sum(map(len, engine.values())) > 300  # the whole engine was read
    try:
        graphlib.TopologicalSorter(engine).prepare()
    except graphlib.CycleError as err:
        pytest.fail("import circle: " + " -> ".join(err.args[1]))


@pytest.mark.parametrize("path", sorted((PACKAGE / "engine").rglob("*.py")),
                         ids=lambda p: str(p.relative_to(PACKAGE / "engine")))
def test_no_engine_module_is_over_400_lines(path):
    n = len(path.read_text(encoding="utf-8").splitlines())
    assert n <= MOST_LINES, f"engine/{path.relative_to(PACKAGE / 'engine')} has {n} lines: split it by what is inside"

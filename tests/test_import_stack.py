"""The engine and the widgets are a strict stack of rooms, as
docs/architecture.md ("The stack") draws it: a module imports only its own
room or a room on a floor below; no import circle between any two files;
a private name (``_name``) is imported only from a module of the same
room, and only a few at all.

Every import counts: at the top of a module, inside a function (a deferred
import only hides a dependency), under ``TYPE_CHECKING`` (an annotation
is a dependency too) and by name (``importlib.import_module(...)``, its
name read as far as the module's own constants say it: a name made at run
time only hides a dependency too). The allowed order is the picture in the docs, read
here; so the picture is the code's, and an import that goes up (or
sideways, between two rooms of one floor) fails with the file and the line.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from test_engine_modules import module_names

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "venus_widgets"
DOCS = ROOT / "docs" / "architecture.md"
#: The parts of the package the stack holds.
SCANNED = ("engine", "widgets")
#: The most private names (``from x import _name``, ``x._name``) one module may take from another
#: module of its own room (a helper the room's modules share); from another room, none.
MOST_PRIVATE = 10


@dataclass(frozen=True)
class Import:
    """One import of a module of the package: who imports, what, where."""

    source: str  # the importing module, dotted
    target: str  # the imported module, dotted (a package: its __init__)
    line: int
    private: tuple[str, ...] = ()  # the private names it takes from the target


def modules(package: Path = PACKAGE) -> dict[str, Path]:
    """Dotted name -> file, for every module below ``package`` (a package by its ``__init__``)."""
    return module_names(package)


def _owner(name: str, known: dict[str, Path]) -> str | None:
    """The module of ``known`` that holds ``name`` (``a.b.c`` of a name inside module ``a.b``: ``a.b``)."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


_STR_METHODS = {"rsplit", "rpartition", "split", "partition", "removesuffix", "removeprefix", "strip", "rstrip"}


def _text(node: ast.AST, name: str, consts: dict[str, ast.AST]) -> tuple[Any, bool]:
    """What a module name given to ``import_module`` says, read from the source:
    (the text, whole). A part only known at run time ends the text there
    (``f"{PACKAGE}.{edition_id}"``: ``PACKAGE``'s text and a dot, not whole).
    A string method's value on the way may be a list (``__name__.rsplit(".", 2)[0]``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, (str, int)):
        return node.value, True
    if isinstance(node, ast.Name) and node.id == "__name__":
        return name, True
    if isinstance(node, ast.Name) and node.id in consts:
        return _text(consts[node.id], name, consts)
    if isinstance(node, ast.FormattedValue):
        return _text(node.value, name, consts)
    if isinstance(node, (ast.BinOp, ast.JoinedStr)):
        parts = [node.left, node.right] if isinstance(node, ast.BinOp) else node.values
        if isinstance(node, ast.BinOp) and not isinstance(node.op, ast.Add):
            return "", False
        out = ""
        for part in parts:
            text, whole = _text(part, name, consts)
            if not isinstance(text, str):
                return out, False
            out += text
            if not whole:
                return out, False
        return out, True
    if isinstance(node, ast.Subscript):
        seq, whole = _text(node.value, name, consts)
        key, known = _text(node.slice, name, consts)
        if whole and known and isinstance(seq, (list, tuple)) and isinstance(key, int):
            return seq[key], True
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _STR_METHODS:
        base, whole = _text(node.func.value, name, consts)
        args = [_text(a, name, consts) for a in node.args]
        if whole and isinstance(base, str) and all(w for _, w in args):
            return getattr(base, node.func.attr)(*[a for a, _ in args]), True
    return "", False


def by_name(tree: ast.Module, name: str, known: dict[str, Path]) -> list[tuple[int, str | None, str]]:
    """Each import by name (``importlib.import_module(x)``, ``__import__(x)``) of a
    module: (line, the module of ``known`` it reaches or ``None``, the name as read)."""
    consts = {t.id: n.value for n in tree.body if isinstance(n, ast.Assign) for t in n.targets
              if isinstance(t, ast.Name)}
    out = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and node.args and (
                isinstance(node.func, ast.Attribute) and node.func.attr == "import_module"
                or isinstance(node.func, ast.Name) and node.func.id in ("import_module", "__import__"))):
            continue
        text, whole = _text(node.args[0], name, consts)
        text = text if isinstance(text, str) else ""
        target = text if whole else text.rpartition(".")[0]  # ``pkg.mod.{x}``: some module of ``pkg.mod``
        out.append((node.lineno, _owner(target, known) if target else None, text + ("" if whole else "...")))
    return out


def imports_of(name: str, path: Path, known: dict[str, Path]) -> list[Import]:
    """Every import of a module of ``known`` that module ``name`` makes, at
    any depth and under ``TYPE_CHECKING`` too, with the private names it takes
    (``from x import _y``; ``_y`` read off a module imported as a name)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[Import] = []
    bound: dict[str, str] = {}  # a local name -> the module it is bound to
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                target = _owner(a.name, known)
                if target and target != name:
                    found.append(Import(name, target, node.lineno))
                    if a.asname:
                        bound[a.asname] = target
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[:len(package.split(".")) - node.level + 1] if node.level else []
            origin = ".".join(base + ([node.module] if node.module else []))
            for a in node.names:
                whole = f"{origin}.{a.name}"
                if whole in known:  # a module: ``from pkg import module``
                    if whole != name:
                        found.append(Import(name, whole, node.lineno))
                        bound[a.asname or a.name] = whole
                    continue
                target = _owner(origin, known)
                if target and target != name:
                    private = (a.name,) if a.name.startswith("_") and not a.name.startswith("__") else ()
                    found.append(Import(name, target, node.lineno, private))
    for line, target, _said in by_name(tree, name, known):  # by name: where it can be read (else: below)
        if target and target != name:
            found.append(Import(name, target, line))
    for node in ast.walk(tree):  # module._private, the module bound by an import
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in bound
                and node.attr.startswith("_") and not node.attr.startswith("__")):
            found.append(Import(name, bound[node.value.id], node.lineno, (node.attr,)))
    return found


def read_stack(text: str) -> list[list[str]]:
    """The floors of the ```stack picture, bottom first: each a list of
    rooms, as paths below ``venus_widgets/`` (``engine/tools/`` a package,
    ``engine/api.py`` a module)."""
    block = re.search(r"```stack\n(.*?)```", text, re.S)
    assert block, "docs/architecture.md has no ```stack picture"
    floors = []
    for line in block.group(1).splitlines():
        rooms = []
        for word in line.split():
            if not (word.endswith("/") or word.endswith(".py")):
                break
            rooms.append(word)
        assert rooms, f"a floor of the stack names no room: {line!r}"
        floors.append(rooms)
    return floors[::-1]


def room_of(module: str, rooms: list[str]) -> str | None:
    """The room of the picture a dotted module belongs to (the longest that holds it)."""
    path = module.split(".")[1:]
    best = None
    for room in rooms:
        parts = room.rstrip("/").removesuffix(".py").split("/")
        whole = room.endswith(".py") or parts[-1] == "__init__"
        parts = [p for p in parts if p != "__init__"]
        if (path == parts if whole else path[:len(parts)] == parts) and (best is None or len(room) > len(best)):
            best = room
    return best


def scan(package: Path = PACKAGE, scanned: tuple[str, ...] = SCANNED) -> list[Import]:
    known = modules(package)
    top = package.name
    return [i for m, p in sorted(known.items()) if m.split(".")[1:2] and m.split(".")[1] in scanned
            for i in imports_of(m, p, known) if i.target.startswith(top)]


def circles(edges: list[Import]) -> list[list[str]]:
    """The file circles: strongly connected sets of more than one module (Tarjan)."""
    graph: dict[str, set[str]] = {}
    for e in edges:
        graph.setdefault(e.source, set()).add(e.target)
        graph.setdefault(e.target, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def breaches(edges: list[Import], floors: list[list[str]], prefix: str = "venus_widgets") -> list[str]:
    """Each import that leaves the picture, goes up or goes sideways, in words."""
    floor = {room: i for i, rooms in enumerate(floors) for room in rooms}
    out = []
    for e in edges:
        a, b = room_of(e.source, list(floor)), room_of(e.target, list(floor))
        where = f"{e.source.removeprefix(prefix + '.')} (line {e.line}) imports {e.target.removeprefix(prefix + '.')}"
        if a is None or b is None:
            out.append(f"{where}: {'it' if a is None else 'that'} is in no room of the stack's picture")
        elif a != b and floor[b] >= floor[a]:
            way = "up" if floor[b] > floor[a] else "sideways"
            out.append(f"{where}: {b} is {way} from {a}")
    return out


def private_names(edges: list[Import], rooms: list[str]) -> tuple[list[str], list[str]]:
    """The private names taken across module boundaries: (each ``module <- target._name``,
    those among them taken from another room)."""
    taken, foreign = [], []
    for e in edges:
        for n in e.private:
            words = f"{e.source} <- {e.target}.{n}"
            taken.append(words)
            if room_of(e.source, rooms) != room_of(e.target, rooms):
                foreign.append(words)
    return sorted(set(taken)), sorted(set(foreign))


# -- the scan itself -------------------------------------------------------------


def test_the_scan_reads_every_kind_of_import(tmp_path):
    pkg = tmp_path / "pkg"
    for d in ("engine/low", "engine/high", "widgets"):
        (pkg / d).mkdir(parents=True)
    for f in ("__init__.py", "engine/__init__.py", "engine/low/__init__.py", "engine/high/__init__.py",
              "widgets/__init__.py", "engine/low/a.py", "engine/low/b.py", "engine/high/c.py", "widgets/w.py"):
        (pkg / f).write_text("")
    (pkg / "engine/low/a.py").write_text(
        "from . import b\nfrom .b import _helper\n"
        "def later():\n    from ..high.c import thing\n"
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.widgets import w\n")
    (pkg / "engine/low/b.py").write_text("import pkg.engine.low.a as a\nx = a._secret\n")
    (pkg / "engine/high/c.py").write_text("from ..low import a\nfrom ..low.b import _helper\n")
    edges = scan(pkg)
    assert {(e.source, e.target) for e in edges} == {
        ("pkg.engine.low.a", "pkg.engine.low.b"), ("pkg.engine.low.a", "pkg.engine.high.c"),
        ("pkg.engine.low.a", "pkg.widgets.w"), ("pkg.engine.low.b", "pkg.engine.low.a"),
        ("pkg.engine.high.c", "pkg.engine.low.a"), ("pkg.engine.high.c", "pkg.engine.low.b")}
    # a deferred import and one under TYPE_CHECKING count: two circles' worth of edges, one circle
    assert circles(edges) == [["pkg.engine.high.c", "pkg.engine.low.a", "pkg.engine.low.b"]]
    floors = read_stack("```stack\nwidgets/   top\nengine/high/\nengine/low/  the bottom\n```")
    assert floors == [["engine/low/"], ["engine/high/"], ["widgets/"]]
    assert breaches(edges, floors, "pkg") == [
        "engine.low.a (line 4) imports engine.high.c: engine/high/ is up from engine/low/",
        "engine.low.a (line 7) imports widgets.w: widgets/ is up from engine/low/"]
    sideways = breaches(edges, read_stack("```stack\nengine/high/ engine/low/ widgets/\n```"), "pkg")
    assert "engine.low.a (line 4) imports engine.high.c: engine/high/ is sideways from engine/low/" in sideways
    taken, foreign = private_names(edges, ["engine/low/", "engine/high/", "widgets/"])
    assert taken == ["pkg.engine.high.c <- pkg.engine.low.b._helper", "pkg.engine.low.a <- pkg.engine.low.b._helper",
                     "pkg.engine.low.b <- pkg.engine.low.a._secret"]
    assert foreign == ["pkg.engine.high.c <- pkg.engine.low.b._helper"]


def test_the_scan_reads_an_import_by_name(tmp_path):
    pkg = tmp_path / "pkg"
    for d in ("engine/low", "engine/high", "widgets"):
        (pkg / d).mkdir(parents=True)
    for f in ("__init__.py", "engine/__init__.py", "engine/low/__init__.py", "engine/high/__init__.py",
              "widgets/__init__.py", "engine/low/a.py", "engine/high/c.py", "widgets/w.py"):
        (pkg / f).write_text("")
    (pkg / "engine/low/a.py").write_text(
        "import importlib\nHIGH = __name__.rsplit('.', 2)[0] + '.high'\n"
        "def later(x):\n    return importlib.import_module(f'{HIGH}.{x}')\n"
        "def view():\n    return importlib.import_module('pkg.widgets.w'), __import__(HIGH + '.c')\n"
        "def unread(x):\n    return importlib.import_module(x)\n")
    assert {(e.source, e.target, e.line) for e in scan(pkg)} == {
        ("pkg.engine.low.a", "pkg.engine.high", 4), ("pkg.engine.low.a", "pkg.widgets.w", 6),
        ("pkg.engine.low.a", "pkg.engine.high.c", 6)}
    tree = ast.parse((pkg / "engine/low/a.py").read_text())
    assert (8, None, "...") in by_name(tree, "pkg.engine.low.a", modules(pkg))


def test_every_import_by_name_is_read():
    """An import by name whose module the scan cannot read from the source
    (made at run time) would hide where it goes: name it with the module's
    constants (``PACKAGE = ...``; ``f"{PACKAGE}.{x}"`` reaches ``PACKAGE``)."""
    known = modules()
    unread = [f"{m} (line {line}): {said}" for m, path in sorted(known.items())
              for line, target, said in by_name(ast.parse(path.read_text(encoding="utf-8")), m, known)
              if target is None]
    assert unread == []
    assert any(e.source == "venus_widgets.engine" and e.target == "venus_widgets.engine.editions" for e in EDGES)


def test_a_room_is_a_package_a_module_or_a_packages_own_init():
    rooms = ["engine/", "engine/__init__.py", "engine/api.py", "engine/tools/", "widgets/"]
    assert room_of("venus_widgets.engine", rooms) == "engine/__init__.py"
    assert room_of("venus_widgets.engine.api", rooms) == "engine/api.py"
    assert room_of("venus_widgets.engine.tools", rooms) == "engine/tools/"
    assert room_of("venus_widgets.engine.tools.solve", rooms) == "engine/tools/"
    assert room_of("venus_widgets.engine.errors", rooms) == "engine/"
    assert room_of("venus_widgets.tutorial", rooms) is None


# -- the package --------------------------------------------------------------------

EDGES = scan()
FLOORS = read_stack(DOCS.read_text(encoding="utf-8"))
ROOMS = [room for rooms in FLOORS for room in rooms]


def test_the_whole_package_was_read():
    sources = {e.source for e in EDGES}
    assert len(sources) > 150 and len(EDGES) > 600
    assert {m.split(".")[1] for m in sources} == set(SCANNED)


def test_every_module_is_in_a_room_of_the_picture():
    homeless = [m for m in modules() if m.split(".")[1:2] and m.split(".")[1] in SCANNED
                and room_of(m, ROOMS) is None]
    assert homeless == [], "place these in docs/architecture.md's stack: " + ", ".join(homeless)


def test_no_import_circle_between_files():
    found = circles(EDGES)
    assert found == [], "import circles: " + "; ".join(" <-> ".join(c) for c in found)


def test_no_import_goes_up_or_sideways():
    found = breaches(EDGES, FLOORS)
    assert found == [], ("imports against docs/architecture.md's stack (move the code to the room it belongs "
                         "to, or pass what it needs in from above):\n" + "\n".join(found))


def test_no_two_engine_rooms_import_each_other():
    pairs = {(room_of(e.source, ROOMS), room_of(e.target, ROOMS)) for e in EDGES}
    both = sorted({tuple(sorted((a, b))) for a, b in pairs if a != b and (b, a) in pairs})  # type: ignore[type-var]
    assert both == []


def test_private_names_stay_in_their_room_and_are_few():
    taken, foreign = private_names(EDGES, ROOMS)
    assert foreign == [], "private names taken from another room (make them public): " + ", ".join(foreign)
    assert len(taken) <= MOST_PRIVATE, (f"{len(taken)} private names taken across modules (at most "
                                        f"{MOST_PRIVATE}): " + ", ".join(taken))

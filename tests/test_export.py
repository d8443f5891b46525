"""One export module: every CSV, Markdown and HTML text the
package writes goes through ``venus_widgets.engine.export``.

Three kinds of test: the module's rules (seeded properties, read back by
real parsers: Python's csv, two Markdown renderers, html.parser); each
export of the package given hostile names (a formula, ``<img onerror>``,
``|``, newlines); and a mechanical check of the source that finds an export
path not using the module (``csv``/``html`` imported elsewhere, or markup
built from a value that was not escaped).
"""

from __future__ import annotations

import ast
import csv
import html
import io
import re
from html.parser import HTMLParser
from pathlib import Path

import markdown as python_markdown
import mistune
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import venus_widgets as vw
from venus_widgets.engine import export
from venus_widgets.widgets import stills

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "venus_widgets"
SETTINGS = settings(deadline=None, derandomize=True, database=None, max_examples=200)

HOSTILE = ["=HYPERLINK(\"http://evil\",\"x\")", "<img src=x onerror=alert(1)>", "a|b", "two\nlines", "+1",
           "-cmd", "@SUM(A1)", "**bold** _it_ `code` [l](u) $x$ ~s~ \\", "'quoted", "tab\there", "&lt;b&gt;", "# h",
           "\u2028sep", "> quote"]

texts = st.text(st.characters(blacklist_categories=("Cs",)), max_size=30) | st.sampled_from(HOSTILE)


# -- the module's rules -------------------------------------------------------------------------


@SETTINGS
@given(rows=st.lists(st.lists(texts, min_size=3, max_size=3), min_size=1, max_size=4))
def test_csv_cells_are_one_line_never_a_formula_and_read_back(rows):
    text = export.csv_text(rows)
    assert text.count("\n") == len(rows)  # one physical line per row
    back = list(csv.reader(io.StringIO(text, newline="")))
    assert len(back) == len(rows)
    for row, read in zip(rows, back):
        for cell, got in zip(row, read):
            assert "\n" not in got and "\r" not in got
            assert got[:1] not in ("=", "+", "@", "\t", "\r") and (got[:1] != "-" or re.fullmatch(r"-[0-9.]+", got))
            assert export.csv_value(got) == export.one_line(cell)


class _Elements(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        # a still's picture: an SVG in an <img> from a data: URI (the package's own), not markup from a text
        src = dict(attrs).get("src") or ""
        self.tags.append("img:still" if tag == "img" and src.startswith("data:image/svg+xml;base64,") else tag)

    def handle_data(self, data):
        self.text.append(data)


def elements(markup: str) -> _Elements:
    p = _Elements()
    p.feed(markup)
    p.close()
    return p


@SETTINGS
@given(header=st.lists(texts, min_size=1, max_size=3), body=st.lists(texts, min_size=1, max_size=3))
def test_markdown_tables_keep_their_shape_and_show_text_as_text(header, body):
    rows = [body[: len(header)] + [""] * (len(header) - len(body))]
    md = export.markdown_table(header, rows, strong=[0])
    assert md.count("\n") == 2
    for render in (mistune.create_markdown(plugins=["table", "strikethrough", "url"]),
                   lambda t: python_markdown.markdown(t, extensions=["tables"])):
        out = elements(render(md))
        # a table of exactly these cells, and no element from the text (no img, script, a, em, code...)
        assert set(out.tags) <= {"table", "thead", "tbody", "tr", "th", "td", "strong"}, (md, out.tags)
        assert out.tags.count("th") == len(header) and out.tags.count("td") == len(header)


@SETTINGS
@given(text=texts)
def test_html_text_is_one_line_and_reads_back(text):
    out = export.html_text(text)
    assert not re.search(r"[<>\"'\n\r]", out)
    assert html.unescape(out) == export.one_line(text)
    assert elements(f"<p>{out}</p>").tags == ["p"]


@SETTINGS
@given(text=texts)
def test_markdown_text_makes_no_markup_in_a_paragraph(text):
    out = export.markdown_text(text)
    assert "\n" not in out
    rendered = mistune.create_markdown(plugins=["strikethrough", "url"])(out)
    assert set(elements(rendered).tags) <= {"p"}, (out, rendered)


# -- each export of the package, given hostile names -------------------------------------------


def hostile_party():
    names = ["=HYPERLINK(\"http://evil\",\"x\")", "<img src=x onerror=alert(1)>", "a|b", "@cmd", "**Bo**", "-1+2"]
    return {n: {"roll": "task", "dice": 2 + i} for i, n in enumerate(names)}


def csv_is_safe(text: str, lines: int) -> list[list[str]]:
    assert text.count("\n") == lines
    rows = list(csv.reader(io.StringIO(text, newline="")))
    for row in rows:
        for cell in row:
            assert cell[:1] not in ("=", "+", "@", "\t", "\r") and (cell[:1] != "-" or re.fullmatch(r"-[0-9.]+", cell)), cell
    return rows


def markdown_table_is_safe(text: str, columns: int, rows: int) -> None:
    lines = [line for line in text.split("\n") if line.startswith("|")]
    assert len(lines) == rows + 2
    for render in (mistune.create_markdown(plugins=["table"]), lambda t: python_markdown.markdown(t, extensions=["tables"])):
        out = elements(render(text))
        assert "img" not in out.tags and "script" not in out.tags and "a" not in out.tags
        assert out.tags.count("th") == columns and out.tags.count("td") == columns * rows


def test_fc_screen_and_party_ladder_exports_neutralise_and_escape_names():
    """The FC screen's CSV wrote a character named =HYPERLINK(...) as a live
    formula; the party ladder's Markdown carried names raw (<img onerror>, |, newlines)."""
    party = hostile_party()
    s = vw.FCScreen(party)
    pl = vw.party_ladder(party, 0.5)
    for text in (s.to_csv(), pl.to_csv(), s.table["csv"]):
        rows = csv_is_safe(text, len(pl.rungs) + 1)
        assert [export.csv_value(c) for c in rows[0][1:7]] == list(party)  # the names, as typed, unrun
    for text in (s.to_markdown(), pl.to_markdown(), s.table["markdown"]):
        markdown_table_is_safe(text, 9, len(pl.rungs))
    md = pl._repr_markdown_()
    assert "<img" not in md and "&lt;img" in md
    # a name with a newline: refused by the FC screen (a name is one line), one line in the engine's exports
    nl = vw.party_ladder({"two\nlines": {"roll": "task"}, "Bo": {"roll": "task"}}, 0.5)
    csv_is_safe(nl.to_csv(), len(nl.rungs) + 1)
    markdown_table_is_safe(nl.to_markdown(), 5, len(nl.rungs))
    with pytest.raises(vw.SpecError, match="a name on one line"):
        vw.FCScreen({"two\nlines": {"roll": "task"}})


def test_roll_log_csv_is_one_line_per_roll_and_round_trips():
    lg = vw.RollLog()
    texts = ["=1+2", "line\none", "<img src=x onerror=1>", "a|b"]
    a = vw.TaskRoller(edition="agora", consequences=4, consequence_texts=texts, log=lg, seed=5, kiss=0)
    a.roll_dice()
    for i in range(4):
        a._on_msg(a, {"do": "spend", "item": i}, [])
    vw.PoolRoller(edition="vers", log=lg, seed=3).roll_dice()
    text = lg.to_csv()
    csv_is_safe(text, len(lg) + 1)
    other = vw.RollLog()
    other.import_text(text, "csv")
    assert other.entries == lg.entries  # the result line is derived again, whole


def test_lab_compare_and_sweep_html_escape_variant_names():
    lab = vw.RuleLab(dice=3, a={"threshold_base": 2}, names=("<img src=x onerror=1>", "a|b & \"c\""))
    still = lab._repr_mimebundle_()["text/html"]
    c = lab.comparison
    s = vw.sweep({"roll": "task", "dice": 3}, over={"dice": [1, 2]}, variants={"<script>x</script>": {}})
    for markup in (still, c._repr_html_(), s._repr_html_(), s.heatmap("<script>x</script>")):
        out = elements(markup)
        assert "img" not in out.tags and "script" not in out.tags
    assert "&lt;img src=x onerror=1&gt;" in still


def test_html_stills_escape_every_text():
    """The roller's still, the explanation, the fit, the sample, the rules table:
    markup only from the package's own tags."""
    allowed = {"div", "p", "strong", "b", "svg", "rect", "title", "text", "line", "details", "summary", "table",
               "caption", "thead", "tbody", "tr", "th", "td", "ul", "ol", "li", "code", "span", "img:still"}
    w = vw.TaskRoller(dice=12)  # tiny chances: "<1 %" in the cells
    spec = {"roll": "task", "dice": 3}
    markups = [w.snapshot_html(), stills.snapshot("<img src=x onerror=1>", None, message="<script>x</script>"),
               vw.explain(spec)._repr_html_(), vw.fit(spec, [0, 1, 2, 3, 1])._repr_html_(),
               vw.rules("playtest")._repr_html_(), vw.sample({"roll": "task", "dice": 3}, n=200)._repr_html_()]
    for markup in markups:
        assert set(elements(markup).tags) <= allowed, set(elements(markup).tags) - allowed
    assert "&lt;1\u00a0%" in w.snapshot_html()  # kept with its number by a no-break space


# -- the mechanical check: no export path around the module ---------------------------------------

#: Authored text only (the rulebook's chapters and their figures' alt sentences, the generated field
#: reference): no user data.
AUTHORED = {"tutorial.py", "book_figures.py", "engine/contract/reference.py"}
#: The export module's functions, and names that hold numbers.
SAFE_CALLS = {"html_text", "markdown_text", "markdown_table", "csv_text", "csv_cell", "svg_image", "int", "float", "len", "round",
              "abs", "id"}
_TAG = re.compile(r"</?[a-zA-Z!]")


def _modules():
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel not in AUTHORED and rel != "engine/export.py":
            yield rel, ast.parse(path.read_text(encoding="utf-8"))


def test_csv_and_html_escaping_live_only_in_the_export_module():
    found = []
    for rel, tree in _modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found += [(rel, a.name) for a in node.names if a.name in ("csv", "html")]
            elif isinstance(node, ast.ImportFrom) and node.module in ("csv", "html", "html.parser"):
                found.append((rel, node.module))
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "replace" \
                    and node.args and isinstance(node.args[0], ast.Constant) and node.args[0].value in ("|", "<", "&"):
                found.append((rel, f"hand-escaping {node.args[0].value!r} at line {node.lineno}"))
    assert not found, f"export paths around venus_widgets/engine/export.py: {found}"


def _scope(fn: ast.AST) -> dict:
    """What a function assigns or appends to each name, and its aliases of the export functions."""
    assigned: dict[str, list[ast.AST]] = {}
    aliases: dict[str, str] = {}
    numbers: set[str] = set()
    for n in ast.walk(fn):
        if isinstance(n, (ast.For, ast.comprehension)) and isinstance(n.iter, ast.Call) \
                and isinstance(n.iter.func, ast.Name) and n.iter.func.id in ("enumerate", "range"):
            first = n.target.elts[0] if isinstance(n.target, ast.Tuple) else n.target
            if isinstance(first, ast.Name) and (n.iter.func.id == "range" or isinstance(n.target, ast.Tuple)):
                numbers.add(first.id)  # a count
        if isinstance(n, ast.Assign):
            for t in n.targets:
                if isinstance(t, ast.Tuple) and isinstance(n.value, ast.Tuple) and len(t.elts) == len(n.value.elts):
                    for e, v in zip(t.elts, n.value.elts):
                        if isinstance(e, ast.Name):
                            assigned.setdefault(e.id, []).append(v)
                if isinstance(t, ast.Name):
                    assigned.setdefault(t.id, []).append(n.value)
                    if isinstance(n.value, ast.Name) and n.value.id in SAFE_CALLS:
                        aliases[t.id] = n.value.id
        elif isinstance(n, (ast.AugAssign, ast.AnnAssign)) and isinstance(n.target, ast.Name) and n.value is not None:
            assigned.setdefault(n.target.id, []).append(n.value)
        elif (isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in ("append", "extend")
              and isinstance(n.func.value, ast.Name)):
            assigned.setdefault(n.func.value.id, []).extend(n.args)
    returns = [n.value for n in ast.walk(fn) if isinstance(n, ast.Return) and n.value is not None]
    return {"assigned": assigned, "aliases": aliases, "returns": returns, "seen": set(), "numbers": numbers}


def _sibling_defs(rel: str, tree: ast.AST) -> dict[str, ast.FunctionDef]:
    """The functions a module imports from another module of the package (``from .x import f as g``,
    ``from ..engine.tools.x import f``), by the name it uses."""
    out = {}
    for node in getattr(tree, "body", []):
        if isinstance(node, ast.ImportFrom) and node.level >= 1 and node.module:
            path = PACKAGE / Path(rel).parents[node.level - 1] / (node.module.replace(".", "/") + ".py")
            if path.exists():
                defs = {n.name: n for n in ast.parse(path.read_text(encoding="utf-8")).body
                        if isinstance(n, ast.FunctionDef)}
                out.update({a.asname or a.name: defs[a.name] for a in node.names if a.name in defs})
    return out


class _Markup(ast.NodeVisitor):
    """Every f-string that writes markup (HTML tags, or anything in a
    function named like a Markdown export) may interpolate only values the
    export module escaped, or numbers: a name counts when every value
    assigned or appended to it in the function does, and a call of a
    function of the same module, or one it imports from a sibling
    (``from .x import f``), when everything it returns does."""

    def __init__(self, rel: str, tree: ast.AST) -> None:
        self.rel = rel
        self.bad: list[str] = []
        self.stack: list[tuple[dict, bool]] = []
        self.defs = {n.name: n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
        self.defs.update(_sibling_defs(rel, tree))
        self.checking: set[str] = set()
        # module constants that are numbers (a chart's width and height)
        self.numbers = {t.id for n in getattr(tree, "body", []) if isinstance(n, ast.Assign)
                        for t in n.targets if isinstance(t, ast.Name) and isinstance(n.value, ast.Constant)
                        and isinstance(n.value.value, (int, float))}
        self.numbers |= {e.id for n in getattr(tree, "body", []) if isinstance(n, ast.Assign)
                         for t in n.targets if isinstance(t, ast.Tuple) and isinstance(n.value, ast.Tuple)
                         for e, v in zip(t.elts, n.value.elts) if isinstance(e, ast.Name)
                         and isinstance(v, ast.Constant) and isinstance(v.value, (int, float))}

    def visit_FunctionDef(self, node):
        if node.name in ("__repr__", "__str__"):
            return  # text for a Python prompt, not markup
        markdown = "markdown" in node.name or (bool(self.stack) and self.stack[-1][1])
        self.stack.append((_scope(node), markdown))
        self.generic_visit(node)
        self.stack.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_JoinedStr(self, node):
        if self.stack:
            scope, markdown = self.stack[-1]
            text = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
            if markdown or _TAG.search(text):
                for v in node.values:
                    if isinstance(v, ast.FormattedValue) and not self.safe(v, scope):
                        self.bad.append(f"{self.rel}:{v.lineno}: {ast.unparse(v.value)}")
        self.generic_visit(node)

    def safe(self, node, scope, depth: int = 0) -> bool:  # noqa: C901 - one case per kind of expression
        if depth > 16:
            return False
        if isinstance(node, ast.FormattedValue):
            if node.format_spec is not None and any(c in ast.unparse(node.format_spec) for c in "dfeg,%"):
                return True  # a number written by a format
            return self.safe(node.value, scope, depth + 1)
        if isinstance(node, ast.Constant):
            return isinstance(node.value, (str, int, float))
        if isinstance(node, ast.JoinedStr):
            return all(self.safe(v, scope, depth + 1) for v in node.values)
        if isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            owner = ast.unparse(f.value) if isinstance(f, ast.Attribute) else ""
            if isinstance(f, ast.Name) and (name in SAFE_CALLS or scope["aliases"].get(name) in SAFE_CALLS):
                return True
            if owner in ("export", "_export") and name in SAFE_CALLS:
                return True
            if name == "join" and isinstance(f, ast.Attribute) and isinstance(f.value, ast.Constant):
                return all(self.safe(a, scope, depth + 1) for a in node.args)
            if name in self.defs and (isinstance(f, ast.Name) or owner in ("self", "c", "cls")):
                if name in self.checking:
                    return True
                self.checking.add(name)
                try:
                    inner = _scope(self.defs[name])
                    return all(self.safe(r, inner, depth + 1) for r in inner["returns"])
                finally:
                    self.checking.discard(name)
            return False
        if isinstance(node, (ast.GeneratorExp, ast.ListComp)):
            return self.safe(node.elt, scope, depth + 1)
        if isinstance(node, ast.IfExp):
            return self.safe(node.body, scope, depth + 1) and self.safe(node.orelse, scope, depth + 1)
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Pow)):
            return True  # arithmetic: a number
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return True
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            return self.safe(node.left, scope, depth + 1) and self.safe(node.right, scope, depth + 1)
        if isinstance(node, (ast.List, ast.Tuple)):
            return all(self.safe(e, scope, depth + 1) for e in node.elts)
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
            return self.safe(node.value, scope, depth + 1)  # an item of a list of escaped values
        if isinstance(node, ast.Name):
            if node.id in scope["seen"] or node.id in self.numbers or node.id in scope["numbers"]:
                return True
            values = scope["assigned"].get(node.id)
            if not values:
                return False
            scope["seen"].add(node.id)
            try:
                return all(self.safe(v, scope, depth + 1) for v in values)
            finally:
                scope["seen"].discard(node.id)
        return False


def test_markup_is_built_only_from_escaped_values():
    bad = []
    for rel, tree in _modules():
        checker = _Markup(rel, tree)
        checker.visit(tree)
        bad += checker.bad
    assert not bad, "markup built from values the export module did not escape:\n" + "\n".join(bad)


def test_the_markup_check_finds_an_unescaped_value():
    """The check itself can fail: a cell written raw is found."""
    tree = ast.parse("def to_html(self, name):\n    e = html_text\n    ok = f'<td>{e(name)}</td>'\n"
                     "    return f'<tr>{ok}<td>{name}</td><td>{self.x:.2f}</td></tr>'\n")
    checker = _Markup("example.py", tree)
    checker.visit(tree)
    assert checker.bad == ["example.py:4: name"]

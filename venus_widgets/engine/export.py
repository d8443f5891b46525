"""Exports: every CSV, Markdown and HTML text the package writes goes through here.

One rule per format, so a new export keeps every promise of the old ones by
calling these functions (``tests/test_export.py`` finds an export that does
not):

* **one line per cell** (:func:`one_line`): a line break, tab or other
  control character in a cell becomes a space, so a name typed with a
  newline cannot break a table row or a CSV line;
* **CSV** (:func:`csv_cell`, :func:`csv_text`): a cell a spreadsheet would
  run as a formula (starting with ``=``, ``+``, ``-``, ``@``) is written
  with a leading ``'``, as is a cell starting with ``'`` (so
  :func:`csv_value` undoes it exactly); plain numbers such as ``-3`` stay
  numbers;
* **Markdown** (:func:`markdown_text`, :func:`markdown_table`): ``&`` and
  ``<`` as entities (no HTML from user text), the inline Markdown
  punctuation (``\\ ` * _ [ ] | ~ $``) and what would become a link by
  itself (``http:``, ``www.``, ``@``) escaped with a backslash, so a name
  shows as typed and never as markup, a link, a formula or a new column;
* **HTML** (:func:`html_text`): ``& < > " '`` escaped, on one line.

>>> csv_text([["name", "chance"], ["=HYPERLINK(\\"x\\")", -3]])
'name,chance\\n"\\'=HYPERLINK(""x"")",-3\\n'
>>> markdown_table(["name"], [["<img onerror=x> | a\\nb"]])
'| name |\\n|---|\\n| &lt;img onerror=x> \\\\| a b |'
>>> html_text('<b title="x">1 & 2</b>')
'&lt;b title=&quot;x&quot;&gt;1 &amp; 2&lt;/b&gt;'
"""

from __future__ import annotations

import base64
import csv
import html
import io
import re
from typing import Any, Iterable, Sequence

from ..palette import dark_style

#: Cells a spreadsheet reads as a formula start with one of these (OWASP's list;
#: tab and CR never reach a cell: :func:`one_line` makes them spaces).
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")

_PLAIN_NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?")
#: Line breaks and every other control character (C0, DEL, C1, line and paragraph separators)
_BREAKS = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
#: Markdown's inline punctuation that could turn text into markup, a link, math or a new column
_MD_PUNCT = re.compile(r"([\\`*_\[\]|~$])")
#: A cell or list item starting with these could start a heading, a list or a quote
_MD_LEAD = re.compile(r"^([#+\-=>])")
#: What GitHub and JupyterLab turn into a link by themselves (http://..., www...., a@b)
_MD_SCHEME = re.compile(r"(?i)\b(https?|ftp|mailto|file|javascript|data):")
_MD_WWW = re.compile(r"(?i)\b(www)\.")


def one_line(value: Any) -> str:
    """``value`` as text on one line: each line break, tab or control
    character becomes a space (``\\r\\n`` one space).

    >>> one_line("Ana\\r\\nthe\\tbold\\u2028one")
    'Ana the bold one'
    """
    return _BREAKS.sub(" ", str(value).replace("\r\n", "\n"))


# -- CSV -------------------------------------------------------------------------------


def csv_cell(value: Any) -> str:
    """A CSV cell: one line, and no formula a spreadsheet would run.

    >>> [csv_cell(v) for v in ("=1+2", "-3", -3, "'x", "@SUM(A1)", "a\\nb", 0.25)]
    ["'=1+2", '-3', '-3', "''x", "'@SUM(A1)", 'a b', '0.25']
    """
    cell = one_line(value)
    if cell[:1] in (*FORMULA_START, "'") and not _PLAIN_NUMBER.fullmatch(cell):
        return "'" + cell
    return cell


def csv_value(cell: str) -> str:
    """The text a cell of :func:`csv_cell` holds (the leading ``'`` removed).

    >>> csv_value(csv_cell("=1+2")), csv_value(csv_cell("'x")), csv_value("-3")
    ('=1+2', "'x", '-3')
    """
    return cell[1:] if cell.startswith("'") else cell


def csv_text(rows: Iterable[Sequence[Any]]) -> str:
    """Rows as CSV text (``\\n`` line ends), every cell through :func:`csv_cell`:
    one physical line per row."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    for row in rows:
        writer.writerow([csv_cell(c) for c in row])
    return buf.getvalue()


def csv_rows(text: str) -> list[list[str]]:
    """The rows of a CSV text (CR, LF or CRLF line ends), cells as written;
    raises ``csv.Error`` (a cell over ``csv.field_size_limit()`` characters,
    a stray quote)."""
    return list(csv.reader(io.StringIO(text, newline="")))


CSV_ERROR = csv.Error


def csv_field_limit() -> int:
    """The longest cell :func:`csv_rows` reads."""
    return csv.field_size_limit()


# -- Markdown ------------------------------------------------------------------------


def markdown_text(value: Any, line_start: bool = True) -> str:
    """Text for Markdown that shows as typed: one line, ``&`` and ``<`` as
    entities (no HTML, no autolink), the inline punctuation escaped; with
    ``line_start`` (text that may begin a line) a leading ``# + - = >`` too,
    so it cannot start a heading, a list or a quote.

    >>> markdown_text("**Bo** | <script> $x$ [a](b) >1")
    '\\\\*\\\\*Bo\\\\*\\\\* \\\\| &lt;script> \\\\$x\\\\$ \\\\[a\\\\](b) >1'
    >>> markdown_text("see http://x.org or www.x.org, bo@x.org")
    'see http\\\\://x.org or www\\\\.x.org, bo\\\\@x.org'
    >>> markdown_text("# not a heading"), markdown_text("#1", line_start=False)
    ('\\\\# not a heading', '#1')
    """
    text = _MD_PUNCT.sub(r"\\\1", one_line(value).replace("&", "&amp;").replace("<", "&lt;"))
    text = _MD_WWW.sub(r"\1\\.", _MD_SCHEME.sub(r"\1\\:", text)).replace("@", "\\@")
    return _MD_LEAD.sub(r"\\\1", text) if line_start else text


def markdown_table(header: Sequence[Any], rows: Iterable[Sequence[Any]],
                   strong: Iterable[int] = ()) -> str:
    """A Markdown table (GitHub's and JupyterLab's), every cell through
    :func:`markdown_text` (a cell holds no block, so a leading ``#`` stays
    as it is); the rows whose index is in ``strong`` in bold.

    >>> print(markdown_table(["setting", "Ana"], [["Tough", "26 %"], ["1 factor", "54 %"]], strong=[1]))
    | setting | Ana |
    |---|---|
    | Tough | 26 % |
    | **1 factor** | **54 %** |
    """
    bold = set(strong)
    lines = ["| " + " | ".join(markdown_text(c, False) for c in header) + " |", "|" + "---|" * len(header)]
    for i, row in enumerate(rows):
        cells = [markdown_text(c, False) for c in row]
        if i in bold:
            cells = [f"**{c}**" if c.strip() else c for c in cells]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


# -- HTML --------------------------------------------------------------------------------


def html_text(value: Any) -> str:
    """Text for HTML (an element's text or an attribute's value): one line,
    ``& < > " '`` escaped.

    >>> html_text("<img src=x onerror=alert(1)>\\n'q'")
    '&lt;img src=x onerror=alert(1)&gt; &#x27;q&#x27;'
    """
    return html.escape(one_line(value), quote=True)


def svg_image(svg: str, alt: str, width: int, height: int, confined: bool = True) -> str:
    """An SVG picture as an ``<img>`` with its alt text: the one form of a
    picture every viewer shows. An untrusted JupyterLab (every notebook
    Binder opens) sanitizes HTML outputs and takes an inline ``<svg>`` apart
    into its labels run together, but keeps an ``<img>`` whose source is a
    ``data:image/svg+xml`` URI (tests/browser/test_first_view.py). The SVG
    must stand alone (its ``xmlns``, its own colours and paper: inside an
    ``<img>`` it sees no page style); it turns itself dark on a dark page
    (:func:`~venus_widgets.palette.dark_style`). Not ``confined``, the picture keeps
    its width in a narrower output (which then scrolls sideways, JupyterLab's
    ``jp-mod-unconfined``), so a wide picture stays in one piece with its
    text at the size drawn.

    >>> svg_image("<svg xmlns='http://www.w3.org/2000/svg'/>", 'A "chart"', 10, 5)[:40]
    '<img src="data:image/svg+xml;base64,PHN2'
    >>> 'alt="A &quot;chart&quot;"' in svg_image("<svg/>", 'A "chart"', 10, 5)
    True
    """
    style = dark_style(svg)  # tag names and #rrggbb colours only: no text to escape
    if style:
        at = svg.index(">") + 1
        svg = svg[:at] + "<style>" + style + "</style>" + svg[at:]
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    fit = 'style="max-width:100%;height:auto"' if confined else 'class="jp-mod-unconfined" style="max-width:none"'
    return (f'<img src="data:image/svg+xml;base64,{html_text(data)}" alt="{html_text(alt)}" '
            f'width="{int(width)}" height="{int(height)}" {fit}>')

"""The Facilitator's screen as saved: its question, the party, the why
line and the ladder, as a picture in one piece (with alt text) and a table
(:class:`~.fcscreen.FCScreen` shows it where no kernel runs; the pictures'
rules are :mod:`.stills`').
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..engine.export import html_text, svg_image
from ..palette import ON_CELL
from .plain_words import percent
from .stills import _head, html_table, kept, svg_frame, svg_rect, svg_text, text_width



def fc_grid(caption: str, cols: Sequence[str], rows: Sequence[tuple[str, Sequence[tuple[str, str, str, bool]]]],
            alt: str) -> str:
    """The FC's ladder as one picture, every character and the party side by
    side as the live screen shows them: text at :data:`FC_SIZE` px, a
    setting's words on two lines when long, a name on two lines and cut
    short past them (whole in the alt text and the table), so six characters and the party stand in
    one piece in about 530 px (JupyterLab's default layout at 1,000 px); in a
    narrower output the picture keeps its width, its text its size, and
    scrolls sideways."""
    size, gap = FC_SIZE, FC_SIZE + 3
    labels = [_wrap(label, FC_HEAD, size) for label, _ in rows]
    row_head = 12 + int(max([text_width(x, size) for ls in labels for x in ls] + [30]))
    cell = 8 + int(max([text_width(c[0], size) for _, cells in rows for c in cells] + [text_width("party", size)]))
    col_w = max(cell, min(FC_NAME, 8 + int(max(text_width(c, size) for c in cols))))
    width = row_head + col_w * len(cols) + 8
    heads = _wrap(caption, width - 16, size + 1)
    y = 8 + gap * len(heads)
    body = [svg_text(8, 8 + gap * (k + 1) - 3, text, size + 1, weight="bold") for k, text in enumerate(heads)]
    y += 6
    names = [[_fit(x, col_w - 6, size) for x in _wrap(c, col_w - 6, size)[:2]] for c in cols]  # two lines at most
    for j, lines in enumerate(names):
        body += [svg_text(row_head + col_w * j + col_w / 2, y + gap * (k + 1) - 3, x, size, "middle", "bold")
                 for k, x in enumerate(lines)]
    y += gap * max([len(x) for x in names] + [1]) + 5
    for ls, (_, cells) in zip(labels, rows):
        h = gap * len(ls) + 7
        body += [svg_text(8, y + 3 + gap * (k + 1) - 3, x, size) for k, x in enumerate(ls)]
        mid = y + h / 2 + size / 2 - 2
        for j, (text, bg, fg, bold) in enumerate(cells):
            x0 = row_head + col_w * j
            if bg:
                body.append(svg_rect(x0 + 1, y + 1, col_w - 2, h - 2, bg, cls=ON_CELL))
            if bold:
                body.append(svg_rect(x0 + 1.5, y + 1.5, col_w - 3, h - 3, "none", "#1a1a1a", 2, cls=ON_CELL if bg else ""))
            body.append(svg_text(x0 + col_w / 2, mid, text, size, "middle", "bold" if bold else "normal",
                                 fg or "#1a1a1a", cls=ON_CELL if bg else ""))
        y += h
    svg = f"{svg_frame(width, y + 6)}{''.join(body)}</svg>"
    return f"<p>{svg_image(svg, alt, width, int(y + 6), confined=False)}</p>"


#: The FC picture's text (px): the picture is drawn at its width, never narrower.
FC_SIZE = 12
#: The widest a column of the FC picture grows for a long name (px), and a setting's words before they
#: go on two lines: six characters and the party then stand side by side in about 530 px.
FC_NAME, FC_HEAD = 56, 140


def _wrap(text: str, width: float, size: float) -> list[str]:
    """``text`` in lines of at most ``width`` px at ``size`` px, broken
    before a "+ ..." or "(...)" part where it can, else at spaces.

    >>> _wrap("Difficulty 4 + 4 factors (+2, +2, +2, +2)", 140, 12)
    ['Difficulty 4', '+ 4 factors', '(+2, +2, +2, +2)']
    >>> _wrap("Tough + 1 factor", 140, 12)
    ['Tough + 1 factor']
    """
    parts = re.split(r" (?=\+ |\()", text)
    pieces = [p for part in parts for p in ([part] if text_width(part, size) <= width else part.split())]
    lines = [""]
    for piece in pieces:
        if lines[-1] and text_width(f"{lines[-1]} {piece}", size) > width:
            lines.append(piece)
        else:
            lines[-1] = f"{lines[-1]} {piece}".strip()
    return lines


def _fit(text: str, width: float, size: float) -> str:
    """``text`` cut short with "…" to fit ``width`` px at ``size`` px.

    >>> _fit("Ana", 60, 12), _fit("Clara the Engineer", 60, 12)
    ('Ana', 'Clara t…')
    """
    if text_width(text, size) <= width:
        return text
    while text and text_width(text + "…", size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def fc_still(caption: str, title: str, party_words: str, members: Sequence[tuple[str, str]], target: float, why: str,
             far: str, ends: Sequence[str], cols: Sequence[str],
             rows: Sequence[tuple[str, Sequence[tuple[str, bool]]]]) -> str:
    """The FC's screen as it stands: its question, the party, the why line
    and the ladder (``rows`` of (setting, cells), each cell its text and
    whether it is marked nearest), as a picture with alt text and a table;
    ``caption`` says the ladder (:func:`~.fc_words.ladder_caption`)."""
    e = html_text
    grid = [(label, [(text, "#dddddd" if near else "", "", near) for text, near in cells]) for label, cells in rows]
    text_rows = [(label, [text for text, _ in cells]) for label, cells in rows]
    alt = (f"{caption}. " + "; ".join(f"{label}: " + ", ".join(f"{c} {v}" for c, v in zip(cols, vals))
                                      for label, vals in text_rows) + f". {why}.")
    listed = "".join(f"<li>{e(name)}: {e(words)}</li>" for name, words in members)
    far_line = f"<p>{e(far)}</p>" if far else ""
    end_lines = "".join(f"<p>{e(x)}</p>" for x in ends)
    return kept(f"<div class='vw-static'>{_head('FCScreen', '', 'to move the target and edit the party')}"
            f"<p><strong>{e(title)}</strong></p><p>{e(party_words)}</p><ul>{listed}</ul>"
            f"<p>Target chance: {e(percent(target))}. <strong>{e(why)}</strong></p>{far_line}"
            f"{fc_grid('Chance to pass, easiest setting first', cols, grid, alt)}"
            f"<details><summary>The ladder as a table (◆ nearest for that character, ▶ for the party)</summary>"
            f"{html_table(caption, cols, text_rows)}</details>{end_lines}</div>")

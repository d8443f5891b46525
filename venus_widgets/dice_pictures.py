"""Pictures of d6s for the rulebook's chapters: which dice succeeded, which
were KISSed, whose die each is (:func:`dice_figure`). Needs matplotlib, like
:mod:`venus_widgets.book_figures`, which lays the picture out; nothing here
is imported by ``import venus_widgets``."""

from __future__ import annotations

_PIPS = {1: [(0.5, 0.5)], 2: [(0.25, 0.75), (0.75, 0.25)], 3: [(0.25, 0.75), (0.5, 0.5), (0.75, 0.25)],
         4: [(0.25, 0.25), (0.25, 0.75), (0.75, 0.25), (0.75, 0.75)],
         5: [(0.25, 0.25), (0.25, 0.75), (0.5, 0.5), (0.75, 0.25), (0.75, 0.75)],
         6: [(0.25, 0.2), (0.25, 0.5), (0.25, 0.8), (0.75, 0.2), (0.75, 0.5), (0.75, 0.8)]}


def dice_figure(rows, title: str = "", columns=None, labels_above: bool = False):
    """A picture of d6s: ``rows`` is a list of ``(label, dice)``, each die a
    ``(face, successes, note)`` (note: a short word under the die, e.g.
    "KISSed"). A success has a thick border, a shaded face and "✓" under it
    (two for a doubled 6); a miss a thin dashed border and "–": the marks, not
    colour alone, say which is which. ``columns`` names each column's die once,
    above the top row (whose die it is: "Ada\nBronze"), so that no name sits
    between two rows; ``labels_above`` puts each row's label over its dice,
    not on their left, which gives four dice room for their notes. Returns the
    matplotlib figure."""
    import matplotlib.pyplot as plt
    from matplotlib.patches import FancyBboxPatch

    from .book_figures import TEXT, WIDTH

    width = max(len(d) for _, d in rows)
    left = 0.15 if labels_above else 2.2  # the room left of the dice: the row labels', when they are there
    # the words under a die, a word to a line; each row as tall as its dice and their words at the
    # figures' own scale (WIDTH px for the row labels and the dice) leave room for
    line = 1.25 * TEXT / ((WIDTH - 20) / (left + 0.95 * width))
    below = [[("✓" * int(s) if s else "–") + "".join(f"\n{w}" for w in ((n or "").split() if len(n or "") > 7 else [n] if n else [])) for _, s, n in dice]
             for _, dice in rows]
    pitches = [0.95 + line * (max(m.count("\n") + 1 for m in marks) + (1.1 if labels_above else 0))
               for marks in below]
    head = line * (max(c.count("\n") + 1 for c in columns) + 0.3) + 0.3 if columns else 0.0
    fig, ax = plt.subplots(figsize=(1.8 + 1.1 * width, 0.5 + sum(pitches) + head))
    top = sum(pitches)
    for r, (label, dice) in enumerate(rows):
        top -= pitches[r]
        y = top + pitches[r] - 0.7 - (line * 1.1 if labels_above else 0)
        if labels_above:
            ax.text(0, y + 0.8, label, ha="left", va="bottom")
        else:
            ax.text(-0.25, y + 0.45, label, ha="right", va="center")
        for i, ((face, scores, _), mark) in enumerate(zip(dice, below[r])):
            x = i * 0.95
            box = FancyBboxPatch((x, y), 0.7, 0.7, boxstyle="round,pad=0.02,rounding_size=0.08",
                                 facecolor="#cfe3f3" if scores else "white", edgecolor="#1a1a1a",
                                 linewidth=2.6 if scores else 1.0, linestyle="-" if scores else "--")
            ax.add_patch(box)
            for px, py in _PIPS[int(face)]:
                ax.add_patch(plt.Circle((x + 0.7 * px, y + 0.7 * py), 0.055, color="#1a1a1a"))
            ax.text(x + 0.35, y - 0.1, mark, ha="center", va="top", linespacing=1.1)
    for i, name in enumerate(columns or []):
        ax.text(i * 0.95 + 0.35, sum(pitches) + 0.3, name, ha="center", va="bottom", linespacing=1.1)
    ax.set_xlim(-left, width * 0.95)
    ax.set_ylim(-0.05, sum(pitches) + head + 0.05)
    ax.set_aspect("equal")
    ax.axis("off")
    if title:
        ax.set_title(title)
    return fig

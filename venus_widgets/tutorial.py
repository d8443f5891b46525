"""Small helpers the tutorial rulebook's chapters share (``notebooks/``).

Not part of the engine: they only format what the engine computes for a
notebook page. ``show`` needs matplotlib (installed with the notebooks'
dependencies); nothing here is imported by ``import venus_widgets``.

>>> table(["dice", "P(pass)"], [[1, "33.3%"], [2, "55.6%"]]).data.splitlines()[1]
'|---|---|'
"""

from __future__ import annotations

import base64
import hashlib
import io

import numpy as np

#: The four calibers (playtest) / ranks (playsheet), weakest first.
CALIBERS = ["bronze", "silver", "gold", "platinum"]
#: One colour and one marker per caliber in plots: never colour alone.
COLOURS = {"bronze": "#b0702a", "silver": "#8c96a0", "gold": "#d4a017", "platinum": "#4a7fa8"}
MARKERS = {"bronze": "o", "silver": "s", "gold": "^", "platinum": "D"}
#: The playtest check's absolute difficulties.
BASE = {"routine": 5, "simple": 10, "tough": 15, "challenging": 20, "absurd": 25}


def setup_plots() -> None:
    """The chapters' plot size and font (small enough for a laptop screen)."""
    import matplotlib.pyplot as plt

    plt.rcParams.update({"figure.figsize": (7.0, 3.6), "figure.dpi": 80, "font.size": 10})


def table(header, rows):
    """A Markdown table from a header and rows of cells."""
    from IPython.display import Markdown

    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return Markdown("\n".join(lines))


def fingerprint(fig) -> str:
    """A short hash of a figure's plotted numbers and labels."""
    digest = hashlib.sha256()
    texts = [t.get_text() for t in fig.texts]
    for ax in fig.axes:
        arrays = [line.get_xydata() for line in ax.lines]
        arrays += [patch.get_bbox().bounds for patch in ax.patches]
        arrays += [im.get_array() for im in ax.images]
        for a in arrays:
            digest.update((np.round(np.asarray(a, dtype=float), 9) + 0.0).tobytes())
        texts += [ax.get_title(), ax.get_xlabel(), ax.get_ylabel(), *ax.get_legend_handles_labels()[1]]
        texts += [t.get_text() for t in ax.texts]
    digest.update("|".join(texts).encode())
    return digest.hexdigest()[:16]


def show(fig, alt: str = "") -> None:
    """Show a figure. ``alt`` says in one sentence what it shows (for
    readers who cannot see it). Its text form carries a fingerprint of the
    plotted numbers and labels, which the tests compare with a fresh run: a
    plot left stale after a change fails them, just like a stale printed
    number."""
    import matplotlib.pyplot as plt
    from IPython.display import display

    text = f"<figure{': ' + alt if alt else ''}, data {fingerprint(fig)}>"
    png = io.BytesIO()
    fig.savefig(png, format="png", bbox_inches="tight")
    plt.close(fig)
    display({"image/png": base64.b64encode(png.getvalue()).decode("ascii"), "text/plain": text}, raw=True)

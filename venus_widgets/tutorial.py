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
import html
from collections.abc import Mapping
from typing import Any

import numpy as np

from .engine.editions.playtest.advancement import tasks_until  # noqa: F401 - the chapters count tasks with the engine's chain
from .dice_pictures import dice_figure  # noqa: F401 - the chapters draw their dice with it
from .palette import CALIBER_COLOURS, FAIL, GOAL, PASS  # noqa: F401 - the chapters' figures draw in the rollers' colours

#: The four calibers (playtest) / ranks (playsheet), weakest first.
CALIBERS = ["bronze", "silver", "gold", "platinum"]
#: One colour and one marker per caliber in plots: never colour alone. The rollers' dice have the
#: same colours (venus_widgets/palette.py); so have pass and fail, the rollers' PASS and FAIL.
COLOURS = CALIBER_COLOURS
MARKERS = {"bronze": "o", "silver": "s", "gold": "^", "platinum": "D"}
#: The playtest check's absolute difficulties.
BASE = {"routine": 5, "simple": 10, "tough": 15, "challenging": 20, "absurd": 25}


def target_fields(target: int) -> dict[str, object]:
    """The playtest difficulty word and relative factors that make a check's
    target (5..29): the highest absolute difficulty at or below it, plus the
    rest as factors.

    >>> target_fields(17)
    {'difficulty': 'tough', 'factors': 2}
    """
    word = max((d for d in BASE if BASE[d] <= target), key=BASE.__getitem__)
    return {"difficulty": word, "factors": target - BASE[word]}


def check_at(target: int, **fields) -> dict[str, object]:
    """A playtest check spec whose target is ``target``, with more fields.

    >>> check_at(23, caliber="gold", score=4)
    {'roll': 'check', 'difficulty': 'challenging', 'factors': 3, 'caliber': 'gold', 'score': 4}
    """
    return {"roll": "check", **target_fields(target), **fields}


def chance_or_never(p: float) -> str:
    """A chance to one decimal; "never" only when it is truly impossible.

    >>> chance_or_never(0.0), chance_or_never(0.0001)
    ('never', '<0.1%')
    """
    import venus_widgets as vw

    return "never" if p == 0 else vw.percent(p, 1)


def refusing_exp(spec) -> dict[int, float]:
    """exp one level-0 task gives a player who *plays to learn*: the primary
    consequence refused on purpose, so the task fails (+1), the learning pays
    (+1) and any success buys "I learned something new" (+1). (Playing to win
    is the engine's own model: ``advancement.exp_per_task``.)

    >>> {g: round(p, 4) for g, p in refusing_exp({"roll": "task", "dice": 1, "learning": True}).items()}
    {2: 0.6667, 3: 0.3333}
    """
    import venus_widgets as vw

    out: dict[int, float] = {}
    for s, p in vw.odds(spec).distribution.items():
        out[3 if s >= 1 else 2] = out.get(3 if s >= 1 else 2, 0.0) + p
    return dict(sorted(out.items()))


def mean_tasks(step: Mapping[int, float], need: int) -> float:
    """Expected number of tasks to collect ``need`` exp when a task gives 0, 1
    or 2 exp with probability ``step[g]`` (exact, by first-step analysis).

    >>> mean_tasks({0: 0.5, 2: 0.5}, 4)
    4.0
    """
    e = np.zeros(need + 1)  # e[x]: expected tasks still needed with x exp to go
    for x in range(1, need + 1):
        e[x] = (1 + step.get(1, 0.0) * e[x - 1] + step.get(2, 0.0) * e[max(x - 2, 0)]) / (1 - step.get(0, 0.0))
    return float(e[need])


def setup_plots() -> None:
    """The chapters' plot size and fonts: the figures' own (:mod:`venus_widgets.book_figures`),
    which lays every figure out to be read where it is shown."""
    from . import book_figures

    book_figures.setup()


def markdown_table(header, rows) -> str:
    """A Markdown table from a header and rows of cells.

    >>> print(markdown_table(["dice", "P(pass)"], [[1, "33 %"]]))
    | dice | P(pass) |
    |---|---|
    | 1 | 33 % |
    """
    lines = ["| " + " | ".join(str(h) for h in header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def table(header, rows):
    """A Markdown table from a header and rows of cells, for display in a notebook."""
    from IPython.display import Markdown

    return Markdown(markdown_table(header, rows))


def fingerprint(fig) -> str:
    """A short hash of a figure's plotted numbers and labels."""
    digest = hashlib.sha256()
    texts = [t.get_text() for t in fig.texts]
    for ax in fig.axes:
        arrays = [line.get_xydata() for line in ax.lines]
        arrays += [patch.get_extents().bounds if not hasattr(patch, "get_bbox") else patch.get_bbox().bounds
                   for patch in ax.patches]
        arrays += [im.get_array() for im in ax.images]
        for a in arrays:
            digest.update((np.round(np.asarray(a, dtype=float), 9) + 0.0).tobytes())
        texts += [ax.get_title(), ax.get_xlabel(), ax.get_ylabel(), *ax.get_legend_handles_labels()[1]]
        texts += [t.get_text() for t in ax.texts]
    digest.update("|".join(texts).encode())
    return digest.hexdigest()[:16]


def figure_html(png: bytes, alt: str, dark: bytes = b"") -> str:
    """The HTML form of a figure: the PNG with its alt text, and the same
    sentence as a visible caption (JupyterLab, Notebook 7, Voila and nbviewer
    prefer this form to the bare PNG, which stays beside it for the rest);
    the ``dark`` picture beside it, shown on a dark page in its place
    (:func:`venus_widgets.book_figures.figure_markdown` says how).

    >>> figure_html(b"png", 'Odds "rise" <fast>')
    '<figure><img src="data:image/png;base64,cG5n" alt="Odds &quot;rise&quot; &lt;fast&gt;"><figcaption><em>Figure:</em> Odds &quot;rise&quot; &lt;fast&gt;</figcaption></figure>'
    """
    text = html.escape(alt)
    data = base64.b64encode(png).decode("ascii")
    twin = (f'<img src="data:image/png;base64,{base64.b64encode(dark).decode("ascii")}" alt="{text}" '
            f'class="only-dark" style="display:none">' if dark else "")
    return (f'<figure><img src="data:image/png;base64,{data}" alt="{text}">{twin}'
            f"<figcaption><em>Figure:</em> {text}</figcaption></figure>")


def show(fig, alt: str) -> None:
    """Show a figure, laid out to be read where it is shown
    (:func:`venus_widgets.book_figures.pictures`: at most 320 px wide, text
    at least 14 px, a dark picture for dark pages). ``alt`` says in one
    sentence what it shows, for readers who cannot see it: it becomes the
    image's alt text and its visible caption. The figure's text form carries
    the alt sentence and a fingerprint of the plotted numbers and labels,
    which the tests compare with a fresh run: a plot (or a number in its alt
    sentence) left stale after a change fails them, just like a stale
    printed number."""
    import matplotlib.pyplot as plt
    from IPython.display import display

    from .book_figures import pictures

    alt = " ".join(alt.split())
    if not alt:
        plt.close(fig)
        raise ValueError("show(fig, alt=...) needs one sentence saying what the figure shows "
                         "(for readers who cannot see it).")
    text = f"<figure: {alt}, data {fingerprint(fig)}>"
    light, dark, _ = pictures(fig)
    display({"image/png": base64.b64encode(light).decode("ascii"),
             "text/html": figure_html(light, alt, dark),
             "text/plain": text}, raw=True)


# -- the three pregenerated characters, used throughout the rulebook -----------------

#: Each character's sheet: abilities (caliber, score), jobs (level, the two
#: abilities the job inherits), attributes (what, which kind), insights,
#: principles, Lots held and Ego. The chapters build every roll of these
#: characters from here, so a character rolls the same dice in every chapter.
PREGENS: dict[str, dict[str, Any]] = {
    "Bruno": {
        "concept": "the airship's gruff, brave mechanic, good with his hands",
        "abilities": {"Finesse": ("bronze", 3), "Swiftness": ("bronze", 2), "Wits": ("silver", 2),
                      "Resolve": ("bronze", 4)},
        "jobs": {"mechanic": (3, ("Finesse", "Wits")), "deckhand": (2, ("Swiftness", "Resolve"))},
        "attributes": [("a battered tool roll", "asset"), ("strong as an ox", "merit"),
                       ("knows every bolt of the Kestrel's motor", "discipline"),
                       ("oil to the elbows, a laugh like a foghorn", "feature")],
        "insights": ["The motor stalls when its fuel line ices up."],
        "principles": ["Nobody gets left behind.", "A machine deserves respect."],
        "lots": 4, "ego": True,
    },
    "Ada": {
        "concept": "the ship's quick, curious scout, who climbs anything",
        "abilities": {"Finesse": ("silver", 3), "Swiftness": ("silver", 4), "Wits": ("bronze", 3),
                      "Resolve": ("gold", 2)},
        "jobs": {"scout": (4, ("Swiftness", "Wits")), "courier": (1, ("Swiftness", "Resolve"))},
        "attributes": [("a good rope and a climbing hook", "asset"), ("a cat's balance", "merit"),
                       ("knots", "discipline"), ("a scarf of many colours, always humming", "feature")],
        "insights": ["Pirates of the Sunken Bay hunt with their lamps out."],
        "principles": ["See it with my own eyes.", "Never leave a debt unpaid."],
        "lots": 6, "ego": False,
    },
    "Clara": {
        "concept": "engineer and captain, calm and clever, who carries the crew",
        "abilities": {"Finesse": ("silver", 5), "Swiftness": ("bronze", 2), "Wits": ("gold", 3),
                      "Resolve": ("silver", 3)},
        "jobs": {"engineer": (6, ("Finesse", "Wits")), "captain": (2, ("Wits", "Resolve"))},
        "attributes": [("the airship Kestrel", "asset"), ("steady hands", "merit"),
                       ("reads the sky", "discipline"), ("a captain's coat; never raises her voice", "feature")],
        "insights": ["The Kestrel's gas bag is weakest at its aft seam."],
        "principles": ["The crew comes first.", "Never show fear."],
        "lots": 3, "ego": True,
    },
}


#: The jobs the pregenerated characters start learning in the rulebook's story (chapter 6: Ada
#: binds a wound), each with the two abilities it inherits: not on their sheets until then.
LEARNING: dict[str, dict[str, tuple[str, str]]] = {"Ada": {"medic": ("Wits", "Finesse")}}


def learned_level(name: str, job: str) -> int:
    """The level a job a pregenerated character is learning reaches at 16 exp:
    the lower of the scores of the two abilities it inherits.

    >>> learned_level("Ada", "medic")
    3
    """
    return min(ability(name, which)[1] for which in LEARNING[name][job])


def ability(name: str, which: str) -> tuple[str, int]:
    """A pregenerated character's ability: (caliber, score).

    >>> ability("Ada", "Swiftness")
    ('silver', 4)
    """
    return PREGENS[name]["abilities"][which]


def check_of(name: str, which: str, **fields) -> dict[str, object]:
    """A check of a pregenerated character's ability.

    >>> check_of("Ada", "Swiftness", difficulty="tough", factors=1)
    {'roll': 'check', 'caliber': 'silver', 'score': 4, 'difficulty': 'tough', 'factors': 1}
    """
    caliber, score = ability(name, which)
    return {"roll": "check", "caliber": caliber, "score": score, **fields}


def ally_die(name: str, job: str, which: str) -> str:
    """The caliber of the die a pregenerated character hands an ally: their
    own caliber in the ability the FC named for the task (``which``), offered
    with a job of level 1 or more (docs/rules_playtest.md, "Task").

    >>> ally_die("Ada", "courier", "Resolve"), ally_die("Ada", "scout", "Wits")
    ('gold', 'bronze')
    """
    level, _ = PREGENS[name]["jobs"][job]
    if level < 1:
        raise ValueError(f"{name} cannot offer aid with the {job} job: it is still being learned (level 0)")
    return ability(name, which)[0]


def task_of(name: str, job: str, which: str, helpers=(), **fields) -> dict[str, object]:
    """A task of a pregenerated character: the job's level in dice, at the
    caliber of the ability the FC named (which the job must inherit); each
    helper ``(name, job)`` adds a die at their caliber in that same ability.

    >>> task_of("Bruno", "mechanic", "Finesse", factors=1)
    {'roll': 'task', 'caliber': 'bronze', 'dice': 3, 'factors': 1}
    >>> task_of("Bruno", "deckhand", "Resolve", helpers=[("Ada", "courier"), ("Clara", "captain")])["allies"]
    ['gold', 'silver']
    """
    level, inherits = PREGENS[name]["jobs"][job]
    if which not in inherits:
        raise ValueError(f"{name}'s {job} job inherits {' and '.join(inherits)}, not {which}")
    spec: dict[str, object] = {"roll": "task", "caliber": ability(name, which)[0], "dice": level, **fields}
    if helpers:
        spec["allies"] = [ally_die(who, their_job, which) for who, their_job in helpers]
    return spec


def pregen_party() -> dict[str, dict[str, object]]:
    """The party the Facilitator's chapters and printed screen set difficulty for:
    each character about to attempt a task with their best job, as the player
    would roll it. Bruno with his mechanic job (Finesse) and a Lot ready for one
    KISS; Ada with her scout job (Swiftness), keeping her Lots; Clara with her
    engineer job (Wits) and two KISSes ready.

    >>> pregen_party()["Clara"]
    {'roll': 'task', 'caliber': 'gold', 'dice': 6, 'kiss': 2}
    """
    return {"Bruno": task_of("Bruno", "mechanic", "Finesse", kiss=1),
            "Ada": task_of("Ada", "scout", "Swiftness"),
            "Clara": task_of("Clara", "engineer", "Wits", kiss=2)}


def character_sheet(name: str) -> str:
    """A pregenerated character's sheet, in Markdown: every entry of the blank
    sheet (docs/character_sheet.md) filled in.

    >>> print(character_sheet("Bruno").splitlines()[0])
    **Bruno**. *Concept:* the airship's gruff, brave mechanic, good with his hands. *Abilities* (caliber and score):
    """
    c = PREGENS[name]
    abilities = markdown_table(list(c["abilities"]), [[f"{cal.title()} {score}" for cal, score in c["abilities"].values()]])
    jobs = [[j, lvl, " and ".join(inh), f"0 of {2 * lvl if lvl else 16}"] for j, (lvl, inh) in c["jobs"].items()]
    lines = [f"**{name}**. *Concept:* {c['concept']}. *Abilities* (caliber and score):", "", abilities, "",
             markdown_table(["job", "level", "inherits", "exp"], jobs), "",
             "*Attributes:* " + "; ".join(f"{what} ({kind})" for what, kind in c["attributes"]) + ".  ",
             "*Insight:* " + " ".join(c["insights"]) + "  ",
             "*Principles:* " + " ".join(c["principles"]) + "  ",
             f"*Lots:* {c['lots']} · *Ego:* {'yes' if c['ego'] else 'no'} · *Wounds:* none"]
    return "\n".join(lines)


def rarely(p: float) -> str:
    """A small chance in plain words: a percentage down to 0.1 %, then "about
    1 in N" with N rounded to two figures and said in words.

    >>> rarely(0.25), rarely(0.0003180032269962033), rarely(1.5915207064351072e-10)
    ('25.0%', 'about 1 in 3,100', 'about 1 in 6.3 billion')
    """
    import venus_widgets as vw

    if p >= 0.001 or p == 0:
        return vw.percent(p, 1)
    n = 1 / p
    digits = len(str(int(n))) - 2
    n2 = round(n, -digits) if digits > 0 else round(n)
    for size, word in ((1e9, "billion"), (1e6, "million")):
        if n2 >= size:
            return f"about 1 in {n2 / size:.2g} {word}"
    return f"about 1 in {int(n2):,}"


def pregenerated_sheets_page() -> str:
    """docs/pregenerated_sheets.md: the three pregenerated characters' sheets on one page to print
    (scripts/make_cheatsheets.py writes it; scripts/print_pages.py prints it on one sheet of paper).

    >>> pregenerated_sheets_page().splitlines()[2]
    '# The crew of the Kestrel: three characters to play'
    """
    sheets = "\n\n---\n\n".join(character_sheet(name) for name in PREGENS)
    return ("<!-- Generated by scripts/make_cheatsheets.py from the rulebook's characters: do not edit by hand. -->"
            "\n\n# The crew of the Kestrel: three characters to play\n\n"
            "Print this page and cut it in three, a sheet for each player. What each entry means: "
            "[chapter 0](../notebooks/00-a-roll-from-start-to-finish.ipynb); a blank sheet for a character "
            "of your own: [the character sheet](character_sheet.md).\n\n---\n\n" + sheets + "\n")

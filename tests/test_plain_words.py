"""Plain words everywhere a player reads, for every edition and every
draft that ships (issue 31 item 2, issue 30 item 3).

Each edition's samples (``SAMPLES``: the rolls it is tried on) are walked
through everything that puts words in front of a player: ``vw.explain``
(its title, steps and example roll), a roller ("Why this chance?", "What
if…", the odds panel's notes, the roll at the table played to the end, the
saved still), the roll log's cards and still, and the Facilitator's screen
(its table, why line, explanation, status and exports). Every text is
scanned for what a player should never read: formula notation, "(s)"
plurals, engine field names, verdict arrows, list brackets, raw fractions.

The words come from the editions' own modules and the shared word modules,
so a new edition (or a draft) is held to this by construction: it is
walked here as soon as it has samples.
"""

from __future__ import annotations

import html
import re
from typing import Any, Iterator

import pytest

import venus_widgets as vw
from test_edition_contract import DRAFTS, _kiss_seed, _play, _roller
from venus_widgets.engine.contract import edition
from venus_widgets.engine.drafts import read_draft
from venus_widgets.widgets import FCScreen
from venus_widgets.widgets.log_cards import entries_to_json

#: What a player never reads, each with why.
LEAKS: dict[str, str] = {
    r"\((?:s|es)\)": "a '(s)' plural",
    r"\^": "a power (formula notation)",
    r"\b[PC]\(": "P(...) or C(n, k) (formula notation)",
    r"\bsum over\b": "a sum (formula notation)",
    r"->": "a verdict arrow",
    r"<=|>=": "a comparison sign",
    r"\b[a-z]+_[a-z0-9_]+\b": "an engine field name (snake_case)",
    r"[\[\]]": "list brackets",
    r"\d(?:\.\d+)?e-?\d": "a number in scientific notation",
    r"(?<![\d.])0\.\d{4,}(?![\d ]*%)": "a raw fraction (a chance not in percent)",
    r"\(\d+/\d+\)": "a fraction in brackets (formula notation)",
    r"\bthe engine\b|\bengine's\b": "the engine (the program, not the game)",
    r"\bdouble6\b|\bNone\b|\bTrue\b|\bFalse\b": "a code value",
    r"\{chance\}": "an unfilled placeholder",
    r"\bdies\b": "'dies' (the plural of die is dice)",
    r"(?<![\d.,\-])1 (?:successes|passes|dice|factors|degrees|consequences|heads|sixes|ranks|trades)\b": "a plural after 1",
    r"\b([a-z]{3,}) \1\b": "a word said twice",
    r"\bthe own\b": "'the own dice' (a player's own dice are 'your dice')",
    r"\b[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]+)+\b": "a dotted name (a knob or field as code names it)",
    r"(?:^|[;:(]\s*|\s{2})auto-(?:pass|fail)\b|\bbonus-pass\b": "a check's result as code names it (the rules say "
                                                                "'automatic pass'; 'abilities auto-pass on 20' is fine)",
    r"\bpolicy\b": "the roller's 'policy' (say which dice the odds KISS)",
    r"\b(?:\d+|number of) (?:total|result)\b": "a total counted like successes ('4 result', 'number of total')",
    r"\bdice shows\b|\bdie show\b": "'the dice shows' (one die shows, dice show)",
    r"\bvw\.[A-Za-z_]+\(": "a Python call (a programmer's line, outside a programmers' aside)",
    r"(?<![\w.\-−])-\d": "a hyphen for a minus sign ('−1 net success', as a person writes it)",
}
LEAK = re.compile("|".join(f"(?:{p})" for p in LEAKS))

#: Keys whose values are codes the view reads, never shows as they are.
CODES = frozenset({"id", "phase", "kind", "shape", "name", "field", "key", "spec", "edition", "roll", "group", "tier",
                   "mime", "options", "policy", "fields", "rules", "doc", "seed", "owner", "category", "grade", "ego",
                   "outcome", "step", "_esm", "csv", "markdown", "source", "data"})
#: Chart bars and axis labels ("≥2") are the chart's, not sentences.
CHART = frozenset({"chart"})


def texts(value: Any, where: str, key: str | None = None) -> Iterator[tuple[str, str]]:
    """Every text in ``value`` a player may read, with where it was found."""
    if key in CODES or key in CHART:
        return
    if isinstance(value, str):
        yield where + (f"[{key}]" if key else ""), value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from texts(v, where, str(k))
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from texts(v, where, key)


def _strip(page: str) -> str:
    """A still's text as a reader meets it (alt text included)."""
    alts = re.findall(r'alt="([^"]*)"', page)
    return html.unescape(re.sub(r"<[^>]+>", " ", re.sub(r"<style.*?</style>", " ", page, flags=re.S))
                         + " " + " ".join(alts))


def leaks(found: Iterator[tuple[str, str]]) -> list[str]:
    """Each leak once (what, where first seen, the text around it)."""
    out: dict[tuple[str, str], str] = {}
    for where, text in found:
        for m in LEAK.finditer(text):
            why = next(w for p, w in LEAKS.items() if re.search(p, text[max(0, m.start() - 3):m.end() + 3]))
            around = text[max(0, m.start() - 60):m.end() + 60]
            out.setdefault((why, around), f"{why} {m.group(0)!r} in {around!r} ({where[:120]})")
    return list(out.values())


def said(found: list[tuple[str, str]]) -> str:
    got = leaks(iter(found))
    return f"{len(got)} leaks:\n" + "\n".join(got[:40])


def test_the_scan_finds_what_it_looks_for():
    said = [("x", s) for s in ("1 success(es)", "1 - (4/6)^3", "C(3, k) 0.3333^k", "P(pass)", "pass_without_kiss",
                               "a -> b", "factors [1]", "1e-12", "0.802469", "1 passes", "critical critical",
                               "face 6 of the own dice", "dice.d6.success is 4", "auto-pass: 5 %",
                               "KISS policy: the failed dice", "threshold 4 result", "each number of total",
                               "what the dice shows", "vw.TaskRoller(dice=3)")]
    assert len(leaks(iter(said))) >= len(said)
    fine = [("x", s) for s in ("Each die has a 1 in 3 chance to come up a success; with three dice, at least one "
                               "success comes up 70.37 % of the time.", "On average 0.33 successes per die.",
                               "Passed: d20 10 + score 4 = 14 against 12", "1 success, 2 needed.",
                               "e.g. a 4.5 % chance: see the book.", "automatic pass: 5 %",
                               "Silver abilities auto-pass on a 20.",
                               "a total of 4 or more", "a result of 4.5", "your dice show 5 and 6")]
    assert leaks(iter(fine)) == []


def _editions() -> list[str]:
    out = list(edition.ids())
    for name, samples in DRAFTS.items():
        ed = read_draft(name)
        ed.SAMPLES = samples
        out.append(name)
    return out


@pytest.fixture
def ed(request: Any) -> Any:
    """The edition (a draft registered for the test)."""
    ident = request.param
    if ident in edition.ids():
        yield edition.get(ident)
        return
    source = read_draft(ident)
    source.SAMPLES = DRAFTS[ident]
    edition.register(source)
    yield edition.get(source.ID)
    edition.unregister(source.ID)


def _specs(ed: Any) -> list[dict]:
    return [vw.normalize({"edition": ed.ID, **s}) for s in ed.SAMPLES.small + ed.SAMPLES.large]


EDITIONS = _editions()


@pytest.mark.parametrize("ed", EDITIONS, indirect=True)
def test_explain_speaks_plain_words(ed):
    found = []
    for s in _specs(ed):
        for seed in dict.fromkeys(x for x in (1, 2, 3, _kiss_seed(s)) if x is not None):
            e = vw.explain(s, seed)
            found += texts([e.title, *(x.line() for x in e.steps), *e.walk], f"explain {s} seed {seed}")
        found += texts(str(vw.explain(s)), f"explain text {s}")
    assert not leaks(iter(found)), said(found)


ROLLERS = {"check": "CheckRoller", "task": "TaskRoller", "pool": "PoolRoller"}


@pytest.mark.parametrize("ed", EDITIONS, indirect=True)
def test_rollers_their_stills_and_the_log_speak_plain_words(ed):
    found: list[tuple[str, str]] = []
    for family, kind in ed.at_table.ROLLERS.items():
        specs = [s for s in _specs(ed) if s["roll"] == kind]
        for s in specs[:2] + specs[-1:]:
            for seed in dict.fromkeys(x for x in (1, 7, _kiss_seed(s)) if x is not None):
                w = _roller(s, family, seed)
                w._handle({"do": "explain", "on": True})
                w._handle({"do": "what_if", "on": True})
                where = f"{family} {s} seed {seed}"
                found += texts({"why this chance": w.explanation, "what if": w.what_ifs, "odds": w.odds_view,
                                "words": w.words, "error": w.error}, where)
                found += texts(_strip(w.snapshot_html()), f"still of {where}")
                w.roll_dice()
                found += texts({"table": w.table, "status": w.status}, f"first faces, {where}")
                _play(w)
                found += texts({"table": w.table, "status": w.status}, f"the roll played, {where}")
                found += texts(entries_to_json(w.log.entries), f"log, {where}")
    assert found
    assert not leaks(iter(found)), said(found)


def test_a_roll_below_zero_is_said_with_the_minus_sign():
    """The docs' Heresy roller (pool 8, 3 black dice, seed 5) said "Failed (foul failure): -1 net success"."""
    w = vw.PoolRoller(edition="heresy", pool=8, black=3, seed=5)
    w.roll_dice()
    assert w.status == "Failed (foul failure): \u22121 net success"
    assert not leaks(iter(texts({"status": w.status, "table": w.table}, "heresy seed 5")))


@pytest.mark.parametrize("ed", EDITIONS, indirect=True)
def test_the_fc_screen_speaks_plain_words(ed):
    found: list[tuple[str, str]] = []
    for kind in ed.SCHEMAS:
        s = next(x for x in _specs(ed) if x["roll"] == kind)
        screen = FCScreen({"Ana": s, "Bo": s}, target=0.5)
        for i in range(2):
            screen._on_msg(screen, {"do": "explain", "index": i, "rung": None}, [])
            found += texts(screen.explanation, f"FC screen explanation {s}")
        screen._on_msg(screen, {"do": "add"}, [])
        where = f"FC screen {s}"
        found += texts({"table": screen.table, "why": screen.why, "status": screen.status, "error": screen.error,
                        "notes": screen.notes}, where)
        found += texts(_strip(screen.snapshot_html()), f"still of {where}")
        found += texts(screen.to_markdown(), f"markdown export of {where}")
    assert not leaks(iter(found)), said(found)


# -- any valid spec, not only the samples ----------------------------------------------------------

from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from test_properties import SETTINGS, valid_specs  # noqa: E402


@SETTINGS
@given(valid_specs(), st.integers(0, 2**32))
def test_any_valid_spec_is_explained_in_plain_words(spec, seed):
    e = vw.explain(spec, seed)
    found = list(texts([e.title, *(x.line() for x in e.steps), *e.walk], f"explain {spec} seed {seed}"))
    found += list(texts(list(vw.odds(spec).notes), f"odds notes {spec}"))
    assert not leaks(iter(found)), said(found)


def test_a_roller_refusing_its_values_says_why_in_plain_words():
    """The roller's error line said 'helpers=[4, 5] is not allowed: expected
    ranks that pair up, two of rank r making one of rank r-1 ... accept [4]'."""
    w = vw.TaskRoller(edition="agora", helpers=[4, 5])
    assert w.error.startswith("Helpers of ranks 4 and 5 cannot merge into one die"), w.error
    assert not leaks(texts({"error": w.error, "odds": w.odds_view}, "agora helpers 4 and 5")), w.error


@pytest.mark.parametrize("ed", EDITIONS, indirect=True)
def test_the_rule_labs_knob_cards_speak_plain_words(ed):
    """A knob's card in the lab: its name, its rule (the seed's quote, else a
    sentence of what it is), its value as read and what it takes. A draft's
    card showed its TOML line ('range = [0, 60]', 'faces = "2-5" # ... that
    shows 2 to 5') and its code name ('dice.d6.success') in small print."""
    from venus_widgets.widgets.lab_words import card, knob_words

    found: list[tuple[str, str]] = []
    for k in ed.KNOBS:
        c = card(k)
        assert c["label"] and (c["seed"] or c["says"]), c
        found += texts({"label": c["label"], "rule": c["seed"] or c["says"], "takes": c["takes"],
                        "as read": knob_words(c["default"])}, f"knob card {k.name}")
    assert not leaks(iter(found)), said(found)


def test_refusals_a_designer_meets_speak_plain_words():
    """What the rule lab says beside a knob it refuses, and what a draft's
    file is refused with (after its place: file, line, key), in plain words.
    A push that took a face that counts said "face 6 of the own dice"."""
    from venus_widgets.engine.drafts import EXAMPLES, DraftError

    text = (EXAMPLES / "heresy-push.toml").read_text()
    ident = vw.load_edition(text).ID
    found: list[tuple[str, str]] = []
    try:
        lab = vw.RuleLab(edition=ident, pool=6, black=3)
        for name, value in (("reroll.faces", [5, 6]), ("dice.d6.success", [1, 2, 6]), ("dice.d6.explode", [2, 6]),
                            ("dice.d6.sides", 4), ("dice.d6.sides", 30), ("fields.pool.max", 3),
                            ("dice.d6.depth", "deep")):
            lab.panel._on_msg(None, {"do": "knob", "variant": "B", "name": name, "value": value, "key": None}, None)
            found += texts({"beside the knob": dict(lab.panel.field_errors), "error": lab.panel.error}, f"lab {name}")
        assert len(found) >= 6
        with pytest.raises(DraftError) as err:
            vw.load_edition(text.replace('faces = "2-5"', 'faces = "5-6"').replace(f'id = "{ident}"', 'id = "pushed"'))
        assert "your dice" in err.value.words
        found += texts(err.value.words, "a draft's refusal")
    finally:
        edition.unregister(ident)
    assert not leaks(iter(found)), said(found)


def test_a_knob_of_any_shape_is_said_in_plain_words():
    """Knobs of parts a draft may hold (a face bound in a formula, an event's
    numbers, a group's count, a part the labels do not know yet): each gets
    a name and a sentence in words, never its code name."""
    from venus_widgets.engine.contract.knobs import Knob, whole
    from venus_widgets.engine.drafts.knob_words import says

    d = read_draft("heresy-push.toml").draft
    found = []
    for name, v in [("dice.d6.success.at_least.1", 3), ("dice.d6.marks.bane.at_least", 3), ("dice.d6.marks.bane", [1]),
                    ("dice.d6.success.but", [1, 6]), ("events.critical glitch.2", 2), ("events.glitch", 1),
                    ("groups.own.count.1", 2), ("groups.black.count", 3), ("outcome.value.2", 1),
                    ("spend.extra_effort.cost", 2), ("some_part.of_it.x", 4)]:
        label, sentence = says(d, Knob(name, v, whole(0, 9), 'x = "a + 3"'))
        assert label and sentence.endswith("."), (name, label, sentence)
        found += texts({"label": label, "rule": sentence}, name)
    assert not leaks(iter(found)), said(found)


# -- the settings line of a still, and the programmer's line of each widget -------------------------------


@pytest.mark.parametrize("ed", EDITIONS, indirect=True)
def test_every_setting_a_still_can_show_speaks_plain_words(ed):
    """A still's settings line says each field by its label and each value
    in the table's words, for every option a field has (not only the
    samples'): it said "KISS policy: the failed dice (the rules' way)" and
    "Allies: gold, silver" (the rules write a caliber with its capital)."""
    from venus_widgets.engine.contract import spec as _spec
    from venus_widgets.widgets.plain_words import setting
    from venus_widgets.widgets.stills import settings_text

    found: list[tuple[str, str]] = []
    lower: list[str] = []
    for kind in ed.SCHEMAS:
        for name, f in _spec.describe(ed.ID, kind).items():
            values: list[Any] = list(f.get("options") or ()) or [f.get("default")]
            item = f.get("item") if isinstance(f.get("item"), dict) else None
            if item and item.get("options"):
                values = [list(item["options"][:2]), list(item["options"][-1:])]
            for v in values:
                line = settings_text([(f.get("label") or name, setting(f, v))])
                found.append((f"setting {ed.ID} {kind} {name}={v!r}", line))
                lower += [line] if re.search(r"\b(?:bronze|silver|gold|platinum)\b", line) else []
    assert not leaks(iter(found)), said(found)
    assert not lower, lower


def _make_notebooks() -> Any:
    import importlib.util
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    out = []
    for name in ("make_notebooks", "build_book"):
        spec = importlib.util.spec_from_file_location(name, root / "scripts" / f"{name}.py")
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        out.append(mod)
    return root, *out


def test_the_line_that_makes_a_widget_is_a_collapsed_aside_for_programmers_only_in_the_notebook(tmp_path):
    """Every chapter page showed the Python call that makes each widget in an
    "In code" box (``vw.TaskRoller(edition="playtest", allies=["gold",
    "silver"], ego="double6")``) before it: a player read code on every page
    of the book. An RPG book shows no code: the line is in the notebook
    only, after the widget, in one collapsed aside marked for programmers
    (``<details>``, closed), whose visible words are plain; the book site
    leaves it out (its tag), so no book page holds a widget's line."""
    import nbformat

    root, mb, bb = _make_notebooks()
    asides = 0
    for path in sorted((root / "notebooks").glob("[0-9][0-9]-*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        lines = []
        for i, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                assert not re.search(r"^> \*\*In code\*\* \(only if you want it\)", cell.source, re.M), path.name
                continue
            line = cell.source.split("\n")[1]
            lines.append(line)
            aside = nb.cells[i + 1]
            assert aside.cell_type == "markdown" and aside.source == mb.programmers_aside(line), (path.name, i)
            assert mb.NOTEBOOK_ONLY in aside.metadata.get("tags", []), (path.name, i)
            assert aside.source.startswith("<details><summary>") and f"\n{line}\n" in aside.source
            summary = re.search(r"<summary>(.*?)</summary>", aside.source).group(1)
            assert not leaks(iter([(f"{path.name} aside {i}", summary)])), summary
            asides += 1
        book = bb.book_notebook(nbformat.reads(nbformat.writes(nb), as_version=4), path.name, bb.REPO, False, tmp_path)
        shown = "\n".join(c["source"] if isinstance(c["source"], str) else "".join(c["source"])
                          for c in book["cells"] if c["cell_type"] == "markdown")
        assert not [line for line in lines if line in shown], path.name
        # the rest of the book's prose holds code only in a closed aside for programmers (a chapter's "In code" box)
        outside = re.sub(r"<details><summary>For programmers: in code</summary>.*?</details>", "", shown, flags=re.S)
        assert not re.search(r"^> \*\*In code|<details open", outside, re.M), path.name
        assert not [m for m in re.finditer(r"\bvw\.[A-Za-z_]+\(", outside)], (path.name, outside[:300])
    assert asides >= 14


def test_the_still_of_every_shipped_draft_speaks_plain_words():
    """A draft whose outcome is a total, with no unit, was counted like
    successes: "threshold 7 total", "On average 4.5 result", "Exact odds of
    each number of total" (pbta, blades, savage)."""
    from venus_widgets.engine.drafts import EXAMPLES

    found: list[tuple[str, str]] = []
    for path in sorted(EXAMPLES.glob("*.toml")):
        with edition.as_it_was():
            ident = vw.load_edition(path.read_text()).ID
            for family in edition.get(ident).at_table.ROLLERS:
                w = getattr(vw, ROLLERS[family])(edition=ident)
                found += texts({"still": _strip(w.snapshot_html()), "spread": w.odds_view}, f"{path.name} {family}")
    assert not leaks(iter(found)), said(found)


def test_the_rule_labs_panel_and_still_speak_plain_words():
    """What the rule lab shows beside the knob cards: its comparison, the
    sample's verdict, what the heatmap leaves out, and its still. The sample
    said "The exact odds cut a tail of 6.9e-14", the heatmap "vw.sweep
    computes every cell"."""
    found: list[tuple[str, str]] = []
    for kw in ({"edition": "playtest", "roll": "check", "a": {"check_auto_pass_from": {"silver": 19}}},
               {"edition": "playtest", "roll": "task", "a": {"success_from": {"bronze": 4}}, "b": {"threshold_base": 2}},
               {"edition": "heresy", "a": {"trade_rate": 2}}):
        lab = vw.RuleLab(**kw)
        p = lab.panel
        view = {k: v for k, v in p.view.items() if k not in ("heat",)} if isinstance(p.view, dict) else p.view
        found += texts({"view": view, "error": p.error, "field_errors": dict(p.field_errors)}, f"lab {kw}")
        found += texts(_strip(lab.snapshot_html() if hasattr(lab, "snapshot_html") else p.snapshot_html()),
                       f"lab still {kw}")
    assert found
    assert not leaks(iter(found)), said(found)


def test_no_chapter_shows_a_refusal_as_code():
    """Chapter 10 printed the engine's refusal as it is: "allies=['silver',
    'silver', 'silver'] is not allowed: expected ..."; a chapter shows a
    refusal as the roller says it (the field's label, the value in words)."""
    from pathlib import Path

    import nbformat

    code = re.compile(r"\b[a-z_]+=\S+ is not allowed|\bis not allowed: expected\b")
    found = []
    for path in sorted((Path(__file__).parents[1] / "notebooks").glob("[0-9][0-9]-*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        for cell in nb.cells:
            texts_ = [cell.source] if cell.cell_type == "markdown" else [
                str(o.get("data", {}).get("text/markdown", "")) for o in cell.get("outputs", [])]
            found += [f"{path.name}: {m.group(0)!r}" for t in texts_ for m in code.finditer(t)]
    assert not found, found


def _title(still: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", re.search(r"<p class='vw-still-head'>(.*?)</p>", still).group(1)))


def _names_the_rules(title: str, ed: Any) -> list[str]:
    """What is wrong with a still's title: it must name the rules by the edition's name, never by its id."""
    wrong = [] if ed.NAME in title else [f"{title!r} does not name {ed.NAME!r}"]
    if ed.NAME == ed.ID or re.fullmatch(r"[a-z0-9_-]+", ed.NAME):
        wrong.append(f"{ed.ID}: its name {ed.NAME!r} is its id, not words")
    rest = title.replace(ed.NAME, "")
    if re.search(rf"(?<![\w-]){re.escape(ed.ID)}(?![\w-])|\b[a-z]+-[a-z]+\b|\(\w+ rules\)", rest):
        wrong.append(f"{title!r} names the rules by the id {ed.ID!r}")
    return wrong


def test_a_stills_title_names_the_rules_in_words_never_by_an_id():
    """A still's first line read "Task roller (playtest rules)", "Pool roller
    (heresy-draft rules)", "The rule lab (playtest task)": the edition's
    id, a code. It names the rules as a player reads them: the edition's
    name, a draft's name, for every edition and every draft that ships."""
    from venus_widgets.engine.drafts import EXAMPLES

    wrong: list[str] = []
    with edition.as_it_was():
        idents = list(edition.ids()) + [vw.load_edition(p.read_text()).ID for p in sorted(EXAMPLES.glob("*.toml"))]
        for ident in idents:
            ed = edition.get(ident)
            for family in ed.at_table.ROLLERS:
                wrong += _names_the_rules(_title(getattr(vw, ROLLERS[family])(edition=ident).snapshot_html()), ed)
            lab = vw.RuleLab(edition=ident)
            wrong += _names_the_rules(_title(lab.panel.snapshot_html()), ed)
    assert len(idents) >= 16
    assert not wrong, "\n".join(wrong)


#: A statistician's words a player or a Facilitator would not know (outside a "For the curious" aside).
STATISTICS = re.compile(
    r"\bp-values?\b|\bp = \d|\bsigmas?\b|σ|\bstandard deviations?\b|\bvariances?\b|\bdistributions?\b|"
    r"\bexpectations?\b|\bexpected values?\b|\bbinomial\b|\bmultinomial\b|\bstatistic(?:s|al|ally)?\b|"
    r"\bchi[- ]squared?\b|\bhypothes[ie]s\b|\bconfidence intervals?\b|\bpercentiles?\b|\bmedian\b|"
    r"\bsignifican(?:t|ce)\b|\brandom variables?\b|\bz-scores?\b|\bMonte Carlo\b", re.I)
#: Where a page may say them: an aside for the curious (or for programmers), closed until opened.
ASIDES = re.compile(r"<details><summary>For (?:the curious|programmers)[^<]*</summary>.*?</details>", re.S)
#: The pages beside the chapters that a player or a Facilitator reads.
PLAYERS_PAGES = ("facilitators.md", "fc_screen.md", "first_session.md", "glossary.md", "character_sheet.md",
                 "index.md", "cheatsheet_playtest.md", "cheatsheet_playsheet.md", "cheatsheet_agora.md")


def test_no_chapter_or_players_page_speaks_statistics_outside_an_aside_for_the_curious():
    """Chapter 13 said "Its p-value is the chance ..." and "± Sigma", and
    the fit verdict "(p = 5e-05)": a Facilitator reads "how often fair dice
    roll a set as unlikely as yours" and "the spread". A statistician's word
    may stand only in a closed aside for the curious."""
    from pathlib import Path

    import nbformat

    root = Path(__file__).resolve().parent.parent
    pages = {p.name: "\n".join(c.source for c in nbformat.read(p, as_version=4).cells if c.cell_type == "markdown")
             for p in sorted((root / "notebooks").glob("[0-9][0-9]-*.ipynb"))}
    pages |= {name: (root / "docs" / name).read_text(encoding="utf-8") for name in PLAYERS_PAGES}
    found = [f"{name}: {m.group(0)!r} in {text[max(0, m.start() - 60):m.end() + 40]!r}"
             for name, page in pages.items() for text in [ASIDES.sub("", page)] for m in STATISTICS.finditer(text)]
    assert len(pages) >= 20
    assert not found, f"{len(found)} statistics words:\n" + "\n".join(found[:20])
    assert not STATISTICS.search("the chance to pass; the spread; how often fair dice roll a set as unlikely")
    assert STATISTICS.search("its p-value") and STATISTICS.search("± Sigma")

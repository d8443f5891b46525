"""The difference at a glance (issue 33, item 3): compare and the lab lead
with one sentence of what changed and by how much, and show at most about
15 rows (the long tail grouped, unchanged runs of outcomes said once as "no
change"), the same rows in the chart, the still and the table. Every chance
an edition reports (events included, when the odds carry them) is compared
the same way."""

from __future__ import annotations

import dataclasses
import re
from fractions import Fraction
from typing import Any, Mapping

import pytest

import venus_widgets as vw
from venus_widgets.engine.contract import edition as registry
from venus_widgets.engine.drafts import EXAMPLES
from venus_widgets.engine.maths.odds import Odds
from venus_widgets.engine.maths.quantities import GOAL, PASS, reported
from venus_widgets.engine.tools.compare import Comparison
from venus_widgets.engine.tools.compare_chart import difference_svg
from venus_widgets.engine.tools.compare_glance import MOST, VISIBLE, glance, headline

HERESY, PUSH = "heresy", "heresy-push"  # the built-in edition (its shipped draft) and a shipped draft, loaded here


@pytest.fixture(scope="module", autouse=True)
def _drafts():
    for name in ("heresy", "heresy-push"):
        vw.load_edition((EXAMPLES / f"{name}.toml").read_text())
    yield
    for ident in (HERESY, PUSH):
        registry.unregister(ident)

#: chapter 11's comparison: the Heresy Engine as read and with a push
CHAPTER_11 = ({"edition": HERESY, "pool": 6, "black": 3}, {"as read": {}, "with a push": PUSH})

CASES = [
    CHAPTER_11,
    ({"edition": HERESY, "pool": 4, "black": 3}, {"with a push": PUSH}),
    ({"edition": PUSH, "pool": 12, "black": 6}, {"4s and 5s": {"reroll.faces": [4, 5]},
                                                    "impressive at 5": {"outcome.degrees.impressive": 5}}),
    ({"roll": "task", "dice": 3}, {"Bronze 4-6": {"success_from": {"bronze": 4}}, "threshold 2": {"threshold_base": 2}}),
    ({"roll": "task", "dice": 3, "factors": 1, "ego": "double6"}, {"Ego 4": {"ego_double_from": 4}}),
    ({"edition": "agora", "roll": "task"}, {"one 1": {"snake_eyes_ones": 1}}),
    ({"edition": "playsheet", "roll": "task", "dice": 12, "explode": True}, {"from 8": {"explode_from": 8}}),
    ({"edition": "vers", "roll": "check", "ranks": 3}, {"CT 12": {"base_ct": 12}}),
    ({"edition": "heresy", "roll": "task", "pool": 20}, {"5s too": {"reroll_faces": [5, 6]}}),
]


def _ids(case):
    return f"{case[0].get('edition', 'playtest')}-{'-'.join(case[1])}"


@pytest.mark.parametrize("case", CASES, ids=[_ids(c) for c in CASES])
def test_at_most_15_rows_and_every_chance_that_moves_is_in_one(case):
    c = vw.compare(*case)
    rows = c.glance()
    assert 1 <= len(rows) <= MOST and rows[0]["key"] == "pass"
    assert len({r["tick"] for r in rows}) == len(rows), "two rows read the same"
    named = {q for r in rows for q in r["label"].split(": ")[-1].split(", ")}  # alone, alike, or among the least
    for n in c.names[1:]:
        for q, (a, b) in c.changes(n).items():
            if q in (PASS, GOAL) or q in named or abs(b - a) < VISIBLE:
                continue
            # left out only when it restates the chance to pass or to reach the goal (or its complement)
            said = [(c.odds[m].p_pass, c.odds[m].p_goal) for m in ("base", n)]
            assert any(all(abs(x - y) < 1e-12 for x, y in zip((a, b), ends)) for ends in (
                (said[0][0], said[1][0]), (said[0][1], said[1][1]), (1 - said[0][0], 1 - said[1][0]))), q
    # a group of outcomes says each variant's largest change in it, signed, taken from the exact differences
    for r in rows:
        if r["kind"] == "group" and re.match(r"at least −?\d+ to −?\d+", r["label"]):
            lo, hi = (int(x.replace("−", "-")) for x in re.findall(r"−?\d+", r["label"])[:2])
            for n in c.names[1:]:
                run = [d / 100 for k, d in c.difference(n).items() if lo <= k <= hi]
                assert r["d"][n] == pytest.approx(max(run, key=abs), abs=1e-12)


def test_chapter_11s_comparison_fits_15_rows_where_it_had_46():
    c = vw.compare(*CHAPTER_11)
    assert len(c.to_rows()) == 46  # every outcome, as c.to_rows() still gives them
    ticks = [r["tick"] for r in c.glance()]
    assert len(ticks) <= 15 and ticks[0] == "to pass"
    assert "foul failure" in ticks and "good success" in ticks  # the degrees the designer wrote, by name
    assert ticks[-1].startswith("≥") and " to ≥" in ticks[-1]  # the long tail: one row
    assert not any(t in ("≥−3", "≥33") for t in ticks)  # neither the certain floor nor a lone tail outcome


def test_a_knob_that_moves_no_outcome_says_no_change_once():
    c = vw.compare({"edition": PUSH, "pool": 6, "black": 3}, {"impressive at 5": {"outcome.degrees.impressive": 5}})
    rows = c.glance()
    outcomes = [r for r in rows if r["label"].startswith("at least")]
    assert len(outcomes) == 1 and outcomes[0]["group"] == "no change" and outcomes[0]["d"]["impressive at 5"] == 0
    assert re.fullmatch(r"at least −?\d+ to \d+ net successes", outcomes[0]["label"])
    assert "good success" in [r["label"] for r in rows] and "impressive" in [r["label"] for r in rows]
    assert c.headline("impressive at 5").startswith("impressive at 5: the chance to pass stays at 78.5 %; "
                                                    "the biggest change is ")


def test_the_headline_is_one_sentence_with_the_chance_and_the_points():
    c = vw.compare(*CHAPTER_11)
    assert c.headline("as read") == "as read: the same rules as the base, so the same odds."
    push = c.headline("with a push")
    assert push == ("with a push: the chance to pass rises from 44.7 % to 78.5 % (+33.8 points); "
                    "the biggest change elsewhere: good success, from 22.9 % to 40.9 % (+18.0 points).")
    assert push.count(". ") == 0 and push.endswith(".") and "->" not in push  # words, not a verdict arrow
    agora = vw.compare({"edition": "agora", "roll": "task"}, {"one 1": {"snake_eyes_ones": 1}})
    assert agora.headline("one 1") == ("one 1: the chance to pass stays at 87.5 %; the biggest change is criticals, "
                                       "from 7.4 % to 42.1 % (+34.7 points).")
    knob = vw.compare({"roll": "task"}, {"Ego 5s": {"ego_double_from": 5}})
    assert knob.headline("Ego 5s") == "Ego 5s: no change for this roll (the same odds)."
    with pytest.raises(vw.SpecError):
        c.headline("base")


@dataclasses.dataclass(frozen=True)
class _WithEvents(Odds):
    """Odds that carry a draft's named events (as drafts' odds do once the kernel reports them)."""

    events: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    events_passed: Mapping[str, Any] = dataclasses.field(default_factory=dict)


def _with_glitch(c: Comparison, chance: dict[str, Fraction], passed: dict[str, Fraction] | None = None) -> Comparison:
    """``c`` as if its edition reported a named event (a glitch) with these
    chances (and, ``passed``, its chances with a pass)."""
    def add(o, p, q=None):
        return _WithEvents(**{f.name: getattr(o, f.name) for f in dataclasses.fields(Odds)
                              if f.name not in ("events", "events_passed")},
                           events={"glitch": p}, events_passed={} if q is None else {"glitch": q})
    passed = passed or {}
    return Comparison(c.spec, c.names, {n: add(o, float(chance[n]), passed.get(n) and float(passed[n]))
                                        for n, o in c.odds.items()},
                      c.verdicts, {n: add(o, chance[n], passed.get(n)) for n, o in c.exact.items()})


def test_a_named_event_joins_the_rows_and_the_sentence_by_construction():
    """Events (a glitch, a critical) are chances the odds report: the glance
    compares them as every other, with no code of their own."""
    c = vw.compare({"roll": "task", "dice": 3}, {"Bronze 4-6": {"success_from": {"bronze": 4}}})
    big = _with_glitch(c, {"base": Fraction(1, 10), "Bronze 4-6": Fraction(6, 10)})
    assert reported(big.odds["base"])["glitch"] == 0.1 and big.changes("Bronze 4-6")["glitch"] == (0.1, 0.6)
    rows = big.glance()
    glitch = next(r for r in rows if r["label"] == "glitch")
    assert glitch["p"] == {"base": 0.1, "Bronze 4-6": 0.6} and glitch["d"]["Bronze 4-6"] == pytest.approx(0.5)
    assert rows.index(glitch) == 1  # a named chance comes before the outcomes
    assert big.headline("Bronze 4-6").endswith("the biggest change is glitch, from 10.0 % to 60.0 % (+50.0 points).")
    small = _with_glitch(c, {"base": Fraction(1, 10), "Bronze 4-6": Fraction(12, 100)})
    assert small.headline("Bronze 4-6").startswith("Bronze 4-6: the chance to pass rises")
    assert any(r["label"] == "glitch" for r in small.glance())


def test_the_chart_lays_one_row_under_another():
    c = vw.compare(*CHAPTER_11)
    rows = c.glance()
    svg, width, height = difference_svg({n: n for n in c.names}, rows)
    assert width == 320 and height < 15 * 40 + 20
    ticks = re.findall(r"<text class='tick'[^>]*>(.*?)</text>", svg)
    assert len(ticks) == len(rows) <= 15
    tops = [float(y) for y in re.findall(r"<text class='tick'[^>]*><tspan x='6' y='([\d.]+)'", svg)]
    assert all(b - a >= 14 for a, b in zip(tops, tops[1:]))
    assert "as read" not in svg  # a variant with the base's rules draws no bars
    html_ = c._repr_html_()
    assert "Not drawn, the same odds as the base: as read." in html_
    assert html_.index(c.headline("with a push").replace("->", "-&gt;")) < html_.index("<img")
    assert html_.count("<tr>") == len(rows) + 1  # the table: the same rows, under one head


def test_headline_and_glance_are_typed_methods_of_the_comparison():
    c = vw.compare(*CHAPTER_11)
    assert c.headlines == {n: headline(c, n) for n in c.names[1:]}
    assert c.glance(8) == glance(c, 8) and len(c.glance(8)) <= 8


def test_a_check_names_its_way_of_passing_apart_from_the_chance_to_pass():
    """A check's breakdown has a chance called "pass" (without an auto-pass): the
    chance to pass is "to pass", so no two rows read the same."""
    c = vw.compare({"roll": "check", "caliber": "gold", "score": 5, "difficulty": "tough"},
                   {"auto 12": {"check_auto_pass_from": {"gold": 12}}})
    ticks = [r["tick"] for r in c.glance()]
    assert ticks == ["to pass", "auto-pass", "pass"] and len(set(ticks)) == len(ticks)
    assert c.headline("auto 12") == ("auto 12: the chance to pass stays at 55.0 %; the biggest change is auto-pass, "
                                     "from 10.0 % to 45.0 % (+35.0 points).")


def test_the_rulebooks_comparisons_lead_as_compare_does():
    """Chapters 08, 10 and 11 led their comparisons with the old verdict
    strings ('+17.1 points to pass (1 success): from 70.4 % to 87.5 %; ...') and
    a row per outcome: each now leads with compare's one sentence, and its
    table holds at most 15 rows."""
    import json
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "notebooks"
    tables = 0
    for name in ("08-editions-compared", "10-the-rule-lab", "11-write-your-own-draft"):
        text = "\n".join("".join(c["source"]) for c in json.loads((root / f"{name}.ipynb").read_text())["cells"]
                         if c["cell_type"] == "markdown")
        assert not re.search(r"%\)? -> ", text), name  # no verdict arrow between two chances
        assert "P(pass)" not in text and "points to pass (" not in text, name
        for lead, body in re.findall(r"((?:^\* .*\n)+)\n(\| chance \|.*\n(?:\|.*\n?)*)", text, flags=re.M):
            tables += 1
            assert all(re.match(r"\* .+?: the (?:chance to pass|same rules)|\* .+?: no change", x)
                       for x in lead.strip().splitlines()), lead
            assert len(body.strip().splitlines()) - 2 <= MOST, body
    assert tables >= 4


def test_a_named_events_chance_with_a_pass_joins_the_rows_too():
    """Odds carry each event's chance with a pass beside its chance
    (``events_passed``: a critical that passes, a glitch on a pass): the
    comparison reads both, with nothing written for them."""
    c = vw.compare({"roll": "task", "dice": 3}, {"Bronze 4-6": {"success_from": {"bronze": 4}}})
    big = _with_glitch(c, {"base": Fraction(1, 10), "Bronze 4-6": Fraction(3, 10)},
                       {"base": Fraction(1, 20), "Bronze 4-6": Fraction(6, 10)})
    rows = {r["label"]: r for r in big.glance()}
    assert rows["glitch with a pass"]["p"] == {"base": 0.05, "Bronze 4-6": 0.6}
    assert big.headline("Bronze 4-6").endswith("the biggest change is glitch with a pass, from 5.0 % to 60.0 % "
                                               "(+55.0 points).")


#: more rule pairs and drafts, beside CASES, for the sentence's arithmetic
MORE = [
    *[({"roll": "task", "dice": n}, {"threshold 2": {"threshold_base": 2}, "Bronze 4-6": {"success_from": {"bronze": 4}}})
      for n in (1, 2, 4, 5)],
    *[({"edition": HERESY, "pool": n, "black": b}, {"with a push": PUSH}) for n, b in ((3, 1), (5, 2), (8, 4))],
    *[({"edition": "vers", "roll": "check", "ranks": r}, {"CT 12": {"base_ct": 12}}) for r in (1, 2, 5)],
    ({"edition": "heresy", "roll": "task", "pool": 8}, {"5s too": {"reroll_faces": [5, 6]}}),
    ({"edition": "playsheet", "roll": "task", "dice": 6, "explode": True}, {"from 9": {"explode_from": 9}}),
]

_NUMBER = r"(\d+(?:\.\d+)?) %"
_SIGNED = r"([+−]\d+(?:\.\d+)?|±0) points"


def _value(text: str) -> Fraction:
    return Fraction(text.replace("−", "-").replace("±", ""))


@pytest.mark.parametrize("case", CASES + MORE, ids=[_ids(c) for c in CASES + MORE])
def test_the_points_are_the_difference_of_the_percentages_shown(case):
    """A reader checks the sentence: "from 70.4 % to 25.9 % (−44.5 points)"
    adds up as printed (it said −44.4 points, the difference of the exact
    chances rounded, in 7 of 23 sentences of CASES); so does a verdict's
    "−44.5 points to pass (...): from 70.4 % to 25.9 %"."""
    c = vw.compare(*case)
    checked = 0
    for n in c.names[1:]:
        for said in (c.headline(n), c.verdicts[n]):
            for a, b, d in re.findall(f"from {_NUMBER} to {_NUMBER} \\({_SIGNED}\\)", said):
                assert _value(b) - _value(a) == _value(d), said
                checked += 1
            for d, a, b in re.findall(f"{_SIGNED} to pass[^:]*: from {_NUMBER} to {_NUMBER}", said):
                assert _value(b) - _value(a) == _value(d), said
                checked += 1
            # every change in points said beside two chances is one of those checked
            assert len(re.findall(r"\(\S+ points\)", said)) == len(re.findall(f"\\({_SIGNED}\\)", said)), said
    assert checked or all(v.startswith("no change") for v in c.verdicts.values())


@pytest.mark.parametrize("case", CASES + MORE, ids=[_ids(c) for c in CASES + MORE])
def test_a_rows_points_are_the_difference_of_its_chances_shown(case):
    """The chart and the table wrote "−44.4" beside 70.4 % and 25.9 %, under a sentence that says
    (−44.5 points): a row's points are the difference of its two chances as shown, as the sentence's."""
    from venus_widgets.engine.tools.compare_chart import bar_words, value_words

    c = vw.compare(*case)
    for r in c.glance():
        for n in c.names[1:]:
            if r["group"]:
                continue
            a, b = (vw.percent(r["p"][k], 1) for k in ("base", n))
            if a != b and "<" not in a + b and ">" not in a + b:
                d = _value(b[:-1]) - _value(a[:-1])
                assert _value(value_words(r, n)) == d and bar_words(r, n) == value_words(r, n), (r["label"], a, b)


def test_the_rulebooks_comparison_tables_have_a_column_per_rule_set():
    """Chapter 10's comparisons had a column of chances and a column of points per variant: six columns,
    the last ("no change") cut at 400 px. A column per rule set, each variant's points in brackets beside
    its chance, as the lab's table: "42.1% (+34.7)"."""
    import json
    from pathlib import Path

    nb = Path(__file__).resolve().parent.parent / "notebooks" / "10-the-rule-lab.ipynb"
    text = "\n".join("".join(c["source"]) for c in json.loads(nb.read_text())["cells"] if c["cell_type"] == "markdown")
    tables = re.findall(r"^(\| chance \|.*)\n\|[-| :]+\|\n((?:\|.*\n?)*)", text, flags=re.M)
    assert len(tables) >= 4
    for head, body in tables:
        cols = head.strip("|").split("|")
        assert len(cols) <= 4 and cols[1].strip() == "rules as read", head
        for line in body.strip().splitlines():
            cells = [x.strip() for x in line.strip("|").split("|")]
            assert len(cells) == len(cols) and all(re.search(r"\((?:[+−]|±0|up to|no change)", x) for x in cells[2:]), line

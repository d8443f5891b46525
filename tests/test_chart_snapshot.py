"""The chart's bars (engine/tools/chart.py) against the distribution they come
from, and the static snapshot a roller leaves in a saved notebook."""

from __future__ import annotations

import html
import json
import re
from fractions import Fraction

import pytest

import venus_widgets as vw
from venus_widgets.engine.tools import chart
from venus_widgets.widgets.plain_words import most_rolls, percent, percent_quick

SPECS = [
    {"edition": "playtest", "roll": "task", "dice": 3},
    {"edition": "playtest", "roll": "task", "dice": 10, "kiss": 5, "consequences": 3},
    {"edition": "playsheet", "roll": "task", "dice": 10, "explode": True},
    {"edition": "heresy", "roll": "task", "pool": 12, "black": 2},
    {"edition": "agora", "roll": "task", "rank": 3, "factors": 2},
    {"edition": "vers", "roll": "check", "ranks": 2},
    {"edition": "playtest", "roll": "check", "score": 4},
]


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: f"{s['edition']}-{s['roll']}")
def test_bars_cover_the_distribution_exactly_once(spec):
    o = vw.odds(spec)
    bars = chart.bars(o)
    assert len(bars) <= chart.MAX_BARS
    assert sum(b.p for b in bars) == pytest.approx(1.0, abs=1e-12)
    if not o.numeric:
        said = chart.result_words(spec["edition"], spec["roll"])  # the rules' words ("automatic pass")
        assert [b.label for b in bars] == [said[k] for k in o.breakdown] and [b.low for b in bars] == list(o.breakdown)
        return
    # each bar is the sum of the outcomes it covers
    for b in bars:
        covered = [p for k, p in o.distribution.items() if k >= b.low and (b.high is None or k <= b.high)]
        assert b.p == pytest.approx(sum(covered), abs=1e-15)
        assert b.passes == (b.low >= o.threshold)
        assert b.goal == (b.low >= o.goal)


@pytest.mark.parametrize("spec", [s for s in SPECS if s["roll"] == "task"], ids=lambda s: s["edition"])
def test_at_least_and_at_most_are_the_tails_of_exact(spec):
    o = vw.odds(spec, exact=True) if spec.get("edition") != "heresy" and not spec.get("explode") else vw.odds(spec)
    dist = o.distribution
    for b in chart.bars(o, "at_least"):
        assert b.label == f"≥{b.low}".replace("-", "\u2212")  # a negative with the minus sign
        assert float(b.p) == pytest.approx(float(sum(p for k, p in dist.items() if k >= b.low)), abs=1e-12)
    for b in chart.bars(o, "at_most"):
        assert float(b.p) == pytest.approx(float(sum(p for k, p in dist.items() if k <= b.high)), abs=1e-12)


def test_a_long_tail_is_grouped_but_the_threshold_and_goal_keep_their_bars():
    o = vw.odds({"edition": "playsheet", "roll": "task", "dice": 10, "explode": True, "factors": [1] * 4})
    assert len(o.distribution) > chart.MAX_BARS
    labels = [b.label for b in chart.bars(o)]
    assert labels[-1].endswith("+") and len(labels) <= chart.MAX_BARS
    assert str(o.threshold) in labels
    # a goal far out in the tail still gets its own bar, the tail starts after it
    far = vw.odds({"edition": "playtest", "roll": "task", "dice": 20, "caliber": "platinum", "factors": 4,
                   "consequences": 8})
    assert far.goal == 13
    labels = [b.label for b in chart.bars(far)]
    assert "13" in labels and labels[-1] == "14+"


def test_an_unknown_mode_says_which_are_allowed():
    with pytest.raises(ValueError, match="exact, at_least, at_most"):
        chart.bars(vw.odds(SPECS[0]), "cumulative")  # type: ignore[arg-type]


ROLLERS = [
    lambda: vw.TaskRoller(dice=5, kiss=1),
    lambda: vw.CheckRoller(caliber="gold", score=3),
    lambda: vw.PoolRoller(edition="heresy", pool=12),
    lambda: vw.TaskRoller(edition="agora", rank=2, consequence_texts=["<b>guard</b>"]),
]


@pytest.mark.parametrize("make", ROLLERS)
def test_a_roller_carries_a_static_snapshot_of_its_odds(make):
    r = make()
    data, _meta = r._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    snap = raw = data["text/html"]
    assert not re.search(r"\d %", snap), "a number and its % sign may part at a line's end"
    snap = snap.replace("\u00a0", " ")  # the no-break space that keeps them together
    o = r.odds
    assert f"<strong>{html.escape(percent(o.p_pass))}</strong>" in snap  # "<1 %" escaped: text, not a tag
    assert "<script" not in snap.lower() and "<b>guard" not in snap
    # every bar's percentage is in the chart and the table
    for b in chart.bars(o):
        assert f"<td>{html.escape(percent(b.p))}</td>" in snap
    assert raw == make()._repr_mimebundle_()[0]["text/html"]  # deterministic: the same spec, the same bytes
    # it follows the roller
    before = raw
    r.seed = 5
    if "dice" in r.spec_fields:
        r.dice += 1
        assert r._repr_mimebundle_()[0]["text/html"] != before


def test_a_roller_whose_fields_disagree_says_so_in_its_snapshot():
    r = vw.TaskRoller(edition="agora", helpers=[2, 4])
    snap = r.snapshot_html()
    # helpers of ranks 2 and 4 do not merge: the snapshot says why, in the engine's words
    assert "No odds:" in snap
    text = html.unescape(re.sub("<[^>]+>", "", snap))
    assert "helpers" in text


@pytest.mark.parametrize("make", ROLLERS)
def test_the_spread_is_in_plain_words_live_and_in_the_still(make):
    """Issue 21 follow-up: not "Mean 1.00, sd 0.82" but the average and what
    most rolls give, with the chance of that run: the sum of its rows in the
    table of the odds (so the number can be traced)."""
    r = make()
    o = r.odds
    if not o.numeric:
        return
    view = json.loads(r.odds_view) if isinstance(r.odds_view, str) else r.odds_view
    said = view["spread"]
    assert said.startswith("On average ") and "sd" not in said and "Mean" not in said
    low, high, p = most_rolls(dict(o.distribution))
    assert p >= 2 / 3
    assert f"most rolls ({percent(sum(v for k, v in o.distribution.items() if low <= k <= high))})" in said
    assert str(low) in said and str(high) in said
    assert f"{o.mean:.1f}".removesuffix(".0") in said
    text = html.unescape(re.sub("<[^>]+>", "", r.snapshot_html())).replace("\u00a0", " ")
    assert said in text  # the still's text form says the same


def test_the_quick_percent_is_the_one_percent_rule():
    """plain_words.percent_quick (the spread's chance, on the hot path) writes what percent writes."""
    rng = __import__("random").Random(21)
    values = [k / 1000 for k in range(1001)] + [k / 200 for k in range(201)] + [rng.random() for _ in range(20_000)]
    values += [0.005 - 1e-17, 0.995 + 1e-17, 0.125, 0.665, 2 / 3, 0.9949999999, 1e-9, 1 - 1e-9]
    for p in values:
        assert percent_quick(p) == percent(p), p

"""A toy edition defined in the tests only (tests/toy_edition:
coins, heads succeed, a KISS flips a tails coin again, a threshold) gets
exact odds, seeded rolls, a TaskRoller with KISS and spending, log
export/import and replay, through the edition contract alone."""

from __future__ import annotations

import itertools
import json
import types
from fractions import Fraction

import pytest

import toy_edition
import venus_widgets as vw
from venus_widgets.engine.contract import edition
from venus_widgets.engine.contract.spec import Spec
from venus_widgets.widgets.rolllog import LogImportError, RollLog

SPECS = [{"coins": n, "kiss": k, "threshold": t} for n in (1, 2, 4) for k in (0, 1, 3) for t in range(1, n + 1)]


@pytest.fixture
def toy():
    edition.register(toy_edition)
    yield toy_edition
    edition.unregister("toy")


def _spec_of(s):
    return {"edition": "toy", "roll": "task", **s}


def _brute(s) -> dict[int, Fraction]:
    """Every sequence of first tosses and re-tosses, equally likely; the
    policy flips the first tails coins while the budget lasts."""
    n, k = s["coins"], s["kiss"]
    out: dict[int, Fraction] = {}
    w = Fraction(1, 2 ** (n + k))
    for first in itertools.product((1, 2), repeat=n):
        for again in itertools.product((1, 2), repeat=k):
            flips = [i for i, f in enumerate(first) if f == 1][:k]
            faces = [again[flips.index(i)] if i in flips else f for i, f in enumerate(first)]
            h = faces.count(2)
            out[h] = out.get(h, Fraction(0)) + w
    return out


def test_registered_and_gone_after(toy):
    assert "toy" in edition.ids() and edition.get("toy").source is toy
    edition.unregister("toy")
    assert "toy" not in edition.ids()
    with pytest.raises(vw.SpecError, match="edition"):
        vw.odds({"edition": "toy"})
    edition.register(toy)


def test_an_edition_replaced_under_its_id_is_asked_again(toy):
    """register() of an id in use: the odds and a roller's odds panel worked
    out under the edition that went go with it, and come back with the first."""
    from venus_widgets.widgets import odds_panel

    spec = Spec.of(_spec_of({"coins": 2, "kiss": 0, "threshold": 1}))
    assert vw.odds(spec).p_pass == 0.75 and odds_panel.panel(spec, "heads")["p_pass"] == 0.75
    rigged = types.SimpleNamespace(**{k: getattr(toy, k) for k in dir(toy) if not k.startswith("__")})
    rigged.odds = lambda s, exact=False: vw.Odds.from_pmf(s, {s["coins"]: 1}, threshold=s["threshold"])  # all heads
    edition.register(rigged)
    assert vw.odds(spec).p_pass == 1.0 and odds_panel.panel(spec, "heads")["p_pass"] == 1.0
    edition.unregister("toy")
    edition.register(toy)
    assert vw.odds(spec).p_pass == 0.75 and odds_panel.panel(spec, "heads")["p_pass"] == 0.75


@pytest.mark.parametrize("s", SPECS, ids=lambda s: "{coins}c{kiss}k{threshold}t".format(**s))
def test_exact_odds_match_brute_force(toy, s):
    o = vw.odds(_spec_of(s), exact=True)
    brute = _brute(s)
    assert dict(o.distribution) == brute
    assert o.p_pass == sum(p for h, p in brute.items() if h >= s["threshold"])
    assert vw.odds(_spec_of(s)).p_pass == float(o.p_pass)


def test_spec_rules_come_from_the_toy(toy):
    with pytest.raises(vw.SpecError, match="threshold"):
        vw.odds({"edition": "toy", "coins": 2, "threshold": 3})


def test_seeded_roll(toy):
    s = _spec_of({"coins": 6, "kiss": 2, "threshold": 3})
    a, b = vw.roll(s, seed=42), vw.roll(s, seed=42)
    assert a == b and a.seed == 42
    first = vw.roll(s, seed=42, kiss=[])
    tails = [d.index for d in first.dice if d.before == 1]
    assert tails, "seed 42 shows a tails coin"
    again = vw.roll(s, seed=42, kiss=tails[:1])
    assert [d.before for d in again.dice] == [d.before for d in first.dice]
    assert again.kissed == (tails[0],)
    heads = [d.index for d in first.dice if d.before == 2]
    if heads:
        with pytest.raises(vw.SpecError, match="kiss"):
            vw.roll(s, seed=42, kiss=heads[:1])
    many = vw.roll_many(s, 20_000, seed=1)
    p = float(vw.odds(s, exact=True).p_pass)
    assert abs((many >= 3).mean() - p) < 5 * (p * (1 - p) / 20_000) ** 0.5


def _roller(**kw):
    return vw.TaskRoller(edition="toy", **kw)


@pytest.fixture
def toy_roller(toy):
    return _roller


def test_task_roller_takes_a_registered_edition_as_is(toy):
    w = _roller(coins=3)
    assert w.edition == "toy" and w.spec["coins"] == 3


def _seed_with_tails_and_heads(s, want_tails=2):
    for seed in range(1000):
        r = vw.roll(s, seed=seed, kiss=[])
        before = [d.before for d in r.dice]
        if before.count(1) >= want_tails and before.count(2) >= 1:
            return seed, r
    raise AssertionError("no such seed")


def test_task_roller_with_kiss_and_spending(toy_roller):
    s = {"coins": 5, "kiss": 2, "threshold": 2}
    seed, first = _seed_with_tails_and_heads(_spec_of(s), 3)
    w = toy_roller(seed=seed, **s)
    assert w.error == "" and w.odds.p_pass == vw.odds(_spec_of(s)).p_pass
    w.roll_dice()
    t = w.table
    assert t["phase"] == "kiss" and t["budget"] == 2 and t["goal"] == 2
    assert [d["selectable"] for d in t["dice"]] == [d.before == 1 for d in first.dice]
    heads = next(d for d in t["dice"] if not d["selectable"])
    assert "only tails are flipped again" in heads["why"]
    assert {x["mark"] for x in t["legend"]} <= {"H", "T"}
    assert t["successes"] == sum(d.before == 2 for d in first.dice)
    assert "head" in w.status and "goal 2" in w.status
    tails = [d["index"] for d in t["dice"] if d["selectable"]]
    w._handle({"do": "choose", "kiss": tails[:2]})
    with pytest.raises(vw.SpecError, match="KISS budget"):  # the budget, counted by the toy's kiss_cost
        w._handle({"do": "select", "index": tails[2]})
    w._handle({"do": "commit"})
    r = vw.roll(_spec_of(s), seed=seed, kiss=sorted(tails[:2]))
    t = w.table
    assert t["phase"] == "spend" and t["outcome"] == r.outcome and t["kissed"] == sorted(tails[:2])
    assert any(x["mark"] == "K" for x in t["legend"])
    menu = {i["id"]: i for i in t["spend"]["items"]}
    assert menu["win"]["bought"] == (r.outcome >= 2) and menu["win"]["cost"] == 2
    if r.outcome >= 3:
        w._handle({"do": "spend", "item": "luck"})
        assert w.table["result"].endswith("; lucky")
    else:
        with pytest.raises(vw.SpecError, match="spend"):
            w._handle({"do": "spend", "item": "luck"})
    if r.outcome >= 2:
        w._handle({"do": "spend", "item": "win"})  # unbuy
        assert w.table["result"].startswith("Lost")
    assert w.log.entries[-1]["result"] == w.table["result"]


def test_no_kiss_step_when_the_heads_meet_the_threshold(toy_roller):
    s = {"coins": 3, "kiss": 1, "threshold": 1}
    seed = next(x for x in range(1000) if vw.roll(_spec_of(s), seed=x, kiss=[]).outcome >= 1)
    w = toy_roller(seed=seed, **s)
    w.roll_dice()
    assert w.table["phase"] == "spend" and w.table["kissed"] == []
    assert w.table["result"].startswith("Won")


def test_log_export_import_and_replay(toy_roller, tmp_path):
    s = {"coins": 4, "kiss": 1, "threshold": 2}
    seed, first = _seed_with_tails_and_heads(_spec_of(s), 3)  # 1 head: short of the threshold
    w = toy_roller(seed=seed, **s)
    w.roll_dice()
    tail = next(d["index"] for d in w.table["dice"] if d["selectable"])
    w._handle({"do": "choose", "kiss": [tail]})
    w._handle({"do": "commit"})
    for fmt in ("json", "csv"):
        path = tmp_path / f"log.{fmt}"
        w.log.export(str(path))
        back = RollLog()
        assert back.import_text(path.read_text()) == 1
        assert back.entries == w.log.entries
        assert back.replay(0) == vw.roll(_spec_of(s), seed=seed, kiss=[tail])
    data = json.loads(w.log.to_json())
    entries = data["entries"] if isinstance(data, dict) else data
    entries[0]["result"] = "Won with 99 heads"
    with pytest.raises(LogImportError, match="result"):
        RollLog().import_text(json.dumps(data))
    entries[0]["result"] = w.log.entries[0]["result"]
    entries[0]["spent"] = ["luck", "win"]
    with pytest.raises(LogImportError, match="spent"):
        RollLog().import_text(json.dumps(data))

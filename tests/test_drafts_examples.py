"""The drafts of published systems that ship as examples
(venus_widgets/drafts/: Blades in the Dark, Powered by the Apocalypse,
Savage Worlds, Shadowrun 5, the Year Zero Engine, Chronicles of Darkness),
each against a computation of its own: icepool where it says the rule in a
line, else a brute force roll by roll (tests/drafts_brute.py, and
tests/drafts_oracle.py for dice that explode without end). Every reported
value is compared: the distribution, the chance to pass, the degrees and
the events, exactly (Fractions) where the odds are rational.

Together the examples use every reading and every formula slot the drafts
gained with them; the last test holds that to be so.
"""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest

import venus_widgets as vw
from drafts_brute import brute, brute_events
from drafts_oracle import joint
from venus_widgets.engine.contract import edition
from venus_widgets.engine.contract.spec import normalize
from venus_widgets.engine.drafts import EXAMPLES, load_edition

NAMES = ("blades", "pbta", "savage", "shadowrun", "yze", "cofd")


@pytest.fixture(scope="module", autouse=True)
def examples():
    eds = {n: load_edition(EXAMPLES / f"{n}.toml") for n in NAMES}
    yield eds
    for n in NAMES:
        edition.unregister(n)


def law(die: icepool.Die) -> dict:
    return {k: Fraction(n, die.denominator()) for k, n in die.items() if n}


def chance(die: icepool.Die, holds) -> Fraction:
    return sum((p for k, p in law(die).items() if holds(k)), Fraction(0))


def dist(o) -> dict:
    return {k: v for k, v in o.distribution.items() if v}


# -- Blades in the Dark: the highest die, two 6s a critical; no dice: the lowest of two --------------


@pytest.mark.parametrize("dice", range(0, 7))
def test_blades_against_icepool(dice):
    o = vw.odds({"edition": "blades", "dice": dice}, exact=True)
    n = dice or 2

    def read(sorted_faces):  # ascending
        if dice == 0:
            return sorted_faces[0]
        return 7 if sorted_faces.count(6) >= 2 else sorted_faces[-1]

    peer = icepool.d6.pool(n).expand().map(read)
    assert dist(o) == law(peer)
    assert o.events["critical"] == (chance(peer, lambda v: v == 7) if dice else 0)
    assert o.breakdown["bad outcome"] == chance(peer, lambda v: v <= 3)
    assert o.breakdown["partial success"] == chance(peer, lambda v: v in (4, 5))
    assert o.p_pass == chance(peer, lambda v: v >= 4)


# -- Powered by the Apocalypse: 2d6 + stat, advantage keeps the two highest of three ------------------


@pytest.mark.parametrize("edge", ["normal", "advantage", "disadvantage"])
@pytest.mark.parametrize("stat", [-3, 0, 2, 4])
def test_pbta_against_icepool(edge, stat):
    o = vw.odds({"edition": "pbta", "stat": stat, "edge": edge}, exact=True)
    dice = {"normal": icepool.d6.pool(2).sum(), "advantage": icepool.d6.pool(3).highest(2).sum(),
            "disadvantage": icepool.d6.pool(3).lowest(2).sum()}[edge]
    peer = dice + stat
    assert dist(o) == law(peer)
    assert o.breakdown["miss"] == chance(peer, lambda v: v <= 6)
    assert o.breakdown["weak hit"] == chance(peer, lambda v: 7 <= v <= 9)
    assert o.breakdown["strong hit"] == chance(peer, lambda v: v >= 10)
    assert o.events["boxcars"] == chance(dice, lambda v: v == 12)
    assert o.events_passed["snake eyes"] == chance(dice, lambda v: v == 2 and v + stat >= 7)


# -- Savage Worlds: the better of an acing trait die and wild die ------------------------------------


@pytest.mark.parametrize("trait", ["d4", "d8", "d12"])
@pytest.mark.parametrize("wild", [True, False])
def test_savage_worlds_against_icepool(trait, wild):
    s = int(trait[1:])
    o = vw.odds({"edition": "savage", "trait": trait, "wild_card": wild, "penalty": 2}, exact=True)
    die = icepool.d(s).explode(depth=8)
    kept = icepool.highest(die, icepool.d6.explode(depth=8)) if wild else die
    peer = kept - 2
    assert dist(o) == law(peer)
    assert o.breakdown["raise"] == chance(peer, lambda v: 8 <= v < 12)
    assert o.events["critical failure"] == (Fraction(1, 6 * s) if wild else 0)
    assert o.events_passed["critical failure"] == 0


# -- Shadowrun 5: hits up to the limit, glitches -------------------------------------------------------


@pytest.mark.parametrize("pool, limit", [(1, 5), (2, 1), (5, 3), (8, 5), (12, 4)])
def test_shadowrun_against_icepool(pool, limit):
    o = vw.odds({"edition": "shadowrun", "pool": pool, "limit": limit, "need": 2}, exact=True)
    vec = pool @ icepool.d6.map(lambda f: icepool.Vector((int(f >= 5), int(f == 1))))
    hits = vec.map(lambda v: min(v[0], limit))
    assert dist(o) == law(hits)
    assert o.events["glitch"] == chance(vec, lambda v: 2 * v[1] > pool)
    assert o.events["critical glitch"] == chance(vec, lambda v: 2 * v[1] > pool and v[0] == 0)
    assert o.events_passed["glitch"] == chance(vec, lambda v: 2 * v[1] > pool and min(v[0], limit) >= 2)


@pytest.mark.parametrize("pool", [1, 2])
def test_shadowrun_with_edge_against_the_oracle(examples, pool):
    """Edge: every 6 explodes without end (no fraction: floats within 1e-12)."""
    s = normalize({"edition": "shadowrun", "pool": pool, "edge": True, "need": 2})
    o = vw.odds(s)
    plan = examples["shadowrun"].plan(s)
    want: dict = {}
    glitch = 0.0
    for (v, shown), p in joint(plan).items():
        want[v] = want.get(v, 0) + p
        if 2 * shown[2] > pool:  # (successes, total, one)
            glitch += p
    assert all(abs(o.distribution.get(v, 0) - p) < 1e-12 for v, p in want.items())
    assert abs(o.events["glitch"] - glitch) < 1e-12


# -- The Year Zero Engine: a push; banes per group ------------------------------------------------------


@pytest.mark.parametrize("base, skill, gear, need, pushed", [
    (1, 1, 1, 1, "when short"), (2, 1, 0, 1, "when short"), (1, 0, 2, 2, "when short"), (1, 1, 1, 1, "always"),
    (2, 0, 1, 1, "always"), (0, 1, 2, 1, "when short"),
])
def test_year_zero_against_the_brute_force(examples, base, skill, gear, need, pushed):
    s = normalize({"edition": "yze", "base": base, "skill": skill, "gear": gear, "need": need, "pushed": pushed})
    o = vw.odds(s, exact=True)
    plan = examples["yze"].plan(s)
    assert plan.when == ("always" if pushed == "always" else "short")
    assert dist(o) == {k: v for k, v in brute(plan).items() if v}
    events, passed = brute_events(plan)
    assert dict(o.events) == events and dict(o.events_passed) == passed


# -- Chronicles of Darkness: 10-again, the chance die ---------------------------------------------------


@pytest.mark.parametrize("pool, again", [(0, "10-again"), (1, "10-again"), (1, "8-again")])
def test_chronicles_against_the_oracle(examples, pool, again):
    s = normalize({"edition": "cofd", "pool": pool, "again": again})
    o = vw.odds(s)
    plan = examples["cofd"].plan(s)
    want: dict = {}
    dramatic = 0.0
    for (v, shown), p in joint(plan).items():
        want[v] = want.get(v, 0) + p
        if pool == 0 and v == 0 and shown[2] >= 1:
            dramatic += p
    assert all(abs(o.distribution.get(v, 0) - p) < 1e-12 for v, p in want.items())
    assert abs(o.events["dramatic failure"] - dramatic) < 1e-12
    assert abs(o.breakdown["exceptional success"] - sum(p for v, p in want.items() if v >= 5)) < 1e-12
    if pool == 0:
        assert abs(o.p_pass - 0.1) < 1e-12 and abs(o.events["dramatic failure"] - 0.1) < 1e-12


@pytest.mark.parametrize("pool, again", [(2, "9-again"), (5, "10-again"), (10, "8-again")])
def test_chronicles_against_icepool(pool, again):
    """A die's successes with its explosions, in icepool: a face that rolls
    again is 1.001 successes (so that explode knows it), rounded after."""
    from_ = int(again.split("-")[0])
    roll_again = Fraction(1001, 1000)
    die = icepool.Die({Fraction(0): 7, Fraction(1): from_ - 8, roll_again: 11 - from_})
    one = die.explode([roll_again], depth=40).map(lambda x: round(x))
    peer = law(pool @ one)
    o = vw.odds({"edition": "cofd", "pool": pool, "again": again})
    assert all(abs(o.distribution.get(v, 0) - float(p)) < 1e-12 for v, p in peer.items())
    assert abs(o.breakdown["exceptional success"] - float(sum(p for v, p in peer.items() if v >= 5))) < 1e-12


# -- Together: every reading and every formula slot --------------------------------------------------


def test_the_examples_use_every_reading_and_every_formula_slot(examples):
    from venus_widgets.engine.drafts.model import Num, Slotted
    from venus_widgets.engine.drafts.readings import CALLS

    texts = {n: (EXAMPLES / f"{n}.toml").read_text() for n in NAMES}
    every = "\n".join(line.split("#", 1)[0] for t in texts.values() for line in t.splitlines())  # not the comments
    for call in CALLS:
        assert f"{call}(" in every, call
    drafts = [examples[n].draft for n in NAMES]
    assert any(d.sides.expr.names for x in drafts for d in x.dice)  # sides from a field
    assert any(isinstance(d.depth, Slotted) for x in drafts for d in x.dice)  # depth by a formula
    assert any(d.explode is not None and d.explode.at_least is not None for x in drafts for d in x.dice)
    assert any(not isinstance(g.explode, bool) for x in drafts for g in x.groups)  # a group's explode
    assert any(x.reroll is not None and not isinstance(x.reroll.when, str) for x in drafts)  # when
    assert any(deg.lowest.expr.names for x in drafts for deg in x.outcome.degrees)  # degrees
    assert all(x.events for x in drafts)
    assert not any(isinstance(d.depth, Num) and d.depth is None for x in drafts for d in x.dice)
    for n, text in texts.items():  # the source rules summarised in the file's comment
        head = text.split("\nid = ")[0]
        assert "The rules, in short:" in head and "What it shows:" in head, n


# -- Events at the table: the roller's odds and the roll's sentence ------------------------------------


def test_the_roller_shows_each_event_with_its_chance_and_the_roll_says_it(examples):
    w = vw.PoolRoller(edition="shadowrun", pool=3, limit=3, need=2)
    o = vw.odds(w.spec)
    assert w.odds_view["events"] == [[name, round(o.events[name], 15)] for name in ("glitch", "critical glitch")]
    seen = set()
    for seed in range(60):
        r = vw.roll(w.spec, seed)
        said = examples["shadowrun"].at_table.announce(r.spec, r)
        events = r.details["events"]
        assert said.endswith("; " + ", ".join(events)) if events else "glitch" not in said, said
        seen.add("glitch" in events)
    assert seen == {True, False}

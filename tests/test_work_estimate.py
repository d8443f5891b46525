"""The cost estimate itself stays cheap where it is asked many times
(issue 32 item 1: "it cannot itself run long"). Loading a draft and the FC
screen search a field's values, each step an estimate: the sums of a few
dice priced by the places they reach (tests/test_work_sums.py) added one die
at a time up to every count asked, 1,000 d6 added 1,000 times over (0.2 s an
estimate); the fuzz of seed 7 found a load at 2.3 s and an FC screen at 5 s
(benchmarks/fuzz_drafts.py; two of its random drafts, below). The places are
now added for a few dice only, a sum of more bounded by the ranges.

Work is counted in Python calls (tests/work_count.py), never timed: about
100,000 now, 490,000 and 930,000 before.
"""

from __future__ import annotations

import pytest
from work_count import calls

import venus_widgets as vw
from venus_widgets.engine.contract import edition as registry
from venus_widgets.engine.drafts import karatsuba

#: the fuzz's random draft of seed 1916744779 (fuzz_drafts.py --seed 7): a d100 exploding once and a d6
LOADED = '''"id" = "fz"
"name" = "Fuzz"
["fields"."dice"]
"range" = [0, 1000]
"default" = 1
"group" = "difficulty"
["fields"."need"]
"options" = ["low", "high"]
"default" = "low"
"group" = "difficulty"
["dice"."d0"]
"sides" = 100
"explode" = [100]
"depth" = 1
["dice"."d1"]
"sides" = 6
"success" = [4, 5, 6]
"marks" = { "crit" = [6] }
"explode" = [6]
"depth" = 0
["groups"."g0"]
"die" = "d0"
"count" = "dice"
["groups"."g1"]
"die" = "d1"
"count" = "dice"
["outcome"]
"threshold" = 2
'''
#: the fuzz's random draft of seed 1352027797: a d100 (a mark on 100) and a d10 that cancels, 1 to 1,000 each
SCREENED = '''"id" = "fz"
"name" = "Fuzz"
["fields"."dice"]
"range" = [1, 1000]
"default" = 1
"group" = "ability"
["rules"]
"rate" = 3
["dice"."d0"]
"sides" = 100
"success" = "99+"
"marks" = { "crit" = [100] }
["dice"."d1"]
"sides" = 10
"success" = [4, 5, 6]
"successes" = { "10" = 0 }
["groups"."g0"]
"die" = "d0"
"count" = "dice"
["groups"."g1"]
"die" = "d1"
"count" = "dice"
"cancels" = true
["outcome"]
"threshold" = 2
'''

#: The most Python calls of a load and of an FC screen of these drafts (about 100,000 each measured).
MOST = 200_000


@pytest.fixture(autouse=True)
def _fresh():
    from venus_widgets.engine.caching import forget_results

    forget_results()
    karatsuba._FOLLOWED.clear()  # (the products already priced: each call's own work counted)
    yield
    if "fz" in registry.ids():
        registry.unregister("fz")


def test_loading_a_draft_prices_its_fields_cheaply():
    """Loading checks the FC's ladder against the cost guard over the field's
    values: 2.3 s of estimates (490,000 calls); now under :data:`MOST`."""
    ed, n = calls(vw.load_edition, LOADED)
    assert not isinstance(ed, Exception), ed
    assert n < MOST, n


def test_the_fc_screen_prices_its_ladder_cheaply():
    """The FC screen's search of the rungs that fit: 5 s of estimates (930,000
    calls) before its refusal in words; now under :data:`MOST`, the same refusal."""
    vw.load_edition(SCREENED)
    screen, n = calls(vw.FCScreen, {"A": {"edition": "fz"}})
    assert isinstance(screen, vw.SpecError) and "fewer rungs" in str(screen), screen
    assert n < MOST, n

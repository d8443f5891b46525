"""A draft whose outcome is refused at every rung of its ladder, whatever
the rung, is refused in words naming the draft's field before the ladder
tries its rungs one by one (issue 32, the fuzz of drafts: a re-roll step
and an outcome past the largest value made the FC screen try 1,000 rungs,
0.6 s, then say "characters who share at least one rung"). Work is
counted (tests/work_count.py), never timed."""

from __future__ import annotations

import pytest

import venus_widgets as vw
from venus_widgets.engine.contract import edition as registry
from work_count import calls

PAST = '''id = "early"
[fields.dice]
range = [1, 100]
default = 2
[fields.need]
range = [0, 1000]
default = 2
[dice.d0]
sides = 20
success = "20+"
marks = { crit = [20] }
[groups.g0]
die = "d0"
count = "dice"
[outcome]
threshold = 2
value = "if(7 > successes, 7, successes) * 1000000000000000"
[reroll]
budget = "dice"
when = "short"
[ladder]
field = "need"
from = 1
to = 1000
'''


@pytest.fixture(autouse=True)
def _unregistered():
    yield
    if "early" in registry.ids():
        registry.unregister("early")


@pytest.mark.parametrize("call", [lambda: vw.FCScreen({"A": {"edition": "early"}}),
                                  lambda: vw.ladder({"edition": "early"}),
                                  lambda: vw.party_ladder({"A": {"edition": "early"}})])
def test_an_outcome_past_its_bound_at_every_rung_is_refused_before_the_rungs(call):
    vw.load_edition(PAST)
    err, n = calls(call, budget=200_000)
    assert isinstance(err, vw.SpecError), err
    assert err.field == "outcome.value" and "reaches 7,000,000,000,000,000" in str(err)


def test_a_ladder_refused_at_some_rungs_only_keeps_the_others():
    """An outcome past its bound only where the rung makes it so: the other rungs stay."""
    vw.load_edition(PAST.replace("if(7 > successes, 7, successes) * 1000000000000000",
                                 "if(need > 500, 7000000000000000, successes)"))
    rungs = vw.ladder({"edition": "early"})
    assert [r.setting["need"] for r in rungs] == list(range(1, 501))

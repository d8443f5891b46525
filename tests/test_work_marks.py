"""A mark the counts do not track, priced by the work of its own count
(issue 32 item 1, benchmarks/bench_cost.py): the odds say the chance that
at least one die shows each mark of the roll; a mark the outcome does not
read is counted apart, as the rolls in which no die shows it. With a
re-roll step that count needs only their number, not their spread
(:func:`venus_widgets.engine.drafts.kernel.ways_without`): the step's end
adds up each state's ways, never convolves the re-rolled dice; where the
budget covers every die the step may take, one power per group and no
state at all (:mod:`venus_widgets.engine.drafts.reroll_total`). The model
priced it as a whole count again, the end's convolutions included: ten
d20 exploding to depth 50 with three marks and a push, 8.4 s estimated
for 0.8 s real (bench_cost: 10.7 times; now 3.4).

Work is counted, never timed: each convolution priced by the model's own
price of one (tests/test_work_tight.py :func:`work_done`); a mark's share
is the difference between the same roll with and without marks.
"""

from __future__ import annotations

import pytest

from test_work_tight import DEEP, PUSH20, _plain, load, work_done
from test_work_tight import _unregistered  # noqa: F401 - the draft unloaded after each test
from work_count import unguarded

from venus_widgets.engine.contract import edition as registry


def _priced_and_done(die: str, more: str, dice: int) -> tuple[float, float]:
    load(die, more=more)
    spec = {"edition": "tight", "dice": dice}
    return registry.get("tight").work(_plain(spec)), unguarded(lambda: work_done(spec))


@pytest.mark.parametrize("die, marks, more, dice", [(DEEP, 3, PUSH20, 4), (DEEP, 3, PUSH20, 7)])
def test_a_mark_counted_again_with_a_re_roll_step_is_priced_by_the_work_of_its_count(die, marks, more, dice):
    """Each mark's count: the first roll's states and kernels as the first
    count makes them, then one sum per state (no convolution); its price,
    the estimate with the marks less the estimate without, is at least its
    work and within ten times of it."""
    bare = "\n".join(line for line in die.splitlines() if not line.startswith("marks"))
    est, done = _priced_and_done(die, more, dice)
    est0, done0 = _priced_and_done(bare, more, dice)
    per_mark, per_mark_done = (est - est0) / marks, (done - done0) / marks
    assert done0 <= est0 and done <= est, (done0, est0, done, est)
    assert per_mark_done <= per_mark <= 10 * per_mark_done, (per_mark_done, per_mark)

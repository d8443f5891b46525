"""Experience and learning a job, exactly, for notebooks.

docs/rules_playtest.md#experience-and-learning-a-job: a failed task gives +1 exp to the job;
a level-0 job gives +1 exp per task regardless; the tertiary consequence
"...and / but I learned something new..." gives +1 when bought. After 16
exp a level-0 job is learned (the seed: "it can take 6-16 tasks").

The model (the rules leave the player's spending open):

- a task **fails** when the final successes are below the threshold;
- with ``buy_learning`` the player buys "learned something new" whenever a
  success is spare: on a pass, a success beyond the spec's goal (the
  primary and the wanted consequences come first); on a failure, any
  success (the tertiary hangs on the failure as a silver lining, bought
  before anything else);
- a task on a level-0 job (``learning``) adds its +1 regardless.

So a learning task gives 1 to 3 exp, and 16 exp take 6 to 16 tasks.

>>> d = exp_per_task({"roll": "task", "dice": 0, "learning": True})
>>> d
{2: 1.0}
>>> tasks_to_learn({"roll": "task", "dice": 0, "learning": True})
{8: 1.0}
"""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from ...errors import SpecError
from ...contract.spec import Spec
from ...maths.odds import Odds
from ...maths.rounding import odds_of
from . import default, optimal, task

#: exp that a level-0 job needs to be learned.
LEARN_EXP = 16


def _task_odds(s: Spec) -> Odds:
    """A task's odds by its policy: the very floats ``vw.odds`` gives."""
    return odds_of(s, (optimal if s["policy"] == "optimal" else default).odds, task.denominator)


def task_exp(passed: bool, learning: bool, bought_learning: bool) -> int:
    """exp one task gives the job from what the player bought: +1 when the
    primary consequence is not bought (a failed task), +1 on a level-0 job,
    +1 for the tertiary "I learned something new" bought.

    >>> task_exp(passed=False, learning=True, bought_learning=False)
    2
    """
    return int(learning) + int(not passed) + int(bought_learning)


def exp_of(successes: int, threshold: int, goal: int, learning: bool, buy_learning: bool) -> int:
    """exp one task gives the job, by the model above."""
    failed = successes < threshold
    spare = successes if failed else successes - goal
    return task_exp(not failed, learning, buy_learning and spare >= 1)


def exp_per_task(spec: Mapping[str, Any], buy_learning: bool = True) -> dict[int, float]:
    """Exact distribution of the exp one task gives (under the spec's policy)."""
    s = Spec.of(spec)
    if s["edition"] != "playtest" or s["roll"] != "task":
        raise SpecError("roll", s["roll"], "a playtest task", "exp comes from tasks")
    o = _task_odds(s)
    assert o.threshold is not None and o.goal is not None  # a task's odds have both
    out: dict[int, float] = {}
    for k, p in o.distribution.items():
        e = exp_of(k, o.threshold, o.goal, s["learning"], buy_learning)
        out[e] = out.get(e, 0.0) + p
    return dict(sorted(out.items()))


def tasks_to_learn(spec: Mapping[str, Any], buy_learning: bool = True, need: int = LEARN_EXP) -> dict[int, float]:
    """Exact distribution of the number of such tasks until ``need`` exp
    (16: a level-0 job learned). The spec should be a learning task (it
    gives at least 1 exp per task, so the count is bounded by ``need``)."""
    s = Spec.of(spec)
    if not s["learning"]:
        raise SpecError("learning", s["learning"], "True", "tasks_to_learn counts tasks on a level-0 job")
    return tasks_until(exp_per_task(s, buy_learning), need)


def tasks_until(step: Mapping[int, float], need: int) -> dict[int, float]:
    """Exact distribution of the number of tasks until ``need`` exp, when
    every task gives ``g >= 1`` exp with probability ``step[g]`` (a small
    Markov chain over the exp collected so far).

    >>> tasks_until({2: 0.5, 3: 0.5}, 4)
    {2: 1.0}
    """
    if step.get(0, 0.0) > 0:
        raise ValueError("tasks_until counts tasks that always give exp; use mean_tasks when some give none")
    acc = np.zeros(need)  # P(exp so far = e), e < need, before the next task
    acc[0] = 1.0
    out: dict[int, float] = {}
    for t in range(1, need + 1):
        nxt = np.zeros(need)
        done = 0.0
        for e, p in step.items():
            nxt[e:] += p * acc[: need - e]
            done += p * acc[need - e :].sum()
        if done > 0:
            out[t] = float(done)
        acc = nxt
    return out


#: Lots a character may hold (docs/rules_playtest.md#experience-and-learning-a-job).
MAX_LOTS = 10


def bank_lots(held: int, earned: int) -> tuple[int, int]:
    """Lots after a session and the exp they overflow into: at most 10
    Lots are held; the Lots that would take the player past 10 become exp
    (docs/rules_playtest.md reads the seed's "excess" so).

    >>> bank_lots(8, 5)    # 10 held, 3 become exp
    (10, 3)
    >>> bank_lots(2, 3)
    (5, 0)
    """
    for name, v, hi in (("held", held, MAX_LOTS), ("earned", earned, 10**6)):
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or not 0 <= v <= hi:
            raise SpecError(name, v, f"a whole number from 0 to {hi}")
    total = int(held) + int(earned)
    return min(total, MAX_LOTS), max(0, total - MAX_LOTS)


def level_after(level: int, exp: int, tier_minimum: int = 1) -> tuple[int, int]:
    """The job's level and exp left after spending exp by the rules the
    engine uses (docs/rules_playtest.md#experience-and-learning-a-job): a level-0 job is learned at 16 exp and becomes
    ``tier_minimum`` (the playtest: the lower of the two inherited ability
    scores; the playsheet: Historic 1, Heroic 2, Mythic 3, Deific 4); above
    level 0, exp equal to twice the level raises it by one (the playsheet's
    rule, which the playtest draft leaves open).

    >>> level_after(0, 16, tier_minimum=2)
    (2, 0)
    >>> level_after(2, 9)      # 4 exp -> level 3, then 6 exp -> level 4 needs 6 of the 5 left
    (3, 5)
    """
    for name, v in (("level", level), ("exp", exp), ("tier_minimum", tier_minimum)):
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or not 0 <= v <= 10**6:
            raise SpecError(name, v, "a whole number from 0")
    level, exp = int(level), int(exp)
    if level == 0:
        if exp < LEARN_EXP:
            return 0, exp
        level, exp = max(1, int(tier_minimum)), exp - LEARN_EXP
    while exp >= 2 * level:
        exp -= 2 * level
        level += 1
    return level, exp

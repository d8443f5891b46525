"""``kiss_odds``: the odds of one KISS choice for the dice on the table,
before committing (the player sees the odds of that choice). They must
equal the advice's exact odds for the same choice, and a seeded sample."""

from __future__ import annotations

import numpy as np
import pytest

import venus_widgets as vw

PLAYTEST = {"roll": "task", "caliber": "bronze", "dice": 4, "allies": ["gold"], "factors": 2, "kiss": 2,
            "ego": "double6", "consequences": 1}
AGORA = {"edition": "agora", "roll": "task", "rank": 4, "health": 2, "job": 2, "helpers": [5, 5],
         "consequences": 2, "kiss": 2, "ego": True, "snakes": "each-pair"}


@pytest.mark.parametrize("faces", [[1, 2, 3, 5, 2], [6, 1, 1, 4, 1], [2, 2, 2, 2, 2]])
def test_playtest_choice_odds_equal_the_advice(faces):
    a = vw.advise(PLAYTEST, faces)
    assert a.options
    for o in a.options:
        if o.ego:
            continue
        k = vw.kiss_odds(PLAYTEST, faces, list(o.kiss))
        assert k["p_pass"] == pytest.approx(o.p_pass, abs=1e-12)
        assert k["p_goal"] == pytest.approx(o.p_goal, abs=1e-12)


@pytest.mark.parametrize("faces", [[1, 3, 2, 6, 1], [4, 4, 1, 2, 5]])
def test_agora_choice_odds_equal_the_advice(faces):
    a = vw.advise(AGORA, faces)
    for o in a.options:
        k = vw.kiss_odds(AGORA, faces, list(o.kiss))
        assert (k["p_pass"], k["p_critical"]) == pytest.approx((o.p_pass, o.p_critical), abs=1e-12)


def test_playtest_choice_odds_match_a_seeded_sample():
    """KISS the two failed Bronze dice of [1, 2, 5, 6 | ally 2]: each comes up
    5-6 with 1/3, the double6 spends when still short."""
    faces, chosen = [1, 2, 5, 6, 2], [0, 1]
    k = vw.kiss_odds(PLAYTEST, faces, chosen)
    rng = np.random.default_rng(7)
    new = rng.integers(1, 7, size=(200_000, 2))
    kept = [5, 6, 2]  # Bronze 5, Bronze 6, Gold ally 2 (Gold succeeds on 3-6)
    base = sum(f >= 5 for f in kept[:2]) + (kept[2] >= 3)
    succ = base + (new >= 5).sum(axis=1)
    sixes = 1 + (new == 6).sum(axis=1)
    thr, goal = 3, 4
    final = np.where(succ < goal, succ + sixes, succ)  # double6 only when short of the goal
    assert abs((final >= goal).mean() - k["p_goal"]) < 4 * np.sqrt(k["p_goal"] * (1 - k["p_goal"]) / 200_000)
    assert abs((final >= thr).mean() - k["p_pass"]) < 0.01


@pytest.mark.parametrize("spec, faces, kiss, field", [
    (PLAYTEST, [1, 2, 3, 5, 2], [5], "kiss"),
    (PLAYTEST, [1, 2, 3, 5, 2], [0, 0], "kiss"),
    (PLAYTEST, [1, 2, 3, 5, 2], "0", "kiss"),  # not a list: the same check as roll(kiss=...)
    (AGORA, [1, 3, 2, 6, 1], [True], "kiss"),
    (PLAYTEST, [1, 2, 3, 5], [0], "faces"),
    (PLAYTEST, [1, 2, 3, 5, 7], [0], "faces[4]"),
    ({"roll": "check"}, [10], [0], "roll"),
    ({"edition": "heresy"}, [1], [0], "edition"),
    ({**AGORA, "helpers": [2, 2]}, [1, 2, 3, 4], [4], "kiss"),  # 2 + 2 merge to rank 1: not rolled
])
def test_bad_choices_name_the_field(spec, faces, kiss, field):
    with pytest.raises(vw.SpecError) as info:
        vw.kiss_odds(spec, faces, kiss)
    assert info.value.field == field

"""vw.sample (exploding dice, honestly) and a chi-square check: seeded
rolls of each house rule below against its exact odds."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.stats import chisquare

import venus_widgets as vw
from venus_widgets.engine.export import html_text
from venus_widgets.engine.tools.sample import sample

# the house rules playtesters asked for first, one spec each
VARIANTS = {
    "bronze 4-6": {"roll": "task", "dice": 4, "rules": {"success_from": {"bronze": 4}}},
    "three allies": {"roll": "task", "dice": 3, "allies": ["bronze"] * 3, "rules": {"max_allies": 3}},
    "ego doubles 5s and 6s": {"roll": "task", "caliber": "platinum", "dice": 2, "ego": "double6", "consequences": 2,
                              "rules": {"ego_double_from": 5}},
    "threshold from 2": {"roll": "task", "dice": 5, "factors": 1, "rules": {"threshold_base": 2}},
    "explode from 9": {"edition": "playsheet", "roll": "task", "dice": 5, "explode": True,
                       "rules": {"explode_from": 9, "ego_double_from": 9}},
    "snake eyes on 3 ones": {"edition": "agora", "roll": "task", "health": 3, "rules": {"snake_eyes_ones": 3}},
    "heresy 6s only": {"edition": "heresy", "roll": "task", "pool": 8, "rules": {"success_faces": [6]}},
}


@pytest.mark.parametrize("name", VARIANTS)
def test_seeded_rolls_of_a_house_rule_pass_a_chi_square_test_against_its_exact_odds(name):
    spec = VARIANTS[name]
    n = 20_000
    got = vw.roll_many(spec, n, seed=11)
    dist = vw.odds(spec).distribution
    outcomes = sorted(dist)
    expected = np.array([dist[k] * n for k in outcomes])
    observed = np.array([(got == k).sum() for k in outcomes])
    assert observed.sum() == n, "every rolled outcome is one the exact odds list"
    # pool the outcomes expected fewer than 5 times into their neighbour (the test's rule of thumb)
    e, o = [], []
    for ex, ob in zip(expected, observed):
        if e and (e[-1] < 5 or ex < 5):
            e[-1] += ex
            o[-1] += ob
        else:
            e.append(ex)
            o.append(ob)
    if len(e) > 1:
        assert chisquare(o, np.array(e) * (sum(o) / sum(e))).pvalue > 1e-4, (name, o, e)


def test_a_sample_approaches_the_exact_odds_and_says_what_was_cut():
    spec = VARIANTS["explode from 9"]
    s = sample(spec, n=20_000, seed=2)
    assert [k for k, _ in s.checkpoints] == [100, 1000, 10_000, 20_000]
    assert sum(s.counts.values()) == 20_000
    assert abs(s.p_pass - s.odds.p_pass) < 4 * s.spread
    assert s.odds.truncated > 0 and "less than 1 in a trillion: far below what any sample can see" in s.verdict()
    assert "20,000 seeded rolls (seed 2)" in s.verdict()
    # the same seed, the same rolls
    assert sample(spec, n=20_000, seed=2).counts == s.counts
    html = s._repr_html_()
    assert "<caption>" in html and "20,000" in html


def test_a_sample_that_strays_says_so():
    s = sample({"roll": "task", "dice": 3}, n=100, seed=1)
    fake = type(s)(s.spec, s.n, s.seed, s.odds, s.counts, ((100, 0.0),))
    assert "outside" in fake.verdict()


def test_bad_sizes_say_what_to_change():
    with pytest.raises(vw.SpecError, match="n=0"):
        sample({"roll": "task"}, n=0)
    with pytest.raises(vw.SpecError, match="1,000,000"):
        sample({"roll": "task"}, n=True)


def test_a_sample_without_a_seed_records_one_that_replays_it():
    """sample(seed=None) reported "seed None", so it could not be replayed."""
    spec = {"roll": "task", "dice": 3}
    s = vw.sample(spec, n=500, seed=None)
    assert isinstance(s.seed, int) and 0 <= s.seed < 2**63
    assert f"seed {s.seed}" in s.verdict()
    again = vw.sample(spec, n=500, seed=s.seed)
    assert again.counts == s.counts and again.checkpoints == s.checkpoints


def test_the_captions_name_the_rules_as_a_player_reads_them_not_by_their_id():
    """A saved sample and comparison were captioned "heresy task" (the edition's id and the roll's code)."""
    from venus_widgets.engine.contract import edition

    spec = {"edition": "heresy", "roll": "task", "pool": 6}
    name = edition.get("heresy").NAME
    for html in (vw.sample(spec, n=100, seed=1)._repr_html_(), vw.compare(spec, {"A": {}})._repr_html_()):
        caption = html.split("<caption>")[1].split("</caption>")[0]
        assert "heresy task" not in caption and f"a task by {html_text(name)}" in caption, caption

"""The playsheet edition (docs/rules_playsheet.md): d20 checks, D10 task pools.

Exact odds are checked against a literal die-by-die brute force with
Fractions (tests/peer_playsheet.py), icepool, and seeded samples.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from peer_agora import chi_square_pvalue
from peer_playsheet import brute_task, icepool_distribution

import venus_widgets as vw
from venus_widgets.engine.editions import playsheet

TASK = {"edition": "playsheet", "roll": "task"}
CHECK = {"edition": "playsheet", "roll": "check"}


# -- checks -------------------------------------------------------------------


@pytest.mark.parametrize("rank, auto", [("bronze", {20}), ("silver", {19, 20}), ("gold", {18, 19, 20}),
                                         ("platinum", {17, 18, 19, 20})])
def test_check_auto_pass_ranges_follow_the_step_by_step_text(rank, auto):
    """docs/rules_playsheet.md#check: Bronze 20, Silver 19-20, Gold 18-20, Platinum 17-20;
    the seed's statistics table (Silver 20, Gold 19-20, Platinum 18-20) is an erratum."""
    spec = {**CHECK, "rank": rank, "difficulty": 4, "factors": [2, 2, 2, 2], "score": 0}  # target 28
    o = vw.odds(spec)
    assert o.breakdown["auto-pass"] == pytest.approx(len(auto) / 20, abs=1e-15)
    assert o.p_pass == pytest.approx(len(auto) / 20, abs=1e-15)
    for natural in range(1, 21):
        expected = "auto-fail" if natural == 1 else ("auto-pass" if natural in auto else "fail")
        assert playsheet.check_category(vw.normalize(spec), natural) == expected


@pytest.mark.parametrize("score, difficulty, factors, bonus", [(0, 1, [], []), (3, 2, [1], [2, 2]),
                                                              (12, 4, [2, 2], [1]), (40, 1, [], [])])
def test_check_odds_count_the_twenty_naturals(score, difficulty, factors, bonus):
    """Natural 1 always fails; total = natural + score + bonus >= 5 x difficulty + factors."""
    spec = {**CHECK, "rank": "silver", "score": score, "difficulty": difficulty, "factors": factors, "bonus": bonus}
    target = 5 * difficulty + sum(factors)
    wins = sum(1 for n in range(2, 21) if n >= 19 or n + score + sum(bonus) >= target)
    assert vw.odds(spec).p_pass == pytest.approx(wins / 20, abs=1e-15)
    assert vw.odds(spec).threshold == target


def test_check_rolls_and_samples_agree_with_the_odds():
    spec = {**CHECK, "rank": "gold", "score": 4, "difficulty": 3}
    o = vw.odds(spec)
    sample = vw.roll_many(spec, 40_000, seed=11)
    assert abs(sample.mean() - o.p_pass) < 4 * np.sqrt(o.p_pass * (1 - o.p_pass) / 40_000)
    r = vw.roll(spec, seed=5)
    assert r.dice[0].owner == "d20" and r.passed == (r.details["category"] in ("pass", "auto-pass"))
    with pytest.raises(vw.SpecError):
        vw.roll(spec, seed=5, kiss=[0])


# -- tasks: exact against brute force ----------------------------------------------

BRUTE_CASES = [
    {"dice": 2, "difficulty": 1},
    {"dice": 3, "difficulty": 2, "rank": "gold"},
    {"dice": 2, "difficulty": 2, "allies": ["platinum"], "kiss": 1},
    {"dice": 2, "difficulty": 3, "allies": ["gold"], "kiss": 1, "ally_kiss": True, "ego": True},
    {"dice": 2, "difficulty": 3, "allies": ["silver", "bronze"], "kiss": 2, "ally_kiss": True},
    {"dice": 1, "difficulty": 3, "allies": ["silver", "bronze"], "kiss": 1, "ally_kiss": True, "ego": True},
    {"dice": 1, "difficulty": 2, "factors": [1], "allies": ["gold"], "ego": True},
    {"dice": 2, "difficulty": 2, "explode": True},
    {"dice": 2, "difficulty": 3, "explode": True, "kiss": 1, "ego": True},
    {"dice": 1, "difficulty": 3, "explode": True, "allies": ["gold"], "kiss": 1, "ally_kiss": True, "ego": True},
    {"dice": 0, "difficulty": 1, "allies": ["silver"], "ally_kiss": True},
    {"dice": 0, "difficulty": 1},
]


@pytest.mark.parametrize("case", BRUTE_CASES)
def test_task_distribution_equals_the_die_by_die_brute_force(case):
    """docs/rules_playsheet.md#task (KISS and Ego as its steps 1-4), applied die by die."""
    spec = {**TASK, **case}
    exact, lost = brute_task(spec, depth=3)
    o = vw.odds(spec)
    tol = 1e-12 + float(lost) * 4
    for k in set(exact) | set(o.distribution):
        assert o.distribution.get(k, 0.0) == pytest.approx(float(exact.get(k, Fraction(0))), abs=tol), k
    if not case.get("explode"):
        assert lost == 0 and o.truncated == 0.0


@pytest.mark.parametrize("case", [
    {"dice": 6}, {"dice": 4, "allies": ["gold", "platinum", "silver"]},
    {"dice": 8, "explode": True}, {"dice": 5, "explode": True, "allies": ["gold"]},
    # the whole procedure: KISS budget, ally KISS, Ego on 10s, explosions
    {"dice": 4, "difficulty": 4, "kiss": 2, "ego": True, "allies": ["silver", "gold"], "ally_kiss": True},
    {"dice": 3, "difficulty": 3, "factors": [1], "explode": True, "kiss": 1, "ego": True,
     "allies": ["gold"], "ally_kiss": True},
])
def test_task_distribution_equals_icepool(case):
    spec = {**TASK, **case}
    peer = icepool_distribution(spec)
    o = vw.odds(spec)
    for k in set(peer) | set(o.distribution):
        assert o.distribution.get(k, 0.0) == pytest.approx(peer.get(k, 0.0), abs=1e-12)


@pytest.mark.parametrize("case", [
    {"dice": 2, "difficulty": 3, "allies": ["silver", "bronze"], "kiss": 2, "ally_kiss": True, "ego": True},
    {"dice": 5, "difficulty": 4, "factors": [2, 1], "allies": ["gold", "platinum"], "kiss": 3, "ally_kiss": True,
     "ego": True, "rank": "silver"},
    {"dice": 7, "difficulty": 4, "factors": [2, 2, 1], "kiss": 7, "ego": True},  # D = 10**14: 2**44 < D < 2**53
])
def test_counted_odds_equal_the_fraction_odds(case):
    """The exact odds counted in integers held in float64 (D < 2**53) are the
    odds computed in Fractions, value for value (task_odds._Task)."""
    from venus_widgets.engine.editions.playsheet.task_odds import _Task

    spec = vw.normalize({**TASK, **case})
    d = playsheet.denominator(spec)
    assert d is not None and d < 2**53
    task = _Task(spec, exact=True)
    counts, no_kiss, ego, _ = task._counts(ex=False, count=True)
    fracs, no_kiss_f, ego_f, _ = task._counts(ex=True, count=False)
    assert [Fraction(int(c), d) for c in counts] == list(fracs)
    assert Fraction(int(no_kiss), d) == no_kiss_f and Fraction(int(ego), d) == ego_f
    assert dict(playsheet.odds(spec, exact=True).distribution) == {
        k: v for k, v in enumerate(fracs) if v}


def test_exploding_tail_is_cut_only_below_1e_12_and_said():
    """docs/rules_playsheet.md#task: cut the tail only where less than 1e-12 of mass is left, and say so."""
    o = vw.odds({**TASK, "dice": 30, "explode": True, "allies": ["platinum"] * 3, "kiss": 5, "ego": True,
                 "ally_kiss": True, "difficulty": 4, "factors": [2, 2, 2, 2]})
    assert 0.0 < o.truncated < 1e-12
    assert abs(sum(o.distribution.values()) + o.truncated - 1.0) < 1e-12
    assert any("less than 1 in a trillion" in note for note in o.notes)


@pytest.mark.parametrize("case", [
    {"dice": 5, "difficulty": 3, "factors": [2], "kiss": 2, "ego": True},
    {"dice": 6, "explode": True, "allies": ["silver", "gold", "platinum"], "difficulty": 4, "factors": [2, 2],
     "kiss": 3, "ally_kiss": True, "ego": True},
])
def test_roll_many_matches_the_exact_pmf(case):
    spec = {**TASK, **case}
    o = vw.odds(spec)
    sample = vw.roll_many(spec, 200_000, seed=2024)
    assert chi_square_pvalue(sample, dict(o.distribution)) > 1e-4


def test_criticals_and_margin():
    """Critical failure: passes <= threshold / 2; critical success: passes >= 2 x threshold."""
    spec = {**TASK, "dice": 6, "difficulty": 2, "factors": [1]}
    o = vw.odds(spec)
    thr = o.threshold
    assert thr == 3
    assert o.breakdown["critical failure"] == pytest.approx(o.at_most(1), abs=1e-15)
    assert o.breakdown["critical success"] == pytest.approx(o.at_least(6), abs=1e-15)
    assert o.p_critical == pytest.approx(o.at_most(1) + o.at_least(6), abs=1e-15)
    assert playsheet.margin(6, 4) == 1.5


# -- rolls --------------------------------------------------------------------


def test_rolls_follow_the_policy_and_replay():
    spec = vw.normalize({**TASK, "dice": 6, "difficulty": 4, "factors": [2, 2], "kiss": 2, "allies": ["gold"],
                         "ally_kiss": True, "explode": True, "ego": True})
    seen_kiss = seen_ego = False
    for seed in range(300):
        r = vw.roll(spec, seed)
        assert r == vw.roll(spec, seed) and vw.Roll.from_json(r.to_json()) == r
        before = r.details["successes_before_kiss"]
        own_kissed = [i for i in r.kissed if r.dice[i].owner == "own"]
        if before >= 8:
            assert not r.kissed and not r.ego_spent
        else:
            on_table = r.dice[: r.details["dice_before_kiss"]]
            own_failed = [d for d in on_table if d.owner == "own" and d.before < 7]
            assert len(own_kissed) == min(2, len(own_failed))
        for i in r.kissed:
            assert r.dice[i].kissed and r.dice[i].before < playsheet.PASS_FROM[r.dice[i].grade]
        if r.ego_spent:
            assert any(d.after == 10 and d.scores == 2 for d in r.dice)
        assert r.outcome == sum(d.scores for d in r.dice)
        seen_kiss |= bool(r.kissed)
        seen_ego |= r.ego_spent
    assert seen_kiss and seen_ego


def test_explicit_kiss_is_checked():
    spec = {**TASK, "dice": 4, "difficulty": 4, "factors": [2, 2], "kiss": 1}
    r = vw.roll(spec, seed=1, kiss=[])
    failed = [d.index for d in r.dice if d.after < 7]
    assert failed
    r2 = vw.roll(spec, seed=1, kiss=failed[:1])
    assert r2.kissed == (failed[0],) and r2.dice[failed[0]].kissed
    with pytest.raises(vw.SpecError, match="KISS budget") as info:
        vw.roll({**spec, "dice": 8}, seed=1, kiss=[0, 1, 2, 3, 4, 5, 6, 7][:2])
    assert info.value.field == "kiss"
    passing = [d.index for d in r.dice if d.after >= 7]
    if passing:
        with pytest.raises(vw.SpecError, match="failed dice only"):
            vw.roll(spec, seed=1, kiss=passing[:1])
    with pytest.raises(vw.SpecError):
        vw.roll({**spec, "allies": ["gold"]}, seed=1, kiss=[4])  # an ally's die without ally_kiss
    with pytest.raises(vw.SpecError):
        vw.roll(spec, seed=1, ego=True)  # the spec has no Ego


# -- the seed's table ----------------------------------------------------------------

# Copied verbatim from the playsheet seed ("Bronze % chance of *at least*").
PRINTED = """\
| **1D** | 40.00  |          |          |          |          |          |          |          |     **0.4** | *0.49*    |
| **2D** | 64.0   | 16.00    |          |          |          |          |          |          |     **0.8** | *0.69*    |
| **3D** | 78.4   | 35.20    | 6.400    |          |          |          |          |          |     **1.2** | *0.85*    |
| **4D** | 87     | 52.5     | 17.92    | 2.560    |          |          |          |          |     **1.6** | *0.98*    |
| **5D** | 92     | 66.3     | 31.74    | 8.704    | 1.024    |          |          |          |     **2.0** | *1.10*    |
| **6D** | 95     | 76.7     | 45.57    | 17.92    | 4.096    | 0.410    |          |          |     **2.4** | *1.20*    |
| **7D** | 97     | 84.1     | 58.0     | 28.98    | 9.626    | 1.884    | 0.164    |          |     **2.8** | *1.30*    |
| **8D** | 98     | 89       | 68.5     | 40.59    | 17.37    | 4.981    | 0.852    | 0.066    |     **3.2** | *1.39*    |
"""

#: (dice, column, printed) entries more than one unit of the last printed digit off: none,
#: once the table is read as the D10 rule (40 % per Bronze die).
ERRATA: list = []


def test_seed_table_is_regenerated_from_the_engine_except_the_errata():
    """docs/rules_playsheet.md#published-tables-and-errata: the "Bronze % chance" table uses 40 % (the D10 rule)."""
    rows = playsheet.table("bronze", 8)
    off = []
    for line in PRINTED.splitlines():
        cells = [c.strip().strip("*") for c in line.strip().strip("|").split("|")]
        dice = int(cells[0].rstrip("D"))
        row = rows[dice - 1]
        for j, text in enumerate(cells[1:]):
            if not text:
                continue
            column = j + 1 if j < 8 else ("mean" if j == 8 else "sigma")
            true = row.mean if column == "mean" else row.sd if column == "sigma" else row.at_least[column - 1]
            unit = 10.0 ** -(len(text.split(".")[1]) if "." in text else 0)
            if abs(float(text) - true) > unit * (1 + 1e-9):
                off.append((dice, column, text))
    assert off == ERRATA


def test_tables_for_every_rank_come_from_the_odds():
    for rank, p in (("bronze", 0.4), ("silver", 0.5), ("gold", 0.6), ("platinum", 0.7)):
        rows = playsheet.table(rank, 8)
        for row in rows:
            o = vw.odds({**TASK, "rank": rank, "dice": row.dice, "difficulty": 1})
            assert row.at_least[0] == pytest.approx(100 * o.at_least(1), abs=1e-12)
            assert row.mean == pytest.approx(row.dice * p, abs=1e-12)


# The seed's "Statistics & tables for nerds" rank rows, copied verbatim.
NERD_ROWS = {
    "Natural Success Range *for Checks*": ("NA", "20", "19-20", "18-20"),
    "Pass Range *for Tasks*": ("5-6", "4-6", "3-6", "2-6"),
}


def _range(lo: int, hi: int) -> str:
    return str(hi) if lo == hi else f"{lo}-{hi}"


def test_the_seed_rank_table_is_an_erratum_in_every_cell():
    """docs/rules_playsheet.md#published-tables-and-errata: the statistics table shows other ranges than the
    step-by-step text (checks) and d6 ranges (tasks use D10s): every cell
    of both rows differs from the rules the engine plays, as docs/rules.md lists."""
    ranks = ("bronze", "silver", "gold", "platinum")
    engine = {
        "Natural Success Range *for Checks*": tuple(_range(playsheet.AUTO_FROM[r], 20) for r in ranks),
        "Pass Range *for Tasks*": tuple(_range(playsheet.PASS_FROM[r], 10) for r in ranks),
    }
    assert engine["Natural Success Range *for Checks*"] == ("20", "19-20", "18-20", "17-20")
    assert engine["Pass Range *for Tasks*"] == ("7-10", "6-10", "5-10", "4-10")
    errata = [(row, r) for row, cells in NERD_ROWS.items() for r, a, b in zip(ranks, cells, engine[row]) if a != b]
    assert len(errata) == 8


# -- rules as parameters: the kernels take the rule values --------------


@pytest.mark.parametrize("case", [
    {"dice": 2, "difficulty": 2, "kiss": 1, "ego": True},
    {"dice": 2, "difficulty": 3, "allies": ["gold"], "kiss": 1, "ally_kiss": True, "ego": True},
])
def test_a_pass_from_variant_gives_the_brute_force_odds_of_that_variant(case, monkeypatch):
    """Bronze passing on 5-10 and Gold on 8-10, passed to the kernels as rule
    values, give the die-by-die brute force of that variant, and today's rules
    stay as they were (the caches are keyed by the rule)."""
    import peer_playsheet

    from venus_widgets.engine.editions.playsheet.rules import RULES, Rules
    from venus_widgets.engine.editions.playsheet.task_odds import _Task

    spec = vw.normalize({**TASK, **case})
    variant = Rules(pass_from={**RULES.pass_from, "bronze": 5, "gold": 8})
    before = dict(playsheet.odds(spec, exact=True).distribution)
    got = dict(_Task(spec, exact=True, rules=variant).compute().distribution)
    monkeypatch.setattr(peer_playsheet, "PASS_FROM", dict(variant.pass_from))
    want, lost = brute_task(spec, depth=1)
    assert lost == 0
    assert got == {k: v for k, v in want.items() if v} != before
    assert dict(playsheet.odds(spec, exact=True).distribution) == before

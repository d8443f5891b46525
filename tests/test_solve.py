"""Inverse odds: ``vw.solve`` and ``vw.ladder`` against a brute scan of ``vw.odds``."""

from __future__ import annotations

import itertools

import pytest

import venus_widgets as vw
from venus_widgets.engine.contract.spec import schema

#: One spec per edition and roll, with something to move.
SPECS = [
    {"edition": "playtest", "roll": "check", "caliber": "silver", "score": 6, "bonus_factors": 1},
    {"edition": "playtest", "roll": "task", "dice": 4, "kiss": 1, "allies": ["gold"], "consequences": 1},
    {"edition": "playtest", "roll": "task", "dice": 5, "learning": True, "ego": "double6"},
    {"edition": "playsheet", "roll": "check", "rank": "gold", "score": 7, "bonus": [1]},
    {"edition": "playsheet", "roll": "task", "dice": 6, "allies": ["silver"], "kiss": 2, "explode": True},
    {"edition": "agora", "roll": "check", "rank": 4, "helpers": [5, 5], "kiss": 1},
    {"edition": "agora", "roll": "task", "rank": 3, "job": 2, "assets": 1, "consequences": 2, "ego": True},
    {"edition": "heresy", "pool": 7, "trade": 1},
    {"edition": "vers", "ranks": 4},
]
IDS = [f"{s['edition']}-{s.get('roll', '')}-{i}" for i, s in enumerate(SPECS)]


def _brute(spec, settings):
    """(setting, P(pass)) for each setting the rules allow, by vw.odds."""
    out = []
    for setting in settings:
        try:
            out.append((setting, vw.odds({**spec, **setting}).p_pass))
        except vw.SpecError:
            pass
    return out


def _brute_order(found, target):
    """The documented order: nearest first, then the higher chance, then scan order."""
    idx = sorted(range(len(found)), key=lambda i: (round(abs(found[i][1] - target), 12), -found[i][1], i))
    return [found[i] for i in idx]


# -- the ladder ----------------------------------------------------------------


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_ladder_chances_are_the_odds_of_each_rung(spec):
    rungs = vw.ladder(spec)
    assert len(rungs) >= 2
    for setting, chance in rungs:
        assert chance == vw.odds({**spec, **setting}).p_pass


def _targets_playtest_check(spec, rungs):
    base = {"routine": 5, "simple": 10, "tough": 15, "challenging": 20, "absurd": 25}
    return [base[s["difficulty"]] + s["factors"] for s, _ in rungs]


def test_playtest_check_ladder_is_every_target_5_to_29_in_order():
    rungs = vw.ladder(SPECS[0])
    assert _targets_playtest_check(SPECS[0], rungs) == list(range(5, 30))
    assert [s for s, _ in rungs] == [{"difficulty": d, "factors": f}
                                     for d in ("routine", "simple", "tough", "challenging", "absurd")
                                     for f in range(5)]


def test_playtest_task_ladder_is_the_factors_and_learning_takes_one():
    assert [s for s, _ in vw.ladder(SPECS[1])] == [{"factors": f} for f in range(5)]
    assert [s for s, _ in vw.ladder(SPECS[2])] == [{"factors": f} for f in range(4)]


def test_playsheet_ladders_step_one_target_at_a_time():
    check = [5 * s["difficulty"] + sum(s["factors"]) for s, _ in vw.ladder(SPECS[3])]
    assert check == list(range(5, 29))
    task = [s["difficulty"] + sum(s["factors"]) for s, _ in vw.ladder(SPECS[4])]
    assert task == list(range(1, 13))


def test_heresy_ladder_steps_by_three_black_dice_and_vers_by_penalty():
    assert [s["black"] for s, _ in vw.ladder(SPECS[7])] == list(range(0, 37, 3))
    assert [s["penalty"] for s, _ in vw.ladder(SPECS[8])] == list(range(11))


def test_agora_ladder_covers_the_pool_at_both_difficulties():
    rungs = [s for s, _ in vw.ladder(SPECS[6])]
    n = 2 + 2 + 1  # health + job + assets
    assert rungs == [{"difficulty": d, "factors": f} for d in ("standard", "challenging") for f in range(n + 1)]
    assert [s for s, _ in vw.ladder(SPECS[5])] == [{"difficulty": "standard"}, {"difficulty": "challenging"}]


@pytest.mark.parametrize("spec", [s for s in SPECS if s["edition"] != "agora"],
                         ids=[i for s, i in zip(SPECS, IDS) if s["edition"] != "agora"])
def test_ladder_goes_from_easiest_to_hardest(spec):
    chances = [p for _, p in vw.ladder(spec)]
    assert all(a >= b - 1e-12 for a, b in zip(chances, chances[1:]))
    assert chances[0] > chances[-1]


def test_agora_ladder_gets_harder_within_each_difficulty():
    for d in ("standard", "challenging"):
        chances = [p for s, p in vw.ladder(SPECS[6]) if s["difficulty"] == d]
        assert all(a >= b - 1e-12 for a, b in zip(chances, chances[1:]))


# -- solve ---------------------------------------------------------------------

#: (spec index, vary) pairs, every edition, single fields and pairs.
CASES = [
    (0, "factors"), (0, "difficulty"), (0, ["difficulty", "factors"]), (0, "score"),
    (1, "factors"), (1, "consequences"), (1, "dice"), (2, "factors"),
    (3, "difficulty"), (4, ["difficulty", "kiss"]),
    (5, "difficulty"), (6, "factors"), (6, ["factors", "consequences"]),
    (7, "black"), (7, ["pool", "black"]), (8, "penalty"), (8, ["ranks", "penalty"]),
]


def _scan_values(spec, field):
    """Every value of a field, straight from the schema's range (no edition knowledge)."""
    kind = schema(spec["edition"], spec.get("roll"))[field]
    if hasattr(kind, "lo"):
        return list(range(kind.lo, kind.hi + 1))
    return list(kind.options)


@pytest.mark.parametrize("target", [0.25, 0.5, 0.75])
@pytest.mark.parametrize("i,vary", CASES, ids=[f"{IDS[i]}-{v}" for i, v in CASES])
def test_solve_matches_a_brute_scan(i, vary, target):
    spec = SPECS[i]
    names = [vary] if isinstance(vary, str) else vary
    got = vw.solve(spec, target, vary)
    scan = _brute(spec, [dict(zip(names, c)) for c in itertools.product(*(_scan_values(spec, n) for n in names))])
    # the nearest chance is the scan's nearest, and every setting's chance is its vw.odds
    best = min(abs(p - target) for _, p in scan)
    assert abs(got[0].chance - target) == pytest.approx(best, abs=1e-12)
    for setting, chance in got:
        assert chance == vw.odds({**spec, **setting}).p_pass
    # ordered by distance to the target, ties to the higher chance
    keys = [(round(abs(p - target), 12), -p) for _, p in got]
    assert keys == sorted(keys)
    # agora's factors stop at the main pool's size: past it nothing changes
    if spec["edition"] == "agora" and "factors" in names:
        assert {round(p, 12) for _, p in got} == {round(p, 12) for _, p in scan}
    else:
        assert sorted(map(repr, got)) == sorted(repr(vw.Solution(s, p)) for s, p in scan)


def test_solve_of_the_ladder_is_the_ladder_by_closeness():
    spec = SPECS[0]
    rungs = vw.ladder(spec)
    assert vw.solve(spec, 0.4) == [vw.Solution(s, p) for s, p in _brute_order(rungs, 0.4)]


def test_ties_go_to_the_easier_setting_then_the_edition_order():
    # Bronze with score 5: routine with 0, 1 or 2 factors all give 95 % (only a natural 1 fails)
    got = vw.solve({"score": 5}, target=1.0)
    assert [s for s, _ in got[:3]] == [{"difficulty": "routine", "factors": f} for f in range(3)]
    # 0.5 lies half-way between 0.55 and 0.45: the easier (0.55) comes first
    got = vw.solve({"score": 5}, target=0.50, vary="factors")
    assert [round(p, 2) for _, p in got[:3]] == [0.5, 0.55, 0.45]


def test_a_party_at_fifty_percent():
    """The FC's question: which factors give each of three characters about 50 %."""
    party = {"Ana": {"roll": "task", "dice": 3}, "Bo": {"roll": "task", "dice": 5, "caliber": "silver"},
             "Cy": {"roll": "task", "dice": 8}}
    best = {name: vw.solve(spec, 0.5, "factors")[0] for name, spec in party.items()}
    assert best["Ana"].setting == {"factors": 0}  # 19/27 = 70 % beats 7/27 = 26 % (two of three dice)
    assert best["Bo"].setting == {"factors": 2}  # three of five Silver dice at 1/2 each: exactly 50 %
    assert best["Bo"].chance == pytest.approx(0.5, abs=1e-15)
    for name, (setting, chance) in best.items():
        scan = _brute(party[name], [{"factors": f} for f in range(5)])
        assert abs(chance - 0.5) == pytest.approx(min(abs(p - 0.5) for _, p in scan), abs=1e-12)


def test_solve_leaves_out_settings_the_rules_forbid():
    got = vw.solve({"roll": "task", "learning": True}, 0.5, "factors")
    assert sorted(s["factors"] for s, _ in got) == [0, 1, 2, 3]
    got = vw.solve({"edition": "heresy", "pool": 6, "trade": 2}, 0.5, "pool")
    assert min(s["pool"] for s, _ in got) == 6


def test_solution_unpacks_as_a_pair():
    setting, chance = vw.solve({"edition": "vers"}, 0.5, "penalty")[0]
    assert set(setting) == {"penalty"} and 0 <= chance <= 1


# -- validation ----------------------------------------------------------------


def test_bad_vary_names_the_argument_and_lists_the_fields():
    with pytest.raises(vw.SpecError) as err:
        vw.solve({"edition": "playtest", "roll": "check"}, 0.5, "dice")
    assert err.value.field == "vary"
    msg = str(err.value)
    for name in ("difficulty", "factors", "score", "bonus_factors"):
        assert name in msg
    assert "'dice' cannot vary" in msg
    with pytest.raises(vw.SpecError, match="black, trade"):
        vw.solve({"edition": "heresy"}, 0.5, "penalty")


@pytest.mark.parametrize("vary", [[], "", 3, ["factors", "factors"], ["factors", 2], {"factors": 1}])
def test_malformed_vary_is_an_error(vary):
    with pytest.raises(vw.SpecError) as err:
        vw.solve({"roll": "task"}, 0.5, vary)
    assert err.value.field == "vary"


@pytest.mark.parametrize("target", [50, -0.1, 1.5, float("nan"), "0.5", True, None])
def test_bad_target_names_the_argument(target):
    with pytest.raises(vw.SpecError) as err:
        vw.solve({"roll": "task"}, target)
    assert err.value.field == "target"
    assert "from 0 to 1" in str(err.value)


def test_a_percent_target_says_how_to_write_it():
    with pytest.raises(vw.SpecError, match="for 50 % write 0.5"):
        vw.solve({"roll": "task"}, 50)


def test_too_many_settings_is_an_error_not_a_hang():
    with pytest.raises(vw.SpecError, match="vary fewer fields"):
        vw.solve({"roll": "task"}, 0.5, ["dice", "kiss", "consequences"])


def test_a_bad_spec_is_still_the_spec_error():
    with pytest.raises(vw.SpecError) as err:
        vw.ladder({"edition": "agora", "rank": 9})
    assert err.value.field == "rank"


# -- the docs ------------------------------------------------------------------


def test_facilitators_party_example_prints_what_the_docs_show(capsys):
    """docs/facilitators.md: the party example's code gives the printed table."""
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "docs" / "facilitators.md").read_text()
    code, shown = re.search(r"side by side\.\n\n```python\n(.*?)```\n\nprints\n\n```\n(.*?)```", text, re.S).groups()
    exec(compile(code, "facilitators.md", "exec"), {})
    assert capsys.readouterr().out == shown

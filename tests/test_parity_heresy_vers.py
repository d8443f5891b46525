"""Heresy and VERS, each rule written once (issue 34): the code editions
``heresy`` and ``vers`` and their drafts (venus_widgets/drafts/heresy.toml,
vers.toml) answer alike on every spec class the editions serve (the
benchmark's sweeps, benchmarks/bench_specs.py, and the editions' own
tests' specs), under every rule knob:

- the same odds: the same fractions where they are rational, else the same
  floats within the tails both cut (below 1e-12); the same degrees in the
  same order, the same notes;
- the same knobs (names, defaults, what they take, their words and seeds);
- the same fields and table words: labels, help, groups, the result
  sentence, what each die counts, the legend, the die's words and shape,
  the what-if hints, the still a saved roller shows;
- the same ladders, the same "explain this number" steps and example roll;
- the same seeded rolls (die by die) and the same cost answers (a spec
  the one accepts, the other accepts).

What they do differently, on purpose: the draft's ``roll_many`` draws its
rolls otherwise (same law: checked against the exact odds below), a
draft's spec records its version, a draft's what-if hints stay within a
field's range, ``vw.roll(spec, ego=True)`` is refused (there is no Ego to
spend), and the draft's schema words add the outcome's singular
("net success"), which the code editions' readers derive.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

import venus_widgets as vw
from venus_widgets.engine.contract import edition
from venus_widgets.engine.contract.table_answers import Choices
from venus_widgets.engine.drafts import EXAMPLES, load_edition

PAIRS = {"heresy": "heresy-draft", "vers": "vers-draft"}

#: Rule knobs the editions take, each tried alone and a few together.
HERESY_RULES: list[dict[str, Any]] = [
    {}, {"success_faces": [6]}, {"success_faces": [5, 6]}, {"reroll_faces": []}, {"reroll_faces": [5, 6]},
    {"reroll_faces": [2]}, {"reroll_faces": [2, 3]}, {"reroll_faces": [4]}, {"trade_rate": 2}, {"trade_rate": 5}, {"pass_threshold": 1}, {"pass_threshold": 3},
    {"pass_threshold": 7}, {"success_faces": [1], "reroll_faces": [6], "pass_threshold": 4},
]
VERS_RULES: list[dict[str, Any]] = [{}, {"base_ct": 8}, {"base_ct": 0}, {"dice": 1}, {"dice": 2},
                                    {"dice": 6, "base_ct": 30}]


@pytest.fixture(scope="module", autouse=True)
def drafts():
    with edition.as_it_was():
        for name in PAIRS:
            load_edition(EXAMPLES / f"{name}.toml")
        yield


def both(name: str, spec: dict) -> tuple[dict, dict]:
    """The spec normalized for the code edition and for the draft."""
    return vw.normalize({**spec, "edition": name}), vw.normalize({**spec, "edition": PAIRS[name]})


def heresy_specs(rng: random.Random, n: int = 40) -> list[dict]:
    """The benchmark's sweep (pool 1-20, black 0-12, trade 0-3), the
    editions' test specs (no pool dice, one die, the largest) and a seeded
    sample of the whole range."""
    out = [{"pool": p, "black": b, "trade": t} for p in (0, 1, 2, 4, 7, 11, 20) for b in (0, 1, 3, 12)
           for t in range(0, min(3, p // 3) + 1)]
    out += [{"pool": 60, "black": 36}, {"pool": 30, "black": 12, "trade": 4}, {"pool": 60, "trade": 20}]
    for _ in range(n):
        p = rng.randint(0, 60)
        out.append({"pool": p, "black": rng.randint(0, 36), "trade": rng.randint(0, p // 3)})
    return out


def vers_specs() -> list[dict]:
    return [{"ranks": r, "penalty": p} for r in range(0, 21) for p in range(0, 31)]


# -- the odds ------------------------------------------------------------------------------


def notes(a: Any, b: Any, code: dict) -> tuple[tuple, tuple]:
    """The notes of both, but where the code said a 6 of every face rolled
    again ("each 6 is rolled again" for 5 and 6: the draft names them), and
    the tail a draft cuts where only faces that count nothing roll again
    (the code counts those exactly, the draft within 1e-17)."""
    again = (code.get("rules") or {}).get("reroll_faces", [6])
    said = (f"each {' or '.join(map(str, again))} is rolled again while "
            f"{' or '.join(f'{f}s' for f in again)} come up")
    ours = tuple(n.replace("each 6 is rolled again while 6s come up", said) for n in a.notes)
    theirs = b.notes[1:] if a.truncated == 0 and b.truncated > 0 else b.notes
    return ours, theirs


def same_odds(code: dict, draft: dict, tol: float = 2e-13) -> None:
    a, b = vw.odds(code), vw.odds(draft)
    assert (a.threshold, a.goal) == (b.threshold, b.goal)
    x, y = notes(a, b, code)
    assert x == y, code
    if code["edition"] == "vers":  # the draft lists the degree below first, as every draft: worst first
        assert sorted(a.breakdown) == sorted(b.breakdown)
    else:
        assert list(a.breakdown) == list(b.breakdown), code
    assert a.events == b.events and a.p_ego_spent == b.p_ego_spent
    if a.truncated == 0 and b.truncated == 0:  # no dice that roll on without end: fractions, the same ones
        x, y = vw.odds(code, exact=True), vw.odds(draft, exact=True)
        assert dict(x.distribution) == dict(y.distribution) and x.breakdown == y.breakdown, code
        assert dict(a.distribution) == dict(b.distribution) and a.p_pass == b.p_pass  # correctly rounded, both
        return
    keys = set(a.distribution) | set(b.distribution)
    assert max(abs(a.distribution.get(k, 0.0) - b.distribution.get(k, 0.0)) for k in keys) < tol, code
    assert abs(a.p_pass - b.p_pass) < tol and abs(a.mean - b.mean) < 1e-10
    assert all(abs(a.breakdown[k] - b.breakdown[k]) < tol for k in a.breakdown)
    assert a.truncated < 1e-12 and b.truncated < 1e-12


@pytest.mark.parametrize("again", [[2], [2, 3], [4], [2, 3, 4, 5]], ids=str)
def test_a_face_that_counts_nothing_rolled_again(again):
    """Where only faces that count nothing roll again (Heresy with
    ``reroll_faces`` [2, 3]), a re-roll only delays the stop: the die is
    its other faces, each as likely. The code counts those odds in
    fractions; so does the draft (no tail cut, no note, the same exact odds)."""
    for spec in ({"pool": 5, "black": 2}, {"pool": 0, "black": 3}, {"pool": 13, "black": 4, "trade": 2},
                 {"pool": 60, "black": 36}):
        a, b = both("heresy", {**spec, "rules": {"reroll_faces": again}})
        assert vw.odds(a).truncated == 0 and vw.odds(b).truncated == 0 and vw.odds(a).notes == vw.odds(b).notes
        x, y = vw.odds(a, exact=True), vw.odds(b, exact=True)
        assert isinstance(y.p_pass, Fraction) and x.p_pass == y.p_pass and dict(x.distribution) == dict(y.distribution)
        assert x.breakdown == y.breakdown
        # the draft's floats are the fractions correctly rounded (the code's, past 2**53 ways, not always)
        assert vw.odds(b).distribution == {k: float(v) for k, v in y.distribution.items()}
        if spec["pool"] < 60:
            same_odds(a, b)
        assert edition.get(b["edition"]).denominator(b) % edition.get("heresy").denominator(a) == 0  # a multiple


def test_heresy_odds_alike_on_every_spec_class():
    rng = random.Random(34)
    for spec in heresy_specs(rng):
        same_odds(*both("heresy", spec))


@pytest.mark.parametrize("rules", HERESY_RULES, ids=lambda r: ",".join(f"{k}={v}" for k, v in r.items()) or "as read")
def test_heresy_odds_alike_under_every_knob(rules):
    for spec in ({"pool": 0, "black": 2}, {"pool": 1}, {"pool": 7, "black": 2, "trade": 1}, {"pool": 12, "black": 9}):
        spec = {**spec, "rules": rules}
        if spec.get("trade", 0) * rules.get("trade_rate", 3) <= spec["pool"]:
            same_odds(*both("heresy", spec))


def test_vers_odds_alike_on_every_spec():
    for spec in vers_specs():
        same_odds(*both("vers", spec))
    for rules in VERS_RULES:
        for spec in ({"ranks": 2, "penalty": 1}, {"ranks": 20, "penalty": 30}, {"ranks": 0, "penalty": 0}):
            same_odds(*both("vers", {**spec, "rules": rules}))


def test_the_drafts_many_rolls_follow_the_same_law():
    """``roll_many`` draws otherwise than the code did (not roll for roll):
    each draft's mean of 20,000 rolls is within 5 spreads of the exact mean."""
    for name, spec in (("heresy", {"pool": 9, "black": 3, "trade": 1}), ("vers", {"ranks": 3, "penalty": 2})):
        _, d = both(name, spec)
        o = vw.odds(d)
        got = edition.get(d["edition"]).roll_many(d, 20_000, 5)
        assert abs(float(np.mean(got)) - o.mean) < 5 * o.sd / np.sqrt(20_000)


# -- knobs, fields, words --------------------------------------------------------------------


def test_the_same_knobs_with_the_same_words():
    for name, draft in PAIRS.items():
        a, b = edition.get(name).KNOBS, edition.get(draft).KNOBS
        assert [k.describe() for k in a] == [k.describe() for k in b]


@pytest.mark.parametrize("name, given", [
    ("heresy", {"success_faces": []}), ("heresy", {"success_faces": [7]}), ("heresy", {"reroll_faces": [1, 2, 3, 4, 5, 6]}),
    ("heresy", {"trade_rate": 0}), ("heresy", {"trade_rate": 11}), ("heresy", {"pass_threshold": 21}),
    ("heresy", {"dice.d6.success": [6]}), ("heresy", {"pass_at": 3}), ("vers", {"dice": 0}), ("vers", {"dice": 7}),
    ("vers", {"base_ct": 31}), ("vers", {"how_many": 2}), ("heresy", {"success_faces": "6"}),
])
def test_a_rule_is_refused_alike(name, given):
    spec = {"pool": 4} if name == "heresy" else {"ranks": 2}
    errors = []
    for ident in (name, PAIRS[name]):
        with pytest.raises(vw.SpecError) as info:
            vw.normalize({"edition": ident, **spec, "rules": given})
        errors.append((info.value.field, str(info.value)))
    assert errors[0] == errors[1]


def test_rules_normalize_alike():
    for name, rules in [*(("heresy", r) for r in HERESY_RULES), *(("vers", r) for r in VERS_RULES)]:
        spec = {"pool": 6} if name == "heresy" else {"ranks": 2}
        a, b = both(name, {**spec, "rules": rules})
        assert a.get("rules") == b.get("rules")


def test_the_same_fields_and_words():
    for name, draft in PAIRS.items():
        for roll, a in edition.get(name).SCHEMAS.items():
            b = edition.get(draft).SCHEMAS[roll]
            assert dict(a) == dict(b) and a.groups == b.groups
            assert (a.pass_parts, a.fail_parts, a.passing) == (b.pass_parts, b.fail_parts, b.passing)
            assert b.words.items() >= a.words.items()  # and the outcome's singular: "net success"
            assert vw.describe(name) == vw.describe(draft)
        assert edition.get(name).at_table.ROLLERS == edition.get(draft).at_table.ROLLERS


def test_the_same_ladders():
    for name, spec in [("heresy", {"pool": 6}), ("heresy", {"pool": 14, "black": 3, "trade": 2}),
                       ("vers", {"ranks": 3}), ("vers", {"ranks": 0, "penalty": 20})]:
        a, b = both(name, spec)
        assert edition.get(name).ladder_settings(a) == edition.get(PAIRS[name]).ladder_settings(b)
        assert [(rung, p) for rung, p in vw.ladder(a)] == [(rung, p) for rung, p in vw.ladder(b)] \
            if name == "vers" else all(abs(p - q) < 1e-12 for (_, p), (_, q) in zip(vw.ladder(a), vw.ladder(b)))


# -- explain this number ------------------------------------------------------------------------


def test_the_same_explanations():
    cases = [("heresy", {"pool": p, "black": b, "trade": t, "rules": r})
             for p, b, t in itertools.product((0, 1, 3, 4, 7, 13), (0, 1, 3), (0, 1, 2)) if 3 * t <= p
             for r in ({}, {"pass_threshold": 1}, {"pass_threshold": 4}, {"reroll_faces": []},
                       {"success_faces": [5, 6], "reroll_faces": [4, 6]})]
    cases += [("vers", {"ranks": r, "penalty": p, "rules": rules})
              for r, p in itertools.product((0, 3, 10, 20), (0, 1, 2, 12, 30)) for rules in ({}, {"dice": 2})]
    for name, spec in cases:
        a, b = both(name, spec)
        x, y = edition.get(name).explain_steps(a, vw.odds(a)), edition.get(PAIRS[name]).explain_steps(b, vw.odds(b))
        assert [(s.words, s.op, s.figure is None) for s in x] == [(s.words, s.op, s.figure is None) for s in y], spec
        for s, t in zip(x, y):
            assert s.figure is None or (s.figure == t.figure if name == "vers" else abs(s.figure - t.figure) < 1e-12)
        for seed in range(6):
            assert edition.get(name).explain_roll(vw.roll(a, seed)) == edition.get(PAIRS[name]).explain_roll(
                vw.roll(b, seed)), (spec, seed)


def test_vw_explain_alike():
    for name, spec in (("heresy", {"pool": 6, "black": 3}), ("vers", {"ranks": 2, "penalty": 4})):
        a, b = both(name, spec)
        x, y = vw.explain(a, seed=3), vw.explain(b, seed=3)
        assert [s.words for s in x.steps] == [s.words for s in y.steps] and x.walk == y.walk


# -- rolls at the table ------------------------------------------------------------------------------


def _die(x: Any) -> tuple:
    return (x.owner, x.sides, x.before, x.after, x.exploded_from, x.scores, x.kissed)


def _plain(spec: dict) -> dict:
    return {k: v for k, v in spec.items() if k not in ("edition", "version")}


def test_the_same_rolls_and_table_words():
    rng = random.Random(5)
    cases = [("heresy", s) for s in heresy_specs(rng, 10)] + [("heresy", {"pool": 5, "black": 2, "rules": r})
                                                               for r in HERESY_RULES]
    cases += [("vers", s) for s in ({"ranks": 3, "penalty": 2}, {"ranks": 0, "penalty": 9}, {"ranks": 20})]
    cases += [("vers", {"ranks": 3, "rules": r}) for r in VERS_RULES]
    for name, spec in cases:
        a, b = both(name, spec)
        ta, tb = edition.get(name).at_table, edition.get(PAIRS[name]).at_table
        hints = [(w, _plain(s)) for w, s in ta.what_if(a)]
        fits = [(w, s) for w, s in hints if all(s[f] <= edition.get(name).SCHEMAS[a["roll"]][f].hi for f in s
                                               if f in edition.get(name).SCHEMAS[a["roll"]])]
        assert [(w, _plain(s)) for w, s in tb.what_if(b)] == fits  # the draft's stay within the range
        sa, sb = ta.steps(a), tb.steps(b)
        assert (sa.kiss, sa.kiss_when_met, sa.ego_after, sa.spend, sa.ego_reroll) == \
            (sb.kiss, sb.kiss_when_met, sb.ego_after, sb.spend, sb.ego_reroll)
        for seed in range(25):
            x, y = vw.roll(a, seed), vw.roll(b, seed)
            assert [_die(d) for d in x.dice] == [_die(d) for d in y.dice], (spec, seed)
            assert (x.outcome, x.passed, x.goal_reached) == (y.outcome, y.passed, y.goal_reached)
            if name == "heresy":
                assert x.details.degree == y.details["degree"]
            marks = ta.contributions(a, x)
            assert marks == tb.contributions(b, y)
            assert ta.legend(a, x, marks) == tb.legend(b, y, marks)
            assert ta.sentence(a, x, Choices()) == tb.sentence(b, y, Choices())
            assert ta.announce(a, x) == tb.announce(b, y)
            assert [ta.die_words(a, d) for d in x.dice] == [tb.die_words(b, d) for d in y.dice]
            assert ta.spend_menu(a, x, Choices()) is None and tb.spend_menu(b, y, Choices()) is None


def test_the_same_stills():
    for name, kw in (("heresy", {"pool": 7, "black": 3, "trade": 1}), ("vers", {"ranks": 3, "penalty": 2})):
        a, b = vw.PoolRoller(edition=name, **kw), vw.PoolRoller(edition=PAIRS[name], **kw)
        assert a.fields == b.fields
        # the same still, but for the first line's name of the rules (the edition's NAME, the draft's name)
        named = (edition.get(PAIRS[name]).NAME, edition.get(name).NAME)
        assert a.snapshot_html() == b.snapshot_html().replace(f"– {named[0]}:", f"– {named[1]}:")


# -- cost answers ---------------------------------------------------------------------------------


def _accepted(spec: dict) -> bool:
    try:
        vw.normalize(spec)
    except vw.SpecError:
        return False
    return True


def test_the_same_cost_answers():
    """Every spec the code edition accepts, the draft accepts, and the
    other way round: the largest pools under every knob."""
    specs = [{"edition": "heresy", "pool": p, "black": b, "rules": r}
             for p, b in ((60, 36), (60, 0), (0, 36), (45, 20)) for r in HERESY_RULES]
    specs += [{"edition": "heresy", "pool": 60, "trade": 20}, {"edition": "heresy", "pool": 60, "black": 36,
                                                                 "rules": {"reroll_faces": [2, 3, 4, 5, 6]}},
              {"edition": "heresy", "pool": 60, "black": 36, "rules": {"success_faces": [6], "reroll_faces": [1, 2, 3, 4, 6]}}]
    specs += [{"edition": "vers", "ranks": 20, "penalty": 30, "rules": r} for r in VERS_RULES]
    for spec in specs:
        assert _accepted(spec) == _accepted({**spec, "edition": PAIRS[spec["edition"]]}), spec


def test_the_same_solve_over_pool_and_black():
    """``solve`` varying the pool and the black dice together (2,257
    settings): the code edition answers, and so does the draft, with the
    same settings in the same order (the chances alike within the tails
    both cut); the call priced within the 2 s one call may take, each
    draft spec after the first charged without the fixed work the specs of
    one draft share in a call (its rules, readings and tables at hand)."""
    from venus_widgets.engine.contract import work

    a, b = both("heresy", {"pool": 6})
    settings = [{"pool": p, "black": k} for p in range(61) for k in range(37)]
    priced = work.price([work.Job(b, settings)])
    assert priced.seconds <= work.MAX_CALL_SECONDS
    x = vw.solve(a, target=0.5, vary=["pool", "black"])
    y = vw.solve(b, target=0.5, vary=["pool", "black"])
    assert len(x) == len(y) == 2257
    assert [s.setting for s in x[:20]] == [s.setting for s in y[:20]]
    near = {tuple(s.setting.values()): s.chance for s in x}
    assert max(abs(near[tuple(s.setting.values())] - s.chance) for s in y) < 1e-12


def test_the_same_levers():
    """The fields the cost guard (and a call of many odds) names first, each
    the way that saves work: the code edition's pool and black dice, fewer
    of each; a trade takes dice away (more trades, less work), after them."""
    from venus_widgets.engine.contract import guard

    for spec in ({"pool": 6}, {"pool": 60, "black": 36, "trade": 2}, {"pool": 30, "black": 3, "rules": {"reroll_faces": []}}):
        a, b = both("heresy", spec)
        code, draft = guard.estimate(a).levers, guard.estimate(b).levers
        assert draft[:len(code)] == code and dict(draft)["trade"] == -1, (code, draft)


@pytest.mark.parametrize("spec", [{"pool": 0}, {"pool": 31, "black": 33, "trade": 2}, {"pool": 60, "black": 36},
                                  {"pool": 45, "black": 17, "trade": 5, "rules": {"reroll_faces": []}}])
def test_the_drafts_estimate_falls_along_each_lever(spec):
    """The search for the nearest value that fits bisects each lever's values,
    so the estimate must fall (or stay) toward the cheap end, as the code
    edition's does (tests/test_cost.py): the draft's dipped and rose again
    (32 black dice priced below 31, 35 above 32: a power by squaring has fewer
    steps at a multiple of 4). But for the step to no pool die left, where
    the draft counts the black dice in whole numbers (the odds correctly
    rounded) rather than in probabilities: really dearer (36 black dice:
    0.43 ms, with one pool die 0.34 ms), and far within any budget."""
    from venus_widgets.engine.contract import guard

    for name in ("heresy", PAIRS["heresy"]):
        s = vw.normalize({**spec, "edition": name})
        for field, direction in guard.estimate(s).levers:
            steps = []
            for v in guard._candidates(s, field, direction) or []:
                moved = guard._with(s, field, v)
                if name != "heresy" and moved["pool"] <= 3 * moved["trade"] and "rules" not in s:
                    continue  # no pool die left (or too few for the trades: refused by the rules): see above
                try:
                    steps.append(guard.estimate(guard._with(s, field, v)).steps)
                except vw.SpecError:
                    continue
            assert steps == sorted(steps, reverse=True), (name, field)


@pytest.mark.parametrize("spec", [{"pool": 10}, {"pool": 60, "black": 36, "trade": 3},
                                  {"pool": 4, "rules": {"success_faces": [5, 6], "reroll_faces": [6]}}])
def test_exact_odds_refused_alike(spec):
    """Exact odds while a face that scores is rolled again without end: both
    refuse them naming the pool and the knob a spec can set (the draft named
    its dice's depth, a number its [knobs] does not show a spec)."""
    errors = []
    for s in both("heresy", spec):
        with pytest.raises(vw.SpecError) as info:
            vw.odds(s, exact=True)
        errors.append((info.value.field, info.value.value, str(info.value)))
    assert errors[0] == errors[1]


def test_exact_odds_alike_where_rational():
    """A pool that rolls no face again: fractions on both sides."""
    for spec in ({"pool": 9, "black": 4, "trade": 1, "rules": {"reroll_faces": []}}, {"pool": 0, "black": 5}):
        a, b = both("heresy", spec)
        x, y = vw.odds(a, exact=True), vw.odds(b, exact=True)
        assert isinstance(x.p_pass, Fraction) and x.p_pass == y.p_pass and dict(x.distribution) == dict(y.distribution)

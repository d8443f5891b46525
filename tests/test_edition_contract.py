"""The edition contract, run on every edition (docs/developers.md "Add an
edition"; docs/architecture.md "The contract").

Every test here takes an edition and what it says of itself (its
``SAMPLES``: small specs whose every roll can be counted, a few large ones,
faces typed by hand) and nothing else: no table per edition. They run on
each registered edition (the built-in ones), on the toy edition of
tests/toy_edition, on :data:`DICE_SUM`, an edition written in this file, on the drafts that
ship with the package (venus_widgets/drafts/: editions made of data), and
on any edition named on the command line::

    pytest tests/test_edition_contract.py --edition=my_package.my_edition

What they check, for each edition:

- it passes the check at registration, and the registry hands it out
  complete (every member, the optional ones at their defaults);
- its samples are legal specs, every kind of roll among the small ones;
- exact odds = every roll counted (``tests/every_roll.py`` hands the
  edition's own ``roll`` every sequence of faces in turn): the outcome's
  law, P(pass), P(goal), P(Ego spent), and a common denominator;
- the odds are plain floats that add up; seeded ``roll_many`` follows them;
- a seed replays its roll (and its JSON); faces typed by hand
  (``vw.enter``) give what the rules' text says (``SAMPLES.by_hand``), and
  the faces of seeded rolls typed back give the same rolls (one face per
  KISSed die, in die order, on the second stream);
- ``kiss_odds`` = every face of the KISSed dice counted, and ``advise``'s
  options priced as ``kiss_odds`` prices them (editions with those
  features); ``ego=True`` needs Ego; advice is refused without the feature;
- a roller plays each sample to the end (KISS, Ego, spending), its log
  entry replays the roll, and the log survives JSON and CSV;
- each rule knob: its default is the rules as read, a changed value plays
  or is refused naming the field;
- the FC's tools: the ladder's chances are the odds of each rung, solve,
  explain, and an FC screen of two characters.

And for the contract itself: a broken edition gets one error naming every
member that is missing or of the wrong kind, and never reaches the
registry or the widgets.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import math
import types
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import traitlets

import toy_edition
import venus_widgets as vw
from every_roll import TooManyRolls, every_roll, law
from venus_widgets.engine import api
from venus_widgets.engine.contract import members as contract, edition
from venus_widgets.engine.contract.cost import Cost, held
from venus_widgets.engine.errors import SpecError
from venus_widgets.engine.contract.explain import Step
from venus_widgets.engine.maths.odds import Odds
from venus_widgets.engine.table.rolls import Die, Roll, in_blocks, streams
from venus_widgets.engine.contract.samples import ByHand, Samples
from venus_widgets.engine.table.details import Facts
from venus_widgets.engine.contract.spec import Spec
from venus_widgets.engine.contract.fields import Int
from venus_widgets.engine.contract.table_answers import Choices, Mark

ROOT = Path(__file__).resolve().parents[1]


# --------------------------------------------------------------------------
# An edition written in this file: the sum of a few d4 against a target.
# Only the required members: everything optional takes its default.
# --------------------------------------------------------------------------


def _d4_sum(spec: dict) -> dict[int, Fraction]:
    law_: dict[int, Fraction] = {0: Fraction(1)}
    for _ in range(spec["dice"]):
        nxt: dict[int, Fraction] = {}
        for total, p in law_.items():
            for face in range(1, 5):
                nxt[total + face] = nxt.get(total + face, Fraction(0)) + p / 4
        law_ = nxt
    return {total + spec["bonus"]: p for total, p in law_.items()}


def _dice_sum_odds(spec: dict, exact: bool = False) -> Odds:
    pmf = _d4_sum(spec)
    return Odds.from_pmf(spec, pmf if exact else {k: float(v) for k, v in pmf.items()}, threshold=spec["target"])


def _dice_sum_roll(spec: dict, seed: int, kiss: list[int] | None = None, ego: bool | None = None) -> Roll:
    if kiss:
        raise SpecError("kiss", kiss, "[]", "no die of a sum is KISSed")
    first, _ = streams(seed)
    faces = [int(f) for f in first.integers(1, 5, size=spec["dice"])]
    total = sum(faces) + spec["bonus"]
    dice = tuple(Die(i, "own", None, 4, f, f, False, f) for i, f in enumerate(faces))
    return Roll(spec, seed, dice, total, total >= spec["target"], total >= spec["target"],
                details={"total": total, "threshold": spec["target"]})


def _dice_sum_many(spec: dict, n: int, seed: int) -> np.ndarray:
    return in_blocks(n, seed, lambda rows, first, _: first.integers(1, 5, size=(rows, spec["dice"])).sum(axis=1)
                     + spec["bonus"])


DICE_SUM = types.SimpleNamespace(
    ID="dice-sum",
    SCHEMAS={"check": {"dice": Int(1, 4, 2, "d4s rolled", "Dice", "ability"),
                       "bonus": Int(0, 3, 0, "added to the sum", "Bonus", "ability"),
                       "target": Int(2, 19, 5, "the sum to reach", "Target", "difficulty")}},
    denominator=lambda spec: 4 ** spec["dice"],
    # the work of its odds: the 4**dice sums of its d4s, counted one by one
    cost=lambda spec, exact=False: Cost(memory=held(4 * spec["dice"] + 1), steps=4 ** spec["dice"] * 4,
                                        dice=float(spec["dice"]), levers=(("dice", +1),)),
    odds=_dice_sum_odds,
    roll=_dice_sum_roll,
    roll_many=_dice_sum_many,
    ladder_settings=lambda spec: [{"target": t} for t in range(2, 20)],
    explain_steps=lambda spec, o: [Step(f"{spec['dice']}d4 + {spec['bonus']} reaches {spec['target']}",
                                        o.p_pass, "=")],
    explain_roll=lambda r: [f"{' + '.join(str(d.after) for d in r.dice)} + {r.spec['bonus']} = {r.outcome}"],
    at_table=types.SimpleNamespace(
        ROLLERS={"check": "check"},
        contributions=lambda spec, r: [Mark(f"+{d.after}", f"adds {d.after}") for d in r.dice],
        sentence=lambda spec, r, c: f"{'Passed' if r.passed else 'Failed'}: {r.outcome} against {spec['target']}",
    ),
)


# --------------------------------------------------------------------------
# The editions under test
# --------------------------------------------------------------------------

def _draft(name: str, samples: Samples) -> Any:
    """A draft that ships with the package (venus_widgets/drafts/), read as
    an edition, with the samples it is tried on (a draft file has none yet)."""
    from venus_widgets.engine.drafts import read_draft

    ed = read_draft(name)
    ed.SAMPLES = samples
    return ed


#: The drafts that ship with the package: small specs whose every roll can
#: be counted (Heresy with a push: its 6s explode to a depth of 1 here; the
#: Heresy Engine, whose only knobs are its rules': no face rolled again, as
#: the code edition's samples), large ones.
DRAFTS = {
    "coins.toml": Samples(small=({"coins": 2, "kiss": 1, "threshold_heads": 1},),
                          large=({"coins": 8, "kiss": 3, "threshold_heads": 6},)),
    "heresy.toml": Samples(small=({"pool": 4, "black": 2, "trade": 1, "rules": {"reroll_faces": []}},
                                  {"pool": 3, "black": 1, "rules": {"reroll_faces": [], "success_faces": [5, 6],
                                                                    "pass_threshold": 1}}),
                           large=({"pool": 30, "black": 12, "trade": 4},)),
    "heresy-push.toml": Samples(small=({"pool": 2, "rules": {"dice.d6.depth": 1}},),
                                large=({"pool": 20, "black": 6},)),
    "vers.toml": Samples(small=({"ranks": 3, "penalty": 2},), large=({"ranks": 20, "penalty": 30},)),
    "playtest.toml": Samples(small=({"dice": 2, "kiss": 1, "consequences": 1},
                                    {"caliber": "silver", "dice": 1, "allies": ["gold"], "kiss": 1, "ego": "double6"}),
                             large=({"caliber": "gold", "dice": 8, "allies": ["platinum"], "kiss": 4, "factors": 3},)),
}

#: Editions these tests register themselves (and unregister after).
EXTRA: dict[str, Any] = {"toy": toy_edition, "dice-sum": DICE_SUM}
for _name, _samples in DRAFTS.items():
    _ed = _draft(_name, _samples)
    EXTRA[_ed.ID] = _ed


def _from_command_line(config: Any) -> dict[str, Any]:
    out = {}
    for name in config.getoption("edition") or []:
        module = importlib.import_module(name)
        out[module.ID] = module
    return out


def pytest_generate_tests(metafunc: Any) -> None:
    if "ed" in metafunc.fixturenames:
        given = _from_command_line(metafunc.config)
        names = list(dict.fromkeys([*edition.ids(), *EXTRA, *given]))
        metafunc.parametrize("ed", names, indirect=True)


@pytest.fixture
def ed(request: Any) -> Any:
    """The edition as the registry hands it out (registered for the test
    when it is not already)."""
    ident = request.param
    source = {**EXTRA, **_from_command_line(request.config)}.get(ident)
    added = ident not in edition.ids()
    if added:
        edition.register(source)
    yield edition.get(ident)
    if added:
        edition.unregister(ident)


def _small(ed: Any) -> list[dict]:
    return [vw.normalize(s) for s in ed.SAMPLES.small]


def _all(ed: Any) -> list[dict]:
    return [vw.normalize(s) for s in ed.SAMPLES.small + ed.SAMPLES.large]


def _first_faces(r: Roll) -> list[int]:
    return [d.before for d in r.dice if d.exploded_from is None]


def _has_ego(s: dict) -> bool:
    return api.has_ego(s)


# --------------------------------------------------------------------------
# Registration and samples
# --------------------------------------------------------------------------


def test_the_edition_passes_the_check_and_comes_out_complete(ed):
    assert contract.check(ed.source) == []
    for m in contract.MEMBERS:
        if m.feature and m.feature not in ed.FEATURES:
            continue
        assert hasattr(ed, m.name), m.name
        assert callable(getattr(ed, m.name)) == (m.params is not None), m.name
    for m in contract.TABLE_MEMBERS:
        assert callable(getattr(ed.at_table, m.name)) == (m.params is not None), m.name
    assert isinstance(ed.SAMPLES, Samples) and all(s["edition"] == ed.ID for s in ed.SAMPLES.small)
    assert ed.ID in edition.ids() and ed.ID in repr(ed)


def test_samples_are_legal_specs_and_cover_every_roll(ed):
    small = _small(ed)
    assert {s["roll"] for s in small} == set(ed.SCHEMAS), "SAMPLES.small needs a spec of every kind of roll"
    for s in _all(ed):
        assert vw.normalize(s) == s and json.loads(json.dumps(s)) == s
        assert vw.dice_to_enter(s), s
    for b in ed.SAMPLES.by_hand:
        vw.normalize(b.spec)


# --------------------------------------------------------------------------
# Odds against every roll counted
# --------------------------------------------------------------------------


def _counted(ed: Any, s: dict) -> dict:
    try:
        return law(every_roll(lambda: ed.roll(s, 0)))
    except TooManyRolls as err:
        raise AssertionError(f"{s}: {err} (list smaller specs in SAMPLES.small)") from None


def test_exact_odds_are_every_roll_counted(ed):
    for s in _small(ed):
        counted = _counted(ed, s)
        assert counted["total"] == 1, s
        den = api.denominator(s)
        if den is None:  # dice that could roll on, in a sample that rolls none again: floats, to the last bits
            o = vw.odds(s)
            for k in set(o.distribution) | set(counted["distribution"]):
                assert o.distribution.get(k, 0.0) == pytest.approx(float(counted["distribution"].get(k, 0)),
                                                                   abs=1e-12), (s, k)
            assert o.p_pass == pytest.approx(float(counted["p_pass"]), abs=1e-12), s
            continue
        o = vw.odds(s, exact=True)
        assert {k: v for k, v in o.distribution.items() if v} == counted["distribution"], s
        assert o.p_pass == counted["p_pass"], s
        assert o.p_goal == counted["p_goal"], s
        if o.p_ego_spent is not None:
            assert o.p_ego_spent == counted["p_ego_spent"], s
        assert all((Fraction(p) * den).denominator == 1 for p in o.distribution.values()), (s, den)
        assert vw.odds(s).p_pass == float(o.p_pass), s  # the float: correctly rounded from the fraction


def test_odds_are_plain_floats_that_add_up(ed):
    for s in _all(ed):
        o = vw.odds(s)
        numbers = [o.p_pass, o.p_goal, o.truncated, *o.distribution.values(), *o.breakdown.values()]
        numbers += [v for v in (o.p_critical, o.p_ego_spent, o.mean, o.sd) if v is not None]
        assert all(type(v) is float and math.isfinite(v) for v in numbers), s
        assert all(type(k) in (int, str) for k in o.distribution), s
        assert all(0.0 <= p <= 1.0 for p in (o.p_pass, o.p_goal, *o.distribution.values())), s
        assert math.fsum(o.distribution.values()) + o.truncated == pytest.approx(1.0, abs=1e-12), s
        assert o.p_goal <= o.p_pass + 1e-15, s
        assert o.threshold is None or type(o.threshold) is int, s


def test_seeded_rolls_follow_the_odds(ed):
    n = 20_000
    for s in _all(ed):
        o = vw.odds(s)
        many = vw.roll_many(s, n, seed=11)
        assert len(many) == n and np.array_equal(many, vw.roll_many(s, n, seed=11)), s
        if many.dtype == bool:  # a d20 check: passed or not
            seen = {"pass": float(many.mean()), "fail": float(1 - many.mean())}
        else:
            values, counts = np.unique(many, return_counts=True)
            seen = {int(v): c / n for v, c in zip(values, counts)}
        assert set(seen) <= {k for k, p in o.distribution.items() if p > 0} | {k for k, c in seen.items() if c == 0}, (
            s, set(seen) - set(o.distribution))
        for k, p in o.distribution.items():
            assert abs(seen.get(k, 0.0) - p) <= 5 * math.sqrt(p * (1 - p) / n) + 1 / n, (s, k, seen.get(k), p)


def test_a_seed_replays_its_roll_and_its_json(ed):
    for s in _all(ed):
        for seed in (0, 1, 2**40 + 3):
            r = vw.roll(s, seed)
            assert r == vw.roll(s, seed) and r.seed == seed, s
            assert Roll.from_json(r.to_json()) == r, s
            assert r.outcome in vw.odds(s).distribution, (s, seed, r.outcome)
            # the KISS changes only the dice picked up: the first faces are those of the roll without KISS
            n = len(vw.dice_to_enter(s))
            first = vw.roll(s, seed, kiss=[], ego=False)
            assert [d.before for d in r.dice[:n]] == [d.before for d in first.dice[:n]], (s, seed)
            if r.kissed and not r.ego_spent:  # the policy's choice, asked for by name, is the same roll
                assert vw.roll(s, seed, kiss=list(r.kissed)) == r, (s, seed)


def test_a_rolls_details_are_its_editions_class_and_survive_json(ed):
    """``Roll.details`` is the class the edition declares for the roll
    (``DETAILS``; a read-only dict where it declares none), typed the same
    after the roll's JSON is read back; a Spec rolls as its dict does."""
    for s in _all(ed):
        spec = Spec(s)
        kind = ed.DETAILS.get(spec.roll, Facts)
        for seed in (0, 1, 2**40 + 3):
            r = vw.roll(spec, seed)
            assert type(r.details) is kind, (s, type(r.details))
            back = Roll.from_json(r.to_json(), edition.details_class(r.spec))
            assert type(back.details) is kind and back.details == r.details, s
            plain = Roll.from_json(r.to_json())  # a plain value: the facts as a read-only dict, typed on demand
            assert plain == r and dict(plain.details) == dict(r.details) and kind.of(plain) == r.details, s
            assert dict(r.details) == r.details.to_dict() == r.to_dict()["details"], s
            assert r == vw.roll(s, seed) and r.spec == vw.normalize(s), s
            with pytest.raises((TypeError, AttributeError)):  # read-only (FrozenInstanceError is one)
                r.details.total = 1  # type: ignore[misc]


# --------------------------------------------------------------------------
# By hand
# --------------------------------------------------------------------------


def test_faces_typed_by_hand_give_what_the_rules_say(ed):
    for b in ed.SAMPLES.by_hand:
        r = vw.enter(b.spec, list(b.faces), kiss=list(b.kiss), kiss_faces=list(b.kiss_faces), ego=b.ego)
        assert (r.outcome, r.passed) == (b.outcome, b.passed), b
        assert _first_faces(r)[:len(b.faces)] == list(b.faces)[:len(_first_faces(r))], b
        kissed = [d.after for d in r.dice if d.kissed]
        assert kissed == list(b.kiss_faces)[:len(kissed)], b
        assert r.entered == {"faces": list(b.faces), "kiss_faces": list(b.kiss_faces)}


def test_faces_of_seeded_rolls_typed_back_give_the_same_rolls(ed):
    """The first faces come from the first stream, then one face per KISSed
    die in die order from the second: typed back by hand, they give the
    same roll (dice that roll again are typed after the first ones)."""
    checked = 0
    for s in _all(ed):
        for seed in range(12):
            for kiss, ego in [([], None), ([0], None), ([0], True), ([0, 1], None), (None, None)]:
                if ego and not _has_ego(s):
                    continue
                try:
                    r = vw.roll(s, seed, kiss=kiss, ego=ego)
                except SpecError:
                    continue  # a choice the rules refuse for this spec
                if any(d.exploded_from is not None for d in r.dice) or (kiss is None and r.ego_spent):
                    continue  # dice that rolled again are typed in rolling order: the by-hand samples do those
                chosen = sorted(set(r.kissed)) if kiss is None else kiss
                new = [r.dice[i].after for i in sorted(set(r.kissed))]
                e = vw.enter(s, [d.before for d in r.dice], kiss=chosen, kiss_faces=new, ego=ego)
                assert dataclasses.replace(e, seed=r.seed, entered=None) == r, (s, seed, kiss, ego)
                checked += 1
    assert checked >= 12


# --------------------------------------------------------------------------
# The KISS step: kiss_odds and advise
# --------------------------------------------------------------------------


def _kiss_choices(s: dict, first: Roll) -> list[list[int]]:
    """A few choices of dice to KISS that the roll allows."""
    tbl = edition.get(s["edition"]).at_table
    if not tbl.steps(s).kiss:
        return []
    ok = [i for i in range(len(first.dice)) if tbl.kiss_allowed(s, first, i)[0]]
    budget = tbl.kiss_start(s, first).budget
    out = [[]] + [[i] for i in ok[:2]] + ([ok[:budget]] if budget > 1 and len(ok) > 1 else [])
    return [k for k in out if tbl.kiss_cost(s, first, k) <= budget]


def test_kiss_odds_are_every_face_of_the_kissed_dice_counted(ed):
    if "kiss_odds" not in ed.FEATURES:
        return
    checked = 0
    for s in _small(ed):
        for seed in range(6):
            first = vw.roll(s, seed, kiss=[], ego=False if _has_ego(s) else None)
            faces = [d.before for d in first.dice if d.exploded_from is None]
            for kiss in _kiss_choices(s, first):
                try:
                    k = vw.kiss_odds(s, faces, kiss)
                except SpecError:
                    continue  # e.g. a KISS once the goal is reached
                counted = law(every_roll(lambda: ed.roll(s, 0, list(kiss), None), first=faces))
                assert k["p_pass"] == float(counted["p_pass"]), (s, faces, kiss)
                assert k["p_goal"] == float(counted["p_goal"]), (s, faces, kiss)
                checked += 1
    assert checked >= 3


def test_advice_options_are_priced_as_kiss_odds_prices_them(ed):
    if "advise" not in ed.FEATURES:
        return
    for s in _small(ed):
        for seed in range(4):
            first = vw.roll(s, seed, kiss=[], ego=False if _has_ego(s) else None)
            faces = [d.before for d in first.dice if d.exploded_from is None]
            try:
                a = vw.advise(s, faces)
            except SpecError as err:
                assert err.field in ("roll", "edition"), err
                continue
            priced = {}
            for o in a.options:
                k = vw.kiss_odds(s, faces, list(o.kiss), ego=True if o.ego else None)
                assert (k["p_pass"], k["p_goal"]) == pytest.approx((o.p_pass, o.p_goal), abs=1e-12), (s, faces, o)
                priced[(o.kiss, o.ego)] = k["p_goal"]
            # the optimal choice is a best one, by kiss_odds' own prices
            best = max(priced.values())
            assert max(p for (kiss, _), p in priced.items() if kiss == a.optimal) == pytest.approx(best, abs=1e-12)
            assert sum(o.policy for o in a.options) == 1, (s, faces)


def test_ego_true_needs_ego_and_advice_needs_its_feature(ed):
    for s in _all(ed):
        if not _has_ego(s):
            with pytest.raises(SpecError) as info:
                vw.roll(s, 5, ego=True)
            assert info.value.field == "ego" and info.value.hint, s
        faces = [d.before for d in vw.roll(s, 5, kiss=[], ego=False if _has_ego(s) else None).dice]
        for feature, ask in (("advise", lambda: vw.advise(s, faces)), ("kiss_odds", lambda: vw.kiss_odds(s, faces, []))):
            if feature not in ed.FEATURES:
                with pytest.raises(SpecError) as info:
                    ask()
                assert info.value.field == "edition", s


# --------------------------------------------------------------------------
# The roll at the table: a roller, its log
# --------------------------------------------------------------------------

ROLLERS = {"check": "CheckRoller", "task": "TaskRoller", "pool": "PoolRoller"}


def _roller(s: dict, family: str, seed: int) -> Any:
    fields = {k: v for k, v in s.items() if k not in ("edition", "roll", "rules")}
    return getattr(vw, ROLLERS[family])(edition=s["edition"], seed=seed, rules=s.get("rules") or {}, **fields)


def _play(w: Any) -> Roll:
    """Play the roll at the table to the end: KISS the dice the table
    allows while the budget lasts, spend Ego, buy and unbuy what is for
    sale; the roll the table should stand on, asked of the engine."""
    s = w.spec
    w.roll_dice()
    t = w.table
    chosen: list[int] | None = None
    ego: bool | None = None
    if t["phase"] in ("kiss", "spend"):  # a roll with steps: the first faces, then the dice chosen
        chosen, ego = [], False
    if t["phase"] == "kiss":
        for d in t["dice"]:
            if d["selectable"]:
                try:
                    w._handle({"do": "select", "index": d["index"]})
                except SpecError as err:
                    assert err.field == "kiss" and "budget" in str(err), err
                    break
        chosen = list(w.table["selected"])
        w._handle({"do": "commit"})
    t = w.table
    assert t["phase"] in ("spend", "done"), t["phase"]
    if t.get("ego_after", {}).get("available"):
        w._handle({"do": "spend_ego"})
        ego = True
    menu = (w.table.get("spend") or {}).get("items") or []
    for item in menu:
        for _ in range(2):  # buy and unbuy (or the error saying why not)
            try:
                w._handle({"do": "spend", "item": item["id"]})
            except SpecError as err:
                assert err.field in ("spend", "item"), err
    return vw.roll(s, w.seed, kiss=chosen, ego=ego)


def _kiss_seed(s: dict) -> int | None:
    """A seed whose first faces stop at the KISS step (None: no such roll)."""
    from venus_widgets.widgets import table_words

    if not edition.get(s["edition"]).at_table.steps(s).kiss:
        return None
    return next((seed for seed in range(200) if table_words.stops_at_kiss(s, vw.roll(s, seed, kiss=[], ego=False))), None)


def test_a_roller_plays_each_sample_to_the_end(ed):
    played, kissed, can_kiss = 0, 0, 0
    for family, kind in ed.at_table.ROLLERS.items():
        specs = [s for s in _all(ed) if s["roll"] == kind]
        for s in specs[:2] + specs[-1:]:
            at_kiss = _kiss_seed(s)
            can_kiss += at_kiss is not None
            for seed in dict.fromkeys(x for x in (1, 7, at_kiss) if x is not None):
                w = _roller(s, family, seed)
                assert w.error == "" and w.spec == s, (s, w.error)
                assert w.odds.p_pass == vw.odds(s).p_pass
                want = _play(w)
                t = w.table
                assert w.log.entries[-1]["result"] == t["result"] and t["result"], s
                assert w.log.replay(len(w.log.entries) - 1) == want, (s, seed)
                assert (t["outcome"], t["passed"], t["kissed"]) == (want.outcome, want.passed, list(want.kissed))
                played += 1
                kissed += bool(t["kissed"])
    assert played >= 2
    assert kissed >= 1 or not can_kiss, "no played roll KISSed a die, though a sample has a KISS step"


def test_the_log_survives_json_and_csv(ed, tmp_path):
    from venus_widgets.widgets.rolllog import RollLog

    family, kind = next(iter(ed.at_table.ROLLERS.items()))
    s = next(s for s in _all(ed) if s["roll"] == kind)
    w = _roller(s, family, 3)
    for seed in (3, 4, 5):
        w.seed = seed
        _play(w)
    for fmt in ("json", "csv"):
        path = tmp_path / f"log.{fmt}"
        w.log.export(str(path))
        back = RollLog()
        assert back.import_text(path.read_text()) == len(w.log.entries)
        assert back.entries == w.log.entries
        assert [back.replay(i) for i in range(3)] == [w.log.replay(i) for i in range(3)]


# --------------------------------------------------------------------------
# Rule knobs
# --------------------------------------------------------------------------


def _other_values(knob: Any) -> list[Any]:
    """Values of a knob other than its default, from its form."""
    form = knob.kind.form
    kind = form.get("type")
    out: list[Any] = [None] if form.get("optional") else []
    if kind == "int":
        out += [form["lo"], form["hi"]]
    elif kind == "bool":
        out += [not knob.default]
    elif kind == "faces":
        out += [[form["lo"]], [form["hi"]]]
    elif kind == "per":
        inner = form["of"]
        alt = inner.get("lo") if inner.get("type") == "int" else None if inner.get("optional") else True
        out += [{form["keys"][0]: alt}]
    return [v for v in out if v != knob.default]


def test_each_knob_plays_or_is_refused_naming_the_field(ed):
    described = vw.rules(ed.ID).describe()
    assert [k["name"] for k in described] == [k.name for k in ed.KNOBS]
    json.dumps(described)
    s = {k: v for k, v in _small(ed)[0].items() if k != "rules"}  # the rules as read
    assert ed.rules_of(s) == ed.rules_of({"edition": ed.ID})
    for knob in ed.KNOBS:
        assert vw.normalize({**s, "rules": {knob.name: knob.default}}) == s  # the default is the rules as read
        for value in _other_values(knob):
            try:
                v = vw.normalize({**s, "rules": {knob.name: value}})
            except SpecError as err:
                assert err.field.startswith("rules.") or err.field in s, (knob.name, value, err)
                continue
            ed.rules_of(v)
            o = vw.odds(v)
            assert math.fsum(o.distribution.values()) + o.truncated == pytest.approx(1.0, abs=1e-12), (knob.name, value)
            assert vw.roll(v, 1) == vw.roll(v, 1)


# --------------------------------------------------------------------------
# The FC's tools
# --------------------------------------------------------------------------


def test_ladder_solve_explain_and_the_fc_screen(ed):
    from venus_widgets.widgets import FCScreen

    for s in [next(x for x in _all(ed) if x["roll"] == kind) for kind in ed.SCHEMAS]:
        rungs = vw.ladder(s)
        assert rungs, s
        for setting, chance in rungs:
            assert chance == vw.odds({**s, **setting}).p_pass, (s, setting)
        for sol in vw.solve(s, target=0.5)[:3]:
            assert sol.chance == vw.odds({**s, **sol.setting}).p_pass, (s, sol)
        x = vw.explain(s)
        assert str(x) and x._repr_html_() and x._repr_markdown_(), s
        assert all(isinstance(step, Step) for step in x.steps) and all(isinstance(w, str) for w in x.walk), s
        screen = FCScreen({"A": s, "B": s}, target=0.5)
        assert screen.error == "" and screen.table["rows"] and screen.why.startswith("Nearest to 50 %"), s


# --------------------------------------------------------------------------
# The contract itself: one error, at registration
# --------------------------------------------------------------------------


def _broken() -> types.SimpleNamespace:
    """The toy edition with five members broken."""
    members = {k: getattr(toy_edition, k) for k in dir(toy_edition) if not k.startswith("__")}
    table = types.SimpleNamespace(**{k: getattr(toy_edition.at_table, k) for k in dir(toy_edition.at_table)
                                     if not k.startswith("__") and k != "sentence"})
    table.ROLLERS = {"dice": "task"}
    members.update(ID="broken", FEATURES=frozenset({"advice"}), roll=lambda spec, seed: None, at_table=table,
                   SCHEMAS={"task": {"coins": 3}})
    del members["odds"]
    return types.SimpleNamespace(**members)


def test_a_broken_edition_gets_one_error_naming_every_member():
    before = edition.ids()
    with pytest.raises(contract.ContractError) as info:
        edition.register(_broken())
    err = info.value
    names = [name for name, _, _ in err.problems]
    assert names == ["FEATURES", "SCHEMAS", "odds", "roll", "at_table.ROLLERS", "at_table.sentence"]
    text = str(err)
    assert text.startswith("the edition 'broken' (SimpleNamespace) does not satisfy the edition contract")
    assert "change these 6 members" in text
    assert "FEATURES: expected the optional features it has, a set of words from advise, kiss_odds, vary; " \
           "found ['advice']: 'advice' is not a feature" in text
    assert "SCHEMAS: expected a dict of roll kind" in text and "field task.coins is 3, not a field kind" in text
    assert "odds: expected a function odds(spec, exact=False)" in text and "it is missing" in text
    assert "roll: expected a function roll(spec, seed, kiss=None, ego=None)" in text
    assert "found roll(spec, seed)" in text
    assert "at_table.ROLLERS: expected a dict of roller family" in text and "found the roller 'dice'" in text
    assert "at_table.sentence: expected a function sentence(spec, r, c)" in text
    assert edition.ids() == before
    with pytest.raises(SpecError, match="edition"):
        vw.odds({"edition": "broken"})


def test_a_feature_needs_its_member():
    source = types.SimpleNamespace(**{**vars(DICE_SUM), "ID": "dice-sum-2", "FEATURES": frozenset({"vary"})})
    with pytest.raises(contract.ContractError) as info:
        edition.register(source)
    assert [(name, found) for name, _, found in info.value.problems] == [
        ("vary_values", "it is missing (FEATURES has 'vary')")]


def test_a_broken_edition_never_reaches_the_widgets():
    """Before the check, a registered edition without a table made every
    roller that looks over the editions (and the rule lab) raise."""
    no_table = types.SimpleNamespace(**{**vars(DICE_SUM), "ID": "no-table"})
    del no_table.at_table
    with pytest.raises(contract.ContractError, match="at_table"):
        edition.register(no_table)
    assert "no-table" not in edition.ids()
    lab = vw.RuleLab(edition="heresy")
    assert lab.roller.edition == "heresy"
    with pytest.raises(traitlets.TraitError, match="PoolRoller"):  # every edition asked which rollers fit
        vw.TaskRoller(edition="vers")
    assert vw.FCScreen().error == ""


def test_optional_members_take_their_defaults():
    edition.register(DICE_SUM)
    try:
        ed = edition.get("dice-sum")
        assert ed.source is DICE_SUM
        assert ed.FEATURES == frozenset() and ed.KNOBS == ()
        assert ed.rules_of({"edition": "dice-sum"}) == {}
        assert ed.schema_for("check", {}) is DICE_SUM.SCHEMAS["check"]
        assert ed.cross_checks({}) is None
        assert ed.SAMPLES == Samples(small=({"edition": "dice-sum", "roll": "check"},))
        s = vw.normalize({"edition": "dice-sum", "dice": 2})
        r = vw.roll(s, 4)
        tbl = ed.at_table
        assert not tbl.steps(s).any and tbl.kiss_allowed(s, r, 0) == (False, "no KISS in this roll")
        assert tbl.announce(s, r) == DICE_SUM.at_table.sentence(s, r, Choices())
        assert tbl.spend_menu(s, r, Choices()) is None and tbl.what_if(s) == [] and tbl.view_extra(s, r) == {}
        assert tbl.legend(s, r, tbl.contributions(s, r))[0]["meaning"].startswith("adds ")
    finally:
        edition.unregister("dice-sum")


def test_the_docs_contract_table_lists_every_member():
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text.split("## The contract", 1)[1].split("\n## ", 1)[0]
    rows = " ".join(line for line in section.splitlines() if line.startswith("|"))
    for m in contract.MEMBERS + contract.TABLE_MEMBERS:
        assert f"`{m.name}" in rows, f"docs/architecture.md's contract table does not list {m.name}"

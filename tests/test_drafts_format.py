"""A draft as data. A draft reads from a file, its text or a
dict; every error names the line and the key in plain words; every number
is a rule knob; the examples of docs/drafts.md load as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import venus_widgets as vw
from venus_widgets.engine.contract import edition
from venus_widgets.engine.drafts import EXAMPLES, DraftError, load_edition, read_draft

ROOT = Path(__file__).resolve().parents[1]
DOCS = (ROOT / "docs" / "drafts.md").read_text()

PUSH = '''\
id = "push-t"
[fields.dice]
range = [1, 8]
default = 4
group = "ability"
[fields.need]
range = [1, 5]
default = 1
group = "difficulty"
[dice.d6]
sides = 6
success = [6]
marks = { bane = [1] }
[groups.own]
count = "dice"
[outcome]
threshold = "need"
[reroll]
name = "Push"
budget = "all_dice"
faces = "2-5"
'''


@pytest.fixture
def loaded():
    """Drafts loaded by a test, unregistered after it."""
    ids: list[str] = []

    def load(given, name=""):
        if isinstance(given, str) and given in edition.ids():  # loaded elsewhere: unregister it after
            ids.append(given)
            return edition.get(given)
        ed = load_edition(given, name)
        ids.append(ed.ID)
        return ed

    yield load
    for i in ids:
        edition.unregister(i)


def _error(text: str) -> DraftError:
    """The error of loading ``text`` (read, checked, and tried at its defaults)."""
    try:
        with pytest.raises(DraftError) as info:
            load_edition(text, "t.toml")
    finally:
        edition.unregister("push-t")
    return info.value


def test_a_draft_loads_from_its_text_a_file_and_a_dict(loaded, tmp_path):
    import tomllib

    a = loaded(PUSH)
    p = tmp_path / "push.toml"
    p.write_text(PUSH.replace("push-t", "push-file"))
    b = loaded(p)
    c = loaded(str(p))
    d = vw.load_edition({**tomllib.loads(PUSH), "id": "push-dict"})
    loaded("push-dict")  # registered by vw.load_edition: unregistered after the test
    assert (a.ID, b.ID, c.ID, d.ID) == ("push-t", "push-file", "push-file", "push-dict")
    assert (a.draft.source_name, b.draft.source_name) == ("draft", "push.toml")
    spec = {"dice": 3, "need": 2}
    chances = {vw.odds({"edition": e, **spec}, exact=True).p_pass for e in ("push-t", "push-file", "push-dict")}
    assert len(chances) == 1


def test_loading_again_replaces_the_draft_and_its_cached_odds(loaded):
    loaded(PUSH)
    before = vw.odds({"edition": "push-t", "dice": 2, "need": 2})
    loaded(PUSH.replace("success = [6]", "success = [6]\nsuccesses = { 6 = 2 }"))
    after = vw.odds({"edition": "push-t", "dice": 2, "need": 2})
    assert after.p_pass > before.p_pass


def test_a_draft_cannot_take_a_built_in_id():
    err = _error(PUSH.replace('"push-t"', '"heresy"'))
    assert err.key == "id" and err.line == 1 and "built-in" in str(err) and "heresy-mine" in str(err)


@pytest.mark.parametrize("change, line, key, words", [
    (('count = "dice"', 'count = "dicee"'), 15, "groups.own.count", "did you mean dice?"),
    (("success = [6]", "success = [7]"), 12, "dice.d6.success[0]", "7 is not a face of a 6-sided die"),
    (("sides = 6", "sides = 6.5"), 11, "dice.d6.sides", "6.5 is not a whole number"),
    (("sides = 6", "sidez = 6"), 11, "dice.d6.sidez", "did you mean sides?"),
    (('faces = "2-5"', 'faces = "5-2"'), 21, "reroll.faces", "write the lower face first"),
    (('faces = "2-5"', 'faces = "1-5"'), 21, "reroll.faces", "shows the mark bane"),
    (('threshold = "need"', 'threshold = "need / 2"'), 17, "outcome.threshold", "write //"),
    (("[outcome]", "[outcom]"), 16, "outcom", "the parts are"),
    (('group = "difficulty"', 'group = "hard"'), 9, "fields.need.group", "ability, difficulty"),
    (('[fields.need]', '[fields.total]'), 6, "fields.total", "has a meaning of its own"),
    (('budget = "all_dice"', 'budget = "all_dice +"'), 20, "reroll.budget", "does not read"),
    (('[reroll]', '[double]\nadds = "six"\n[reroll]'), 19, "double.adds", "which what the step adds cannot read"),
])
def test_an_error_names_the_line_and_the_key(change, line, key, words):
    err = _error(PUSH.replace(*change))
    assert (err.line, err.key) == (line, key), str(err)
    assert words in str(err)
    assert str(err.problems[0]).startswith(f"t.toml, line {line}, {key}: ")  # the first of the file's mistakes
    assert isinstance(err, vw.SpecError)


def test_a_syntax_error_says_its_line_in_plain_words():
    err = _error(PUSH.replace('budget = "all_dice"', "budget = all dice"))
    assert err.line == 20 and "the TOML does not read" in str(err) and "quotes" in str(err)


def test_a_value_an_expression_cannot_have_for_a_spec_names_its_key(loaded):
    loaded(PUSH.replace('count = "dice"', 'count = "dice - need"'))
    with pytest.raises(vw.SpecError) as info:  # a count below 0: the field to move and where to
        vw.odds({"edition": "push-t", "dice": 2, "need": 3})
    assert info.value.field == "need" and info.value.nearest == 2  # type: ignore[attr-defined]


def test_every_number_is_a_rule_knob_named_by_where_it_stands(loaded):
    # the Heresy Engine with a push names no [knobs]: every number of it is one (heresy.toml names four)
    ed = loaded(EXAMPLES / "heresy-push.toml")
    names = [k.name for k in ed.KNOBS]
    assert names[:2] == ["trade_rate", "pass_at"]  # the named rules first
    for n in ("dice.d6.sides", "dice.d6.success", "dice.d6.explode", "dice.d6.depth", "fields.pool.max",
              "outcome.degrees.success"):
        assert n in names
    k = vw.rules("heresy-push")["dice.d6.success"]
    assert k.default == [1, 6] and k.seed == "Each roll of '1' or '6' counts as a success"  # the comment's quote
    assert k.says == "A d6 counts a success on 1 or 6." and k.label == "d6 die: success faces"
    depth = vw.rules("heresy-push")["dice.d6.depth"]  # no quote in its comment: a sentence, never the line
    assert depth.seed == "" and depth.says == "A d6 rolls again each time it shows an exploding face, without end."
    assert vw.rules("heresy-push")["trade_rate"].seed.startswith("the player always has the option")
    # a knob changes the odds: success on 6 only
    six = vw.odds({"edition": "heresy-push", "pool": 0, "black": 2, "rules": {"dice.d6.success": [6]}}, exact=True)
    assert six.distribution[-2] == __import__("fractions").Fraction(1, 36)
    # a depth makes exploding dice a fraction again
    deep = vw.odds({"edition": "heresy-push", "pool": 2, "rules": {"dice.d6.depth": 3}}, exact=True)
    assert sum(deep.distribution.values()) == 1


def test_numbers_in_a_formula_are_knobs(loaded):
    loaded(PUSH.replace('threshold = "need"', 'threshold = "need + 1"'))
    k = vw.rules("push-t")["outcome.threshold"]
    assert k.default == 1 and k.seed == "" and k.says == "What a roll needs to pass uses the number 1."
    a = vw.odds({"edition": "push-t", "dice": 3, "need": 1})
    b = vw.odds({"edition": "push-t", "dice": 3, "need": 1, "rules": {"outcome.threshold": 0}})
    assert (a.threshold, b.threshold) == (2, 1)


def test_a_knob_value_that_breaks_the_draft_names_the_knob(loaded):
    loaded(EXAMPLES / "heresy-push.toml")
    with pytest.raises(vw.SpecError) as info:
        vw.odds({"edition": "heresy-push", "rules": {"dice.d6.explode": [1, 2, 3, 4, 5, 6]}})
    assert info.value.field == "rules.dice.d6.explode" and "stop" in str(info.value)
    with pytest.raises(vw.SpecError) as info:
        vw.odds({"edition": "heresy-push", "rules": {"dice.d6.sides": 4}})
    assert info.value.field.startswith("rules.dice.d6.") and "4-sided" in str(info.value)


def test_a_field_max_knob_sets_the_range(loaded):
    loaded(PUSH)
    with pytest.raises(vw.SpecError):
        vw.normalize({"edition": "push-t", "dice": 12})
    s = vw.normalize({"edition": "push-t", "dice": 12, "rules": {"fields.dice.max": 12}})
    assert s["dice"] == 12


def _toml_blocks(text: str) -> list[str]:
    return re.findall(r"```toml\n(.*?)```", text, re.S)


def test_the_docs_examples_read(loaded):
    """Every TOML block of docs/drafts.md reads: whole drafts load, parts
    read inside a small draft (the part being shown replacing it)."""
    blocks = _toml_blocks(DOCS)
    assert len(blocks) >= 10
    whole = [b for b in blocks if b.lstrip().startswith("id =")]
    assert whole, "the docs show a whole draft"
    for b in whole:
        loaded(b)
    import tomllib

    from venus_widgets.engine.drafts.source import read
    from venus_widgets.engine.drafts.validate import build

    base = tomllib.loads(SINK)
    tried = 0
    for b in blocks:
        if b in whole:
            continue
        part = tomllib.loads(b)
        build(read(_merged(base, part)))  # a DraftError says which part of the docs does not read
        tried += 1
    assert tried >= 10


#: A draft with every name the docs' parts read, for :func:`test_the_docs_examples_read`.
SINK = '''
id = "sink"
[fields.pool]
range = [0, 30]
[fields.black]
range = [0, 36]
[fields.trade]
range = [0, 10]
[fields.caliber]
options = ["bronze", "silver", "gold", "platinum"]
[fields.allies]
list_of = "caliber"
[fields.kiss]
range = [0, 9]
[fields.ego]
options = ["none", "reroll", "double6"]
[fields.consequences]
range = [0, 4]
[fields.coins]
range = [1, 8]
[fields.threshold_heads]
range = [1, 8]
[fields.dice]
range = [0, 6]
[fields.need]
range = [1, 4]
[rules]
trade_rate = 3
pass_at = 2
success_from = { bronze = 5, silver = 4, gold = 3, platinum = 2 }
[dice.d6]
sides = 6
success = [5, 6]
marks = { six = [6], one = [1] }
explode = [6]
depth = 2
[groups.own]
count = "pool"
[groups.ally]
each = "allies"
[groups.gear]
count = 1
[groups.black]
count = "black"
cancels = true
explode = false
'''


def _merged(base: dict, part: dict) -> dict:
    """``part``'s sections over ``base``'s, name by name (a named field, rule,
    die or group replaced whole)."""
    out = dict(base)
    for k, v in part.items():
        out[k] = {**out[k], **v} if isinstance(v, dict) and isinstance(out.get(k), dict) else v
    return out


def test_the_first_draft_of_the_docs_is_the_push(loaded):
    first = _toml_blocks(DOCS)[0]
    ed = loaded(first)
    assert ed.ID == "push"
    r = vw.roll({"edition": "push", "dice": 4, "need": 2}, seed=3, kiss=[])
    assert len(r.dice) == 4


def test_the_shipped_drafts_load(loaded):
    ids = {loaded(p).ID for p in sorted(EXAMPLES.glob("*.toml"))}
    assert {"heresy", "vers", "coins-draft", "playtest-draft"} <= ids  # the first two: the built-in editions


def test_the_docs_error_examples_are_what_the_engine_says(loaded):
    """docs/drafts.md, "When the draft does not read": each example is the
    error of its push with the change the page describes."""
    push = _toml_blocks(DOCS)[0]
    shown = re.search(r"When the draft does not read.*?```\n(.*?)```", DOCS, re.S).group(1).rstrip("\n")
    changes = [('count = "dice"', 'count = "dicee"'), ("success = [6]", "success = [7]"),
               ('name = "Push your luck"', "name = Push your luck")]
    for change in changes:
        push = push.replace(*change)
    try:
        with pytest.raises(DraftError) as info:
            load_edition(push, "push.toml")
    finally:
        edition.unregister("push")
    assert str(info.value) == shown  # the three mistakes at once, in one error


STRESS_FIRST = '''
id = "stress-first"
[fields.dice]
range = [1, 10]
default = 4
group = "ability"
[fields.stress]
range = [0, 6]
default = 1
group = "difficulty"
[fields.difficulty]
range = [1, 5]
default = 1
group = "difficulty"
[dice.d6]
sides = 6
success = "5+"
[groups.own]
count = "dice"
[groups.stress]
count = "stress"
[outcome]
threshold = "difficulty"
'''


def test_the_default_ladder_skips_a_difficulty_field_that_makes_the_roll_easier():
    """Stress dice (group difficulty, first in the file) add successes: a ladder over them ran hardest last
    backwards. Without [ladder] the ladder takes the first difficulty field whose chance falls as it rises."""
    from venus_widgets.engine.contract import edition

    load_edition(STRESS_FIRST)
    try:
        rungs = vw.ladder({"edition": "stress-first", "dice": 3})
        assert [set(s.setting) for s in rungs] == [{"difficulty"}] * len(rungs), rungs
        assert [s.setting["difficulty"] for s in rungs] == [1, 2, 3, 4, 5]
    finally:
        edition.unregister("stress-first")


def test_a_default_ladder_that_would_run_backwards_is_refused_at_load():
    text = STRESS_FIRST.replace('group = "difficulty"\n[dice.d6]', 'group = "other"\n[dice.d6]')
    with pytest.raises(vw.SpecError) as err:
        load_edition(text, "stress.toml")
    said = str(err.value)
    assert said.startswith("stress.toml, line 7, fields.stress:"), said
    assert "[ladder]" in said and 'field = "difficulty"' in said, said


def test_the_docs_push_status_and_screen_are_what_the_roller_says(loaded):
    """The docs quoted "Push budget: 4 of 4 left" as the status of dice 5; the status line differed."""
    loaded(_toml_blocks(DOCS)[0])
    w = vw.TaskRoller(edition="push", dice=5, need=2)
    for seed in range(200):
        w.roll_dice(seed=seed)
        if w.table.get("phase") == "kiss" and w.table.get("successes") == 0:
            break
    else:
        raise AssertionError("no roll of 5 dice showed no six")
    assert f'its\nstatus says "{w.status}"'.replace("\n", " ") in DOCS.replace("\n", " "), w.status
    screen = vw.FCScreen({"Ana": {"edition": "push", "dice": 3}, "Bo": {"edition": "push", "dice": 6}}, target=0.5)
    assert screen.to_markdown().strip() in DOCS, screen.to_markdown()

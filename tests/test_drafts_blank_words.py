"""Words a draft writes may not be empty (issue 32, "Loading"): ``name = ""``
was a ContractError at register, in the contract's words ("does not satisfy
the edition contract ... change this member: NAME"), not a refusal naming
the draft's field and its line (the drafts' fuzz, seed 355); its siblings,
a field's label, a step's name, a check's words, a knob's label, a
degree's name and the rest, loaded silently and showed a player nothing
where the words go. Each is refused as the draft loads, at its line, naming
the key to change."""

from __future__ import annotations

import pytest

import venus_widgets as vw
from venus_widgets.engine.contract import edition
from venus_widgets.engine.drafts import DraftError, load_edition

from draft_push import PUSH

MORE = '''
[[checks]]
rule = "need <= dice"
field = "need"
words = "W"
hint = "H"

[knobs]
rate = { knob = "dice.d6.success", label = "L" }

[[spend]]
id = "primary"
text = "T"
cost = "threshold"
default = true
'''

#: (the key refused, the text as written, the same with the words left empty)
CASES = [
    ("name", 'name = "Push your luck"', 'name = "{}"'),
    ("fields.dice.label", 'label = "Dice"', 'label = "{}"'),
    ("outcome.name", 'name = "sixes"', 'name = "{}"'),
    ("reroll.name", 'name = "Push"', 'name = "{}"'),
    ("checks[0].words", 'words = "W"', 'words = "{}"'),
    ("checks[0].hint", 'hint = "H"', 'hint = "{}"'),
    ("knobs.rate.label", 'label = "L"', 'label = "{}"'),
    ("spend[0].text", 'text = "T"', 'text = "{}"'),
    ("groups.own.owner", 'count = "dice"\n', 'count = "dice"\nowner = "{}"\n'),
    ("dice.d6.labels.1", "marks = { bane = [1] }", 'marks = { bane = [1] }\nlabels = { 1 = "{}" }'),
    ("words.marks.bane", "[reroll]", '[words.marks]\nbane = "{}"\n\n[reroll]'),
    ("words.passed", "[reroll]", '[words]\npassed = "{}"\n\n[reroll]'),
    ("outcome.degrees.", 'threshold = "need"', 'threshold = "need"\ndegrees = { "{}" = 1, "great" = 2 }'),
    ("fields.mood.options", "[dice.d6]", '[fields.mood]\noptions = ["{}", "high"]\ndefault = "high"\n\n[dice.d6]'),
    ("words.counts", "[reroll]", '[words]\ncounts = ["{}", "sixes"]\n\n[reroll]'),
]


@pytest.fixture(autouse=True)
def _forget_push():
    yield
    edition.unregister("push")


def test_the_drafts_here_load_with_their_words():
    load_edition(PUSH + MORE)
    assert vw.odds({"edition": "push"}).p_pass > 0


@pytest.mark.parametrize("blank", ["", "   "], ids=["empty", "spaces"])
@pytest.mark.parametrize("key, old, new", CASES, ids=[c[0] for c in CASES])
def test_empty_words_are_refused_at_their_line_naming_the_key(key, old, new, blank):
    text = (PUSH + MORE).replace(old, new.replace("{}", blank), 1)
    with pytest.raises(DraftError) as info:
        load_edition(text)
    err = info.value
    said = str(err)
    assert err.key == key or (key.endswith(".") and err.key.startswith(key)), said
    line = next(i for i, row in enumerate(text.splitlines(), 1) if f'"{blank}"' in row)
    assert err.line == line, said
    assert ("empty" in said or "words" in said) and "contract" not in said and "None" not in said, said
    assert "push" not in edition.ids()


def test_a_name_left_out_is_the_id_as_before():
    load_edition(PUSH.replace('name = "Push your luck"\n', ""))
    assert edition.get("push").NAME.startswith("push")

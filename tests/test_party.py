"""A party on one difficulty ladder: ``vw.party_ladder`` against ``vw.odds`` rung by rung."""

from __future__ import annotations

import csv
import io
import re

import pytest

import venus_widgets as vw
from venus_widgets.engine.format import percent_text

PARTY = {
    "Ana": {"roll": "task", "dice": 3, "kiss": 1},
    "Bo": {"roll": "task", "caliber": "silver", "dice": 5},
    "Cy": {"roll": "task", "caliber": "gold", "dice": 2, "kiss": 2},
}


def _nearest(values, target):
    return min(range(len(values)), key=lambda i: (round(abs(values[i] - target), 12), -values[i], i))


@pytest.mark.parametrize("target", [0.25, 0.5, 0.75, 0.9])
def test_party_ladder_matches_vw_odds_and_picks_the_nearest_rung(target):
    p = vw.party_ladder(PARTY, target)
    assert p.names == ("Ana", "Bo", "Cy")
    assert [dict(r) for r in p.rungs] == [{"factors": f} for f in range(5)]
    for i, rung in enumerate(p.rungs):
        for j, spec in enumerate(PARTY.values()):
            assert p.chances[i][j] == vw.odds({**spec, **rung}).p_pass
    means = [sum(row) / 3 for row in p.chances]
    assert p.best == _nearest(means, target)
    for j, name in enumerate(p.names):
        assert p.best_for[name] == _nearest([row[j] for row in p.chances], target)


def test_why_names_the_rung_and_each_characters_chance():
    p = vw.party_ladder(PARTY, 0.5)
    i = p.best
    n = p.rungs[i]["factors"]
    assert p.why.startswith(f"{n} factor{'' if n == 1 else 's'}: Ana ")  # the table's words, not the field's
    for name, chance in zip(p.names, p.chances[i]):
        assert re.search(rf"\b{name} {re.escape(percent_text(chance))}[,( ]", p.why + " ")
    assert p.why.endswith(f"(party {percent_text(p.party_chance(i))})")


def test_why_says_100_percent_only_when_certain():
    """12 Platinum dice fail one roll in 36 million: '>99 %', never '100 %'."""
    p = vw.party_ladder([{"roll": "task", "caliber": "platinum", "dice": 12, "consequences": 1},
                         {"roll": "task", "caliber": "bronze", "dice": 1, "consequences": 1}], 0.5)
    assert 0.99 < p.chances[p.best][0] < 1
    assert p.why == "1 factor: #1 >99 %, #2 0 % (party 50 %)"
    assert ">99 %" in p.to_markdown() and "100 %" not in p.to_markdown()


def test_csv_and_markdown_hold_every_rung_in_percents_as_the_screen_shows_them():
    """The CSV held raw fractions (0.802469) where the screen shows 80 %:
    now the percents as shown, and each exact chance in a column of its own."""
    p = vw.party_ladder(PARTY, 0.5)
    rows = list(csv.reader(io.StringIO(p.to_csv())))
    assert rows[0] == ["setting", "Ana", "Bo", "Cy", "party", "nearest for", "Ana, chance from 0 to 1",
                       "Bo, chance from 0 to 1", "Cy, chance from 0 to 1", "party, chance from 0 to 1"]
    assert len(rows) == 1 + len(p.rungs)
    for i, row in enumerate(rows[1:]):
        assert row[1:5] == [percent_text(x) for x in (*p.chances[i], p.party_chance(i))]
        assert [float(x) for x in row[6:9]] == pytest.approx(p.chances[i], abs=5e-7)
        assert ("party" in row[5]) == (i == p.best)
    md = p.to_markdown()
    assert all(f"| {percent_text(x)} |" in md or f"**{percent_text(x)}**" in md for row in p.chances for x in row)
    md = p.to_markdown().splitlines()
    assert len(md) == 2 + len(p.rungs)
    assert md[2 + p.best].startswith("| **")
    assert p.why in p._repr_markdown_()


def test_a_list_of_specs_is_numbered_and_one_character_has_no_party_figure():
    p = vw.party_ladder([{"edition": "vers", "ranks": 2}, {"edition": "vers", "ranks": 5}])
    assert p.names == ("#1", "#2")
    solo = vw.party_ladder({"Ana": {"edition": "heresy", "pool": 7}}, 0.5)
    assert "party" not in solo.why
    assert solo.best == solo.best_for["Ana"]


def test_rungs_one_character_cannot_take_are_left_out():
    p = vw.party_ladder({"Ana": {"roll": "task", "dice": 3}, "Bo": {"roll": "task", "dice": 4, "learning": True}})
    assert [r["factors"] for r in p.rungs] == [0, 1, 2, 3]


@pytest.mark.parametrize("party", [{}, [], {f"c{i}": {} for i in range(7)}, "Ana", 3])
def test_a_bad_party_names_the_argument(party):
    with pytest.raises(vw.SpecError) as err:
        vw.party_ladder(party)
    assert err.value.field == "party"


def test_mixed_editions_say_what_to_change():
    with pytest.raises(vw.SpecError, match="same edition and roll") as err:
        vw.party_ladder({"Ana": {"roll": "task"}, "Bo": {"edition": "agora"}})
    assert err.value.field == "party"


def test_a_bad_character_spec_names_the_character_and_field():
    with pytest.raises(vw.SpecError) as err:
        vw.party_ladder({"Ana": {"roll": "task"}, "Bo": {"roll": "task", "dice": 99}})
    assert err.value.field == "Bo: dice"


def test_a_bad_target_names_target():
    with pytest.raises(vw.SpecError) as err:
        vw.party_ladder(PARTY, 75)
    assert err.value.field == "target"


def test_facilitators_party_table_is_what_the_docs_show():
    """docs/facilitators.md shows party_ladder's line and Markdown table for its party."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "docs" / "facilitators.md").read_text()
    p = vw.party_ladder(PARTY, 0.5)
    assert f"```\n{p.why}\n```" in text
    assert p.to_markdown() in text


def test_readme_facilitator_cell_runs_and_prints_what_it_says(capsys):
    """The README's one-cell answer for a party of three runs, and its
    comment shows the line it prints."""
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    block = re.search(r"### For Facilitators.*?```python\n(.*?)```", text, re.S).group(1)
    exec(compile(block, "README.md", "exec"), {})
    first = capsys.readouterr().out.splitlines()[0]
    shown = re.search(r"print\(table\.why\)\s+# (.*)", block).group(1)
    assert first == shown

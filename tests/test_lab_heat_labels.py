"""The heatmap's table names its axes by the fields' labels, as the rest of
the lab does ("Dice (job level) 3", "by Dice (job level) and Difficulty
factors"), not by their code names ("dice 3", "by dice and factors"): issue 33."""

from __future__ import annotations

from venus_widgets.engine.tools.sweep import sweep


def test_the_heatmap_names_its_axes_by_the_fields_labels():
    s = sweep({"edition": "playtest", "roll": "task", "dice": 3}, {"dice": [2, 3], "factors": [0, 1]},
              {"B": {"max_factors": 4}})
    for heat in (s.heat("base"), s.heat("B", minus="base")):
        assert heat["caption"].endswith("by Dice (job level) and Difficulty factors"), heat["caption"]
        assert [r["label"] for r in heat["rows"]] == ["Dice (job level) 2", "Dice (job level) 3"]
        assert heat["cols"] == ["Difficulty factors 0", "Difficulty factors 1"]

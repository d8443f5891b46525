"""Each die's lowest and highest value of each tally, worked out when a
draft loads (drafts/dice.py ``compile_dice``: what the kernel reads to
size its space, ``value_range``), are those of the die's ways, for every
shipped draft; a die not counted at load has its range read off its ways."""

from __future__ import annotations

import numpy as np
import pytest

from venus_widgets.engine.contract import edition
from venus_widgets.engine.drafts import EXAMPLES, load_edition
from venus_widgets.engine.drafts.dice import value_range


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.toml")), ids=lambda p: p.stem)
def test_the_ranges_kept_at_load_are_the_ways_ones(path):
    ed = load_edition(path)
    compiled = ed.compiled
    if ed.ID in edition.ids() and ed.ID not in {"heresy", "vers"}:  # (a built-in one stays)
        edition.unregister(ed.ID)
    kept = [k for k in compiled if k[0] == "range"]
    for _, t, V, mode, without in kept:
        values, _ = compiled[(t, V, mode, (), without) if without else (t, V, mode, ())]
        assert compiled[("range", t, V, mode, without)] == (values.min(axis=1).tolist(),
                                                             values.max(axis=1).tolist())
    if kept:
        _, t, V, mode, without = kept[0]
        values = np.array([[3, -1, 7], [0, 2, 2]])
        assert value_range({}, t, V, mode, without, values) == ([-1, 0], [7, 2])  # not kept: read off the ways

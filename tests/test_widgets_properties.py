"""Property test of the browser path: whatever the view sends (any field,
any value, any type), the roller ends in a legal state that equals what the
view is told, never raises in the comm handler, and shows the engine's odds."""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import venus_widgets as vw
from venus_widgets.engine.errors import MergeError
from test_widgets import ROLLERS, browser_update

# CI draws the same examples every run (the "ci" profile in conftest.py)
SETTINGS = settings(max_examples=int(os.environ.get("VW_EXAMPLES", 60)), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**12, 10**12), st.floats(allow_nan=True),
                    st.text(max_size=8), st.sampled_from(["bronze", "gold", "tough", "double6", "3", "-1", ""]))
values = st.one_of(scalars, st.lists(scalars, max_size=20), st.dictionaries(st.text(max_size=3), scalars, max_size=2))


def _plausible(kind: dict):
    if kind["kind"] == "int":
        return st.integers(kind["min"] - 1, kind["max"] + 1)
    if kind["kind"] == "choice":
        return st.sampled_from(list(kind["options"]))
    if kind["kind"] == "bool":
        return st.booleans()
    return st.lists(_plausible(kind["item"]), max_size=kind["max_len"] + 1)


@pytest.mark.parametrize("cls, edition", ROLLERS, ids=lambda x: getattr(x, "__name__", x))
@SETTINGS
@given(data=st.data())
def test_any_browser_state_ends_legal_and_in_sync(cls, edition, data):
    w = cls(edition=edition)
    sent = []
    orig = w.send_state
    w.send_state = lambda key=None: (sent.append(key), orig(key))[1]
    keys = sorted(set(w.spec_fields) | {"seed"} | set(w.keys) - {"_esm", "_css", "_model_module"})
    for _ in range(data.draw(st.integers(1, 3))):
        state = data.draw(st.dictionaries(st.sampled_from(keys), values, min_size=1, max_size=4))
        # and as often, values a real control sends: in range, or one step past it
        fields = vw.describe(edition, w.roll)
        for name in data.draw(st.lists(st.sampled_from(sorted(fields)), max_size=4, unique=True)):
            state[name] = data.draw(_plausible(fields[name]))
        state = json.loads(json.dumps(state, default=str))  # what a browser can send
        sent.clear()
        browser_update(w, state)
        for name, value in state.items():  # the view drifts only if a correction is not sent back
            ours = w.get_state(name)[name]
            if json.dumps(value, sort_keys=True) != json.dumps(ours, sort_keys=True, default=str):
                assert name in sent or [name] in sent, (name, value, ours)
        try:
            spec = w.spec
        except MergeError:  # agora helpers that cannot merge: shown in the view with the subset to take
            assert edition == "agora" and w.error
            continue
        assert spec == vw.normalize(spec)
        for name in w.spec_fields:
            assert spec[name] == getattr(w, name)
        assert w.odds_view.get("ok"), w.odds_view
        assert w.odds_view["p_pass"] == vw.odds(spec).p_pass

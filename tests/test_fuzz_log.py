"""Fuzz of the roll-log import: logs played at the table
round-trip losslessly through JSON and CSV; a corrupted export (any value
replaced, any key dropped or added, any cell edited, any cut) is either
refused with a LogImportError, leaving the log untouched, or still a legal
log; any text at all never raises anything else."""

from __future__ import annotations

import csv
import functools
import io
import json

from hypothesis import given, settings
from hypothesis import strategies as st

import venus_widgets as vw
from venus_widgets.widgets import LogImportError
from venus_widgets.widgets.log_record import CSV_COLUMNS
from test_fuzz_browser import EXAMPLES, SETTINGS, assert_log_is_legal, json_values, play, set_up
from test_widgets import ROLLERS


def played_log(data):
    """A log of a few rollers sharing it, each played at the table."""
    lg = vw.RollLog()
    for cls, edition in data.draw(st.lists(st.sampled_from(ROLLERS), min_size=1, max_size=3), label="rollers"):
        w = set_up(data, cls, edition, log=lg)
        w._on_msg(w, {"do": "roll"}, [])
        play(data, w, data.draw(st.integers(0, 6), label="steps"))
    return lg


@functools.lru_cache(maxsize=1)
def sample_export() -> str:
    """A log with one roll of every roller, tasks spent and subverted (built once: the
    corruption tests mutate its export)."""
    lg = vw.RollLog()
    for cls, edition in ROLLERS:
        kw = {"edition": edition, "log": lg, "seed": 11}
        if cls is vw.TaskRoller and edition == "agora":
            kw.update(consequences=2, consequence_texts=["=cmd", "b, \"c\""], kiss=0, rank=2)
        if cls is vw.TaskRoller and edition == "playtest":
            kw.update(dice=5, kiss=0)
        w = cls(**kw)
        w.roll_dice()
        for content in ({"do": "commit"}, {"do": "spend", "item": 0}, {"do": "subvert", "item": "s4"}):
            w._on_msg(w, content, [])
    return lg.to_json()


def import_or_refuse(text, fmt=None):
    """Import into a log holding one roll: refused untouched, or legal."""
    lg = vw.RollLog()
    vw.CheckRoller(log=lg, seed=7).roll_dice()
    before = lg.to_json()
    try:
        lg.import_text(text, fmt)
    except LogImportError as err:
        assert str(err) and lg.to_json() == before
        return None
    assert_log_is_legal(lg)
    return lg


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*path, i))


def _mutate(data, doc):
    """Replace, drop or add one value anywhere in a JSON document."""
    paths = [p for p in _paths(doc) if p]
    path = data.draw(st.sampled_from(paths), label="path")
    parent = doc
    for k in path[:-1]:
        parent = parent[k]
    how = data.draw(st.sampled_from(["replace", "drop", "add"]), label="how")
    if how == "replace":
        parent[path[-1]] = data.draw(json_values, label="value")
    elif how == "drop":
        del parent[path[-1]]
    elif isinstance(parent, dict):
        parent[data.draw(st.text(max_size=6), label="key")] = data.draw(json_values, label="value")
    else:
        parent.insert(path[-1], data.draw(json_values, label="value"))
    return path, how


@settings(SETTINGS, max_examples=EXAMPLES or 15)
@given(data=st.data())
def test_fuzz_played_logs_round_trip_losslessly(data):
    lg = played_log(data)
    assert_log_is_legal(lg)
    for i in range(len(lg)):
        assert lg.replay(i).to_dict() == lg.entries[i]["roll"]


@settings(SETTINGS, max_examples=EXAMPLES or 40)
@given(data=st.data())
def test_fuzz_corrupted_json_is_refused_or_legal(data):
    original = json.loads(sample_export())
    doc = json.loads(sample_export())
    path, how = _mutate(data, doc)
    got = import_or_refuse(json.dumps(doc))
    if got is not None and len(path) > 2 and path[2] in ("roll", "result"):
        # derived values: an accepted file is one whose edit changed nothing
        assert got.entries[1:] == original["entries"], (path, how)


@settings(SETTINGS, max_examples=EXAMPLES or 30)
@given(data=st.data())
def test_fuzz_corrupted_csv_is_refused_or_legal(data):
    lg = vw.RollLog()
    lg.import_text(sample_export())
    rows = list(csv.reader(io.StringIO(lg.to_csv(), newline="")))
    r = data.draw(st.integers(0, len(rows) - 1), label="row")
    c = data.draw(st.integers(0, len(rows[r]) - 1), label="column")
    how = data.draw(st.sampled_from(["replace", "prefix", "cut", "drop row", "drop cell"]), label="how")
    value = data.draw(st.text(max_size=10) | st.sampled_from(["'", "=", "-1", "null", "[]", "{}"]), label="value")
    if how == "replace":
        rows[r][c] = value
    elif how == "prefix":
        rows[r][c] = value + rows[r][c]
    elif how == "drop row":
        del rows[r]
    elif how == "drop cell":
        del rows[r][c]
    buf = io.StringIO()
    csv.writer(buf, lineterminator=data.draw(st.sampled_from(["\n", "\r\n", "\r"]), label="line end")).writerows(rows)
    text = buf.getvalue()
    if how == "cut":
        text = text[: data.draw(st.integers(0, len(text)), label="cut at")]
    import_or_refuse(text, "csv")


@settings(SETTINGS, max_examples=EXAMPLES or 60)
@given(text=st.text(max_size=200) | st.builds(
    lambda head, body: head + body,
    st.sampled_from(['{"format": "venus-widgets/log@1", "entries": ', ",".join(CSV_COLUMNS) + "\n"]),
    st.text(max_size=200)), fmt=st.sampled_from([None, "json", "csv"]))
def test_fuzz_any_text_is_imported_or_refused(text, fmt):
    import_or_refuse(text, fmt)

"""The one validating path, for every widget.

Every widget class of the package is found by walking ``venus_widgets``
(a new widget is covered without being listed here), must inherit
``ViewChecked``, and is fuzzed through the comm exactly as a view would
write to it: random states over all its synced traits and random requests
shaped like the ones it declares (seeded hypothesis, bounded example
counts). After any message the widget's state is valid (checked here
independently of the widget's own check), what the view holds equals the
Python state, a refusal is shown in ``error`` in plain words naming the
field, and the next valid message works.
"""

from __future__ import annotations

import doctest
import importlib
import logging
import inspect
import json
import pkgutil

import ipywidgets
import pytest
import traitlets
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import venus_widgets as vw
from venus_widgets.engine.contract.edition import ids as edition_ids
from venus_widgets.widgets import from_view
from venus_widgets.widgets.from_view import ViewChecked
from venus_widgets.widgets.roller_values import roll_kind

SETTINGS = settings(deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def widget_classes() -> list[type]:
    """Every widget class defined in the package (walked, not listed)."""
    found = {}
    for info in pkgutil.walk_packages(vw.__path__, prefix="venus_widgets."):
        module = importlib.import_module(info.name)
        for _, obj in inspect.getmembers(module, inspect.isclass):
            if issubclass(obj, ipywidgets.Widget) and obj.__module__.startswith("venus_widgets"):
                found[f"{obj.__module__}.{obj.__qualname__}"] = obj
    return [found[k] for k in sorted(found)]


#: The widgets a notebook shows (a DOM widget each): the parts they are built of (ViewChecked, a
#: roller's values) are checked through them.
CLASSES = [c for c in widget_classes() if not c.__name__.startswith("_") and issubclass(c, ipywidgets.DOMWidget)]


def examples(cls: type) -> list:
    """Widgets of a class to fuzz: a roller of each edition it rolls, else the class's example."""
    if issubclass(cls, (vw.CheckRoller, vw.TaskRoller, vw.PoolRoller)):
        out = []
        for e in edition_ids():
            try:
                roll_kind(cls.family, e)
            except traitlets.TraitError:
                continue
            out.append(cls(edition=e))
        return out
    if cls.__name__ == "LabPanel":
        return [cls(vw.TaskRoller(dice=3))]
    return [cls()]


def test_the_walk_finds_every_widget_and_each_inherits_the_one_path():
    names = {c.__name__ for c in widget_classes()}
    assert {"CheckRoller", "TaskRoller", "PoolRoller", "RollLog", "RuleLab", "LabPanel", "FCScreen"} <= names
    for cls in widget_classes():
        assert issubclass(cls, ViewChecked), f"{cls.__qualname__} does not inherit ViewChecked"
        # nothing overrides the path itself: a widget answers through the hooks
        for method in ("_from_view_message", "_echo", "observe", "unobserve", "_handle"):
            assert getattr(cls, method) is getattr(ViewChecked, method), (cls.__qualname__, method)
        assert "clear_error" in cls.requests, cls.__qualname__
        for klass in cls.__mro__[:cls.__mro__.index(ViewChecked)]:  # set_state and _on_msg may add to the path,
            for method in ("set_state", "_on_msg"):                  # not replace it
                if method in vars(klass):
                    assert f"super().{method}(" in inspect.getsource(vars(klass)[method]), (klass.__qualname__, method)


# -- what a view can send --------------------------------------------------------------------------

json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.integers(-10**30, 10**30),
              st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12),
              st.sampled_from(["A", "B", "B-A", "base", "dice", "factors", "=1+2", "<img src=x onerror=1>", "a|b\nc",
                               "0", "-1", "1²", "IPY_MODEL_x", "s1", "primary", "threshold_base", "csv", "json"])),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6) | st.sampled_from(["A", "B"]),
                                                                inner, max_size=4),
    max_leaves=10)

TYPED = {from_view.INT: st.integers(-2, 12) | st.integers(), from_view.STR: st.text(max_size=10) | json_values,
         from_view.BOOL: st.booleans(), from_view.LIST: st.lists(st.integers(-1, 8), max_size=5) | json_values,
         from_view.NONE: st.none(), from_view.NUM: st.floats(-1, 2) | st.integers(-1, 2), from_view.ANY: json_values}


def requests_of(cls: type):
    """Requests shaped like the ones the widget declares (mostly), or anything."""
    shaped = st.sampled_from(sorted(cls.requests)).flatmap(lambda do: st.fixed_dictionaries(
        {"do": st.just(do), **{f: st.one_of(*(TYPED[t] for t in types)) for f, types in cls.requests[do].items()}}))
    extra = st.builds(lambda m, k, v: {**m, k: v}, shaped, st.sampled_from(["extra", "do2", "index"]), json_values)
    return st.one_of(shaped, shaped, shaped, extra, json_values)


def sent_states(w) -> list[str]:
    keys: list[str] = []
    orig = w.send_state

    def spy(key=None):
        keys.extend([key] if isinstance(key, str) else list(key or []))
        return orig(key)

    w.send_state = spy
    return keys


def update(w, state):
    """A state update exactly as the front end sends it over the comm."""
    w._from_view_message({"content": {"data": {"method": "update", "state": state}}, "buffers": []})


def custom(w, content):
    """A custom message exactly as the front end sends it over the comm."""
    w._from_view_message({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


# -- valid, checked here independently of the widget's own _state_problem ---------------------------


def assert_valid(w) -> None:
    assert w._state_problem() is None, w._state_problem()
    assert isinstance(w.error, str)
    assert not w.error.startswith("Something went wrong"), w.error  # a fault, not a refusal in plain words
    json.dumps(w.get_state(), default=str)  # the whole state can be sent
    if isinstance(w, (vw.CheckRoller, vw.TaskRoller, vw.PoolRoller)):
        try:
            assert vw.normalize(w._raw_spec())
        except vw.MergeError:
            assert w.edition == "agora" and w.odds_view.get("ok") is False
        assert vw.rules(w.edition) is not None and all(k in vw.rules(w.edition) for k in w.rules)
        for i in range(len(w.log)):  # every logged roll replays
            assert w.log.replay(i).to_dict() == w.log.entries[i]["roll"]
    elif type(w).__name__ == "LabPanel":
        assert set(w.variants) == {"A", "B"} and set(w.names) == {"A", "B"}
        for v in ("A", "B"):
            assert vw.compare(w.roller.spec, {"x": w.variants[v]}).p_pass["x"] >= 0  # the knobs are legal
        assert w.names["A"] != w.names["B"] and w.show in ("A", "B", "B-A")
        assert len(w.axes) == 2 and w.axes[0] != w.axes[1]
        assert w.view.get("ok"), w.view
    elif isinstance(w, vw.FCScreen):
        assert 1 <= len(w.members) <= 6 and len({m["name"] for m in w.members}) == len(w.members)
        assert 0 <= w.target <= 1 and vw.party_ladder(w.party, w.target)
    elif isinstance(w, vw.RuleLab):
        assert tuple(w.children) == (w.roller, w.panel)


#: A request each widget must answer after any message, and what it does.
def _roll_works(w) -> bool:
    return w.error == "" and (w.table.get("phase") in ("kiss", "spend", "done", "enter") or len(w.log) > 0)


VALID = {
    "CheckRoller": ({"do": "roll"}, _roll_works),
    "TaskRoller": ({"do": "roll"}, _roll_works),
    "PoolRoller": ({"do": "roll"}, _roll_works),
    "RollLog": ({"do": "export", "format": "csv"}, lambda w: w.error == ""),
    "LabPanel": ({"do": "show", "value": "A"}, lambda w: w.show == "A" and w.error == "" and w.view["ok"]),
    "FCScreen": ({"do": "target", "value": 0.25}, lambda w: w.target == 0.25 and w.error == ""),
    "RuleLab": ({"do": "clear_error"}, lambda w: w.error == "" and w.panel.error == ""),
}


def next_valid_message_works(w) -> None:
    name = type(w).__name__
    assert name in VALID, f"add a valid request of {name} to VALID (the fuzz itself needs nothing)"
    custom(w, {"do": "clear_error"})
    assert w.error == ""
    message, works = VALID[name]
    if getattr(w, "by_hand", False):
        custom(w, {"do": "by_hand", "on": False})  # Roll then rolls (by hand it waits for typed faces)
    custom(w, message)
    if isinstance(w, (vw.CheckRoller, vw.TaskRoller, vw.PoolRoller)):
        try:
            w.spec
        except vw.MergeError:  # agora helpers that cannot merge: Roll says so, naming helpers
            assert "helpers" in w.error
            return
    assert works(w), (message, w.error)
    assert_valid(w)


# -- the fuzz --------------------------------------------------------------------------------------


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
@settings(SETTINGS, max_examples=10)
@given(data=st.data())
def test_any_state_the_view_writes_leaves_the_widget_valid_and_in_step(cls, data):
    w = data.draw(st.sampled_from(examples(cls)), label="widget")
    names = sorted(w.keys)
    for _ in range(data.draw(st.integers(1, 3), label="updates")):
        state = data.draw(st.dictionaries(st.sampled_from(names), json_values, min_size=1, max_size=4), label="state")
        sent = sent_states(w)
        update(w, state)
        assert_valid(w)
        writable = w._view_writable()
        for name, value in state.items():
            ours = w.trait_metadata(name, "to_json", w._trait_to_json)(getattr(w, name), w)
            assert from_view.same_json(value, ours) or name in sent, (name, value)  # the view ends equal
            if name not in writable:
                assert name in w.error and "may not change" in w.error, (name, w.error)  # refused, naming it
    next_valid_message_works(w)


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
@settings(SETTINGS, max_examples=10)
@given(data=st.data())
def test_any_request_the_view_sends_leaves_the_widget_valid(cls, data):
    w = data.draw(st.sampled_from(examples(cls)), label="widget")
    for _ in range(data.draw(st.integers(1, 6), label="messages")):
        content = data.draw(requests_of(cls), label="message")
        try:
            from_view.check_request(content, cls.requests, "x")
            malformed = None
        except vw.SpecError as err:
            malformed = err.field
        custom(w, content)
        assert_valid(w)
        if malformed is not None:  # refused by the one check, naming the field
            assert w.error.startswith(f"{malformed}="), (content, w.error)
    next_valid_message_works(w)


@settings(SETTINGS, max_examples=25)
@given(content=requests_of(vw.FCScreen))
def test_fuzz_fc_screen_messages(content):
    """The FC screen's messages, wider."""
    w = vw.FCScreen({"Ana": {"roll": "task", "dice": 3}, "Bo": {"roll": "task", "dice": 5}})
    before = (w.members, w.target)
    custom(w, content)
    assert_valid(w)
    if w.error:
        assert (w.members, w.target) == before
    next_valid_message_works(w)


@settings(SETTINGS, max_examples=25)
@given(content=requests_of(vw.widgets.lab_panel.LabPanel))
def test_fuzz_rule_lab_messages(content):
    """The rule lab's messages, wider."""
    lab = vw.RuleLab(dice=3)
    p = lab.panel
    before = (p.variants, p.names, p.axes, p.show)
    custom(p, content)
    assert_valid(p)
    assert_valid(lab)
    if p.error:
        assert (p.variants, p.names, p.axes, p.show) == before
    next_valid_message_works(p)


# -- the examples, one by one -------------------------------------------------------------


def test_a_forged_lab_state_is_refused_and_the_next_request_works():
    """After one forged message every request answered KeyError: 'A'."""
    lab = vw.RuleLab(dice=3, a={"threshold_base": 2})
    p = lab.panel
    sent = sent_states(p)
    update(p, {"variants": {"X": 1}, "names": {"A": "A"}, "edition": "nope", "show": "C"})
    assert p.variants == {"A": {"threshold_base": 2}, "B": {}} and p.names == {"A": "A", "B": "B"}
    assert p.edition == "playtest" and p.show == "B-A"
    assert "may not change edition, names, show, variants of the rule lab" in p.error
    assert {"variants", "names", "edition", "show"} <= set(sent)  # the view is told the values it keeps
    custom(p, {"do": "knob", "variant": "B", "name": "threshold_base", "value": 3})
    assert p.error == "" and p.variants["B"] == {"threshold_base": 3} and p.view["ok"]


def test_lab_traits_are_checked_from_python_too():
    p = vw.RuleLab(dice=3).panel
    for name, value in (("variants", {"X": 1}), ("names", {"A": "A", "B": "A"}), ("axes", ["dice", "dice"]),
                        ("show", "C"), ("variants", {"A": {"threshold_base": 99}, "B": {}})):
        with pytest.raises(traitlets.TraitError, match=name.rstrip("s") if name != "axes" else "axes"):
            setattr(p, name, value)
    assert_valid(p)


def test_rules_a_roll_cannot_be_played_by_are_refused_and_not_kept():
    """A playsheet roller given rules={"explode_from": 7} raised, yet kept the rules
    while the view showed the old odds with no error."""
    # (with Ego spent: without it the exploding face is free)
    w = vw.TaskRoller(edition="playsheet", explode=True, ego=True)
    before = w.odds_view
    with pytest.raises(traitlets.TraitError, match="explode_from"):
        w.rules = {"explode_from": 7}
    assert w.rules == {} and w.odds_view == before and w.error == ""
    assert_valid(w)
    w.rules = {"explode_from": 7, "ego_double_from": 7}  # the pair the rules take
    assert w.odds_view["ok"] and w.spec["rules"]["explode_from"] == 7
    with pytest.raises(traitlets.TraitError, match="explode_from"):
        vw.TaskRoller(edition="playsheet", explode=True, ego=True, rules={"explode_from": 7})


def test_an_observer_that_cannot_follow_undoes_the_assignment():
    """By construction: whatever an observer of a state trait raises, the value is undone
    and the assignment raises TraitError (Python) or shows the error (view)."""
    w = vw.TaskRoller(dice=3)

    def boom(change):
        if change["new"] == 5:
            raise KeyError("inner")

    w.observe(boom, names=["dice"])
    with pytest.raises(traitlets.TraitError, match="dice not changed"):
        w.dice = 5
    assert w.dice == 3 and w.odds_view["spec"]["dice"] == 3
    sent = sent_states(w)
    update(w, {"dice": 5})
    assert w.dice == 3 and "dice" in sent and "nothing changed" in w.error
    update(w, {"dice": 4})
    assert w.dice == 4 and w.error == ""


def test_a_fault_inside_a_request_restores_the_state_and_says_so():
    p = vw.RuleLab(dice=3).panel
    orig = p._refresh

    def broken():
        if p.show == "A":
            raise RuntimeError("boom")
        orig()

    p._refresh = broken
    custom(p, {"do": "show", "value": "A"})
    assert p.show == "B-A" and "Something went wrong inside venus-widgets (RuntimeError: 'boom')" in p.error


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_the_widget_takes_the_messages_its_comm_hands_over(cls, caplog):
    """What the view sends arrives through the widget's comm (its one
    handler, ipywidgets' public ``comm.on_msg``): a request, a state update,
    a method it does not know (logged, not raised)."""
    w = examples(cls)[0]
    w.comm.handle_msg({"content": {"data": {"method": "custom", "content": {"do": "nonsense"}}}, "buffers": []})
    assert "nonsense" in w.error
    w.comm.handle_msg({"content": {"data": {"method": "custom", "content": {"do": "clear_error"}}}, "buffers": []})
    assert w.error == ""
    w.comm.handle_msg({"content": {"data": {"method": "update", "state": {"error": "forged"}}}, "buffers": []})
    assert "may not change error" in w.error
    with caplog.at_level(logging.WARNING):
        w.comm.handle_msg({"content": {"data": {"method": "nope"}}, "buffers": []})
    assert "'nope'" in caplog.text
    assert_valid(w)


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_a_state_that_is_not_an_object_or_too_big_is_refused(cls):
    w = examples(cls)[0]
    update(w, ["not", "an", "object"])
    assert "not an object" in w.error
    update(w, {f"k{i}": i for i in range(len(w.keys) + 1)})
    assert "nothing changed" in w.error
    w._from_view_message({"content": {"data": {"method": "nope"}}, "buffers": []})  # logged, not raised
    w._from_view_message({"no": "content"})
    assert_valid(w)


@pytest.mark.parametrize("make, match", [
    (lambda: vw.RuleLab(names=()), r"names=\(\) is not allowed: expected two texts"),
    (lambda: vw.RuleLab(names=("A", "A")), "other than the other variant's"),
    (lambda: vw.RuleLab(names=("A", "x\ny")), "a name on one line"),
    (lambda: vw.RuleLab(axes="dice"), "axes='dice' is not allowed: expected two texts"),
    (lambda: vw.RuleLab(axes=("dice", "dice")), "two different fields"),
    (lambda: vw.RuleLab(a=[1]), r"a=\[1\] is not allowed: expected the rule knobs of a variant"),
    (lambda: vw.RuleLab(edition="nope"), "edition='nope' is not allowed"),
    (lambda: vw.RuleLab(edition=3), "edition=3 is not allowed"),
    (lambda: vw.RuleLab(roll=3), "roll=3 is not allowed"),
    (lambda: vw.FCScreen([{"name": "Ana", "spec": {"roll": "task"}}, {"name": "Ana", "spec": {"roll": "task"}}]),
     "two characters are named 'Ana'"),
    (lambda: vw.FCScreen({"Ana": {"roll": "task"}, " Ana ": {"roll": "task"}}), "two characters are named 'Ana'"),
    (lambda: vw.FCScreen({"A\nna": {"roll": "task"}}), "a name on one line"),
    (lambda: vw.FCScreen({"x" * 41: {"roll": "task"}}), "1 to 40 characters"),
    (lambda: vw.FCScreen(range(10**9)), "at most 6 characters"),
    (lambda: vw.RollLog(entries=5), "entries=5 is not allowed"),
    (lambda: vw.RollLog(entries=[{"x": 1}]), "entry 0"),
])
def test_widget_entry_points_say_what_to_change(make, match):
    with pytest.raises((vw.SpecError, ValueError), match=match):
        make()


@pytest.mark.parametrize("make, match", [
    (lambda: vw.RuleLab(dicee=3), "RuleLab\\(\\) got an unknown keyword argument 'dicee' \\(did you mean 'dice'\\?\\)"),
    (lambda: vw.RuleLab(name=("X", "Y")), "did you mean 'names'"),
    (lambda: vw.FCScreen(targett=0.5), "did you mean 'target'"),
    (lambda: vw.FCScreen(dice=3), "fields go in its spec"),
    (lambda: vw.RollLog(entry=[]), "did you mean 'entries'"),
    (lambda: vw.TaskRoller(dicee=3), "did you mean 'dice'"),
    (lambda: vw.CheckRoller(seeds=3), "did you mean 'seed'"),
])
def test_unknown_keyword_arguments_are_refused_with_a_helpful_message(make, match):
    with pytest.raises(TypeError, match=match):
        make()


def test_the_widgets_docstring_examples_hold():
    for module in (from_view, importlib.import_module("venus_widgets.widgets.log_cards")):
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.failed == 0 and result.attempted > 0, module.__name__


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_the_error_line_stays_bounded_however_many_bad_values_arrive(cls):
    """A roller's error grew to 23,698 characters after 300 bad values (each
    new note was put before the error already shown)."""
    w = examples(cls)[0]
    for i in range(300):
        update(w, {k: "x" * 50 + str(i) for k in sorted(w._view_writable())[:2]} or {"error": "x" * 60})
        custom(w, {"do": "nope" * 20, "i": i})
    assert len(w.error) <= from_view.MAX_ERROR, len(w.error)
    w.error = "y" * 10_000
    assert len(w.error) <= from_view.MAX_ERROR and w.error.startswith("y")

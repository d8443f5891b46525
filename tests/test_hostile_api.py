"""Every public function of ``venus_widgets`` (its ``__all__``), given
hostile arguments, answers with the package's own error: a
:class:`~venus_widgets.SpecError` (a ``ValueError``) naming the field, in
plain words, or a result. Never a raw ``KeyError``/``TypeError``/
``IndexError``, and never a hang: an endless or huge iterable is read only
a little way (the stand-ins below fail the test if read too far).

The functions are found from ``__all__``, so a new public function must
get good arguments in ``GOOD`` (the test fails until it has them).
"""

from __future__ import annotations

import inspect
import itertools
import math
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

import venus_widgets as vw
from venus_widgets.engine.drafts.errors import DraftError

#: Items an endless or huge argument may give before the test calls it a hang.
READ_LIMIT = 200_000


class Endless:
    """An endless iterator that fails the test when read past READ_LIMIT items."""

    def __init__(self) -> None:
        self.read = 0

    def __iter__(self):
        return self

    def __next__(self) -> int:
        self.read += 1
        if self.read > READ_LIMIT:
            raise AssertionError("an endless iterable was read far past any bound")
        return 1

    def __repr__(self) -> str:
        return "Endless()"


class Huge(Sequence):
    """A sequence of 10**9 ones (like ``range(10**9)``) that fails the test when read past READ_LIMIT items."""

    def __init__(self) -> None:
        self.read = 0

    def __len__(self) -> int:
        return 10**9

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        self.read += 1
        if self.read > READ_LIMIT:
            raise AssertionError("a huge sequence was read whole")
        if not -len(self) <= i < len(self):
            raise IndexError(i)
        return 1

    def __repr__(self) -> str:
        return "Huge()"


def hostile():
    """Fresh hostile values (the iterables are single-use)."""
    return [None, True, np.True_, False, 0, -1, 1.5, math.nan, math.inf, 10**30, "nope", "", b"x",
            ["x"], [[1]], [None], {"x": 1}, {"nope": {"x": 1}}, {1, 2}, (), object(), Endless(), Huge(),
            itertools.count(), range(10**9), np.array([1.5]), np.int64(3), lambda: 1]


TASK = {"roll": "task", "dice": 3, "kiss": 1}
#: a designer's draft (docs/drafts.md), as its TOML text
COINS = (Path(vw.__file__).parent / "drafts" / "coins.toml").read_text()
AGORA = {"edition": "agora", "roll": "task"}

#: arguments that work, per public function (positional, keyword)
GOOD: dict[str, tuple[tuple, dict]] = {
    "advise": ((TASK, [1, 2, 6]), {"kissed": []}),
    "defaults": (("playtest", "task"), {}),
    "describe": (("playtest", "task"), {"rules": {"threshold_base": 2}}),
    "kiss_odds": ((TASK, [1, 2, 6], [0]), {"ego": None}),
    "merge": (([4, 4],), {"drop": 1}),
    "normalize": ((TASK,), {}),
    "odds": ((TASK,), {"exact": False}),
    "percent": ((0.5,), {"digits": 1}),
    "roll": ((TASK, 1), {"kiss": None, "ego": None}),
    "roll_many": ((TASK, 10, 1), {}),
    "schema": (("playtest", "task"), {"rules": {"threshold_base": 2}}),
    "enter": ((TASK, [1, 2, 6]), {"kiss": [0], "kiss_faces": [5], "ego": None}),
    "dice_to_enter": ((TASK,), {}),
    "explain": ((TASK, 1), {}),
    "ladder": ((TASK,), {}),
    "solve": ((TASK, 0.5), {"vary": "dice"}),
    "party_ladder": (({"Ann": {"roll": "task"}, "Bo": {"roll": "task", "dice": 4}}, 0.5), {}),
    "fit": ((TASK, [1, 2, 0]), {"note": ""}),
    "rules": (("playtest",), {}),
    "compare": ((TASK, {"B": {"threshold_base": 2}}), {}),
    "sweep": ((TASK, {"dice": [1, 2]}), {"variants": {"B": {"threshold_base": 2}}}),
    "sample": ((TASK, 100, 1), {}),
    "load_edition": ((COINS,), {"name": ""}),
}


def public_functions() -> list[str]:
    return sorted(n for n in vw.__all__ if inspect.isfunction(getattr(vw, n)))


def test_every_public_function_has_good_arguments():
    assert set(public_functions()) == set(GOOD), "add good arguments for new public functions to GOOD"
    for name, (args, kwargs) in GOOD.items():
        getattr(vw, name)(*args, **kwargs)  # the base call works


def _calls(name: str):
    """(label, args, kwargs): each argument of the good call in turn replaced by each hostile value."""
    args, kwargs = GOOD[name]
    for i in range(len(args)):
        for j in range(len(hostile())):
            yield f"{name} arg {i} #{j}", i, None, j
    for key in kwargs:
        for j in range(len(hostile())):
            yield f"{name} {key}= #{j}", None, key, j


def _check(name: str, i, key, j) -> None:
    args, kwargs = GOOD[name]
    value = hostile()[j]
    args, kwargs = list(args), dict(kwargs)
    if i is not None:
        args[i] = value
    else:
        kwargs[key] = value
    try:
        getattr(vw, name)(*args, **kwargs)
    except vw.SpecError as err:
        assert isinstance(err.field, str) and err.field, f"{name}: no field named: {err!r}"
        # a spec's error starts with the field; a draft's with where in the draft it is (file, line, key)
        assert str(err).startswith(f"{err.field}=") or isinstance(err, DraftError), f"{name}: {err}"
        assert "Traceback" not in str(err)
    # anything else (KeyError, TypeError, IndexError, AssertionError from a stand-in) fails the test


@pytest.fixture(autouse=True)
def _no_edition_left_behind():
    """load_edition registers what it loads: gone after each test."""
    from venus_widgets.engine.contract import edition

    before = set(edition.ids())
    yield
    for e in set(edition.ids()) - before:
        edition.unregister(e)


@pytest.mark.parametrize("name", sorted(GOOD))
def test_hostile_arguments_get_the_packages_own_errors(name):
    for _label, i, key, j in _calls(name):
        try:
            _check(name, i, key, j)
        except Exception as err:  # noqa: BLE001 - say which call escaped, then fail
            raise AssertionError(f"{name} with argument {i if i is not None else key} = "
                                 f"{hostile()[j]!r}: {type(err).__name__}: {err}") from err


# -- the methods of what the public functions return ----------------------------------

def _results() -> dict[str, object]:
    """One of each result class the public functions return (by class name)."""
    r = vw.roll(TASK, 1)
    return {"Odds": vw.odds(TASK), "Comparison": vw.compare(*GOOD["compare"][0]),
            "Sweep": vw.sweep(*GOOD["sweep"][0], **GOOD["sweep"][1]), "Knobs": vw.rules("playtest"),
            "PartyLadder": vw.party_ladder(*GOOD["party_ladder"][0]), "Roll": r,
            "Sample": vw.sample(TASK, 100, 1), "Fit": vw.fit(TASK, [1, 2]), "Explanation": vw.explain(TASK),
            "Advice": vw.advise(TASK, [1, 2, 6]), "Solution": vw.ladder(TASK)[0]}


#: good arguments of each public method that takes any (class name, method) -> (args, kwargs)
GOOD_METHODS: dict[tuple[str, str], tuple[tuple, dict]] = {
    ("Odds", "at_least"): ((1,), {}),
    ("Odds", "at_least_each"): (([0, 1, 2],), {}),
    ("Odds", "at_most"): ((1,), {}),
    ("Comparison", "difference"): (("B",), {}),
    ("Comparison", "changes"): (("B",), {}),
    ("Comparison", "headline"): (("B",), {}),
    ("Comparison", "glance"): ((15,), {}),
    ("Sweep", "grid"): (("B",), {"quantity": "P(pass)"}),
    ("Sweep", "heat"): (("B",), {"minus": "base", "goal": False}),
    ("Sweep", "heatmap"): (("B",), {"minus": "base", "goal": False}),
    ("Knobs", "__getitem__"): (("threshold_base",), {}),
    ("PartyLadder", "party_chance"): ((0,), {}),
    ("Roll", "from_dict"): ((vw.roll(TASK, 1).to_dict(),), {}),
    ("Roll", "from_json"): ((vw.roll(TASK, 1).to_json(),), {}),
}
#: constructors the editions use (not a user's entry point), and a named tuple's own methods
NOT_USER_METHODS = {("Odds", "from_pmf"), ("Odds", "from_counts"),
                    ("Solution", "count"), ("Solution", "index")}


def test_every_public_method_with_arguments_is_walked():
    found = set()
    for cls, obj in _results().items():
        for m in dir(obj):
            fn = getattr(obj, m)
            if m.startswith("_") or not callable(fn):
                continue
            params = inspect.signature(fn).parameters
            if params:
                found.add((cls, m))
    assert found - NOT_USER_METHODS <= set(GOOD_METHODS), "add good arguments for new methods to GOOD_METHODS"


@pytest.mark.parametrize("key", sorted(GOOD_METHODS))
def test_hostile_arguments_to_result_methods_get_the_packages_own_errors(key):
    cls, method = key
    obj = _results()[cls]
    args, kwargs = GOOD_METHODS[key]
    getattr(obj, method)(*args, **kwargs)  # the good call works
    slots = [(i, None) for i in range(len(args))] + [(None, k) for k in kwargs]
    for i, k in slots:
        for j in range(len(hostile())):
            a, kw = list(args), dict(kwargs)
            value = hostile()[j]
            if i is not None:
                a[i] = value
            else:
                kw[k] = value
            try:
                getattr(obj, method)(*a, **kw)
            except vw.SpecError as err:
                assert err.field and str(err).startswith(f"{err.field}="), err
            except Exception as err:  # noqa: BLE001 - say which call escaped, then fail
                raise AssertionError(f"{cls}.{method} with {i if i is not None else k} = {value!r}: "
                                     f"{type(err).__name__}: {err}") from err

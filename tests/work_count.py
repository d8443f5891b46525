"""Work measured in Python function calls and items read, not seconds.

A test that bounds how long something takes with a wall clock passes on a
quiet machine and fails on a busy one. The number of Python function calls a
piece of work makes, or the number of items it reads from an iterable, is
the same on every machine and under any load, and it still tells polynomial
from exponential work, or a bounded read of an endless input from an
unbounded one. Speed itself is measured in ``benchmarks/``.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any, Callable

import numpy as np


class TooMuchWork(AssertionError):
    """Raised inside the measured work once it passes its budget."""


def calls(fn: Callable[..., Any], *args: Any, budget: int | None = None, **kwargs: Any) -> tuple[Any, int]:
    """``(result, n)``: what ``fn(*args, **kwargs)`` returns (or the exception
    it raises) and the number of Python function calls made inside it. With
    ``budget``, the work is stopped with :class:`TooMuchWork` as soon as it
    makes more calls than that, so a runaway search fails instead of hanging.

    >>> calls(lambda: 1)
    (1, 0)
    >>> def f(n): return n if n < 2 else f(n - 1) + f(n - 2)
    >>> calls(lambda: f(10))
    (55, 177)
    """
    count = -1  # the call of fn itself is not counted

    def profile(frame: Any, event: str, arg: Any) -> None:
        nonlocal count
        if event == "call":
            count += 1
            if budget is not None and count > budget:
                sys.setprofile(None)
                raise TooMuchWork(f"more than {budget} Python calls")

    sys.setprofile(profile)
    try:
        result: Any = fn(*args, **kwargs)
    except TooMuchWork:
        raise
    except Exception as err:  # noqa: BLE001 - the caller inspects it
        result = err
    finally:
        sys.setprofile(None)
    return result, max(count, 0)


class Counted(Iterator[Any]):
    """An iterable that counts the items read from it, and fails the test
    (:class:`TooMuchWork`) when more than ``limit`` are read: an endless or
    huge input given to code that must refuse it after a bounded read.

    >>> c = Counted(iter(range(10**9)), limit=5)
    >>> next(c), next(c), c.read
    (0, 1, 2)
    """

    def __init__(self, items: Iterator[Any], limit: int) -> None:
        self._items, self.limit, self.read = items, limit, 0

    def __next__(self) -> Any:
        self.read += 1
        if self.read > self.limit:
            raise TooMuchWork(f"read more than {self.limit} items of an input that should have been refused")
        return next(self._items)


def unguarded(call: Callable[[], Any]) -> Any:
    """What ``call()`` returns with the odds' cost guard off: the work a
    refused roll would do, for a test to count it against the estimate."""
    from venus_widgets.engine.contract import guard

    check = guard.check
    guard.check = lambda *a, **k: None
    try:
        return call()
    finally:
        guard.check = check


class CountedNumpy:
    """numpy for a module that convolves with it (:mod:`venus_widgets.engine.drafts.dice`: a die's table,
    its chain level by level), each ``convolve`` adding ``price(a, b)`` to ``done[0]``; the rest numpy's own."""

    def __init__(self, done: list[float], price: Callable[[Any, Any], float]) -> None:
        self._done, self._price = done, price

    def __getattr__(self, name: str) -> Any:
        return getattr(np, name)

    def convolve(self, a: Any, b: Any, *args: Any) -> Any:
        self._done[0] += self._price(a, b)
        return np.convolve(a, b, *args)

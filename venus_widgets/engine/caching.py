"""The engine's caches, safe from many threads at once.

Two kinds, both with ``cache_clear`` and ``cache_info`` as a ``functools``
cache has them (so benchmarks/bench_caches.py empties them for "cold"):

* :func:`cached`, for the kernels (small tables by a few numbers): a
  ``functools.lru_cache`` (thread-safe by the standard library's promise)
  whose numpy results are made read-only, so no caller can change a table
  another thread (or a later call) reads;
* :class:`Results`, for results by a key of the caller's choosing (the
  odds by normalized spec, advice by spec and faces): each key computed
  outside the lock, the store read and changed under it, so eight threads
  asking at once get equal answers and never a ``KeyError`` from an entry
  another thread just dropped. Two threads missing the same key may both
  compute it; the first stored is the one every caller gets.
  :func:`forget_results` empties every such store at once: the edition
  registry calls it when an edition's id changes hands, so no result
  worked out under the edition that went is handed out again.

>>> calls = []
>>> square = Results(lambda x: calls.append(x) or x * x, maxsize=2)
>>> square(3), square(3), calls, square.cache_info().hits
(9, 9, [3], 1)
>>> table = cached(4)(lambda n: np.arange(n))
>>> table(3).flags.writeable
False
"""

from __future__ import annotations

import functools
import threading
import weakref
from collections import OrderedDict
from typing import Any, Callable, Generic, Hashable, NamedTuple, TypeVar

import numpy as np

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class CacheInfo(NamedTuple):
    """What ``cache_info()`` reports, as for a ``functools`` cache."""

    hits: int
    misses: int
    maxsize: int
    currsize: int


def _frozen(value: Any) -> Any:
    """``value`` with every numpy array in it (in tuples too) read-only."""
    if isinstance(value, np.ndarray):
        value.flags.writeable = False
    elif isinstance(value, tuple):
        for v in value:
            _frozen(v)
    return value


def cached(maxsize: int) -> Callable[[Callable[..., V]], "functools._lru_cache_wrapper[V]"]:
    """``functools.lru_cache(maxsize)`` whose numpy results are read-only."""

    def wrap(fn: Callable[..., V]) -> "functools._lru_cache_wrapper[V]":
        @functools.lru_cache(maxsize=maxsize)
        @functools.wraps(fn)
        def inner(*args: Any, **kwargs: Any) -> V:
            return _frozen(fn(*args, **kwargs))

        return inner

    return wrap


class Results(Generic[K, V]):
    """``compute(arg)`` once per key (``key(arg)``, the argument itself by
    default), the least recently used dropped past ``maxsize``; safe from
    many threads (see the module)."""

    def __init__(self, compute: Callable[[Any], V], maxsize: int,
                 key: Callable[[Any], K] | None = None) -> None:
        self._compute, self._maxsize, self._key = compute, maxsize, key
        self._store: OrderedDict[Any, V] = OrderedDict()
        self._lock = threading.Lock()
        self._hits = self._misses = 0
        self.__doc__ = compute.__doc__
        self.__wrapped__ = compute
        # on the instance, not the class: a class with these would look like a cache itself
        self.cache_clear, self.cache_info = self._clear, self._info
        _STORES.add(self)

    def __call__(self, arg: Any) -> V:
        return self.made(arg if self._key is None else self._key(arg), lambda: self._compute(arg))

    def made(self, key: Any, make: Callable[[], V]) -> V:
        """The value of ``key``, made by ``make()`` when it is not stored
        (for a store whose values are made in more than one way)."""
        with self._lock:
            found = self._store.get(key, _MISSING)
            if found is not _MISSING:
                self._hits += 1
                self._store.move_to_end(key)
                return found  # type: ignore[return-value]
            self._misses += 1
        value = make()  # outside the lock: other keys go on meanwhile
        with self._lock:
            found = self._store.get(key, _MISSING)
            if found is not _MISSING:  # another thread stored it first: one answer for all
                return found  # type: ignore[return-value]
            self._store[key] = value
            while len(self._store) > self._maxsize:
                self._store.popitem(last=False)
        return value

    def _clear(self) -> None:
        with self._lock:
            self._store.clear()
            self._hits = self._misses = 0

    def _info(self) -> CacheInfo:
        with self._lock:
            return CacheInfo(self._hits, self._misses, self._maxsize, len(self._store))


_MISSING = object()

#: Every :class:`Results` store made (kept weakly: a store that goes is not held here).
_STORES: "weakref.WeakSet[Results[Any, Any]]" = weakref.WeakSet()


def forget_results() -> None:
    """Empty every :class:`Results` store (the odds and advice by spec,
    a roller's odds panels, a draft's plans): the one way to clear them.
    :func:`~.contract.edition.register` calls it when an edition replaces
    another of the same id, and :func:`~.contract.edition.unregister` when
    one goes, so nothing worked out under the edition that went is handed
    out again. The kernels' tables (:func:`cached`) depend on numbers
    alone and stay.

    >>> square = Results(lambda x: x * x, maxsize=2)
    >>> square(3), square.cache_info().currsize
    (9, 1)
    >>> forget_results(); square.cache_info().currsize
    0
    """
    for store in list(_STORES):
        store.cache_clear()

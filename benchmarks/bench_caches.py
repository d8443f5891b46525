"""The caches benchmarks/bench_odds.py empties: the engine's (for "cold")
and icepool's (so that the peer too computes each spec from scratch).
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from typing import Any, Callable, NamedTuple

import venus_widgets as vw

# -- the caches --------------------------------------------------------------------

def _functools_caches(package: str) -> dict[str, Callable]:
    """Every ``functools`` cache (``lru_cache``, ``cache``) defined at the top
    of a module of ``package`` or in one of its classes: qualified name ->
    cached function."""
    pkg = importlib.import_module(package)
    for mod in pkgutil.walk_packages(pkg.__path__, package + "."):
        if not mod.name.endswith("__main__"):
            importlib.import_module(mod.name)
    found: dict[int, tuple[str, Callable]] = {}
    for label, fn in _members(package):
        if callable(getattr(fn, "cache_clear", None)) and callable(getattr(fn, "cache_info", None)):
            found.setdefault(id(fn), (label, fn))
    return dict(found.values())


def _members(package: str):
    """(qualified name, object) of everything at the top of each imported
    module of ``package`` and in its classes (static and class methods
    unwrapped to their functions)."""
    for name, module in sorted(sys.modules.items()):
        if module is None or not (name == package or name.startswith(package + ".")):
            continue
        for attr, obj in list(vars(module).items()):
            yield f"{name}.{attr}", obj
            if isinstance(obj, type) and obj.__module__ == name:
                for a, o in vars(obj).items():
                    yield f"{name}.{attr}.{a}", getattr(o, "__func__", o)


class CacheInfo(NamedTuple):
    """What ``functools`` caches report (``cache_info()``)."""

    hits: int
    misses: int
    maxsize: int | None
    currsize: int


class DictCache:
    """A cache an engine module keeps in a plain ``dict`` (a module-level or
    class-level dict whose name says "cache" or "memo"), seen through the
    ``cache_clear``/``cache_info`` of a ``functools`` cache so that the
    benchmark empties it too (hits and misses are not counted: 0)."""

    def __init__(self, store: dict):
        self.store = store

    def cache_clear(self) -> None:
        self.store.clear()

    def cache_info(self) -> CacheInfo:
        return CacheInfo(0, 0, None, len(self.store))


def _dict_caches(package: str) -> dict[str, DictCache]:
    """Every dict named like a cache at the top of a module of ``package``
    (already imported) or in one of its classes."""
    found: dict[int, tuple[str, DictCache]] = {}
    for label, store in _members(package):
        if isinstance(store, dict) and any(w in label.rsplit(".", 1)[-1].lower() for w in ("cache", "memo")):
            found.setdefault(id(store), (label, DictCache(store)))
    return dict(found.values())


def engine_caches() -> dict[str, Any]:
    """The engine's caches: qualified name -> ``lru_cache``-wrapped function
    (or a :class:`DictCache` for a plain dict named like a cache)."""
    caches: dict[str, Any] = dict(_functools_caches("venus_widgets.engine"))
    caches.update(_dict_caches("venus_widgets.engine"))
    return caches


#: The cost guard's specs let through (by spec, as the odds: a new spec misses it, warm or cold).
GUARD_PASSED = "venus_widgets.engine.contract.guard._PASSED"


def result_cache_names(caches: dict[str, Callable]) -> list[str]:
    """The result caches (by spec): those of the module defining ``vw.odds``, and the cost guard's
    specs let through."""
    return [n for n in caches if n.rsplit(".", 1)[0] == vw.odds.__module__ or n == GUARD_PASSED]


def clear(caches: dict[str, Callable], names=None) -> None:
    for name in caches if names is None else names:
        caches[name].cache_clear()


def icepool_clear() -> int:
    """Empty icepool's global caches; returns how many were found."""
    from icepool.evaluator.multiset_evaluator_base import MultisetEvaluatorBase

    n = 0
    for fn in _functools_caches("icepool").values():
        fn.cache_clear()
        n += 1
    for name, module in list(sys.modules.items()):
        if module is None or not (name == "icepool" or name.startswith("icepool.")):
            continue
        for attr, obj in list(vars(module).items()):
            if isinstance(obj, dict) and "cache" in attr.lower():
                obj.clear()  # e.g. icepool.math.comb_row_cache
                n += 1
            elif isinstance(obj, MultisetEvaluatorBase):  # shared evaluators keep per-object caches
                for slot in ("_cache", "ascending_cache", "descending_cache"):
                    if isinstance(getattr(obj, slot, None), dict):
                        getattr(obj, slot).clear()
                n += 1
    return n

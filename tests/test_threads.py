"""The engine's caches from 8 threads at once.

Eight threads start together (a barrier) and ask for odds (float and
exact), advice and the odds of KISS choices over a few dozen specs, many
times, with the interpreter switching threads as often as it can and the
result caches made small, so entries are dropped while other threads
read them. Every answer must equal the one computed alone, and no thread
may raise (the result cache raised a raw KeyError within seconds).
Whether a race shows depends on the scheduler; the assertions do not:
with safe caches they hold on every run.
"""

from __future__ import annotations

import sys
import threading
import time
from collections import OrderedDict

import pytest

import venus_widgets as vw
from venus_widgets.engine import api
from venus_widgets.engine.caching import forget_results

THREADS = 8
ROUNDS = 500

SPECS = [{"roll": "task", "dice": d, "kiss": k} for d in range(0, 7) for k in range(0, 3)]
SPECS += [{"edition": "agora", "roll": "task", "job": j, "kiss": 1} for j in range(0, 4)]
SPECS += [{"edition": "vers", "ranks": r} for r in range(1, 6)]
FACES = [([1, 2, 6], []), ([5, 5, 1], [2]), ([6, 6, 6], []), ([2, 2, 2], [0])]
ADVISED = {"roll": "task", "dice": 3, "kiss": 1}


def _work(i: int) -> tuple:
    """One request: what it asks and the answer, as plain values to compare."""
    kind = i % 4
    if kind == 0:
        s = SPECS[i % len(SPECS)]
        return ("odds", i % len(SPECS), dict(vw.odds(s).distribution))
    if kind == 1:
        s = SPECS[(i * 7) % len(SPECS)]
        return ("exact", (i * 7) % len(SPECS), dict(vw.odds(s, exact=True).distribution))
    faces, kissed = FACES[i % len(FACES)]
    if kind == 2:
        a = vw.advise(ADVISED, faces, kissed)
        return ("advise", i % len(FACES), repr(a))
    kiss = [j for j in range(3) if j not in kissed][:1]
    return ("kiss_odds", i % len(FACES), vw.kiss_odds(ADVISED, faces, kiss))


class YieldingStore(OrderedDict):
    """A cache's store that lets other threads run after every read: a
    thread switch falls between finding an entry and using it, where a
    cache without a lock loses it."""

    def get(self, key, default=None):
        found = super().get(key, default)
        time.sleep(0)
        return found


@pytest.fixture
def busy_interpreter(monkeypatch):
    """Thread switches as often as possible, and tiny result caches."""
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    for cache in (api._odds_cached, api._exact_cached):
        monkeypatch.setattr(cache, "_maxsize", 3)
        monkeypatch.setattr(cache, "_store", YieldingStore())
    yield
    sys.setswitchinterval(old)
    forget_results()


def test_eight_threads_get_the_answers_one_thread_gets(busy_interpreter):
    alone = {}
    for i in range(4 * len(SPECS) * len(FACES)):
        kind, which, answer = _work(i)
        alone[(kind, which)] = answer
    start = threading.Barrier(THREADS)
    errors: list[BaseException] = []
    wrong: list[tuple] = []

    def run(t: int) -> None:
        start.wait()
        try:
            for r in range(ROUNDS):
                kind, which, answer = _work(t * 7919 + r)
                if answer != alone[(kind, which)]:
                    wrong.append((kind, which))
        except BaseException as err:  # noqa: BLE001 - every error of every thread is reported
            errors.append(err)

    threads = [threading.Thread(target=run, args=(t,)) for t in range(THREADS)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors, [repr(e) for e in errors[:3]]
    assert not wrong, wrong[:5]


def test_every_engine_cache_is_one_of_the_safe_kinds():
    """A cache made elsewhere than engine/caching.py (an lru_cache whose
    arrays callers could change, a dict or OrderedDict without a lock)
    would not be covered by the test above: there are none."""
    from pathlib import Path

    import venus_widgets.engine as engine

    root = Path(engine.__file__).parent
    found = []
    for path in root.rglob("*.py"):
        if path.name == "caching.py":
            continue
        text = path.read_text()
        for word in ("lru_cache", "functools.cache", "OrderedDict(", "@cache\n"):
            if word in text:
                found.append(f"{path.relative_to(root)}: {word}")
    assert not found, found


def test_cached_tables_are_read_only():
    """A kernel's table is shared by every later call (and thread): no caller may change it."""
    from venus_widgets.engine.editions.playsheet import kernels

    g = kernels.group_pmf(3, 7, False)
    with pytest.raises(ValueError):
        g[0, 0] = 1.0

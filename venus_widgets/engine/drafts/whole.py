"""Adding up dice in the kind of number they are counted in (:func:`conv`,
:func:`power`: float64 whole numbers below 2**53, int64 below 2**63,
Python ints past it, probabilities with their tails cut), and fast in
whole numbers of any size: the convolution of two arrays of Python ints
(``dtype=object``) by Kronecker substitution.

Past 2**53 ways a draft counts in Python ints, so that every float of its
odds is the correctly rounded value of its fraction (docs/drafts.md,
"Exact odds"). ``np.convolve`` on such arrays makes one Python
multiplication per pair of entries; here each array is packed into one
large integer (its entries as digits of a base ``2**(64 k)`` wide enough
that no sum carries, written by numpy 64 bits at a time), the two integers
are multiplied once (Python's Karatsuba), and the product is read back
digit by digit: the same whole numbers, exactly.

>>> a = np.array([1, 2, 3] * 10, dtype=object)
>>> b = np.array([2**70, 0, 5] * 10, dtype=object)
>>> list(convolve(a, b)) == list(np.convolve(a, b))
True
>>> set(convolve(a * 0, b))
{0}
"""

from __future__ import annotations

from typing import Any

import numpy as np

_correlate: Any
try:  # numpy's own convolution without its wrapper's checks (~2 µs a call: the kernel makes hundreds)
    from numpy._core.multiarray import correlate as _correlate
except ImportError:  # pragma: no cover - another numpy: its public function
    _correlate = None


#: The longest float64 dot product handed to numpy: OpenBLAS (numpy's wheels) splits a longer one over
#: its threads, and the one waiting spins: measured, a multiply-add 0.35 ns of CPU on a quiet machine and
#: up to 7 ns on a busy one, against 0.17 ns on one thread (it splits past about 2,000 entries).
DOT = 2048


def np_conv(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``np.convolve(a, b)`` of two non-empty 1-D arrays; in float64, the
    shorter cut in pieces of at most :data:`DOT` entries (the same
    multiply-adds, every dot product numpy makes on one thread).

    >>> a, b = np.arange(5000.0), np.arange(3000.0)
    >>> np.array_equal(np_conv(a, b), np.convolve(a, b))
    True
    """
    if _correlate is None:
        return np.convolve(a, b)
    if a.size < b.size:
        a, b = b, a
    if b.size <= DOT or np.result_type(a, b) != np.float64:
        return _correlate(a, b[::-1], 2)
    out = np.zeros(a.size + b.size - 1)
    for s in range(0, b.size, DOT):
        piece = b[s: s + DOT]
        out[s: s + a.size + piece.size - 1] += _correlate(a, piece[::-1], 2)
    return out


#: Shorter arrays than this are convolved entry by entry (packing costs more).
DIRECT = 16

_WORD = (1 << 64) - 1


def convolve(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``np.convolve(a, b)`` of whole numbers (Python ints, or floats
    holding whole numbers), exactly, as Python ints."""
    if min(a.size, b.size) < DIRECT:
        return np_conv(a, b)
    xs, ys = _ints(a), _ints(b)
    if xs.min() < 0 or ys.min() < 0:  # a count is never below 0; anything else entry by entry
        return np.convolve(a, b)
    mx, my = int(xs.max()), int(ys.max())
    top = max(mx * my * min(xs.size, ys.size), mx, my)  # the largest a digit of the product can be
    words = top.bit_length() // 64 + 1  # 64-bit words per digit
    n = xs.size + ys.size - 1
    product = _packed(xs, words) * _packed(ys, words)
    raw = np.frombuffer(product.to_bytes(8 * words * n, "little"), dtype="<u8").reshape(n, words)
    out = raw[:, 0].astype(object)
    for j in range(1, words):
        out = out + (raw[:, j].astype(object) << (64 * j))
    return out


def _ints(a: np.ndarray) -> np.ndarray:
    """The array as Python ints."""
    if a.dtype == object:
        return a
    return np.array([int(x) for x in a], dtype=object)


def _packed(values: np.ndarray, words: int) -> int:
    """The values as the digits (base ``2**(64 words)``, least significant first) of one integer."""
    grid = np.empty((values.size, words), dtype="<u8")
    rest = values
    for j in range(words):
        grid[:, j] = (rest & _WORD).astype(np.uint64)
        rest = rest >> 64
    return int.from_bytes(grid.tobytes(), "little")


def bincount(idx: np.ndarray, weights: np.ndarray, minlength: int = 0) -> np.ndarray:
    """``np.bincount(idx, weights)`` that keeps whole numbers whole: float64
    (whole below 2**53) by numpy's own, int64 and Python ints added in
    their own kind (numpy's would turn them into floats).

    >>> bincount(np.array([0, 2, 0]), np.array([2**60, 1, 3], dtype=np.int64)).tolist()
    [1152921504606846979, 0, 1]
    """
    idx = np.asarray(idx).ravel()
    weights = np.asarray(weights).ravel()
    if weights.dtype == np.float64:
        return np.bincount(idx, weights=weights, minlength=minlength)
    out = np.zeros(max(minlength, int(idx.max()) + 1 if idx.size else 0), dtype=weights.dtype)
    np.add.at(out, idx, weights)
    return out


#: In probabilities, array ends below this mass are cut (tails of dice exploding without end).
TRIM = 1e-20


def dtype_of(mode: str) -> Any:
    return object if mode == "exact" else np.int64 if mode == "wide" else np.float64


def conv(a: np.ndarray, b: np.ndarray, mode: str, cut: list[float] | None) -> np.ndarray:
    """``a`` and ``b`` added up; with ``cut`` (probabilities of dice that
    explode without end) the trailing entries below :data:`TRIM` are cut
    off and their mass added to ``cut[0]``."""
    if not a.size or not b.size:  # no ways at all (e.g. no face other than those the step takes)
        return np.zeros(0, dtype=np.result_type(a, b))
    out = convolve(a, b) if mode == "exact" else np_conv(a, b)
    if cut is not None and out.size > 1:
        tail = out[::-1].cumsum()
        k = int(tail.searchsorted(TRIM))  # the last k entries hold less than TRIM
        if k:
            cut[0] += float(tail[k - 1])
            out = out[: out.size - k]
    return out


def lattice(a: np.ndarray) -> int:
    """The step of the lattice ``a``'s entries other than 0 stand on (every
    one at a multiple of it; 1 when there is none to gain): a group's die
    packed in the space of several groups' quantities moves along its own
    axes only, every so many entries (:mod:`.space`).

    >>> lattice(np.array([1, 0, 0, 2, 0, 0, 5])), lattice(np.array([1, 1])), lattice(np.array([3]))
    (3, 1, 1)
    """
    if a.size < 3:
        return 1
    step = int(np.gcd.reduce(a.nonzero()[0]))
    return step if step > 1 else 1


def power(a: np.ndarray, m: int, mode: str, cut: list[float] | None) -> np.ndarray:
    """``a`` added up ``m`` times (by squaring); an ``a`` on a lattice
    (:func:`lattice`) is added up on it, its entries between left 0: the
    same numbers, the work of the lattice's entries alone."""
    step = lattice(a) if m > 1 else 1
    if step > 1:
        small = power(a[::step], m, mode, cut)
        spread = np.zeros((small.size - 1) * step + 1, dtype=small.dtype)
        spread[::step] = small
        return spread
    out: np.ndarray | None = None
    base = a
    while m:
        if m & 1:
            out = base if out is None else conv(out, base, mode, cut)
        m >>= 1
        if m:
            base = conv(base, base, mode, cut)
    return np.ones(1, dtype=a.dtype) if out is None else out


def add_into(acc: dict, key: Any, arr: np.ndarray) -> None:
    old = acc.get(key)
    if old is None:
        acc[key] = arr
    elif old.size >= arr.size:
        old[: arr.size] += arr
    else:
        arr = arr.copy()
        arr[: old.size] += old
        acc[key] = arr


def grow(a: np.ndarray, n: int) -> np.ndarray:
    if a.size >= n:
        return a
    out = np.zeros(n, dtype=a.dtype)
    out[: a.size] = a
    return out


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


def conv(a: np.ndarray, b: np.ndarray, mode: str, cut: list[float] | None, sparse: bool = False) -> np.ndarray:
    """``a`` and ``b`` added up; with ``cut`` (probabilities of dice that
    explode without end) the trailing entries below :data:`TRIM` are cut
    off and their mass added to ``cut[0]``; ``sparse``: pair by pair of
    their entries not 0 where that surely pays (:func:`sparse_conv`)."""
    if not a.size or not b.size:  # no ways at all (e.g. no face other than those the step takes)
        return np.zeros(0, dtype=np.result_type(a, b))
    few = few_cells(a, b, mode) if sparse and cut is None else None
    if few is not None:
        return sparse_conv(a, b, few[0], few[1])
    out = convolve(a, b) if mode == "exact" else np_conv(a, b)
    if cut is not None and out.size > 1:
        tail = out[::-1].cumsum()
        k = int(tail.searchsorted(TRIM))  # the last k entries hold less than TRIM
        if k:
            cut[0] += float(tail[k - 1])
            out = out[: out.size - k]
    return out


#: A product made pair by pair of the entries not 0 (:func:`sparse_conv`) holds at most this many pairs at once.
SPARSE_MOST = 1 << 16
#: float64 and int64: a pair of entries not 0, an entry of either array (read for its entries not 0, and the
#: product's written) and a call's own work, in the multiply-adds of numpy's dense product (0.15 to 0.35 ns
#: each; measured: 11 to 38 ns a pair, about 1 ns an entry, 20 us a call). The dense product is left for
#: one of fewer multiply-adds than these add up to.
SPARSE_PAIR, SPARSE_CELL, SPARSE_CALL = 100.0, 8.0, 1e5
#: Python ints: a pair of entries not 0 (and per 64-bit word of the product's largest digit), an entry of
#: either array, and a word of an entry written into (and read out of) Kronecker's packed integers, in the
#: multiply-adds of the cost model (:mod:`.whole_cost`, about 1.25 ns; measured, a pair: 0.25-0.45 us at
#: 200 bits, 1.8 us at 2,000, 11 us at 8,000; an entry 10 ns). The packed product is left for one whose
#: words alone cost more than the pairs.
WHOLE_PAIR, WHOLE_PAIR_WORD, WHOLE_CELL, WHOLE_ZERO = 300.0, 80.0, 12.0, 120.0
#: The shortest arrays a product pair by pair is tried on (numpy's dense product of shorter ones is quick).
SPARSE_SHORTEST = 64


def sparse_pays(pairs: float, a: float, b: float, words: float = 0.0) -> bool:
    """Whether a product of arrays of lengths ``a`` and ``b`` is surely
    cheaper pair by pair of their ``pairs`` pairs of entries not 0 than in
    full: in float64 and int64 (``words`` 0) than numpy's ``a * b``
    multiply-adds, in Python ints (``words``: 64-bit words of the product's
    largest digit) than the words alone of Kronecker's packed integers.

    >>> sparse_pays(16 * 136, 6474, 12947), sparse_pays(4000, 300, 300), sparse_pays(2405, 7273, 12929, 6)
    (True, False, True)
    """
    if pairs > SPARSE_MOST or min(a, b) < SPARSE_SHORTEST:
        return False
    if not words:
        return pairs * SPARSE_PAIR + (a + b) * SPARSE_CELL + SPARSE_CALL <= a * b
    return pairs * (WHOLE_PAIR + WHOLE_PAIR_WORD * words) + (a + b) * WHOLE_CELL <= (a + b) * WHOLE_ZERO * words


def few_cells(a: np.ndarray, b: np.ndarray, mode: str) -> tuple[np.ndarray, np.ndarray, int] | None:
    """The places of the entries not 0 of ``a`` and ``b`` (and in Python
    ints the 64-bit words of the product's largest digit, else 0) when a
    product pair by pair of them surely pays (:func:`sparse_pays`), else
    None (the arrays read only when it may)."""
    if min(a.size, b.size) < SPARSE_SHORTEST or (mode != "exact" and a.size * b.size < SPARSE_CALL):
        return None
    ia = np.flatnonzero(a)
    ib = ia if b is a else np.flatnonzero(b)
    pairs = ia.size * ib.size
    if pairs > SPARSE_MOST:
        return None
    words = 0
    if mode == "exact":
        if not pairs:
            return ia, ib, 1
        top = max(int(x) for x in a[ia]) * max(int(x) for x in b[ib]) * min(ia.size, ib.size)
        words = top.bit_length() // 64 + 1
    return (ia, ib, words) if sparse_pays(pairs, a.size, b.size, words) else None


def sparse_conv(a: np.ndarray, b: np.ndarray, ia: np.ndarray, ib: np.ndarray) -> np.ndarray:
    """``np.convolve(a, b)`` from the places of their entries not 0 alone
    (``ia``, ``ib``): every pair multiplied and added into its place, in
    the arrays' kind of number (Python ints, whole numbers in float64 or
    int64: exact, in any order).

    >>> a, b = np.array([0, 2.0, 0, 0, 1]), np.array([3.0, 0, 0, 5])
    >>> sparse_conv(a, b, np.flatnonzero(a), np.flatnonzero(b)).tolist() == np.convolve(a, b).tolist()
    True
    """
    kind = np.result_type(a, b)
    n = a.size + b.size - 1
    places = (ia[:, None] + ib[None, :]).ravel()
    if kind == object:
        values = np.multiply.outer(_ints(a[ia]), _ints(b[ib])).ravel()
    else:
        values = np.multiply.outer(a[ia].astype(kind), b[ib].astype(kind)).ravel()
    if kind == np.float64:
        return np.bincount(places, weights=values, minlength=n)
    out = np.zeros(n, dtype=kind)
    if kind == object:
        out[:] = 0
    np.add.at(out, places, values)
    return out


def lattice(a: np.ndarray) -> tuple[int, int]:
    """``(first, step)``: the place of ``a``'s first entry other than 0 and
    the step of the lattice its entries other than 0 stand on from there
    (every one at a multiple of it; ``(0, 1)`` when there is none to gain):
    a group's die packed in the space of several groups' quantities moves
    along its own axes only, every so many entries (:mod:`.space`), from
    the place of its lowest values.

    >>> lattice(np.array([1, 0, 0, 2, 0, 0, 5])), lattice(np.array([0, 1, 0, 0, 2])), lattice(np.array([3]))
    ((0, 3), (1, 3), (0, 1))
    """
    if a.size < 3:
        return 0, 1
    places = a.nonzero()[0]
    if not places.size:
        return 0, 1
    first = int(places[0])
    step = int(np.gcd.reduce(places - first))
    return first, step if step > 1 else 1


def power(a: np.ndarray, m: int, mode: str, cut: list[float] | None, sparse: bool = False) -> np.ndarray:
    """``a`` added up ``m`` times (by squaring); an ``a`` on a lattice
    (:func:`lattice`) is added up on it from its first entry not 0, its
    entries between and before left 0: the same numbers, the work of the
    lattice's entries alone. ``sparse``: each product pair by pair of the
    entries not 0 where that surely pays (:func:`sparse_conv`)."""
    sparse = sparse and cut is None
    first, step = lattice(a) if m > 1 else (0, 1)
    if step > 1 or first:
        small = power(a[first::step], m, mode, cut, sparse)
        spread = np.zeros(m * first + (small.size - 1) * step + 1, dtype=small.dtype)
        spread[m * first::step] = small
        return spread
    out: np.ndarray | None = None
    base = a
    while m:
        if m & 1:
            out = base if out is None else conv(out, base, mode, cut, sparse)
        m >>= 1
        if m:
            base = conv(base, base, mode, cut, sparse)
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


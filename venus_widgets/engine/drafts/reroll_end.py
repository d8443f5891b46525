"""The end of the re-roll step (:func:`.reroll.step`) in whole numbers:
each state's first rolls short of the goal get their re-rolled dice,
counted over the common denominator, each state's array packed into one
Python int (Kronecker substitution, as :mod:`.whole` convolves), so that
Horner's scheme over the states is a few multiplications of Python ints,
not a convolution of arrays of Python ints per state.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .whole import dtype_of as _dtype


def packed_end(states: dict[tuple[int, ...], np.ndarray], size: int, short: np.ndarray | None,
                unused: list[int], L: int, pad_b: int, fresh: list[tuple[np.ndarray, int]], mode: str,
                inner: str, total: bool, bits: int) -> Any:
    """The step's end (as :func:`.reroll.step`'s) in whole numbers, each state's
    array (its first rolls short of the goal) packed into one Python int
    (its entries digits of ``64 w`` bits, wide enough for any count: at
    most the denominator of ``bits``, so that no sum carries), Horner's
    scheme on those ints, the result read back: one multiplication per
    state, not one convolution of arrays of Python ints."""
    rows = np.zeros((len(states), size), dtype=_dtype(inner))
    for i, arr in enumerate(states.values()):
        rows[i, : arr.size] = arr[:size]
    allsum = rows.sum(axis=0).astype(np.int64)  # every state's first roll, the budget unused
    first = (allsum.astype(object) if mode == "exact" else allsum.astype(_dtype(mode))) * pad_b
    if short is not None:
        rows = rows * short
    scale = [L ** u for u in unused]
    if total:  # each state's dice re-rolled add their ways: sum(a * b) = sum(a) sum(b)
        ways = [int(f.sum()) for f, _ in fresh]
        out = 0
        for R, s, k in zip(states, rows.sum(axis=1).tolist(), scale):
            s = int(s) * k
            for w, r in zip(ways, R):
                if r:
                    s *= w ** r
            out += s
        out += sum(int(x) for x in first[~short].tolist()) if short is not None else 0
        return out if mode == "exact" else _dtype(mode)(out)
    w = (bits + size.bit_length() + 2) // 64 + 1  # 64-bit words a digit
    grid = np.zeros((len(states), size, w), dtype="<u8")
    grid[:, :, 0] = rows
    packed = {R: int.from_bytes(grid[i].tobytes(), "little") * k for i, (R, k) in enumerate(zip(states, scale))}
    ints = []
    for f, zero in fresh:
        g = np.zeros((f.size, w), dtype="<u8")
        g[:, 0] = [int(x) for x in f.tolist()]
        ints.append((int.from_bytes(g.tobytes(), "little"), zero * 64 * w))
    out = _added_ints(packed, ints)
    raw = np.frombuffer((out & ((1 << (64 * w * size)) - 1)).to_bytes(8 * w * size, "little"),
                        dtype="<u8").reshape(size, w)
    final = raw[:, 0].astype(object)
    for j in range(1, w):
        final = final + (raw[:, j].astype(object) << (64 * j))
    if mode != "exact":
        final = final.astype(_dtype(mode))
    if short is not None:  # the first rolls that reach the goal stand as they fell
        final += first * ~short
    return final, first


def _added_ints(states: dict[tuple[int, ...], int], fresh: list[tuple[int, int]]) -> int:
    """:func:`.reroll._added` of packed arrays (``fresh``: each die packed, and the
    bits of its ``zero`` digits): the same Horner's scheme in Python ints."""
    if not fresh:
        (one,) = states.values()
        return one
    F, drop = fresh[-1]
    m = max(R[-1] for R in states)
    by: dict[tuple[int, ...], dict[int, int]] = {}
    for R, x in states.items():
        by.setdefault(R[:-1], {})[R[-1]] = x
    inner: dict[tuple[int, ...], int] = {}
    for prefix, rs in by.items():
        H = 0
        for r in range(m, -1, -1):  # H = H F + G_r
            H = ((H * F) >> drop) + rs.get(r, 0)
        inner[prefix] = H
    return _added_ints(inner, fresh[:-1])

"""The re-roll step (:func:`.reroll.step`) for a group of one die alone in
its block (an ally's die), every state at once: the states' arrays the
rows of one matrix, the die's other faces added to all of them by a few
scaled, shifted copies of the matrix (one per face value that has ways),
its faces the step takes by one scaling; not two convolutions per state.
In whole numbers held by float64 (below 2**53) or int64, so the order of
the additions does not change a count (probabilities keep
:func:`.reroll._block`).

A state with budget left re-rolls the die when it shows a face the step
takes (its key one more re-roll of the group ``t``); with none left the
die stands, whatever it shows:

>>> ne = np.array([0.0, 3.0])            # 3 faces the step does not take, each adding 1
>>> states = {(0, 0): np.array([1.0]), (1, 0): np.array([0.0, 2.0])}  # (the other group's re-rolls, this one's)
>>> out = one_die(states, ne, 3, 0, 1, 1)   # 3 ways of faces taken; a budget of 1
>>> {k: v.tolist() for k, v in out.items()}
{(0, 0): [0.0, 3.0, 0.0], (0, 1): [3.0, 0.0, 0.0], (1, 0): [0.0, 6.0, 6.0]}
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .whole import np_conv


def one_die(states: dict[tuple[int, ...], np.ndarray], ne: np.ndarray, taken: Any, zero: int, t: int,
            B: int) -> dict[tuple[int, ...], np.ndarray]:
    """The states after one die of the group ``t`` (``ne``: its faces the
    step does not take, packed; ``taken``: the ways of its faces the step
    takes, which add nothing: at ``zero``), of a step of ``B`` re-rolls:
    as :func:`.reroll._block` of that die alone, in whole numbers."""
    arrays = list(states.values())
    W = max(a.size for a in arrays)
    dt = np.result_type(ne, arrays[0])
    width = W + max(ne.size - 1, zero)
    if W == 1 and len(arrays) == 1:  # the step's first die, no dice before it: its faces themselves
        a = arrays[0].astype(dt, copy=False)[0]  # (of the rows' kind, as the general case has it)
        kept = np.zeros((1, width), dtype=dt)
        kept[0, : ne.size] = ne * a
        again = np.zeros(kept.shape, dtype=dt)
        again[0, zero] = a * taken
    else:
        S = np.zeros((len(arrays), width), dtype=dt)  # (each row as wide as it grows: W and a die)
        for i, a in enumerate(arrays):
            S[i, : a.size] = a
        if S.size * ne.size <= FLAT:  # the die shows a face the step does not take: its rows end to end, one call
            kept = np_conv(S.ravel(), ne)[: S.size].reshape(S.shape)
        else:  # a few scaled, shifted copies (one per value of the die that has ways)
            kept = np.zeros(S.shape, dtype=dt)
            for j in ne.nonzero()[0].tolist():
                kept[:, j: j + W] += S[:, :W] * ne[j]
        again = np.zeros(kept.shape, dtype=dt)  # it shows a face the step takes (re-rolled, or standing: no budget left)
        again[:, zero: zero + W] = S[:, :W] * taken
    out: dict[tuple[int, ...], np.ndarray] = {}
    for i, R in enumerate(states):
        if sum(R) < B:
            out[R] = kept[i]
            out[R[:t] + (R[t] + 1,) + R[t + 1:]] = again[i]
        else:
            out[R] = kept[i] + again[i]
    return out


class Stacked(dict):
    """States (the dice re-rolled of each group: their array) whose arrays
    are the rows of one matrix, ``matrix`` (as wide as the widest, 0 past
    each one's end), in the order of the keys: the step's end reads it at
    once, not row by row."""

    matrix: np.ndarray


def by_rows(states: dict[tuple[int, ...], np.ndarray], K: np.ndarray, T: np.ndarray, t: int, B: int,
            n: int) -> Stacked:
    """The states after the block of one group ``t`` of ``n`` dice (``K[e]``:
    ``e`` of them show faces the step takes; ``T[b]``: ``b`` or more do, of
    which ``b`` are re-rolled; :func:`.reroll._matrix`), of a step of ``B``
    re-rolls: each state's array by each row it meets, one pass per entry
    of the array that is not 0, every new state a row of one matrix.

    >>> K = np.array([[1.0, 0.0], [0.0, 2.0]]); T = K[::-1].cumsum(axis=0)[::-1]
    >>> out = by_rows({(0, 0): np.array([1.0]), (1, 0): np.array([0.0, 3.0])}, K, T, 1, 1, 1)
    >>> {k: v.tolist() for k, v in out.items()}        # budget 1 left, then none: the tail T[0]
    {(0, 0): [1.0, 0.0, 0.0], (0, 1): [0.0, 2.0, 0.0], (1, 0): [0.0, 3.0, 6.0]}
    """
    keys: list[tuple[int, ...]] = []
    picked = []
    for R in states:
        b = B - sum(R)
        E = min(b, n + 1)
        keys += [R[:t] + (e,) + R[t + 1:] for e in range(E)]
        if b <= n:  # the budget runs out: b of them re-rolled, lowest faces first
            keys.append(R[:t] + (b,) + R[t + 1:])
        picked.append((E, b if b <= n else -1))
    w = K.shape[1]
    arrays = list(states.values())
    out = np.zeros((len(keys), w + max(a.size for a in arrays) - 1), dtype=np.result_type(arrays[0], K))
    at = 0
    for arr, (E, b) in zip(arrays, picked):
        M = K[:E] if b < 0 else np.concatenate((K[:E], T[b:b + 1]))
        rows = out[at: at + M.shape[0]]
        for i in arr.nonzero()[0].tolist():
            rows[:, i: i + w] += M * arr[i]
        at += M.shape[0]
    found = Stacked(zip(keys, out))
    found.matrix = out
    return found


def lone_ends(keys: list[tuple[int, ...]], M: np.ndarray, fresh: list[tuple[np.ndarray, int]], cap: bool = False
              ) -> tuple[list[tuple[int, ...]], np.ndarray, list[tuple[np.ndarray, int]]]:
    """The first steps of the step's end (:func:`.reroll._added`: each
    state's re-rolled dice, by Horner's scheme one group after another, in
    any order: the sums are whole numbers) for the groups that re-roll at
    most one die (lone dice, the last first): every state at once,
    ``G_0 + G_1 F`` for each key without that group. ``M``: one row per
    key; returns the keys left, their rows and the groups left. ``cap``:
    every count of the end lies within ``M``'s width (the counts' space),
    the rows are kept to it where a die adds nothing below its ``zero``
    (their entries past it are 0: part of the end's, none moves down).

    >>> F = np.array([2.0, 1.0])                 # a fresh die: 2 ways of 0, 1 way of 1
    >>> M = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 0.0]])
    >>> keys, M, left = lone_ends([(0, 0), (0, 1), (1, 0)], M, [(F, 0), (F, 0)])
    >>> keys, M[0].tolist(), left                # [1, 0] + [0, 1] F + [1, 0] F
    ([()], [3.0, 3.0, 1.0, 0.0], [])
    """
    tops = [max(column) for column in zip(*keys)] if fresh else []
    for t in [t for t in reversed(range(len(fresh))) if tops[t] <= 1]:  # (the last first: the others keep their place)
        F, zero = fresh[t]
        at: dict[tuple[int, ...], int] = {}
        rows = [at.setdefault(R[:t] + R[t + 1:], len(at)) for R in keys]
        W, wide = M.shape[1], M.shape[1] + F.size - 1  # a row, and a row and a fresh die
        flat = len(at) * wide * F.size <= FLAT
        if cap and not flat and not (zero and F[:zero].any()):  # kept to the rows' width: G_0 + G_1 F in G_0's place
            G = np.zeros((2, len(at), W), dtype=M.dtype)
            G[[R[t] for R in keys], rows] = M
            H = G[0]
            for j in F.nonzero()[0].tolist():  # (every value of the die at its place or past it: at d from 0)
                d = j - zero
                if d < W:
                    H[:, d:] += G[1, :, : W - d] * F[j]
            keys, M, fresh = list(at), H, fresh[:t] + fresh[t + 1:]
            continue
        G = np.zeros((2, len(at), wide), dtype=M.dtype)
        G[[R[t] for R in keys], rows, :W] = M  # (each prefix and re-roll once)
        if flat:  # G_1 F: one convolution of its rows end to end (each one's own: as wide)
            H = np_conv(G[1].ravel(), F)[: len(at) * wide].reshape(len(at), wide)
        else:  # a few scaled, shifted copies (one per value of the die that has ways)
            H = np.zeros((len(at), wide), dtype=M.dtype)
            for j in F.nonzero()[0].tolist():
                H[:, j: j + W] += G[1, :, :W] * F[j]
        H = H[:, zero:]
        if cap and not (zero and F[:zero].any()):  # (nothing below a place of 0)
            H = H[:, :W]
        if H.shape[1] < W:
            H = np.concatenate((H, np.zeros((len(at), W - H.shape[1]), dtype=H.dtype)), axis=1)
        H[:, :W] += G[0, :, :W]
        keys, M, fresh = list(at), H, fresh[:t] + fresh[t + 1:]
    return keys, M, fresh


#: The multiply-adds below which a lone die is added to the rows by one convolution of them end to end
#: (a call, against one per value of the die; past it, the convolution's multiply-adds by its 0s cost more).
FLAT = 8192

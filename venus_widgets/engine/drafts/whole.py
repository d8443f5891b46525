"""Adding up dice in whole numbers of any size, fast: the convolution of two
arrays of Python ints (``dtype=object``) by Kronecker substitution.

Past 2**53 ways a draft counts in Python ints, so that every float of its
odds is the correctly rounded value of its fraction (docs/drafts.md,
"Exact odds"). ``np.convolve`` on such arrays makes one Python
multiplication per pair of entries; here each array is packed into one
large integer (its entries as digits of a base wide enough that no sum
carries), the two integers are multiplied once (Python's Karatsuba), and
the product is read back digit by digit: the same whole numbers, exactly.

>>> import numpy as np
>>> a = np.array([1, 2, 3] * 10, dtype=object)
>>> b = np.array([2**70, 0, 5] * 10, dtype=object)
>>> list(convolve(a, b)) == list(np.convolve(a, b))
True
>>> set(convolve(a * 0, b))
{0}
"""

from __future__ import annotations

import numpy as np

#: Shorter arrays than this are convolved entry by entry (packing costs more).
DIRECT = 16


def convolve(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``np.convolve(a, b)`` of whole numbers (Python ints, or floats
    holding whole numbers), exactly, as Python ints."""
    if min(a.size, b.size) < DIRECT:
        return np.convolve(a, b)
    xs, ys = [int(x) for x in a], [int(y) for y in b]
    if min(xs) < 0 or min(ys) < 0:  # a count is never below 0; anything else entry by entry
        return np.convolve(a, b)
    # the largest a digit of the product can be (and of either array: one may be all 0)
    top = max(max(xs) * max(ys) * min(len(xs), len(ys)), max(xs), max(ys))
    width = max(1, (top.bit_length() + 8) // 8)  # bytes per digit
    n = len(xs) + len(ys) - 1
    product = _packed(xs, width) * _packed(ys, width)
    raw = product.to_bytes(width * n, "little")
    out = np.empty(n, dtype=object)
    out[:] = [int.from_bytes(raw[i:i + width], "little") for i in range(0, width * n, width)]
    return out


def _packed(values: list[int], width: int) -> int:
    """The values as the digits (base 256**width, least significant first) of one integer."""
    return int.from_bytes(b"".join(v.to_bytes(width, "little") for v in values), "little")


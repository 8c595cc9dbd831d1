"""NumPy's part of ``xport.random``: what its ``RandomHooks`` say.

NumPy runs the portable engine (``_common/random``) with its ufuncs' ``out=``:
the cipher's words are updated in place (:class:`NumPyWords`) and the
float32 steps round through ``out=`` (``in_place_native``). Large draws run
block by block (:data:`BLOCK` elements, measured best for a 1e7 normal
draw): hundreds of operations per element then touch cache-sized
temporaries instead of fresh memory. Array values may always be read.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from .._common.random.words import Unsigned32, Words

BLOCK: Final = 1 << 16


class NumPyWords(Unsigned32):
    """NumPy's uint32 words, updated in place by the cipher's rounds (its ufuncs
    take ``out=``; NumPy's own, which checked namespaces leave as they are):
    about 20 % faster on blocks of 2**16 words."""

    __slots__ = ()

    def updating(self, *words: Any) -> Words:
        # 0-d results of NumPy arithmetic are scalars, which cannot be written.
        return self if all(getattr(x, "ndim", 0) > 0 for x in words) else Unsigned32(self.target)

    def add_(self, a: Any, b: Any) -> Any:
        return np.add(a, b, out=a)

    def xor_(self, a: Any, b: Any) -> Any:
        return np.bitwise_xor(a, b, out=a)

    def rotl_(self, x: Any, r: int) -> Any:
        high = np.right_shift(x, 32 - r)
        np.left_shift(x, r, out=x)
        return np.bitwise_or(x, high, out=x)


def blockwise(device: Any) -> bool:
    """Every draw larger than a block runs block by block."""
    return True


def tabulates(device: Any) -> bool:
    """Float32 normals come from a table once a process has drawn enough of them."""
    return True


def reads_values(*arrays: Any) -> bool:
    """NumPy arrays are on the host: their values may always be read."""
    return True

"""Shape helpers several rooms share: ``broadcast_shapes`` (the standard's,
which MXNet lacks) and ``sliced`` (an array sliced along one axis).
"""

from __future__ import annotations

import builtins
from typing import Any

Array = Any


def broadcast_shapes(*shapes: tuple[int, ...]) -> tuple[int, ...]:
    """The shape ``shapes`` broadcast to.

    Deviation fixed: MXNet has no ``broadcast_shapes``.
    """
    ndim = max((len(s) for s in shapes), default=0)
    out = [1] * ndim
    for shape in shapes:
        for i, n in enumerate(shape, start=ndim - len(shape)):
            if n != 1:
                if out[i] not in (1, n):
                    raise ValueError(f"broadcast_shapes(): shapes {shapes!r} cannot be "
                                     "broadcast to a single shape")
                out[i] = n
    return tuple(out)


def sliced(x: Array, axis: int, start: int, stop: int) -> Array:
    """``x`` sliced to ``start:stop`` along ``axis``."""
    index = [builtins.slice(None)] * x.ndim
    index[axis] = builtins.slice(start, stop)
    return x[tuple(index)]

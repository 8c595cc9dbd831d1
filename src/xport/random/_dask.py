"""The Dask route: the samplers are the portable ones (whole-array graphs of
the standard's operations, numbers independent of the chunking), except two
that each chunk computes with the NumPy route instead: ``normal`` (a graph
of hundreds of layers otherwise; a chunk draws its own elements' counters:
1e6 draws in 0.11 s instead of 1.26 s) and ``gamma``, whose rejection loops
would make a graph of thousands of layers (element ``i`` always uses
``split(key, size)[i]``). Either way chunking does not change the numbers.
"""

from __future__ import annotations

from typing import Any

import dask.array as _dask_array

from .. import numpy as _xnp
from . import _portable
from ._portable import (
    bernoulli,
    bits,
    categorical,
    choice,
    fold_in,
    integers,
    key,
    permutation,
    split,
    truncated_normal,
    uniform,
)

_da: Any = _dask_array  # untyped library: calls through Any

__all__ = ["bernoulli", "bits", "categorical", "choice", "fold_in", "gamma", "integers", "key",
           "normal", "permutation", "split", "truncated_normal", "uniform"]


def gamma(xp: Any, key: Any, a: Any, shape: tuple[int, ...] | None, dtype: Any) -> Any:
    kind = _portable._float_kind(xp, dtype, "gamma")
    alpha, shape = _portable.gamma_shapes(xp, a, shape, dtype, None)
    counters = _da.arange(alpha.shape[0], dtype="uint32", chunks=alpha.chunks)
    flat = _da.blockwise(_gamma_block, "i", alpha, "i", counters, "i", key, "j",
                        kind=kind, dtype=alpha.dtype, concatenate=True)
    return xp.reshape(flat, shape)


def normal(xp: Any, key: Any, shape: tuple[int, ...], dtype: Any) -> Any:
    kind = _portable._float_kind(xp, dtype, "normal")
    counters = _da.arange(_portable._size(shape), dtype="uint32")
    flat = _da.blockwise(_normal_block, "i", counters, "i", key, "j", kind=kind,
                        dtype=kind, concatenate=True)
    return xp.reshape(flat, shape)


def _normal_block(counters: Any, key: Any, kind: str) -> Any:
    offset = int(counters[0]) if counters.size else 0
    return _portable.normal(_xnp, key, (counters.size,), getattr(_xnp, kind), offset=offset)


def _gamma_block(alpha: Any, counters: Any, key: Any, kind: str) -> Any:
    return _portable.gamma_flat(_xnp, key, alpha, counters, kind, reads=True)

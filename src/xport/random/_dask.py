"""The Dask route: every sampler is the portable one (whole-array graphs of
the standard's operations, numbers independent of the chunking), except
``gamma``, whose rejection loops would make a graph of thousands of layers:
there each chunk runs the NumPy route's loops on its own elements' keys
(element ``i`` always uses ``split(key, size)[i]``, so chunking does not
change the numbers).
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
    normal,
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


def _gamma_block(alpha: Any, counters: Any, key: Any, kind: str) -> Any:
    return _portable.gamma_flat(_xnp, key, alpha, counters, kind, reads=True)

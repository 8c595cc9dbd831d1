"""Dask's part of ``xport.random``: its route (this module, the
``RandomHooks.route``). Each chunk of a draw computes its own elements with
the engine on ``xport.numpy`` (a chunk draws the counters of its position in
the flat draw, so its numbers are those of one whole-array draw, whatever the
chunking), where
a sampler's output is elementwise in the counters and its parameters are
Python numbers: ``bits``, ``uniform``, ``normal``, ``integers``,
``bernoulli``, ``truncated_normal``; and ``gamma`` (element ``i`` always uses
``split(key, size)[i]``; chunks line up with the shape array's). A graph of
the standard's operations would have a layer per cipher step instead (134 for
``uniform``, 1028 for ``truncated_normal``; 1e6 uniforms took 0.41 s as such a
graph). The other samplers, and array parameters, take the portable
whole-array graphs; either way chunking does not change the numbers.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Final

import dask.array as _dask_array
import numpy as _np

from .. import numpy as _xnp
from .._common import random as _engine
from .._common.random import categorical, choice, fold_in, key, permutation, split
from .._common.random.floats import float_kind
from .._common.random.gammas import gamma_flat, gamma_shapes
from .._common.random.streams import draw_size
from .._common.random.target import Target

_da: Any = _dask_array  # untyped library: calls through Any

# Where each chunk draws: the engine on xport.numpy (Dask's chunks are NumPy arrays).
_NUMPY = _xnp.__xport_backend__
_HOST: Final = Target(_xnp, _NUMPY.random, _NUMPY.device)

__all__ = ["bernoulli", "bits", "categorical", "choice", "fold_in", "gamma", "integers", "key",
           "normal", "permutation", "split", "truncated_normal", "uniform"]


def _python_numbers(*values: Any, kinds: tuple[type, ...] = (int, float)) -> bool:
    return all(isinstance(v, kinds) and not isinstance(v, bool) for v in values)


def _per_chunk(sampler: Callable[..., Any], target: Target, key: Any,
               shape: tuple[int, ...], result_dtype: Any, **params: Any) -> Any:
    """``sampler(numpy, key, shape=(n,), offset=start, **params)`` for each chunk
    (elements start .. start+n-1) of a flat draw of ``shape``, as one Dask
    array of ``result_dtype``."""
    size = draw_size(shape)
    counters = _da.arange(size, dtype="uint32", chunks=_flat_chunks(shape, result_dtype))
    flat = _da.blockwise(_chunk, "i", counters, "i", key, "j", sampler=sampler, params=params,
                        dtype=result_dtype, concatenate=True)
    return target.xp.reshape(flat, shape)


def _flat_chunks(shape: tuple[int, ...], dtype: Any) -> tuple[int, ...]:
    """Chunks of the flat draw: Dask's automatic chunks of the result (its
    ``array.chunk-size``), as runs of whole rows where a row fits in one, so
    that reshaping moves no data."""
    if not shape:
        return (1,)
    if 0 in shape:
        return (0,)
    dtype = _np.dtype(dtype)
    flat: tuple[int, ...] = _da.core.normalize_chunks("auto", (math.prod(shape),),
                                                      dtype=dtype)[0]
    row_size = math.prod(shape[1:])
    if row_size > flat[0]:
        return flat
    rows = _da.core.normalize_chunks(("auto",) + (-1,) * (len(shape) - 1), shape,
                                     dtype=dtype)[0]
    return tuple(n * row_size for n in rows)


def _chunk(counters: Any, key: Any, sampler: Callable[..., Any],
           params: dict[str, Any]) -> Any:
    offset = int(counters[0]) if counters.size else 0
    return sampler(_HOST, key, shape=(counters.size,), offset=offset, **params)


def bits(target: Target, key: Any, shape: tuple[int, ...], dtype: Any) -> Any:
    xp = target.xp
    dtype = xp.uint32 if dtype is None else dtype
    if dtype not in (xp.uint8, xp.uint16, xp.uint32, xp.uint64):
        return _engine.bits(target, key, shape, dtype)  # raises its TypeError
    return _per_chunk(_engine.bits, target, key, shape, dtype, dtype=dtype)


def uniform(target: Target, key: Any, shape: tuple[int, ...], *, dtype: Any,
            minval: Any, maxval: Any) -> Any:
    xp = target.xp
    float_kind(xp, dtype, "uniform")
    if not _python_numbers(minval, maxval):
        return _engine.uniform(target, key, shape, dtype=dtype, minval=minval, maxval=maxval)
    return _per_chunk(_engine.uniform, target, key, shape, dtype, dtype=dtype, minval=minval,
                      maxval=maxval)


def normal(target: Target, key: Any, shape: tuple[int, ...], dtype: Any) -> Any:
    xp = target.xp
    float_kind(xp, dtype, "normal")
    return _per_chunk(_engine.normal, target, key, shape, dtype, dtype=dtype)


def integers(target: Target, key: Any, shape: tuple[int, ...], *, low: Any, high: Any,
             dtype: Any) -> Any:
    xp = target.xp
    if not (_python_numbers(low, high, kinds=(int,)) and xp.isdtype(dtype, "integral")):
        return _engine.integers(target, key, shape, low=low, high=high, dtype=dtype)
    return _per_chunk(_engine.integers, target, key, shape, dtype, low=low, high=high,
                      dtype=dtype)


def bernoulli(target: Target, key: Any, p: Any, shape: tuple[int, ...] | None) -> Any:
    xp = target.xp
    if not _python_numbers(p):
        return _engine.bernoulli(target, key, p, shape)
    shape = () if shape is None else shape
    return _per_chunk(_engine.bernoulli, target, key, shape, xp.bool, p=p)


def truncated_normal(target: Target, key: Any, lower: Any, upper: Any, *,
                     shape: tuple[int, ...] | None, dtype: Any) -> Any:
    xp = target.xp
    float_kind(xp, dtype, "truncated_normal")
    if not _python_numbers(lower, upper):
        return _engine.truncated_normal(target, key, lower, upper, shape=shape, dtype=dtype)
    shape = () if shape is None else shape
    return _per_chunk(_engine.truncated_normal, target, key, shape, dtype, lower=lower,
                      upper=upper, dtype=dtype)


def gamma(target: Target, key: Any, a: Any, shape: tuple[int, ...] | None,
          dtype: Any) -> Any:
    xp = target.xp
    kind = float_kind(xp, dtype, "gamma")
    alpha, shape = gamma_shapes(xp, a, shape, dtype, None)
    counters = _da.arange(alpha.shape[0], dtype="uint32", chunks=alpha.chunks)
    flat = _da.blockwise(_gamma_block, "i", alpha, "i", counters, "i", key, "j",
                        kind=kind, dtype=alpha.dtype, concatenate=True)
    return xp.reshape(flat, shape)


def _gamma_block(alpha: Any, counters: Any, key: Any, kind: str) -> Any:
    return gamma_flat(_HOST, key, alpha, counters, kind, reads=True)

"""Dask's part of ``xport.at`` and the segment reductions, lazily.

Dask arrays are immutable (``MUTABLE = False``): every update returns a new
lazy array. ``set``, and every operation at an index without integer arrays
(ints, slices, ``...``, ``None``, where no element can repeat), is Dask's own
chunk-aware ``__setitem__`` on a new array object: ``out[idx] = op(x[idx], v)``.
Integer-array and boolean indices, where duplicates must accumulate as in
``numpy.add.at``, and the segment reductions gather their inputs into one
block and call NumPy's scatter hook there (``_common/numpylike/scatter``, as
``xport.numpy`` binds it; one task, lazily).
"""

from __future__ import annotations

from typing import Any

import dask.array as _dask_array
import numpy as np
from dask.delayed import delayed as _dask_delayed

from .._common.numpylike.scatter import make_segment, make_update
from ._creation import fresh

MUTABLE = False
da: Any = _dask_array  # untyped library: calls through Any
delayed: Any = _dask_delayed
# The scatter hook of NumPy, for the blocks.
_block_update = make_update(np, "a numpy.ndarray")  # never in place
_block_segment = make_segment(np)

_BINARY: dict[str, Any] = {
    "add": da.add, "subtract": da.subtract, "multiply": da.multiply, "divide": da.divide,
    "power": da.power, "min": da.minimum, "max": da.maximum,
}


def _basic(idx: Any) -> bool:
    parts = idx if isinstance(idx, tuple) else (idx,)
    return all(p is None or p is Ellipsis or isinstance(p, (int, slice)) for p in parts)


def _masked(parts: tuple[Any, ...]) -> bool:
    """Whether an index has a boolean array: Dask's __setitem__ with one and an
    array of values fails at compute time (not at the call) on some sizes."""
    return any(getattr(p, "dtype", None) == np.bool_ for p in parts)


def _host(value: Any) -> Any:
    """``value`` as something a delayed NumPy call takes (a dask array becomes
    one delayed block)."""
    if isinstance(value, da.Array):
        return value.rechunk(-1).to_delayed(optimize_graph=False).reshape(-1)[0] \
            if value.ndim else value.to_delayed(optimize_graph=False).item()
    if isinstance(value, tuple):
        return tuple(_host(v) for v in value)
    return value


def _numpy_update(x: Any, idx: Any, op: str, values: Any) -> Any:
    return _block_update(np.asarray(x), idx, op, values, False)


def update(x: Any, idx: Any, op: str, values: Any, in_place: bool) -> Any:
    """``x`` updated at ``idx`` by ``op`` with ``values``, as a new lazy array."""
    if isinstance(values, da.Array):
        values = values.astype(x.dtype) if values.dtype != x.dtype else values
    parts = idx if isinstance(idx, tuple) else (idx,)
    # Dask's __setitem__ fails on a None (new axis) in the index, on a slice
    # of negative step before an int (IndexError inside Dask), and lazily on a
    # boolean mask with an array of values: NumPy's route. Indexing x first
    # still raises an invalid index's error at the call.
    reversed_slice = any(isinstance(p, slice) and p.step is not None and p.step < 0
                         for p in parts)
    if _basic(idx) and reversed_slice:
        if 0 in x[idx].shape:
            return fresh(x)
    elif (op == "set" or _basic(idx)) and not any(p is None for p in parts) \
            and not (_masked(parts) and isinstance(values, da.Array) and values.ndim > 0):
        if _basic(idx) and 0 in x[idx].shape:
            return fresh(x)  # nothing selected (Dask's __setitem__ rejects this)
        out = fresh(x)
        try:
            out[idx] = values if op == "set" else _BINARY[op](x[idx], values).astype(x.dtype)
        except (NotImplementedError, IndexError, ValueError, TypeError):
            if _basic(idx):
                raise
        else:
            return out
    block = delayed(_numpy_update, pure=True)(_host(x), _host(idx), op, _host(values))
    return da.from_delayed(block, shape=x.shape, dtype=x.dtype).rechunk(x.chunks)


def _numpy_segment(op: str, data: Any, ids: Any, num_segments: int) -> Any:
    return _block_segment(op, np.asarray(data), np.asarray(ids), num_segments)


def segment(op: str, data: Any, segment_ids: Any, num_segments: int) -> Any:
    """Reduce the rows of ``data`` into ``num_segments`` buckets, lazily."""
    block = delayed(_numpy_segment, pure=True)(op, _host(data), _host(segment_ids),
                                                    num_segments)
    return da.from_delayed(block, shape=(num_segments, *data.shape[1:]), dtype=data.dtype)

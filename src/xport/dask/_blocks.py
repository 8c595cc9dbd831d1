"""Functions Dask lacks, computed lazily per block by the NumPy namespace.

Each is one layer of the graph that calls :mod:`xport.numpy`'s (conforming)
function on NumPy blocks. Functions that need a whole axis in one block
(``sort``, ``argsort``, ``take_along_axis``, ``repeat`` with array repeats)
first merge the chunks along that axis only, so the other axes stay
distributed; the set functions see every element and gather the flattened
array into one block. Outputs whose size depends on the data (``unique_*``,
``repeat`` with array repeats) have NaN sizes in ``.shape`` until computed,
which is how Dask spells the standard's ``None``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import dask.array as _dask_array
import numpy as np
from dask.delayed import delayed as _dask_delayed

from .. import numpy as _xnp_module
from .._common.axis_args import normalize_axes
from .._common.results import UniqueAllResult, UniqueCountsResult, UniqueInverseResult

Array = Any
# Untyped library and a namespace populated at import: calls through Any.
da: Any = _dask_array
delayed: Any = _dask_delayed
_xnp: Any = _xnp_module
_INDEX = np.dtype(np.intp)


def whole_axis(x: Array, axis: int) -> Array:
    """``x`` with a single chunk along ``axis`` (unchanged when it has one)."""
    return x if x.numblocks[axis] == 1 else x.rechunk({axis: -1})


def _sorting(name: str, numpy_sort: Callable[..., Any], dtype: Callable[[Any], Any]
             ) -> Callable[..., Array]:
    def sorting(x: Array, /, *, axis: int = -1, descending: bool = False,
                stable: bool = True) -> Array:
        (axis,) = normalize_axes((axis,), x.ndim)
        return whole_axis(x, axis).map_blocks(numpy_sort, axis=axis, descending=descending,
                                              stable=stable, dtype=dtype(x))

    sorting.__name__ = sorting.__qualname__ = name
    sorting.__doc__ = (
        f"The standard's ``{name}`` along ``axis``.\n\n"
        f"Deviation fixed: ``dask.array`` has no ``{name}``. Each block is sorted by "
        f"``xport.numpy.{name}`` after the chunks along ``axis`` are merged into one (the "
        "other axes keep their chunks)."
    )
    return sorting


sort = _sorting("sort", _xnp.sort, lambda x: x.dtype)
argsort = _sorting("argsort", _xnp.argsort, lambda x: _INDEX)


def take_along_axis(x: Array, indices: Array, /, *, axis: int = -1) -> Array:
    """Pick values of ``x`` at ``indices`` along ``axis``.

    Deviation fixed: ``dask.array`` has no ``take_along_axis``. ``x`` and
    ``indices`` are broadcast against each other on the other axes, merged into
    one chunk along ``axis``, and each block pair goes to NumPy's function.
    """
    if indices.ndim != x.ndim:
        raise ValueError(f"take_along_axis(): indices need {x.ndim} dimensions like x, got "
                         f"{indices.ndim}")
    (axis,) = normalize_axes((axis,), x.ndim)
    shape = list(np.broadcast_shapes(
        tuple(1 if i == axis else n for i, n in enumerate(x.shape)),
        tuple(1 if i == axis else n for i, n in enumerate(indices.shape))))
    xs, ix = list(shape), list(shape)
    xs[axis], ix[axis] = x.shape[axis], indices.shape[axis]
    x = whole_axis(da.broadcast_to(x, tuple(xs)), axis)
    indices = whole_axis(da.broadcast_to(indices, tuple(ix)), axis)
    letters = "".join(chr(ord("a") + i) for i in range(x.ndim))
    inner = "z"
    x_ind = letters[:axis] + inner + letters[axis + 1:]
    return da.blockwise(_take_along, letters, x, x_ind, indices, letters, axis=axis,
                        dtype=x.dtype, concatenate=True)


def _take_along(block: Any, index: Any, axis: int) -> Any:
    return np.take_along_axis(block, index, axis=axis)


def repeat(x: Array, repeats: int | Array, /, *, axis: int | None = None) -> Array:
    """Repeat each element of ``x`` ``repeats`` times along ``axis`` (of the
    flattened ``x`` when ``axis`` is None).

    Deviations fixed: ``dask.array.repeat`` needs an ``axis`` and an int
    ``repeats``. With an array of repeats the output length is data: it is
    computed per block (``axis`` merged into one chunk) and reported as NaN in
    ``.shape`` until computed.
    """
    if axis is None:
        x, axis = _flat(x), 0
    (axis,) = normalize_axes((axis,), x.ndim)
    if x.shape[axis] == 0:
        # Nothing to repeat (dask.array.repeat fails on it): the empty x.
        return da.zeros(x.shape, dtype=x.dtype)
    if isinstance(repeats, int):
        return da.repeat(x, repeats, axis=axis)
    if repeats.ndim == 0:
        repeats = da.broadcast_to(repeats, (x.shape[axis],))
    x = whole_axis(x, axis)
    repeats = repeats.rechunk(-1)
    letters = "".join(chr(ord("a") + i) for i in range(x.ndim))
    return da.blockwise(_repeat_block, letters, x, letters, repeats, letters[axis], axis=axis,
                        dtype=x.dtype, adjust_chunks={letters[axis]: lambda n: math.nan})


def _repeat_block(block: Any, repeats: Any, axis: int) -> Any:
    return np.repeat(block, repeats, axis=axis)


def _flat(x: Array) -> Array:
    """``x`` flattened (empty arrays directly: dask.array.reshape fails on them)."""
    if x.size == 0:
        return da.zeros((0,), dtype=x.dtype)
    return x.reshape(-1) if x.ndim != 1 else x


def _one_block(x: Array) -> Any:
    """The flattened ``x`` as one delayed NumPy block."""
    flat = _flat(x).rechunk(-1)
    return flat.to_delayed(optimize_graph=False).ravel()[0]


def _lazy(value: Any, shape: tuple[float, ...], dtype: Any) -> Array:
    return da.from_delayed(value, shape=shape, dtype=dtype, meta=np.empty((0,) * len(shape),
                                                                          dtype))


def _unknown() -> tuple[float]:
    return (math.nan,)


def unique_values(x: Array, /) -> Array:
    """The distinct values of ``x`` (every NaN distinct), lazily.

    Deviation fixed: ``dask.array.unique`` counts NaNs as one value and has no
    ``unique_values``. The flattened ``x`` is gathered into one block for
    ``xport.numpy.unique_values``; the result's size is NaN until computed.
    """
    out = delayed(_xnp.unique_values, pure=True)(_one_block(x))
    return _lazy(out, _unknown(), x.dtype)


def unique_counts(x: Array, /) -> UniqueCountsResult:
    """Distinct values of ``x`` and their counts, lazily (see :func:`unique_values`)."""
    values, counts = delayed(_unique_parts, nout=2, pure=True)(_one_block(x), "counts")
    return UniqueCountsResult(_lazy(values, _unknown(), x.dtype),
                              _lazy(counts, _unknown(), _INDEX))


def unique_inverse(x: Array, /) -> UniqueInverseResult:
    """Distinct values of ``x`` and the indices that rebuild ``x`` from them,
    lazily (see :func:`unique_values`); ``inverse_indices`` has ``x``'s shape."""
    values, inverse = delayed(_unique_parts, nout=2, pure=True)(_one_block(x), "inverse")
    return UniqueInverseResult(_lazy(values, _unknown(), x.dtype),
                               _lazy(inverse, (x.size,), _INDEX).reshape(x.shape))


def unique_all(x: Array, /) -> UniqueAllResult:
    """Distinct values, first-occurrence indices, inverse indices and counts,
    lazily (see :func:`unique_values`)."""
    values, indices, inverse, counts = delayed(_unique_parts, nout=4, pure=True)(
        _one_block(x), "all")
    return UniqueAllResult(_lazy(values, _unknown(), x.dtype),
                           _lazy(indices, _unknown(), _INDEX),
                           _lazy(inverse, (x.size,), _INDEX).reshape(x.shape),
                           _lazy(counts, _unknown(), _INDEX))


def _unique_parts(flat: Any, which: str) -> tuple[Any, ...]:
    if which == "counts":
        return tuple(_xnp.unique_counts(flat))
    if which == "inverse":
        return tuple(_xnp.unique_inverse(flat))
    return tuple(_xnp.unique_all(flat))


WRAPPERS: dict[str, Any] = {
    "argsort": argsort, "repeat": repeat, "sort": sort, "take_along_axis": take_along_axis,
    "unique_all": unique_all, "unique_counts": unique_counts,
    "unique_inverse": unique_inverse, "unique_values": unique_values,
}

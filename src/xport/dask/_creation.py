"""Creation functions and ``astype``: the standard's ``device`` and ``copy``
keywords and signatures over ``dask.array``'s.

Dask arrays are immutable task graphs (``x[i] = v`` rebinds ``x`` to a new
graph, leaving other arrays built from the old one untouched), so a "copy" of
a Dask array is a new array object on the same graph: no task is added.
``copy=False`` never needs a copy of a Dask array. Host data (NumPy arrays,
Python sequences) becomes one chunk per ``dask.array``'s automatic chunking.

The creation functions but ``from_dlpack`` also take Dask's own keywords
(``chunks=`` and the others of the ``dask.array`` function each calls) and pass
them on, as array-api-compat's Dask namespace does.
"""

from __future__ import annotations

from typing import Any

import dask.array as _dask_array
import numpy as np

from .._common.shapes import check_shape, check_sizes
from ._info import check_device

Array = Any
DType = Any
da: Any = _dask_array  # untyped library: calls through Any


def _chunked(shape: int | tuple[int, ...], kwargs: dict[str, Any]) -> dict[str, Any]:
    """``kwargs`` with ``chunks=`` set to one chunk when the array is empty and
    the caller chose no chunks.

    Dask's automatic chunking divides by zero on some empty shapes (those with
    a zero beside several larger axes, such as ``(2, 1, 0, 1, 2, 1, 18)``); an
    empty array holds no data, so one chunk is always right for it.
    """
    dims = (shape,) if isinstance(shape, int) else tuple(shape)
    if "chunks" in kwargs or 0 not in dims:
        return kwargs
    return {**kwargs, "chunks": dims}


def fresh(x: Array) -> Array:
    """A new array object on ``x``'s graph: the Dask form of a copy (adds no task)."""
    return da.Array(x.dask, x.name, x.chunks, meta=x._meta)


def asarray(obj: Any, /, *, dtype: DType | None = None, device: Any = None,
            copy: bool | None = None, **kwargs: Any) -> Array:
    """Convert ``obj`` (a Dask array, a NumPy array, a buffer, a Python scalar
    or a nested sequence) to a Dask array.

    Deviations fixed: ``dask.array.asarray`` has no ``copy`` and ``device``
    keywords. A Dask array is returned as is (``copy=None``/``False``) or as a
    new array object on the same graph (``copy=True``; Dask arrays are
    immutable, so this is a full copy and adds no task). Host data is wrapped
    without a copy where NumPy can (``copy=False`` raises ``ValueError`` where it
    cannot) and copied first with ``copy=True``; empty host data is one chunk
    (Dask's automatic chunking divides by zero on some empty shapes).

    Dask's own keywords (``chunks=``, ``name=``, ... of ``dask.array.asarray``
    and ``dask.array.from_array``) are passed on for host data (array-api-compat
    accepts them too, but drops them); as in ``dask.array.asarray``, a Dask
    array keeps its chunks, and a sequence of Dask arrays is stacked (only
    ``allow_unknown_chunksizes=`` applies there).
    """
    check_device(device)
    if isinstance(obj, da.Array):
        if dtype is not None and obj.dtype != dtype:
            if copy is False:
                raise ValueError(f"asarray(copy=False) cannot cast a {obj.dtype} Dask array to "
                                 f"{np.dtype(dtype)} without a copy; pass copy=None")
            return obj.astype(dtype)
        return fresh(obj) if copy else obj
    if isinstance(obj, (list, tuple)) and any(isinstance(v, da.Array) for v in obj):
        unknown = kwargs.get("allow_unknown_chunksizes", False)
        return da.stack([asarray(v, dtype=dtype) for v in obj], allow_unknown_chunksizes=unknown)
    if copy:
        host = np.array(obj, dtype=dtype, copy=True)
    elif copy is False:
        host = np.asarray(obj, dtype=dtype, copy=False)
    else:
        host = np.asarray(obj, dtype=dtype)
    return da.asarray(host, **_chunked(host.shape, kwargs))


def from_dlpack(x: Any, /, *, device: Any = None, copy: bool | None = None) -> Array:
    """A Dask array (one chunk) of the DLPack-exporting host array ``x``.

    Deviation fixed: ``dask.array`` has no ``from_dlpack``; the data is imported
    by NumPy (``copy`` as there) and wrapped.
    """
    check_device(device)
    host = np.from_dlpack(x, copy=copy)
    return da.asarray(host, **_chunked(host.shape, {}))


def arange(start: int | float, /, stop: int | float | None = None, step: int | float = 1, *,
           dtype: DType | None = None, device: Any = None, **kwargs: Any) -> Array:
    """Evenly spaced values in ``[start, stop)``.

    Deviation fixed: ``dask.array.arange`` has no ``device`` keyword. Dask's
    own keywords (``chunks=``, ``like=``) are passed on, as array-api-compat does.
    """
    check_device(device)
    if stop is None:
        start, stop = 0, start
    return da.arange(start, stop, step, dtype=dtype, **kwargs)


def empty(shape: int | tuple[int, ...], *, dtype: DType | None = None,
          device: Any = None, **kwargs: Any) -> Array:
    """An uninitialised array of ``shape`` (Dask fills it lazily).

    Deviations fixed: ``dask.array.empty`` has no ``device`` keyword and no
    introspectable signature, its automatic chunking divides by zero on
    some empty shapes (an empty array gets one chunk here), and it makes an
    array of negative shape from a negative size (here ``ValueError``, as
    NumPy raises). Dask's own
    keywords (``chunks=``, ``name=``, ``meta=``, ...) are passed on, as
    array-api-compat does.
    """
    check_device(device)
    check_shape(shape, "empty()")
    return da.empty(shape, dtype=np.float64 if dtype is None else dtype,
                   **_chunked(shape, kwargs))


def zeros(shape: int | tuple[int, ...], *, dtype: DType | None = None,
          device: Any = None, **kwargs: Any) -> Array:
    """An array of zeros (see :func:`empty` for the deviation fixed and Dask's keywords)."""
    check_device(device)
    check_shape(shape, "zeros()")
    return da.zeros(shape, dtype=np.float64 if dtype is None else dtype,
                   **_chunked(shape, kwargs))


def ones(shape: int | tuple[int, ...], *, dtype: DType | None = None,
         device: Any = None, **kwargs: Any) -> Array:
    """An array of ones (see :func:`empty` for the deviation fixed and Dask's keywords)."""
    check_device(device)
    check_shape(shape, "ones()")
    return da.ones(shape, dtype=np.float64 if dtype is None else dtype,
                   **_chunked(shape, kwargs))


def full(shape: int | tuple[int, ...], fill_value: bool | int | float | complex, *,
         dtype: DType | None = None, device: Any = None, **kwargs: Any) -> Array:
    """An array of ``shape`` filled with ``fill_value`` (see :func:`empty`)."""
    check_device(device)
    check_shape(shape, "full()")
    if dtype is None:
        dtype = np.asarray(fill_value).dtype
    return da.full(shape, fill_value, dtype=dtype, **_chunked(shape, kwargs))


def empty_like(x: Array, /, *, dtype: DType | None = None, device: Any = None,
               **kwargs: Any) -> Array:
    """An uninitialised array shaped (and chunked) like ``x``.

    Deviation fixed: ``dask.array.empty_like`` has no ``device`` keyword.
    Dask's own keywords (``chunks=``, ``name=``, ``shape=``, ``order=``) are
    passed on, as array-api-compat does.
    """
    check_device(device)
    return da.empty_like(x, dtype=dtype, **kwargs)


def zeros_like(x: Array, /, *, dtype: DType | None = None, device: Any = None,
              **kwargs: Any) -> Array:
    """Zeros shaped (and chunked) like ``x`` (see :func:`empty_like`)."""
    check_device(device)
    return da.zeros_like(x, dtype=dtype, **kwargs)


def ones_like(x: Array, /, *, dtype: DType | None = None, device: Any = None,
              **kwargs: Any) -> Array:
    """Ones shaped (and chunked) like ``x`` (see :func:`empty_like`)."""
    check_device(device)
    return da.ones_like(x, dtype=dtype, **kwargs)


def full_like(x: Array, /, fill_value: bool | int | float | complex, *,
              dtype: DType | None = None, device: Any = None, **kwargs: Any) -> Array:
    """``fill_value`` shaped (and chunked) like ``x`` (see :func:`empty_like`)."""
    check_device(device)
    return da.full_like(x, fill_value, dtype=dtype, **kwargs)


def eye(n_rows: int, n_cols: int | None = None, /, *, k: int = 0, dtype: DType | None = None,
        device: Any = None, **kwargs: Any) -> Array:
    """A 2-D array with ones on the ``k``-th diagonal.

    Deviations fixed: ``dask.array.eye``'s second positional parameter is
    ``chunks`` (the number of columns is ``M=``), it has no ``device``, and it
    fails on empty matrices diagonals outside the matrix (all zeros here) and
    non-square matrices (cut from a square one here). Dask's own ``chunks=``
    is passed on, as array-api-compat does (for a non-square matrix it chunks
    the square the matrix is cut from). A negative ``n_rows`` or ``n_cols``
    raises ``ValueError``, as in NumPy (Dask would make an array of negative
    shape).
    """
    check_device(device)
    check_sizes("eye()", n_rows=n_rows, n_cols=n_cols)
    dtype = np.float64 if dtype is None else dtype
    cols = n_rows if n_cols is None else n_cols
    # dask.array.eye divides by the size, and builds a broken graph for a
    # diagonal outside the matrix: both are all zeros.
    if n_rows == 0 or cols == 0 or k >= cols or -k >= n_rows:
        return da.zeros((n_rows, cols), dtype=dtype, **_chunked((n_rows, cols), kwargs))
    if cols != n_rows:  # dask.array.eye builds a broken graph for wide matrices
        size = max(n_rows, cols)
        return da.eye(size, k=k, dtype=dtype, **kwargs)[:n_rows, :cols]
    return da.eye(n_rows, k=k, dtype=dtype, **kwargs)


def linspace(start: int | float | complex, stop: int | float | complex, /, num: int, *,
             dtype: DType | None = None, device: Any = None, endpoint: bool = True,
             **kwargs: Any) -> Array:
    """``num`` evenly spaced values from ``start`` to ``stop``.

    Deviations fixed: ``dask.array.linspace`` has no ``device`` keyword, and
    its last value is ``start + (num - 1) * step``, which can miss ``stop`` by
    an ulp; the standard (and NumPy) end exactly at ``stop`` (one more task on
    the last chunk). Complex bounds, which ``dask.array.linspace`` rejects,
    give the real and imaginary parts their own spacing, as NumPy does. Dask's
    own keywords (``chunks=``, ``retstep=``) are passed on, as array-api-compat
    does; ``retstep=True`` returns ``(array, step)`` as there. A negative
    ``num`` raises ``ValueError``, as in NumPy (Dask would make an array of
    negative shape).
    """
    check_device(device)
    check_sizes("linspace()", num=num)
    if dtype is None:
        dtype = (np.complex128 if isinstance(start, complex) or isinstance(stop, complex)
                 else np.float64)
    retstep = kwargs.get("retstep", False)
    if np.dtype(dtype).kind == "c":
        start, stop = complex(start), complex(stop)
        parts = [linspace(getattr(start, part), getattr(stop, part), num, endpoint=endpoint,
                          dtype=np.finfo(dtype).dtype, **kwargs) for part in ("real", "imag")]
        if retstep:
            (real, real_step), (imag, imag_step) = parts
            return (real + 1j * imag).astype(dtype), complex(real_step, imag_step)
        return (parts[0] + 1j * parts[1]).astype(dtype)
    out = da.linspace(start, stop, num, endpoint=endpoint, dtype=dtype, **kwargs)
    if retstep:
        out, step = out
        return _end_at(out, stop, num, endpoint), step
    return _end_at(out, stop, num, endpoint)


def _end_at(out: Array, stop: Any, num: int, endpoint: bool) -> Array:
    """``out`` with its last value ``stop`` exactly (when it includes the endpoint)."""
    if not endpoint or num < 2:
        return out
    last = out.numblocks[0] - 1
    pinned = out.blocks[last].map_blocks(_pin_stop, stop, dtype=out.dtype)
    return pinned if last == 0 else da.concatenate([out.blocks[:last], pinned])


def _pin_stop(block: Any, stop: Any) -> Any:
    block = block.copy()
    block[-1] = stop
    return block


def astype(x: Array, dtype: DType, /, *, copy: bool = True, device: Any = None) -> Array:
    """Cast ``x`` to ``dtype``.

    Deviations fixed: ``dask.array`` has no ``astype`` function (the method
    has no ``copy``/``device``). A cast to ``x``'s own dtype returns ``x``
    (``copy=False``) or a new array object on the same graph (``copy=True``).
    """
    check_device(device)
    if x.dtype == dtype:
        return fresh(x) if copy else x
    return x.astype(dtype)


WRAPPERS: dict[str, Any] = {
    "arange": arange, "asarray": asarray, "astype": astype, "empty": empty,
    "empty_like": empty_like, "eye": eye, "from_dlpack": from_dlpack, "full": full,
    "full_like": full_like, "linspace": linspace, "ones": ones, "ones_like": ones_like,
    "zeros": zeros, "zeros_like": zeros_like,
}

"""The ``dask.array`` functions that deviate from the standard, and their wrappers.

Elementwise functions, reductions and most manipulation functions are
``dask.array``'s own: they apply NumPy per block, so they inherit NumPy's
(conforming) values, dtypes and promotion. The wrappers here fix signatures
and keywords, add what ``dask.array`` lacks from ``dask.array`` operations, and
take the dtype functions from :mod:`xport.numpy` (Dask dtypes are NumPy's).
No wrapper computes anything: each returns a lazy Dask array, and where the
native already gives the standard's result, it is called unchanged so that the
task graph is exactly the one ``dask.array`` would build.
"""

from __future__ import annotations

import math
from typing import Any, Literal

import dask.array as _dask_array
import numpy as np

from .. import numpy as _xnp_module
from .._common.axis_args import new_axis_positions, normalize_axes
from .._common.promotion import make_result_type
from . import _blocks, _complex, _creation
from ._info import DTYPES, INFO, dtype_name

Array = Any
# Untyped library and a namespace populated at import: calls through Any.
da: Any = _dask_array
_xnp: Any = _xnp_module
Axis = int | tuple[int, ...] | None


# --- data types: Dask's are NumPy's ---------------------------------------------------

def _dtype_functions() -> dict[str, Any]:
    # The NumPy namespace's functions read ``.dtype`` of an array argument and
    # never its data.
    return {"can_cast": _xnp.can_cast, "finfo": _xnp.finfo, "iinfo": _xnp.iinfo,
            "isdtype": _xnp.isdtype}




def _scalar_beside(dtype: Any, scalar: object) -> Any:
    """NumPy's promotion of a Python scalar with a non-standard dtype (``float16``)."""
    return np.result_type(dtype, scalar)  # type: ignore[arg-type]


result_type = make_result_type(DTYPES, dtype_name, defaults=INFO.default_dtypes,
                               native=np.promote_types, native_scalar=_scalar_beside,
                               dtype_of_type=np.dtype)


# --- elementwise -------------------------------------------------------------------------

def clip(x: Array, /, min: Array | float | None = None,  # noqa: A002 - the standard's name
         max: Array | float | None = None) -> Array:  # noqa: A002
    """Clamp ``x`` to ``[min, max]``, keeping ``x``'s dtype.

    Deviations fixed: ``dask.array.clip`` needs both bounds, and the result
    has the shape ``x`` and array bounds broadcast to (which may be larger
    than ``x``'s). Each block is clipped by NumPy (either bound may be None, a
    Python scalar or an array); the result has ``x``'s dtype.
    """
    if min is None and max is None:
        return x
    bounds = [b for b in (min, max) if isinstance(b, da.Array)]
    if bounds:
        # One shape and one chunking for x and the array bounds.
        x, *broadcast = da.broadcast_arrays(x, *bounds)
        if isinstance(min, da.Array):
            min = broadcast.pop(0)  # noqa: A001
        if isinstance(max, da.Array):
            max = broadcast.pop(0)  # noqa: A001
    return da.map_blocks(_clip_block, x, min, max, dtype=x.dtype)


def _clip_block(block: Any, lo: Any, hi: Any) -> Any:
    return np.clip(block, lo, hi).astype(block.dtype, copy=False)


# --- statistics ---------------------------------------------------------------------------

def std(x: Array, /, *, axis: Axis = None, correction: int | float = 0.0,
        keepdims: bool = False, **kwargs: Any) -> Array:
    """Standard deviation of ``x`` along ``axis``.

    Deviation fixed: ``dask.array.std`` calls ``correction`` ``ddof``. Dask's
    own keywords (``split_every=``, ``dtype=``) are passed on, as
    array-api-compat does.
    """
    return da.std(x, axis=axis, ddof=correction, keepdims=keepdims, **kwargs)


def var(x: Array, /, *, axis: Axis = None, correction: int | float = 0.0,
        keepdims: bool = False, **kwargs: Any) -> Array:
    """Variance of ``x`` along ``axis`` (see :func:`std`, Dask's keywords too)."""
    return da.var(x, axis=axis, ddof=correction, keepdims=keepdims, **kwargs)


def count_nonzero(x: Array, /, *, axis: Axis = None, keepdims: bool = False) -> Array:
    """The number of non-zero elements of ``x`` along ``axis``.

    Deviation fixed: ``dask.array.count_nonzero`` has no ``keepdims``.
    """
    return da.sum(x != 0, axis=axis, keepdims=keepdims, dtype=np.intp)


def _cumulative(name: str, native: Any, identity: int) -> Any:
    def cumulative(x: Array, /, *, axis: int | None = None, dtype: Any = None,
                   include_initial: bool = False, **kwargs: Any) -> Array:
        if axis is None:
            if x.ndim != 1:
                raise ValueError(f"{name}() needs an axis for an array of {x.ndim} dimensions")
            axis = 0
        (axis,) = normalize_axes((axis,), x.ndim)
        out = native(x, axis=axis, dtype=dtype, **kwargs)
        if not include_initial:
            return out
        shape = tuple(1 if i == axis else n for i, n in enumerate(x.shape))
        first = da.full(shape, identity, dtype=out.dtype)
        return da.concatenate([first, out], axis=axis)

    cumulative.__name__ = cumulative.__qualname__ = name
    cumulative.__doc__ = (
        f"The cumulative {'sum' if identity == 0 else 'product'} of ``x`` along ``axis``.\n\n"
        f"Deviation fixed: ``dask.array`` calls it ``{native.__name__}``, with no "
        "``include_initial`` (here a block of the identity is prepended lazily). Dask's "
        f"own keywords (``method=``) are passed on to ``{native.__name__}``, as "
        "array-api-compat does."
    )
    return cumulative


cumulative_sum = _cumulative("cumulative_sum", da.cumsum, 0)
cumulative_prod = _cumulative("cumulative_prod", da.cumprod, 1)


# --- manipulation ------------------------------------------------------------------------

def concat(arrays: tuple[Array, ...] | list[Array], /, *, axis: int | None = 0,
           allow_unknown_chunksizes: bool = False) -> Array:
    """Join ``arrays`` along ``axis`` (of the flattened arrays when None).

    Deviation fixed: ``dask.array.concatenate`` has no ``axis=None``. Its own
    ``allow_unknown_chunksizes`` keyword is passed on (array-api-compat's
    ``concat`` is ``dask.array.concatenate``).
    """
    if axis is None:
        return da.concatenate([reshape(a, (-1,)) for a in arrays], axis=0,
                              allow_unknown_chunksizes=allow_unknown_chunksizes)
    return da.concatenate(arrays, axis=axis, allow_unknown_chunksizes=allow_unknown_chunksizes)


def expand_dims(x: Array, /, axis: int | tuple[int, ...] = 0) -> Array:
    """``x`` with new axes of length one at ``axis`` (positions in the output).

    Deviations fixed: ``dask.array.expand_dims`` has no default ``axis``, and
    a tuple that repeats a position raises ``StopIteration`` there
    (``ValueError`` here, as NumPy); a position outside ``[-M, M)`` (``M`` the
    output's number of dimensions) raises ``IndexError``.
    """
    return da.expand_dims(x, new_axis_positions(axis, x.ndim))


def reshape(x: Array, /, shape: tuple[int, ...], *, copy: bool | None = None,
            **kwargs: Any) -> Array:
    """Reshape ``x`` to ``shape`` (one entry may be ``-1``).

    Deviations fixed: ``dask.array.reshape`` has no ``copy``, and refuses
    reshapes that do not merge or split chunked axes evenly; those get the
    array in one chunk first. Dask arrays are immutable graphs, so no copy is
    ever observable: every value of ``copy`` gives the same lazy array. Dask's
    own keywords (``merge_chunks=``, ``limit=``) are passed on to
    ``dask.array.reshape``, as array-api-compat does (an empty array, which
    ``dask.array.reshape`` cannot take, is made directly, without them).
    """
    if x.size == 0:  # dask.array.reshape fails on empty arrays; they hold no data
        return da.zeros(np.empty(x.shape, dtype=bool).reshape(shape).shape, dtype=x.dtype)
    try:
        return da.reshape(x, shape, **kwargs)
    except NotImplementedError:
        return da.reshape(x.rechunk(-1), shape, **kwargs)


def roll(x: Array, /, shift: int | tuple[int, ...], *,
         axis: int | tuple[int, ...] | None = None) -> Array:
    """Roll the elements of ``x`` by ``shift`` along ``axis`` (of the
    flattened ``x`` when None).

    Deviation fixed: ``dask.array.roll`` fails on an empty ``x`` with
    ``axis=None``; rolling nothing gives ``x`` itself.
    """
    if x.size == 0:
        return x
    return da.roll(x, shift, axis=axis)


def nonzero(x: Array, /, **kwargs: Any) -> tuple[Array, ...]:
    """Indices of the non-zero elements of ``x``, one array per axis; their
    length is data, NaN in ``.shape`` until computed.

    Deviation fixed: ``dask.array.nonzero`` builds a broken graph for an empty
    ``x``; its (empty) result is made directly. Other keywords go to
    ``dask.array.nonzero``, as in array-api-compat (it takes none: they raise
    ``TypeError``).
    """
    if x.ndim == 0:
        raise ValueError("nonzero() needs an array of at least one dimension")
    if x.size == 0 and not kwargs:
        return tuple(da.zeros((0,), dtype=np.intp) for _ in range(x.ndim))
    out: tuple[Array, ...] = da.nonzero(x, **kwargs)
    return out


def unstack(x: Array, /, *, axis: int = 0) -> tuple[Array, ...]:
    """Split ``x`` into a tuple of arrays along ``axis``.

    Deviation fixed: ``dask.array`` has no ``unstack``.
    """
    (axis,) = normalize_axes((axis,), x.ndim)
    index = (slice(None),) * axis
    return tuple(x[(*index, i)] for i in range(x.shape[axis]))


def broadcast_shapes(*shapes: tuple[int | None, ...]) -> tuple[int | None, ...]:
    """The shape ``shapes`` broadcast to.

    Deviation fixed: ``dask.array`` has no ``broadcast_shapes``; this is NumPy's.
    """
    out: tuple[int, ...] = np.broadcast_shapes(*shapes)  # type: ignore[arg-type]
    return out


def matrix_transpose(x: Array, /) -> Array:
    """Transpose the last two axes of ``x``.

    Deviation fixed: ``dask.array`` has no ``matrix_transpose``.
    """
    if x.ndim < 2:
        raise ValueError("matrix_transpose() needs an array of at least 2 dimensions; "
                         f"got {x.ndim}")
    return da.swapaxes(x, -1, -2)


def vecdot(x1: Array, x2: Array, /, *, axis: int = -1) -> Array:
    """The dot product of vectors along ``axis`` (``x1`` conjugated), broadcasting
    the other axes.

    Deviation fixed: ``dask.array`` has no ``vecdot``; this is a lazy
    ``sum(conj(x1) * x2, axis=axis)``.
    """
    ndim = max(x1.ndim, x2.ndim)
    if not -ndim <= axis < 0 and not 0 <= axis < min(x1.ndim, x2.ndim):
        raise ValueError(f"vecdot(): axis {axis} is out of range")
    if x1.shape[axis] != x2.shape[axis]:
        raise ValueError(f"vecdot(): x1 and x2 have {x1.shape[axis]} and {x2.shape[axis]} "
                         f"elements along axis {axis}")
    product = (da.conj(x1) if x1.dtype.kind == "c" else x1) * x2
    return da.sum(product, axis=axis if axis < 0 else axis - ndim + product.ndim,
                  dtype=product.dtype)


def _promoted_product(name: str, native: Any) -> Any:
    def product(x1: Array, x2: Array, /, **kwargs: Any) -> Array:
        out = native(x1, x2, **kwargs)
        target = np.result_type(x1.dtype, x2.dtype)
        return out if out.dtype == target else out.astype(target)

    product.__name__ = product.__qualname__ = name
    return product


_matmul = _promoted_product("matmul", da.matmul)
_tensordot = _promoted_product("tensordot", da.tensordot)


def _same_size(n1: float, n2: float) -> bool:
    """Whether two sizes agree; an unknown size (NaN) agrees with any."""
    return n1 == n2 or math.isnan(n1) or math.isnan(n2)


def _broadcastable(shape1: tuple[float, ...], shape2: tuple[float, ...]) -> bool:
    return all(_same_size(a, b) or a == 1 or b == 1
               for a, b in zip(reversed(shape1), reversed(shape2), strict=False))


def check_matmul(name: str, shape1: tuple[float, ...], shape2: tuple[float, ...]) -> None:
    """``ValueError`` unless ``shape1 @ shape2`` is defined: both at least 1-d,
    the same inner size, stacks that broadcast (unknown sizes pass)."""
    if not shape1 or not shape2:
        raise ValueError(f"{name}() needs operands of at least one dimension; got shapes "
                         f"{shape1} and {shape2}")
    inner = shape2[0] if len(shape2) == 1 else shape2[-2]
    if not _same_size(shape1[-1], inner) or not _broadcastable(shape1[:-2], shape2[:-2]):
        raise ValueError(f"{name}(): shapes {shape1} and {shape2} do not fit: the last axis "
                         "of x1 must match the second-to-last of x2 (the only one when 1-d), "
                         "and the stacks before them must broadcast")


def matmul(x1: Array, x2: Array, /, **kwargs: Any) -> Array:
    """The matrix product of ``x1`` and ``x2`` (stacks broadcast).

    Deviations fixed: ``dask.array.matmul`` accumulates integers narrower than
    int64 in int64 and returns that; the standard (and NumPy) keep the
    promoted dtype of the operands. And it returns a lazy array for some
    shapes that do not fit (an inner size of 1 against another, stacks that do
    not broadcast), or fails with a message about chunks: here shapes that do
    not fit raise ``ValueError`` at the call, as NumPy's. Floating-point calls
    are Dask's alone. Other keywords go to ``dask.array.matmul``, as in
    array-api-compat (it takes none: they raise ``TypeError``).
    """
    check_matmul("matmul", tuple(x1.shape), tuple(x2.shape))
    return _matmul(x1, x2, **kwargs)


def _contracted(axes: int | tuple[Any, Any], ndim1: int, ndim2: int
                ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    if isinstance(axes, int):
        if not 0 <= axes <= min(ndim1, ndim2):
            raise ValueError(f"tensordot(): axes={axes} needs operands of at least {axes} "
                             f"dimensions and cannot be negative; got {ndim1} and {ndim2}")
        return tuple(range(ndim1 - axes, ndim1)), tuple(range(axes))
    first, second = axes
    first = (first,) if isinstance(first, int) else tuple(first)
    second = (second,) if isinstance(second, int) else tuple(second)
    if len(first) != len(second):
        raise ValueError(f"tensordot(): axes {axes!r} name {len(first)} axes of x1 and "
                         f"{len(second)} of x2")
    return (normalize_axes(first, ndim1, name="tensordot() axis of x1"),
            normalize_axes(second, ndim2, name="tensordot() axis of x2"))


def tensordot(x1: Array, x2: Array, /, *,
              axes: int | tuple[Any, Any] = 2, **kwargs: Any) -> Array:
    """The tensor contraction of ``x1`` and ``x2`` over ``axes``.

    Deviations fixed: as :func:`matmul`, the result has the operands' promoted
    dtype (``dask.array.tensordot`` widens narrow integers); negative axes are
    counted from the end before ``dask.array.tensordot`` sees them (given
    negative axes it contracts the wrong blocks, and the values are wrong);
    and contracted axes of different sizes raise ``ValueError`` at the call,
    as NumPy's. Other keywords go to ``dask.array.tensordot``, as in
    array-api-compat (it takes none but ``axes``: they raise ``TypeError``).
    """
    first, second = _contracted(axes, x1.ndim, x2.ndim)
    for a, b in zip(first, second, strict=True):
        if not _same_size(x1.shape[a], x2.shape[b]):
            raise ValueError(f"tensordot(): axis {a} of x1 has {x1.shape[a]} elements and "
                             f"axis {b} of x2 has {x2.shape[b]}; contracted axes must match")
    if not isinstance(axes, int):
        axes = (first, second)
    return _tensordot(x1, x2, axes=axes, **kwargs)


# --- searching ----------------------------------------------------------------------------

def searchsorted(x1: Array, x2: Array | int | float, /, *,
                 side: Literal["left", "right"] = "left", sorter: Array | None = None) -> Array:
    """Indices where the elements of ``x2`` would be inserted into the sorted
    1-d ``x1``.

    Deviation fixed: ``dask.array.searchsorted`` takes no Python scalar ``x2``.
    """
    if not isinstance(x2, da.Array):
        x2 = da.asarray(np.asarray(x2, dtype=x1.dtype))
    if sorter is not None:
        x1 = da.take(x1, sorter)
    if x2.ndim == 0:  # dask.array.searchsorted fails on 0-d x2
        return da.searchsorted(x1, x2.reshape(1), side=side).reshape(())
    return da.searchsorted(x1, x2, side=side)


def isin(x1: Array | int | float, x2: Array | int | float, /, *,
         invert: bool = False, **kwargs: Any) -> Array:
    """Whether each element of ``x1`` is in ``x2``.

    Deviation fixed: ``dask.array.isin`` takes no Python scalars. Dask's own
    keywords (``assume_unique=``, ``kind=``) are passed on, as array-api-compat
    exposes them.
    """
    if not isinstance(x1, da.Array):
        x1 = da.asarray(np.asarray(x1, dtype=getattr(x2, "dtype", None)))
    if not isinstance(x2, da.Array):
        x2 = da.asarray(np.asarray(x2, dtype=x1.dtype))
    return da.isin(x1, x2, invert=invert, **kwargs)


# --- utility / indexing -------------------------------------------------------------------

def diff(x: Array, /, *, axis: int = -1, n: int = 1, prepend: Array | None = None,
         append: Array | None = None) -> Array:
    """The ``n``-th forward difference along ``axis``.

    Deviation fixed: the standard's keyword order (``dask.array.diff`` takes
    ``n`` second, positionally).
    """
    return da.diff(x, n=n, axis=axis, prepend=prepend, append=append)


def take(x: Array, indices: Array, /, *, axis: int | None = None) -> Array:
    """Elements of ``x`` at ``indices`` along ``axis`` (optional for 1-d ``x``).

    Deviation fixed: ``dask.array.take`` defaults to ``axis=0`` and takes no
    ``axis=None``.
    """
    if axis is None:
        if x.ndim != 1:
            raise ValueError(f"take() needs an axis for an array of {x.ndim} dimensions")
        axis = 0
    return da.take(x, indices, axis=axis)


MAIN: dict[str, Any] = {
    **_dtype_functions(),
    **_creation.WRAPPERS,
    **_blocks.WRAPPERS,
    **_complex.WRAPPERS,
    "broadcast_shapes": broadcast_shapes,
    "clip": clip,
    "concat": concat,
    "count_nonzero": count_nonzero,
    "cumulative_prod": cumulative_prod,
    "cumulative_sum": cumulative_sum,
    "diff": diff,
    "expand_dims": expand_dims,
    "isin": isin,
    "matmul": matmul,
    "matrix_transpose": matrix_transpose,
    "nonzero": nonzero,
    "reshape": reshape,
    "result_type": result_type,
    "roll": roll,
    "searchsorted": searchsorted,
    "std": std,
    "take": take,
    "tensordot": tensordot,
    "unstack": unstack,
    "var": var,
    "vecdot": vecdot,
}

# dask.array's own function under NumPy 1's name.
ALIASES: dict[str, str] = {
    "acos": "arccos", "acosh": "arccosh", "asin": "arcsin", "asinh": "arcsinh",
    "atan": "arctan", "atan2": "arctan2", "atanh": "arctanh",
    "bitwise_invert": "invert", "bitwise_left_shift": "left_shift",
    "bitwise_right_shift": "right_shift", "pow": "power", "permute_dims": "transpose",
}

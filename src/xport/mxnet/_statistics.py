"""Statistical functions and the other reductions: ``sum``, ``prod``, ``max``,
``min``, ``mean``, ``std``, ``var``, ``all``, ``any``, ``count_nonzero``,
``cumulative_sum``, ``cumulative_prod``, ``diff``.

Built on the shared axis-tuple reductions (``_common.reductions``): MXNet
reduces over one axis or all, sums booleans to float32, keeps integers in
means and variances, makes the product of no elements 0, and has no
``cumprod`` nor ``include_initial``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import mxnet as mx

from .._common.accumulation import accumulation_dtype_name
from .._common.axis_args import normalize_axes
from .._common.reductions import ShapeOps, make_reduction
from . import _info
from ._carriers import mv
from ._info import DTYPES, dtype_name
from ._operands import promoted
from ._shapes import sliced

Array = Any
DType = Any
_F = Callable[..., Any]
mnp: Any = mx.np


_SHAPES = ShapeOps(expand_last=lambda x: mv.expand_dims(x, -1), reshape=mnp.reshape,
                   permute=mv.transpose)


def _accumulation_dtype(x: Array) -> Any:
    """The standard's dtype of a sum or product of ``x``; int64 where that is
    uint64 (unsigned integers), which MXNet lacks: the values stay exact."""
    name = accumulation_dtype_name(dtype_name(x.dtype) or "float32",
                                   dtype_name(_info.default_dtype("integral")) or "int64")
    return DTYPES.get(name, DTYPES["int64"])


def _reduction(native: _F, name: str, doc: str, *, tuple_axes: bool = True,
               keepdims: bool = True, accumulate: bool = False) -> _F:
    reduce = make_reduction(native, _SHAPES, tuple_axes=tuple_axes, keepdims=keepdims)

    def reduction(x: Array, /, *, axis: int | tuple[int, ...] | None = None,
                  keepdims: bool = False, **options: Any) -> Array:
        if accumulate:
            dtype = options.get("dtype")
            if dtype is None:
                options["dtype"] = _accumulation_dtype(x)
        return reduce(x, axis, keepdims, **options)

    reduction.__name__ = reduction.__qualname__ = name
    reduction.__doc__ = doc
    return reduction


def _sum_like(native: _F, name: str) -> _F:
    inner = _reduction(native, name, "", accumulate=True)

    def accumulated(x: Array, /, *, axis: int | tuple[int, ...] | None = None,
                    dtype: DType | None = None, keepdims: bool = False) -> Array:
        if dtype is not None and DTYPES["uint8"] == dtype:
            # MXNet's sum and prod have no uint8 output: int64, wrapped back.
            return accumulated(x, axis=axis, dtype=DTYPES["int64"],
                               keepdims=keepdims).astype(dtype)
        shape = _reduced_shape(x, axis, keepdims)
        if 0 in shape:  # MXNet fails on an empty result ("Shape size mismatch 0 v.s. 1")
            return mnp.zeros(shape, dtype=_accumulation_dtype(x) if dtype is None else dtype,
                             ctx=x.ctx)
        if name == "prod" and x.size == 0:
            # MXNet's product of no elements is 0; the empty sum has the
            # result's shape and dtype, and the empty product is one more.
            return _SUM(x, axis=axis, keepdims=keepdims, dtype=dtype) + 1
        return inner(x, axis=axis, keepdims=keepdims, dtype=dtype)

    accumulated.__name__ = accumulated.__qualname__ = name
    accumulated.__doc__ = (
        f"The {name} of ``x`` over ``axis``.\n\nDeviations fixed: booleans and integers "
        "narrower than int64 accumulate in int64 (MXNet: float32 for booleans, the input's "
        "dtype for integers); ``axis=()`` reduces over no axis; the product of no elements "
        "is 1 (MXNet: 0); ``dtype=uint8`` accumulates in int64 and wraps (MXNet has no "
        "uint8 output). Deviation left: unsigned "
        "integers accumulate in int64, not uint64 (MXNet has no uint64).")
    return accumulated


def _reduced_shape(x: Array, axis: int | tuple[int, ...] | None, keepdims: bool
                   ) -> tuple[int, ...]:
    """The shape of a reduction of ``x`` over ``axis``."""
    axes = set(range(x.ndim) if axis is None else normalize_axes(
        (axis,) if isinstance(axis, int) else axis, x.ndim))
    return tuple(1 if i in axes else n for i, n in enumerate(x.shape)
                 if keepdims or i not in axes)


def _max_min(native: _F, name: str) -> _F:
    reduce = make_reduction(native, _SHAPES)

    def extreme(x: Array, /, *, axis: int | tuple[int, ...] | None = None,
                keepdims: bool = False) -> Array:
        return reduce(x, axis, keepdims)

    extreme.__name__ = extreme.__qualname__ = name
    extreme.__doc__ = (f"The {name}imum of ``x`` over ``axis``.\n\n"
                       "Deviation fixed: ``axis=()`` and tuples of axes.")
    return extreme


def _std_var(native: _F, name: str) -> _F:
    reduce = make_reduction(native, _SHAPES)
    variance = make_reduction(mnp.var, _SHAPES)

    def spread(x: Array, /, *, axis: int | tuple[int, ...] | None = None,
               correction: int | float = 0.0, keepdims: bool = False) -> Array:
        x = _floating(x)
        if float(correction).is_integer():
            return reduce(x, axis, keepdims, ddof=int(correction))
        # MXNet's ddof is an int: a fractional correction rescales the
        # population variance by n / (n - correction).
        axes = range(x.ndim) if axis is None else (axis,) if isinstance(axis, int) else axis
        n = math.prod(x.shape[a] for a in axes)
        scale = n / (n - correction) if n != correction else math.inf
        out = variance(x, axis, keepdims, ddof=0) * scale
        return mnp.sqrt(out) if name == "std" else out

    spread.__name__ = spread.__qualname__ = name
    spread.__doc__ = (f"The {'standard deviation' if name == 'std' else 'variance'} of ``x`` "
                      "over ``axis``.\n\nDeviations fixed: ``correction`` (MXNet's ``ddof``, "
                      "an int only), ``axis=()``, and integer or boolean ``x`` computed in the "
                      "default floating dtype (MXNet keeps integers).")
    return spread


def _floating(x: Array) -> Array:
    """``x``, or integer/boolean ``x`` in the default floating dtype (the
    standard leaves their statistics open; NumPy computes them in floating
    point, and xport does on every backend)."""
    if x.dtype.kind == "f":
        return x
    return x.astype(_info.default_dtype("real floating"))


def mean(x: Array, /, *, axis: int | tuple[int, ...] | None = None,
         keepdims: bool = False) -> Array:
    """The arithmetic mean of ``x`` over ``axis``: the sum over the count.

    Deviations fixed: MXNet's ``mean`` reduces over every axis for ``axis=()``;
    integer and boolean ``x`` give the default floating dtype, as NumPy's
    (MXNet keeps integers, and has no boolean kernel). Deviation left: MXNet's
    compensated sums make a sum (so a mean) of infinities of one sign NaN.
    """
    x = _floating(x)
    axes = range(x.ndim) if axis is None else (axis,) if isinstance(axis, int) else axis
    count = math.prod(x.shape[a] for a in axes)
    total = _SUM(x, axis=axis, keepdims=keepdims, dtype=x.dtype)
    return total / count if count else total * math.nan


def _logical_reduction(native: _F, name: str) -> _F:
    reduce = make_reduction(native, _SHAPES)

    def test(x: Array, /, *, axis: int | tuple[int, ...] | None = None,
             keepdims: bool = False) -> Array:
        return reduce(x, axis, keepdims)

    test.__name__ = test.__qualname__ = name
    test.__doc__ = (f"Whether {'all' if name == 'all' else 'any'} elements of ``x`` along "
                    "``axis`` are true.\n\nDeviation fixed: ``axis=()`` and tuples of axes.")
    return test


def count_nonzero(x: Array, /, *, axis: int | tuple[int, ...] | None = None,
                  keepdims: bool = False) -> Array:
    """The number of non-zero elements of ``x`` along ``axis`` (int64).

    Deviation fixed: MXNet's ``count_nonzero`` returns a NumPy scalar for
    ``axis=None`` (a host read); here it is a sum of ``x != 0``.
    """
    return _SUM(x != 0, axis=axis, keepdims=keepdims, dtype=DTYPES["int64"])


def _cumulative(native: _F, name: str) -> _F:

    def cumulative(x: Array, /, *, axis: int | None = None, dtype: DType | None = None,
                   include_initial: bool = False) -> Array:
        if axis is None:
            if x.ndim > 1:
                raise ValueError(f"{name}() needs axis= for arrays of more than one "
                                 "dimension")
            axis = 0
        if dtype is None:
            dtype = _accumulation_dtype(x)
        if x.ndim == 0:
            raise ValueError(f"{name}() needs an array of at least one dimension")
        # MXNet's cumsum fails on axis=-1 for some shapes (and wraps invalid ones).
        (axis,) = normalize_axes((axis,), x.ndim)
        out = native(x.astype(dtype, copy=False), axis=axis)
        if include_initial:
            shape = list(x.shape)
            shape[axis] = 1
            first = mnp.full(tuple(shape), 0 if name == "cumulative_sum" else 1, dtype=dtype,
                             ctx=x.ctx)
            out = mv.concatenate([first, out], axis=axis)
        return out

    cumulative.__name__ = cumulative.__qualname__ = name
    cumulative.__doc__ = (f"The cumulative {name.rpartition('_')[2]} of ``x`` along ``axis``."
                          "\n\nDeviations fixed: MXNet's name (``cumsum``), the standard's "
                          "accumulation dtype and ``include_initial``.")
    return cumulative


def _cumprod(x: Array, axis: int) -> Array:
    # MXNet has no cumprod: exp(cumsum(log|x|)) would lose exactness, so the
    # running product is built by a log-depth scan of multiplications.
    n = x.shape[axis]
    out = x
    step = 1
    while step < n:
        pad_shape = list(x.shape)
        pad_shape[axis] = step
        ones = mnp.ones(tuple(pad_shape), dtype=x.dtype, ctx=x.ctx)
        shifted = mv.concatenate([ones, sliced(out, axis, 0, n - step)], axis=axis)
        out = out * shifted
        step *= 2
    return out


def diff(x: Array, /, *, axis: int = -1, n: int = 1, prepend: Array | None = None,
         append: Array | None = None) -> Array:
    """The ``n``-th forward difference of ``x`` along ``axis``.

    Deviations fixed: ``prepend``/``append`` of another dtype promote first; a
    negative ``n`` or an axis out of range raise (MXNet has no ``diff`` of
    this form).
    """
    if n < 0:
        raise ValueError(f"diff(): n must be non-negative; got n={n}")
    (axis,) = normalize_axes((axis,), x.ndim)
    if n == 0:
        return x
    parts = [a for a in (prepend, x, append) if a is not None]
    if len(parts) > 1:
        x = mv.concatenate(promoted(parts), axis=axis)
    for _ in range(n):
        size = x.shape[axis]
        x = sliced(x, axis, 1, size) - sliced(x, axis, 0, size - 1)
    return x


_SUM = _sum_like(mnp.sum, "sum")


sum = _SUM  # noqa: A001 - the standard's names
prod = _sum_like(mnp.prod, "prod")
max = _max_min(mnp.max, "max")  # noqa: A001
min = _max_min(mnp.min, "min")  # noqa: A001
std = _std_var(mnp.std, "std")
var = _std_var(mnp.var, "var")
all = _logical_reduction(mnp.all, "all")  # noqa: A001
any = _logical_reduction(mnp.any, "any")  # noqa: A001
cumulative_sum = _cumulative(mnp.cumsum, "cumulative_sum")
cumulative_prod = _cumulative(_cumprod, "cumulative_prod")

"""Reductions, cumulative functions, ``count_nonzero`` and ``diff``.

TensorFlow's ``reduce_*`` functions already reduce over ``axis=None``, an int
or a tuple, and ``axis=()`` reduces nothing, so the wrappers fix dtypes only:
integers accumulate as the standard says (signed in ``int64``, unsigned in
``uint64``, ``bool`` in ``int64``), ``dtype=`` is honoured, and ``bool``
inputs (for which TensorFlow has no arithmetic kernels) are cast first.

``mean``, ``var`` and ``std`` of integer or ``bool`` input, which the standard
leaves unspecified, are computed in the default floating dtype (``float32``),
as NumPy, JAX and Dask compute them in theirs: ``tf.reduce_mean`` would
truncate (``mean([1, 2])`` would be ``1``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import tensorflow as tf

from .._common.accumulation import accumulation_dtype_name
from .._common.axis_args import normalize_axes
from ._constants import constant
from ._info import DEFAULT_FLOAT, DTYPES, dtype_name
from ._operands import COMPLEX, cast, dims, promote_all, rank

Array = Any
DType = Any
Axis = int | tuple[int, ...] | None


raw = tf.raw_ops


def reduction_axes(x: Array, axis: Axis) -> Array:
    """The axes to reduce as an ``int32`` tensor (cached), for the reduction
    kernels of ``tf.raw_ops``, which skip ``tf.reduce_*``'s Python (half the
    cost of a small reduction)."""
    if axis is None:
        r = x.shape.rank
        return tf.range(tf.rank(x)) if r is None else constant(tuple(range(r)), tf.int32, x)
    return constant(axis, tf.int32, x)


def accumulation_dtype(x: Array, dtype: DType | None) -> tf.DType:
    """The dtype a sum or product of ``x`` accumulates in (``dtype``, or the
    standard's default for ``x``'s dtype)."""
    if dtype is not None:
        return dtype
    name = dtype_name(x.dtype)
    return DTYPES[accumulation_dtype_name(name, "int64")] if name is not None else x.dtype


def sum(x: Array, /, *, axis: Axis = None, dtype: DType | None = None,  # noqa: A001
        keepdims: bool = False) -> Array:
    """Sum of ``x`` over ``axis``.

    Deviations fixed: ``tf.reduce_sum`` has no ``dtype`` and sums integers in
    their own dtype (the standard: ``int64``, or ``uint64`` for unsigned ones),
    and rejects ``bool`` tensors.
    """
    x = cast(x, accumulation_dtype(x, dtype))
    return raw.Sum(input=x, axis=reduction_axes(x, axis), keep_dims=bool(keepdims))


def prod(x: Array, /, *, axis: Axis = None, dtype: DType | None = None,
         keepdims: bool = False) -> Array:
    """Product of ``x`` over ``axis``.

    Deviations fixed: as for :func:`sum` (``tf.reduce_prod``).
    """
    x = cast(x, accumulation_dtype(x, dtype))
    return raw.Prod(input=x, axis=reduction_axes(x, axis), keep_dims=bool(keepdims))


def _floating(x: Array) -> Array:
    """``x``, in the default floating dtype when it is integral or ``bool``."""
    dtype = tf.as_dtype(x.dtype)  # NumPy input too, as tf.reduce_mean takes it
    return tf.cast(x, DEFAULT_FLOAT) if dtype.is_integer or dtype.is_bool else x


def mean(x: Array, /, *, axis: Axis = None, keepdims: bool = False) -> Array:
    """Arithmetic mean of ``x`` over ``axis``.

    Deviations fixed: ``tf.reduce_mean`` is TensorFlow's name (it conforms for
    floating-point tensors; ``axis=()`` returns ``x``), and it truncates the
    mean of integers; here integer and ``bool`` input is averaged in the
    default floating dtype (``float32``), as NumPy, JAX and Dask do in theirs.
    """
    x = _floating(x)
    return raw.Mean(input=x, axis=reduction_axes(x, axis), keep_dims=bool(keepdims))


def _count(x: Array, axis: Axis) -> Array:
    """The number of elements reduced over ``axis``, as a scalar."""
    shape = dims(x)
    axes = range(len(shape)) if axis is None else normalize_axes(
        (axis,) if isinstance(axis, int) else axis, len(shape), name="axis")
    n: Any = 1
    for a in axes:
        n = n * shape[a]
    return n


def var(x: Array, /, *, axis: Axis = None, correction: float = 0.0,
        keepdims: bool = False) -> Array:
    """Variance of ``x`` over ``axis``, with ``N - correction`` degrees of freedom.

    Deviation fixed: ``tf.math.reduce_variance`` has no ``correction``.
    Integer and ``bool`` input is computed in the default floating dtype (see
    :func:`mean`).
    """
    x = _floating(x)
    axes = reduction_axes(x, axis)
    centred = x - raw.Mean(input=x, axis=axes, keep_dims=True)
    squares = tf.math.real(centred * tf.math.conj(centred)) if x.dtype in COMPLEX else \
        tf.math.square(centred)
    total = raw.Sum(input=squares, axis=axes, keep_dims=bool(keepdims))
    n = tf.cast(_count(x, axis), total.dtype)
    return total / (n - tf.constant(np.asarray(correction, total.dtype.as_numpy_dtype)))


def std(x: Array, /, *, axis: Axis = None, correction: float = 0.0,
        keepdims: bool = False) -> Array:
    """Standard deviation of ``x`` over ``axis`` (see :func:`var`).

    Deviation fixed: ``tf.math.reduce_std`` has no ``correction``.
    """
    return tf.math.sqrt(var(x, axis=axis, correction=correction, keepdims=keepdims))


def max(x: Array, /, *, axis: Axis = None, keepdims: bool = False) -> Array:  # noqa: A001
    """Maximum of ``x`` over ``axis`` (NaN if any element is NaN).

    Deviation fixed: TensorFlow's name is ``tf.reduce_max``.
    """
    return raw.Max(input=x, axis=reduction_axes(x, axis), keep_dims=bool(keepdims))


def min(x: Array, /, *, axis: Axis = None, keepdims: bool = False) -> Array:  # noqa: A001
    """Minimum of ``x`` over ``axis`` (NaN if any element is NaN).

    Deviation fixed: TensorFlow's name is ``tf.reduce_min``.
    """
    return raw.Min(input=x, axis=reduction_axes(x, axis), keep_dims=bool(keepdims))


def truth(x: Array) -> Array:
    """``x != 0`` as ``bool`` (``x`` itself for ``bool``)."""
    return x if x.dtype == tf.bool else raw.NotEqual(x=x, y=constant(0, x.dtype, x))


def all(x: Array, /, *, axis: Axis = None, keepdims: bool = False) -> Array:  # noqa: A001
    """Whether every element of ``x`` over ``axis`` is true (non-zero).

    Deviation fixed: ``tf.reduce_all`` takes ``bool`` tensors only.
    """
    return raw.All(input=truth(x), axis=reduction_axes(x, axis), keep_dims=bool(keepdims))


def any(x: Array, /, *, axis: Axis = None, keepdims: bool = False) -> Array:  # noqa: A001
    """Whether any element of ``x`` over ``axis`` is true (non-zero).

    Deviation fixed: ``tf.reduce_any`` takes ``bool`` tensors only.
    """
    return raw.Any(input=truth(x), axis=reduction_axes(x, axis), keep_dims=bool(keepdims))


def count_nonzero(x: Array, /, *, axis: Axis = None, keepdims: bool = False) -> Array:
    """Number of non-zero elements of ``x`` over ``axis``, as ``int64``.

    Deviation fixed: ``tf.math.count_nonzero`` calls ``x`` ``input`` and is
    TensorFlow's name (its semantics conform).
    """
    counts = raw.Cast(x=truth(x), DstT=tf.int64)
    return raw.Sum(input=counts, axis=reduction_axes(x, axis), keep_dims=bool(keepdims))


def _cumulative(native: Callable[..., Array], initial: Callable[..., Array], name: str
                ) -> Callable[..., Array]:
    def cumulative(x: Array, /, *, axis: int | None = None, dtype: DType | None = None,
                   include_initial: bool = False) -> Array:
        if axis is None:
            if rank(x) != 1:
                raise ValueError(f"{name}() needs axis= for a {rank(x)}-d array")
            axis = 0
        (axis,) = normalize_axes((axis,), rank(x), name="axis")
        out = native(x=cast(x, accumulation_dtype(x, dtype)), axis=constant(axis, tf.int32, x))
        if include_initial:
            shape = dims(out)
            shape[axis] = 1
            out = tf.concat([initial(shape, dtype=out.dtype), out], axis=axis)
        return out

    cumulative.__name__ = cumulative.__qualname__ = name
    return cumulative


cumulative_sum = _cumulative(raw.Cumsum, tf.zeros, "cumulative_sum")
cumulative_sum.__doc__ = """Cumulative sum of ``x`` along ``axis``.

    Deviations fixed: TensorFlow's ``tf.math.cumsum`` has no ``dtype`` or
    ``include_initial``, accumulates integers in their own dtype and rejects
    ``bool``; here accumulation follows :func:`sum`.
    """
cumulative_prod = _cumulative(raw.Cumprod, tf.ones, "cumulative_prod")
cumulative_prod.__doc__ = """Cumulative product of ``x`` along ``axis``.

    Deviations fixed: as for :func:`cumulative_sum` (``tf.math.cumprod``).
    """


def diff(x: Array, /, *, axis: int = -1, n: int = 1, prepend: Array | None = None,
         append: Array | None = None) -> Array:
    """The ``n``-th forward difference along ``axis``, after joining ``prepend``
    and ``append``.

    Deviation fixed: TensorFlow has no ``diff``. A negative ``n`` raises
    ``ValueError``, as in NumPy.
    """
    if n < 0:
        raise ValueError(f"diff(): order n={n} is negative; pass n >= 0")
    (axis,) = normalize_axes((axis,), rank(x), name="axis")
    if n == 0:
        return x
    parts = [p for p in (prepend, x, append) if p is not None]
    if len(parts) > 1:
        x = tf.concat(promote_all(parts), axis=axis)
    head = [slice(None)] * rank(x)
    tail = list(head)
    head[axis], tail[axis] = slice(1, None), slice(None, -1)
    for _ in range(n):
        if x.dtype == tf.bool:
            x = tf.math.not_equal(x[tuple(head)], x[tuple(tail)])
        else:
            x = x[tuple(head)] - x[tuple(tail)]
    return x


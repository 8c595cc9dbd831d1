"""Indexing and searching functions: ``take``, ``take_along_axis``,
``nonzero``, ``where``, ``argmax``, ``argmin``, ``searchsorted``."""

from __future__ import annotations

from typing import Any

import tensorflow as tf

from .._common.axis_args import normalize_axes
from .._common.promotion import PYTHON_SCALARS
from ._constants import constant
from ._host import fixed_where_needed
from ._manipulation import broadcast_shapes, flattened
from ._operands import FLOATING, INDEX_DTYPES, dims, operand_pair, rank
from ._statistics import truth

Array = Any


def _indices(indices: Any, n: Any) -> Array:
    """``indices`` as int32/int64 with negative entries counted from the end
    of an axis of length ``n`` (on the CPU, eager indices with none are
    returned as they are: see ``_host``)."""
    indices = tf.convert_to_tensor(indices)
    dtype = indices.dtype
    if dtype not in INDEX_DTYPES:
        if not dtype.is_integer:
            raise TypeError(f"indices have dtype {dtype.name}; the standard takes "
                            "integer indices: cast them with astype")
        dtype = tf.int64
        indices = tf.raw_ops.Cast(x=indices, DstT=dtype)
    zero = constant(0, dtype, indices)

    def counted_from_the_end() -> Any:
        length = constant(n, dtype, indices) if type(n) is int else tf.raw_ops.Cast(x=n, DstT=dtype)
        return tf.raw_ops.SelectV2(condition=tf.raw_ops.Less(x=indices, y=zero),
                                   t=tf.raw_ops.AddV2(x=indices, y=length), e=indices)

    return fixed_where_needed(
        indices, lambda values: values.size > 0 and values.min() < 0,
        lambda: tf.raw_ops.Less(x=tf.reduce_min(indices), y=zero), counted_from_the_end)


def take(x: Array, indices: Array, /, *, axis: int | None = None) -> Array:
    """Elements of ``x`` at ``indices`` along ``axis`` (``x`` must be 1-D when
    ``axis`` is None).

    Deviation fixed: ``tf.gather`` rejects negative indices on CPU (2024.12
    counts them from the end); they are shifted by the axis length.
    """
    if axis is None:
        if rank(x) != 1:
            raise ValueError(f"take(): axis=None needs a 1-d array, got {rank(x)}-d; "
                             "pass axis=")
        axis = 0
    (axis,) = normalize_axes((axis,), rank(x), name="axis")
    return tf.raw_ops.GatherV2(params=x, indices=_indices(indices, dims(x)[axis]),
                               axis=constant(axis, tf.int32, x))


def take_along_axis(x: Array, indices: Array, /, *, axis: int = -1) -> Array:
    """Elements of ``x`` at ``indices`` along ``axis``, matched elementwise on
    the other axes (which broadcast).

    Deviation fixed: TensorFlow has no ``take_along_axis``; this is
    ``tf.gather`` with batch dimensions, negative indices counted from the end.
    """
    n = rank(x)
    if rank(indices) != n:
        raise ValueError(f"take_along_axis(): indices need {n} dimensions like x, got "
                         f"{rank(indices)}")
    (axis,) = normalize_axes((axis,), n, name="axis")
    last = n - 1
    if axis != last:
        order = [i for i in range(n) if i != axis] + [axis]
        x, indices = tf.transpose(x, order), tf.transpose(indices, order)
    indices = _indices(indices, dims(x)[-1])
    batch = broadcast_shapes(tuple(x.shape.as_list()[:-1]), tuple(indices.shape.as_list()[:-1]))
    if all(b is not None for b in batch):
        if tuple(x.shape.as_list()[:-1]) != batch:
            x = tf.broadcast_to(x, [*batch, dims(x)[-1]])
        if tuple(indices.shape.as_list()[:-1]) != batch:
            indices = tf.broadcast_to(indices, [*batch, dims(indices)[-1]])
    out = tf.gather(x, indices, axis=last, batch_dims=last)
    if axis != last:
        inverse = [*range(axis), last, *range(axis, last)]
        out = tf.transpose(out, inverse)
    return out


def nonzero(x: Array, /) -> tuple[Array, ...]:
    """Indices of the non-zero elements of ``x``, one ``int64`` array per axis,
    in row-major order.

    Deviations fixed: ``tf.where(x)`` returns one 2-d tensor of coordinates and
    accepts 0-d input (the standard: ``ValueError``).
    """
    n = rank(x)
    if n == 0:
        raise ValueError("nonzero() needs an array with at least one dimension")
    return tuple(tf.unstack(tf.where(truth(x)), num=n, axis=1))


def where(condition: Array, x1: Array | complex, x2: Array | complex, /) -> Array:
    """Elements of ``x1`` where ``condition`` is true, else of ``x2`` (all three
    broadcast).

    Deviations fixed: ``tf.where`` needs ``x1`` and ``x2`` of one dtype (here
    the standard's promotion applies, Python scalars included) and a ``bool``
    condition.
    """
    if type(x1) in PYTHON_SCALARS and type(x2) in PYTHON_SCALARS:
        raise TypeError("where(): at least one of x1 and x2 must be an array")
    x1, x2 = operand_pair(x1, x2)
    return tf.where(truth(condition), x1, x2)


def _arg(native: Any, name: str) -> Any:
    def arg(x: Array, /, *, axis: int | None = None, keepdims: bool = False) -> Array:
        n = rank(x)
        flat = axis is None
        if axis is None:
            data, axis_ = flattened(x), 0
        else:
            (axis_,) = normalize_axes((axis,), n, name="axis")
            data = x
        dimension = constant(axis_, tf.int32, data)
        out = native(input=data, dimension=dimension, output_type=tf.int64)
        if data.dtype in FLOATING:
            # TensorFlow skips NaNs; the standard (like NumPy) finds the first one.
            nans = tf.raw_ops.IsNan(x=data)
            first_nan = tf.raw_ops.ArgMax(input=nans, dimension=dimension,
                                          output_type=tf.int64)
            out = tf.raw_ops.SelectV2(condition=tf.raw_ops.Any(input=nans, axis=dimension),
                                      t=first_nan, e=out)
        if keepdims:
            out = (tf.raw_ops.Reshape(tensor=out, shape=constant((1,) * n, tf.int32, out)) if flat
                   else tf.raw_ops.ExpandDims(input=out, axis=dimension))
        return out

    arg.__name__ = arg.__qualname__ = name
    return arg


argmax = _arg(tf.raw_ops.ArgMax, "argmax")
argmax.__doc__ = """Index of the first maximum of ``x`` along ``axis`` (of the
    flattened ``x`` for ``None``), as ``int64``.

    Deviations fixed: ``tf.math.argmax`` has no ``keepdims`` and no ``axis=None``
    (it reduces axis 0), and it skips NaNs (the standard, like NumPy: the first
    NaN is the maximum).
    """
argmin = _arg(tf.raw_ops.ArgMin, "argmin")
argmin.__doc__ = """Index of the first minimum of ``x`` along ``axis`` (see
    :func:`argmax`).

    Deviations fixed: as for :func:`argmax`.
    """


def searchsorted(x1: Array, x2: Array | complex, /, *, side: str = "left",
                 sorter: Array | None = None) -> Array:
    """Indices where the elements of ``x2`` would be inserted into the sorted 1-d
    ``x1`` to keep it sorted (``int64``, of ``x2``'s shape).

    Deviations fixed: ``tf.searchsorted`` searches along the last axis of
    same-shaped batches and needs one dtype; here ``x1`` is 1-d, ``x2`` any
    shape or a Python scalar (2025.12), ``sorter`` is supported and the dtypes
    promote.
    """
    if side not in ("left", "right"):
        raise ValueError(f"searchsorted(): side must be 'left' or 'right', got {side!r}")
    if rank(x1) != 1:
        raise ValueError(f"searchsorted(): x1 must be 1-d, got {rank(x1)}-d")
    if sorter is not None:
        x1 = tf.gather(x1, sorter)
    x1, x2 = operand_pair(x1, x2)
    values = tf.reshape(x2, [1, -1])
    out = tf.searchsorted(x1[None, :], values, side=side, out_type=tf.int64)
    return tf.reshape(out, tf.shape(x2))

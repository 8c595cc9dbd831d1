"""The matrix and vector products of the main namespace (``linalg`` has them
too).

TensorFlow's ``matmul`` needs operands of one dtype and rank 2 or more, and has
no kernel for ``int8``, ``int16`` or unsigned integers: those are multiplied
in a wider integer (``int32``, or ``int64`` for ``uint32``/``uint64``) and
cast back, which keeps the low bits (the standard's wrap-around).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import tensorflow as tf

from .._common.axis_args import normalize_axes
from ._operands import COMPLEX, operand_pair, rank

Array = Any

_WIDER = {tf.int8: tf.int32, tf.int16: tf.int32, tf.uint8: tf.int32, tf.uint16: tf.int32,
          tf.uint32: tf.int64, tf.uint64: tf.int64, tf.bool: tf.int32}


def _widened(x1: Array, x2: Array) -> tuple[Array, Array, tf.DType | None]:
    wide = _WIDER.get(x1.dtype)
    if wide is None:
        return x1, x2, None
    return tf.cast(x1, wide), tf.cast(x2, wide), x1.dtype


def matmul(x1: Array, x2: Array, /) -> Array:
    """Matrix product of ``x1`` and ``x2`` (stacks broadcast; a 1-d operand is a
    vector, its axis dropped from the result).

    Deviations fixed: ``tf.linalg.matmul`` needs operands of one dtype (they
    promote here) and rank 2 or more, and has no kernel for small or unsigned
    integers (see the module).
    """
    x1, x2 = operand_pair(x1, x2)
    n1, n2 = rank(x1), rank(x2)
    if n1 == 0 or n2 == 0:
        raise ValueError("matmul() does not take 0-d arrays; use multiply()")
    a = x1[None, :] if n1 == 1 else x1
    b = x2[:, None] if n2 == 1 else x2
    if a.shape[-1] is not None and b.shape[-2] is not None and a.shape[-1] != b.shape[-2]:
        raise ValueError(f"matmul(): the inner dimensions {a.shape[-1]} and {b.shape[-2]} of "
                         f"shapes {tuple(x1.shape)} and {tuple(x2.shape)} differ")
    a, b, back = _widened(a, b)
    out = tf.linalg.matmul(a, b)
    if n1 == 1:
        out = tf.squeeze(out, -2)
    if n2 == 1:
        out = tf.squeeze(out, -1)
    return out if back is None else tf.cast(out, back)


def tensordot(x1: Array, x2: Array, /, *,
              axes: int | tuple[Sequence[int], Sequence[int]] = 2) -> Array:
    """Sum of products of ``x1`` and ``x2`` over the last ``axes`` axes of ``x1``
    and the first of ``x2``, or over the axes listed in the pair ``axes``.

    Deviations fixed: ``tf.tensordot`` needs operands of one dtype (they promote
    here) and has no kernel for small or unsigned integers (see the module).
    """
    x1, x2 = operand_pair(x1, x2)
    if not isinstance(axes, int):
        first = normalize_axes(list(axes[0]), rank(x1), name="axes")
        second = normalize_axes(list(axes[1]), rank(x2), name="axes")
        axes = (list(first), list(second))
    x1, x2, back = _widened(x1, x2)
    out = tf.tensordot(x1, x2, axes=axes)
    return out if back is None else tf.cast(out, back)


def vecdot(x1: Array, x2: Array, /, *, axis: int = -1) -> Array:
    """Dot product of vectors along ``axis``, the first operand conjugated; the
    other axes broadcast.

    Deviation fixed: TensorFlow has no ``vecdot``; this is
    ``sum(conj(x1) * x2, axis)``. Vectors of different lengths raise
    ``ValueError``.
    """
    x1, x2 = operand_pair(x1, x2)
    ndim = max(rank(x1), rank(x2))
    (axis,) = normalize_axes((axis,), ndim, name="axis")
    axis -= ndim  # counted from the end: the operands broadcast against each other
    shape1 = [1] * (ndim - rank(x1)) + x1.shape.as_list()
    shape2 = [1] * (ndim - rank(x2)) + x2.shape.as_list()
    n1, n2 = shape1[axis], shape2[axis]
    if n1 is not None and n2 is not None and n1 != n2:
        raise ValueError(f"vecdot(): the vectors along axis {axis} have lengths {n1} and {n2}")
    if x1.dtype in COMPLEX:
        x1 = tf.math.conj(x1)
    return tf.reduce_sum(x1 * x2, axis=axis)


"""``sort`` and ``argsort``: stable, with NaNs last (first when descending,
as a stable descending sort of NumPy's ascending order puts them).

``tf.sort``/``tf.argsort`` misplace NaNs (and the elements after them) in
ascending order, so floating-point tensors are sorted by an integer key: the
IEEE-754 bits turned into a monotone signed integer, with ``-0`` folded into
``+0`` (they compare equal) and every NaN made the largest value. Integers
sort by value. The values of ``sort`` are gathered from ``x``, so they keep
their signs of zero and NaN payloads.
"""

from __future__ import annotations

from typing import Any

import tensorflow as tf

from .._common.axis_args import normalize_axes
from ._indexing import take_along_axis
from ._operands import FLOATING, SIGN_INT, rank

Array = Any

_MAGNITUDE = {tf.int32: 0x7FFFFFFF, tf.int64: 0x7FFFFFFFFFFFFFFF}


def _key(x: Array) -> Array:
    if x.dtype not in FLOATING:
        return x
    # x + 0 turns -0 into +0 (a tensor zero: Python's 0.0 may come back as -0.0
    # from TensorFlow's cache of converted scalars).
    canonical = tf.where(tf.math.is_nan(x), tf.constant(float("nan"), x.dtype),
                         x + tf.zeros((), x.dtype))
    int_dtype = SIGN_INT[x.dtype]
    bits = tf.bitcast(canonical, int_dtype)
    flipped = tf.bitwise.bitwise_xor(bits, tf.constant(_MAGNITUDE[int_dtype], int_dtype))
    return tf.where(bits < 0, flipped, bits)


def argsort(x: Array, /, *, axis: int = -1, descending: bool = False,
            stable: bool = True) -> Array:
    """Indices (``int64``) that sort ``x`` along ``axis``; equal elements keep
    their order (also when descending).

    Deviations fixed: ``tf.argsort`` misorders NaNs (see the module) and returns
    ``int32``; sorting is always stable here.
    """
    (axis,) = normalize_axes((axis,), rank(x), name="axis")
    out = tf.argsort(_key(x), axis=axis, direction="DESCENDING" if descending else "ASCENDING",
                     stable=True)
    return tf.cast(out, tf.int64)


def sort(x: Array, /, *, axis: int = -1, descending: bool = False,
         stable: bool = True) -> Array:
    """``x`` sorted along ``axis``; NaNs sort as the largest values.

    Deviation fixed: ``tf.sort`` misorders NaNs (see the module).
    """
    if x.dtype not in FLOATING:
        (axis,) = normalize_axes((axis,), rank(x), name="axis")
        return tf.sort(x, axis=axis, direction="DESCENDING" if descending else "ASCENDING")
    return take_along_axis(x, argsort(x, axis=axis, descending=descending), axis=axis)

"""``sort`` and ``argsort``: stable, with NaNs last (first when descending,
as a stable descending sort of NumPy's ascending order puts them).

``tf.sort``/``tf.argsort`` misplace NaNs (and the elements after them) in
ascending order and cost ~200 us of Python per call. Both are built here on
the kernel under them, ``TopKV2`` over the whole last axis: a stable sort,
descending (equal keys keep their order). Floating-point tensors are sorted
by an integer key, the IEEE-754 bits turned into a monotone signed integer
with ``-0`` folded into ``+0`` (they compare equal) and every NaN made the
largest value; integers sort by value; the bitwise complement of a key
reverses its order exactly, which gives the ascending sort. The values of
``sort`` are gathered from ``x``, so they keep their signs of zero and NaN
payloads.
"""

from __future__ import annotations

from typing import Any

import tensorflow as tf

from .._common.axis_args import normalize_axes
from ._constants import NAN, constant
from ._operands import FLOATING, SIGN_INT, dims, rank

Array = Any

raw = tf.raw_ops


def _monotone_bits(x: Array) -> Array:
    """Integers ordered as the floats ``x`` (``-0 == +0``, NaNs largest)."""
    int_dtype = SIGN_INT[x.dtype]
    # Every NaN becomes the same positive NaN, whose bits exceed infinity's.
    canonical = raw.SelectV2(condition=raw.IsNan(x=x), t=constant(NAN, x.dtype, x), e=x)
    bits = raw.Bitcast(input=canonical, type=int_dtype)
    # A negative float's bits are the minimum plus its magnitude: the minimum
    # minus them is minus the magnitude, which orders negative floats and maps
    # -0 onto +0's zero. (Integer arithmetic: a graph optimizer may drop a
    # float x + 0, which would keep -0.)
    return raw.SelectV2(condition=raw.Less(x=bits, y=constant(0, int_dtype, bits)),
                        t=raw.Sub(x=constant(int_dtype.min, int_dtype, bits), y=bits),
                        e=bits)


def _order_on_last_axis(x: Array, descending: bool) -> Array:
    """The ``int64`` positions that stably sort ``x`` along its last axis."""
    if x.dtype in FLOATING:
        key = _monotone_bits(x)
    elif x.dtype == tf.bool:
        key = raw.Cast(x=x, DstT=tf.int8)
    else:
        key = x
    if not descending:
        key = raw.Invert(x=key)
    n = dims(x)[-1]
    k = constant(n, tf.int32, x) if type(n) is int else n
    return raw.TopKV2(input=key, k=k, sorted=True, index_type=tf.int64).indices


def _along(x: Array, axis: int, descending: bool, values: bool) -> Array:
    """Sorted values (or the sorting positions) of ``x`` along ``axis``."""
    last = rank(x) - 1
    (axis,) = normalize_axes((axis,), last + 1, name="axis")
    if axis != last:
        order = [i for i in range(last + 1) if i != axis] + [axis]
        x = raw.Transpose(x=x, perm=constant(tuple(order), tf.int32, x))
    out = _order_on_last_axis(x, descending)
    if values:
        out = raw.GatherV2(params=x, indices=out, axis=constant(last, tf.int32, x),
                           batch_dims=last)
    if axis != last:
        inverse = (*range(axis), last, *range(axis, last))
        out = raw.Transpose(x=out, perm=constant(inverse, tf.int32, out))
    return out


def argsort(x: Array, /, *, axis: int = -1, descending: bool = False,
            stable: bool = True) -> Array:
    """Indices (``int64``) that sort ``x`` along ``axis``; equal elements keep
    their order (also when descending).

    Deviations fixed: ``tf.argsort`` misorders NaNs (see the module) and returns
    ``int32``; sorting is always stable here.
    """
    return _along(x, axis, descending, values=False)


def sort(x: Array, /, *, axis: int = -1, descending: bool = False,
         stable: bool = True) -> Array:
    """``x`` sorted along ``axis``; NaNs sort as the largest values.

    Deviation fixed: ``tf.sort`` misorders NaNs (see the module).
    """
    return _along(x, axis, descending, values=True)

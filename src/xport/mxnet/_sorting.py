"""``sort`` and ``argsort``: MXNet sorts ascending only, its argsort orders
ties arbitrarily, and its sort fails on ``axis=-1`` for some shapes.
"""

from __future__ import annotations

from typing import Any

import mxnet as mx

from .._common.axis_args import normalize_axes
from ._carriers import mv
from ._shapes import sliced

Array = Any
mnp: Any = mx.np


def sort(x: Array, /, *, axis: int = -1, descending: bool = False,
         stable: bool = True) -> Array:
    """Sort ``x`` along ``axis``.

    Deviation fixed: ``descending`` (MXNet sorts ascending only). Equal
    elements are indistinguishable in a sort of values, so stability is moot.
    """
    if x.ndim == 0:
        return x.copy()
    (axis,) = normalize_axes((axis,), x.ndim)  # MXNet's sort fails on axis=-1 for some shapes
    if not descending:
        return mv.sort(x, axis=axis)
    return mv.flip(mv.sort(x, axis=axis), axis=axis)


def argsort(x: Array, /, *, axis: int = -1, descending: bool = False,
            stable: bool = True) -> Array:
    """Indices that sort ``x`` along ``axis``, stably.

    Deviations fixed: ``descending``, and stability (MXNet's argsort orders
    ties arbitrarily): after MXNet's sort, runs of equal values are numbered
    and the indices re-sorted by (run, original position), a key below 2**53
    for any axis MXNet can hold. NaNs are each their own run.
    """
    if x.ndim == 0 or x.size == 0:
        return mnp.zeros(x.shape, dtype="int64", ctx=x.ctx)
    (axis,) = normalize_axes((axis,), x.ndim)
    n = x.shape[axis]
    order = mnp.argsort(x, axis=axis)
    ranked = mv.take_along_axis(x, order, axis)
    first_shape = (*x.shape[:axis], 1, *x.shape[axis + 1:])
    new_run = mv.concatenate([mnp.ones(first_shape, dtype="bool", ctx=x.ctx),
                               sliced(ranked, axis, 1, n) != sliced(ranked, axis, 0, n - 1)],
                              axis=axis)
    run = mnp.cumsum(new_run.astype("int64"), axis=axis).astype("float64")
    if descending:
        run = n - run
    key = run * n + order.astype("float64")
    return mv.take_along_axis(order, mnp.argsort(key, axis=axis), axis)

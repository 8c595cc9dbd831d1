"""Manipulation functions where MXNet deviates from the standard: ``concat``,
``stack``, ``unstack``, ``expand_dims``, ``squeeze``, ``reshape``,
``permute_dims``, ``flip``, ``roll``, ``repeat``, ``tile``, ``moveaxis``,
``broadcast_to``, ``broadcast_arrays``.

MXNet has no boolean kernels for data movement (booleans travel as uint8, see
``_carriers``), joins arrays of one dtype only, and lacks keywords and axis
forms the standard has.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import mxnet as mx
import numpy as np

from .._common.axis_args import normalize_axes
from .._common.tuples import make_broadcast_arrays
from ._carriers import mv
from ._operands import promoted
from ._shapes import broadcast_shapes

Array = Any
_F = Callable[..., Any]
mnp: Any = mx.np


_broadcast_arrays = make_broadcast_arrays(mnp.broadcast_arrays)


def broadcast_arrays(*arrays: Array) -> tuple[Array, ...]:
    """Broadcast ``arrays`` against each other.

    Deviations fixed: MXNet returns a list (2025.12: a tuple), and shapes that
    do not broadcast raise :func:`broadcast_shapes`' ``ValueError`` with
    NumPy's words ("cannot be broadcast"), which code written on
    array-api-compat matches, instead of MXNet's own message.
    """
    broadcast_shapes(*(tuple(a.shape) for a in arrays))
    return _broadcast_arrays(*arrays)


def concat(arrays: tuple[Array, ...] | list[Array], /, *, axis: int | None = 0) -> Array:
    """Join ``arrays`` along ``axis`` (``None``: flattened).

    Deviation fixed: MXNet rejects arrays of different dtypes; they promote
    by the standard's rules.
    """
    return mv.concatenate(promoted(arrays), axis=axis)


def stack(arrays: tuple[Array, ...] | list[Array], /, *, axis: int = 0) -> Array:
    """Join ``arrays`` along a new ``axis``.

    Deviation fixed: MXNet rejects arrays of different dtypes; they promote
    by the standard's rules.
    """
    return mv.stack(promoted(arrays), axis=axis)


def flip(x: Array, /, *, axis: int | tuple[int, ...] | None = None) -> Array:
    """``x`` with the order of elements reversed along ``axis`` (None: every axis).

    Deviations fixed: MXNet's ``flip`` rejects negative axes and booleans.
    """
    if x.ndim == 0:
        return x.copy()
    axes = tuple(range(x.ndim)) if axis is None else (
        (axis,) if isinstance(axis, int) else axis)
    return mv.flip(x, axis=normalize_axes(axes, x.ndim))


def roll(x: Array, /, shift: int | tuple[int, ...], *,
         axis: int | tuple[int, ...] | None = None) -> Array:
    """``x`` with elements shifted by ``shift`` along ``axis`` (None: flattened).

    Deviations fixed: MXNet's ``roll`` rejects negative axes of empty arrays
    and booleans.
    """
    if axis == ():
        return x.copy()
    if axis is not None and x.ndim:
        axis = (normalize_axes((axis,), x.ndim)[0] if isinstance(axis, int)
                else normalize_axes(axis, x.ndim))
    return mv.roll(x, shift, axis=axis)


def unstack(x: Array, /, *, axis: int = 0) -> tuple[Array, ...]:
    """Split ``x`` along ``axis`` into a tuple of arrays.

    Deviation fixed: MXNet has no ``unstack`` (and its ``moveaxis`` crashes the
    process on an axis out of range: checked here first).
    """
    (axis,) = normalize_axes((axis,), x.ndim)
    moved = mv.moveaxis(x, axis, 0)
    return tuple(moved[i] for i in range(moved.shape[0]))


def expand_dims(x: Array, /, axis: int | tuple[int, ...] = 0) -> Array:
    """``x`` with new axes of length one at ``axis``.

    Deviations fixed: MXNet takes one int axis; a tuple adds the axes in order
    of their final positions; an axis outside the result raises ``IndexError``.
    """
    axes = (axis,) if isinstance(axis, int) else axis
    ndim = x.ndim + len(axes)
    for a in axes:
        if not -ndim <= a < ndim:
            raise IndexError(f"expand_dims(): axis {a} is out of range for the "
                             f"{ndim}-dimensional result")
    positions = sorted(a % ndim for a in axes)
    if len(set(positions)) != len(positions):
        raise ValueError(f"expand_dims(): axis {axis!r} repeats an axis")
    for position in positions:
        x = mv.expand_dims(x, position)
    return x


def squeeze(x: Array, /, axis: int | tuple[int, ...]) -> Array:
    """``x`` without the axes ``axis`` (each of length one).

    Deviation fixed: an axis whose length is not one raises ``ValueError``.
    """
    axes = (axis,) if isinstance(axis, int) else axis
    for a in axes:
        if x.shape[a] != 1:
            raise ValueError(f"squeeze(): axis {a} has length {x.shape[a]}, not 1")
    return mv.squeeze(x, axis=axis) if axes else x


def reshape(x: Array, /, shape: tuple[int, ...], *, copy: bool | None = None) -> Array:
    """Reshape ``x`` to ``shape``.

    Deviation fixed: MXNet's ``reshape`` has no ``copy``; ``copy=True`` copies
    first; ``copy=False`` is allowed (MXNet reshapes contiguous arrays, which
    all of its arrays are, without copying).
    """
    return mnp.reshape(x.copy() if copy else x, shape)


def permute_dims(x: Array, /, axes: tuple[int, ...]) -> Array:
    """``x`` with its axes permuted (``mxnet.numpy.transpose``)."""
    return mv.transpose(x, axes)


def repeat(x: Array, repeats: int | Array, /, *, axis: int | None = None) -> Array:
    """Repeat each element of ``x`` ``repeats`` times along ``axis``.

    Deviation fixed: MXNet takes an int ``repeats`` only; an array of counts
    is read on the host (its values decide the result's shape).
    """
    if isinstance(repeats, int):
        if (x.size == 0 or repeats == 0) and axis is not None:  # MXNet flattens these
            shape = list(x.shape)
            shape[axis] *= repeats
            return mnp.zeros(tuple(shape), dtype=x.dtype, ctx=x.ctx)
        return mv.repeat(x, repeats, axis=axis)
    counts = repeats.asnumpy().tolist()
    if axis is None:
        x, axis = x.reshape(-1), 0
    if len(counts) == 1:
        return repeat(x, int(counts[0]), axis=axis)
    index = mnp.array(np.repeat(np.arange(len(counts)), counts), dtype="int64", ctx=x.ctx)
    return mv.take(x, index, axis=axis)


def _moved(name: str) -> _F:
    moved: _F = getattr(mv, name)
    moved.__doc__ = (f"``mxnet.numpy.{name}``, for boolean arrays too.\n\nDeviation "
                     "fixed: MXNet has no boolean kernel for it; booleans travel as "
                     "uint8.")
    return moved


tile = _moved("tile")
moveaxis = _moved("moveaxis")
broadcast_to = _moved("broadcast_to")

"""Manipulation functions with the standard's signatures and semantics.

Axis arguments are checked on the static rank (known inside ``tf.function``
whenever the input signature gives one); dimensions may be unknown (``None``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import tensorflow as tf

from .._common.axis_args import new_axis_positions, normalize_axes
from .._common.copying import make_reshape
from ._constants import constant
from ._copy import deep_copy
from ._operands import dims, promote_all, rank

Array = Any


def flattened(x: Array) -> Array:
    """``x`` as a 1-d tensor (``x`` itself when it is one)."""
    if x.shape.rank == 1:
        return x
    return tf.raw_ops.Reshape(tensor=x, shape=constant((-1,), tf.int32, x))


def broadcast_shapes(*shapes: tuple[int | None, ...]) -> tuple[int | None, ...]:
    """The shape that ``shapes`` broadcast to (``None`` entries are unknown
    dimensions).

    Deviation fixed: TensorFlow has ``tf.broadcast_static_shape`` for two
    ``TensorShape`` objects only; incompatible shapes raise ``ValueError``.
    """
    ndim = max((len(s) for s in shapes), default=0)
    out: list[int | None] = [1] * ndim
    for shape in shapes:
        for i, n in enumerate(shape, ndim - len(shape)):
            have = out[i]
            if n in (1, have):
                continue
            if have == 1 or (have is None and n is not None):
                out[i] = n
            elif n is None:
                continue
            else:
                # NumPy's words ("cannot be broadcast"), which code written on
                # array-api-compat matches.
                raise ValueError(f"shapes {', '.join(map(str, shapes))} cannot be broadcast "
                                 f"to a single shape: {have} and {n} at axis {i - ndim}")
    return tuple(out)


def _broadcast_shape_of(arrays: Sequence[Array]) -> Any:
    static = broadcast_shapes(*(tuple(a.shape.as_list()) for a in arrays))
    if all(n is not None for n in static):
        return static
    shape = tf.shape(arrays[0])
    for a in arrays[1:]:
        shape = tf.broadcast_dynamic_shape(shape, tf.shape(a))
    return shape


def broadcast_arrays(*arrays: Array) -> tuple[Array, ...]:
    """``arrays`` broadcast against each other, as a tuple.

    Deviation fixed: TensorFlow has no ``broadcast_arrays``.
    """
    if not arrays:
        return ()
    shape = _broadcast_shape_of(arrays)
    return tuple(tf.broadcast_to(a, shape) for a in arrays)


def concat(arrays: tuple[Array, ...] | list[Array], /, *, axis: int | None = 0) -> Array:
    """Join ``arrays`` along ``axis``; ``axis=None`` joins them flattened.

    Deviations fixed: ``tf.concat`` needs one dtype (here the standard's
    promotion applies) and takes no ``axis=None``.
    """
    tensors = promote_all(arrays)
    if axis is None:
        tensors, axis = [flattened(a) for a in tensors], 0
    if len(tensors) == 1:  # ConcatV2 needs two; tf.concat returns the one as is
        return tf.identity(tensors[0])
    return tf.raw_ops.ConcatV2(values=tensors, axis=constant(axis, tf.int32, tensors[0]))


def stack(arrays: tuple[Array, ...] | list[Array], /, *, axis: int = 0) -> Array:
    """Join ``arrays`` along a new axis ``axis``.

    Deviation fixed: ``tf.stack`` needs one dtype (here the standard's
    promotion applies).
    """
    return tf.stack(promote_all(arrays), axis=axis)


def expand_dims(x: Array, /, axis: int | tuple[int, ...] = 0) -> Array:
    """``x`` with new axes of length one at the positions ``axis`` (in the
    result's numbering).

    Deviation fixed: ``tf.expand_dims`` takes a single int; 2025.12 allows a
    tuple. An axis out of range raises ``IndexError``.
    """
    for position in sorted(new_axis_positions(axis, rank(x))):
        x = tf.expand_dims(x, position)
    return x


def flip(x: Array, /, *, axis: int | tuple[int, ...] | None = None) -> Array:
    """Reverse the order of elements along ``axis`` (every axis for ``None``).

    Deviation fixed: TensorFlow's ``tf.reverse`` needs a list of axes.
    """
    n = rank(x)
    axes = tuple(range(n)) if axis is None else (axis,) if isinstance(axis, int) else axis
    axes = normalize_axes(axes, n, name="axis")
    return tf.reverse(x, axes) if axes else tf.identity(x)


def moveaxis(x: Array, source: int | tuple[int, ...], destination: int | tuple[int, ...],
             /) -> Array:
    """``x`` with the axes ``source`` moved to the positions ``destination``.

    Deviation fixed: TensorFlow has no ``moveaxis`` (outside
    ``tf.experimental.numpy``); this is ``tf.transpose``.
    """
    n = rank(x)
    src = normalize_axes((source,) if isinstance(source, int) else source, n, name="source")
    dst = normalize_axes((destination,) if isinstance(destination, int) else destination, n,
                         name="destination")
    if len(src) != len(dst):
        raise ValueError("moveaxis(): source and destination need the same number of axes")
    order = [i for i in range(n) if i not in src]
    for d, s in sorted(zip(dst, src, strict=True)):
        order.insert(d, s)
    return tf.transpose(x, order)


def permute_dims(x: Array, /, axes: tuple[int, ...]) -> Array:
    """``x`` with its axes permuted: output axis ``i`` is input axis ``axes[i]``
    (negative axes count from the end, 2025.12).

    Deviation fixed: ``tf.transpose`` calls ``axes`` ``perm``.
    """
    perm = normalize_axes(axes, rank(x), name="axes")
    if sorted(perm) != list(range(len(perm))) or len(perm) != rank(x):
        raise ValueError(f"permute_dims(): {axes!r} is not a permutation of the "
                         f"{rank(x)} axes")
    return tf.transpose(x, perm)


def _as_int16(x: Array) -> Array:
    return tf.bitcast(x, tf.int16) if x.dtype == tf.uint16 else x


def _back(out: Array, dtype: tf.DType) -> Array:
    return tf.bitcast(out, tf.uint16) if dtype == tf.uint16 else out


def repeat(x: Array, repeats: int | Array, /, *, axis: int | None = None) -> Array:
    """Repeat each element of ``x`` ``repeats`` times along ``axis`` (of the
    flattened ``x`` for ``None``).

    Deviations fixed: ``tf.repeat`` takes ``int32``/``int64`` counts only (others
    are cast) and has no ``uint16`` kernel (those repeat as ``int16`` bits).
    """
    if isinstance(repeats, (tf.Tensor, tf.Variable)) and repeats.dtype not in (tf.int32,
                                                                             tf.int64):
        repeats = tf.cast(repeats, tf.int64)
    return _back(tf.repeat(_as_int16(x), repeats, axis=axis), x.dtype)


def tile(x: Array, repetitions: tuple[int, ...], /) -> Array:
    """``x`` repeated ``repetitions[i]`` times along axis ``i``; the shorter of
    ``x.shape`` and ``repetitions`` is padded with leading ones.

    Deviations fixed: ``tf.tile`` needs exactly one count per axis and has no
    ``uint16`` kernel (those tile as ``int16`` bits).
    """
    reps = list(repetitions)
    n = rank(x)
    if len(reps) > n:
        x = tf.reshape(x, [1] * (len(reps) - n) + dims(x))
    reps = [1] * (n - len(reps)) + reps
    return _back(tf.tile(_as_int16(x), reps), x.dtype)


def roll(x: Array, /, shift: int | tuple[int, ...], *,
         axis: int | tuple[int, ...] | None = None) -> Array:
    """Rotate the elements of ``x`` by ``shift`` along ``axis`` (of the
    flattened ``x`` for ``None``).

    Deviations fixed: ``tf.roll`` needs an axis, one shift per axis (the
    standard applies one int shift to each) and fails for ``axis=()`` (no roll).
    """
    if axis is None:
        total = shift if isinstance(shift, int) else sum(shift)
        return tf.reshape(tf.roll(flattened(x), total, 0), tf.shape(x))
    if axis == ():
        return tf.identity(x)
    if isinstance(axis, int):
        return tf.roll(x, shift, axis)
    shifts = (shift,) * len(axis) if isinstance(shift, int) else shift
    return tf.roll(x, list(shifts), list(axis))


def squeeze(x: Array, /, axis: int | tuple[int, ...]) -> Array:
    """Remove the axes ``axis``, each of which must have length one.

    Deviation fixed: ``tf.squeeze`` raises ``InvalidArgumentError`` for an axis
    whose length is not one; the standard raises ``ValueError``.
    """
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    positions = normalize_axes(axes, rank(x), name="axis")
    shape = x.shape.as_list()
    for a in positions:
        if shape[a] is not None and shape[a] != 1:
            raise ValueError(f"squeeze(): axis {a} has length {shape[a]}, not 1")
    if not positions:
        return tf.identity(x)
    return tf.squeeze(x, positions)


def unstack(x: Array, /, *, axis: int = 0) -> tuple[Array, ...]:
    """The slices of ``x`` along ``axis``, as a tuple.

    Deviation fixed: ``tf.unstack`` returns a list. (Inside ``tf.function`` the
    length of ``axis`` must be known.)
    """
    return tuple(tf.unstack(x, axis=axis))


def _view(x: Array, shape: tuple[int, ...]) -> Array:
    return tf.reshape(x, shape)


def _clone(x: Array) -> Array:
    return deep_copy(x)


reshape = make_reshape(tf.reshape, _view, _clone, ())
reshape.__doc__ = """Reshape ``x`` to ``shape`` (one entry may be ``-1``).

    Deviation fixed: ``tf.reshape`` has no ``copy`` keyword. TensorFlow never
    copies to reshape, so ``copy=False`` always succeeds; ``copy=True`` returns a
    tensor with its own buffer.
    """

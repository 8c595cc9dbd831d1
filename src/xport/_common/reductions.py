"""Reductions with the standard's ``axis`` and ``keepdims`` semantics.

The standard reduces over ``axis=None`` (every axis), an int, or a tuple of
ints, where ``axis=()`` reduces over *no* axis: each element is reduced alone
(a sum is the element, a variance is zero). Natives deviate in three ways,
each a flag of :func:`make_reduction`:

* ``axis=()`` means "every axis" to some libraries (PyTorch); here it always
  becomes a reduction over a new trailing axis of length one.
* some natives take a single int axis only (``tuple_axes=False``): the
  reduced axes are moved last and flattened into one;
* some have no ``keepdims`` (``keepdims=False``), or none with ``axis=None``
  (``none_keepdims=False``): the reduced result is reshaped.

A native that reads every non-empty tuple of axes as the standard does
(``native_tuples=True``) is handed such a tuple as it is; where it raises,
the tuple is checked here, so a repeated or out-of-range axis raises the
same error on every backend.

Shapes are static metadata: nothing here looks at array values.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .axis_args import normalize_axes


@dataclass(frozen=True)
class ShapeOps:
    """The shape operations the axis mechanism needs from a backend:
    ``expand_last(x)`` appends an axis of length one, ``reshape(x, shape)``
    and ``permute(x, axes)`` as in the standard."""

    expand_last: Callable[[Any], Any]
    reshape: Callable[[Any, tuple[int, ...]], Any]
    permute: Callable[[Any, tuple[int, ...]], Any]


def kept_shape(shape: tuple[int, ...], axes: tuple[int, ...]) -> tuple[int, ...]:
    """``shape`` with the (non-negative) ``axes`` set to one: the shape of a
    reduction with ``keepdims=True``."""
    return tuple(1 if i in axes else n for i, n in enumerate(shape))


def make_reduction(native: Callable[..., Any], ops: ShapeOps, *, tuple_axes: bool = True,
                   keepdims: bool = True, none_keepdims: bool = True,
                   positional: bool = False, native_tuples: bool = False) -> Callable[..., Any]:
    """``reduce(x, axis, keepdims, **options)`` with the standard's semantics.

    ``native(x, axis=..., keepdims=..., **options)`` is the library's
    reduction; it is called without ``keepdims`` where the flags say it lacks
    one, and then also without ``axis`` for ``axis=None``. ``positional``: the
    native also takes ``native(x)`` for every axis and ``native(x, axis,
    keepdims)`` (or ``native(x, axis)`` without ``keepdims``), which the common
    calls without options use, as keyword parsing costs some libraries
    (PyTorch) a tenth of a small reduction. ``native_tuples``: the native
    (which takes tuples and ``keepdims``) reduces over any non-empty tuple of
    axes, negative entries counted from the end, and raises for a repeated or
    out-of-range entry.
    """
    native_keepdims = keepdims
    if native_tuples and not (tuple_axes and keepdims):
        raise ValueError("native_tuples needs a native with tuple axes and keepdims")

    def call(x: Any, axis: int, keep: bool, options: dict[str, Any]) -> Any:
        if positional and not options:
            if native_keepdims:
                return native(x, axis, keep)
            if not keep:
                return native(x, axis)
        if native_keepdims:
            return native(x, axis=axis, keepdims=keep, **options)
        out = native(x, axis=axis, **options)
        if keep and x.ndim:
            out = ops.reshape(out, kept_shape(tuple(x.shape), (axis % x.ndim,)))
        return out

    def over_all(x: Any, keep: bool, options: dict[str, Any]) -> Any:
        if positional and not keep and not options:
            return native(x)
        if native_keepdims and none_keepdims:
            return native(x, axis=None, keepdims=keep, **options)
        out = native(x, **options)
        return ops.reshape(out, (1,) * x.ndim) if keep else out

    def over_tuple(x: Any, axis: tuple[int, ...], keep: bool, options: dict[str, Any]) -> Any:
        if not axis:
            return call(ops.expand_last(x), -1, False, options)
        axes = tuple(sorted(set(normalize_axes(axis, x.ndim, name="axis"))))
        if len(axes) != len(axis):
            raise ValueError(f"axis {axis!r} names an axis more than once")
        if len(axes) == x.ndim:
            return over_all(x, keep, options)
        if len(axes) == 1:
            return call(x, axes[0], keep, options)
        if tuple_axes:
            if native_keepdims:
                return native(x, axis=axes, keepdims=keep, **options)
            out = native(x, axis=axes, **options)
        else:
            rest = tuple(i for i in range(x.ndim) if i not in axes)
            moved = ops.permute(x, rest + axes)
            flat = ops.reshape(moved, (*(x.shape[i] for i in rest), -1))
            out = call(flat, -1, False, options)
        return ops.reshape(out, kept_shape(tuple(x.shape), axes)) if keep else out

    all_native = native_keepdims and none_keepdims

    def reduce(x: Any, axis: int | tuple[int, ...] | None, keepdims: bool,
               **options: Any) -> Any:
        if positional and not options:
            if axis is None and not keepdims:
                return native(x)
            if type(axis) is int:
                if native_keepdims:
                    return native(x, axis, keepdims)
                if not keepdims:
                    return native(x, axis)
        if axis is None:
            if all_native:
                return native(x, axis=None, keepdims=keepdims, **options)
            return over_all(x, keepdims, options)
        if isinstance(axis, tuple):
            if native_tuples and axis:
                try:
                    if positional and not options:
                        return native(x, axis, keepdims)
                    return native(x, axis=axis, keepdims=keepdims, **options)
                except (IndexError, RuntimeError):
                    pass  # the standard's error (or the native's again) below
            return over_tuple(x, axis, keepdims, options)
        return call(x, axis, keepdims, options)

    return reduce

"""Axis arguments checked and counted the standard's way, on static ints."""

from __future__ import annotations

from collections.abc import Sequence


def normalize_axes(axes: Sequence[int], ndim: int, *, name: str = "axis") -> tuple[int, ...]:
    """``axes`` with negative entries counted from the end (``-1`` is
    ``ndim - 1``); ``IndexError`` names an entry outside ``[-ndim, ndim)``."""
    out = []
    for axis in axes:
        if not -ndim <= axis < ndim:
            raise IndexError(f"{name} {axis} is out of range for an array with {ndim} "
                             "dimension(s)")
        out.append(axis % ndim)
    return tuple(out)


def new_axis_positions(axis: int | Sequence[int], ndim: int) -> tuple[int, ...]:
    """The positions, in the result, of the new axes ``expand_dims(x, axis)``
    adds to an ``ndim``-d ``x``, counted from the end where negative:
    ``IndexError`` for a position outside the result's ``[-M, M)``,
    ``ValueError`` for a position given twice."""
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    positions = normalize_axes(axes, ndim + len(axes), name="axis")
    if len(set(positions)) != len(positions):
        raise ValueError(f"expand_dims(): axis {axis!r} repeats a position")
    return positions

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

"""Sizes checked before an array is made: a negative size is a ``ValueError``
and a floating-point one a ``TypeError``, as in NumPy, never an empty array or
a lazy array of a shape that cannot be.

Only Python (and NumPy) numbers are checked; traced sizes (a tensor, a
``torch.SymInt``) are left to the library, so nothing here reads array values.
"""

from __future__ import annotations

from numbers import Integral, Real
from typing import Any


def _negative(n: Any) -> bool:
    return n < 0 if type(n) is int else isinstance(n, Integral) and n < 0


def _fractional(n: Any) -> bool:
    """A float where a size must be an int (``2.0`` included, as NumPy refuses it)."""
    return type(n) is not int and isinstance(n, Real) and not isinstance(n, Integral)


def check_shape(shape: Any, what: str) -> None:
    """``ValueError`` naming ``what`` (e.g. ``"zeros()"``) when the int or
    sequence ``shape`` has a negative entry, ``TypeError`` for a float entry;
    other ``shape`` objects pass."""
    dims = shape if isinstance(shape, (tuple, list)) else (shape,)
    for n in dims:
        if _fractional(n):
            raise TypeError(f"{what}: shape {tuple(dims)} has a size that is not an int "
                            f"({n!r}); pass integer sizes")
        if _negative(n):
            raise ValueError(f"{what}: shape {tuple(dims)} has a negative dimension; "
                             "sizes must be >= 0")


def check_sizes(what: str, **sizes: Any) -> None:
    """``ValueError`` naming ``what`` and the argument when one of ``sizes``
    (keyword: argument name) is a negative integer, ``TypeError`` when it is a
    float; ``None`` passes."""
    for name, n in sizes.items():
        if _fractional(n):
            raise TypeError(f"{what}: {name}={n!r} is not an int; pass an integer size")
        if _negative(n):
            raise ValueError(f"{what}: {name}={n} is negative; sizes must be >= 0")

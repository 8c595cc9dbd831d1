"""Sizes checked before an array is made: a negative size is an error, as in
NumPy, never an empty array or a lazy array of negative shape.

Only Python (and NumPy) integers are checked; traced sizes (a tensor, a
``torch.SymInt``) are left to the library, so nothing here reads array values.
"""

from __future__ import annotations

from numbers import Integral
from typing import Any


def _negative(n: Any) -> bool:
    return n < 0 if type(n) is int else isinstance(n, Integral) and n < 0


def check_shape(shape: Any, what: str) -> None:
    """``ValueError`` naming ``what`` (e.g. ``"zeros()"``) when the int or
    sequence ``shape`` has a negative entry; other ``shape`` objects pass."""
    dims = shape if isinstance(shape, (tuple, list)) else (shape,)
    for n in dims:
        if _negative(n):
            raise ValueError(f"{what}: shape {tuple(dims)} has a negative dimension; "
                             "sizes must be >= 0")


def check_sizes(what: str, **sizes: Any) -> None:
    """``ValueError`` naming ``what`` and the argument when one of ``sizes``
    (keyword: argument name) is a negative integer; ``None`` passes."""
    for name, n in sizes.items():
        if _negative(n):
            raise ValueError(f"{what}: {name}={n} is negative; sizes must be >= 0")

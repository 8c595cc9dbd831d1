"""The exceptions of the checked namespaces and how they describe values. Every
message is built from the standard's vocabulary (dtype names, shapes as tuples
of ints), never from a library's own repr, so it reads the same on every
backend."""

from __future__ import annotations

import math
from typing import Any


class AxisError(IndexError, ValueError):
    """An axis out of range, or given twice. Both an :class:`IndexError` (as the
    standard asks of ``expand_dims``, ``take`` and indexing) and a
    :class:`ValueError` (as NumPy's ``AxisError`` is), so code catching either
    works on every backend."""


def shape_text(shape: Any) -> str:
    """A shape as a tuple of ints (``None`` for an unknown size)."""
    return str(known_shape(shape))


def _dim(d: Any) -> int | None:
    if d is None or (isinstance(d, float) and math.isnan(d)):  # NaN: Dask's unknown size
        return None
    try:
        return int(d)
    except TypeError:  # a symbolic size (traced shapes)
        return None


def known_shape(shape: Any) -> tuple[int | None, ...]:
    """``shape`` as ints, ``None`` where a size is unknown (data-dependent, traced)."""
    return tuple(_dim(d) for d in shape)


def fail(kind: type[Exception], function: str, problem: str, fix: str) -> Exception:
    """The exception to raise: ``function: problem; fix``."""
    return kind(f"{function}: {problem}; {fix}")

"""NumPy 1.26's deviations that CuPy shares (CuPy 13-14 keep NumPy 1.26's
behaviour in these): a backend installs a wrapper only where its library
shows the deviation."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

from . import by_name

Array = Any
_F = Callable[..., Any]


def wrappers(xp: ModuleType) -> dict[str, _F]:
    """``clip``, ``nonzero``, ``unstack``, ``vecdot`` and ``matrix_transpose``
    over ``xp``'s own functions."""

    def clip(x: Array, /, min: Any = None, max: Any = None,  # noqa: A002
             **kwargs: Any) -> Array:
        """Clamp ``x`` to ``[min, max]`` keeping ``x``'s dtype.

        Deviations fixed (NumPy < 2): bounds are required, and Python-integer bounds
        outside an integer dtype's range change the result dtype. NumPy's own
        keywords (``out=``) go to ``numpy.clip``, as array-api-compat passes them.
        """
        x = xp.asarray(x)
        if x.dtype.kind in "iu":
            info = xp.iinfo(x.dtype)
            if isinstance(min, int) and min < info.min:
                min = None  # noqa: A001
            if isinstance(max, int) and max > info.max:
                max = None  # noqa: A001
        if min is None and max is None:
            return x.copy()
        out = xp.clip(x, min, max, **kwargs)
        return out.astype(x.dtype, copy=False)

    def nonzero(x: Array, /) -> tuple[Array, ...]:
        """Indices of the non-zero elements of ``x``; 0-d input raises ``ValueError``
        (NumPy < 2 only warns and treats it as 1-d)."""
        if xp.ndim(x) == 0:
            raise ValueError("nonzero() needs an array of at least one dimension")
        indices: tuple[Array, ...] = xp.nonzero(x)
        return indices

    def matrix_transpose(x: Array, /) -> Array:
        """Transpose the last two axes of ``x``."""
        if xp.ndim(x) < 2:
            raise ValueError("matrix_transpose() needs an array of at least 2 dimensions")
        return xp.swapaxes(x, -1, -2)

    def unstack(x: Array, /, *, axis: int = 0) -> tuple[Array, ...]:
        """Split ``x`` into a tuple of arrays along ``axis``."""
        return tuple(xp.moveaxis(x, axis, 0))

    def vecdot(x1: Array, x2: Array, /, *, axis: int = -1) -> Array:
        """Dot product of vectors along ``axis`` (conjugating ``x1``), broadcasting
        the other axes."""
        a, b = xp.broadcast_arrays(x1, x2)
        a = xp.moveaxis(xp.conj(a), axis, -1)
        b = xp.moveaxis(b, axis, -1)
        return xp.einsum("...i,...i->...", a, b)

    return by_name(clip, nonzero, matrix_transpose, unstack, vecdot)


def std_var(native: _F) -> _F:
    """``native`` (a library's ``std`` or ``var``) with the standard's
    ``correction`` keyword for its ``ddof``."""

    def reduce(x: Array, /, *, axis: int | tuple[int, ...] | None = None,
               correction: float = 0.0, keepdims: bool = False) -> Array:
        return native(x, axis=axis, ddof=correction, keepdims=keepdims)

    reduce.__name__ = reduce.__qualname__ = native.__name__
    reduce.__doc__ = (f"NumPy's ``{native.__name__}`` with the standard's ``correction`` "
                      "keyword (NumPy < 2 calls it ``ddof``).")
    return reduce


def integer_identity(xp: ModuleType, native: _F) -> _F:
    """``native`` (a library's ``ceil``, ``floor`` or ``trunc``) returning a copy
    of integer and boolean input in its own dtype."""

    def rounding(x: Array, /) -> Array:
        x = xp.asarray(x)
        if x.dtype.kind in "iub":
            return x.copy()
        return native(x)

    rounding.__name__ = rounding.__qualname__ = native.__name__
    rounding.__doc__ = (f"NumPy's ``{native.__name__}``, keeping integer dtypes (NumPy < 2 "
                        "returns floats for integer input).")
    return rounding

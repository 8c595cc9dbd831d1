"""``finfo`` / ``iinfo`` built on a library's own, with the standard's types.

Bound per backend by :func:`make_finfo` / :func:`make_iinfo`: the native
function supplies the numbers, these turn them into Python ``float`` / ``int``
and report the namespace's own real dtype, and accept arrays as well as dtypes.
Results are cached per dtype (they are immutable).
"""

from __future__ import annotations

import builtins
from collections.abc import Callable
from typing import Any

from .dtype_info import finfo_object, iinfo_object


def _dtype_of(obj: Any) -> Any:
    """A dtype-like from a dtype, a scalar type (``numpy.float32``) or an array."""
    return obj if isinstance(obj, builtins.type) else getattr(obj, "dtype", obj)


def make_finfo(native: Callable[[Any], Any],
               as_dtype: Callable[[Any], Any]) -> Callable[[Any], finfo_object]:
    """``finfo`` for a backend. ``native`` is the library's ``finfo``;
    ``as_dtype`` turns a dtype-like of that library into its canonical dtype
    object (the one the namespace exposes and arrays report)."""
    cache: dict[Any, finfo_object] = {}

    def finfo(type: Any, /) -> finfo_object:  # noqa: A002 - the standard's name
        """Machine limits of a floating-point dtype, or of an array's dtype.

        Deviation fixed: native ``finfo`` objects carry library scalars (not
        Python ``float``) and may reject arrays; here ``dtype`` is the real
        floating dtype of the namespace (``float32`` for ``complex64``).
        """
        dtype = as_dtype(_dtype_of(type))
        try:
            return cache[dtype]
        except KeyError:
            pass
        info = native(dtype)
        result = finfo_object(
            bits=int(info.bits),
            eps=float(info.eps),
            max=float(info.max),
            min=float(info.min),
            smallest_normal=float(info.smallest_normal),
            dtype=as_dtype(info.dtype),
        )
        cache[dtype] = result
        return result

    return finfo


def make_iinfo(native: Callable[[Any], Any],
               as_dtype: Callable[[Any], Any]) -> Callable[[Any], iinfo_object]:
    """``iinfo`` for a backend (see :func:`make_finfo`)."""
    cache: dict[Any, iinfo_object] = {}

    def iinfo(type: Any, /) -> iinfo_object:  # noqa: A002 - the standard's name
        """Machine limits of an integer dtype, or of an array's dtype.

        Deviation fixed: native ``iinfo`` may reject arrays or report library
        scalars; here every number is a Python ``int``.
        """
        dtype = as_dtype(_dtype_of(type))
        try:
            return cache[dtype]
        except KeyError:
            pass
        info = native(dtype)
        result = iinfo_object(bits=int(info.bits), max=int(info.max), min=int(info.min),
                              dtype=dtype)
        cache[dtype] = result
        return result

    return iinfo

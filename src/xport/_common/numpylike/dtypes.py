"""The standard's dtypes of a library whose dtypes are ``numpy.dtype`` objects
(NumPy, CuPy, Dask's NumPy chunks), and the standard name of each."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

from ..._spec.dtypes import DTYPE_NAMES


def dtype_table(xp: ModuleType) -> dict[str, Any]:
    """Every standard dtype name mapped to ``xp.dtype(name)``."""
    return {name: xp.dtype(name) for name in DTYPE_NAMES}


def scalar_types(dtypes: Mapping[str, Any]) -> dict[str, Any]:
    """The namespace's dtype attributes: each dtype's scalar type (``numpy.float64``),
    as NumPy's own namespace and array-api-compat have them. They compare equal to
    ``x.dtype`` and are callable (``xp.float64(0)``); they do not hash like
    ``x.dtype``, so tables keyed by dtype key by ``xp.dtype(d)`` or the name."""
    return {name: dtype.type for name, dtype in dtypes.items()}


def make_dtype_name(xp: ModuleType, dtypes: Mapping[str, Any]) -> Callable[[Any], str | None]:
    """``dtype_name(dtype_or_array)``: the standard name of one of ``dtypes``
    (given as any dtype-like ``xp.dtype`` takes, or as an array), or None."""
    dtype_type = xp.dtype
    names = {dtype: name for name, dtype in dtypes.items()}

    def dtype_name(dtype_or_array: Any) -> str | None:
        """The standard name of a NumPy dtype (or of an array's dtype), or None."""
        if isinstance(dtype_or_array, dtype_type):  # the common call, first
            return names.get(dtype_or_array)
        dtype = getattr(dtype_or_array, "dtype", None)
        if not isinstance(dtype, dtype_type):
            dtype = dtype_or_array
        try:
            return names.get(dtype_type(dtype))
        except TypeError:
            return None

    return dtype_name

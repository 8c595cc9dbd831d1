"""Dtypes given by name (``"float64"``), as NumPy, JAX, TensorFlow and Dask
accept them, for wrappers over libraries that take only dtype objects."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any


def make_dtype_named(dtypes: Mapping[str, Any]) -> Callable[[str, str], Any]:
    """``dtype_named(name, what)``: the dtype of ``dtypes`` (standard name ->
    the library's dtype object) called ``name``; ``TypeError`` naming ``what``
    (e.g. ``"astype()"``), the name and the valid names otherwise."""
    valid = ", ".join(dtypes)

    def dtype_named(name: str, what: str) -> Any:
        found = dtypes.get(name)
        if found is None:
            raise TypeError(f"{what}: dtype {name!r} is not a dtype name of the standard; "
                            f"pass a dtype object (e.g. xp.float32) or one of: {valid}")
        return found

    return dtype_named

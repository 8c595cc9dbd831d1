"""``__array_namespace_info__`` for NumPy."""

from __future__ import annotations

from typing import Any

import numpy as np

from .._common.info import BackendInfo, make_info_class
from .._spec.dtypes import DTYPE_NAMES

DTYPES: dict[str, np.dtype[Any]] = {name: np.dtype(name) for name in DTYPE_NAMES}
_NAMES: dict[np.dtype[Any], str] = {dtype: name for name, dtype in DTYPES.items()}


def dtype_name(dtype_or_array: Any) -> str | None:
    """The standard name of a NumPy dtype (or of an array's dtype), or None."""
    if isinstance(dtype_or_array, np.dtype):  # the common call, first
        return _NAMES.get(dtype_or_array)
    dtype = getattr(dtype_or_array, "dtype", None)
    if not isinstance(dtype, np.dtype):
        dtype = dtype_or_array
    try:
        return _NAMES.get(np.dtype(dtype))
    except TypeError:
        return None


def _check_device(device: Any) -> None:
    if device is not None and device != "cpu":
        raise ValueError(f"NumPy arrays live on the 'cpu' device only; got device={device!r}")


def _default_dtypes(device: Any) -> dict[str, np.dtype[Any]]:
    return {
        "real floating": DTYPES["float64"],
        "complex floating": DTYPES["complex128"],
        "integral": np.dtype(np.intp),
        "indexing": np.dtype(np.intp),
    }


_NUMPY2 = np.lib.NumpyVersion(np.__version__) >= "2.0.0"

INFO = BackendInfo(
    dtypes=DTYPES,
    default_dtypes=_default_dtypes,
    devices=lambda: ("cpu",),
    default_device=lambda: "cpu",
    capabilities={
        "boolean indexing": True,
        "data-dependent shapes": True,
        "max dimensions": 64 if _NUMPY2 else 32,
    },
    check_device=_check_device,
)

__array_namespace_info__ = make_info_class(INFO, "NumPy")

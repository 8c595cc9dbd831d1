"""``__array_namespace_info__`` for NumPy."""

from __future__ import annotations

from typing import Any

import numpy as np

from .._common.info import BackendInfo, make_info_class
from .._common.numpylike.dtypes import dtype_table, make_dtype_name

DTYPES: dict[str, np.dtype[Any]] = dtype_table(np)
dtype_name = make_dtype_name(np, DTYPES)


def check_device(device: Any) -> None:
    """Raise unless ``device`` is None or ``"cpu"``."""
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
    check_device=check_device,
)

__array_namespace_info__ = make_info_class(INFO, "NumPy")

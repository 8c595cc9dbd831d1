"""``__array_namespace_info__`` for Dask.

Dask arrays hold NumPy chunks and report NumPy dtypes, so the dtypes are
``numpy.dtype`` objects, the NumPy namespace's own. Dask has no notion of a
device: where the chunks live is the scheduler's business (threads, processes
or the workers of a ``dask.distributed`` cluster), so the namespace reports the
one device ``"cpu"``, as the NumPy namespace does.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .._common.info import BackendInfo, make_info_class
from .._common.numpylike.dtypes import dtype_table, make_dtype_name

__all__ = ["DEVICE", "DTYPES", "INFO", "__array_namespace_info__", "check_device", "dtype_name"]

DEVICE = "cpu"
DTYPES: dict[str, np.dtype[Any]] = dtype_table(np)
dtype_name = make_dtype_name(np, DTYPES)


def check_device(device: Any) -> None:
    """Accept ``None`` and ``"cpu"``; anything else is a ``ValueError``."""
    if device is not None and device != DEVICE:
        raise ValueError(f"Dask arrays have no devices beyond {DEVICE!r} (the scheduler "
                         f"places chunks); got device={device!r}")


def _default_dtypes(device: Any) -> dict[str, np.dtype[Any]]:
    return {
        "real floating": DTYPES["float64"],
        "complex floating": DTYPES["complex128"],
        "integral": np.dtype(np.intp),
        "indexing": np.dtype(np.intp),
    }


INFO = BackendInfo(
    dtypes=DTYPES,
    default_dtypes=_default_dtypes,
    devices=lambda: (DEVICE,),
    default_device=lambda: DEVICE,
    # Boolean masks and the other data-dependent functions work lazily: their
    # results have unknown (NaN) sizes until computed.
    capabilities={
        "boolean indexing": True,
        "data-dependent shapes": True,
        "max dimensions": 64,
    },
    check_device=check_device,
)

__array_namespace_info__ = make_info_class(INFO, "Dask")

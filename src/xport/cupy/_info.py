"""``__array_namespace_info__`` for CuPy, and its devices.

CuPy's dtypes are NumPy's (``cupy.dtype`` is ``numpy.dtype``), and so are their
names; its devices are ``cupy.cuda.Device`` objects, one per GPU. Nothing here
touches a GPU at import: devices are listed when asked.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import cupy as cp

from .._common.info import BackendInfo, make_info_class
from .._common.numpylike.dtypes import dtype_table, make_dtype_name

DTYPES = dtype_table(cp)
dtype_name = make_dtype_name(cp, DTYPES)


def check_device(device: Any) -> None:
    """Raise unless ``device`` is None or a CuPy device."""
    if device is not None and not isinstance(device, cp.cuda.Device):
        raise ValueError(f"CuPy arrays live on cupy.cuda.Device objects (x.device, "
                         f"cupy.cuda.Device(0)); got device={device!r}")


@contextlib.contextmanager
def on(device: Any) -> Iterator[None]:
    """Make ``device`` (None: the current one) current inside the block."""
    check_device(device)
    if device is None:
        yield
        return
    with device:
        yield


def _devices() -> tuple[Any, ...]:
    try:
        count = cp.cuda.runtime.getDeviceCount()
    except cp.cuda.runtime.CUDARuntimeError:
        return ()
    return tuple(cp.cuda.Device(i) for i in range(count))


def _default_dtypes(device: Any) -> dict[str, Any]:
    return {"real floating": DTYPES["float64"], "complex floating": DTYPES["complex128"],
            "integral": DTYPES["int64"], "indexing": DTYPES["int64"]}


INFO = BackendInfo(
    dtypes=DTYPES,
    default_dtypes=_default_dtypes,
    devices=_devices,
    default_device=cp.cuda.Device,
    capabilities={"boolean indexing": True, "data-dependent shapes": True,
                  "max dimensions": 64},
    check_device=check_device,
)

__array_namespace_info__ = make_info_class(INFO, "CuPy")

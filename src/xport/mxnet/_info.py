"""``__array_namespace_info__`` for MXNet's ``mxnet.numpy`` arrays, and its devices.

MXNet's dtypes are NumPy's dtype objects; of the standard's it has bool, int8,
int32, int64, uint8, float32 and float64 (no int16, no unsigned integers wider
than 8 bits, no complex dtypes). Its devices are ``mxnet.Context`` objects
(``mx.cpu()``, ``mx.gpu(i)``); an array reports its own as ``x.ctx``. Its
default floating dtype is float32, ``mxnet.numpy``'s own.
"""

from __future__ import annotations

from typing import Any

import mxnet as mx
import numpy as np

from .._common.info import BackendInfo, make_info_class

_mx: Any = mx
# mxnet.numpy's arrays need MXNet's NumPy semantics switched on (0-d and empty
# shapes, NumPy-style indexing): without them even ``array([1.]) * array([2.])``
# fails. Every program using mx.np calls npx.set_np(); importing xport.mxnet
# does it for the importing thread (MXNet keeps the switch per thread).
if not (_mx.util.is_np_shape() and _mx.util.is_np_array()):
    _mx.npx.set_np()
# The standard's dtypes MXNet has kernels for.
SUPPORTED: tuple[str, ...] = ("bool", "int8", "int32", "int64", "uint8", "float32", "float64")
DTYPES: dict[str, Any] = {name: np.dtype(name) for name in SUPPORTED}
_NAMES: dict[Any, str] = {dtype: name for name, dtype in DTYPES.items()}
Context: Any = _mx.context.Context


def dtype_name(dtype_or_array: Any) -> str | None:
    """The standard name of an MXNet dtype (or of an array's dtype), or None."""
    if isinstance(dtype_or_array, np.dtype):
        return _NAMES.get(dtype_or_array)
    dtype = getattr(dtype_or_array, "dtype", dtype_or_array)
    try:
        return _NAMES.get(np.dtype(dtype))
    except TypeError:
        return None


def check_device(device: Any) -> None:
    """Raise unless ``device`` is None, ``"cpu"`` or an MXNet context."""
    if device is not None and device != "cpu" and not isinstance(device, Context):
        raise ValueError(f"MXNet arrays live on mxnet.Context objects (x.ctx, mx.cpu(), "
                         f"mx.gpu(0)); got device={device!r}")


def context(device: Any) -> Any:
    """The MXNet context of the standard's ``device`` (None: MXNet's current one)."""
    if device is None or isinstance(device, Context):
        return device
    check_device(device)
    return _mx.cpu()


def _default_dtypes(device: Any) -> dict[str, Any]:
    return {"real floating": DTYPES["float32"],
            "complex floating": None,  # MXNet has no complex dtypes
            "integral": DTYPES["int64"], "indexing": DTYPES["int64"]}


def _devices() -> tuple[Any, ...]:
    return (_mx.cpu(), *(_mx.gpu(i) for i in range(_mx.context.num_gpus())))


def default_dtype(kind: str) -> Any:
    """MXNet's default dtype of ``kind`` ('real floating', 'integral')."""
    return _default_dtypes(None)[kind]


INFO = BackendInfo(
    dtypes=DTYPES,
    default_dtypes=_default_dtypes,
    devices=_devices,
    default_device=_mx.context.current_context,
    capabilities={"boolean indexing": True, "data-dependent shapes": True,
                  "max dimensions": 32},
    check_device=check_device,
)

__array_namespace_info__ = make_info_class(INFO, "MXNet")

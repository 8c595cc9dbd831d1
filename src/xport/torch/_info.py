"""``__array_namespace_info__`` for PyTorch, and the dtype tables the wrappers read.

Every dtype of the standard is a ``torch.dtype``, and every one is listed by
``__array_namespace_info__().dtypes()``: PyTorch's ``uint16``, ``uint32`` and
``uint64`` lack most kernels, but the namespace computes every function on
them (see ``_unsigned``).
"""

from __future__ import annotations

from typing import Any

import torch

from .._common.dtype_names import make_dtype_named
from .._common.info import BackendInfo, make_info_class
from .._spec.dtypes import DTYPE_NAMES

DTYPES: dict[str, torch.dtype] = {
    name: getattr(torch, name) for name in DTYPE_NAMES if hasattr(torch, name)
}
# The dtype of a standard name, for wrappers handed a name: dtype_named(name, 'f()').
dtype_named = make_dtype_named(DTYPES)
NAMES: dict[torch.dtype, str] = {dtype: name for name, dtype in DTYPES.items()}
# The index dtypes PyTorch's gather and scatter kernels take. A dict, not a set
# or tuple: torch.compile guards a dict membership by its one key.
INDEX_DTYPES: dict[torch.dtype, bool] = dict.fromkeys((torch.int64, torch.int32), True)


def dtype_name(dtype_or_array: Any) -> str | None:
    """The standard name of a torch dtype (or of a tensor's dtype), or None."""
    dtype = getattr(dtype_or_array, "dtype", dtype_or_array)
    return NAMES.get(dtype) if isinstance(dtype, torch.dtype) else None


def devices() -> tuple[torch.device, ...]:
    """The CPU, every CUDA device and the MPS device, where present."""
    found = [torch.device("cpu")]
    if torch.cuda.is_available():
        found.extend(torch.device("cuda", i) for i in range(torch.cuda.device_count()))
    if torch.backends.mps.is_available():
        found.append(torch.device("mps", 0))
    return tuple(found)


def check_device(device: Any) -> None:
    """``ValueError`` unless ``device`` is None or something ``torch.device``
    accepts (a ``torch.device``, ``"cuda:0"``, a CUDA ordinal)."""
    if device is None or isinstance(device, torch.device):
        return
    try:
        torch.device(device)
    except (RuntimeError, TypeError) as exc:
        raise ValueError(f"{device!r} is not a PyTorch device (expected a torch.device "
                         f"or a string such as 'cpu' or 'cuda:0'): {exc}") from None


# A table, not dtype.to_complex(), which torch.compile cannot trace.
_COMPLEX_OF: dict[torch.dtype, torch.dtype] = {
    torch.float16: torch.complex32, torch.float32: torch.complex64,
    torch.float64: torch.complex128}


def _default_dtypes(device: Any) -> dict[str, torch.dtype]:
    real = torch.get_default_dtype()
    return {
        "real floating": real,
        "complex floating": _COMPLEX_OF[real],
        "integral": torch.int64,
        "indexing": torch.int64,
    }


INFO = BackendInfo(
    dtypes=DTYPES,
    default_dtypes=_default_dtypes,
    devices=devices,
    default_device=torch.get_default_device,
    capabilities={
        "boolean indexing": True,
        "data-dependent shapes": True,
        "max dimensions": 64,
    },
    check_device=check_device,
)

__array_namespace_info__ = make_info_class(INFO, "PyTorch")

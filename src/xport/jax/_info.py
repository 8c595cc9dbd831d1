"""``__array_namespace_info__`` for JAX, and the dtype table it reads.

JAX's 64-bit types exist only while ``jax_enable_x64`` is on, a global
(thread-local under ``jax.enable_x64``) setting that can change at any time, so
the dtype table and the default dtypes are read from it on every call.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import jax
import numpy as np

from .._common.info import BackendInfo, make_info_class
from .._spec.dtypes import DTYPE_NAMES

DTYPES: dict[str, np.dtype[Any]] = {name: np.dtype(name) for name in DTYPE_NAMES}
_NAMES: dict[np.dtype[Any], str] = {dtype: name for name, dtype in DTYPES.items()}
_WIDE = frozenset({"int64", "uint64", "float64", "complex128"})


def x64_enabled() -> bool:
    """Whether JAX currently makes 64-bit arrays (``jax_enable_x64``)."""
    return bool(jax.dtypes.canonicalize_dtype(np.float64) == np.float64)


def dtype_name(dtype_or_array: Any) -> str | None:
    """The standard name of a dtype (or of an array's dtype), or None."""
    dtype = getattr(dtype_or_array, "dtype", None)
    if not isinstance(dtype, np.dtype):
        dtype = dtype_or_array
    try:
        return _NAMES.get(np.dtype(dtype))
    except TypeError:
        return None


class _AvailableDtypes(Mapping[str, "np.dtype[Any]"]):
    """The standard dtypes JAX can make right now (no 64-bit ones without x64)."""

    def _names(self) -> tuple[str, ...]:
        if x64_enabled():
            return DTYPE_NAMES
        return tuple(n for n in DTYPE_NAMES if n not in _WIDE)

    def __getitem__(self, name: str) -> np.dtype[Any]:
        if name not in self._names():
            raise KeyError(name)
        return DTYPES[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())

    def __len__(self) -> int:
        return len(self._names())


AVAILABLE_DTYPES = _AvailableDtypes()


def _devices() -> tuple[Any, ...]:
    found = list(jax.devices())
    if all(d.platform != "cpu" for d in found):
        found.extend(jax.devices("cpu"))
    return tuple(found)


def default_device() -> Any:
    """Where new arrays go: ``jax_default_device`` if set (a device or a platform
    name), else the first device of the default backend."""
    chosen = getattr(jax.config, "jax_default_device", None)
    if chosen is None:
        return jax.devices()[0]
    if isinstance(chosen, str):
        return jax.devices(chosen)[0]
    return chosen


def check_device(device: Any) -> None:
    """Accept ``None`` and JAX devices; anything else is a ``ValueError``."""
    if device is not None and not isinstance(device, jax.Device):
        raise ValueError(f"expected a JAX device (an element of jax.devices()) or None; "
                         f"got device={device!r}")


def default_integer_name() -> str:
    """The standard name of JAX's current default integer (and index) dtype."""
    return "int64" if x64_enabled() else "int32"


def default_index_dtype() -> np.dtype[Any]:
    """JAX's current default index dtype (``int64`` with x64, else ``int32``)."""
    return DTYPES[default_integer_name()]


def _default_dtypes(device: Any) -> dict[str, np.dtype[Any]]:
    wide = x64_enabled()
    integral = default_index_dtype()
    return {
        "real floating": DTYPES["float64" if wide else "float32"],
        "complex floating": DTYPES["complex128" if wide else "complex64"],
        "integral": integral,
        "indexing": integral,
    }


INFO = BackendInfo(
    dtypes=AVAILABLE_DTYPES,
    default_dtypes=_default_dtypes,
    devices=_devices,
    default_device=default_device,
    # JAX's own answer: under jit, shapes cannot depend on data and boolean
    # masks cannot index; both work on concrete arrays outside transformations.
    capabilities={
        "boolean indexing": False,
        "data-dependent shapes": False,
        "max dimensions": 64,
    },
    check_device=check_device,
)

__array_namespace_info__ = make_info_class(INFO, "JAX")

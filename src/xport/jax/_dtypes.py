"""Data-type functions of the JAX namespace: ``finfo``, ``iinfo``, ``can_cast``
and ``astype``."""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from .._common.dtype_info import make_can_cast
from .._common.dtype_limits import make_finfo, make_iinfo
from ._info import dtype_name

Array = Any
DType = Any


def _as_dtype(dtype: Any) -> np.dtype[Any]:
    out: np.dtype[Any] = np.dtype(dtype)
    return out


finfo = make_finfo(jnp.finfo, _as_dtype)
iinfo = make_iinfo(jnp.iinfo, _as_dtype)
can_cast = make_can_cast(dtype_name, jnp.can_cast)


def astype(x: Array, dtype: DType, /, *, copy: bool = True, device: Any = None) -> Array:
    """Cast ``x`` to ``dtype`` (on ``device`` when given).

    Deviation fixed: ``jax.numpy.astype`` defaults to ``copy=False`` (and
    older JAX has no ``device``); the standard's default is ``copy=True``. A
    cast to another dtype always makes a new array, so the copy is requested
    only when ``dtype`` is already ``x``'s: the traced program is then exactly
    ``jax.numpy``'s.
    """
    if copy and jax.dtypes.canonicalize_dtype(dtype) != x.dtype:
        copy = False
    if _ASTYPE_TAKES_DEVICE:
        return jnp.astype(x, dtype, copy=copy, device=device)
    out = jnp.astype(x, dtype, copy=copy)
    return out if device is None else jax.device_put(out, device)


def _parameters(func: Any) -> Mapping[str, inspect.Parameter]:
    try:
        return inspect.signature(func).parameters
    except (TypeError, ValueError):  # pragma: no cover - no introspectable signature
        return {}


_ASTYPE_TAKES_DEVICE = "device" in _parameters(jnp.astype)


def detected() -> dict[str, Any]:
    """The data-type wrappers the installed JAX needs beyond the always-wrapped
    ``finfo``, ``iinfo`` and ``can_cast``."""
    copy = _parameters(jnp.astype).get("copy")
    if copy is None or copy.default is not True or not _ASTYPE_TAKES_DEVICE:
        return {"astype": astype}
    return {}

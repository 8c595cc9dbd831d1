"""xport.cupy as its descriptor tells the rest of xport (see ``_common/backend``)."""

from __future__ import annotations

from typing import Any

import cupy

from .._common.backend import Backend, device_as_context
from . import _scatter


def _to_device(x: Any, target: Any, stream: Any) -> Any:
    if target == "cpu":
        return x.get()
    if not isinstance(target, cupy.cuda.Device):
        raise TypeError(f"to_device(): CuPy takes 'cpu' or a cupy.cuda.Device; got "
                        f"{target!r}")
    if stream is None:
        with target:
            return cupy.asarray(x)
    if isinstance(stream, int):
        stream = cupy.cuda.ExternalStream(stream)
    with target, stream:
        return cupy.asarray(x)


def _has_device() -> bool:
    return bool(cupy.cuda.is_available())


BACKEND = Backend("cupy", to_device=_to_device, has_device=_has_device,
                  default_device=device_as_context, scatter=_scatter)

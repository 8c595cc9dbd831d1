"""xport.mxnet as its descriptor tells the rest of xport (see ``_common/backend``)."""

from __future__ import annotations

from typing import Any

from .._common.backend import Backend, RandomHooks, device_as_context
from .._common.random.host import HostRoute
from . import _autodiff, _random, _scatter
from ._info import context


def _device(x: Any) -> Any:
    return x.ctx  # MXNet arrays have no device attribute


def _to_device(x: Any, target: Any, stream: Any) -> Any:
    if stream is not None:
        raise ValueError(f"to_device(): MXNet takes no stream; got stream={stream!r}")
    ctx = context(target)
    return x if ctx is None or x.ctx == ctx else x.as_in_ctx(ctx)


# MXNet has no uint32: its draws run on the host (see _random).
BACKEND = Backend("mxnet", device=_device, to_device=_to_device,
                  default_device=device_as_context, scatter=_scatter, autodiff=_autodiff,
                  random=RandomHooks(route=HostRoute(_random)))

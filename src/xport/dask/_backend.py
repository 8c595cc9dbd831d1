"""xport.dask as its descriptor tells the rest of xport (see ``_common/backend``)."""

from __future__ import annotations

from .._common.backend import Backend, RandomHooks, host_only, on_cpu
from . import _random, _scatter

# xport's Dask namespace has the one device "cpu".
BACKEND = Backend("dask", device=on_cpu, to_device=host_only("Dask"), scatter=_scatter,
                  random=RandomHooks(route=_random))

"""xport.dask as its descriptor tells the rest of xport (see ``_common/backend``)."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import dask
from dask.local import get_sync

from .._common.backend import Backend, RandomHooks, host_only, on_cpu
from . import _random, _scatter


def _counting_computations(on_compute: Callable[[], None]) -> AbstractContextManager[Any]:
    """A context in which Dask computes in this thread (its synchronous
    scheduler), calling ``on_compute()`` before each computation."""
    def scheduler(graph: Any, keys: Any, **options: Any) -> Any:
        on_compute()
        return get_sync(graph, keys, **options)

    context: AbstractContextManager[Any] = dask.config.set(scheduler=scheduler)
    return context


# xport's Dask namespace has the one device "cpu".
BACKEND = Backend("dask", device=on_cpu, to_device=host_only("Dask"),
                  counting_computations=_counting_computations, scatter=_scatter,
                  random=RandomHooks(route=_random))

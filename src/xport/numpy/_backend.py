"""xport.numpy as its descriptor tells the rest of xport (see ``_common/backend``)."""

from __future__ import annotations

from typing import Any

import numpy as np

from .._common.backend import Backend, RandomHooks, host_only, on_cpu
from . import _random, _scatter


def _is_writeable(x: Any) -> bool:
    return bool(x.flags.writeable)  # False for NumPy scalars


BACKEND = Backend("numpy", device=on_cpu, to_device=host_only("NumPy"),
                  is_writeable=_is_writeable, scatter=_scatter,
                  random=RandomHooks(words=_random.NumPyWords, block=_random.BLOCK,
                                     blockwise=_random.blockwise,
                                     reads_values=_random.reads_values,
                                     in_place_native=np, tabulates=_random.tabulates))

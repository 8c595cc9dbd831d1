"""MXNet's part of ``xport.random``: how draws of the host route travel
(the ``travel`` of its ``RandomHooks.route``, a ``_common/random/host.HostRoute``).

MXNet has no uint32 dtype, so the Threefry words cannot be computed with its
own operations; ``xport.random`` runs the NumPy route on the host and copies
the numbers here (one device sync per draw). Keys, and ``bits`` of the
default ``uint32``, are int64 arrays holding the uint32 values (the numbers
of ``jax.random.key_data`` and ``jax.random.bits``); ``uint8`` bits stay
uint8; other dtypes MXNet lacks raise ``TypeError``.
"""

from __future__ import annotations

from typing import Any

import mxnet as mx
import numpy as np

from ._info import DTYPES, context

WORD = DTYPES["int64"]
_ARRAY: Any = mx.np.ndarray
_np: Any = mx.np
_UINT32 = np.dtype("uint32")


def is_array(x: Any) -> bool:
    """Whether ``x`` is an ``mxnet.numpy`` array."""
    return isinstance(x, _ARRAY)


def to_numpy(x: Any) -> Any:
    """``x`` as a NumPy array (a host copy)."""
    return x.asnumpy()


def device_of(x: Any) -> Any:
    """The context of ``x``."""
    return x.ctx


def from_numpy(a: Any, device: Any) -> Any:
    """The NumPy array ``a`` as an ``mxnet.numpy`` array on ``device``; uint32
    values in ``WORD``."""
    dtype = WORD if a.dtype == _UINT32 else a.dtype
    if dtype not in DTYPES.values():
        raise TypeError(f"xport.random on MXNet cannot return {a.dtype}: MXNet has no such "
                        f"dtype (its dtypes: {', '.join(DTYPES)})")
    return _np.array(a.astype(dtype, copy=False), dtype=dtype, ctx=context(device))

"""CuPy's part of ``xport.at`` and the segment reductions: ``xport.numpy``'s
update rebound to CuPy (fancy assignment for ``set``, ``ufunc.at`` for the
rest, which accumulates duplicate indices), and segment reductions that drop
out-of-range ids with no host sync."""

from __future__ import annotations

from typing import Any

import cupy as cp

from .._common.rebind import rebound
from ..numpy import _scatter as _numpy_scatter
from ._wrappers import NAMES

MUTABLE = True

_UFUNCS: dict[str, Any] = {
    "add": cp.add, "subtract": cp.subtract, "multiply": cp.multiply, "divide": cp.divide,
    "power": cp.power, "min": cp.minimum, "max": cp.maximum,
}

update = rebound(_numpy_scatter.update, {**NAMES, "_UFUNCS": _UFUNCS}, __name__)


def segment(op: str, data: Any, segment_ids: Any, num_segments: int) -> Any:
    """Reduce the rows of ``data`` into ``num_segments`` buckets (ids outside
    ``[0, num_segments)`` dropped: they land in one extra bucket, cut off)."""
    ufunc = {"sum": cp.add, "max": cp.maximum, "min": cp.minimum}[op]
    out = cp.full((num_segments + 1, *data.shape[1:]), _numpy_scatter.identity(op, data.dtype),
                  dtype=data.dtype)
    inside = (segment_ids >= 0) & (segment_ids < num_segments)
    ufunc.at(out, cp.where(inside, segment_ids, num_segments), data)
    return out[:num_segments]

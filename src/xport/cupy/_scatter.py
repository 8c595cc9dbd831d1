"""CuPy's part of ``xport.at`` and the segment reductions: the update
``xport.numpy`` uses too, made for CuPy by ``_common/numpylike`` (fancy
assignment for ``set``, ``ufunc.at`` for the rest, which accumulates duplicate
indices), and segment reductions that drop out-of-range ids with no host sync."""

from __future__ import annotations

from typing import Any

import cupy as cp

from .._common.numpylike.scatter import identity, make_update

MUTABLE = True

update = make_update(cp, "a cupy.ndarray")


def segment(op: str, data: Any, segment_ids: Any, num_segments: int) -> Any:
    """Reduce the rows of ``data`` into ``num_segments`` buckets (ids outside
    ``[0, num_segments)`` dropped: they land in one extra bucket, cut off)."""
    ufunc = {"sum": cp.add, "max": cp.maximum, "min": cp.minimum}[op]
    out = cp.full((num_segments + 1, *data.shape[1:]), identity(op, data.dtype),
                  dtype=data.dtype)
    inside = (segment_ids >= 0) & (segment_ids < num_segments)
    ufunc.at(out, cp.where(inside, segment_ids, num_segments), data)
    return out[:num_segments]

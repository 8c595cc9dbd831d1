"""MXNet's part of ``xport.at`` and the segment reductions.

``set`` is assignment into a copy. MXNet has no scatter-accumulate kernel
(nor ``ufunc.at``), so the other operations apply duplicate indices in
layers: the flat positions the index selects are sorted (stably), each
element's rank among equal positions is found by ``searchsorted``, and layer
``r`` applies ``op`` to the elements of rank ``r``, whose positions are
distinct. That reads one number on the host (the largest multiplicity) and
runs one gather-apply-assign per layer; every duplicate counts, as the
standard's ``at`` semantics require.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import mxnet as mx
import numpy as np

from .._common.numpylike.scatter import identity
from . import _carriers, _creation, _sorting, _wrappers

MUTABLE = True
_np: Any = mx.np

_OPS: dict[str, Callable[[Any, Any], Any]] = {
    "add": _wrappers.MAIN["add"], "subtract": _wrappers.MAIN["subtract"],
    "multiply": _wrappers.MAIN["multiply"], "divide": _wrappers.MAIN["divide"],
    "power": _wrappers.MAIN["pow"], "min": _wrappers.MAIN["minimum"],
    "max": _wrappers.MAIN["maximum"], "sum": _wrappers.MAIN["add"],
}


def _layered(flat: Any, positions: Any, values: Any, op: str) -> Any:
    """``flat`` (1-d, or rows) with ``op`` applied at ``positions`` (1-d,
    duplicates allowed) by ``values`` (one per position), layer by layer."""
    if positions.shape[0] == 0:
        return flat
    order = _sorting.argsort(positions)
    positions = _np.take(positions, order)
    values = _carriers.mv.take(values, order, axis=0)
    first = _np.searchsorted(positions, positions, side="left")
    rank = _np.arange(positions.shape[0], dtype="int64", ctx=positions.ctx) - first
    apply = _OPS[op]
    for layer in range(int(rank.max()) + 1):  # the one host read
        chosen = _np.nonzero(rank == layer)[0]
        where = _np.take(positions, chosen)
        flat[where] = apply(_carriers.mv.take(flat, where, axis=0),
                            _carriers.mv.take(values, chosen, axis=0)).astype(flat.dtype)
    return flat


def _host_index(idx: Any) -> Any:
    """``idx`` with its MXNet arrays as NumPy arrays (a host read each)."""
    if isinstance(idx, tuple):
        return tuple(_host_index(i) for i in idx)
    return idx.asnumpy() if isinstance(idx, _np.ndarray) else idx


def update(x: Any, idx: Any, op: str, values: Any, in_place: bool) -> Any:
    """``x`` updated at ``idx`` by ``op`` with ``values``; a copy unless ``in_place``.

    The positions ``idx`` selects are found by NumPy's indexing of the flat
    positions on the host (the index's arrays are read there): MXNet's own
    indexing places the axes of an integer array beside ``None`` elsewhere than
    NumPy and the standard do, and rejects some such keys.
    """
    out = x if in_place else x.copy()
    chosen = np.arange(x.size, dtype=np.int64).reshape(x.shape)[_host_index(idx)]
    positions = _np.array(chosen.reshape(-1), dtype="int64", ctx=x.ctx)
    if not isinstance(values, _np.ndarray):
        values = _creation.asarray(values, dtype=x.dtype, device=x.ctx)
    values = _np.broadcast_to(values.astype(x.dtype, copy=False), chosen.shape).reshape(-1)
    flat = out.reshape(-1)
    if op == "set":
        if positions.shape[0]:
            flat[positions] = values
    else:
        flat = _layered(flat, positions, values, op)
    result = flat.reshape(x.shape)
    if in_place:
        x[...] = result
        return x
    return result


def segment(op: str, data: Any, segment_ids: Any, num_segments: int) -> Any:
    """Reduce the rows of ``data`` into ``num_segments`` buckets (ids outside
    ``[0, num_segments)`` dropped)."""
    out = _np.full((num_segments, *data.shape[1:]), identity(op, np.dtype(data.dtype)),
                   dtype=data.dtype, ctx=data.ctx)
    inside = _np.nonzero((segment_ids >= 0) & (segment_ids < num_segments))[0]
    ids = _np.take(segment_ids, inside).astype("int64")
    rows = _carriers.mv.take(data, inside, axis=0)
    return _layered(out, ids, rows, op)

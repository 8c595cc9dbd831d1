"""NumPy's part of ``xport.at`` and the segment reductions: fancy assignment
for ``set``, ``ufunc.at`` (unbuffered, so duplicate indices accumulate) for the
rest."""

from __future__ import annotations

from typing import Any

import numpy as np

MUTABLE = True

_UFUNCS: dict[str, Any] = {
    "add": np.add, "subtract": np.subtract, "multiply": np.multiply, "divide": np.divide,
    "power": np.power, "min": np.minimum, "max": np.maximum,
}


def update(x: Any, idx: Any, op: str, values: Any, in_place: bool) -> Any:
    """``x`` updated at ``idx`` by ``op`` with ``values``; a copy unless ``in_place``."""
    if in_place:
        if not isinstance(x, np.ndarray):
            raise ValueError("at(...).<op>(copy=False) needs a numpy.ndarray, not a NumPy "
                             f"scalar ({type(x).__name__})")
        out = x
    else:
        out = np.array(x, copy=True)
    if op == "set":
        out[idx] = values
    else:
        _UFUNCS[op].at(out, idx, values)
    return out


def identity(op: str, dtype: Any) -> Any:
    """What an empty segment holds: the identity of ``op`` ("sum", "max",
    "min") for a NumPy ``dtype`` (CuPy's dtypes are NumPy's)."""
    if op == "sum":
        return 0
    if dtype.kind in "fc":
        return -np.inf if op == "max" else np.inf
    if dtype.kind == "b":
        return op == "min"
    info = np.iinfo(dtype)
    return info.min if op == "max" else info.max


def segment(op: str, data: Any, segment_ids: Any, num_segments: int) -> Any:
    """Reduce the rows of ``data`` into ``num_segments`` buckets."""
    dtype = data.dtype
    fill = identity(op, dtype)
    ufunc = {"sum": np.add, "max": np.maximum, "min": np.minimum}[op]
    out = np.full((num_segments, *data.shape[1:]), fill, dtype=dtype)
    # One reduction rules out negative ids (which NumPy would wrap); ufunc.at
    # itself rejects ids past the end. Only then is a mask built (three more
    # passes and two copies) to drop the strays.
    if not segment_ids.size or segment_ids.min() >= 0:
        try:
            ufunc.at(out, segment_ids, data)
            return out
        except IndexError:
            out[...] = fill  # undo the ids applied before the stray one
    keep = (segment_ids >= 0) & (segment_ids < num_segments)
    ufunc.at(out, segment_ids[keep], data[keep])
    return out

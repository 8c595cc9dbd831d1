"""``xport.at``'s update and the segment reductions by ``ufunc.at``, for the
libraries that have it (NumPy, CuPy; Dask on its NumPy blocks): fancy
assignment for ``set``, ``ufunc.at`` (unbuffered, so duplicate indices
accumulate) for the rest."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

_INF = float("inf")


def make_update(xp: ModuleType, in_place_needs: str) -> Callable[[Any, Any, str, Any, bool], Any]:
    """A scatter hook's ``update`` over ``xp``'s ufuncs (see :mod:`xport.scatter`).
    ``in_place_needs`` names what an update in place takes, for the error an
    ``x`` that is not an ``xp.ndarray`` raises (e.g. "a numpy.ndarray, not a
    NumPy scalar")."""
    ufuncs: dict[str, Any] = {
        "add": xp.add, "subtract": xp.subtract, "multiply": xp.multiply, "divide": xp.divide,
        "power": xp.power, "min": xp.minimum, "max": xp.maximum,
    }

    def update(x: Any, idx: Any, op: str, values: Any, in_place: bool) -> Any:
        """``x`` updated at ``idx`` by ``op`` with ``values``; a copy unless ``in_place``."""
        if in_place:
            if not isinstance(x, xp.ndarray):
                raise ValueError(f"at(...).<op>(copy=False) needs {in_place_needs} "
                                 f"({type(x).__name__})")
            out = x
        else:
            out = xp.array(x, copy=True)
        if op == "set":
            out[idx] = values
        else:
            ufuncs[op].at(out, idx, values)
        return out

    return update


def identity(op: str, dtype: Any) -> Any:
    """What an empty segment holds: the identity of ``op`` ("sum", "max",
    "min") for a NumPy ``dtype`` (CuPy's dtypes are NumPy's; MXNet's are read
    as NumPy's): a Python number, as ``iinfo`` gives the integer limits."""
    if op == "sum":
        return 0
    if dtype.kind in "fc":
        return -_INF if op == "max" else _INF
    if dtype.kind == "b":
        return op == "min"
    if dtype.kind not in "iu":
        raise ValueError(f"Invalid integer data type {dtype.kind!r}.")  # as iinfo's
    bits = 8 * dtype.itemsize
    if dtype.kind == "u":
        return 0 if op == "max" else (1 << bits) - 1
    return -(1 << (bits - 1)) if op == "max" else (1 << (bits - 1)) - 1


def make_segment(xp: ModuleType) -> Callable[[str, Any, Any, int], Any]:
    """A scatter hook's ``segment`` over ``xp``'s ufuncs, reading one number
    (the smallest id) on the host."""

    reductions = {"sum": xp.add, "max": xp.maximum, "min": xp.minimum}

    def segment(op: str, data: Any, segment_ids: Any, num_segments: int) -> Any:
        """Reduce the rows of ``data`` into ``num_segments`` buckets."""
        dtype = data.dtype
        fill = identity(op, dtype)
        ufunc = reductions[op]
        shape = (num_segments, *data.shape[1:])
        # zeros, where it serves, is one C call; full is Python over empty and copyto.
        out = xp.zeros(shape, dtype=dtype) if op == "sum" else xp.full(shape, fill, dtype=dtype)
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

    return segment

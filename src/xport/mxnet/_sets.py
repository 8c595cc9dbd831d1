"""``unique_all``, ``unique_counts``, ``unique_inverse``, ``unique_values``.

MXNet has one ``unique`` with flags (tuple results), no boolean kernel for it,
and merges NaNs into one value; here each NaN is a value of its own, for which
the number of NaNs is read on the host.
"""

from __future__ import annotations

import math
from typing import Any

import mxnet as mx

from .._common.results import UniqueAllResult, UniqueCountsResult, UniqueInverseResult
from ._carriers import BOOL, mv

Array = Any
mnp: Any = mx.np


def _unique(x: Array, **flags: bool) -> Any:
    """``mxnet.numpy.unique`` of the 1-d ``x``, for booleans too (as uint8:
    only the values come back as bool, the indices and counts stay int64),
    with each NaN a distinct value, last (MXNet merges NaNs into one)."""
    if x.dtype.kind == "f":
        return _unique_nans_apart(x, **flags)
    if x.dtype != BOOL:
        return mnp.unique(x, **flags)
    out = mnp.unique(x.astype("uint8"), **flags)
    if isinstance(out, (tuple, list)):
        return (out[0].astype("bool"), *out[1:])
    return out.astype("bool")


def _unique_nans_apart(x: Array, *, return_index: bool = False, return_inverse: bool = False,
                       return_counts: bool = False) -> Any:
    """``mxnet.numpy.unique`` of the 1-d float ``x`` with the standard's NaNs:
    the other values' unique, then every NaN as a value of its own (index: its
    position, count: 1). Reads the number of NaNs on the host (the result's
    length depends on it, as on the values)."""
    flags = {"return_index": return_index, "return_inverse": return_inverse,
             "return_counts": return_counts}
    nan = mnp.isnan(x)
    n_nan = int(mnp.sum(nan.astype("int64")).item())
    if n_nan == 0:
        return mnp.unique(x, **flags)
    keep = mnp.nonzero(mnp.logical_not(nan))[0]
    at_nan = mnp.nonzero(nan)[0]
    found = mnp.unique(mnp.take(x, keep), **flags)
    parts = list(found) if isinstance(found, (tuple, list)) else [found]
    distinct = parts[0].shape[0]
    out = [mv.concatenate([parts[0], mnp.full((n_nan,), math.nan, dtype=x.dtype, ctx=x.ctx)])]
    rest = iter(parts[1:])
    if return_index:
        out.append(mv.concatenate([mnp.take(keep, next(rest)), at_nan]))
    if return_inverse:
        inverse = mnp.zeros(x.shape, dtype="int64", ctx=x.ctx)
        if keep.shape[0]:
            inverse[keep] = next(rest)
        else:
            next(rest)
        inverse[at_nan] = mnp.arange(distinct, distinct + n_nan, dtype="int64", ctx=x.ctx)
        out.append(inverse)
    if return_counts:
        out.append(mv.concatenate([next(rest).astype("int64"),
                                   mnp.ones((n_nan,), dtype="int64", ctx=x.ctx)]))
    return tuple(out) if len(out) > 1 else out[0]


def unique_all(x: Array, /) -> UniqueAllResult:
    """Distinct values of ``x``, first indices, inverse indices and counts.

    Deviations fixed: MXNet has ``unique`` with flags (tuple results);
    ``inverse_indices`` has ``x``'s shape; booleans (MXNet has no boolean
    kernel for ``unique``); each NaN is a distinct value, last (MXNet merges
    NaNs into one), for which the number of NaNs is read on the host.
    """
    values, indices, inverse, counts = _unique(x.reshape(-1), return_index=True,
                                               return_inverse=True, return_counts=True)
    return UniqueAllResult(values, indices, inverse.reshape(x.shape), counts)


def unique_counts(x: Array, /) -> UniqueCountsResult:
    """Distinct values of ``x`` and their counts (see :func:`unique_all`)."""
    values, counts = _unique(x.reshape(-1), return_counts=True)
    return UniqueCountsResult(values, counts)


def unique_inverse(x: Array, /) -> UniqueInverseResult:
    """Distinct values of ``x`` and the indices that rebuild ``x`` from them
    (see :func:`unique_all`)."""
    values, inverse = _unique(x.reshape(-1), return_inverse=True)
    return UniqueInverseResult(values, inverse.reshape(x.shape))


def unique_values(x: Array, /) -> Array:
    """The distinct values of ``x``, ascending.

    Deviations fixed: booleans (MXNet has no boolean kernel for ``unique``);
    see :func:`unique_all`.
    """
    return _unique(x.reshape(-1))

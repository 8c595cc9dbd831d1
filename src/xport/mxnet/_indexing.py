"""Indexing and searching functions where MXNet deviates from the standard:
``take``, ``take_along_axis``, ``argmax``, ``argmin``, ``nonzero``,
``searchsorted``, ``where``.

MXNet rejects negative and int8 indices, has no ``keepdims`` for ``argmax``
and ``argmin``, and takes operands of one dtype only (``where``,
``searchsorted``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import mxnet as mx

from .._common.axis_args import normalize_axes
from ._carriers import mv
from ._dtypes import result_type
from ._operands import SCALARS, as_dtype, promoted

Array = Any
_F = Callable[..., Any]
mnp: Any = mx.np


def _arg(native: _F, name: str) -> _F:
    def arg(x: Array, /, *, axis: int | None = None, keepdims: bool = False) -> Array:
        if axis is not None:
            (axis,) = normalize_axes((axis,), x.ndim)
        out = native(x, axis=axis)
        if keepdims:
            out = out.reshape((1,) * x.ndim) if axis is None else mv.expand_dims(out, axis)
        return out

    arg.__name__ = arg.__qualname__ = name
    arg.__doc__ = (f"Indices of the {name[3:]}imum of ``x`` along ``axis``.\n\n"
                   "Deviations fixed: MXNet has no ``keepdims``; an axis out of range "
                   "raises ``IndexError`` (MXNet: an MXNetError).")
    return arg


def where(condition: Array, x1: Array | bool | int | float, x2: Array | bool | int | float,
          /) -> Array:
    """Elements of ``x1`` where ``condition`` is true, of ``x2`` elsewhere.

    Deviations fixed: MXNet rejects operands of different dtypes and makes
    float32 of Python scalars; here the operands promote by the standard's rules.
    """
    if type(x1) in SCALARS or type(x2) in SCALARS:
        like = x2 if type(x1) in SCALARS else x1
        if type(like) in SCALARS:
            dtype = result_type(x1, x2)
            x1, x2 = (mnp.array(x1, dtype=dtype, ctx=condition.ctx),
                      mnp.array(x2, dtype=dtype, ctx=condition.ctx))
        else:
            dtype = result_type(like, x1 if like is x2 else x2)
    else:
        dtype = result_type(x1, x2)
    x1 = as_dtype(x1, dtype, condition)
    x2 = as_dtype(x2, dtype, condition)
    return mv.where(condition, x1, x2)


def take(x: Array, indices: Array, /, *, axis: int | None = None) -> Array:
    """Elements of ``x`` at ``indices`` along ``axis``.

    Deviations fixed: ``axis`` may be omitted for 1-d ``x`` only; negative
    and int8 indices (MXNet rejects both).
    """
    if axis is None:
        if x.ndim != 1:
            raise ValueError("take() needs axis= for arrays of more than one dimension")
        axis = 0
    if indices.dtype.kind not in "iu":
        raise TypeError(f"take() needs integer indices; got {indices.dtype}")
    (axis,) = normalize_axes((axis,), x.ndim)
    return mv.take(x, _indices(indices, x.shape[axis]), axis=axis)


def _indices(indices: Array, n: int) -> Array:
    """int64 indices with negative ones counted from the end (MXNet's take
    rejects negative indices and int8 index arrays)."""
    indices = indices.astype("int64", copy=False)
    return mv.where(indices < 0, indices + n, indices)


def take_along_axis(x: Array, indices: Array, /, *, axis: int = -1) -> Array:
    """Values of ``x`` at ``indices`` along ``axis``.

    Deviation fixed: negative and int8 indices (MXNet rejects both).
    """
    return mv.take_along_axis(x, _indices(indices, x.shape[axis]), axis)


def searchsorted(x1: Array, x2: Array, /, *, side: Literal["left", "right"] = "left",
                 sorter: Array | None = None) -> Array:
    """Insertion indices of ``x2`` into the sorted ``x1``.

    Deviation fixed: operands of different dtypes promote first; ``x2`` may
    be a Python scalar.
    """
    if type(x2) in SCALARS:
        x2 = as_dtype(x2, x1.dtype, x1)
    if x1.dtype != x2.dtype:
        x1, x2 = promoted([x1, x2])
    return mnp.searchsorted(x1, x2, side=side, sorter=sorter)


def nonzero(x: Array, /) -> tuple[Array, ...]:
    """Indices of the non-zero elements of ``x``, one array per axis.

    Deviation fixed: 0-d input raises ``ValueError`` (MXNet treats it as 1-d).
    """
    if x.ndim == 0:
        raise ValueError("nonzero() of a 0-d array is not defined; use "
                         "nonzero(reshape(x, (1,)))")
    return tuple(mnp.nonzero(x))


argmax = _arg(mnp.argmax, "argmax")
argmin = _arg(mnp.argmin, "argmin")

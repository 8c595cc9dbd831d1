"""Products of the main namespace: ``matmul``, ``tensordot``, ``vecdot``,
``matrix_transpose``.

MXNet has no integer kernels for its products (integer products here are
multiplications and sums, exact), fails on zero-size operands, and has no
``vecdot`` nor ``matrix_transpose``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import mxnet as mx

from .._common.axis_args import normalize_axes
from ._carriers import mv
from ._info import DTYPES
from ._operands import promoted
from ._shapes import broadcast_shapes
from ._statistics import sum as _sum

Array = Any
mnp: Any = mx.np


def matrix_transpose(x: Array, /) -> Array:
    """The transpose of each matrix of ``x`` (its last two axes swapped).

    Deviation fixed: MXNet has no ``matrix_transpose``.
    """
    if x.ndim < 2:
        raise ValueError("matrix_transpose() needs an array of at least two dimensions")
    return mv.swapaxes(x, -1, -2)


def matmul(x1: Array, x2: Array, /) -> Array:
    """The matrix product of ``x1`` and ``x2``.

    Deviations fixed: operands promote by the standard's rules; MXNet has no
    integer kernels, so integer products are multiplications and sums (exact);
    zero-size operands (MXNet's kernels fail on them) give zeros.
    """
    if x1.dtype != x2.dtype:
        x1, x2 = promoted([x1, x2])
    if x1.ndim == 0 or x2.ndim == 0:
        raise ValueError("matmul() does not take 0-d arrays")
    a = x1.reshape(1, -1) if x1.ndim == 1 else x1
    b = x2.reshape(-1, 1) if x2.ndim == 1 else x2
    if a.shape[-1] != b.shape[-2]:
        raise ValueError(f"matmul(): shapes {x1.shape} and {x2.shape} do not align")
    shape = (*broadcast_shapes(a.shape[:-2], b.shape[:-2]), a.shape[-2], b.shape[-1])
    if x1.ndim == 1:
        shape = shape[:-2] + shape[-1:]
    if x2.ndim == 1:
        shape = shape[:-1]
    if 0 in shape or a.shape[-1] == 0:
        # MXNet's kernels fail on zero-size operands ("Shape size mismatch 0 v.s. 1"):
        # the product is empty, or a sum of no terms.
        return mnp.zeros(shape, dtype=x1.dtype, ctx=x1.ctx)
    if x1.dtype.kind == "f":
        return mnp.matmul(x1, x2)
    if a.shape[-1] != b.shape[-2]:
        raise ValueError(f"matmul(): shapes {x1.shape} and {x2.shape} do not align")
    # Summed in int64 (MXNet's sum has no uint8 output), wrapped back.
    out = mnp.sum(mv.expand_dims(a, -1) * mv.expand_dims(b, -3), axis=-2,
                  dtype="int64").astype(a.dtype)
    if x1.ndim == 1:
        out = out.reshape(out.shape[:-2] + out.shape[-1:])
    if x2.ndim == 1:
        out = out.reshape(out.shape[:-1])
    return out


def tensordot(x1: Array, x2: Array, /, *,
              axes: int | tuple[Sequence[int], Sequence[int]] = 2) -> Array:
    """The tensor contraction of ``x1`` and ``x2`` over ``axes``.

    Deviations fixed: operands promote by the standard's rules first; integer
    contractions are exact (see :func:`matmul`); axes are checked first (MXNet
    aborts the process on more axes than an operand has).
    """
    if x1.dtype != x2.dtype:
        x1, x2 = promoted([x1, x2])
    if isinstance(axes, int):
        if not 0 <= axes <= min(x1.ndim, x2.ndim):
            raise ValueError(f"tensordot(): axes={axes} needs 0 <= axes <= the operands' "
                             f"dimensions ({x1.ndim} and {x2.ndim})")
        a1 = list(range(x1.ndim - axes, x1.ndim))
        a2 = list(range(axes))
    else:
        a1 = list(normalize_axes(axes[0], x1.ndim))
        a2 = list(normalize_axes(axes[1], x2.ndim))
        if len(a1) != len(a2):
            raise ValueError(f"tensordot(): axes {axes!r} pair {len(a1)} axes of x1 with "
                             f"{len(a2)} of x2")
    if any(x1.shape[i] != x2.shape[j] for i, j in zip(a1, a2, strict=True)):
        raise ValueError(f"tensordot(): shapes {x1.shape} and {x2.shape} do not align on "
                         f"axes {axes!r}")
    if x1.dtype.kind != "f":
        r1 = [i for i in range(x1.ndim) if i not in a1]
        r2 = [i for i in range(x2.ndim) if i not in a2]
        k = math.prod(x1.shape[i] for i in a1)
        left = mv.transpose(x1, r1 + a1).reshape(math.prod(x1.shape[i] for i in r1), k)
        right = mv.transpose(x2, a2 + r2).reshape(k, math.prod(x2.shape[i] for i in r2))
        out = matmul(left, right)
        return out.reshape(tuple(x1.shape[i] for i in r1) + tuple(x2.shape[i] for i in r2))
    return mnp.tensordot(x1, x2, axes=(a1, a2))


def vecdot(x1: Array, x2: Array, /, *, axis: int = -1) -> Array:
    """The dot product of ``x1`` and ``x2`` along ``axis`` (broadcasting).

    Deviation fixed: MXNet has no ``vecdot``. Integer products are summed in
    int64 and wrapped back (MXNet's sum has no uint8 output).
    """
    if x1.dtype != x2.dtype:
        x1, x2 = promoted([x1, x2])
    if x1.shape[axis] != x2.shape[axis]:
        raise ValueError(f"vecdot(): axis {axis} has lengths {x1.shape[axis]} and "
                         f"{x2.shape[axis]}")
    if x1.dtype.kind == "f":
        return _sum(x1 * x2, axis=axis, dtype=x1.dtype)
    return _sum(x1 * x2, axis=axis, dtype=DTYPES["int64"]).astype(x1.dtype)

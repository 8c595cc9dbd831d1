"""The matrix and vector products of the main namespace (``linalg`` has them
too). PyTorch's products require equal dtypes; differing ones are promoted by
the standard's table first."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import torch

from ._operands import promote_to_common

Array = Any


def matmul(x1: Array, x2: Array, /) -> Array:
    """Matrix product of ``x1`` and ``x2`` (stacks broadcast; 1-d operands are
    vectors).

    Deviation fixed: ``torch.matmul`` rejects operands of different dtypes; they
    promote by the standard's table.
    """
    if x1.dtype != x2.dtype:
        x1, x2 = promote_to_common(x1, x2)
    return torch.matmul(x1, x2)


def matrix_transpose(x: Array, /) -> Array:
    """``x`` with its last two axes swapped (a view).

    Deviation fixed: PyTorch has no ``matrix_transpose`` function; this is
    ``x.mT``.
    """
    return x.mT


def tensordot(x1: Array, x2: Array, /, *,
              axes: int | tuple[Sequence[int], Sequence[int]] = 2) -> Array:
    """Sum of products of ``x1`` and ``x2`` over the last ``axes`` axes of ``x1``
    and the first of ``x2``, or over the axes listed in the pair ``axes``.

    Deviations fixed: ``torch.tensordot`` calls ``axes`` ``dims`` and rejects
    operands of different dtypes.
    """
    if x1.dtype != x2.dtype:
        x1, x2 = promote_to_common(x1, x2)
    return torch.tensordot(x1, x2, dims=axes)


def vecdot(x1: Array, x2: Array, /, *, axis: int = -1) -> Array:
    """Dot product of vectors along ``axis``, the first operand conjugated;
    the other axes broadcast.

    Deviations fixed: ``torch.linalg.vecdot`` rejects integer tensors and
    operands of different dtypes, and raises ``RuntimeError`` (the standard:
    ``ValueError``) for vectors of different lengths.
    """
    if x1.shape[axis] != x2.shape[axis]:
        raise ValueError(f"vecdot(): the vectors along axis {axis} have lengths "
                         f"{x1.shape[axis]} and {x2.shape[axis]}")
    if x1.dtype != x2.dtype:
        x1, x2 = promote_to_common(x1, x2)
    if x1.dtype.is_floating_point or x1.dtype.is_complex:
        return torch.linalg.vecdot(x1, x2, dim=axis)
    return torch.sum(x1 * x2, dim=axis, dtype=x1.dtype)

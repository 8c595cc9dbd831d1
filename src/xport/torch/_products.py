"""The matrix and vector products of the main namespace (``linalg`` has them
too). PyTorch's products require equal dtypes; differing ones are promoted by
the standard's table first. PyTorch has no product kernel for ``uint16``,
``uint32`` and ``uint64``: those are computed in their signed carriers
(``_unsigned``), whose wrapping arithmetic has the same low bits, and carried
back."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import torch

from ._operands import promote_to_common
from ._unsigned import SHELL_UNSIGNED, carry, uncarry

Array = Any

def _same_dtype(x1: Array, x2: Array) -> tuple[Array, Array, torch.dtype | None]:
    """``x1`` and ``x2`` promoted to one dtype, in a signed carrier where that dtype has
    no product kernel, and the dtype to carry the result back to (or None)."""
    if x1.dtype != x2.dtype:
        x1, x2 = promote_to_common(x1, x2)
    dtype = x1.dtype
    if dtype in SHELL_UNSIGNED:
        return carry(x1, dtype), carry(x2, dtype), dtype
    return x1, x2, None


def _cast_back(out: Array, dtype: torch.dtype | None) -> Array:
    return out if dtype is None else uncarry(out, dtype)


def matmul(x1: Array, x2: Array, /, **kwargs: Any) -> Array:
    """Matrix product of ``x1`` and ``x2`` (stacks broadcast; 1-d operands are
    vectors).

    Deviations fixed: ``torch.matmul`` rejects operands of different dtypes (they
    promote by the standard's table) and has no ``uint16``/``uint32``/``uint64``
    kernel.

    PyTorch's own keywords (``out=``) are passed on to ``torch.matmul``, as
    array-api-compat does.
    """
    dtype = x1.dtype
    if dtype is x2.dtype and dtype not in SHELL_UNSIGNED and not kwargs:
        return torch.matmul(x1, x2)
    x1, x2, carried = _same_dtype(x1, x2)
    return _cast_back(torch.matmul(x1, x2, **kwargs), carried)


def matrix_transpose(x: Array, /) -> Array:
    """``x`` with its last two axes swapped (a view).

    Deviation fixed: PyTorch has no ``matrix_transpose`` function; this is
    ``x.mT``.
    """
    return x.mT


def tensordot(x1: Array, x2: Array, /, *,
              axes: int | tuple[Sequence[int], Sequence[int]] = 2, **kwargs: Any) -> Array:
    """Sum of products of ``x1`` and ``x2`` over the last ``axes`` axes of ``x1``
    and the first of ``x2``, or over the axes listed in the pair ``axes``.

    Deviations fixed: ``torch.tensordot`` calls ``axes`` ``dims``, rejects
    operands of different dtypes and has no ``uint16``/``uint32``/``uint64``
    kernel.

    PyTorch's own keywords (``out=``) are passed on to ``torch.tensordot``, as
    array-api-compat does.
    """
    x1, x2, dtype = _same_dtype(x1, x2)
    return _cast_back(torch.tensordot(x1, x2, dims=axes, **kwargs), dtype)


def outer(x1: Array, x2: Array, /) -> Array:
    """Outer product of two vectors.

    Deviations fixed: ``torch.outer`` refuses to promote ``uint16``/``uint32``/
    ``uint64`` with other dtypes and has no product kernel for them.
    """
    x1, x2, dtype = _same_dtype(x1, x2)
    return _cast_back(torch.outer(x1, x2), dtype)


def vecdot(x1: Array, x2: Array, /, *, axis: int = -1, **kwargs: Any) -> Array:
    """Dot product of vectors along ``axis``, the first operand conjugated;
    the other axes broadcast.

    Deviations fixed: ``torch.linalg.vecdot`` rejects integer tensors and
    operands of different dtypes, and raises ``RuntimeError`` (the standard:
    ``ValueError``) for vectors of different lengths; no ``uint16``/``uint32``/
    ``uint64`` sum kernel.

    PyTorch's own keywords (``out=``) are passed on to ``torch.linalg.vecdot``,
    as array-api-compat's ``linalg.vecdot`` does; for integer operands (where
    array-api-compat raises) to the ``torch.sum`` that makes the result.
    """
    if x1.shape[axis] != x2.shape[axis]:
        raise ValueError(f"vecdot(): the vectors along axis {axis} have lengths "
                         f"{x1.shape[axis]} and {x2.shape[axis]}")
    x1, x2, dtype = _same_dtype(x1, x2)
    if x1.dtype.is_floating_point or x1.dtype.is_complex:
        return torch.linalg.vecdot(x1, x2, dim=axis, **kwargs)
    return _cast_back(torch.sum(x1 * x2, dim=axis, dtype=x1.dtype, **kwargs), dtype)

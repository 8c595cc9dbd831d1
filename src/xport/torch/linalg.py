"""The standard's ``linalg`` extension for PyTorch tensors.

``torch.linalg`` conforms for most functions; its decompositions return
PyTorch's named-tuple types (``torch.return_types.*``), whose fields have the
standard's names.
"""

from __future__ import annotations

from typing import Any

import torch as _torch

from .._common.namespace import populate as _populate
from .._common.namespace import reach_native as _reach_native
from .._common.reductions import make_reduction as _make_reduction
from .._spec import names as _names
from ._operands import promote_to_common as _promote_to_common
from ._products import matmul, matrix_transpose, outer, tensordot, vecdot
from ._statistics import SHAPES as _SHAPES
from ._statistics import sum as _sum
from ._unsigned import routed as _routed

Array = Any

_cross = _routed("cross", _torch.linalg.cross)


def cross(x1: Array, x2: Array, /, *, axis: int = -1) -> Array:
    """Cross product of 3-element vectors along ``axis``; the other axes
    broadcast.

    Deviations fixed: ``torch.linalg.cross`` needs operands of equal dtype and
    number of dimensions, and raises ``RuntimeError`` (the standard:
    ``ValueError``) for vectors that are not 3-element, and has no
    ``uint16``/``uint32``/``uint64`` kernel (computed through ``int32``/
    ``int64``, see ``xport.torch._unsigned``).
    """
    if x1.shape[axis] != 3 or x2.shape[axis] != 3:
        raise ValueError(f"cross(): the vectors along axis {axis} must have 3 elements, "
                         f"got {x1.shape[axis]} and {x2.shape[axis]}")
    if x1.dtype != x2.dtype:
        x1, x2 = _promote_to_common(x1, x2)
    if x1.shape != x2.shape:
        x1, x2 = _torch.broadcast_tensors(x1, x2)  # type: ignore[no-untyped-call]
    return _cross(x1, x2, dim=axis)


def solve(x1: Array, x2: Array, /, **kwargs: Any) -> Array:
    """The solution ``X`` of ``x1 @ X = x2`` for square ``x1``; a 1-d ``x2`` is a
    vector, any other ``x2`` a (stack of) matrix.

    Deviations fixed: ``torch.linalg.solve`` reads ``x2`` of shape
    ``x1.shape[:-1]`` as a stack of vectors (the standard: a matrix), and
    rejects operands of different dtypes.

    PyTorch's own keywords (``left=``, ``out=``) are passed on to
    ``torch.linalg.solve``, as array-api-compat does.
    """
    if x1.dtype != x2.dtype:
        x1, x2 = _promote_to_common(x1, x2)
    if x2.ndim > 1 and x2.ndim == x1.ndim - 1 and x2.shape == x1.shape[:-1]:
        x2 = x2[None]
    return _torch.linalg.solve(x1, x2, **kwargs)


def trace(x: Array, /, *, offset: int = 0, dtype: Any = None) -> Array:
    """Sum of the ``offset``-th diagonal of (each matrix of) ``x``.

    Deviations fixed: ``torch.trace`` takes one matrix and no ``offset``;
    integers accumulate like :func:`xport.torch.sum`.
    """
    return _sum(_torch.diagonal(x, offset, -2, -1), axis=-1, dtype=dtype)


_native_vector_norm = _torch.linalg.vector_norm
_vector_norm = _make_reduction(_native_vector_norm, _SHAPES, native_tuples=True)


def vector_norm(x: Array, /, *, axis: int | tuple[int, ...] | None = None,
                keepdims: bool = False, ord: float = 2,  # noqa: A002
                **kwargs: Any) -> Array:
    """The ``ord``-norm of ``x`` over ``axis`` (all elements for ``None``).

    Deviation fixed: ``torch.linalg.vector_norm`` reads ``axis=()`` as every
    axis; the standard reduces over none (the norm of each element alone).

    PyTorch's own keywords (``dtype=``, ``out=``) are passed on to
    ``torch.linalg.vector_norm``, as array-api-compat does.
    """
    if not kwargs:
        if axis is None or type(axis) is int:
            if axis is None and ord == 2 and not keepdims:
                return _native_vector_norm(x)  # PyTorch parses a given ord measurably slower
            return _native_vector_norm(x, ord, axis, keepdims)
        if type(axis) is tuple and axis:
            # PyTorch reads a non-empty tuple as the standard does; one it
            # refuses gets the standard's error below.
            try:
                return _native_vector_norm(x, ord, axis, keepdims)
            except (IndexError, RuntimeError):
                pass
    return _vector_norm(x, axis, keepdims, ord=ord, **kwargs)


_WRAPPERS = {
    "cross": cross, "solve": solve, "trace": trace, "vector_norm": vector_norm,
    "matmul": matmul, "matrix_transpose": matrix_transpose, "tensordot": tensordot,
    "vecdot": vecdot, "outer": outer,
}

_PROVENANCE = _populate(
    globals(),
    _torch.linalg,
    _names.LINALG_NAMES[_names.LATEST_VERSION],
    wrappers=_WRAPPERS,
)

__all__ = sorted(_names.LINALG_NAMES[_names.LATEST_VERSION])


def __dir__() -> list[str]:
    return __all__


# Names beyond the standard resolve to the library's own (torch.linalg).
_reach_native(globals(), _torch.linalg)

"""Indexing and searching functions where PyTorch deviates from the standard."""

from __future__ import annotations

from typing import Any

import torch

from .._common.axis_args import normalize_axes
from ._host import compiler, dynamo_compiling, transforms_active
from ._info import INDEX_DTYPES
from ._operands import promote_pair
from ._unsigned import SHELL_UNSIGNED, WHERE_TAKES_UNSIGNED, carry, uncarry

Array = Any

# Unsigned dtypes PyTorch has no gather kernels for, and the signed dtype of
# their size: a gather moves bits, so it runs on a view as that.
_SAME_BITS = {torch.uint16: torch.int16, torch.uint32: torch.int32, torch.uint64: torch.int64}
_INT64 = torch.int64
_Tensor = torch.Tensor


def take(x: Array, indices: Array, /, *, axis: int | None = None, **kwargs: Any) -> Array:
    """Elements of ``x`` at ``indices`` along ``axis`` (``x`` must be 1-D when
    ``axis`` is None).

    Deviation fixed: ``torch.index_select`` rejects negative indices (the
    standard counts them from the end) and ``torch.take`` indexes the flattened
    tensor. A 1-d ``x`` with ``int64`` indices is ``torch.take``, whose kernel
    counts negative indices from the end (not under ``torch.func`` transforms:
    ``vmap`` has no batching rule for it). Otherwise this is
    ``torch.index_select``: eagerly on the CPU, whose kernel raises at once,
    the indices are counted from the end only when it refuses them; elsewhere
    (other devices, inside ``torch.compile``) they go through a ``torch.where``
    first (on the device: no host sync). ``uint16``/``uint32``/``uint64``,
    which have no gather kernels, are gathered as the signed dtype of their
    size.

    PyTorch's own keywords (``out=``) go, as in array-api-compat, to
    ``torch.index_select``.
    """
    ndim = x.ndim
    refused = False  # whether index_select refused these very indices
    if ndim > 1 and axis is not None and not kwargs and x.is_cpu \
            and not (dynamo_compiling() or compiler._is_compiling_flag):
        # Eagerly the kernel itself refuses what it cannot take as given
        # (negative indices, index dtypes other than int32 and int64, dtypes
        # without a kernel, an axis out of range): those take the long way
        # below. (An axis or indices of a wrong type raise PyTorch's TypeError.)
        try:
            return torch.index_select(x, axis, indices)
        except (IndexError, RuntimeError):
            refused = True
    dtype = indices.dtype
    if dtype is _INT64 and ndim == 1 and not kwargs and (axis is None or axis in (0, -1)):
        if dynamo_compiling() or compiler._is_compiling_flag:
            if x.dtype.is_floating_point or x.dtype not in _SAME_BITS:
                return torch.take(x, indices)
        elif not transforms_active():
            # Eagerly the kernel itself says whether x's dtype has one (reading
            # the dtype first costs every call); traced, nothing would say.
            try:
                return torch.take(x, indices)
            except (NotImplementedError, RuntimeError):
                # uint16/uint32/uint64 (PyTorch before 2.5 raises RuntimeError for a
                # missing kernel): gathered as signed below; a genuine error is
                # raised again there
                pass
    if axis is None:
        if ndim != 1:
            raise ValueError(f"take(): axis=None needs a 1-d array, got {ndim}-d; "
                             "pass axis=")
        axis = 0
    if dtype is not _INT64 and dtype not in INDEX_DTYPES:
        if indices.is_floating_point() or indices.is_complex() or dtype == torch.bool:
            raise TypeError(f"take(): indices have dtype {dtype}; the standard "
                            "takes integer indices: cast them with astype")
        indices = indices.to(torch.int64)
        refused = False
    if axis != 0 or not ndim:
        (axis,) = normalize_axes((axis,), ndim, name="axis")
    if not refused and x.is_cpu and not (dynamo_compiling() or compiler._is_compiling_flag):
        try:
            # Without kwargs, no empty ** (the builtin parses one measurably slower).
            if kwargs:
                return torch.index_select(x, axis, indices, **kwargs)
            return torch.index_select(x, axis, indices)
        except (IndexError, RuntimeError):
            pass  # a negative (or out-of-range) index, or a dtype without a kernel
    if not x.dtype.is_floating_point and x.dtype in _SAME_BITS:
        signed = _SAME_BITS[x.dtype]
        if "out" in kwargs:
            kwargs = {**kwargs, "out": kwargs["out"].view(signed)}
        return take(x.view(signed), indices, axis=axis, **kwargs).view(x.dtype)
    return torch.index_select(x, axis, _from_end(indices, x.shape[axis]), **kwargs)


def _from_end(indices: Array, length: int) -> Array:
    """``indices`` with negative ones counted from the end of an axis of
    ``length`` (a ``torch.where`` on the device: no host sync)."""
    return torch.where(indices < 0, indices + length, indices)


def take_along_axis(x: Array, indices: Array, /, *, axis: int = -1) -> Array:
    """Elements of ``x`` at ``indices`` along ``axis``, matched elementwise on
    the other axes.

    Deviations fixed: ``torch.take_along_dim`` defaults to the flattened tensor
    (the standard: ``axis=-1``) and takes ``int64`` indices only; before
    PyTorch 2.5 its kernel rejects negative indices, which are then counted
    from the end with a ``torch.where`` (on the device: no host sync).
    """
    if indices.dtype != torch.int64:
        indices = indices.to(torch.int64)
    if not _GATHER_COUNTS_FROM_END:
        indices = _from_end(indices, x.shape[axis])
    return torch.take_along_dim(x, indices, dim=axis)


def _gather_counts_from_end() -> bool:
    try:
        torch.take_along_dim(torch.zeros(2), torch.tensor([-1]), dim=0)
    except (IndexError, RuntimeError):
        return False
    return True


_GATHER_COUNTS_FROM_END = _gather_counts_from_end()


def nonzero(x: Array, /, **kwargs: Any) -> tuple[Array, ...]:
    """Indices of the non-zero elements of ``x``, one array per axis.

    Deviations fixed: ``torch.nonzero`` returns one 2-d tensor by default and
    accepts 0-d input (the standard: ``ValueError``).

    Other keywords are passed on to ``torch.nonzero``, as array-api-compat does.
    """
    if x.ndim == 0:
        raise ValueError("nonzero() needs an array with at least one dimension")
    return torch.nonzero(x, as_tuple=True, **kwargs)


def where(condition: Array, x1: Array | complex, x2: Array | complex, /) -> Array:
    """Elements of ``x1`` where ``condition`` is true, else of ``x2``.

    Deviation fixed: two tensors of different dtypes promote by the standard's
    table (PyTorch lets a 0-d one lose, e.g. ``int8`` with 0-d ``int64`` gives
    ``int8``). Before PyTorch 2.5, ``uint16``/``uint32``/``uint64`` operands
    (which ``torch.where`` has no kernel for there) are selected in their
    signed carriers (see ``_unsigned``).
    """
    # Two tensors of the library's class and one dtype (the common call) first.
    if WHERE_TAKES_UNSIGNED and type(x1) is _Tensor and type(x2) is _Tensor \
            and x1.dtype is x2.dtype:
        return torch.where(condition, x1, x2)
    if (isinstance(x1, torch.Tensor) and isinstance(x2, torch.Tensor)
            and x1.dtype != x2.dtype):
        x1, x2 = promote_pair(x1, x2)
    if not WHERE_TAKES_UNSIGNED:
        tensor = x1 if isinstance(x1, torch.Tensor) else x2
        if isinstance(tensor, torch.Tensor) and tensor.dtype in SHELL_UNSIGNED:
            dtype = tensor.dtype
            return uncarry(torch.where(condition, carry(x1, dtype), carry(x2, dtype)), dtype)
    return torch.where(condition, x1, x2)

"""The standard's set functions over ``torch.unique``.

``torch.unique`` sorts the unique values (the standard leaves the order open)
and counts each NaN as its own value, but returns plain tuples, no
first-occurrence indices, and has no kernel for complex tensors; those are
handled here. Output shapes depend on the data, as the standard says.
"""

from __future__ import annotations

from typing import Any

import torch

from .._common.results import UniqueAllResult, UniqueCountsResult, UniqueInverseResult

# A dict, not a set: torch.compile guards a dict membership by its one key.
_COMPLEX = dict.fromkeys((torch.complex64, torch.complex128), True)

Array = Any


def _unique(x: Array, *, inverse: bool = False, counts: bool = False) -> Any:
    """``torch.unique(x, ...)``; complex values are unique (real, imag) rows."""
    if not x.dtype.is_complex:
        return torch.unique(x, return_inverse=inverse, return_counts=counts)
    rows = torch.view_as_real(x.resolve_conj().reshape(-1))
    out = torch.unique(rows, dim=0, return_inverse=inverse, return_counts=counts)
    if not (inverse or counts):
        return torch.view_as_complex(out.contiguous())
    values, *rest = out
    if inverse:
        rest[0] = rest[0].reshape(x.shape)
    return (torch.view_as_complex(values.contiguous()), *rest)


def unique_values(x: Array, /) -> Array:
    """The unique elements of ``x``, as a 1-d tensor.

    Deviations fixed: PyTorch has no ``unique_values`` (this is
    ``torch.unique``), and ``torch.unique`` rejects complex tensors.
    """
    if x.dtype not in _COMPLEX:
        return torch.unique(x)
    return _unique(x)


def unique_counts(x: Array, /) -> UniqueCountsResult:
    """The unique elements of ``x`` and how often each occurs.

    Deviations fixed: PyTorch has no ``unique_counts``; this is
    ``torch.unique(x, return_counts=True)`` as a named tuple, complex tensors
    included.
    """
    values, counts = _unique(x, counts=True)
    return UniqueCountsResult(values, counts)


def unique_inverse(x: Array, /) -> UniqueInverseResult:
    """The unique elements of ``x`` and the indices (of ``x``'s shape) that
    rebuild ``x`` from them.

    Deviations fixed: PyTorch has no ``unique_inverse``; this is
    ``torch.unique(x, return_inverse=True)`` as a named tuple, complex tensors
    included.
    """
    values, inverse = _unique(x, inverse=True)
    return UniqueInverseResult(values, inverse)


def unique_all(x: Array, /) -> UniqueAllResult:
    """The unique elements of ``x``, the index of the first occurrence of each in
    the flattened ``x``, the inverse indices and the counts.

    Deviation fixed: ``torch.unique`` returns no indices; the first occurrence
    of each value is the smallest flat position its inverse index points from.
    """
    values, inverse, counts = _unique(x, inverse=True, counts=True)
    flat_inverse = inverse.reshape(-1)
    positions = torch.arange(flat_inverse.numel(), device=x.device)
    first = torch.full(values.shape, flat_inverse.numel(), dtype=torch.int64, device=x.device)
    indices = first.scatter_reduce(0, flat_inverse, positions, reduce="amin")
    return UniqueAllResult(values, indices, inverse, counts)

"""Creation functions where PyTorch deviates from the standard.

Each also takes a standard dtype's name (``dtype="float64"``), as NumPy, JAX,
TensorFlow and Dask do; PyTorch's own functions take only ``torch.dtype``.
"""

from __future__ import annotations

import math
from typing import Any, Literal

import torch

from ._info import dtype_named
from ._unsigned import SHELL_UNSIGNED

Array = Any
Device = Any
DType = Any


def _shape(shape: int | tuple[int, ...]) -> tuple[int, ...]:
    return (shape,) if isinstance(shape, int) else tuple(shape)


def _is_integral(dtype: DType) -> bool:
    return dtype is not None and not (dtype.is_floating_point or dtype.is_complex)


def arange(start: float, /, stop: float | None = None, step: float = 1, *,
           dtype: DType | None = None, device: Device | None = None, **kwargs: Any) -> Array:
    """Evenly spaced values in ``[start, stop)``.

    Deviations fixed: ``torch.arange`` raises for an empty range (the
    standard: an empty array), takes no ``stop=None``, truncates float
    arguments when asked for an integer dtype, and has no kernel for
    ``uint16``/``uint32``/``uint64`` (made as ``int64`` and cast here).

    PyTorch's own keywords (``out=``, ``requires_grad=``, ...) are passed on to
    ``torch.arange`` (``torch.empty`` for an empty range), as array-api-compat
    does.
    """
    if isinstance(dtype, str):
        dtype = dtype_named(dtype, "arange()")
    if stop is None:
        start, stop = 0, start
    if step != 0 and math.ceil((stop - start) / step) <= 0:
        if dtype is None:
            python_ints = all(type(v) is int for v in (start, stop, step))
            dtype = torch.int64 if python_ints else torch.get_default_dtype()
        return torch.empty(0, dtype=dtype, device=device, **kwargs)
    if dtype in SHELL_UNSIGNED or (
            _is_integral(dtype) and not all(isinstance(v, int) for v in (start, stop, step))):
        return torch.arange(start, stop, step, device=device, **kwargs).to(dtype)
    return torch.arange(start, stop, step, dtype=dtype, device=device, **kwargs)


def asarray(obj: Any, /, *, dtype: DType | None = None, device: Device | None = None,
            copy: bool | None = None, **kwargs: Any) -> Array:
    """Convert ``obj`` (a tensor, an object with ``__dlpack__`` or the buffer
    protocol, a Python scalar or nested sequence) to a tensor.

    Deviation fixed: for a tensor and ``device=None``, ``torch.asarray`` puts the
    result on PyTorch's default device (``torch.set_default_device``); the
    standard keeps it on ``obj``'s device. A sequence holding 0-d ``uint64``
    tensors, which ``torch.asarray`` cannot read, is read element by element
    (the dtype theirs unless given).

    PyTorch's own keywords (``requires_grad=``, ...) are passed on to
    ``torch.asarray``, as array-api-compat does.
    """
    if isinstance(dtype, str):
        dtype = dtype_named(dtype, "asarray()")
    if device is None and isinstance(obj, torch.Tensor):
        device = obj.device
    try:
        return torch.asarray(obj, dtype=dtype, device=device, copy=copy, **kwargs)
    except TypeError:
        if not isinstance(obj, (list, tuple)):
            raise
    # PyTorch cannot read 0-d uint64 tensors inside a sequence: read them here.
    found: list[torch.dtype] = []
    numbers = _numbers(obj, found)
    return torch.asarray(numbers, dtype=dtype or (found[0] if found else None), device=device,
                         copy=copy, **kwargs)


def _numbers(obj: Any, found: list[torch.dtype]) -> Any:
    """``obj`` (a nested sequence) with its 0-d tensors as Python numbers, their
    dtypes appended to ``found``."""
    if isinstance(obj, torch.Tensor) and obj.ndim == 0:
        found.append(obj.dtype)
        return obj.item()
    if isinstance(obj, (list, tuple)):
        return [_numbers(o, found) for o in obj]
    return obj


def empty(shape: int | tuple[int, ...], *, dtype: DType | None = None,
          device: Device | None = None, **kwargs: Any) -> Array:
    """An uninitialised tensor of ``shape``.

    Deviation fixed: ``torch.empty`` calls the shape ``size`` (``shape=`` fails).

    PyTorch's own keywords (``out=``, ``requires_grad=``, ...) are passed on to
    ``torch.empty``, as array-api-compat does.
    """
    if isinstance(dtype, str):
        dtype = dtype_named(dtype, "empty()")
    return torch.empty(shape, dtype=dtype, device=device, **kwargs)


def zeros(shape: int | tuple[int, ...], *, dtype: DType | None = None,
          device: Device | None = None, **kwargs: Any) -> Array:
    """A tensor of zeros of ``shape``.

    Deviation fixed: ``torch.zeros`` calls the shape ``size`` (``shape=`` fails).

    PyTorch's own keywords (``out=``, ``requires_grad=``, ...) are passed on to
    ``torch.zeros``, as array-api-compat does.
    """
    if isinstance(dtype, str):
        dtype = dtype_named(dtype, "zeros()")
    return torch.zeros(shape, dtype=dtype, device=device, **kwargs)


def ones(shape: int | tuple[int, ...], *, dtype: DType | None = None,
         device: Device | None = None, **kwargs: Any) -> Array:
    """A tensor of ones of ``shape``.

    Deviation fixed: ``torch.ones`` calls the shape ``size`` (``shape=`` fails).

    PyTorch's own keywords (``out=``, ``requires_grad=``, ...) are passed on to
    ``torch.ones``, as array-api-compat does.
    """
    if isinstance(dtype, str):
        dtype = dtype_named(dtype, "ones()")
    return torch.ones(shape, dtype=dtype, device=device, **kwargs)


def full(shape: int | tuple[int, ...], fill_value: complex, *, dtype: DType | None = None,
         device: Device | None = None, **kwargs: Any) -> Array:
    """A tensor of ``shape`` filled with ``fill_value``.

    Deviations fixed: ``torch.full`` rejects an int shape and calls the shape
    ``size``.

    PyTorch's own keywords (``out=``, ``requires_grad=``, ...) are passed on to
    ``torch.full``, as array-api-compat does.
    """
    if isinstance(dtype, str):
        dtype = dtype_named(dtype, "full()")
    return torch.full(_shape(shape), fill_value, dtype=dtype, device=device, **kwargs)


def eye(n_rows: int, n_cols: int | None = None, /, *, k: int = 0,
        dtype: DType | None = None, device: Device | None = None, **kwargs: Any) -> Array:
    """A 2-D tensor with ones on the ``k``-th diagonal and zeros elsewhere.

    Deviations fixed: ``torch.eye`` takes no ``n_cols=None`` and no ``k``, and
    has no kernel for ``uint16``/``uint32``/``uint64``.

    PyTorch's own keywords (``out=``, ``requires_grad=``, ...) are passed on to
    ``torch.eye`` (``torch.zeros``, whose diagonal is then set, for ``k != 0``),
    as array-api-compat does.
    """
    if isinstance(dtype, str):
        dtype = dtype_named(dtype, "eye()")
    n_cols = n_rows if n_cols is None else n_cols
    if dtype in SHELL_UNSIGNED:
        return eye(n_rows, n_cols, k=k, device=device, **kwargs).to(dtype)
    if k == 0:
        return torch.eye(n_rows, n_cols, dtype=dtype, device=device, **kwargs)
    out = torch.zeros(n_rows, n_cols, dtype=dtype, device=device, **kwargs)
    if -n_rows < k < n_cols:
        with torch.no_grad():  # setting up a leaf, which may have requires_grad=True
            out.diagonal(k).fill_(1)
    return out


def linspace(start: complex, stop: complex, /, num: int, *, dtype: DType | None = None,
             device: Device | None = None, endpoint: bool = True, **kwargs: Any) -> Array:
    """``num`` evenly spaced values from ``start`` to ``stop``.

    Deviation fixed: ``torch.linspace`` has no ``endpoint``.

    PyTorch's own keywords (``out=``, ``requires_grad=``, ...) are passed on to
    ``torch.linspace``, as array-api-compat does.
    """
    if isinstance(dtype, str):
        dtype = dtype_named(dtype, "linspace()")
    if endpoint:
        return torch.linspace(start, stop, num, dtype=dtype, device=device, **kwargs)
    return torch.linspace(start, stop, num + 1, dtype=dtype, device=device, **kwargs)[:-1]


def meshgrid(*arrays: Array, indexing: Literal["xy", "ij"] = "xy") -> tuple[Array, ...]:
    """Coordinate matrices from coordinate vectors.

    Deviations fixed: ``torch.meshgrid`` defaults to ``indexing="ij"`` (the
    standard: ``"xy"``) and rejects an empty argument list.
    """
    if indexing not in ("xy", "ij"):
        raise ValueError(f"meshgrid(): indexing must be 'xy' or 'ij', got {indexing!r}")
    return tuple(torch.meshgrid(*arrays, indexing=indexing)) if arrays else ()


def tril(x: Array, /, *, k: int = 0) -> Array:
    """The lower triangle of (each matrix of) ``x``, from the ``k``-th diagonal.

    Deviation fixed: ``torch.tril`` calls ``k`` ``diagonal``.
    """
    return torch.tril(x, k)


def triu(x: Array, /, *, k: int = 0) -> Array:
    """The upper triangle of (each matrix of) ``x``, from the ``k``-th diagonal.

    Deviation fixed: ``torch.triu`` calls ``k`` ``diagonal``.
    """
    return torch.triu(x, k)

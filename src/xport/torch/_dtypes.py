"""Data type functions: ``astype``, ``can_cast``, ``finfo``, ``iinfo``,
``isdtype``, ``result_type``."""

from __future__ import annotations

from typing import Any

import torch

from .._common.dtype_info import make_can_cast
from .._common.dtype_limits import make_finfo, make_iinfo
from .._common.kinds import make_isdtype
from .._common.promotion import make_result_type
from ._info import DTYPES, INFO, dtype_name, dtype_named

Array = Any
_DTYPE = torch.dtype


def _as_dtype(dtype: Any) -> torch.dtype:
    # torch.finfo(...).dtype is a string such as 'float32'.
    return getattr(torch, dtype) if isinstance(dtype, str) else dtype  # type: ignore[no-any-return]


def astype(x: Array, dtype: torch.dtype | str, /, *, copy: bool = True,
           device: Any = None) -> Array:
    """Cast ``x`` to ``dtype`` (and to ``device`` when given).

    Deviation fixed: PyTorch has no ``astype`` function; this is
    ``x.to(dtype=dtype, copy=copy)``. ``copy=False`` returns ``x`` itself when
    nothing changes. ``dtype`` may also be a standard dtype's name
    (``"float64"``), as NumPy, JAX, TensorFlow and Dask accept (``x.to`` would
    read a string as a device).
    """
    # By keyword: PyTorch's parser tries the device overload first for a
    # positional argument.
    if device is None and type(dtype) is _DTYPE:
        return x.to(dtype=dtype, copy=copy)
    if isinstance(dtype, str):
        dtype = dtype_named(dtype, "astype()")
    return x.to(device=device, dtype=dtype, copy=copy)


can_cast = make_can_cast(dtype_name, torch.can_cast)
finfo = make_finfo(torch.finfo, _as_dtype)
iinfo = make_iinfo(torch.iinfo, _as_dtype)


def _kind_of_other(dtype: Any) -> str | None:
    """float16, bfloat16, the float8 types: real floating; complex32: complex."""
    if not isinstance(dtype, torch.dtype):
        return None
    if dtype.is_complex:
        return "complex floating"
    return "real floating" if dtype.is_floating_point else None


isdtype = make_isdtype(dtype_name, _kind_of_other, dtypes=DTYPES)


def _scalar_beside(dtype: torch.dtype, scalar: object) -> torch.dtype:
    """PyTorch's own promotion of a Python scalar with a non-standard dtype
    (``float16 + 1j`` is ``complex32``)."""
    promote: Any = torch.result_type  # its overloads do not list Python scalars
    return promote(torch.empty((), dtype=dtype, device="meta"), scalar)  # type: ignore[no-any-return]


result_type = make_result_type(DTYPES, dtype_name, defaults=INFO.default_dtypes,
                               native=torch.promote_types, native_scalar=_scalar_beside)

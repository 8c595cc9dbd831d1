"""Creation functions where MXNet deviates from the standard.

MXNet's creation functions take ``ctx=`` (not ``device=``) and make float32
unless told otherwise (``arange(3)``, ``array([1, 2])``, ``full(s, 1)``); it has no
``asarray`` nor ``triu``, and its ``from_dlpack`` reads DLPack capsules only.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import mxnet as mx
import numpy as np

from .._common.copying import copy_required
from .._common.shapes import check_shape, check_sizes
from .._common.tuples import make_meshgrid
from . import _info
from ._carriers import mv
from ._info import DTYPES, context
from ._operands import default_of_scalar

Array = Any
DType = Any
Device = Any
_F = Callable[..., Any]
mnp: Any = mx.np
_nd: Any = mx.nd


def _python_dtype(obj: Any) -> Any:
    """The standard's dtype of Python data (nested sequences of scalars): the
    default floating dtype if any leaf is a float, else the default integer
    dtype if any is an int, else bool; None for anything else (NumPy scalars,
    arrays), whose dtype MXNet's ``array`` keeps."""
    kinds: set[type] = set()
    stack = [obj]
    while stack:
        item = stack.pop()
        if isinstance(item, (list, tuple)):
            stack.extend(item)
        elif type(item) in (bool, int, float, complex):
            kinds.add(type(item))
        else:
            return None
    if complex in kinds:
        raise TypeError("MXNet has no complex dtypes; asarray() cannot hold complex numbers")
    if float in kinds:
        return _info.default_dtype("real floating")
    if int in kinds:
        return _info.default_dtype("integral")
    return DTYPES["bool"] if kinds else None


def asarray(obj: Any, /, *, dtype: DType | None = None, device: Device | None = None,
            copy: bool | None = None) -> Array:
    """Convert ``obj`` (an array, a NumPy array, Python scalars or nested
    sequences of them) to an ``mxnet.numpy`` array.

    Deviations fixed: MXNet has no ``asarray``; its ``array`` makes float32 of
    Python ints and bools (here int64 and bool, as the standard's defaults) and
    takes ``ctx`` rather than ``device``. ``copy=False`` is refused for anything
    but an MXNet array of the requested dtype and device (MXNet cannot share
    another library's memory).
    """
    ctx = context(device)
    if isinstance(obj, mnp.ndarray):
        same = (dtype is None or obj.dtype == dtype) and (ctx is None or obj.ctx == ctx)
        if same and not copy:
            return obj
        if copy is False:
            raise copy_required("asarray()", "a change of dtype or device")
        out = obj.astype(obj.dtype if dtype is None else dtype, copy=True)
        return out if ctx is None else out.as_in_ctx(ctx)
    if copy is False:
        raise copy_required("asarray()", f"MXNet copies every {type(obj).__name__}")
    if dtype is None and not isinstance(obj, np.ndarray):
        dtype = _python_dtype(obj)
    return mnp.array(obj, dtype=dtype, ctx=ctx)


def _creation(native: _F, name: str) -> _F:
    """``native(shape)`` with the standard's ``device`` keyword for ``ctx``."""

    def create(shape: int | tuple[int, ...], *, dtype: DType | None = None,
               device: Device | None = None) -> Array:
        check_shape(shape, f"{name}()")  # MXNet's shape inference fails obscurely
        return native(shape, dtype=_info.default_dtype("real floating") if dtype is None
                      else dtype, ctx=context(device))

    create.__name__ = create.__qualname__ = name
    create.__doc__ = (f"``mxnet.numpy.{name}`` of ``shape``.\n\nDeviation fixed: the "
                      "standard's ``device`` keyword (MXNet's ``ctx``).")
    return create


def _arange_default(start: Any, stop: Any = None, step: Any = 1) -> Any:
    numbers = (start, stop, step)
    if all(isinstance(v, int) or v is None for v in numbers):
        return _info.default_dtype("integral")
    return _info.default_dtype("real floating")


def arange(start: int | float, /, stop: int | float | None = None, step: int | float = 1, *,
           dtype: DType | None = None, device: Device | None = None) -> Array:
    """Evenly spaced values in ``[start, stop)``.

    Deviations fixed: MXNet's ``arange`` makes float32 for integer arguments
    (here the default integer dtype), computes floating lengths and values in
    float32 (here in float64, rounded once) and takes ``ctx`` for ``device``.
    """
    if dtype is None:
        dtype = _arange_default(start, stop, step)
    if np.dtype(dtype).kind != "f":
        return mnp.arange(start, stop, step, dtype=dtype, ctx=context(device))
    if stop is None:
        start, stop = 0, start
    # The length as NumPy computes it, the values start + i * step in float64
    # rounded once: MXNet computes both in float32.
    count = max(math.ceil((stop - start) / step), 0)
    ctx = context(device)
    return _float64_steps(count, step, start, ctx).astype(dtype)


def _float64_steps(count: int, step: float, start: float, ctx: Any) -> Array:
    """``start + i * step`` for ``i < count`` in float64. The Python numbers
    enter as 0-d arrays: MXNet's scalar operands lose float64 digits
    (``x + 5.203440778401782e-268`` adds ``5.203440778401783e-268``)."""
    return (mnp.arange(count, dtype="float64", ctx=ctx) * mnp.array(step, dtype="float64", ctx=ctx)
            + mnp.array(start, dtype="float64", ctx=ctx))


def full(shape: int | tuple[int, ...], fill_value: bool | int | float, *,
         dtype: DType | None = None, device: Device | None = None) -> Array:
    """An array of ``shape`` filled with ``fill_value``.

    Deviations fixed: MXNet makes float32 for an int fill value (here the
    default integer dtype), takes ``ctx`` for ``device`` and rejects fill
    values outside float32's normal range.
    """
    check_shape(shape, "full()")
    if dtype is None:
        dtype = default_of_scalar(fill_value)
    # A 0-d array first: MXNet's full rejects values its float32 parser
    # cannot hold (subnormal float64 fill values for float32).
    value = mnp.array(fill_value, dtype=dtype, ctx=context(device))
    return mv.broadcast_to(value, (shape,) if isinstance(shape, int) else shape).copy()


def full_like(x: Array, /, fill_value: bool | int | float, *, dtype: DType | None = None,
              device: Device | None = None) -> Array:
    """An array like ``x`` filled with ``fill_value``.

    Deviation fixed: ``device`` (MXNet's ``ctx``), which defaults to ``x``'s.
    """
    ctx = context(device)
    return full(x.shape, fill_value, dtype=x.dtype if dtype is None else dtype,
                device=x.ctx if ctx is None else ctx)


def _like(native: _F, name: str) -> _F:
    def like(x: Array, /, *, dtype: DType | None = None,
             device: Device | None = None) -> Array:
        ctx = context(device)
        return native(x.shape, dtype=x.dtype if dtype is None else dtype,
                      ctx=x.ctx if ctx is None else ctx)

    like.__name__ = like.__qualname__ = name
    like.__doc__ = (f"``mxnet.numpy.{native.__name__}`` of ``x``'s shape, dtype and device.\n\n"
                    "Deviation fixed: the standard's ``device`` keyword (MXNet's ``ctx``).")
    return like


def eye(n_rows: int, n_cols: int | None = None, /, *, k: int = 0,
        dtype: DType | None = None, device: Device | None = None) -> Array:
    """The ``n_rows`` x ``n_cols`` matrix with ones on diagonal ``k``.

    Deviations fixed: ``device`` (MXNet's ``ctx``); a negative size raises
    ``ValueError`` naming it (MXNet: an MXNetError); any int ``k`` (MXNet
    fails on diagonals beyond a C long).
    """
    check_sizes("eye()", n_rows=n_rows, n_cols=n_cols)
    # Diagonals past the matrix are all zeros; MXNet parses k as a C long.
    k = max(-n_rows - 1, min(k, (n_rows if n_cols is None else n_cols) + 1))
    return mnp.eye(n_rows, n_cols, k=k, dtype=dtype or _info.default_dtype("real floating"),
                   ctx=context(device))


def linspace(start: int | float, stop: int | float, /, num: int, *,
             dtype: DType | None = None, device: Device | None = None,
             endpoint: bool = True) -> Array:
    """``num`` evenly spaced values from ``start`` to ``stop``.

    Deviations fixed: ``device`` (MXNet's ``ctx``); the values are
    ``start + i * step`` computed in float64 and rounded once, with ``start``
    and (with ``endpoint``) ``stop`` exact at the ends, as NumPy computes them
    (MXNet's ``linspace`` rounds ``start`` itself in float64).
    """
    check_sizes("linspace()", num=num)
    dtype = dtype or _info.default_dtype("real floating")
    ctx = context(device)
    if num == 0:
        return mnp.zeros((0,), dtype=dtype, ctx=ctx)
    div = num - 1 if endpoint else num
    step = (stop - start) / div if div > 0 else 0.0
    values = _float64_steps(num, step, start, ctx)
    if endpoint and num > 1:
        values[-1] = mnp.array(stop, dtype="float64", ctx=ctx)
    return values.astype(dtype)


def _tri_mask(x: Array, k: int, upper: bool) -> Array:
    rows, cols = x.shape[-2], x.shape[-1]
    i = mnp.arange(rows, dtype="int64", ctx=x.ctx).reshape(rows, 1)
    j = mnp.arange(cols, dtype="int64", ctx=x.ctx).reshape(1, cols)
    return (j - i >= k) if upper else (j - i <= k)


def tril(x: Array, /, *, k: int = 0) -> Array:
    """The lower triangle of (a stack of) matrices ``x``; the rest zero.

    Deviation fixed: MXNet's ``tril`` takes 2-d input only and zeroes by
    multiplication (NaN and infinities above the diagonal leave NaN).
    """
    return mv.where(_tri_mask(x, k, upper=False), x, mnp.zeros((), dtype=x.dtype, ctx=x.ctx))


def triu(x: Array, /, *, k: int = 0) -> Array:
    """The upper triangle of (a stack of) matrices ``x``; the rest zero.

    Deviation fixed: MXNet has no ``triu``.
    """
    return mv.where(_tri_mask(x, k, upper=True), x, mnp.zeros((), dtype=x.dtype, ctx=x.ctx))


meshgrid = make_meshgrid(mnp.meshgrid)


def from_dlpack(x: Any, /, *, device: Device | None = None, copy: bool | None = None) -> Array:
    """An MXNet array of the DLPack-exporting ``x``.

    Deviations fixed: MXNet reads DLPack capsules only (``mx.nd.from_dlpack``,
    legacy arrays), so an object with ``__dlpack__`` is asked for its capsule
    first and the result viewed as an ``mxnet.numpy`` array; MXNet's own arrays
    (which export no ``__dlpack__``) are returned as they are, or copied.
    """
    if isinstance(x, mnp.ndarray):
        return asarray(x, device=device, copy=copy)
    capsule = x.__dlpack__() if hasattr(x, "__dlpack__") else x
    out = _nd.from_dlpack(capsule).as_np_ndarray()
    return asarray(out, device=device, copy=copy) if device is not None or copy else out


empty = _creation(mnp.empty, "empty")
ones = _creation(mnp.ones, "ones")
zeros = _creation(mnp.zeros, "zeros")
empty_like = _like(mnp.empty, "empty_like")
ones_like = _like(mnp.ones, "ones_like")
zeros_like = _like(mnp.zeros, "zeros_like")

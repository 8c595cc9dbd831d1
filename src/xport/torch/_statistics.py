"""Reductions, cumulative functions and ``count_nonzero``.

PyTorch reads ``dim=()`` as "every axis" (the standard: no axis), so every
reduction goes through ``_common.reductions``; ``prod`` also lacks tuple axes
and ``count_nonzero`` lacks ``keepdims``. Any other tuple of axes goes to
PyTorch as given; where PyTorch refuses it, the standard's error is raised
(``ValueError`` for a repeated axis, ``IndexError`` for one out of range).
As PyTorch does, a 0-d tensor takes axis ``0`` or ``-1`` (alone or in a
tuple) as its one element.

Integer accumulation follows the standard: signed integers accumulate in
``int64``, unsigned ones in ``uint64``. PyTorch cannot add ``uint64``
tensors, so those accumulate in ``int64`` and are cast, which gives the same
bits modulo 2**64; the ``uint64`` result supports casting and comparison but
little arithmetic in PyTorch.

``mean``, ``var`` and ``std`` of integer or ``bool`` input, which the standard
leaves unspecified and PyTorch refuses, are computed in the default floating
dtype (``torch.get_default_dtype()``), as NumPy, JAX and Dask compute them in
theirs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import torch

from .._common.reductions import ShapeOps, make_reduction
from ._info import dtype_named
from ._unsigned import SHELL_UNSIGNED, UNSIGNED_NOTE, routed

Array = Any
DType = Any
Axis = int | tuple[int, ...] | None


def _expand_last(x: Array) -> Array:
    return torch.unsqueeze(x, -1)


SHAPES = ShapeOps(expand_last=_expand_last, reshape=torch.reshape, permute=torch.permute)

# dtype=None accumulates unsigned integers in uint64 (via int64, see above).
_UNSIGNED_DEFAULT = {torch.uint8: torch.uint64, **dict.fromkeys(SHELL_UNSIGNED, torch.uint64)}
_FLOAT32 = torch.float32


def _accumulate(reduce: Callable[..., Array], x: Array, dtype: DType | None,
                *args: Any, **kwargs: Any) -> Array:
    """``reduce(x, *args, dtype=..., **kwargs)`` with the standard's default
    accumulation dtype, through ``int64`` where the result is a ``uint`` PyTorch
    cannot add."""
    if dtype is None:
        dtype = _UNSIGNED_DEFAULT.get(x.dtype)
    elif isinstance(dtype, str):
        dtype = dtype_named(dtype, f"{getattr(reduce, '__name__', 'reduction')}()")
    if dtype in SHELL_UNSIGNED:
        return reduce(x, *args, dtype=torch.int64, **kwargs).to(dtype)
    return reduce(x, *args, dtype=dtype, **kwargs)


_sum = make_reduction(torch.sum, SHAPES, positional=True, native_tuples=True)
_prod = make_reduction(torch.prod, SHAPES, tuple_axes=False, none_keepdims=False)
_mean = make_reduction(torch.mean, SHAPES, positional=True, native_tuples=True)
_var = make_reduction(torch.var, SHAPES, native_tuples=True)
_std = make_reduction(torch.std, SHAPES, native_tuples=True)
_all = make_reduction(torch.all, SHAPES, positional=True, native_tuples=True)
_any = make_reduction(torch.any, SHAPES, positional=True, native_tuples=True)
_count_nonzero = make_reduction(torch.count_nonzero, SHAPES, keepdims=False, positional=True)


def sum(x: Array, /, *, axis: Axis = None, dtype: DType | None = None,  # noqa: A001
        keepdims: bool = False, **kwargs: Any) -> Array:
    """Sum of ``x`` over ``axis``.

    Deviations fixed: ``axis=()`` reduces nothing (PyTorch: everything), and
    unsigned integers accumulate in ``uint64`` (PyTorch: ``int64``).

    PyTorch's own keywords (``out=``, ...) are passed on to ``torch.sum``, as
    array-api-compat does.
    """
    if dtype is None and not kwargs and ((dt := x.dtype) is _FLOAT32
                                         or dt not in _UNSIGNED_DEFAULT):
        # An int axis, or every axis, at once (positionally: PyTorch parses
        # keywords slower).
        if type(axis) is int:
            return torch.sum(x, axis, keepdims)
        if axis is None and not keepdims:
            return torch.sum(x)
        return _sum(x, axis, keepdims)
    return _accumulate(_sum, x, dtype, axis, keepdims, **kwargs)


def prod(x: Array, /, *, axis: Axis = None, dtype: DType | None = None,
         keepdims: bool = False, **kwargs: Any) -> Array:
    """Product of ``x`` over ``axis``.

    Deviations fixed: ``torch.prod`` takes one int axis only and no
    ``keepdims`` with ``axis=None``; unsigned integers accumulate in ``uint64``.

    PyTorch's own keywords (``out=``, ...) are passed on to ``torch.prod``, as
    array-api-compat does.
    """
    return _accumulate(_prod, x, dtype, axis, keepdims, **kwargs)


# A dict, not a set: torch.compile guards a dict membership by its one key.
_INEXACT = dict.fromkeys((torch.float16, torch.bfloat16, torch.float32, torch.float64,
                          torch.complex64, torch.complex128), True)


def _floating(x: Array) -> Array:
    """``x``, in the default floating dtype when it is integral or ``bool``."""
    if x.dtype in _INEXACT or x.is_floating_point() or x.is_complex():
        return x
    return x.to(torch.get_default_dtype())


def mean(x: Array, /, *, axis: Axis = None, keepdims: bool = False, **kwargs: Any) -> Array:
    """Arithmetic mean of ``x`` over ``axis``.

    Deviations fixed: ``axis=()`` reduces nothing (PyTorch: everything), and
    integer and ``bool`` input, which ``torch.mean`` refuses, is averaged in
    the default floating dtype, as NumPy, JAX and Dask do in theirs.

    PyTorch's own keywords (``out=``, ``dtype=``, ...) are passed on to
    ``torch.mean``, as array-api-compat does.
    """
    if not kwargs:
        if axis is None and not keepdims:
            return torch.mean(_floating(x))
        return _mean(_floating(x), axis, keepdims)
    if "dtype" not in kwargs:
        x = _floating(x)
    return _mean(x, axis, keepdims, **kwargs)


def var(x: Array, /, *, axis: Axis = None, correction: float = 0.0,
        keepdims: bool = False, **kwargs: Any) -> Array:
    """Variance of ``x`` over ``axis``, with ``N - correction`` degrees of freedom.

    Deviations fixed: PyTorch's default correction is 1 (the standard: 0),
    ``axis=()`` reduces nothing, and integer and ``bool`` input (which
    ``torch.var`` refuses) is computed in the default floating dtype.

    PyTorch's own keywords (``out=``, ...) are passed on to ``torch.var``, as
    array-api-compat does.
    """
    if not kwargs:
        if axis is None and not keepdims:
            return torch.var(_floating(x), correction=correction)
        if type(axis) is int:
            return torch.var(_floating(x), axis, correction=correction, keepdim=keepdims)
    return _var(_floating(x), axis, keepdims, correction=correction, **kwargs)


def std(x: Array, /, *, axis: Axis = None, correction: float = 0.0,
        keepdims: bool = False, **kwargs: Any) -> Array:
    """Standard deviation of ``x`` over ``axis`` (see :func:`var`).

    Deviations fixed: as for :func:`var`.

    PyTorch's own keywords (``out=``, ...) are passed on to ``torch.std``, as
    array-api-compat does.
    """
    if not kwargs:
        if axis is None and not keepdims:
            return torch.std(_floating(x), correction=correction)
        if type(axis) is int:
            return torch.std(_floating(x), axis, correction=correction, keepdim=keepdims)
    return _std(_floating(x), axis, keepdims, correction=correction, **kwargs)


_Tensor = torch.Tensor


def _extremum(native: Callable[..., Array], name: str, which: str) -> Callable[..., Array]:
    """The standard's ``max`` or ``min`` over ``native`` (``torch.amax`` /
    ``torch.amin``)."""
    reduction = make_reduction(native, SHAPES, positional=True, native_tuples=True)
    general = routed(name, reduction)

    def extremum(x: Array, /, *, axis: Axis = None, keepdims: bool = False) -> Array:
        if type(x) is _Tensor and x.dtype not in SHELL_UNSIGNED:
            return native(x, axis, keepdims) if type(axis) is int else reduction(x, axis, keepdims)
        return general(x, axis, keepdims)

    extremum.__name__ = extremum.__qualname__ = name
    extremum.__doc__ = (
        f"{which.capitalize()} of ``x`` over ``axis``.\n\n"
        f"    Deviations fixed: ``torch.{name}`` returns (values, indices) for an axis and\n"
        f"    takes no tuple; this is ``torch.{native.__name__}`` with ``axis=()`` reducing "
        f"nothing.\n\n    {UNSIGNED_NOTE}")
    return extremum


def _arg_extremum(native: Callable[..., Array], name: str, which: str) -> Callable[..., Array]:
    """The standard's ``argmax`` or ``argmin``: ``native`` itself but for the
    unsigned dtypes PyTorch lacks kernels for."""
    general = routed(name, native)

    def arg_extremum(x: Array, /, *, axis: int | None = None, keepdims: bool = False,
                     **kwargs: Any) -> Array:
        if type(x) is _Tensor and not kwargs and x.dtype not in SHELL_UNSIGNED:
            return native(x, axis, keepdims)
        return general(x, axis=axis, keepdims=keepdims, **kwargs)

    arg_extremum.__name__ = arg_extremum.__qualname__ = name
    arg_extremum.__doc__ = (
        f"Index of the (first) {which} of ``x`` along ``axis`` (of the flattened\n"
        f"    ``x`` for ``None``): ``torch.{name}``.\n\n"
        f"    PyTorch's own keywords (``out=``) are passed on to ``torch.{name}``.\n\n"
        f"    {UNSIGNED_NOTE}")
    return arg_extremum


# Each tests for the unsigned dtypes on its own fast path (so the namespace
# does not route it again: ROUTES_ITSELF) and routes its general path.
max = _extremum(torch.amax, "max", "maximum")  # noqa: A001
min = _extremum(torch.amin, "min", "minimum")  # noqa: A001
argmax = _arg_extremum(torch.argmax, "argmax", "maximum")
argmin = _arg_extremum(torch.argmin, "argmin", "minimum")


def all(x: Array, /, *, axis: Axis = None, keepdims: bool = False,  # noqa: A001
        **kwargs: Any) -> Array:
    """Whether every element of ``x`` over ``axis`` is true.

    Deviations fixed: ``torch.all`` returns ``uint8`` for ``uint8`` input (the
    standard: ``bool``), and ``axis=()`` reduces nothing.

    PyTorch's own keywords (``out=``, ...) are passed on to ``torch.all``, as
    array-api-compat does.
    """
    out = _all(x, axis, keepdims, **kwargs)
    return out if out.dtype == torch.bool else out.to(torch.bool)


def any(x: Array, /, *, axis: Axis = None, keepdims: bool = False,  # noqa: A001
        **kwargs: Any) -> Array:
    """Whether any element of ``x`` over ``axis`` is true.

    Deviations fixed: ``torch.any`` returns ``uint8`` for ``uint8`` input (the
    standard: ``bool``), and ``axis=()`` reduces nothing.

    PyTorch's own keywords (``out=``, ...) are passed on to ``torch.any``, as
    array-api-compat does.
    """
    out = _any(x, axis, keepdims, **kwargs)
    return out if out.dtype == torch.bool else out.to(torch.bool)


def count_nonzero(x: Array, /, *, axis: Axis = None, keepdims: bool = False) -> Array:
    """Number of non-zero elements of ``x`` over ``axis``.

    Deviations fixed: ``torch.count_nonzero`` has no ``keepdims``, and
    ``axis=()`` counts each element alone.
    """
    if type(x) is _Tensor and x.dtype not in SHELL_UNSIGNED:
        if not keepdims and (axis is None or type(axis) is int):
            return torch.count_nonzero(x, axis)
        return _count_nonzero(x, axis, keepdims)
    return _count_nonzero_routed(x, axis, keepdims)


# count_nonzero's general path for uint16/uint32/uint64, which PyTorch lacks
# kernels for (count_nonzero tests for those dtypes on its own fast path).
_count_nonzero_routed = routed("count_nonzero", _count_nonzero)
ROUTES_ITSELF = ("max", "min", "argmax", "argmin", "count_nonzero")
count_nonzero.__doc__ = f"{(count_nonzero.__doc__ or '').rstrip()}\n\n    {UNSIGNED_NOTE}"


def _cumulative(native: Callable[..., Array], initial: Callable[..., Array], name: str
                ) -> Callable[..., Array]:
    def cumulative(x: Array, /, *, axis: int | None = None, dtype: DType | None = None,
                   include_initial: bool = False, **kwargs: Any) -> Array:
        if axis is None:
            if x.ndim != 1:
                raise ValueError(f"{name}() needs axis= for a {x.ndim}-d array")
            axis = 0
        if dtype is None and not kwargs and not include_initial \
                and x.dtype not in _UNSIGNED_DEFAULT:
            return native(x, axis)
        out = _accumulate(native, x, dtype, axis, **kwargs)
        if include_initial:
            shape = list(out.shape)
            shape[axis] = 1
            out = torch.cat((initial(shape, dtype=out.dtype, device=out.device), out), axis)
        return out

    cumulative.__name__ = cumulative.__qualname__ = name
    return cumulative


cumulative_sum = _cumulative(torch.cumsum, torch.zeros, "cumulative_sum")
cumulative_sum.__doc__ = """Cumulative sum of ``x`` along ``axis``.

    Deviations fixed: PyTorch has no ``cumulative_sum`` (this is ``torch.cumsum``)
    and no ``include_initial``; unsigned integers accumulate in ``uint64``.

    PyTorch's own keywords (``out=``, ...) are passed on to ``torch.cumsum``, as
    array-api-compat does.
    """
cumulative_prod = _cumulative(torch.cumprod, torch.ones, "cumulative_prod")
cumulative_prod.__doc__ = """Cumulative product of ``x`` along ``axis``.

    Deviations fixed: PyTorch has no ``cumulative_prod`` (this is
    ``torch.cumprod``) and no ``include_initial``; unsigned integers accumulate
    in ``uint64``.

    PyTorch's own keywords (``out=``, ...) are passed on to ``torch.cumprod``, as
    array-api-compat does.
    """

"""Elementwise functions where PyTorch deviates from the standard.

Every binary function of the standard is PyTorch's own with the standard's
operand rules (see ``_common.elementwise``); which natives take a Python scalar
in which position is detected from the installed PyTorch at import.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import torch

from .._common.elementwise import make_binary
from .._common.signed_zeros import make_remainder
from ._operands import ELEMENTWISE
from ._unsigned import ROUTES, SHELL_UNSIGNED, UNSIGNED_NOTE, routed

Array = Any


_COMPLEX = frozenset({torch.complex64, torch.complex128})


def _is_complex(value: Any) -> bool:
    # isinstance, not getattr with a default: Dynamo before torch 2.5 traces no
    # getattr or hasattr of a tensor.
    if isinstance(value, torch.Tensor):
        return value.dtype in _COMPLEX
    return type(value) is complex


def _as_tensor(value: Any, dtype: torch.dtype, device: Any) -> Any:
    if isinstance(value, torch.Tensor):
        return value.to(dtype).resolve_conj()
    return torch.full((), value, dtype=dtype, device=device)


def _complex_dtype(x1: Any, x2: Any) -> torch.dtype:
    """The complex dtype of ``x1 op x2``, one of them complex (no
    ``torch.result_type``: it does not trace under ``torch.compile``)."""
    if isinstance(x1, torch.Tensor) and isinstance(x2, torch.Tensor):
        return torch.promote_types(x1.dtype, x2.dtype)
    dtype: torch.dtype = (x1 if isinstance(x1, torch.Tensor) else x2).dtype
    if dtype.is_complex:
        return dtype
    return (dtype if dtype.is_floating_point else torch.get_default_dtype()).to_complex()


def _by_parts(native: Callable[..., Any]) -> Callable[..., Any]:
    """``native`` (an addition or subtraction) on the real and imaginary parts
    separately when an operand is complex.

    PyTorch computes complex ``a + b`` as ``a + (1+0j) * b``, so an infinite
    component of ``b`` turns the other component into NaN; the standard adds
    the components.
    """

    def op(x1: Any, x2: Any) -> Any:
        if not (_is_complex(x1) or _is_complex(x2)):
            return native(x1, x2)
        dtype = _complex_dtype(x1, x2)
        device = (x1 if isinstance(x1, torch.Tensor) else x2).device
        parts = [torch.view_as_real(_as_tensor(v, dtype, device)) for v in (x1, x2)]
        return torch.view_as_complex(native(*parts))

    op.__name__ = op.__qualname__ = native.__name__
    return op


# standard name -> PyTorch function (ATen's own names: an alias such as torch.multiply
# dispatches once more to reach torch.mul)
_BINARY: dict[str, Callable[..., Any]] = {
    "add": torch.add, "atan2": torch.atan2, "bitwise_and": torch.bitwise_and,
    "bitwise_left_shift": torch.bitwise_left_shift, "bitwise_or": torch.bitwise_or,
    "bitwise_right_shift": torch.bitwise_right_shift, "bitwise_xor": torch.bitwise_xor,
    "copysign": torch.copysign, "divide": torch.div, "equal": torch.eq,
    "floor_divide": torch.floor_divide, "greater": torch.gt,
    "greater_equal": torch.ge, "hypot": torch.hypot, "less": torch.lt,
    "less_equal": torch.le, "logaddexp": torch.logaddexp,
    "logical_and": torch.logical_and, "logical_or": torch.logical_or,
    "logical_xor": torch.logical_xor, "maximum": torch.maximum, "minimum": torch.minimum,
    "multiply": torch.mul, "nextafter": torch.nextafter, "not_equal": torch.ne,
    "pow": torch.pow, "remainder": make_remainder(torch.remainder, torch, in_place=True,
                                                  is_float=torch.is_floating_point),
    "subtract": torch.sub,
}
# PyTorch computes complex a + b as a + (1+0j) * b (see _by_parts): these go
# elsewhere for complex operands, as the uint16/32/64 ones do.
_BY_PARTS = frozenset({"add", "subtract"})


def _probe_operands(name: str) -> tuple[Any, Any]:
    if name.startswith("logical_"):
        return torch.ones(1, dtype=torch.bool), True
    if name.startswith("bitwise_"):
        return torch.ones(1, dtype=torch.int64), 1
    return torch.ones(1), 1.0


def _takes_scalar(native: Callable[..., Any], name: str, *, first: bool) -> bool:
    """Whether ``native`` accepts a Python scalar as its first (or second) operand."""
    tensor, scalar = _probe_operands(name)
    try:
        native(scalar, tensor) if first else native(tensor, scalar)
    except (TypeError, RuntimeError):
        return False
    return True


def _elsewhere(name: str, native: Callable[..., Any]) -> Callable[..., Any] | None:
    if name in _BY_PARTS:
        return _by_parts(routed(name, native))
    return routed(name, native) if name in ROUTES else None


BINARY: dict[str, Callable[[Any, Any], Any]] = {
    name: make_binary(native, ELEMENTWISE, name=name, native_name=f"torch.{native.__name__}",
                      elsewhere=_elsewhere(name, native),
                      elsewhere_dtypes=SHELL_UNSIGNED.keys() | (_COMPLEX if name in _BY_PARTS
                                                         else frozenset()),
                      elsewhere_scalars=(complex,) if name in _BY_PARTS else (),
                      scalar_first=_takes_scalar(native, name, first=True),
                      scalar_second=_takes_scalar(native, name, first=False))
    for name, native in _BINARY.items()
}

_MORE_DEVIATIONS = {
    "add": "Complex operands are added part by part: ``torch.add`` computes "
           "``x1 + (1+0j) * x2``, which makes NaNs of infinite parts.",
    "subtract": "Complex operands are subtracted part by part (see ``add``).",
    "remainder": "A zero result has the sign of ``x2`` (``torch.remainder``: of ``x1``).",
}
for _name, _note in _MORE_DEVIATIONS.items():
    BINARY[_name].__doc__ = f"{BINARY[_name].__doc__} {_note}"
for _name in BINARY.keys() & ROUTES.keys():
    BINARY[_name].__doc__ = f"{BINARY[_name].__doc__} {UNSIGNED_NOTE}"


def acos(x: Array, /) -> Array:
    """The principal inverse cosine of each element.

    Deviation fixed: for complex ``x`` on the real axis, ``torch.acos`` gives
    the result's zero imaginary part the sign ``+`` whatever the sign of
    ``x``'s (the standard: ``acos(0+0j)`` is ``π/2 - 0j``, and
    ``acos(conj(x)) == conj(acos(x))``). PyTorch before 2.5 also leaves an
    imaginary part of about 1e-17 (of either sign) where ``x`` is real in
    ``[-1, 1]``, whose ``acos`` is real: that part is the signed zero too.
    """
    out = torch.acos(x)
    if not x.dtype.is_complex:
        return out
    imag = out.imag
    signed_zero = torch.copysign(torch.zeros_like(imag), torch.neg(x.imag))
    on_segment = torch.logical_and(x.imag == 0, torch.abs(x.real) <= 1)
    real_result = torch.logical_or(imag == 0, on_segment)
    return torch.complex(out.real, torch.where(real_result, signed_zero, imag))


def expm1(x: Array, /) -> Array:
    """``exp(x) - 1``, accurate near zero.

    Deviations fixed: for complex ``x`` with an infinite or NaN part,
    ``torch.expm1`` gives NaN where the standard's special cases (those of
    ``exp(x) - 1``) give infinities, ``-1`` or a zero imaginary part; a zero
    imaginary part of ``x`` keeps its sign; and ``expm1(-0+0j)`` is ``+0+0j``
    (PyTorch: ``-0+0j``).
    """
    out = torch.expm1(x)
    if not x.dtype.is_complex:
        return out
    finite = torch.isfinite(x)
    shifted = torch.exp(x)
    real = torch.where(finite, out.real, shifted.real - 1)
    # exp(a ± 0j) - 1 keeps x's zero imaginary part (PyTorch's exp drops its sign).
    kept = torch.where(x.imag == 0, x.imag, shifted.imag)
    # Adding +0 turns the real part -0 (from x = -0+0j) into +0, nothing else.
    return torch.complex(real + 0.0, torch.where(finite, out.imag, kept))


def log1p(x: Array, /) -> Array:
    """``log(1 + x)``, accurate near zero.

    Deviation fixed: for complex ``x`` with an infinite and a NaN part,
    ``torch.log1p`` gives ``NaN + NaN j`` where the standard gives
    ``+infinity + NaN j`` (as ``log(1 + x)`` does).
    """
    out = torch.log1p(x)
    if not x.dtype.is_complex:
        return out
    # 1 + x on the real part alone: PyTorch's complex x + 1 loses a -0 imaginary part.
    return torch.where(torch.isfinite(x), out, torch.log(torch.complex(x.real + 1, x.imag)))


def tanh(x: Array, /) -> Array:
    """The hyperbolic tangent of each element.

    Deviation fixed: for complex ``x = ±infinity + bj`` with finite ``b``,
    ``torch.tanh`` gives the zero imaginary part the sign of ``sin(2b)``; the
    standard gives ``±1 + 0j`` for ``b > 0`` (and, by conjugate symmetry,
    ``-0j`` for ``b < 0``).
    """
    out = torch.tanh(x)
    if not x.dtype.is_complex:
        return out
    real, imag = x.real, x.imag
    at_infinity = torch.logical_and(torch.isinf(real), torch.isfinite(imag))
    signed_zero = torch.copysign(torch.zeros_like(imag), imag)
    return torch.complex(out.real, torch.where(at_infinity, signed_zero, out.imag))


def negative(x: Array, /) -> Array:
    """``-x``, elementwise.

    Deviation fixed: for complex ``x``, ``torch.neg`` gives zero parts
    the sign ``+`` (``-(0+1j)`` is ``0-1j``; the standard: ``-0-1j``); here
    both parts are negated as real numbers.
    """
    if x.dtype.is_complex:
        return torch.view_as_complex(torch.neg(torch.view_as_real(x.resolve_conj())))
    return torch.neg(x)


def sign(x: Array, /) -> Array:
    """The sign of each element: -1, 0 or 1 for real numbers, ``x / |x|`` for
    complex ones.

    Deviations fixed: ``torch.sign`` gives 0 for NaN (the standard: NaN) and
    rejects complex tensors (``torch.sgn`` handles them).
    """
    if x.dtype.is_complex:
        return torch.sgn(x)
    if x.dtype.is_floating_point:
        return torch.where(torch.isnan(x), x, torch.sign(x))
    return torch.sign(x)


def round(x: Array, /, **kwargs: Any) -> Array:  # noqa: A001 - the standard's name
    """Round each element to the nearest integer, halves to even.

    Deviation fixed: ``torch.round`` rejects complex tensors; here the real and
    imaginary parts are rounded separately.

    PyTorch's own keywords (``decimals=``, ``out=``) are passed on to
    ``torch.round``, as array-api-compat does (for complex tensors, ``out=`` to
    ``torch.complex``, which joins the rounded parts).
    """
    if x.dtype.is_complex:
        out = kwargs.pop("out", None)
        return torch.complex(torch.round(x.real, **kwargs), torch.round(x.imag, **kwargs),
                             out=out)
    return torch.round(x, **kwargs)


def _is_nan_scalar(bound: object) -> bool:
    return type(bound) is float and math.isnan(bound)


_NUMBERS = (int, float)
_Tensor = torch.Tensor
# The dtypes torch.clamp keeps with number bounds (ints only, for the integral
# ones); dicts, not sets: torch.compile guards a dict membership by its key.
_FLOATING = dict.fromkeys((torch.float16, torch.bfloat16, torch.float32, torch.float64), True)
_INTEGRAL = dict.fromkeys((torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8), True)
_FLOAT32 = torch.float32


def clip(x: Array, /, min: Array | float | None = None,  # noqa: A002 - the standard's names
         max: Array | float | None = None, **kwargs: Any) -> Array:  # noqa: A002
    """Clamp each element of ``x`` to ``[min, max]``; the result has ``x``'s dtype.

    Deviations fixed: ``torch.clamp`` rejects a tensor bound beside a scalar
    one and two ``None`` bounds, promotes the result with tensor bounds, and
    ignores a NaN scalar bound (the standard: NaN).

    Two bounds of one kind (two numbers, or two tensors) are one ``torch.clamp``
    (one pass); a tensor beside a number is ``clamp_min`` then ``clamp_max``.
    PyTorch's own keywords (``out=``) are passed on to the clamp that makes the
    result (``torch.clamp``, ``torch.clamp_max`` or ``torch.clamp_min``), as
    array-api-compat passes them to ``torch.clamp``; like array-api-compat's,
    the result for two ``None`` bounds or a NaN bound calls no clamp and ignores
    them.
    """
    # The common call first: two numbers, neither NaN (the one number unequal to
    # itself), that keep x's dtype, no options: one kernel.
    if type(min) in _NUMBERS and type(max) in _NUMBERS and not kwargs \
            and min == min and max == max and type(x) is _Tensor:  # noqa: PLR0124
        dtype = x.dtype
        if dtype is _FLOAT32 or dtype in _FLOATING or (
                dtype in _INTEGRAL and type(min) is int and type(max) is int):
            return torch.clamp(x, min, max)
    return _clip_routed(x, min, max, **kwargs)


def _clip(x: Array, min: Array | float | None, max: Array | float | None,  # noqa: A002
          **kwargs: Any) -> Array:
    if _is_nan_scalar(min) or _is_nan_scalar(max):
        return torch.full_like(x, math.nan)
    if min is None:
        if max is None:
            return torch.clone(x)
        out = torch.clamp_max(x, max, **kwargs)
    elif max is None:
        out = torch.clamp_min(x, min, **kwargs)
    elif isinstance(min, _NUMBERS) and isinstance(max, _NUMBERS):
        out = torch.clamp(x, min, max, **kwargs)  # one kernel
    elif isinstance(min, torch.Tensor) and isinstance(max, torch.Tensor):
        out = torch.clamp(x, min, max, **kwargs)  # one kernel
    else:
        out = torch.clamp_max(torch.clamp_min(x, min), max, **kwargs)
    return out if out.dtype == x.dtype else out.to(x.dtype)


# clip's general path for uint16/uint32/uint64, which PyTorch lacks kernels
# for (clip tests for those dtypes on its own fast path, so the namespace does
# not route it again: ROUTES_ITSELF).
_clip_routed = routed("clip", _clip)
ROUTES_ITSELF = ("clip",)
clip.__doc__ = f"{(clip.__doc__ or '').rstrip()}\n\n    {UNSIGNED_NOTE}"

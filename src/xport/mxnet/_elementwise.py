"""Elementwise functions where MXNet deviates from the standard.

Every binary function of the standard (``BINARY``) is MXNet's own, or one built
here where MXNet has none (``floor_divide``, ``logaddexp``, ``logical_and``,
the shifts, ...) or errs (``remainder``, ``copysign``), with the standard's
operand rules (``_operands.OPERANDS``). The unary functions here fix MXNet's
``sign``, ``square``, ``positive`` and ``real`` and supply ``conj`` and
``imag``; ``clip`` takes array bounds.
"""

from __future__ import annotations

import math
import types
from collections.abc import Callable
from typing import Any, cast

import mxnet as mx

from .._common.elementwise import make_binary
from .._common.signed_zeros import make_floor_divide, make_remainder
from ._carriers import bool_via_uint8, mv
from ._operands import OPERANDS, as_dtype

Array = Any
_F = Callable[..., Any]
mnp: Any = mx.np
_nd: Any = mx.nd


def _binary(native: _F, name: str) -> _F:
    return make_binary(native, OPERANDS, name=name, native_name=f"mxnet.numpy.{native.__name__}",
                       promote_scalars=True)


def _remainder(x1: Array, x2: Array) -> Array:
    out = mnp.remainder(x1, x2)
    if out.dtype.kind != "f":
        return out
    # MXNet gives 0 for a zero divisor (NaN in IEEE arithmetic and the standard).
    return mv.where(x2 == 0, mnp.full((), math.nan, dtype=out.dtype, ctx=out.ctx), out)


def _copysign(x1: Array, x2: Array) -> Array:
    # MXNet's copysign takes the sign of NaN as negative; signbit reads it.
    magnitude = mnp.abs(x1)
    return mv.where(mnp.signbit(x2), -magnitude, magnitude)


def _logaddexp(x1: Array, x2: Array) -> Array:
    big = mnp.maximum(x1, x2)
    # x1 == x2 (same-signed infinities included) needs no correction term.
    diff = mv.where(x1 == x2, mnp.zeros((), dtype=big.dtype, ctx=big.ctx), x1 - x2)
    return big + mnp.log1p(mnp.exp(-mnp.abs(diff)))


def _logical(native: _F) -> _F:
    # MXNet's bitwise kernels take no booleans: the operands travel as uint8.
    def logical(x1: Array, x2: Array) -> Array:
        return native(x1.astype("bool").astype("uint8"),
                      x2.astype("bool").astype("uint8")).astype("bool")
    logical.__name__ = native.__name__
    return logical


def _int_floor_divide(x1: Array, x2: Array) -> Array:
    # mx.nd's integer division truncates (mx.np has none); floor = trunc - 1
    # where the remainder is non-zero and its sign differs from the divisor's.
    quotient = _nd.broadcast_div(x1.as_nd_ndarray(), x2.as_nd_ndarray()).as_np_ndarray()
    rest = x1 - quotient * x2
    return quotient - ((rest != 0) & ((rest < 0) != (x2 < 0))).astype(quotient.dtype)


def _floor_divide_native(x1: Array, x2: Array) -> Array:
    if x1.dtype.kind != "f":
        return _int_floor_divide(x1, x2)
    return mnp.floor(mnp.true_divide(x1, x2))


def _shift(left: bool) -> _F:
    def shift(x1: Array, x2: Array) -> Array:
        # MXNet has no shift kernels: multiply or floor-divide by 2**x2 in int64
        # (2**62 at most, doubled once more for a shift by 63), wrapping back to
        # x1's dtype; shifts past the width give 0 (or -1 for negative x1
        # shifted right), as NumPy's do.
        bits = x1.dtype.itemsize * 8
        amount = x2.astype("int64")
        two = mnp.full((), 2, dtype="int64", ctx=x1.ctx)
        power = mnp.power(two, mnp.minimum(amount, 62))
        wide = x1.astype("int64")
        zero = mnp.zeros((), dtype="int64", ctx=x1.ctx)
        if left:
            out = wide * power
            out = mv.where(amount >= 63, out * 2, out)
            return mv.where(amount >= bits, zero, out).astype(x1.dtype)
        out = _int_floor_divide(wide, power)
        beyond = mv.where(wide < 0, zero - 1, zero)
        return mv.where(amount >= min(bits, 63), beyond, out).astype(x1.dtype)
    shift.__name__ = "left_shift" if left else "right_shift"
    return shift


_BINARY_NATIVES: dict[str, _F] = {
    "add": mnp.add, "subtract": mnp.subtract, "multiply": mnp.multiply,
    "divide": mnp.true_divide, "pow": mnp.power, "equal": mnp.equal,
    "not_equal": mnp.not_equal, "greater": mnp.greater, "greater_equal": mnp.greater_equal,
    "less": mnp.less, "less_equal": mnp.less_equal, "maximum": mnp.maximum,
    "minimum": mnp.minimum,
    # make_remainder reads only the namespace's copysign (MXNet's mishandles NaN).
    "remainder": make_remainder(_remainder, cast(types.ModuleType,
                                                 types.SimpleNamespace(copysign=_copysign))),
    "atan2": mnp.arctan2, "copysign": _copysign, "hypot": mnp.hypot,
    "bitwise_and": bool_via_uint8(mnp.bitwise_and), "bitwise_or": bool_via_uint8(mnp.bitwise_or),
    "bitwise_xor": bool_via_uint8(mnp.bitwise_xor),
    "logical_and": _logical(mnp.bitwise_and), "logical_or": _logical(mnp.bitwise_or),
    "logical_xor": _logical(mnp.bitwise_xor), "logaddexp": _logaddexp,
    "floor_divide": make_floor_divide(_floor_divide_native, mx.np),
    "bitwise_left_shift": _shift(True), "bitwise_right_shift": _shift(False),
}


def _binaries() -> dict[str, _F]:
    return {name: _binary(native, name) for name, native in _BINARY_NATIVES.items()}


def conj(x: Array, /) -> Array:
    """The complex conjugate of ``x``: ``x`` itself for MXNet's real dtypes.

    Deviation fixed: MXNet has no ``conj`` (nor complex dtypes).
    """
    return x


def imag(x: Array, /) -> Array:
    """The imaginary part of ``x``: zeros for MXNet's real dtypes.

    Deviation fixed: MXNet has no ``imag`` (nor complex dtypes).
    """
    return mnp.zeros(x.shape, dtype=x.dtype, ctx=x.ctx)


def square(x: Array, /) -> Array:
    """``x * x``, elementwise.

    Deviation fixed: MXNet's ``square`` of integers goes through floating
    point (``square(-5591)`` is 31259280 in int32); here integers multiply.
    """
    return mnp.square(x) if x.dtype.kind in "fb" else mnp.multiply(x, x)


def sign(x: Array, /) -> Array:
    """The sign of ``x`` (-1, 0 or 1; NaN for NaN).

    Deviation fixed: MXNet's ``sign`` of NaN is 0.
    """
    out = mnp.sign(x)
    return out if x.dtype.kind != "f" else mv.where(mnp.isnan(x), x, out)


def positive(x: Array, /) -> Array:
    """``+x`` (a copy of ``x``).

    Deviation fixed: MXNet's ``positive`` rejects int8 arrays.
    """
    return x.copy()


def real(x: Array, /) -> Array:
    """The real part of ``x``: a copy of ``x`` for MXNet's real dtypes.

    Deviation fixed: MXNet's ``real`` rejects int8 arrays.
    """
    return x.copy()


def clip(x: Array, /, min: Array | int | float | None = None,  # noqa: A002
         max: Array | int | float | None = None) -> Array:  # noqa: A002
    """Clamp ``x`` to ``[min, max]``.

    Deviations fixed: MXNet takes Python numbers only (here arrays too, by
    ``maximum``/``minimum``) and needs at least one bound; the result keeps
    ``x``'s dtype.
    """
    out = x
    for bound, limit in ((min, mnp.maximum), (max, mnp.minimum)):
        if bound is not None:
            out = limit(out, _bound(bound, x))
    return out if out is not x else x.copy()


def _bound(bound: Any, x: Array) -> Array:
    return bound.astype(x.dtype, copy=False) if _is_array(bound) else as_dtype(bound, x.dtype, x)


def _is_array(x: Any) -> bool:
    return isinstance(x, mnp.ndarray)


BINARY: dict[str, _F] = _binaries()

"""Elementwise functions where TensorFlow deviates from the standard.

Every binary function is TensorFlow's own kernel with the standard's operand
rules (``_operands``): TensorFlow needs two tensors of one dtype, so Python
scalars become 0-d tensors of the standard's dtype and differing dtypes are
promoted by the standard's table. Where TensorFlow has no CPU kernel for a
dtype the standard allows (``pow`` and ``negative`` of unsigned integers,
``abs``/``sign`` of unsigned integers, ``ceil``/``floor``/``trunc``/``isnan``
of integers, bitwise functions of ``bool``), the wrapper computes the same
result another way, noted in its docstring. Real floating-point inputs of
the unary functions go to TensorFlow's kernels untouched.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import tensorflow as tf

from .._common.elementwise import make_binary
from ._operands import (
    COMPLEX,
    ELEMENTWISE,
    FLOATING,
    INTEGRAL,
    SIGN_INT,
    UNSIGNED,
    cast,
    scalar_tensor,
)

Array = Any


def _signbit(x: Array) -> Array:
    return tf.math.less(tf.bitcast(x, SIGN_INT[x.dtype]), 0)


def signbit(x: Array, /) -> Array:
    """Whether the sign bit of each element is set (``-0.0`` and ``-nan``
    included).

    Deviation fixed: TensorFlow has no ``signbit``; this reads the sign bit
    through ``tf.bitcast`` to an integer of the same width.
    """
    return _signbit(x)


def _copysign(x1: Array, x2: Array) -> Array:
    magnitude = tf.math.abs(x1)
    return tf.where(_signbit(x2), tf.math.negative(magnitude), magnitude)


def _hypot(x1: Array, x2: Array) -> Array:
    # sqrt(a*a + b*b) overflows for |a| > sqrt(max); scale by the larger part.
    a, b = tf.math.abs(x1), tf.math.abs(x2)
    big, small = tf.math.maximum(a, b), tf.math.minimum(a, b)
    ratio = tf.math.divide_no_nan(small, big)
    out = big * tf.math.sqrt(1 + ratio * ratio)
    infinite = tf.math.logical_or(tf.math.is_inf(a), tf.math.is_inf(b))
    return tf.where(infinite, tf.constant(math.inf, x1.dtype), out)


def _logaddexp(x1: Array, x2: Array) -> Array:
    # m + log1p(exp(-|x1 - x2|)), and x + log(2) where the operands are equal
    # (which covers two equal infinities, whose difference is NaN).
    big = tf.math.maximum(x1, x2)
    out = big + tf.math.log1p(tf.math.exp(-tf.math.abs(x1 - x2)))
    return tf.where(tf.math.equal(x1, x2), x1 + math.log(2.0), out)


def _remainder(x1: Array, x2: Array) -> Array:
    out = tf.raw_ops.FloorMod(x=x1, y=x2)
    if out.dtype not in FLOATING:
        return out
    # floormod gives a zero result the sign of x1; the standard, of x2, which
    # every result of the standard's remainder that is not NaN has (floormod's
    # nonzero results already do). |out| * sign(x2) is that: three kernels, no
    # mask (a zero or NaN x2 leaves out NaN, and NaN * 0 is NaN).
    return tf.raw_ops.Mul(x=tf.raw_ops.Abs(x=out), y=tf.raw_ops.Sign(x=x2))


def _raw(op: Callable[..., Array], name: str) -> Callable[[Array, Array], Array]:
    """TensorFlow's kernel ``op`` called directly (``tf.raw_ops``), which skips
    the 2-3 us of Python dispatch that its ``tf.math`` function adds."""

    def call(x1: Array, x2: Array) -> Array:
        return op(x=x1, y=x2)

    call.__name__ = call.__qualname__ = name
    return call


def _pow(x1: Array, x2: Array) -> Array:
    if x1.dtype not in UNSIGNED:
        return tf.math.pow(x1, x2)
    # No unsigned Pow kernel: the power is taken in int64, whose low bits are
    # the unsigned power's (products agree modulo 2**64).
    if x1.dtype != tf.uint64:
        return tf.cast(tf.math.pow(tf.cast(x1, tf.int64), tf.cast(x2, tf.int64)), x1.dtype)
    base, exponent = tf.bitcast(x1, tf.int64), tf.bitcast(x2, tf.int64)
    # A uint64 exponent from 2**63 on is a negative int64, which the int64
    # kernel refuses; (e mod 2**62) + 2**62 gives the same power modulo 2**64:
    # odd bases repeat with a period dividing 2**62, and even bases are 0 from
    # exponent 64 on.
    folded = tf.bitwise.bitwise_or(tf.bitwise.bitwise_and(exponent, _LOW_62), _BIT_62)
    exponent = tf.where(tf.math.less(exponent, 0), folded, exponent)
    return tf.bitcast(tf.math.pow(base, exponent), tf.uint64)


_LOW_62 = (1 << 62) - 1
_BIT_62 = 1 << 62


def _shift_out(x1: Array, x2: Array, shifted: Array) -> Array:
    """``shifted`` with 0 where ``x2`` shifts every bit out of ``x1``:
    TensorFlow's shift kernels clamp the shift to one bit less than the width."""
    bits = tf.constant(x1.dtype.size * 8, x1.dtype)
    return tf.where(tf.math.greater_equal(x2, bits), tf.zeros_like(shifted), shifted)


def _left_shift(x1: Array, x2: Array) -> Array:
    return _shift_out(x1, x2, tf.bitwise.left_shift(x1, x2))


def _right_shift(x1: Array, x2: Array) -> Array:
    shifted = tf.bitwise.right_shift(x1, x2)
    # Signed: the clamped shift already gives the sign's bits (0 or -1).
    return _shift_out(x1, x2, shifted) if x1.dtype in UNSIGNED else shifted


def _bitwise(native: Callable[..., Array], logical: Callable[..., Array]
             ) -> Callable[[Array, Array], Array]:
    def op(x1: Array, x2: Array) -> Array:
        if x1.dtype == tf.bool:
            return logical(x1, x2)
        return native(x1, x2)

    op.__name__ = native.__name__
    return op


# standard name -> TensorFlow function (on two tensors of one dtype)
_BINARY: dict[str, Callable[..., Any]] = {
    "add": _raw(tf.raw_ops.AddV2, "add"), "atan2": tf.math.atan2,
    "bitwise_and": _bitwise(tf.bitwise.bitwise_and, tf.math.logical_and),
    "bitwise_left_shift": _left_shift,
    "bitwise_or": _bitwise(tf.bitwise.bitwise_or, tf.math.logical_or),
    "bitwise_right_shift": _right_shift,
    "bitwise_xor": _bitwise(tf.bitwise.bitwise_xor, tf.math.logical_xor),
    "copysign": _copysign, "divide": tf.math.truediv,
    "equal": _raw(tf.raw_ops.Equal, "equal"),
    "floor_divide": _raw(tf.raw_ops.FloorDiv, "floordiv"),
    "greater": _raw(tf.raw_ops.Greater, "greater"),
    "greater_equal": _raw(tf.raw_ops.GreaterEqual, "greater_equal"), "hypot": _hypot,
    "less": _raw(tf.raw_ops.Less, "less"),
    "less_equal": _raw(tf.raw_ops.LessEqual, "less_equal"), "logaddexp": _logaddexp,
    "logical_and": tf.math.logical_and, "logical_or": tf.math.logical_or,
    "logical_xor": tf.math.logical_xor, "maximum": _raw(tf.raw_ops.Maximum, "maximum"),
    "minimum": _raw(tf.raw_ops.Minimum, "minimum"),
    "multiply": _raw(tf.raw_ops.Mul, "multiply"),
    "nextafter": tf.math.nextafter, "not_equal": _raw(tf.raw_ops.NotEqual, "not_equal"),
    "pow": _pow,
    "remainder": _remainder, "subtract": _raw(tf.raw_ops.Sub, "subtract"),
}
_NATIVE_NAME = {
    "copysign": "tf.where(signbit(x2), -|x1|, |x1|) (TensorFlow has no copysign)",
    "hypot": "a scaled sqrt(x1**2 + x2**2) (TensorFlow has no hypot)",
    "logaddexp": "max + log1p(exp(-|x1 - x2|)) (TensorFlow has no logaddexp)",
    "remainder": "tf.math.floormod", "pow": "tf.math.pow",
    "bitwise_and": "tf.bitwise.bitwise_and", "bitwise_or": "tf.bitwise.bitwise_or",
    "bitwise_xor": "tf.bitwise.bitwise_xor", "bitwise_left_shift": "tf.bitwise.left_shift",
    "bitwise_right_shift": "tf.bitwise.right_shift", "divide": "tf.math.truediv",
}

BINARY: dict[str, Callable[[Any, Any], Any]] = {
    name: make_binary(native, ELEMENTWISE, name=name, promote_scalars=True,
                      native_name=_NATIVE_NAME.get(name, f"tf.math.{native.__name__}"))
    for name, native in _BINARY.items()
}
_MORE_DEVIATIONS = {
    "remainder": "A zero result has the sign of ``x2`` (``tf.math.floormod``: of ``x1``).",
    "pow": "Unsigned integers are raised through ``int64`` (TensorFlow has no unsigned "
           "``Pow`` kernel); the low bits are the same, so the result wraps around as "
           "NumPy's (a ``uint64`` exponent from 2**63 on is first reduced to one below "
           "2**63 that gives the same power modulo 2**64). Negative integer exponents raise "
           "``InvalidArgumentError`` (TensorFlow's; the standard leaves them unspecified).",
    "bitwise_and": "``bool`` operands use ``tf.math.logical_and`` (TensorFlow's bitwise "
                   "kernels take integers only).",
    "bitwise_or": "``bool`` operands use ``tf.math.logical_or``.",
    "bitwise_xor": "``bool`` operands use ``tf.math.logical_xor``.",
    "bitwise_left_shift": "A shift by the width of the dtype or more gives 0, as NumPy's "
                          "(``tf.bitwise.left_shift`` clamps the shift to one bit less).",
    "bitwise_right_shift": "An unsigned shift by the width of the dtype or more gives 0, as "
                           "NumPy's (``tf.bitwise.right_shift`` clamps the shift to one bit "
                           "less); a signed one gives 0 or -1, the sign's bits.",
    "floor_divide": "Integer division by zero raises ``InvalidArgumentError`` (TensorFlow's "
                    "kernel; the standard leaves it unspecified).",
}
for _name, _note in _MORE_DEVIATIONS.items():
    BINARY[_name].__doc__ = f"{BINARY[_name].__doc__} {_note}"
for _name in ("copysign", "hypot", "logaddexp"):
    BINARY[_name].__doc__ = f"{BINARY[_name].__doc__} TensorFlow has no ``{_name}``."


# --- unary ------------------------------------------------------------------------

def abs(x: Array, /) -> Array:  # noqa: A001 - the standard's name
    """The absolute value of each element (``|z|``, real, for complex ``z``).

    Deviation fixed: ``tf.math.abs`` has no kernel for unsigned integers, whose
    absolute value is the element itself.
    """
    if x.dtype in UNSIGNED:
        return tf.identity(x)
    return tf.math.abs(x)


def negative(x: Array, /) -> Array:
    """``-x``, elementwise.

    Deviation fixed: ``tf.math.negative`` has no kernel for unsigned integers;
    here ``0 - x``, which wraps around as the standard's unsigned arithmetic
    does.
    """
    if x.dtype in UNSIGNED:
        return tf.math.subtract(tf.zeros_like(x), x)
    return tf.math.negative(x)


def positive(x: Array, /) -> Array:
    """``+x``, elementwise (the element itself).

    Deviation fixed: TensorFlow has no ``positive``.
    """
    return tf.identity(x)


def _integers_unchanged(native: Callable[[Array], Array], name: str,
                        what: str) -> Callable[[Array], Array]:
    def rounding(x: Array, /) -> Array:
        if x.dtype in INTEGRAL:
            return tf.identity(x)
        return native(x)

    rounding.__name__ = rounding.__qualname__ = name
    rounding.__doc__ = (f"{what}.\n\n    Deviation fixed: ``{getattr(native, '__name__', name)}`` "
                        "has no kernel for integers, which are returned unchanged.\n    ")
    return rounding


def _trunc(x: Array) -> Array:
    return tf.where(tf.math.less(x, 0), tf.math.ceil(x), tf.math.floor(x))


ceil = _integers_unchanged(tf.math.ceil, "ceil",
                           "The smallest integer not less than each element")
floor = _integers_unchanged(tf.math.floor, "floor",
                            "The largest integer not greater than each element")
trunc = _integers_unchanged(_trunc, "trunc", "Each element rounded towards zero")
trunc.__doc__ = """Each element rounded towards zero.

    Deviations fixed: TensorFlow has no ``trunc`` (this is ``ceil`` below zero
    and ``floor`` above, so ``-0.5`` gives ``-0``); integers are returned
    unchanged.
    """


def round(x: Array, /) -> Array:  # noqa: A001 - the standard's name
    """Round each element to the nearest integer, halves to even.

    Deviation fixed: ``tf.math.round`` rejects complex tensors; here the real
    and imaginary parts are rounded separately.
    """
    if x.dtype in COMPLEX:
        return tf.complex(tf.math.round(tf.math.real(x)), tf.math.round(tf.math.imag(x)))
    if x.dtype in INTEGRAL:
        return tf.identity(x)
    return tf.math.round(x)


def _classify(native: Callable[[Array], Array], name: str, *, both: bool,
              integral: bool) -> Callable[[Array], Array]:
    combine = tf.math.logical_and if both else tf.math.logical_or

    def classify(x: Array, /) -> Array:
        if x.dtype in COMPLEX:
            return combine(native(tf.math.real(x)), native(tf.math.imag(x)))
        if x.dtype not in FLOATING:
            fill = tf.ones_like if integral else tf.zeros_like
            return fill(x, dtype=tf.bool)
        return native(x)

    classify.__name__ = classify.__qualname__ = name
    return classify


isfinite = _classify(tf.math.is_finite, "isfinite", both=True, integral=True)
isfinite.__doc__ = """Whether each element is finite (both parts, for complex numbers).

    Deviation fixed: ``tf.math.is_finite`` takes real floating-point tensors only;
    integers and booleans are always finite.
    """
isinf = _classify(tf.math.is_inf, "isinf", both=False, integral=False)
isinf.__doc__ = """Whether each element is infinite (either part, for complex numbers).

    Deviation fixed: ``tf.math.is_inf`` takes real floating-point tensors only.
    """
isnan = _classify(tf.math.is_nan, "isnan", both=False, integral=False)
isnan.__doc__ = """Whether each element is NaN (either part, for complex numbers).

    Deviation fixed: ``tf.math.is_nan`` takes real floating-point tensors only.
    """


def bitwise_invert(x: Array, /) -> Array:
    """The bitwise NOT of each element (logical NOT for ``bool``).

    Deviation fixed: ``tf.bitwise.invert`` takes integers only.
    """
    if x.dtype == tf.bool:
        return tf.math.logical_not(x)
    return tf.bitwise.invert(x)


def _scaled_log(scale: float, name: str, base: str) -> Callable[[Array], Array]:
    def log(x: Array, /) -> Array:
        out = tf.math.log(x)
        if out.dtype in COMPLEX:
            # Scale the parts as real numbers: multiplying by a complex constant
            # would turn an infinite part's partner into NaN.
            return tf.complex(tf.math.real(out) * scale, tf.math.imag(out) * scale)
        return out * tf.constant(scale, out.dtype)

    log.__name__ = log.__qualname__ = name
    log.__doc__ = (f"The base-{base} logarithm of each element.\n\n    Deviation fixed: "
                   f"TensorFlow has no ``{name}``; this is ``log(x) / log({base})``.\n    ")
    return log


log2 = _scaled_log(1 / math.log(2.0), "log2", "2")
log10 = _scaled_log(1 / math.log(10.0), "log10", "10")


def _is_nan_scalar(bound: object) -> bool:
    return type(bound) is float and math.isnan(bound)


def _bound(value: Any, like: Array) -> Array:
    if isinstance(value, (tf.Tensor, tf.Variable)):
        return cast(value, like.dtype)
    return scalar_tensor(value, like.dtype, like)


def clip(x: Array, /, min: Array | float | None = None,  # noqa: A002 - the standard's names
         max: Array | float | None = None) -> Array:  # noqa: A002
    """Clamp each element of ``x`` to ``[min, max]``; the result has ``x``'s dtype
    and the shape ``x`` and the array bounds broadcast to.

    Deviations fixed: ``tf.clip_by_value`` needs both bounds, of ``x``'s dtype,
    and broadcasts them to ``x``'s shape only; and a NaN scalar bound is
    ignored there (the standard: NaN).
    """
    if min is None and max is None:
        return tf.identity(x)
    out = x
    if min is not None and not _is_nan_scalar(min):
        out = tf.math.maximum(out, _bound(min, x))
    if max is not None and not _is_nan_scalar(max):
        out = tf.math.minimum(out, _bound(max, x))
    if _is_nan_scalar(min) or _is_nan_scalar(max):
        return tf.fill(tf.shape(out), tf.constant(math.nan, x.dtype))
    return out if out is not x else tf.identity(x)


UNARY: dict[str, Callable[..., Array]] = {
    "abs": abs, "negative": negative, "positive": positive, "ceil": ceil,
    "floor": floor, "trunc": trunc, "round": round, "isfinite": isfinite, "isinf": isinf,
    "isnan": isnan, "signbit": signbit, "bitwise_invert": bitwise_invert, "log2": log2,
    "log10": log10, "clip": clip,
}

"""Complex functions whose TensorFlow kernels break the standard's special
cases or symmetries, through the shared mechanism of
:mod:`xport._common.complex_functions` (fold, call the kernel, patch the
standard's table, unfold). Real inputs go to TensorFlow's function untouched.

The mechanism needs NumPy's spelling of a dozen elementwise functions; they are
bound here to TensorFlow's (``where`` and ``hypot`` to the namespace's own,
which take Python scalars and promote).
"""

from __future__ import annotations

import math
import types
from typing import Any

import tensorflow as tf

from .._common.complex_functions import ComplexOps, log1p_kernel, make_complex_function
from ._elementwise import BINARY, log2, log10, signbit
from ._indexing import where
from ._operands import COMPLEX

Array = Any

_XP = types.ModuleType("xport.tensorflow._complex_xp")
_XP.__dict__.update({
    "real": tf.math.real, "imag": tf.math.imag, "where": where, "abs": tf.math.abs,
    "signbit": signbit, "isnan": tf.math.is_nan, "isinf": tf.math.is_inf,
    "isfinite": tf.math.is_finite, "cos": tf.math.cos, "sin": tf.math.sin,
    "tan": tf.math.tan, "log": tf.math.log, "log1p": tf.math.log1p, "hypot": BINARY["hypot"],
    "atan2": tf.math.atan2, "logical_and": tf.math.logical_and,
    "logical_or": tf.math.logical_or, "logical_not": tf.math.logical_not,
    "not_equal": tf.math.not_equal, "negative": tf.math.negative,
})


def _is_complex(x: Any) -> bool:
    return getattr(x, "dtype", None) in COMPLEX


OPS = ComplexOps(xp=_XP, make=tf.complex, is_complex=_is_complex)


def sign(x: Array, /) -> Array:
    """The sign of each element: -1, 0 or 1 for real numbers (NaN for NaN),
    ``x / |x|`` for complex ones (0 for 0).

    Deviations fixed: ``tf.math.sign`` has no kernel for unsigned integers
    (their sign is ``x > 0``), and for complex ``x`` with tiny parts ``|x|``
    underflows and TensorFlow gives 0; here the parts are scaled by the larger
    one first.
    """
    if x.dtype in COMPLEX:
        re, im = tf.math.real(x), tf.math.imag(x)
        scale = tf.math.maximum(tf.math.abs(re), tf.math.abs(im))
        a, b = tf.math.divide_no_nan(re, scale), tf.math.divide_no_nan(im, scale)
        modulus = tf.math.sqrt(a * a + b * b)
        return tf.complex(tf.math.divide_no_nan(a, modulus), tf.math.divide_no_nan(b, modulus))
    if x.dtype in (tf.uint8, tf.uint16, tf.uint32, tf.uint64):
        return tf.cast(tf.math.greater(x, 0), x.dtype)
    return tf.math.sign(x)


def _log_kernel(z: Array) -> Array:
    """``tf.math.log`` of complex ``z`` where it is finite; elsewhere (its
    vectorised kernel squares the parts, so ``|z|`` below about 1e-154 or
    above 1e154 in double precision gives NaN or infinity) the real part is
    ``log(m) + log1p((n / m)**2) / 2`` for the larger part ``m`` and the
    smaller ``n``, the imaginary part ``atan2``."""
    w = tf.math.log(z)
    re, im = tf.math.real(w), tf.math.imag(w)
    a, b = tf.math.real(z), tf.math.imag(z)
    big = tf.math.maximum(tf.math.abs(a), tf.math.abs(b))
    ratio = tf.math.divide_no_nan(tf.math.minimum(tf.math.abs(a), tf.math.abs(b)), big)
    scaled = tf.math.log(big) + 0.5 * tf.math.log1p(ratio * ratio)
    return tf.complex(tf.where(tf.math.is_finite(re), re, scaled),
                      tf.where(tf.math.is_finite(im), im, tf.math.atan2(b, a)))


def _scaled_log_kernel(scale: float) -> Any:
    def kernel(z: Array) -> Array:
        w = _log_kernel(z)
        # Scale the parts as real numbers (a complex factor would turn an
        # infinite part's partner into NaN).
        return tf.complex(tf.math.real(w) * scale, tf.math.imag(w) * scale)

    return kernel


WRAPPERS: dict[str, Any] = {
    # TensorFlow's vectorised complex log gives NaN for tiny and huge |z|, and
    # misses entries of the standard's table; log2 and log10 scale it.
    "log": make_complex_function("log", tf.math.log, OPS, kernel=_log_kernel),
    "log2": make_complex_function("log2", log2, OPS,
                                  kernel=_scaled_log_kernel(1 / math.log(2.0))),
    "log10": make_complex_function("log10", log10, OPS,
                                   kernel=_scaled_log_kernel(1 / math.log(10.0))),
    "sqrt": make_complex_function("sqrt", tf.math.sqrt, OPS),
    # TensorFlow's complex log1p is log(1 + z): inaccurate for tiny parts, and
    # NaN where the standard's table gives infinities.
    "log1p": make_complex_function("log1p", tf.math.log1p, OPS, kernel=log1p_kernel(OPS)),
    # TensorFlow's complex expm1 gives NaN at the table's infinities and -0 for -0+0j.
    "expm1": make_complex_function("expm1", tf.math.expm1, OPS),
    # TensorFlow's complex tanh gives C99's 1 + 0j * sin(2b) for +inf + bj (the
    # standard: 1 + 0j for positive b).
    "tanh": make_complex_function("tanh", tf.math.tanh, OPS),
    "sign": sign,
}

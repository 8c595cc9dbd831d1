"""From random words to floats, as JAX makes them.

A float in [0, 1) takes the cipher's top mantissa bits (:func:`unit`), and
is scaled into ``[minval, maxval)`` with XLA's rounding (:func:`scale`).
"""

from __future__ import annotations

import math
from typing import Any, Final

from .keys import KeyWords, encrypt
from .target import Target
from .words import Words
from .xla_float32 import ops_for

# Mantissa bits of float32 and float64.
MANTISSA: Final = {"float32": 23, "float64": 52}


def above_minus_one(kind: str) -> float:
    """The least float of ``kind`` above -1 (where the normal samplers'
    uniform draws start)."""
    return -1.0 + 2.0 ** -(MANTISSA[kind] + 1)


def float_kind(xp: Any, dtype: Any, what: str) -> str:
    """``"float32"`` or ``"float64"`` for ``dtype``; ``TypeError`` naming
    the sampler ``what`` for any other."""
    for name in MANTISSA:
        if dtype == getattr(xp, name):
            return name
    raise TypeError(f"xport.random.{what} takes dtype float32 or float64; got {dtype}")


def unit(w: Words, kw: KeyWords, counters: Any, kind: str) -> Any:
    """Floats in [0, 1) with JAX's mantissa bits: the value JAX gets by bitcasting
    the top bits under the exponent of 1.0 and subtracting 1, built arithmetically."""
    xp = w.xp
    dtype = getattr(xp, kind)
    high, low = encrypt(w, kw, counters)
    if kind == "float32":
        return unit_of_mantissas(w, mantissas_of(w, high, low))
    # 64 random bits are high:low; their top 52 are high (32) then low's top 20.
    return (xp.astype(w.wide(high), dtype) * 2.0**-32
            + xp.astype(w.shr(low, 12), dtype) * 2.0**-52)


def mantissas_of(w: Words, high: Any, low: Any) -> Any:
    """The 23 mantissa bits of the float32 draws whose cipher words are
    ``high`` and ``low``, as words below 2**23."""
    return w.shr(w.xor(high, low), 32 - MANTISSA["float32"])


def unit_of_mantissas(w: Words, mantissas: Any) -> Any:
    """The float32 values in [0, 1) whose 23 mantissa bits are the words
    ``mantissas`` (below 2**23): :func:`unit`'s last step."""
    xp = w.xp
    return xp.astype(mantissas, xp.float32) * 2.0 ** -MANTISSA["float32"]


def bound(xp: Any, value: Any, dtype: Any, device: Any) -> Any:
    """A Python number or an array as an array of ``dtype``."""
    if isinstance(value, (int, float)):
        return xp.asarray(value, dtype=dtype, device=device)
    return xp.astype(value, dtype)


def exact_product(minval: Any, maxval: Any) -> bool:
    """Whether ``unit * (maxval - minval)`` is exact: Python bounds whose
    difference is a power of two (0 and 1, normal()'s bounds)."""
    if not (isinstance(minval, (int, float)) and isinstance(maxval, (int, float))):
        return False
    span = float(maxval) - float(minval)
    return span > 0 and math.frexp(span)[0] == 0.5


def scale(target: Target, unit: Any, low: Any, high: Any, exact: bool) -> Any:
    """``max(low, unit * (high - low) + low)`` rounded as XLA does."""
    xp = target.xp
    if exact or unit.dtype == xp.float64:
        scaled = unit * (high - low) + low
    else:
        # XLA fuses this multiply-add into one rounding (an FMA).
        ops = ops_for(target, unit, in_place=False)
        scaled = ops.fma(ops.widen(unit), ops.widen(high - low), ops.widen(low))
    return xp.maximum(low, scaled)

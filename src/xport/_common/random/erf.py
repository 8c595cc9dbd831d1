"""The error function with the standard's elementwise operations, in float64.

The standard has no ``erf``; ``truncated_normal`` needs it for its bounds.
Below |x| = 2 it sums the Maclaurin series (45 terms), above it evaluates
the classical continued fraction of ``erfc`` (60 levels, from the bottom up);
both pieces are clamped to their own range so that neither overflows where
it is not used. Measured against ``math.erf`` on 200 001 points of [-7, 7]:
within 1.6e-15 relative (tests/test_random.py checks it).
"""

from __future__ import annotations

import math
from typing import Any, Final

_CUT: Final = 2.0
_SERIES_TERMS: Final = 45
_FRACTION_DEPTH: Final = 60
_TWO_OVER_SQRT_PI: Final = 2.0 / math.sqrt(math.pi)
_SQRT_PI: Final = math.sqrt(math.pi)


def erf(xp: Any, x: Any) -> Any:
    """``erf(x)`` for a float64 array ``x`` (+-1 at +-inf, NaN for NaN)."""
    magnitude = xp.abs(x)
    s = xp.minimum(magnitude, _CUT)
    minus_s2 = -(s * s)
    term = s
    total = s
    for n in range(1, _SERIES_TERMS):
        term = term * minus_s2 / n
        total = total + term / (2 * n + 1)
    series = total * _TWO_OVER_SQRT_PI
    # erfc(z) = exp(-z**2) / sqrt(pi) / (z + (1/2) / (z + 1 / (z + (3/2) / (z + ...))))
    z = xp.minimum(xp.maximum(magnitude, _CUT), 30.0)
    fraction = z
    for k in range(_FRACTION_DEPTH, 0, -1):
        fraction = z + (k / 2) / fraction
    tail = 1.0 - xp.exp(-(z * z)) / (_SQRT_PI * fraction)
    result = xp.where(magnitude < _CUT, series, tail)
    return xp.where(xp.isnan(x), x, xp.copysign(result, x))

"""Elementwise functions where ``jax.numpy`` deviates: ``pow``,
``floor_divide`` and ``remainder`` (the signs of zero results, through
:mod:`xport._common.signed_zeros`).

``jax.numpy.pow`` takes a *concrete* integer exponent (a Python int, or a
0-d integer array outside ``jax.jit``) as a static power and keeps the base's
dtype: ``pow(int16_array, int32_0d_array)`` is ``int16`` eagerly and ``int32``
under ``jax.jit``. The standard's promotion does not look at values, so the
operands are promoted first (as ``jax.numpy`` does under ``jax.jit`` anyway),
with the shared binary-operand mechanism.
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp

from .._common.elementwise import Operands, make_binary
from .._common.signed_zeros import make_floor_divide, make_remainder
from ._eager import eager_compiled
from ._info import DTYPES, dtype_name


def _cast(x: Any, dtype: Any) -> Any:
    return jax.lax.convert_element_type(x, dtype)


def _scalar_array(value: Any, dtype: Any, like: Any) -> Any:
    return jnp.asarray(value, dtype=dtype)


OPERANDS = Operands(
    dtypes=DTYPES,
    name_of=dtype_name,
    cast=_cast,
    scalar_array=_scalar_array,
    native_right=(),
    is_0d=lambda x: x.ndim == 0,
)


pow = make_binary(  # noqa: A001 - the standard's name
    jnp.pow, OPERANDS, name="pow", scalar_second=True,
    doc="""``x1`` raised to the power ``x2``, elementwise.

    Deviation fixed: ``jax.numpy.pow`` keeps the base's dtype when the exponent
    is a concrete 0-d integer array (value-based promotion, and different from
    its own result under ``jax.jit``), and gives a Python-int base the default
    integer dtype beside a 0-d exponent. Here arrays promote by the standard's
    table and a Python scalar takes the array's dtype.
    """,
)


def _ieee_floor_divide(x1: Any, x2: Any, /) -> Any:
    # Before JAX 0.10 a floating-point zero divisor gave NaN (``lax.rem``'s NaN
    # leaked into the quotient); IEEE and the standard give x1 / x2 there.
    out = jnp.floor_divide(x1, x2)
    if not jnp.issubdtype(out.dtype, jnp.floating):
        return out
    return jnp.where(jnp.equal(x2, 0), jnp.divide(x1, x2).astype(out.dtype), out)


_ZERO_DIVISOR_GIVES_NAN = jax.__version_info__ < (0, 10, 0)
# One compiled program eagerly: the fix-up costs one dispatch, not one per step.
floor_divide = eager_compiled(make_floor_divide(
    _ieee_floor_divide if _ZERO_DIVISOR_GIVES_NAN else jnp.floor_divide, jnp))
remainder = eager_compiled(make_remainder(jnp.remainder, jnp))


# Deviations of values, which no abstract probe can detect: wrapped on every JAX.
WRAPPERS: dict[str, Any] = {"floor_divide": floor_divide, "pow": pow, "remainder": remainder}

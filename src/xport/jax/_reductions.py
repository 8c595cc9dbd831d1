"""Reductions where ``jax.numpy`` deviates: ``all``/``any`` on complex
arrays and ``cumulative_prod``'s accumulation dtype."""

from __future__ import annotations

import builtins
from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from .._common.accumulation import accumulation_dtype_name
from ._eager import eager_compiled
from ._info import DTYPES, default_integer_name, dtype_name

Array = Any
Axis = int | tuple[int, ...] | None


def _truth(x: Array) -> Array:
    return jnp.not_equal(x, 0) if x.dtype.kind == "c" else x


def all(x: Array, /, *, axis: Axis = None, keepdims: bool = False) -> Array:  # noqa: A001
    """Whether every element of ``x`` along ``axis`` is true (non-zero).

    Deviation fixed: ``jax.numpy.all`` tests only the real part of complex
    elements (``all(1j)`` is false). Other dtypes go to it unchanged.
    """
    return jnp.all(_truth(x), axis=axis, keepdims=keepdims)


def any(x: Array, /, *, axis: Axis = None, keepdims: bool = False) -> Array:  # noqa: A001
    """Whether any element of ``x`` along ``axis`` is true (non-zero).

    Deviation fixed: as :func:`all`, for complex elements.
    """
    return jnp.any(_truth(x), axis=axis, keepdims=keepdims)


def cumulative_prod(x: Array, /, *, axis: int | None = None, dtype: Any = None,
                    include_initial: bool = False) -> Array:
    """Cumulative product of ``x`` along ``axis``.

    Deviation fixed: with ``dtype=None`` ``jax.numpy.cumulative_prod`` keeps a
    narrow integer dtype; the standard accumulates integers narrower than the
    default integer dtype (and booleans) in the default one (unsigned: the
    unsigned integer of its width), as ``jax.numpy.cumulative_sum`` does.
    """
    if dtype is None:
        name = dtype_name(x)
        if name is not None:
            wanted = accumulation_dtype_name(name, default_integer_name())
            dtype = None if wanted == name else DTYPES[wanted]
    return jnp.cumulative_prod(x, axis=axis, dtype=dtype, include_initial=include_initial)


def _prod_keeps_narrow_ints() -> bool:
    struct: Callable[..., Any] = jax.ShapeDtypeStruct  # abstract: no device, no compile
    probe = struct((1,), np.dtype("int8"))
    return builtins.bool(jax.eval_shape(jnp.cumulative_prod, probe).dtype == probe.dtype)


_CUMULATIVE_STATIC = ("axis", "dtype", "include_initial")


def _compiled(function: Callable[..., Any]) -> Callable[..., Any]:
    """``function`` compiled eagerly with its keywords static. Not a deviation
    fix: ``jax.numpy``'s cumulative functions are not compiled themselves, so
    each of their steps is an eager dispatch (1.2-1.3x the time of the compiled
    ``jax.numpy.cumsum`` on small and on 1e6-element arrays)."""
    return eager_compiled(function, _CUMULATIVE_STATIC)


# A deviation of values, which no abstract probe can detect: wrapped on every JAX.
ALWAYS: dict[str, Any] = {"all": all, "any": any}
if hasattr(jnp, "cumulative_sum"):
    ALWAYS["cumulative_sum"] = _compiled(jnp.cumulative_sum)


def detected() -> dict[str, Any]:
    """The wrappers the installed JAX needs beyond :data:`ALWAYS`."""
    if hasattr(jnp, "cumulative_prod") and _prod_keeps_narrow_ints():
        return {"cumulative_prod": _compiled(cumulative_prod)}
    if hasattr(jnp, "cumulative_prod"):
        return {"cumulative_prod": _compiled(jnp.cumulative_prod)}
    return {}

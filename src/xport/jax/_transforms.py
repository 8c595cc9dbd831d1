"""JAX's part of ``xport.jit`` / ``xport.vmap``: ``jax.jit`` and ``jax.vmap``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax

# Tracing errors: Python control flow or conversions on a traced value.
COMPILER = "jax.jit"
COMPILE_ERRORS: tuple[type[BaseException], ...] = tuple(
    getattr(jax.errors, name) for name in (
        "ConcretizationTypeError", "TracerBoolConversionError", "TracerIntegerConversionError",
        "TracerArrayConversionError", "NonConcreteBooleanIndexError")
    if hasattr(jax.errors, name))


def jit(f: Callable[..., Any], static_argnums: tuple[int, ...],
        static_argnames: tuple[str, ...], xla: bool) -> Callable[..., Any]:
    return jax.jit(f, static_argnums=static_argnums, static_argnames=static_argnames)


def vmap(f: Callable[..., Any], in_axes: Any, out_axes: Any) -> Callable[..., Any]:
    return jax.vmap(f, in_axes=in_axes, out_axes=out_axes)

"""Compiled eager calls of multi-step functions.

Eagerly, every ``jax.numpy`` operation is a dispatch of its own (5-10 us on a
CPU), so a wrapper of several steps, or a ``jax.numpy`` function that is not
compiled itself, costs a multiple of one operation on small arrays. Called on
concrete arrays, the functions here run as one compiled program (one dispatch,
as ``jax.numpy``'s compiled functions do); called on tracers (inside
``jax.jit``, ``grad``, ``vmap``) they run the plain function, so the traced
program is exactly the steps themselves.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import jax


def eager_compiled(function: Callable[..., Any],
                   static_argnames: tuple[str, ...] = ()) -> Callable[..., Any]:
    """``function``, compiled (keywords ``static_argnames`` static) when its
    first argument is not a tracer."""
    compiled = jax.jit(function, static_argnames=static_argnames)
    tracer = jax.core.Tracer

    @functools.wraps(function)
    def call(x: Any, /, *args: Any, **kwargs: Any) -> Any:
        if isinstance(x, tracer):
            return function(x, *args, **kwargs)
        for a in args:  # a loop, not any(<generator>): this is every eager call's path
            if isinstance(a, tracer):
                return function(x, *args, **kwargs)
        return compiled(x, *args, **kwargs)

    return call

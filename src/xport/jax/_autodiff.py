"""JAX's part of ``xport.autodiff``: JAX's own transforms, unchanged."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax


def grad(f: Callable[..., Any], argnums: Any, has_aux: bool) -> Callable[..., Any]:
    return jax.grad(f, argnums=argnums, has_aux=has_aux)


def value_and_grad(f: Callable[..., Any], argnums: Any, has_aux: bool) -> Callable[..., Any]:
    return jax.value_and_grad(f, argnums=argnums, has_aux=has_aux)


def vjp(f: Callable[..., Any], primals: tuple[Any, ...], has_aux: bool) -> Any:
    if has_aux:
        return jax.vjp(f, *primals, has_aux=True)
    return jax.vjp(f, *primals)


def jvp(f: Callable[..., Any], primals: tuple[Any, ...], tangents: tuple[Any, ...],
        has_aux: bool) -> Any:
    return jax.jvp(f, primals, tangents, has_aux=has_aux)


def jacobian(f: Callable[..., Any], argnums: Any, mode: str) -> Callable[..., Any]:
    return (jax.jacrev if mode == "reverse" else jax.jacfwd)(f, argnums=argnums)


def hessian(f: Callable[..., Any], argnums: Any) -> Callable[..., Any]:
    return jax.hessian(f, argnums=argnums)


def stop_gradient(x: Any) -> Any:
    return jax.tree_util.tree_map(jax.lax.stop_gradient, x)


def custom_vjp(fun: Callable[..., Any], fwd: Callable[..., Any],
               bwd: Callable[..., Any]) -> Callable[..., Any]:
    """``fun`` with the rule ``fwd``/``bwd`` as a ``jax.custom_vjp``."""
    rule = jax.custom_vjp(fun)
    rule.defvjp(fwd, lambda residuals, cotangent: tuple(bwd(residuals, cotangent)))
    return rule

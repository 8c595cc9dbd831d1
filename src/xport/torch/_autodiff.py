"""PyTorch's part of ``xport.autodiff``: ``torch.func`` transforms (composable,
so ``grad(grad(f))`` nests) and ``torch.autograd.Function`` for custom rules."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import torch
import torch.func as tf_

from .._common.pytree import flatten, tree_map, unflatten


def grad(f: Callable[..., Any], argnums: Any, has_aux: bool) -> Callable[..., Any]:
    return tf_.grad(f, argnums=argnums, has_aux=has_aux)


def value_and_grad(f: Callable[..., Any], argnums: Any, has_aux: bool) -> Callable[..., Any]:
    grad_and_value = tf_.grad_and_value(f, argnums=argnums, has_aux=has_aux)

    def value_and_gradient(*args: Any) -> Any:
        gradient, value = grad_and_value(*args)  # torch.func's order is (grad, value)
        return value, gradient

    return value_and_gradient


def vjp(f: Callable[..., Any], primals: tuple[Any, ...], has_aux: bool) -> Any:
    return tf_.vjp(f, *primals, has_aux=has_aux)


def jvp(f: Callable[..., Any], primals: tuple[Any, ...], tangents: tuple[Any, ...],
        has_aux: bool) -> Any:
    return tf_.jvp(f, primals, tangents, has_aux=has_aux)


def jacobian(f: Callable[..., Any], argnums: Any, mode: str) -> Callable[..., Any]:
    return (tf_.jacrev if mode == "reverse" else tf_.jacfwd)(f, argnums=argnums)


def hessian(f: Callable[..., Any], argnums: Any) -> Callable[..., Any]:
    return tf_.hessian(f, argnums=argnums)


def stop_gradient(x: Any) -> Any:
    return tree_map(lambda t: t.detach() if isinstance(t, torch.Tensor) else t, x)


def custom_vjp(fun: Callable[..., Any], fwd: Callable[..., Any],
               bwd: Callable[..., Any]) -> Callable[..., Any]:
    """``fun`` with the rule ``fwd``/``bwd`` as a ``torch.autograd.Function``
    (the ``setup_context`` form, so torch.func transforms and vmap accept it).

    ``fun`` itself is not called when gradients are computed: ``fwd`` gives the
    output and the residuals, as in JAX. The output may be a tensor or a pytree
    of tensors; residuals any pytree (tensor leaves are saved for backward).
    """
    pending = threading.local()

    class Rule(torch.autograd.Function):
        generate_vmap_rule = True

        @staticmethod
        def forward(*args: Any) -> Any:
            out, residuals = fwd(*args)
            out_leaves, out_def = flatten(out)
            res_leaves, res_def = flatten(residuals)
            is_tensor = [isinstance(leaf, torch.Tensor) for leaf in res_leaves]
            others = [None if t else leaf for leaf, t in zip(res_leaves, is_tensor, strict=True)]
            meta = [(o.shape, o.dtype, o.device) for o in out_leaves]
            pending.value = (out_def, res_def, is_tensor, others, len(out_leaves), meta)
            # Views, not the tensors themselves: autograd refuses to save an
            # input that a Function returns as-is.
            tensors = [leaf.view_as(leaf) for leaf, t in zip(res_leaves, is_tensor, strict=True)
                       if t]
            outs = [o.view_as(o) if any(o is a for a in args) else o for o in out_leaves]
            return (*outs, *tensors)

        @staticmethod
        def setup_context(ctx: Any, inputs: Any, output: Any) -> None:
            ctx.structure = pending.value
            n_out = ctx.structure[4]
            ctx.mark_non_differentiable(*output[n_out:])
            ctx.save_for_backward(*output[n_out:])

        @staticmethod
        def backward(ctx: Any, *cotangents: Any) -> Any:
            out_def, res_def, is_tensor, others, n_out, meta = ctx.structure
            tensors = iter(ctx.saved_tensors)
            leaves = [next(tensors) if t else other for t, other in
                      zip(is_tensor, others, strict=True)]
            residuals = unflatten(res_def, leaves)
            cts = [torch.zeros(shape, dtype=dtype, device=device) if c is None else c
                   for (shape, dtype, device), c in zip(meta, cotangents[:n_out], strict=True)]
            grads = bwd(residuals, unflatten(out_def, cts))
            return tuple(grads)

    def call(*args: Any) -> Any:
        results = Rule.apply(*args)  # type: ignore[no-untyped-call]
        out_def, n_out = pending.value[0], pending.value[4]
        return unflatten(out_def, results[:n_out])

    call.__name__ = call.__qualname__ = getattr(fun, "__name__", "custom_vjp")
    call.__doc__ = getattr(fun, "__doc__", None)
    return call

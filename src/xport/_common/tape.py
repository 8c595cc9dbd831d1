"""Reverse-mode differentiation by a recording tape, in JAX's shape.

The backends whose libraries record operations rather than transform
functions (TensorFlow's ``GradientTape``, MXNet's ``autograd``) build
``xport.autodiff``'s ``grad``, ``value_and_grad`` and ``vjp`` from the same
steps: pick the differentiated arguments (``argnums``), turn their leaves into
what the tape watches, run ``f`` under the tape, check the output, and put the
leaves' gradients back into the arguments' pytree structure. Each backend
supplies only what differs: how a leaf becomes a source, and the
value-and-gradient step itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .pytree import TreeDef, flatten, unflatten

# Per differentiated argument: its position, structure and number of leaves.
Layout = list[tuple[int, TreeDef, int]]
# (f, argnums, has_aux, the caller's name, args) -> (value, aux, gradients)
ValueAndGrad = Callable[[Callable[..., Any], Any, bool, str, tuple[Any, ...]],
                        tuple[Any, Any, Any]]


def argnums_tuple(argnums: Any, nargs: int) -> tuple[tuple[int, ...], bool]:
    """``argnums`` as non-negative positions, and whether the gradients are a
    tuple (``argnums`` was a sequence) or one pytree (an int)."""
    if isinstance(argnums, int):
        return (argnums % nargs,), False
    return tuple(n % nargs for n in argnums), True


def sources(args: Sequence[Any], nums: tuple[int, ...], source: Callable[[Any, int], Any]
            ) -> tuple[list[Any], list[Any], Layout]:
    """``args`` with each leaf of the arguments at ``nums`` replaced by
    ``source(leaf, position)`` (what the tape watches), those sources, and
    the arguments' layout."""
    new_args = list(args)
    leaves: list[Any] = []
    layout: Layout = []
    for n in nums:
        arg_leaves, treedef = flatten(args[n])
        made = [source(leaf, n) for leaf in arg_leaves]
        new_args[n] = unflatten(treedef, made)
        layout.append((n, treedef, len(made)))
        leaves.extend(made)
    return new_args, leaves, layout


def regroup(grads: Sequence[Any], layout: Layout, as_tuple: bool) -> Any:
    """The flat ``grads`` back in the differentiated arguments' structures."""
    out = []
    start = 0
    for _, treedef, count in layout:
        out.append(unflatten(treedef, list(grads[start:start + count])))
        start += count
    return tuple(out) if as_tuple else out[0]


def split_aux(out: Any, has_aux: bool) -> tuple[Any, Any]:
    """``(output, aux)`` of a function's result (``aux`` None without ``has_aux``)."""
    if not has_aux:
        return out, None
    if not (isinstance(out, (tuple, list)) and len(out) == 2):
        raise TypeError("has_aux=True needs the function to return a pair (output, aux)")
    return out[0], out[1]


def grad(value_and_grad: ValueAndGrad, f: Callable[..., Any], argnums: Any,
         has_aux: bool) -> Callable[..., Any]:
    """``f``'s gradient function from a backend's value-and-gradient step."""
    def gradient(*args: Any) -> Any:
        _, aux, grads = value_and_grad(f, argnums, has_aux, "grad", args)
        return (grads, aux) if has_aux else grads

    return gradient


def value_and_grad(step: ValueAndGrad, f: Callable[..., Any], argnums: Any,
                   has_aux: bool) -> Callable[..., Any]:
    """``f``'s value-and-gradient function from a backend's step."""
    def value_and_gradient(*args: Any) -> Any:
        value, aux, grads = step(f, argnums, has_aux, "value_and_grad", args)
        return ((value, aux) if has_aux else value), grads

    return value_and_gradient


def check_cotangent(cotangent: Any, out_def: TreeDef) -> list[Any]:
    """The leaves of a ``vjp_fn`` cotangent, which must have the output's structure."""
    leaves, treedef = flatten(cotangent)
    if treedef != out_def:
        raise ValueError("vjp_fn(): the cotangent's structure differs from the output's")
    return leaves

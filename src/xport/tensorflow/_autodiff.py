"""TensorFlow's part of ``xport.autodiff``: ``tf.GradientTape`` for reverse
mode, ``tf.autodiff.ForwardAccumulator`` for forward mode and
``tf.custom_gradient`` for custom rules, with JAX's semantics (``argnums``,
``has_aux``, pytrees of tensors, nesting).

Everything runs eagerly and inside ``tf.function``; tapes nest, so
``grad(grad(f))`` works, and ``hessian`` is forward-over-reverse. Arguments
to differentiate may be tensors, ``tf.Variable`` objects or Python numbers
(converted to tensors first); gradients of outputs that do not depend on an
input are zeros (JAX's behaviour), not ``None``.

Forward-mode ``jacobian`` pushes one basis tangent per input element through
``f`` (the input sizes must be known, also inside ``tf.function``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import tensorflow as tf

from .._common import tape as tape_
from .._common.pytree import TreeDef, flatten, tree_map, unflatten
from ._operands import scalar_tensor

_ZERO = tf.UnconnectedGradients.ZERO
_TENSORS = (tf.Tensor, tf.Variable)
_custom_gradient: Callable[[Callable[..., Any]], Callable[..., Any]] = tf.custom_gradient


def _as_tensor(leaf: Any) -> Any:
    return leaf if isinstance(leaf, _TENSORS) else tf.convert_to_tensor(leaf)


def _source(leaf: Any, position: int) -> Any:
    return _as_tensor(leaf)


def _sources(args: Sequence[Any], nums: tuple[int, ...]
             ) -> tuple[list[Any], list[Any], tape_.Layout]:
    """``args`` with the leaves at ``nums`` made tensors (see ``tape.sources``)."""
    return tape_.sources(args, nums, _source)


def _check_scalar(out: Any, what: str) -> None:
    if not isinstance(out, _TENSORS) or out.shape.rank != 0:
        raise TypeError(f"{what} needs a function with a real scalar (0-d tensor) output; got "
                        f"{getattr(out, 'shape', type(out).__name__)}")
    if out.dtype.is_complex or not out.dtype.is_floating:
        raise TypeError(f"{what} needs a real floating-point output; got {out.dtype.name}")


def _value_and_grad(f: Callable[..., Any], argnums: Any, has_aux: bool, what: str,
                    args: tuple[Any, ...]) -> tuple[Any, Any, Any]:
    nums, as_tuple = tape_.argnums_tuple(argnums, len(args))
    new_args, leaves, layout = _sources(args, nums)
    with tf.GradientTape(watch_accessed_variables=False) as tape:
        for leaf in leaves:
            tape.watch(leaf)
        value, aux = tape_.split_aux(f(*new_args), has_aux)
    _check_scalar(value, what)
    grads = tape.gradient(value, leaves, unconnected_gradients=_ZERO)
    return value, aux, tape_.regroup(grads, layout, as_tuple)


def grad(f: Callable[..., Any], argnums: Any, has_aux: bool) -> Callable[..., Any]:
    return tape_.grad(_value_and_grad, f, argnums, has_aux)


def value_and_grad(f: Callable[..., Any], argnums: Any, has_aux: bool) -> Callable[..., Any]:
    return tape_.value_and_grad(_value_and_grad, f, argnums, has_aux)


def vjp(f: Callable[..., Any], primals: tuple[Any, ...], has_aux: bool) -> Any:
    nums = tuple(range(len(primals)))
    new_args, leaves, layout = _sources(primals, nums)
    tape = tf.GradientTape(persistent=True, watch_accessed_variables=False)
    with tape:
        for leaf in leaves:
            tape.watch(leaf)
        out, aux = tape_.split_aux(f(*new_args), has_aux)
    out_leaves, out_def = flatten(out)

    def vjp_fn(cotangent: Any) -> tuple[Any, ...]:
        ct_leaves = tape_.check_cotangent(cotangent, out_def)
        cts = [tf.cast(c, o.dtype) if isinstance(c, _TENSORS) else scalar_tensor(c, o.dtype, o)
               for c, o in zip(ct_leaves, out_leaves, strict=True)]
        grads = tape.gradient(out_leaves, leaves, output_gradients=cts,
                              unconnected_gradients=_ZERO)
        return tuple(tape_.regroup(grads, layout, True))

    return (out, vjp_fn, aux) if has_aux else (out, vjp_fn)


def _jvp(f: Callable[..., Any], primals: Sequence[Any], tangents: Sequence[Any]
         ) -> tuple[Any, Any, Any]:
    p_leaves, p_defs = [], []
    t_leaves: list[Any] = []
    for p, t in zip(primals, tangents, strict=True):
        leaves, treedef = flatten(p)
        leaves = [_as_tensor(leaf) for leaf in leaves]
        p_leaves.extend(leaves)
        p_defs.append((treedef, leaves))
        t_flat, _ = flatten(t)
        t_leaves.extend(tf.cast(_as_tensor(tl), pl.dtype)
                        for tl, pl in zip(t_flat, leaves, strict=True))
    args = [unflatten(treedef, leaves) for treedef, leaves in p_defs]
    with tf.autodiff.ForwardAccumulator(p_leaves, t_leaves) as acc:
        out = f(*args)
    return out, acc, args


def jvp(f: Callable[..., Any], primals: tuple[Any, ...], tangents: tuple[Any, ...],
        has_aux: bool) -> Any:
    raw, acc, _ = _jvp(f, primals, tangents)
    out, aux = tape_.split_aux(raw, has_aux)
    tangent_out = tree_map(lambda o: acc.jvp(o, unconnected_gradients=_ZERO), out)
    return (out, tangent_out, aux) if has_aux else (out, tangent_out)


def _reverse_jacobian(f: Callable[..., Any], argnums: Any, args: tuple[Any, ...]) -> Any:
    nums, as_tuple = tape_.argnums_tuple(argnums, len(args))
    new_args, leaves, layout = _sources(args, nums)
    with tf.GradientTape(persistent=True, watch_accessed_variables=False) as tape:
        for leaf in leaves:
            tape.watch(leaf)
        out = f(*new_args)
    out_leaves, out_def = flatten(out)
    rows = []
    for o in out_leaves:
        jac = [tape.jacobian(o, leaf, unconnected_gradients=_ZERO) for leaf in leaves]
        rows.append(tape_.regroup(jac, layout, as_tuple))
    return unflatten(out_def, rows)


def _static_size(leaf: Any) -> int:
    if not leaf.shape.is_fully_defined():
        raise ValueError("jacobian(mode='forward') needs inputs of known shape; use "
                         "mode='reverse' inside tf.function with unknown dimensions")
    return int(leaf.shape.num_elements())


def _forward_jacobian(f: Callable[..., Any], argnums: Any, args: tuple[Any, ...]) -> Any:
    nums, as_tuple = tape_.argnums_tuple(argnums, len(args))
    new_args, leaves, layout = _sources(args, nums)
    # One forward pass per input element, along the basis tangent e_j.
    columns: list[list[list[Any]]] = []  # per input leaf, per element: output tangents
    out_def: TreeDef | None = None
    out_leaves: list[Any] = []
    for i, leaf in enumerate(leaves):
        size = _static_size(leaf)
        per_element = []
        for j in range(size):
            basis = tf.reshape(tf.one_hot(j, size, dtype=leaf.dtype), tf.shape(leaf))
            tangents = [basis if k == i else tf.zeros_like(other)
                        for k, other in enumerate(leaves)]
            with tf.autodiff.ForwardAccumulator(leaves, tangents) as acc:
                out = f(*new_args)
            out_leaves, out_def = flatten(out)
            per_element.append([acc.jvp(o, unconnected_gradients=_ZERO) for o in out_leaves])
        columns.append(per_element)
    if out_def is None:  # no input element at all: one call for the output's structure
        out_leaves, out_def = flatten(f(*new_args))
    rows = []
    for k, o in enumerate(out_leaves):
        jac = []
        for leaf, per_element in zip(leaves, columns, strict=True):
            if per_element:
                stacked = tf.stack([t[k] for t in per_element], axis=-1)
            else:
                stacked = tf.zeros([*o.shape, 0], o.dtype)
            jac.append(tf.reshape(stacked, [*o.shape, *leaf.shape]))
        rows.append(tape_.regroup(jac, layout, as_tuple))
    return unflatten(out_def, rows)


def jacobian(f: Callable[..., Any], argnums: Any, mode: str) -> Callable[..., Any]:
    def jac(*args: Any) -> Any:
        if mode == "reverse":
            return _reverse_jacobian(f, argnums, args)
        return _forward_jacobian(f, argnums, args)

    return jac


def hessian(f: Callable[..., Any], argnums: Any) -> Callable[..., Any]:
    return jacobian(grad(f, argnums, False), argnums, "forward")


def stop_gradient(x: Any) -> Any:
    return tree_map(lambda t: tf.stop_gradient(t) if isinstance(t, _TENSORS) else t, x)


def custom_vjp(fun: Callable[..., Any], fwd: Callable[..., Any],
               bwd: Callable[..., Any]) -> Callable[..., Any]:
    """``fun`` with the rule ``fwd``/``bwd`` as a ``tf.custom_gradient``.

    ``fun`` itself is not called: ``fwd`` gives the output and the residuals,
    as in JAX. Arguments may be pytrees; their tensor (and ``tf.Variable``)
    leaves are the differentiable inputs, other leaves pass through. ``bwd``
    returns one cotangent (pytree) per positional argument.
    """

    def call(*args: Any) -> Any:
        leaves, treedef = flatten(list(args))
        is_tensor = [isinstance(leaf, _TENSORS) for leaf in leaves]
        tensors = [tf.convert_to_tensor(leaf) for leaf, t in zip(leaves, is_tensor, strict=True)
                   if t]
        structure: dict[str, Any] = {}

        @_custom_gradient
        def rule(*inputs: Any) -> Any:
            it = iter(inputs)
            rebuilt = unflatten(treedef, [next(it) if t else leaf
                                          for leaf, t in zip(leaves, is_tensor, strict=True)])
            out, residuals = fwd(*rebuilt)
            out_leaves, out_def = flatten(out)
            structure["out_def"] = out_def

            def backward(*upstream: Any) -> list[Any]:
                cts = unflatten(out_def, list(upstream))
                grads = bwd(residuals, cts)
                grad_leaves, _ = flatten(list(grads))
                if len(grad_leaves) != len(leaves):
                    raise ValueError(f"custom_vjp: bwd returned {len(grad_leaves)} cotangent "
                                     f"leaves for {len(leaves)} argument leaves")
                return [g for g, t in zip(grad_leaves, is_tensor, strict=True) if t]

            return list(out_leaves), backward

        results = rule(*tensors)
        results = results if isinstance(results, (list, tuple)) else [results]
        return unflatten(structure["out_def"], list(results))

    call.__name__ = call.__qualname__ = getattr(fun, "__name__", "custom_vjp")
    call.__doc__ = getattr(fun, "__doc__", None)
    return call

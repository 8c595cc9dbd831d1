"""TensorFlow's part of ``xport.jit`` / ``xport.vmap``: ``tf.function``
(with XLA on request) and ``tf.vectorized_map`` with the axes moved to the
front and back."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import tensorflow as tf

from .._common.pytree import TreeDef, flatten, unflatten
from .._common.vmap_axes import function_name, leaf_axes, mapped_size, tree_axes

# Python control flow AutoGraph cannot convert (a tensor used as a bool in
# code it does not see, iterating a symbolic tensor).
COMPILER = "tf.function"
COMPILE_ERRORS: tuple[type[BaseException], ...] = (tf.errors.OperatorNotAllowedInGraphError,)


def _has_shape(x: Any) -> bool:
    return hasattr(x, "shape")


def jit(f: Callable[..., Any], static_argnums: tuple[int, ...],
        static_argnames: tuple[str, ...], xla: bool) -> Callable[..., Any]:
    # tf.function traces again for each new Python value: static arguments
    # need nothing.
    compiled: Callable[..., Any] = tf.function(f, jit_compile=True if xla else None)
    return compiled


def _move(x: Any, source: int, destination: int) -> Any:
    rank = x.shape.rank
    source, destination = source % rank, destination % rank
    if source == destination:
        return x
    order = [i for i in range(rank) if i != source]
    order.insert(destination, source)
    return tf.transpose(x, order)


def vmap(f: Callable[..., Any], in_axes: Any, out_axes: Any) -> Callable[..., Any]:
    name = function_name(f)

    def mapped(*args: Any) -> Any:
        leaves, treedef, axes = leaf_axes(in_axes, args, "in_axes")
        mapped_size(leaves, axes, f, _has_shape)  # before _move, which takes axes modulo the rank
        batched = tuple(_move(tf.convert_to_tensor(leaf), axis, 0)
                        for leaf, axis in zip(leaves, axes, strict=True) if axis is not None)
        structure: list[TreeDef] = []

        def one(example: tuple[Any, ...]) -> tuple[Any, ...]:
            items = iter(example)
            full = [leaf if axis is None else next(items)
                    for leaf, axis in zip(leaves, axes, strict=True)]
            out, out_def = flatten(f(*unflatten(treedef, full)))
            structure[:] = [out_def]
            return tuple(tf.convert_to_tensor(o) for o in out)

        outs = tf.vectorized_map(one, batched)
        out_def = structure[0]
        results = []
        for out, axis in zip(outs, tree_axes(out_axes, out_def, "out_axes"), strict=True):
            if axis is None:
                tf.debugging.assert_equal(
                    out, tf.broadcast_to(out[:1], tf.shape(out)),
                    message=f"vmap({name}): out_axes=None for an output that differs across "
                            "the mapped axis")
                results.append(out[0])
            else:
                results.append(_move(out, 0, axis))
        return unflatten(out_def, results)

    return mapped

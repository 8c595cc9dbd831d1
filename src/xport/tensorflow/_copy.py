"""The standard's ``copy=`` and ``device=`` semantics on TensorFlow tensors.

TensorFlow tensors are immutable, so a "view" and a "copy" differ only where
a buffer is shared with another library (``from_dlpack`` with
``copy=False``): a copy here is ``DeepCopy``, a tensor with its own buffer
(with an identity gradient, so copying is differentiable). Placing a tensor on
another device is a copy, which ``copy=False`` refuses.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import tensorflow as tf

from .._common.copying import copy_required
from ._info import device_string

Array = Any


def _copy_with_identity_gradient(x: Array) -> Any:
    def backward(upstream: Array) -> Array:
        return upstream

    return tf.raw_ops.DeepCopy(x=x), backward


_deep_copy: Callable[[Array], Array] = tf.custom_gradient(_copy_with_identity_gradient)


def deep_copy(x: Array) -> Array:
    """A new tensor with its own buffer holding ``x``'s values (the value of a
    ``tf.Variable`` at the time of the call). Inside a ``tf.function`` no
    buffer can be shared with another library, so there it is ``tf.identity``
    (which XLA compiles; ``DeepCopy`` has no XLA kernel)."""
    if not tf.executing_eagerly():
        return tf.identity(x)
    return _deep_copy(tf.convert_to_tensor(x))


def _same_device(have: str, want: str) -> bool:
    if not have:
        return False
    a, b = tf.DeviceSpec.from_string(have), tf.DeviceSpec.from_string(want)
    return bool((b.device_type is None or a.device_type == b.device_type.upper())
                and (b.device_index is None or a.device_index == b.device_index)
                and (b.job is None or a.job == b.job))


def on_device(x: Array, device: Any, *, copy: bool | None) -> Array:
    """``x`` on ``device`` (``None``: where it is). Moving an eager tensor to
    another device copies it, which ``copy=False`` refuses with ``ValueError``;
    a symbolic tensor is given a placement in the graph."""
    target = device_string(device)
    if target is None:
        return x
    eager = tf.executing_eagerly()
    if eager and _same_device(x.device, target):
        return x
    if copy is False and eager:
        raise copy_required("placing a tensor on another device", f"{x.device} -> {target}")
    with tf.device(target):
        return tf.identity(x)

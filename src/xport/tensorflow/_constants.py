"""Small constant tensors: eagerly made once and reused, traced the graph's own.

TensorFlow converts a Python number or list to a tensor on every call (a
shape list passed to ``tf.reshape`` costs ~30 us of its ~40); the kernels
called through ``tf.raw_ops`` take these cached tensors instead. Inside a
``tf.function`` the graph holds its own constants: a cached eager tensor would
be captured there, which costs every call of the function.
"""

from __future__ import annotations

import functools
from typing import Any

import tensorflow as tf

from ._host import EAGER_TENSOR

Array = Any


def constant(value: complex | tuple[int, ...], dtype: Any, like: Any = None) -> Array:
    """``tf.constant(value, dtype)`` for use beside the tensor ``like``.

    Eagerly (``like`` an eager tensor, or TensorFlow executing eagerly) an
    eager tensor made once per ``(value, dtype)`` and the Python types of
    ``value`` (or of its items): ``1.0`` and ``True`` equal ``1`` as cache
    keys, and a cached ``constant(1, tf.int32)`` must not answer
    ``constant(1.0, tf.int32)``, which TensorFlow refuses (a float axis was
    accepted after an int one had been cached). It is made when first asked
    for, not at import, which would start TensorFlow's runtime.

    While a ``tf.function`` is traced, a constant of the graph: an eager
    tensor used there would be captured, and every call of the function pays
    for each of its captures. Not for ``-0.0`` (equal to ``0.0`` as a cache
    key) nor NaN (never equal to itself): pass :data:`NAN` for a NaN.
    """
    if type(like) is not EAGER_TENSOR and not tf.executing_eagerly():
        return tf.constant(value, dtype)
    kinds: Any = tuple(map(type, value)) if type(value) is tuple else type(value)
    return _constant(value, dtype, kinds)


@functools.lru_cache(maxsize=1024)
def _constant(value: complex | tuple[int, ...], dtype: Any, kinds: Any) -> Array:
    # Eager even while a tf.function is traced (``like`` may be an eager
    # tensor the function closes over): the cache outlives any graph.
    with tf.init_scope():
        return tf.constant(value, dtype)


NAN = float("nan")
"""The one NaN object :func:`constant` is given, so its cache finds it."""


"""Small constant tensors made once and reused.

TensorFlow converts a Python number or list to a tensor on every call (a
shape list passed to ``tf.reshape`` costs ~30 us of its ~40); the kernels
called through ``tf.raw_ops`` below take these cached tensors instead.
"""

from __future__ import annotations

import functools
from typing import Any

import tensorflow as tf

Array = Any


def constant(value: complex | tuple[int, ...], dtype: Any) -> Array:
    """An eager ``tf.constant(value, dtype)``, made once per ``(value, dtype)``
    and the Python types of ``value`` (or of its items): ``1.0`` and ``True``
    equal ``1`` as cache keys, and a cached ``constant(1, tf.int32)`` must not
    answer ``constant(1.0, tf.int32)``, which TensorFlow refuses (a float axis
    was accepted after an int one had been cached).

    It is made under ``tf.init_scope`` (eager even while a ``tf.function`` is
    traced, which captures it) and not at import, which would start
    TensorFlow's runtime. Not for ``-0.0`` (equal to ``0.0`` as a cache key)
    nor NaN (never equal to itself): pass :data:`NAN` for a NaN.
    """
    kinds: Any = tuple(map(type, value)) if type(value) is tuple else type(value)
    return _constant(value, dtype, kinds)


@functools.lru_cache(maxsize=1024)
def _constant(value: complex | tuple[int, ...], dtype: Any, kinds: Any) -> Array:
    with tf.init_scope():
        return tf.constant(value, dtype)


NAN = float("nan")
"""The one NaN object :func:`constant` is given, so its cache finds it."""


"""xport.tensorflow as its descriptor tells the rest of xport (see ``_common/backend``)."""

from __future__ import annotations

from typing import Any

import tensorflow as tf

from .._common.backend import Backend, FluentHooks, RandomHooks
from . import _autodiff, _random, _scatter, _transforms
from ._copy import on_device
from ._numpy_index import index


def _device(x: Any) -> Any:
    return x.device or None  # None inside tf.function when unplaced


def _to_device(x: Any, target: Any, stream: Any) -> Any:
    if stream is not None:
        raise ValueError(f"to_device(): TensorFlow takes no stream; got stream={stream!r}")
    return on_device(x, target, copy=None)


def _is_lazy(x: Any) -> bool:
    """Symbolic tensors (inside ``tf.function``) are lazy; eager ones are not."""
    return type(x).__name__ != "EagerTensor" and not tf.executing_eagerly()


# tf.Tensor's own indexing takes no integer arrays: fluent arrays index as NumPy does.
BACKEND = Backend("tensorflow", device=_device, to_device=_to_device, is_lazy=_is_lazy,
                  default_device=tf.device,
                  scatter=_scatter, autodiff=_autodiff, transforms=_transforms,
                  random=RandomHooks(route=_random, reads_values=_random.reads_values),
                  fluent=FluentHooks(getitem=index))

"""TensorFlow's part of ``xport.random``: its route (this module, the
``RandomHooks.route``) is the portable engine, XLA-compiled for large eager draws.

Eager TensorFlow runs each of the cipher's ~150 operations as a separate
kernel launch over the whole draw; compiled with ``tf.function(jit_compile=True)``
XLA fuses them into one pass (the numbers are the same either way). Draws of at least
``_COMPILE_FROM`` numbers in eager mode take that route, compiled once per
sampler and static arguments; smaller draws, and every call inside a
``tf.function`` (which the caller compiles or not), run the portable code as
it is. ``gamma``'s rejection loops and the sorting samplers stay eager.
Values are read on the host only for eager tensors on the CPU
(:func:`reads_values`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Final

import tensorflow as tf

from .._common import random as _engine
from .._common.random import (
    categorical,
    choice,
    fold_in,
    gamma,
    key,
    permutation,
    split,
)
from .._common.random.target import Target

__all__ = ["bernoulli", "bits", "categorical", "choice", "fold_in", "gamma", "integers", "key",
           "normal", "permutation", "split", "truncated_normal", "uniform"]

_COMPILE_FROM: Final = 1 << 16
# Compiled samplers by name and namespace (plain or checked).
_compiled: dict[tuple[str, Any], Callable[..., Any]] = {}


def reads_values(*arrays: Any) -> bool:
    """Whether a sampler may read the values of ``arrays`` on the host: eager
    tensors on the CPU."""
    # An eager tensor's device names its placement, e.g. ".../device:CPU:0".
    return bool(tf.executing_eagerly()) and all(
        ":CPU:" in str(getattr(a, "device", ":CPU:")).upper() for a in arrays)


def _size(shape: tuple[int, ...] | None, *arrays: Any) -> int:
    if shape is not None:
        return math.prod(shape)
    return max((math.prod(a.shape) for a in arrays if hasattr(a, "shape")), default=1)


def _run(name: str, size: int, target: Target, *args: Any, **kwargs: Any) -> Any:
    portable: Callable[..., Any] = getattr(_engine, name)
    if size < _COMPILE_FROM or not tf.executing_eagerly():
        return portable(target, *args, **kwargs)
    compiled = _compiled.get((name, target.xp))
    if compiled is None:
        compiled = _compiled[name, target.xp] = _compile(portable, target)
    return compiled(*args, **kwargs)


def _compile(portable: Callable[..., Any], target: Target) -> Callable[..., Any]:
    """``portable`` on ``target``, XLA-compiled. (The target is bound here:
    tf.function would trace again for every new Python object argument.)"""
    def run(*args: Any, **kwargs: Any) -> Any:
        return portable(target, *args, **kwargs)

    run.__name__ = run.__qualname__ = portable.__name__
    compiled: Callable[..., Any] = tf.function(run, jit_compile=True, autograph=False)
    return compiled


def bits(target: Target, key: Any, shape: tuple[int, ...], dtype: Any) -> Any:
    return _run("bits", math.prod(shape), target, key, shape, dtype)


def uniform(target: Target, key: Any, shape: tuple[int, ...], *, dtype: Any, minval: Any,
            maxval: Any) -> Any:
    return _run("uniform", math.prod(shape), target, key, shape, dtype=dtype, minval=minval,
                maxval=maxval)


def normal(target: Target, key: Any, shape: tuple[int, ...], dtype: Any) -> Any:
    return _run("normal", math.prod(shape), target, key, shape, dtype)


def integers(target: Target, key: Any, shape: tuple[int, ...], *, low: Any, high: Any,
             dtype: Any) -> Any:
    return _run("integers", math.prod(shape), target, key, shape, low=low, high=high,
                dtype=dtype)


def bernoulli(target: Target, key: Any, p: Any, shape: tuple[int, ...] | None) -> Any:
    return _run("bernoulli", _size(shape, p), target, key, p, shape)


def truncated_normal(target: Target, key: Any, lower: Any, upper: Any, *,
                     shape: tuple[int, ...] | None, dtype: Any) -> Any:
    return _run("truncated_normal", _size(shape, lower, upper), target, key, lower, upper,
                shape=shape, dtype=dtype)

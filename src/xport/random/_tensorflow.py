"""The TensorFlow route: the portable samplers, XLA-compiled for large eager draws.

Eager TensorFlow runs each of the cipher's ~150 operations as a separate
kernel launch over the whole draw; compiled with ``tf.function(jit_compile=True)``
XLA fuses them into one pass (the numbers are the same either way). Draws of at least
``_COMPILE_FROM`` numbers in eager mode take that route, compiled once per
sampler and static arguments; smaller draws, and every call inside a
``tf.function`` (which the caller compiles or not), run the portable code as
it is. ``gamma``'s rejection loops and the sorting samplers stay eager.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Final

import tensorflow as tf

from . import _portable
from ._portable import (
    categorical,
    choice,
    fold_in,
    gamma,
    key,
    permutation,
    split,
)

__all__ = ["bernoulli", "bits", "categorical", "choice", "fold_in", "gamma", "integers", "key",
           "normal", "permutation", "split", "truncated_normal", "uniform"]

_COMPILE_FROM: Final = 1 << 16
_compiled: dict[str, Callable[..., Any]] = {}


def _size(shape: tuple[int, ...] | None, *arrays: Any) -> int:
    if shape is not None:
        return math.prod(shape)
    return max((math.prod(a.shape) for a in arrays if hasattr(a, "shape")), default=1)


def _run(name: str, size: int, *args: Any, **kwargs: Any) -> Any:
    portable: Callable[..., Any] = getattr(_portable, name)
    if size < _COMPILE_FROM or not tf.executing_eagerly():
        return portable(*args, **kwargs)
    compiled = _compiled.get(name)
    if compiled is None:
        compiled = _compiled[name] = tf.function(portable, jit_compile=True,
                                                 autograph=False)
    return compiled(*args, **kwargs)


def bits(xp: Any, key: Any, shape: tuple[int, ...], dtype: Any) -> Any:
    return _run("bits", math.prod(shape), xp, key, shape, dtype)


def uniform(xp: Any, key: Any, shape: tuple[int, ...], *, dtype: Any, minval: Any,
            maxval: Any) -> Any:
    return _run("uniform", math.prod(shape), xp, key, shape, dtype=dtype, minval=minval,
                maxval=maxval)


def normal(xp: Any, key: Any, shape: tuple[int, ...], dtype: Any) -> Any:
    return _run("normal", math.prod(shape), xp, key, shape, dtype)


def integers(xp: Any, key: Any, shape: tuple[int, ...], *, low: Any, high: Any,
             dtype: Any) -> Any:
    return _run("integers", math.prod(shape), xp, key, shape, low=low, high=high, dtype=dtype)


def bernoulli(xp: Any, key: Any, p: Any, shape: tuple[int, ...] | None) -> Any:
    return _run("bernoulli", _size(shape, p), xp, key, p, shape)


def truncated_normal(xp: Any, key: Any, lower: Any, upper: Any, *,
                     shape: tuple[int, ...] | None, dtype: Any) -> Any:
    return _run("truncated_normal", _size(shape, lower, upper), xp, key, lower, upper,
                shape=shape, dtype=dtype)

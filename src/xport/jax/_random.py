"""JAX's part of ``xport.random``: its route is ``jax.random`` itself (this
module is ``RandomHooks.route``), on raw ``uint32`` key data.

Keys cross the boundary as ``jax.random.key_data`` arrays; typed keys
(``jax.random.key``) are accepted as they are. The route's functions take the
engine's ``Target`` first, as every route's do, and need nothing of it.
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp


def _typed(key: Any) -> Any:
    if jnp.issubdtype(key.dtype, jax.dtypes.prng_key):
        return key
    return jax.random.wrap_key_data(key, impl="threefry2x32")


def _placed(x: Any, device: Any) -> Any:
    return x if device is None else jax.device_put(x, device)


def key(target: Any, seed: Any, device: Any) -> Any:
    return _placed(jax.random.key_data(jax.random.key(seed, impl="threefry2x32")), device)


def split(target: Any, key: Any, num: int | tuple[int, ...]) -> Any:
    return jax.random.key_data(jax.random.split(_typed(key), num))


def fold_in(target: Any, key: Any, data: Any) -> Any:
    return jax.random.key_data(jax.random.fold_in(_typed(key), data))


def bits(target: Any, key: Any, shape: tuple[int, ...], dtype: Any) -> Any:
    return jax.random.bits(_typed(key), shape, dtype)


def uniform(target: Any, key: Any, shape: tuple[int, ...], *, dtype: Any, minval: Any,
            maxval: Any) -> Any:
    return jax.random.uniform(_typed(key), shape, dtype, minval, maxval)


def normal(target: Any, key: Any, shape: tuple[int, ...], dtype: Any) -> Any:
    return jax.random.normal(_typed(key), shape, dtype)


def integers(target: Any, key: Any, shape: tuple[int, ...], *, low: Any, high: Any,
             dtype: Any) -> Any:
    return jax.random.randint(_typed(key), shape, low, high, dtype)


def permutation(target: Any, key: Any, x: Any, axis: int, independent: bool) -> Any:
    return jax.random.permutation(_typed(key), x, axis, independent)


def choice(target: Any, key: Any, a: Any, shape: tuple[int, ...], *, replace: bool, p: Any,
           axis: int) -> Any:
    return jax.random.choice(_typed(key), a, shape, replace, p, axis)


def bernoulli(target: Any, key: Any, p: Any, shape: tuple[int, ...] | None) -> Any:
    return jax.random.bernoulli(_typed(key), p, shape)


def categorical(target: Any, key: Any, logits: Any, axis: int,
                shape: tuple[int, ...] | None) -> Any:
    return jax.random.categorical(_typed(key), logits, axis, shape)


def truncated_normal(target: Any, key: Any, lower: Any, upper: Any, *,
                     shape: tuple[int, ...] | None, dtype: Any) -> Any:
    return jax.random.truncated_normal(_typed(key), lower, upper, shape, dtype)


def gamma(target: Any, key: Any, a: Any, shape: tuple[int, ...] | None, dtype: Any) -> Any:
    return jax.random.gamma(_typed(key), a, shape, dtype)

"""The example libraries' core functions as a user writes them without xport:
one hand-written version per backend, for the overhead benchmark
(``benchmarks/bench_examples.py``). Same arithmetic and the same primitives as
the xport versions; the gathering functions take ``indexing=True`` for the
variant with integer-array indexing ``a[i]`` instead of the library's take."""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable
from typing import Any

from .mechanics import Springs

Array = Any


def gather(backend: str, indexing: bool) -> Callable[[Array, Array], Array]:
    """Rows ``a[i]`` of ``a`` by the library's own take (the primitive the xport
    versions use: what they add to it is xport's overhead) or, with
    ``indexing``, by integer-array indexing (what a user of that library often
    writes; TensorFlow has none). PyTorch's take is ``index_select``: the
    examples' indices are never negative, which the standard's ``take`` counts
    from the end and ``index_select`` rejects."""
    if backend == "tensorflow" and indexing:
        raise ValueError("TensorFlow tensors have no integer-array indexing")
    if indexing:
        return lambda a, i: a[i]
    if backend == "torch":
        import torch

        return lambda a, i: torch.index_select(a, 0, i)
    if backend == "tensorflow":
        import tensorflow as tf

        return tf.gather
    lib = {"numpy": "numpy", "jax": "jax.numpy", "dask": "dask.array"}[backend]
    take = importlib.import_module(lib).take
    return lambda a, i: take(a, i, axis=0)


# -- mechanics.step ----------------------------------------------------------------

def _step(lib: Any, take: Callable[..., Array], norm: Callable[[Array], Array],
          scatter_add: Callable[[Array, Array, int], Array]) -> Callable[..., Any]:
    """A backend's step from its own gather, norm and scatter-add (the rest of
    the arithmetic is operators, which every library spells alike)."""

    # Forces in a function of their own, as in mechanics.py: on eager JAX,
    # where a function's temporaries are freed changes the step's time.
    def forces(x: Array, v: Array, s: Springs, stiffness: Any, damping: Any) -> Array:
        d = take(x, s.j) - take(x, s.i)
        length = norm(d)
        direction = d / length
        closing = lib.sum((take(v, s.j) - take(v, s.i)) * direction, -1, keepdims=True)
        pull = (stiffness * (length - s.rest[:, None]) + damping * closing) * direction
        n = x.shape[0]
        return scatter_add(pull, s.i, n) - scatter_add(pull, s.j, n)

    def step(x: Array, v: Array, s: Springs, *, stiffness: Any, damping: Any, dt: float,
             gravity: float = -9.81) -> tuple[Array, Array]:
        force = forces(x, v, s, stiffness, damping)
        zero = lib.zeros_like(s.mass)
        weight = lib.stack([zero, zero, s.mass * gravity], -1)
        v = v + dt * (force + weight) / s.mass[:, None]
        v = lib.where(s.pinned[:, None], lib.zeros_like(v), v)
        return x + dt * v, v

    return step


def numpy_step(indexing: bool = False) -> Callable[..., Any]:
    import numpy as np

    def scatter_add(values: Array, index: Array, n: int) -> Array:
        out = np.zeros((n, *values.shape[1:]), dtype=values.dtype)
        np.add.at(out, index, values)
        return out

    return _step(np, gather("numpy", indexing),
                 lambda d: np.sqrt(np.sum(d * d, axis=-1, keepdims=True)), scatter_add)


def torch_step(indexing: bool = False) -> Callable[..., Any]:
    import torch

    def scatter_add(values: Array, index: Array, n: int) -> Array:
        return torch.zeros((n, *values.shape[1:]), dtype=values.dtype).index_add_(
            0, index, values)

    class _Lib:
        sum = staticmethod(lambda a, axis, keepdims: torch.sum(a, dim=axis, keepdim=keepdims))
        stack = staticmethod(lambda a, axis: torch.stack(a, dim=axis))
        zeros_like = staticmethod(torch.zeros_like)
        where = staticmethod(torch.where)

    return _step(_Lib, gather("torch", indexing),
                 lambda d: torch.linalg.vector_norm(d, dim=-1, keepdim=True), scatter_add)


def jax_step(indexing: bool = False) -> Callable[..., Any]:
    import jax
    import jax.numpy as jnp

    return _step(jnp, gather("jax", indexing),
                 lambda d: jnp.linalg.norm(d, axis=-1, keepdims=True), jax.ops.segment_sum)


def dask_step(indexing: bool = False) -> Callable[..., Any]:
    import dask.array as da

    def scatter_add(values: Array, index: Array, n: int) -> Array:
        # Dask has no scatter-add: one weighted bincount per column.
        columns = [da.bincount(index, weights=values[:, k], minlength=n)
                   for k in range(values.shape[1])]
        return da.stack(columns, axis=-1).astype(values.dtype)

    return _step(da, gather("dask", indexing),
                 lambda d: da.sqrt(da.sum(d * d, axis=-1, keepdims=True)), scatter_add)


def tensorflow_step(indexing: bool = False) -> Callable[..., Any]:
    import tensorflow as tf

    class _Lib:
        sum = staticmethod(lambda a, axis, keepdims: tf.reduce_sum(a, axis, keepdims=keepdims))
        stack = staticmethod(tf.stack)
        zeros_like = staticmethod(tf.zeros_like)
        where = staticmethod(tf.where)

    return _step(_Lib, gather("tensorflow", indexing), lambda d: tf.norm(d, axis=-1, keepdims=True),
                 tf.math.unsorted_segment_sum)


# -- vision.bilinear_sample ------------------------------------------------------------

def _sample(lib: Any, take: Callable[..., Array], to_int: Callable[[Array], Array],
            clip: Callable[..., Array], reshape: Callable[..., Array]) -> Callable[..., Any]:
    # The four corners first, then the four gathers, as vision.py's
    # bilinear_sample and _corners: how many temporaries live at once, and
    # when they are freed, changes the time on eager backends.
    def corners(coords: Array, h: int, w: int) -> tuple[list[Array], list[Array]]:
        u, v = coords[:, 0], coords[:, 1]
        u0, v0 = lib.floor(u), lib.floor(v)
        fu, fv = u - u0, v - v0
        index, weight = [], []
        for du, dv, wt in ((0, 0, (1 - fu) * (1 - fv)), (1, 0, fu * (1 - fv)),
                           (0, 1, (1 - fu) * fv), (1, 1, fu * fv)):
            cu, cv = u0 + du, v0 + dv
            inside = (cu >= 0) & (cu <= w - 1) & (cv >= 0) & (cv <= h - 1)
            index.append(to_int(clip(cv, 0, h - 1)) * w + to_int(clip(cu, 0, w - 1)))
            weight.append(lib.where(inside, wt, 0 * wt))
        return index, weight

    def bilinear_sample(image: Array, coords: Array) -> Array:
        h, w, c = image.shape
        flat = reshape(image, (h * w, c))
        index, weight = corners(coords, h, w)
        t00, t10, t01, t11 = (take(flat, i) * wt[:, None]
                              for i, wt in zip(index, weight, strict=True))
        return t00 + t10 + t01 + t11

    return bilinear_sample


def numpy_bilinear_sample(indexing: bool = False) -> Callable[..., Any]:
    import numpy as np

    return _sample(np, gather("numpy", indexing), lambda a: a.astype(np.int64), np.clip, np.reshape)


def torch_bilinear_sample(indexing: bool = False) -> Callable[..., Any]:
    import torch

    return _sample(torch, gather("torch", indexing), lambda a: a.to(torch.int64), torch.clamp,
                   torch.reshape)


def jax_bilinear_sample(indexing: bool = False) -> Callable[..., Any]:
    import jax.numpy as jnp

    return _sample(jnp, gather("jax", indexing), lambda a: a.astype(jnp.int32), jnp.clip,
                   jnp.reshape)


def dask_bilinear_sample(indexing: bool = False) -> Callable[..., Any]:
    import dask.array as da

    return _sample(da, gather("dask", indexing), lambda a: a.astype("int64"), da.clip, da.reshape)


def tensorflow_bilinear_sample(indexing: bool = False) -> Callable[..., Any]:
    import tensorflow as tf

    class _Lib:
        floor = staticmethod(tf.floor)
        where = staticmethod(tf.where)

    return _sample(_Lib, gather("tensorflow", indexing), lambda a: tf.cast(a, tf.int64),
                   tf.clip_by_value, tf.reshape)


# -- stats.gaussian_kde --------------------------------------------------------------------

def _kde(exp: Callable[[Array], Array], total: Callable[[Array], Array]) -> Callable[..., Any]:
    def gaussian_kde(samples: Array, points: Array, bandwidth: float) -> Array:
        z = (points[:, None] - samples[None, :]) / bandwidth
        return total(exp(-0.5 * z * z)) / (samples.shape[0] * bandwidth
                                           * math.sqrt(2 * math.pi))

    return gaussian_kde


def numpy_kde() -> Callable[..., Any]:
    import numpy as np

    return _kde(np.exp, lambda a: np.sum(a, axis=1))


def torch_kde() -> Callable[..., Any]:
    import torch

    return _kde(torch.exp, lambda a: torch.sum(a, dim=1))


def jax_kde() -> Callable[..., Any]:
    import jax.numpy as jnp

    return _kde(jnp.exp, lambda a: jnp.sum(a, axis=1))


def dask_kde() -> Callable[..., Any]:
    import dask.array as da

    return _kde(da.exp, lambda a: da.sum(a, axis=1))


def tensorflow_kde() -> Callable[..., Any]:
    import tensorflow as tf

    return _kde(tf.exp, lambda a: tf.reduce_sum(a, axis=1))


NATIVE: dict[str, dict[str, Callable[[], Callable[..., Any]]]] = {
    "mechanics.step": {"numpy": numpy_step, "torch": torch_step, "jax": jax_step,
                       "tensorflow": tensorflow_step, "dask": dask_step},
    "vision.bilinear_sample": {"numpy": numpy_bilinear_sample, "torch": torch_bilinear_sample,
                               "jax": jax_bilinear_sample,
                               "tensorflow": tensorflow_bilinear_sample,
                               "dask": dask_bilinear_sample},
    "stats.gaussian_kde": {"numpy": numpy_kde, "torch": torch_kde, "jax": jax_kde,
                           "tensorflow": tensorflow_kde, "dask": dask_kde},
}

"""Random numbers with explicit keys, the same numbers on every backend.

The standard has no random numbers. ``xport.random`` gives JAX's model: a key
is a small array, every sampler takes one, and ``split`` / ``fold_in`` derive
new keys. The numbers are JAX's own: a key made here holds the same data as
``jax.random.key_data(jax.random.key(seed))``, and every sampler reproduces the
corresponding ``jax.random`` function under JAX's default configuration
(``threefry2x32``, ``jax_threefry_partitionable``, 32-bit seeds)::

    import numpy as np, xport.random as xr, xport
    k = xr.key(0, xp=xport.namespace("torch"))     # a torch.uint32 tensor, shape (2,)
    k1, k2 = xr.split(k)
    x = xr.normal(k1, (3, 4))                      # torch.float32, as jax.random.normal

* Keys are native ``uint32`` arrays of shape (2,); ``split`` stacks new keys
  on leading axes. Results are arrays of the key's library, made from the
  key, so they land on its device.
* Bit-identical to ``jax.random``: ``key``, ``split``, ``fold_in``, ``bits``,
  ``uniform``, ``integers`` (``jax.random.randint``), ``permutation``,
  ``bernoulli``, ``choice`` and ``categorical`` (the last two measured; they
  take logarithms, which libraries may round differently). ``normal`` is
  too in float32: its inverse error function and ``log1p`` are evaluated with
  XLA's own polynomials and fused multiply-adds (each FMA computed in float64
  and rounded once), so the draws are those of ``jax.random.normal`` on CPU
  (XLA's GPU backend has other ``log1p`` roundings); on a device without
  float64 (PyTorch's ``mps``) the FMAs round twice and draws are within 3 ulp.
  In float64 ``normal`` is within 1e-13 relative (XLA's float64 ``erfinv``
  differs more).
* A negative size in ``shape`` (or ``split``'s ``num``) raises ``ValueError``
  on every backend.
* Defaults are JAX's, so a call without ``dtype`` gives the same numbers on
  every backend: ``float32`` floats, ``int32`` integers, ``uint32`` bits.
  ``float64`` gives JAX's numbers with ``jax_enable_x64`` on (52 random
  mantissa bits). 64-bit integer dtypes are sampled at 32 bits, as JAX does by
  default, and cast.
* On JAX, every function is ``jax.random``'s. Elsewhere the Threefry cipher and
  the samplers are written once with the standard's operations (the engine,
  ``xport._common.random``), so they also run under ``torch.compile`` and
  ``tf.function``, and on any namespace with uint32 arithmetic. Eager
  TensorFlow compiles draws of 2**16 numbers and more with XLA (one fused
  pass instead of ~150 kernel launches); eager PyTorch compiles a sampler
  with ``torch.compile`` once its draws have taken ``XPORT_RANDOM_COMPILE``
  seconds (2 by default; ``always``, ``never``), checked bit for bit against
  the eager sampler at its first run (see ``xport/torch/_random_compiled.py``); eager NumPy
  and PyTorch on the CPU draw float32 normals from a table of their 2**23 values (32 MiB)
  once their normal draws have taken ``XPORT_RANDOM_COMPILE`` seconds (0.5 by default;
  ``_common/random/tables.py``), the same numbers; PyTorch then compiles the lookup in turn. On Dask
  each chunk computes its own elements with the NumPy route (``bits``, ``uniform``, ``normal``,
  ``integers``, ``bernoulli`` and ``truncated_normal`` with Python-number
  parameters, and ``gamma``), so the graph has a few layers, not one per
  cipher step, and the numbers do not depend on the chunking. MXNet has no
  uint32 dtype: its draws run the NumPy route on the host (the key is read
  there) and are copied to the key's context; its keys, and ``bits`` of the
  default dtype, are int64 arrays holding the uint32 values (``_common/random/host.py``).

Everything about a backend comes from its descriptor (``descriptor(xp).random``,
a ``RandomHooks``): its own route, if any (JAX's, Dask's, TensorFlow's, the
host route), else the engine, told how to draw on that backend. Plain and
checked namespaces share one descriptor, so they take the same route.
"""

from __future__ import annotations

from typing import Any

from .._common import random as _engine
from .._common.random.target import Target
from .._common.shapes import check_shape
from .._dispatch import namespace, namespace_of
from .._hooks import descriptor
from .._registry import HOST_LIBRARY

__all__ = ["bernoulli", "bits", "categorical", "choice", "fold_in", "gamma", "integers", "key",
           "normal", "permutation", "split", "truncated_normal", "uniform"]

Shape = int | tuple[int, ...]


def _resolve(xp: Any) -> tuple[Any, Target]:
    """The route for namespace ``xp`` (its backend's ``RandomHooks.route``,
    else the engine) and the engine's :class:`Target` for ``xp``: one
    descriptor lookup per call, plain attribute reads that tracing compilers
    follow."""
    backend = descriptor(xp)
    hooks = backend.random
    route = _engine if hooks.route is None else hooks.route
    return route, Target(xp, hooks, backend.device, _host)


_hosts: list[Target] = []


def _host() -> Target:
    """The target of the host engine (xport.numpy), for routes that draw on
    the host (libraries without uint32 arithmetic)."""
    if not _hosts:
        _hosts.append(_resolve(namespace(HOST_LIBRARY))[1])
    return _hosts[0]


def _shape(shape: Shape, what: str) -> tuple[int, ...]:
    """``shape`` as a tuple; ``ValueError`` naming ``what`` for a negative size
    (NumPy's route would draw an empty array, JAX's fail in its compiler)."""
    dims = (shape,) if isinstance(shape, int) else tuple(shape)
    check_shape(dims, what)
    return dims


def key(seed: Any, *, xp: Any, device: Any = None) -> Any:
    """A new key: a uint32 array of shape (2,) of namespace ``xp`` (a namespace
    module or a name such as ``"torch"``) holding the key data of
    ``jax.random.key(seed)``.

    ``seed`` is a Python int or a 0-d integer array (traced ones included); as
    in JAX's default configuration only ``seed % 2**32`` matters.
    """
    if isinstance(xp, str):
        xp = namespace(xp)
    route, target = _resolve(xp)
    return route.key(target, seed, device)


def split(key: Any, num: Shape = 2) -> Any:
    """``num`` new keys from ``key``, shape ``(num, 2)`` (or ``(*num, 2)`` for a
    tuple), as ``jax.random.split``."""
    route, target = _resolve(namespace_of(key))
    check_shape(num, "split()")
    return route.split(target, key, num)


def fold_in(key: Any, data: Any) -> Any:
    """A new key from ``key`` and ``data``, an int in [0, 2**32) or a 0-d integer
    array (taken modulo 2**32), as ``jax.random.fold_in``."""
    route, target = _resolve(namespace_of(key))
    return route.fold_in(target, key, data)


def bits(key: Any, shape: Shape = (), dtype: Any = None) -> Any:
    """Uniform random bits as unsigned integers (``uint32`` by default; also
    ``uint8``, ``uint16`` and ``uint64`` where the library has them), as
    ``jax.random.bits``."""
    route, target = _resolve(namespace_of(key))
    return route.bits(target, key, _shape(shape, "bits()"), dtype)


def uniform(key: Any, shape: Shape = (), dtype: Any = None, minval: Any = 0.0,
            maxval: Any = 1.0) -> Any:
    """Floats uniform in [minval, maxval) (``float32`` by default), as
    ``jax.random.uniform``. ``minval``/``maxval`` may be arrays broadcasting
    with ``shape``."""
    route, target = _resolve(namespace_of(key))
    return route.uniform(target, key, _shape(shape, "uniform()"),
                         dtype=_float(target, dtype), minval=minval, maxval=maxval)


def normal(key: Any, shape: Shape = (), dtype: Any = None) -> Any:
    """Standard normal floats (``float32`` by default), as ``jax.random.normal``
    (bit-identical to JAX on CPU in float32; float64 within 1e-13 relative)."""
    route, target = _resolve(namespace_of(key))
    return route.normal(target, key, _shape(shape, "normal()"), _float(target, dtype))


def integers(key: Any, shape: Shape, low: Any, high: Any, dtype: Any = None) -> Any:
    """Integers uniform in [low, high) (``int32`` by default), as
    ``jax.random.randint(key, shape, low, high, dtype)``: bounds are clipped to
    the dtype, ``high <= low`` gives ``low``, and JAX's slight modulo bias for
    ranges that are not powers of two is reproduced."""
    route, target = _resolve(namespace_of(key))
    dtype = target.xp.int32 if dtype is None else dtype
    return route.integers(target, key, _shape(shape, "integers()"), low=low, high=high,
                          dtype=dtype)


def permutation(key: Any, x: Any, axis: int = 0, independent: bool = False) -> Any:
    """A random permutation of ``arange(x)`` for an int ``x``, else ``x`` shuffled
    along ``axis`` (each line separately with ``independent=True``), as
    ``jax.random.permutation``. For an int, the result has the library's
    default integer dtype."""
    route, target = _resolve(namespace_of(key))
    return route.permutation(target, key, x, axis, independent)


def choice(key: Any, a: Any, shape: Shape = (), replace: bool = True, p: Any = None, *,
           axis: int = 0) -> Any:
    """Samples from ``arange(a)`` (int ``a``) or from ``a`` along ``axis``, with
    or without replacement, optionally with probabilities ``p``, as
    ``jax.random.choice``."""
    route, target = _resolve(namespace_of(key))
    return route.choice(target, key, a, _shape(shape, "choice()"), replace=replace, p=p,
                        axis=axis)


def bernoulli(key: Any, p: Any = 0.5, shape: Shape | None = None) -> Any:
    """Booleans, True with probability ``p`` (a float or a float array
    broadcasting with ``shape``), as ``jax.random.bernoulli``."""
    route, target = _resolve(namespace_of(key))
    return route.bernoulli(target, key, p,
                           None if shape is None else _shape(shape, "bernoulli()"))


def categorical(key: Any, logits: Any, axis: int = -1, shape: Shape | None = None) -> Any:
    """Indices along ``axis`` drawn with probabilities ``softmax(logits)``, as
    ``jax.random.categorical``; ``shape`` must end with the logits' batch shape."""
    route, target = _resolve(namespace_of(key))
    return route.categorical(target, key, logits, axis,
                             None if shape is None else _shape(shape, "categorical()"))


def truncated_normal(key: Any, lower: Any, upper: Any, shape: Shape | None = None,
                     dtype: Any = None) -> Any:
    """Standard normals conditioned on ``lower < x < upper`` (floats or arrays
    broadcasting with ``shape``; ``shape`` defaults to their broadcast shape),
    as ``jax.random.truncated_normal``. The bounds' ``erf`` is computed here in
    float64 (XLA's float32 ``erf`` rounds its own way), so float32 draws agree
    with JAX to a few ulp rather than bit for bit."""
    route, target = _resolve(namespace_of(key))
    return route.truncated_normal(target, key, lower, upper,
                                  shape=None if shape is None
                                  else _shape(shape, "truncated_normal()"),
                                  dtype=_float(target, dtype))


def gamma(key: Any, a: Any, shape: Shape | None = None, dtype: Any = None) -> Any:
    """Gamma(``a``, 1) samples (``a`` a positive float or an array broadcasting
    with ``shape``), as ``jax.random.gamma``: the same Marsaglia-Tsang
    rejection steps with the same keys, so the draws agree with JAX to rounding.

    Deviation: where array values cannot be read without tracing or a device
    sync (``tf.function``, ``torch.compile``, PyTorch tensors off the CPU),
    the rejection loops run a fixed 10 rounds (6 for the inner proposal
    loop); an element that would need more (probability below 1e-12 at
    ``a = 1``, less for larger ``a``) keeps a rejected proposal. Eager NumPy,
    PyTorch on the CPU and TensorFlow, and each chunk of a Dask array, loop
    until every element is accepted, as JAX does.
    """
    route, target = _resolve(namespace_of(key))
    return route.gamma(target, key, a, None if shape is None else _shape(shape, "gamma()"),
                       _float(target, dtype))


def _float(target: Target, dtype: Any) -> Any:
    return target.xp.float32 if dtype is None else dtype

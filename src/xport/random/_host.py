"""The host route, for libraries without uint32 arithmetic (MXNet has no uint32
dtype at all): every sampler runs the NumPy route on the host and the result
is copied to the key's device, so the numbers are JAX's as on every backend.

The namespace's ``_random`` hook module says how its arrays travel:
``to_numpy(x)`` (an array of the library as a NumPy array), ``is_array(x)``,
``device_of(x)`` and ``from_numpy(a, device)`` (a NumPy result as an array of
the library on ``device``; uint32 words, keys and bits included, come back in
the hook's ``WORD`` dtype, which holds their values exactly). Each call reads
its key (and any array parameters) on the host: one device sync per draw.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as _np

from .. import numpy as _xnp
from .._pytree import tree_map
from . import _portable

__all__ = ["bernoulli", "bits", "categorical", "choice", "fold_in", "gamma", "integers", "key",
           "normal", "permutation", "split", "truncated_normal", "uniform"]


def _hook(xp: Any) -> Any:
    hook = getattr(xp, "_random", None)
    if hook is None:
        raise TypeError(f"xport.random: {xp.__name__} has no host route (_random hook)")
    return hook


def _to_host(hook: Any, value: Any) -> Any:
    def leaf(x: Any) -> Any:
        return hook.to_numpy(x) if hook.is_array(x) else x
    return tree_map(leaf, value)


def _host_key(hook: Any, key: Any) -> Any:
    return _np.asarray(hook.to_numpy(key)).astype(_np.uint32)


def _with_key(name: str) -> Callable[..., Any]:
    """The route's ``name``: the NumPy route's on the host key and parameters."""
    sampler = getattr(_portable, name)

    def run(xp: Any, key: Any, *args: Any, **kwargs: Any) -> Any:
        hook = _hook(xp)
        out = sampler(_xnp, _host_key(hook, key), *_to_host(hook, args),
                      **_to_host(hook, kwargs))
        return hook.from_numpy(_np.asarray(out), hook.device_of(key))

    run.__name__ = run.__qualname__ = name
    run.__doc__ = f"``{name}`` of the NumPy route on the host, copied to the key's device."
    return run


def key(xp: Any, seed: Any, device: Any) -> Any:
    """A key of ``xp``'s library on ``device``, holding ``jax.random.key(seed)``'s data."""
    hook = _hook(xp)
    out = _portable.key(_xnp, _to_host(hook, seed), None)
    return hook.from_numpy(_np.asarray(out), device)


split = _with_key("split")
fold_in = _with_key("fold_in")
bits = _with_key("bits")
uniform = _with_key("uniform")
normal = _with_key("normal")
integers = _with_key("integers")
permutation = _with_key("permutation")
choice = _with_key("choice")
bernoulli = _with_key("bernoulli")
categorical = _with_key("categorical")
truncated_normal = _with_key("truncated_normal")
gamma = _with_key("gamma")

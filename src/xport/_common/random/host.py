"""The host route, for libraries without uint32 arithmetic (MXNet has no uint32
dtype at all): every sampler runs the host engine (NumPy's) and the result is
copied to the key's device, so the numbers are JAX's as on every backend.

A backend's ``RandomHooks.route`` is a :class:`HostRoute` of its ``travel``
module, which says how its arrays travel: ``to_numpy(x)`` (an array of the
library as a NumPy array), ``is_array(x)``, ``device_of(x)`` and
``from_numpy(a, device)`` (a NumPy result as an array of the library on
``device``; uint32 words, keys and bits included, come back in a dtype that
holds their values exactly). The host engine is the caller's
``Target.host()``. Each call reads its key (and any array parameters) on the
host: one device sync per draw.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from ..pytree import tree_map
from . import gammas as _gammas
from . import keys as _keys
from . import samplers as _samplers
from .target import Target

__all__ = ["HostRoute"]


class Travel(Protocol):
    """How a library's arrays reach the host and come back."""

    def is_array(self, x: Any) -> bool: ...
    def to_numpy(self, x: Any) -> Any: ...
    def device_of(self, x: Any) -> Any: ...
    def from_numpy(self, a: Any, device: Any) -> Any: ...


def _host(target: Target) -> Target:
    if target.host is None:
        raise TypeError(f"xport.random: {getattr(target.xp, '__name__', target.xp)} draws "
                        "on the host, and no host engine was given")
    return target.host()


def _to_host(travel: Travel, value: Any) -> Any:
    def leaf(x: Any) -> Any:
        return travel.to_numpy(x) if travel.is_array(x) else x
    return tree_map(leaf, value)


def _host_key(host: Target, travel: Travel, key: Any) -> Any:
    xp = host.xp
    return xp.astype(xp.asarray(travel.to_numpy(key)), xp.uint32)


def _with_key(sampler: Callable[..., Any]) -> Callable[..., Any]:
    """The route's sampler: the host engine's ``sampler`` on the host key and
    parameters, copied to the key's device."""
    name = sampler.__name__

    def run(self: HostRoute, target: Target, key: Any, *args: Any, **kwargs: Any) -> Any:
        travel = self.travel
        host = _host(target)
        out = sampler(host, _host_key(host, travel, key), *_to_host(travel, args),
                      **_to_host(travel, kwargs))
        return travel.from_numpy(host.xp.asarray(out), travel.device_of(key))

    run.__name__ = run.__qualname__ = name
    run.__doc__ = f"``{name}`` of the host engine on the host, copied to the key's device."
    return run


class HostRoute:
    """The samplers of a library that draws on the host, moving its arrays
    with ``travel``."""

    __slots__ = ("travel",)

    def __init__(self, travel: Travel) -> None:
        self.travel = travel

    def key(self, target: Target, seed: Any, device: Any) -> Any:
        """A key of the library on ``device``, holding ``jax.random.key(seed)``'s data."""
        host = _host(target)
        out = _keys.key(host, _to_host(self.travel, seed), None)
        return self.travel.from_numpy(host.xp.asarray(out), device)

    split = _with_key(_keys.split)
    fold_in = _with_key(_keys.fold_in)
    bits = _with_key(_samplers.bits)
    uniform = _with_key(_samplers.uniform)
    normal = _with_key(_samplers.normal)
    integers = _with_key(_samplers.integers)
    permutation = _with_key(_samplers.permutation)
    choice = _with_key(_samplers.choice)
    bernoulli = _with_key(_samplers.bernoulli)
    categorical = _with_key(_samplers.categorical)
    truncated_normal = _with_key(_samplers.truncated_normal)
    gamma = _with_key(_gammas.gamma)

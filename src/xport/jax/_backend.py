"""xport.jax as its descriptor tells the rest of xport (see ``_common/backend``)."""

from __future__ import annotations

from typing import Any

import jax

from .._common.backend import Backend, FluentHooks, RandomHooks
from . import _autodiff, _random, _scatter, _transforms


def _device(x: Any) -> Any:
    found = getattr(x, "device", None)  # a tracer inside jit has none to give
    return found() if callable(found) else found


def _register_pytree(cls: type) -> None:
    """Make the fluent class ``cls`` a pytree whose one leaf is its ``raw`` array."""
    def flatten(f: Any) -> tuple[tuple[Any], None]:
        return (f.raw,), None

    def unflatten(_: None, children: tuple[Any, ...]) -> Any:
        out = cls()
        out.raw = children[0]
        return out

    jax.tree_util.register_pytree_node(cls, flatten, unflatten)


BACKEND = Backend("jax", device=_device, default_device=jax.default_device,
                  missing_dtype_hint="JAX_ENABLE_X64 is off", scatter=_scatter, autodiff=_autodiff,
                  transforms=_transforms, random=RandomHooks(route=_random),
                  fluent=FluentHooks(register=_register_pytree))

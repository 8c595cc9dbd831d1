"""How extensions reach a backend: its descriptor, and each hook of it.

Every extension (``xport.at``, ``xport.autodiff``, ``xport.jit``,
``xport.random``, ``xport.fluent``, array-api-compat's device helpers) asks
:func:`descriptor` (the registry's) for the namespace it dispatched to, so plain
and checked namespaces, and vendored copies under other module names, take the
same route.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ._registry import GENERIC, descriptor, torch_compiling

__all__ = ["GENERIC", "descriptor", "hook", "made_once"]


def hook(xp: Any, kind: str, what: str, supported: str) -> Any:
    """The ``kind`` hook (``"scatter"``, ``"autodiff"``, ...) of namespace
    ``xp``; ``TypeError`` naming ``what`` was asked and the ``supported``
    libraries where the backend has none."""
    # The descriptor's attribute read here, not through descriptor(): this
    # runs on every call of an extension.
    try:
        found = getattr(xp.__xport_backend__, kind)
    except AttributeError:
        found = getattr(descriptor(xp), kind)
    if found is None:
        name = getattr(xp, "__name__", repr(xp))
        raise TypeError(f"{what} does not support arrays of {name}; it supports {supported}")
    return found


Made = dict[Any, Callable[..., Any]]


def made_once(cache: Made, owner: Any, maker: str, *spec: Any) -> Callable[..., Any]:
    """``owner.<maker>(*spec)`` (e.g. ``torch.func.grad(f)``), made at the
    first call per backend hook ``owner`` and kept in ``cache``: making the
    native transform anew at every call costs a dispatch of its own. While
    torch.compile traces it is made afresh (Dynamo cannot keep a function it
    made while tracing; the compiled graph does not call this again)."""
    if torch_compiling():
        return getattr(owner, maker)(*spec)  # type: ignore[no-any-return]
    made = cache.get(owner)
    if made is None:
        made = cache[owner] = getattr(owner, maker)(*spec)
    return made

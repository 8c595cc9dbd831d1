"""Transformed functions made once per backend (``xport.autodiff``, ``xport.vmap``)."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

from ._dispatch import _torch_compiling

Made = dict[ModuleType, Callable[..., Any]]


def made_once(cache: Made, hook: ModuleType, maker: str, *spec: Any) -> Callable[..., Any]:
    """``hook.<maker>(*spec)`` (e.g. ``torch.func.grad(f)``), made at the
    first call per backend hook and kept in ``cache``: making the native
    transform anew at every call cost PyTorch ~20 us. While torch.compile
    traces it is made afresh (Dynamo cannot keep a function it made while
    tracing; the compiled graph does not call this again)."""
    if _torch_compiling():
        return getattr(hook, maker)(*spec)  # type: ignore[no-any-return]
    made = cache.get(hook)
    if made is None:
        made = cache[hook] = getattr(hook, maker)(*spec)
    return made

"""PyTorch's part of ``xport.jit`` / ``xport.vmap``:
``torch.compile(fullgraph=True)`` and ``torch.func.vmap``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import torch
import torch._dynamo.exc as _dynamo_errors

# What fullgraph=True raises for code Dynamo cannot put in one graph.
COMPILER = "torch.compile"
COMPILE_ERRORS: tuple[type[BaseException], ...] = (_dynamo_errors.Unsupported,
                                                   _dynamo_errors.UserError)


# Dynamo guards every table and function of xport that tracing reads (~50
# guards per namespace_of: its type caches, closures, keyword defaults), which
# costs ~2 us per call and recompiles when dispatch meets a new type. They
# never change the answer (the tables only grow, the functions are fixed), so
# xport.jit drops them where torch.compile lets it (guard_filter_fn, 2.8+).
_XPORT_SOURCES = ("G['__import_xport']", "G['__import_xport_dot_", "G['xport']")
_FILTERS_GUARDS = hasattr(torch.compiler, "skip_guard_on_globals_unsafe")


def _keep_guard(entries: list[Any]) -> list[bool]:
    """Keep every guard but those on xport's own modules."""
    return [not any(source in entry.name for source in _XPORT_SOURCES) for entry in entries]


def jit(f: Callable[..., Any], static_argnums: tuple[int, ...],
        static_argnames: tuple[str, ...], xla: bool) -> Callable[..., Any]:
    """``f`` under ``torch.compile(fullgraph=True)``; called inside a
    ``torch.func`` transform (``grad(jit(f))``, ``vmap(jit(f))``), ``f`` as it
    is: torch.func cannot transform a compiled function from eager code
    (PyTorch issue 128711). ``jit(grad(f))`` compiles the gradient."""
    # Dynamo guards on the Python values it meets: static arguments need nothing.
    options: dict[str, Any] | None = {"guard_filter_fn": _keep_guard} if _FILTERS_GUARDS else None
    compiled = torch.compile(f, fullgraph=True, options=options)
    inside_transform = torch._C._functorch.peek_interpreter_stack

    def call(*args: Any, **kwargs: Any) -> Any:
        if inside_transform() is not None:
            return f(*args, **kwargs)
        return compiled(*args, **kwargs)

    return call


def vmap(f: Callable[..., Any], in_axes: Any, out_axes: Any) -> Callable[..., Any]:
    return torch.func.vmap(f, in_dims=in_axes, out_dims=out_axes)

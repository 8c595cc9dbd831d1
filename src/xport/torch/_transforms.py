"""PyTorch's part of ``xport.jit`` / ``xport.vmap``:
``torch.compile(fullgraph=True)`` and ``torch.func.vmap``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import torch
import torch._dynamo.exc as _dynamo_errors

from .._common.package import PACKAGE as _PACKAGE
from ._host import compiler, dynamo_compiling

# What fullgraph=True raises for code Dynamo cannot put in one graph.
COMPILER = "torch.compile"
COMPILE_ERRORS: tuple[type[BaseException], ...] = (_dynamo_errors.Unsupported,
                                                   _dynamo_errors.UserError)


# Dynamo guards every table and function of xport that tracing reads (~50
# guards per namespace_of: its type caches, closures, keyword defaults), which
# costs ~2 us per call and recompiles when dispatch meets a new type. They
# never change the answer (the tables only grow, the functions are fixed), so
# xport.jit drops them where torch.compile lets it (guard_filter_fn, 2.8+), and
# with them the checks that one of them is the object another route reached
# (torch as two wrapper modules' global, torch.Tensor as the dispatch table's
# key and a wrapper's global): Dynamo makes those in Python, and one is enough
# for it to run a Python function on every call.
# Dynamo names the module of an inlined function's globals
# G['__import_<name, "." as "_dot_">']; the package is xport or a vendored copy.
_MANGLED = "__import_" + _PACKAGE.replace(".", "_dot_")
_XPORT_SOURCES = (f"G['{_MANGLED}']", f"G['{_MANGLED}_dot_", f"G['{_PACKAGE.rpartition('.')[2]}']")
_FILTERS_GUARDS = hasattr(torch.compiler, "skip_guard_on_globals_unsafe")


def _on_xport(source_name: str) -> bool:
    return any(source in source_name for source in _XPORT_SOURCES)


def _other_route(entry: Any) -> str:
    """The second route of a two-route check (Dynamo's ``DUPLICATE_INPUT``,
    the ``source_b`` of its guard), or ``""``."""
    create = getattr(getattr(entry, "orig_guard", None), "create_fn", None)
    other = (getattr(create, "keywords", None) or {}).get("source_b")
    if other is None:
        return ""
    name = other.name
    return str(name() if callable(name) else name)  # a method in some PyTorch versions


def _keep_guard(entries: list[Any]) -> list[bool]:
    """Keep every guard but those on xport's own modules and the two-route
    checks with a route through them."""
    return [not (_on_xport(entry.name)
                 or (getattr(entry, "guard_type", None) == "DUPLICATE_INPUT"
                     and _on_xport(_other_route(entry))))
            for entry in entries]


def jit(f: Callable[..., Any], static_argnums: tuple[int, ...],
        static_argnames: tuple[str, ...], xla: bool) -> Callable[..., Any]:
    """``f`` under ``torch.compile(fullgraph=True)``; called while
    ``torch.compile`` or ``torch.export`` traces a caller, or inside a
    ``torch.func`` transform (``grad(jit(f))``, ``vmap(jit(f))``), ``f`` as it
    is: torch.func cannot transform a compiled function from eager code
    (PyTorch issue 128711). ``jit(grad(f))`` compiles the gradient."""
    # Dynamo guards on the Python values it meets: static arguments need nothing.
    options: dict[str, Any] | None = {"guard_filter_fn": _keep_guard} if _FILTERS_GUARDS else None
    compiled = torch.compile(f, fullgraph=True, options=options)
    inside_transform = torch._C._functorch.peek_interpreter_stack

    def call(*args: Any, **kwargs: Any) -> Any:
        if dynamo_compiling() or compiler._is_compiling_flag or inside_transform() is not None:
            return f(*args, **kwargs)
        return compiled(*args, **kwargs) if kwargs else compiled(*args)

    return call


def vmap(f: Callable[..., Any], in_axes: Any, out_axes: Any) -> Callable[..., Any]:
    return torch.func.vmap(f, in_dims=in_axes, out_dims=out_axes)

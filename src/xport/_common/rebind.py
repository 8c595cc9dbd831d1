"""NumPy's wrappers for another library with NumPy's API (CuPy), written once.

A wrapper in ``xport.numpy`` reads NumPy through its module's globals (``np``,
``_np``); :func:`rebound` copies such a function with those globals pointing
at the other library, so the code that fixes a deviation both libraries share
exists once. Factories (functions that build a wrapper around a native
function) are rebound first and then called with the other library's natives.
"""

from __future__ import annotations

import types
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


def rebound(function: F, names: Mapping[str, Any], module: str) -> F:
    """A copy of ``function`` whose globals ``names`` are replaced (the rest of
    its module's globals, its defaults, closure, name and docstring kept),
    reported as a function of ``module``."""
    code: Any = function
    clone = types.FunctionType(code.__code__, {**code.__globals__, **names}, code.__name__,
                               code.__defaults__, code.__closure__)
    clone.__kwdefaults__ = code.__kwdefaults__
    clone.__qualname__ = code.__qualname__
    clone.__doc__ = code.__doc__
    clone.__annotations__ = dict(code.__annotations__)
    clone.__dict__.update(code.__dict__)
    clone.__module__ = module
    result: F = clone  # type: ignore[assignment]
    return result


def rebound_all(functions: Mapping[str, Callable[..., Any]], names: Mapping[str, Any],
                module: str) -> dict[str, Callable[..., Any]]:
    """:func:`rebound` for every function of ``functions`` (by name)."""
    return {name: rebound(fn, names, module) for name, fn in functions.items()}

"""``fluent(x)``: the entry point, which finds or builds the class of ``x``'s backend."""

from __future__ import annotations

from typing import Any, TypeVar, overload

from .._dispatch import namespace_of, on_checked_default_change
from .._registry import torch_compiling
from .core import Fluent, class_for

A = TypeVar("A")

# The fluent class of each array type.
_BY_TYPE: dict[type, type[Fluent[Any]]] = {}
on_checked_default_change(_BY_TYPE.clear)


@overload
def fluent(x: Fluent[A], /) -> Fluent[A]: ...
@overload
def fluent(x: A, /) -> Fluent[A]: ...


def fluent(x: Any, /) -> Fluent[Any]:
    """``x`` (a native array of any supported library) as a :class:`Fluent`
    array: the standard's functions as methods, computed by ``x``'s namespace;
    ``.raw`` gives the native array back. A fluent array is returned as is.
    """
    kind = type(x)
    if kind in _BY_TYPE:
        out = _BY_TYPE[kind]()
        out.raw = x
        return out
    if isinstance(x, Fluent):
        return x
    cls = _built_class(namespace_of(x))
    _BY_TYPE[kind] = cls
    out = cls()
    out.raw = x
    return out


def _built_class(xp: Any) -> type[Fluent[Any]]:
    if torch_compiling():
        # An import statement, not a call: torch.compile performs an import
        # while it traces (it cannot trace the class's construction), so a
        # first fluent(x) inside a compiled function leaves no graph break.
        from . import traced

        if traced.CLASS.namespace is xp:
            return traced.CLASS
    return class_for(xp)

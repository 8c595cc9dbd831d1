"""How error messages name a type: ``numpy.ndarray``, ``list``, ``torch.Tensor``."""

from __future__ import annotations


def type_name_of(cls: type) -> str:
    """``module.QualName`` of ``cls`` (just ``QualName`` for builtins)."""
    module = cls.__module__
    return cls.__qualname__ if module == "builtins" else f"{module}.{cls.__qualname__}"


def type_name(x: object) -> str:
    """:func:`type_name_of` the type of ``x``."""
    return type_name_of(type(x))

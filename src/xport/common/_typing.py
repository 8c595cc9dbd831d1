"""``array_api_compat.common._typing``: the types code annotates with (``Array``,
``DType``, ``Device``, ``Namespace``, ``HasShape``), as xport defines them."""

from __future__ import annotations

from collections.abc import Collection
from typing import Protocol, SupportsIndex, TypeVar

from .._typing import Array, Device, DType, Namespace

_ShapeT_co = TypeVar("_ShapeT_co", bound=Collection[SupportsIndex | None], covariant=True)


class HasShape(Protocol[_ShapeT_co]):
    """An object with a ``shape``."""

    @property
    def shape(self) -> _ShapeT_co: ...


__all__ = ["Array", "DType", "Device", "HasShape", "Namespace"]

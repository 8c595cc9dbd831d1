"""``__array_namespace_info__`` built from a per-backend description."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .._spec.dtypes import KIND_MEMBERS


@dataclass(frozen=True)
class BackendInfo:
    """What a backend tells the standard's inspection API.

    ``dtypes`` maps standard dtype names to the backend's dtype objects, for
    the dtypes the backend supports. ``default_dtypes`` maps the standard's keys
    ('real floating', 'complex floating', 'integral', 'indexing') to dtypes.
    ``devices`` returns the available devices; ``default_device`` the default
    one (``None`` when it is not predictable).
    """

    dtypes: Mapping[str, Any]
    default_dtypes: Callable[[Any], Mapping[str, Any]]
    devices: Callable[[], tuple[Any, ...]]
    default_device: Callable[[], Any]
    capabilities: Mapping[str, Any]
    check_device: Callable[[Any], None]


class Devices(tuple[Any, ...]):
    """What ``devices()`` returns: a tuple, as the 2025.12 standard says, that
    also concatenates with lists on either side (``devices() + [None]`` is a
    list), as code written when the standard said "list" (and
    array-api-compat returned one) does."""

    __slots__ = ()

    def __add__(self, other: Any) -> Any:
        if isinstance(other, list):
            return [*self, *other]
        return tuple.__add__(self, other)

    def __radd__(self, other: Any) -> Any:
        if isinstance(other, list):
            return [*other, *self]
        return NotImplemented


def make_info_class(backend: BackendInfo, name: str) -> type:
    """Return a class whose instances implement the standard's inspection API for
    ``backend``; calling ``__array_namespace_info__()`` makes one."""

    def capabilities(self: Any) -> dict[str, Any]:
        """The backend's optional capabilities (boolean indexing, data-dependent
        shapes, maximum dimensions)."""
        return dict(backend.capabilities)

    def default_device(self: Any) -> Any:
        """The default device of new arrays."""
        return backend.default_device()

    def default_dtypes(self: Any, *, device: Any = None) -> dict[str, Any]:
        """The default dtypes for 'real floating', 'complex floating', 'integral'
        and 'indexing' on ``device``."""
        backend.check_device(device)
        return dict(backend.default_dtypes(device))

    def devices(self: Any) -> Devices:
        """Every device arrays can be placed on (a tuple, as in 2025.12, that
        concatenates with lists too: ``devices() + [None]``)."""
        return Devices(backend.devices())

    def dtypes(self: Any, *, device: Any = None,
               kind: str | tuple[str, ...] | None = None) -> dict[str, Any]:
        """The supported dtypes, by name, optionally only those of ``kind``."""
        backend.check_device(device)
        if kind is None:
            return dict(backend.dtypes)
        kinds = (kind,) if isinstance(kind, str) else kind
        wanted: set[str] = set()
        for k in kinds:
            if k not in KIND_MEMBERS:
                raise ValueError(f"unknown dtype kind {k!r}; expected one of "
                                 f"{', '.join(sorted(KIND_MEMBERS))}")
            wanted |= KIND_MEMBERS[k]
        return {n: d for n, d in backend.dtypes.items() if n in wanted}

    methods = {
        "capabilities": capabilities,
        "default_device": default_device,
        "default_dtypes": default_dtypes,
        "devices": devices,
        "dtypes": dtypes,
        "__doc__": f"Inspection API of the {name} namespace "
                   "(the standard's __array_namespace_info__).",
        "__repr__": lambda self: f"<xport {name} namespace info>",
    }
    return type("__array_namespace_info__", (), methods)

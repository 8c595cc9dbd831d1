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
    the dtypes the backend supports. ``default_dtypes`` returns a new dict of
    the standard's keys ('real floating', 'complex floating', 'integral',
    'indexing') to dtypes, which the caller may keep or change.
    ``devices`` returns the available devices; ``default_device`` the default
    one (``None`` when it is not predictable).
    """

    dtypes: Mapping[str, Any]
    default_dtypes: Callable[[Any], dict[str, Any]]
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


class NamespaceInfo:
    """The standard's inspection API; each backend's subclass (made by
    :func:`make_info_class`) holds its :class:`BackendInfo` fields as class
    attributes, which ``torch.compile`` traces on every version (a closure
    over the description, or the description object itself, it cannot read
    before torch 2.5)."""

    _name: str
    # (name, value) pairs: torch.compile before 2.5 cannot read a dict held
    # here. A backend whose dtypes change at run time (JAX's x64 switch) keeps
    # its live mapping, read when asked.
    _dtypes: tuple[tuple[str, Any], ...] | Mapping[str, Any]
    _capabilities: tuple[tuple[str, Any], ...]

    # Static methods of the subclass.
    _check_device: Callable[[Any], None]
    _default_dtypes: Callable[[Any], dict[str, Any]]
    _devices: Callable[[], tuple[Any, ...]]
    _default_device: Callable[[], Any]

    def capabilities(self) -> dict[str, Any]:
        """The backend's optional capabilities (boolean indexing, data-dependent
        shapes, maximum dimensions)."""
        return dict(self._capabilities)

    def default_device(self) -> Any:
        """The default device of new arrays."""
        return self._default_device()

    def default_dtypes(self, *, device: Any = None) -> dict[str, Any]:
        """The default dtypes for 'real floating', 'complex floating', 'integral'
        and 'indexing' on ``device``."""
        self._check_device(device)
        return self._default_dtypes(device)

    def devices(self) -> Devices:
        """Every device arrays can be placed on (a tuple, as in 2025.12, that
        concatenates with lists too: ``devices() + [None]``)."""
        return Devices(self._devices())

    def dtypes(self, *, device: Any = None,
               kind: str | tuple[str, ...] | None = None) -> dict[str, Any]:
        """The supported dtypes, by name, optionally only those of ``kind``."""
        self._check_device(device)
        pairs = self._dtypes if isinstance(self._dtypes, tuple) else self._dtypes.items()
        if kind is None:
            return dict(pairs)
        kinds = (kind,) if isinstance(kind, str) else kind
        wanted: set[str] = set()
        for k in kinds:
            if k not in KIND_MEMBERS:
                raise ValueError(f"unknown dtype kind {k!r}; expected one of "
                                 f"{', '.join(sorted(KIND_MEMBERS))}")
            wanted |= KIND_MEMBERS[k]
        return {n: d for n, d in pairs if n in wanted}

    def __repr__(self) -> str:
        return f"<xport {self._name} namespace info>"


def make_info_class(backend: BackendInfo, name: str) -> type:
    """Return a class whose instances implement the standard's inspection API for
    ``backend``; calling ``__array_namespace_info__()`` makes one."""
    return type("__array_namespace_info__", (NamespaceInfo,), {
        "_name": name,
        "_dtypes": tuple(backend.dtypes.items()) if type(backend.dtypes) is dict
        else backend.dtypes,
        "_capabilities": tuple(backend.capabilities.items()),
        "_check_device": staticmethod(backend.check_device),
        "_default_dtypes": staticmethod(backend.default_dtypes),
        "_devices": staticmethod(backend.devices),
        "_default_device": staticmethod(backend.default_device),
        "__doc__": f"Inspection API of the {name} namespace "
                   "(the standard's __array_namespace_info__).",
    })

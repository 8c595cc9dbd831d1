"""Moving arrays between libraries."""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import Any

from ._dispatch import is_array, namespace
from ._typing import Array, Device


def convert(x: Array | complex | Sequence[Any], to: str | ModuleType, /, *,
            device: Device | None = None, copy: bool | None = None) -> Array:
    """Return ``x`` as an array of the library ``to`` (a name such as ``"torch"``
    or a namespace module such as ``xport.torch``).

    Goes through DLPack (zero-copy where both libraries allow it on the same
    device) and falls back to a host round-trip through NumPy. With
    ``copy=None`` the result may share memory with ``x``; ``copy=True`` always
    copies, ``copy=False`` raises ``ValueError`` when a copy cannot be avoided.
    Python scalars and nested sequences are accepted and go through
    ``asarray``. ``device`` places the result (default: the target's default,
    or ``x``'s device when DLPack keeps it).
    """
    target = namespace(to) if isinstance(to, str) else to
    if not isinstance(target, ModuleType) or not hasattr(target, "asarray"):
        raise TypeError(f"convert() needs a backend name or an Array API namespace as "
                        f"'to'; got {to!r}")
    if not is_array(x):
        return target.asarray(x, device=device, copy=copy)
    try:
        out = target.from_dlpack(x, copy=copy)
    except (TypeError, BufferError, RuntimeError, ValueError, AttributeError) as exc:
        if copy is False:
            raise ValueError(f"convert(copy=False) cannot share memory between "
                             f"{type(x).__module__} and {target.__name__}: {exc}") from exc
        import numpy

        out = target.asarray(numpy.asarray(x), copy=True)
    if device is not None:
        out = target.asarray(out, device=device)
    return out

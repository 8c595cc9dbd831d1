"""Checked mode: namespaces whose every function validates its arguments against
the standard before calling the backend, and raises the same exception, with the
same message, on every backend.

``xport.namespace_of(*arrays, checked=True)``, ``xport.namespace(name,
checked=True)``, ``import xport.checked.numpy`` (and so on), or ``XPORT_CHECKED=1``
in the environment to make it the default. What it checks: arrays are arrays of
the namespace's own library, with a dtype the standard asks for; Python scalar
operands are of a type the array's dtype combines with, and in range; dtypes are
the namespace's own dtype objects (not strings, NumPy scalar types or another
library's dtypes); axes are ints in range and not repeated (:class:`AxisError`,
an IndexError and a ValueError); shapes and sizes are non-negative ints, small
enough to allocate; the shapes of the inputs fit together (broadcasting, matrix
products, joins, reshapes); flags are bools; mixed-kind dtypes are not left to a
library's own promotion; no keyword the standard does not have. The non-standard
names the plain namespaces reach (``xport.numpy.float16``) are AttributeErrors.
"""

from __future__ import annotations

from types import ModuleType

from .._common.package import PACKAGE
from .._dispatch import library_of, resolve_backend
from .errors import AxisError

_CHECKED: dict[str, ModuleType] = {}
_UNCHECKED: dict[str, ModuleType] = {}


def unchecked_namespace(ns: ModuleType) -> ModuleType:
    """The plain namespace of the checked namespace ``ns``; ``ns`` if it is plain."""
    return _UNCHECKED.get(ns.__name__, ns)


def checked_namespace(ns: ModuleType) -> ModuleType:
    """The checked twin of the namespace ``ns`` (built once)."""
    ns = unchecked_namespace(ns)
    found = _CHECKED.get(ns.__name__)
    if found is None:
        from .build import build_namespace  # the checks load with the first checked namespace
        from .checks import Target

        backend = library_of(ns) or ns.__name__

        def is_array(value: object) -> bool:
            return resolve_backend(type(value)) == backend

        target = Target.of(ns, backend, is_array)
        found = build_namespace(ns, f"{PACKAGE}.checked.{backend}", target)
        _CHECKED[ns.__name__] = found
        _UNCHECKED[found.__name__] = ns
    return found


__all__ = ["AxisError", "checked_namespace", "unchecked_namespace"]

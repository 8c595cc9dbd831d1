"""Checked namespaces: ``import xport.checked.numpy as xp`` (also ``torch``,
``jax``, ``tensorflow``, ``dask``, ``array_api_strict``), or
``xport.namespace_of(x, checked=True)`` / ``xport.namespace(name,
checked=True)``, or ``XPORT_CHECKED=1`` to make them the default.

Every function of a checked namespace validates its arguments against the
standard before calling the backend, and a bad call raises the same exception,
with the same message, on every backend: ``TypeError`` for arguments of the
wrong type or dtype, ``ValueError`` for shapes, sizes and values,
:class:`xport.AxisError` (an ``IndexError`` and a ``ValueError``) for axes.
It refuses what works on one library only: another library's arrays or dtypes,
dtypes by name, Python scalars the array's dtype does not combine with,
mixed-kind promotion, dtypes outside a function's domain, keywords the standard
does not have, and the non-standard names the plain namespaces reach. The
checks are generated from the standard's signatures (:class:`xport.Namespace`)
and the rules in ``xport._spec.rules``; they cost a few microseconds per call,
so checked mode is for tests and debugging, not for production runs.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import sys
from types import ModuleType

from .._checked import AxisError
from .._dispatch import set_checked_default


def enable(checked: bool = True) -> None:
    """Make :func:`xport.namespace_of` and :func:`xport.namespace` give checked
    namespaces from now on (``enable(False)``: plain ones again), as
    ``XPORT_CHECKED=1`` does from start-up: for a whole test session, so a
    library's own ``namespace_of`` calls are checked too. Not thread-safe
    against concurrent dispatch; call it before the tests run."""
    set_checked_default(checked)


class _CheckedNamespaceFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports ``<this package>.<backend>`` as the backend's checked namespace."""

    def find_spec(self, fullname: str, path: object = None, target: object = None
                  ) -> importlib.machinery.ModuleSpec | None:
        package, _, backend = fullname.rpartition(".")
        if package != __name__ or not backend:
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        from .._dispatch import namespace

        backend = spec.name.rpartition(".")[2]
        try:
            return namespace(backend, checked=True)  # type: ignore[return-value]
        except ValueError as exc:
            raise ModuleNotFoundError(str(exc), name=spec.name) from None

    def exec_module(self, module: ModuleType) -> None:
        """Nothing to run: the module is built whole by :meth:`create_module`."""


if not any(getattr(f, "package", None) == __name__ for f in sys.meta_path):
    _finder = _CheckedNamespaceFinder()
    _finder.package = __name__  # type: ignore[attr-defined]
    sys.meta_path.append(_finder)

__all__ = ["AxisError", "enable"]

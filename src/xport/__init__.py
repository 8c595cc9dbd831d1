"""xport: write array code once against the Python Array API standard, run it
natively on NumPy, PyTorch, JAX, TensorFlow and Dask.

Every public helper of array-api-compat is here under its own name
(``array_namespace``, ``device``, ``size``, ``is_numpy_array``, ...), so code
written on array-api-compat switches by changing its import.

The extensions ``xport.at`` / ``xport.scatter``, ``xport.autodiff``,
``xport.random``, ``xport.jit`` / ``xport.vmap`` and ``xport.fluent``
are loaded on first use (they import no array library either).
:class:`Namespace` is the static type of a namespace, for annotating code
written against xport.

``import xport`` imports no array library. A backend's namespace
(``xport.numpy``, ``xport.torch``, ...) is imported when its arrays are first
seen by :func:`namespace_of` or when it is asked for by name or attribute.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING, Any

from . import _compat_helpers, _dispatch
from ._checked.errors import AxisError
from ._compat_helpers import *  # noqa: F403 - array-api-compat's helpers, in __all__ below
from ._convert import convert
from ._dispatch import NAMESPACE_PACKAGES, backend_of, is_array, namespace, namespace_of
from ._spec.names import LATEST_VERSION
from ._typing import Array, Device, DType, FFTNamespace, LinalgNamespace, Namespace

if TYPE_CHECKING:
    from . import autodiff, random, scatter, transforms
    from ._fluent import Fluent, fluent
    from .scatter import at
    from .transforms import CompileError, jit, vmap

__version__ = "0.1.0"
__array_api_version__ = LATEST_VERSION

__all__ = [
    "Array",
    "AxisError",
    "CompileError",
    "DType",
    "Device",
    "FFTNamespace",
    "Fluent",
    "LinalgNamespace",
    "Namespace",
    "__array_api_version__",
    "__version__",
    "at",
    "autodiff",
    "backend_of",
    "convert",
    "fluent",
    "is_array",
    "jit",
    "namespace",
    "namespace_of",
    "random",
    "scatter",
    "transforms",
    "vmap",
]
__all__ += _compat_helpers.__all__  # array-api-compat's helpers: migrating is one changed import


# Loaded on first use, not by `import xport`: name -> (module, attribute or None).
_LAZY: dict[str, tuple[str, str | None]] = {
    "autodiff": (".autodiff", None), "random": (".random", None),
    "scatter": (".scatter", None), "transforms": (".transforms", None),
    "at": (".scatter", "at"), "CompileError": (".transforms", "CompileError"),
    "jit": (".transforms", "jit"), "vmap": (".transforms", "vmap"),
    "Fluent": ("._fluent", "Fluent"), "fluent": ("._fluent", "fluent"),
    "checked": (".checked", None),
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        module_name, attribute = _LAZY[name]
        module = importlib.import_module(module_name, __name__)
        value = module if attribute is None else getattr(module, attribute)
        globals()[name] = value
        return value
    if name in NAMESPACE_PACKAGES:
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(__all__) | NAMESPACE_PACKAGES)


def _to_checked(ns: ModuleType) -> ModuleType:
    from ._checked import checked_namespace

    return checked_namespace(ns)


def _to_plain(ns: ModuleType) -> ModuleType:
    from ._checked import unchecked_namespace

    return unchecked_namespace(ns)


# Checked mode wraps dispatch from outside: dispatch calls these two only.
_dispatch.install_checked_mode(_to_checked, _to_plain)

"""xport: write array code once against the Python Array API standard, run it
natively on NumPy, PyTorch, JAX, TensorFlow and Dask.

Every public helper of array-api-compat is here under its own name
(``array_namespace``, ``device``, ``size``, ``is_numpy_array``, ...), so code
written on array-api-compat switches by changing its import.

The extensions ``xport.at`` / ``xport.scatter``, ``xport.autodiff``,
``xport.random`` and ``xport.jit`` / ``xport.vmap`` are always there (they
import no array library either). :class:`Namespace` is the static type of a
namespace, for annotating code written against xport.

``import xport`` imports no array library. A backend's namespace
(``xport.numpy``, ``xport.torch``, ...) is imported when its arrays are first
seen by :func:`namespace_of` or when it is asked for by name or attribute.
"""

from __future__ import annotations

import importlib
from typing import Any

from . import _compat_helpers, autodiff, random, scatter, transforms
from ._checked.errors import AxisError
from ._compat_helpers import *  # noqa: F403 - array-api-compat's helpers, in __all__ below
from ._convert import convert
from ._dispatch import NAMESPACE_PACKAGES, backend_of, is_array, namespace, namespace_of
from ._fluent import Fluent, fluent
from ._spec.names import LATEST_VERSION
from ._typing import Array, Device, DType, FFTNamespace, LinalgNamespace, Namespace
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


_LAZY_SUBMODULES = NAMESPACE_PACKAGES


def __getattr__(name: str) -> Any:
    if name in _LAZY_SUBMODULES:
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(__all__) | _LAZY_SUBMODULES)

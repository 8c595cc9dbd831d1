"""xport: write array code once against the Python Array API standard, run it
natively on NumPy, PyTorch, JAX, TensorFlow and Dask.

Every public helper of array-api-compat is here under its own name
(``array_namespace``, ``device``, ``size``, ``is_numpy_array``, ...), so code
written on array-api-compat switches by changing its import.

The extensions ``xport.at`` / ``xport.scatter``, ``xport.autodiff`` and
``xport.random`` are always there (they import no array library either). :class:`Namespace` is
the static type of a namespace, for annotating code written against xport.

``import xport`` imports no array library. A backend's namespace
(``xport.numpy``, ``xport.torch``, ...) is imported when its arrays are first
seen by :func:`namespace_of` or when it is asked for by name or attribute.
"""

from __future__ import annotations

import importlib
from typing import Any

from . import autodiff, random, scatter
from ._compat_helpers import (
    array_namespace,
    device,
    get_namespace,
    is_array_api_obj,
    is_array_api_strict_array,
    is_array_api_strict_namespace,
    is_cupy_array,
    is_cupy_namespace,
    is_dask_array,
    is_dask_namespace,
    is_dpnp_array,
    is_dpnp_namespace,
    is_jax_array,
    is_jax_namespace,
    is_lazy_array,
    is_mparray_array,
    is_mparray_namespace,
    is_ndonnx_array,
    is_ndonnx_namespace,
    is_numpy_array,
    is_numpy_namespace,
    is_pydata_sparse_array,
    is_pydata_sparse_namespace,
    is_tensorflow_array,
    is_tensorflow_namespace,
    is_torch_array,
    is_torch_namespace,
    is_writeable_array,
    size,
    to_device,
)
from ._convert import convert
from ._dispatch import NAMESPACE_PACKAGES, backend_of, is_array, namespace, namespace_of
from ._spec.names import LATEST_VERSION
from ._typing import Array, Device, DType, FFTNamespace, LinalgNamespace, Namespace
from .scatter import at

__version__ = "0.1.0"
__array_api_version__ = LATEST_VERSION

__all__ = [
    "Array",
    "DType",
    "Device",
    "FFTNamespace",
    "LinalgNamespace",
    "Namespace",
    "__array_api_version__",
    "__version__",
    "at",
    "autodiff",
    "backend_of",
    "convert",
    "is_array",
    "namespace",
    "namespace_of",
    "random",
    "scatter",
    # array-api-compat's helpers (migrating is one changed import)
    "array_namespace",
    "get_namespace",
    "device",
    "is_array_api_obj",
    "is_array_api_strict_array",
    "is_array_api_strict_namespace",
    "is_cupy_array",
    "is_cupy_namespace",
    "is_dask_array",
    "is_dask_namespace",
    "is_dpnp_array",
    "is_dpnp_namespace",
    "is_jax_array",
    "is_jax_namespace",
    "is_lazy_array",
    "is_mparray_array",
    "is_mparray_namespace",
    "is_ndonnx_array",
    "is_ndonnx_namespace",
    "is_numpy_array",
    "is_numpy_namespace",
    "is_pydata_sparse_array",
    "is_pydata_sparse_namespace",
    "is_tensorflow_array",
    "is_tensorflow_namespace",
    "is_torch_array",
    "is_torch_namespace",
    "is_writeable_array",
    "size",
    "to_device",
]


_LAZY_SUBMODULES = NAMESPACE_PACKAGES


def __getattr__(name: str) -> Any:
    if name in _LAZY_SUBMODULES:
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(__all__) | _LAZY_SUBMODULES)

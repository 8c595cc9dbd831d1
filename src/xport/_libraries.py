"""The array libraries xport knows, as data.

One row per library: which classes make its arrays, which module names are a
namespace of it, and what its arrays promise (lazy? writeable?). Dispatch
(``_dispatch``) reads the classes; the ``is_<library>_array`` /
``is_<library>_namespace`` helpers and ``is_lazy_array`` /
``is_writeable_array`` (``_compat_helpers``) are generated from the rows.
Nothing here imports an array library.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True)
class Library:
    """What xport knows of one array library.

    ``array_classes`` are (root module, class name) pairs: an object whose
    type has such a class in its MRO is an array of the library (roots, not
    full module paths, because classes move between modules across releases).
    ``namespaces`` are the ``__name__`` of the library's own modules that are
    namespaces of it, the one ``array_namespace(..., use_compat=False)`` gives
    first; ``compat_module`` is the name of array-api-compat's
    wrapper namespace below its package, and ``xport_module`` xport's own,
    below xport's package (``None`` where there is none). ``lazy`` and
    ``writeable`` say what its arrays are (``None``: the array itself says).
    """

    name: str
    array_classes: tuple[tuple[str, str], ...]
    namespaces: tuple[str, ...]
    compat_module: str | None = None
    xport_module: str | None = None
    lazy: bool = False
    writeable: bool | None = True


LIBRARIES: Final[tuple[Library, ...]] = (
    # NumPy scalars behave as 0-d arrays; writeable: ndarray.flags says, scalars never.
    Library("numpy", (("numpy", "ndarray"), ("numpy", "generic")), ("numpy",),
            compat_module="numpy", xport_module="numpy", writeable=None),
    # Tensor covers Parameter, FakeTensor and functorch's wrappers.
    Library("torch", (("torch", "Tensor"),), ("torch",),
            compat_module="torch", xport_module="torch"),
    # Tracer: jit / grad / vmap / shard_map tracers (no longer jax.Array subclasses).
    Library("jax", (("jaxlib", "ArrayImpl"), ("jax", "Array"), ("jaxlib", "Array"),
                    ("jax", "Tracer")),
            ("jax.numpy", "jax.experimental.array_api"),
            xport_module="jax", lazy=True, writeable=False),
    Library("tensorflow", (("tensorflow", "Tensor"), ("tensorflow", "Variable")),
            ("tensorflow.experimental.numpy", "tensorflow",
             "tensorflow._api.v2.experimental.numpy"),
            xport_module="tensorflow", writeable=False),
    Library("dask", (("dask", "Array"),), ("dask.array",),
            compat_module="dask.array", xport_module="dask", lazy=True),
    Library("cupy", (("cupy", "ndarray"),), ("cupy",), compat_module="cupy", xport_module="cupy"),
    # mxnet.numpy.ndarray (mx.np); its base, the legacy mx.nd.NDArray, is an
    # MXNet array that dispatch refuses (REFUSED_CLASSES), naming the conversion.
    Library("mxnet", (("mxnet", "ndarray"), ("mxnet", "NDArray")), ("mxnet.numpy",),
            xport_module="mxnet"),
    Library("array_api_strict", (("array_api_strict", "Array"),), ("array_api_strict",)),
    Library("ndonnx", (("ndonnx", "Array"),), ("ndonnx",), lazy=True),
    Library("pydata_sparse", (("sparse", "SparseArray"),), ("sparse",), writeable=False),
    Library("dpnp", (("dpnp", "ndarray"), ("dpnp", "usm_ndarray")), ("dpnp", "dpnp.tensor")),
    Library("mparray", (("mparray", "MPArray"),), ("mparray",)),
)

BY_NAME: Final[dict[str, Library]] = {lib.name: lib for lib in LIBRARIES}

# Array classes whose instances dispatch refuses, though they belong to a
# library above: (root module, class name) -> why, and what to pass instead.
REFUSED_CLASSES: Final[dict[tuple[str, str], str]] = {
    # As SciPy refuses it too.
    ("numpy", "matrix"): (
        "numpy.matrix stays 2-d through reshape, indexing and reductions, so the standard's "
        "shapes would silently come out wrong; pass numpy.asarray(x) instead"),
    # mxnet.numpy.ndarray subclasses it; dispatch refuses only the classes met
    # before an accepted one in the MRO.
    ("mxnet", "NDArray"): (
        "MXNet's legacy mx.nd.NDArray follows the mx.nd API, not NumPy's; pass "
        "x.as_np_ndarray() (an mxnet.numpy.ndarray, shared memory) for xport.mxnet"),
}

"""The one list of array libraries xport knows, and of its backends.

One :class:`Library` row per library: which classes make its arrays, which
module names are a namespace of it, what its arrays promise (lazy? writeable?)
and, for a library xport has a backend for, the name of that backend's folder
(``xport.<package>``), its aliases for :func:`xport.namespace` and its install
hint. Dispatch reads the classes; array-api-compat's ``is_<library>_array`` /
``is_<library>_namespace`` helpers are generated from the rows. Everything else
about a backend lives in its folder (``<package>/_backend.py``: devices and
the extensions' hooks), reached through its namespace.

Adding a backend is one folder and one row here (and, for ``torch.compile``,
one branch of :func:`import_backend`, the static import chain). Nothing here
imports an array library.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Final

from ._common.backend import Backend, RandomHooks


@dataclass(frozen=True)
class Library:
    """What xport knows of one array library without importing it.

    ``array_classes`` are (root module, class name) pairs: an object whose
    type has such a class in its MRO is an array of the library (roots, not
    full module paths, because classes move between modules across releases).
    ``namespaces`` are the ``__name__`` of the library's own modules that are
    namespaces of it, the one ``array_namespace(..., use_compat=False)`` gives
    first; ``compat_module`` is the name of array-api-compat's wrapper
    namespace below its package. ``package`` is xport's backend folder
    (``None``: no backend; ``external`` names a module that is a conforming
    namespace by itself). ``lazy`` and ``writeable`` say what its arrays are
    (``None``: the backend asks the array). ``compat_gives_native``: compat's
    ``array_namespace`` hands out the library's own module (JAX's), and code
    written on compat keys on it. ``distributions``: the names it is
    installed under besides ``name`` (for the version report). ``adopts``:
    (another library, predicate): that library's arrays for which the
    predicate holds count as this one's (NumPy arrays of dtype
    ``jax.float0`` are JAX's, as in array-api-compat).
    """

    name: str
    array_classes: tuple[tuple[str, str], ...]
    namespaces: tuple[str, ...]
    compat_module: str | None = None
    package: str | None = None
    external: str | None = None
    aliases: tuple[str, ...] = ()
    install: str = ""
    lazy: bool | None = False
    writeable: bool | None = True
    compat_gives_native: bool = False
    adopts: tuple[str, Callable[[object], bool]] | None = None
    distributions: tuple[str, ...] = ()


def _is_jax_float0(x: object) -> bool:
    """A NumPy array of dtype ``jax.float0``: what JAX gives as the gradient of
    an integer input. Imports nothing."""
    dtype = getattr(x, "dtype", None)
    if getattr(dtype, "kind", None) != "V" or "jax" not in sys.modules:
        return False
    return bool(dtype == sys.modules["jax"].dtypes.float0)


LIBRARIES: Final[tuple[Library, ...]] = (
    # NumPy scalars behave as 0-d arrays; writeable: ndarray.flags says, scalars never.
    Library("numpy", (("numpy", "ndarray"), ("numpy", "generic")), ("numpy",),
            compat_module="numpy", package="numpy", aliases=("np",),
            install="pip install numpy", writeable=None),
    # Tensor covers Parameter, FakeTensor and functorch's wrappers.
    Library("torch", (("torch", "Tensor"),), ("torch",), compat_module="torch",
            package="torch", aliases=("pytorch",), install="pip install torch"),
    # Tracer: jit / grad / vmap / shard_map tracers (no longer jax.Array subclasses).
    Library("jax", (("jaxlib", "ArrayImpl"), ("jax", "Array"), ("jaxlib", "Array"),
                    ("jax", "Tracer")),
            ("jax.numpy", "jax.experimental.array_api"), package="jax",
            aliases=("jax.numpy", "jnp"), install="pip install jax", lazy=True,
            writeable=False, compat_gives_native=True, adopts=("numpy", _is_jax_float0)),
    # Lazy inside tf.function only: the backend asks.
    Library("tensorflow", (("tensorflow", "Tensor"), ("tensorflow", "Variable")),
            ("tensorflow.experimental.numpy", "tensorflow",
             "tensorflow._api.v2.experimental.numpy"),
            package="tensorflow", aliases=("tf",), install="pip install tensorflow",
            lazy=None, writeable=False, distributions=("tensorflow-cpu", "tf-nightly")),
    Library("dask", (("dask", "Array"),), ("dask.array",), compat_module="dask.array",
            package="dask", aliases=("dask.array",), install="pip install 'dask[array]'",
            lazy=True),
    Library("cupy", (("cupy", "ndarray"),), ("cupy",), compat_module="cupy", package="cupy",
            install="pip install cupy-cuda12x",
            distributions=(*(f"cupy-cuda{v}" for v in ("13x", "12x", "11x")), "cupy-rocm-6-0")),
    # mxnet.numpy.ndarray (mx.np); its base, the legacy mx.nd.NDArray, is an
    # MXNet array that dispatch refuses (REFUSED_CLASSES), naming the conversion.
    Library("mxnet", (("mxnet", "ndarray"), ("mxnet", "NDArray")), ("mxnet.numpy",),
            package="mxnet", aliases=("mx", "mxnet.numpy"),
            install="pip install mxnet==1.9.1 'numpy<1.24'"),
    Library("array_api_strict", (("array_api_strict", "Array"),), ("array_api_strict",),
            external="array_api_strict", install="pip install array-api-strict"),
    Library("ndonnx", (("ndonnx", "Array"),), ("ndonnx",), lazy=True),
    Library("pydata_sparse", (("sparse", "SparseArray"),), ("sparse",), writeable=False),
    Library("dpnp", (("dpnp", "ndarray"), ("dpnp", "usm_ndarray")), ("dpnp", "dpnp.tensor")),
    Library("mparray", (("mparray", "MPArray"),), ("mparray",)),
)

BY_NAME: Final[dict[str, Library]] = {lib.name: lib for lib in LIBRARIES}

# library -> (library, predicate) for the arrays of it that another one adopts.
ADOPTED_FROM: Final[dict[str, tuple[tuple[str, Callable[[object], bool]], ...]]] = {
    host: tuple((lib.name, lib.adopts[1]) for lib in LIBRARIES
                if lib.adopts and lib.adopts[0] == host)
    for host in {lib.adopts[0] for lib in LIBRARIES if lib.adopts}}

# Names xport.namespace() accepts -> library: each backend's name, its aliases.
ALIASES: Final[dict[str, str]] = {
    alias: lib.name for lib in LIBRARIES if lib.package or lib.external
    for alias in (lib.name, *lib.aliases)}

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

def torch_compiling() -> bool:
    """Whether ``torch.compile`` is tracing the caller (False when torch is not
    imported; membership and subscript only, which Dynamo traces on every
    version)."""
    return "torch" in sys.modules and bool(sys.modules["torch"].compiler.is_compiling())


def import_backend(package: str) -> ModuleType:
    """Import and return xport's namespace package ``package`` (a row's
    ``package``).

    Static import statements, not importlib: ``torch.compile`` traces an
    import statement (it performs it while tracing) but refuses importlib, so
    a first sighting of a tensor inside a compiled function stays in the
    graph; and ``tf.function``'s AutoGraph tries (and fails, with a warning)
    to convert importlib's code, where it leaves import statements alone.
    Libraries that are never traced by those two take the generic branch.
    """
    if package == "numpy":
        from . import numpy as numpy_ns

        return numpy_ns
    if package == "torch":
        from . import torch as torch_ns

        return torch_ns
    if package == "jax":
        from . import jax as jax_ns

        return jax_ns
    if package == "tensorflow":
        from . import tensorflow as tensorflow_ns

        return tensorflow_ns
    import importlib

    return importlib.import_module(f".{package}", __package__)


def _always(*arrays: object) -> bool:
    return True


# Descriptors of the namespaces xport does not write (modules that conform by
# themselves), by module name; the backends xport writes carry their own.
EXTERNAL_BACKENDS: Final[dict[str, Backend]] = {
    "array_api_strict": Backend("array_api_strict",
                                random=RandomHooks(reads_values=_always)),
}


# What a namespace without a descriptor gets: the defaults, no hooks.
GENERIC: Final = Backend("")


def descriptor(xp: Any) -> Backend:
    """The :class:`Backend` of namespace ``xp`` (its ``__xport_backend__``; for
    namespaces xport does not write, the one above, else no hooks)."""
    # The attribute itself, not getattr with a default or hasattr: Dynamo
    # before torch 2.5 traces neither on a module (xport's namespaces take
    # the first branch; only namespaces xport does not write raise).
    try:
        found: Backend = xp.__xport_backend__
    except AttributeError:
        return EXTERNAL_BACKENDS.get(getattr(xp, "__name__", ""), GENERIC)
    return found


# The library of host arrays: where routes for libraries that cannot run the
# portable engine themselves draw (xport.random's host route).
HOST_LIBRARY: Final = "numpy"

# The library whose compiler (torch.compile) traces dispatch itself: while it
# traces, a first sighting is resolved by isinstance against its array class
# (Dynamo before torch 2.13 cannot read C classes' __module__ for the MRO walk).
TRACING_LIBRARY: Final = "torch"


def traced_array_class() -> type:
    """The array class of :data:`TRACING_LIBRARY` (call only while
    :func:`torch_compiling`)."""
    cls: type = sys.modules["torch"].Tensor
    return cls

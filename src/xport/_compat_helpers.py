"""array-api-compat's public helpers, answered from xport's tables.

Same names, parameters and meaning as array-api-compat 1.16, so a library that
vendors compat switches with one import. Every ``is_<library>_array`` /
``is_<library>_namespace`` pair is made by one factory from a row of
``_libraries.LIBRARIES``; the answers come from the class cache that dispatch
keeps (one dict lookup on ``type(x)`` once a type has been seen) and import
nothing. They trace under ``jax.jit``, ``torch.compile(fullgraph=True)`` and
``tf.function`` (no value of an array is read).

Where xport answers differently from compat, on purpose: TensorFlow tensors
are arrays here (``is_array_api_obj`` is true for them, ``is_tensorflow_array``
and ``is_tensorflow_namespace`` exist), and xport's own namespaces count as
their library's (``is_numpy_namespace(xport.numpy)``).
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any, Final

from ._dispatch import _PACKAGE, _resolve_backend, namespace, namespace_of
from ._libraries import BY_NAME, LIBRARIES
from ._typing import Namespace

__all__ = [
    "array_namespace", "get_namespace", "device", "is_array_api_obj", "is_lazy_array",
    "is_writeable_array", "size", "to_device",
    "is_array_api_strict_array", "is_array_api_strict_namespace",
    "is_cupy_array", "is_cupy_namespace", "is_dask_array", "is_dask_namespace",
    "is_dpnp_array", "is_dpnp_namespace", "is_jax_array", "is_jax_namespace",
    "is_mparray_array", "is_mparray_namespace", "is_mxnet_array", "is_mxnet_namespace",
    "is_ndonnx_array", "is_ndonnx_namespace",
    "is_numpy_array", "is_numpy_namespace", "is_pydata_sparse_array",
    "is_pydata_sparse_namespace", "is_tensorflow_array", "is_tensorflow_namespace",
    "is_torch_array", "is_torch_namespace",
]

_COMPAT: Final = "array_api_compat"


# --- array_namespace ---------------------------------------------------------------

_XPORT_NUMPY: Final = f"{_PACKAGE}.numpy"
_XPORT_JAX: Final = f"{_PACKAGE}.jax"
_NUMPY_NAMES: Final = frozenset({_XPORT_NUMPY, "numpy"})


def array_namespace(*xs: object, api_version: str | None = None,
                    use_compat: bool | None = None) -> Namespace:
    """array-api-compat's ``array_namespace``: :func:`namespace_of`, except
    where compat hands out the library's own module.

    JAX arrays (and NumPy arrays of dtype ``jax.float0``, JAX's gradient of an
    integer input) give ``jax.numpy``, as in array-api-compat, whose JAX
    namespace is ``jax.numpy`` itself: code written on compat keys on that
    module (SciPy's per-backend tables are keyed ``"jax.numpy"``) and on its
    non-standard keywords. ``use_compat=True`` gives xport's conforming
    ``xport.jax`` instead, and ``use_compat=False`` the library's own module
    for every library. Everything else is :func:`namespace_of`'s answer.

    Deviation: ``numpy.matrix`` raises ``TypeError`` (array-api-compat gives
    its NumPy namespace, whose functions then return matrices of the wrong
    shape; its ``is_array_api_obj`` already says a matrix is no array API
    object, and SciPy refuses matrices too). Pass ``numpy.asarray(x)``.
    """
    one = len(xs) == 1 and api_version is None and use_compat is None
    cls = type(xs[0] if xs else None)
    if one:  # the common call: one array of a type answered before
        if cls in _ANSWER:
            return _ANSWER[cls]
        if cls in _NUMPY_ANSWER and xs[0].dtype.kind != "V":  # type: ignore[attr-defined]
            return _NUMPY_ANSWER[cls]
    if api_version is None and use_compat is None:
        found = namespace_of(*xs)
    else:
        found = namespace_of(*xs, api_version=api_version, use_compat=use_compat)
    name = getattr(found, "__name__", None)
    if name == _XPORT_JAX:
        if use_compat:
            return found
        found = _jax_numpy()
    elif name in _NUMPY_NAMES:
        if "jax" in sys.modules:
            for x in xs:  # a loop, not any(<generator>): this is every NumPy call's path
                if _is_jax_float0(x):
                    return namespace("jax") if use_compat else _jax_numpy()
        if one:
            _NUMPY_ANSWER[cls] = found
        return found
    if one and isinstance(found, ModuleType) and _is_known(cls):
        _ANSWER[cls] = found
    return found


# One array of a type -> array_namespace's answer (filled as types are seen);
# NumPy's answers hold for every dtype kind but "V" (JAX's float0 arrays are
# NumPy arrays of a void dtype that answer JAX).
_ANSWER: dict[type, Namespace] = {}
_NUMPY_ANSWER: dict[type, Namespace] = {}


def _is_known(cls: type) -> bool:
    """Whether dispatch resolves ``cls`` by its class alone (not by calling an
    ``__array_namespace__`` method, whose answer may depend on the array)."""
    return _resolve_backend(cls) is not None


def _jax_numpy() -> Namespace:
    jnp: Namespace = sys.modules["jax"].numpy
    return jnp


get_namespace = array_namespace


# --- which library a namespace module belongs to ---------------------------------

def _namespace_names() -> dict[str | None, str | None]:
    """Module ``__name__`` -> library, for the exact names that count."""
    names: dict[str | None, str | None] = {}
    for lib in LIBRARIES:
        names.update(dict.fromkeys(lib.namespaces, lib.name))
        if lib.compat_module is not None:
            names[f"{_COMPAT}.{lib.compat_module}"] = lib.name
        if lib.xport_module is not None:
            names[f"{_PACKAGE}.{lib.xport_module}"] = lib.name
            names[f"xport.{lib.xport_module}"] = lib.name
    return names


# Wrapper namespaces of vendored copies ("scipy._lib.array_api_compat.numpy").
_VENDORED_SUFFIXES: Final[tuple[tuple[str, str], ...]] = tuple(
    [(f".{_COMPAT}.{lib.compat_module}", lib.name) for lib in LIBRARIES if lib.compat_module]
    + [(f".xport.{lib.xport_module}", lib.name) for lib in LIBRARIES if lib.xport_module])

_library_by_namespace_name: dict[str | None, str | None] = {None: None, **_namespace_names()}
_UNSEEN: Final[Any] = object()


def _library_of_name(name: str) -> str | None:
    for suffix, library in _VENDORED_SUFFIXES:
        if name.endswith(suffix):
            return library
    return None


def _library_of_namespace(xp: object) -> str | None:
    name = getattr(xp, "__name__", None)
    if not isinstance(name, str):
        return None
    library = _library_by_namespace_name.get(name, _UNSEEN)
    if library is _UNSEEN:
        library = _library_by_namespace_name[name] = _library_of_name(name)
    return library  # type: ignore[no-any-return]


# --- is_<library>_array / is_<library>_namespace ---------------------------------

def _is_jax_float0(x: object) -> bool:
    """A NumPy array of dtype ``jax.float0``: what JAX gives as the gradient of an
    integer input. It counts as a JAX array, as in array-api-compat."""
    if getattr(getattr(x, "dtype", None), "kind", None) != "V" or "jax" not in sys.modules:
        return False
    dtype = x.dtype  # type: ignore[attr-defined]
    return bool(dtype == sys.modules["jax"].dtypes.float0)


def _array_check(library: str) -> Callable[[object], bool]:
    row = BY_NAME[library]

    if library == "numpy":
        def check(x: object) -> bool:
            return _resolve_backend(type(x)) == "numpy" and not _is_jax_float0(x)
    elif library == "jax":
        def check(x: object) -> bool:
            backend = _resolve_backend(type(x))
            return backend == "jax" or (backend == "numpy" and _is_jax_float0(x))
    else:
        def check(x: object) -> bool:
            return _resolve_backend(type(x)) == library

    check.__name__ = check.__qualname__ = f"is_{library}_array"
    check.__doc__ = (f"True if ``x`` is an array of {library} (subclasses included: "
                     f"{', '.join('.'.join(c) for c in row.array_classes)}). "
                     "Imports nothing.")
    return check


def _namespace_check(library: str) -> Callable[[Any], bool]:
    row = BY_NAME[library]
    wrappers = [f"{_COMPAT}.{row.compat_module}"] if row.compat_module else []
    if row.xport_module:
        wrappers.append(f"xport.{row.xport_module}")

    def check(xp: Any) -> bool:
        # No try/except: older torch.compile cannot trace a raise.
        found = _library_by_namespace_name.get(getattr(xp, "__name__", None), _UNSEEN)
        return (_library_of_namespace(xp) if found is _UNSEEN else found) == library

    check.__name__ = check.__qualname__ = f"is_{library}_namespace"
    check.__doc__ = (f"True if ``xp`` is a namespace of {library}: "
                     f"{', '.join(row.namespaces + tuple(wrappers))} (vendored copies "
                     "included). Reads ``xp.__name__``; imports nothing.")
    return check


is_numpy_array = _array_check("numpy")
is_torch_array = _array_check("torch")
is_jax_array = _array_check("jax")
is_tensorflow_array = _array_check("tensorflow")
is_dask_array = _array_check("dask")
is_cupy_array = _array_check("cupy")
is_mxnet_array = _array_check("mxnet")
is_array_api_strict_array = _array_check("array_api_strict")
is_ndonnx_array = _array_check("ndonnx")
is_pydata_sparse_array = _array_check("pydata_sparse")
is_dpnp_array = _array_check("dpnp")
is_mparray_array = _array_check("mparray")

is_numpy_namespace = _namespace_check("numpy")
is_torch_namespace = _namespace_check("torch")
is_jax_namespace = _namespace_check("jax")
is_tensorflow_namespace = _namespace_check("tensorflow")
is_dask_namespace = _namespace_check("dask")
is_cupy_namespace = _namespace_check("cupy")
is_mxnet_namespace = _namespace_check("mxnet")
is_array_api_strict_namespace = _namespace_check("array_api_strict")
is_ndonnx_namespace = _namespace_check("ndonnx")
is_pydata_sparse_namespace = _namespace_check("pydata_sparse")
is_dpnp_namespace = _namespace_check("dpnp")
is_mparray_namespace = _namespace_check("mparray")


# --- array kinds -------------------------------------------------------------------

def _is_numpy_matrix(cls: type) -> bool:
    return any(k.__name__ == "matrix" for k in cls.__mro__)


def is_array_api_obj(x: object) -> bool:
    """True if ``x`` is an array of a library xport knows (NumPy scalars included,
    ``numpy.matrix`` excluded, as in array-api-compat) or has
    ``__array_namespace__``. Imports nothing.

    Differs from array-api-compat: TensorFlow tensors and variables are arrays
    here (xport has a namespace for them).
    """
    cls = type(x)
    found = _array_api_obj_by_type.get(cls)
    if found is None:
        backend = _resolve_backend(cls)
        if backend is None:
            return hasattr(x, "__array_namespace__")
        found = _array_api_obj_by_type[cls] = backend != "numpy" or not _is_numpy_matrix(cls)
    return found


_array_api_obj_by_type: dict[type, bool] = {}


def _is_symbolic_tensorflow(x: object) -> bool:
    return type(x).__name__ != "EagerTensor" and "tensorflow" in sys.modules \
        and not sys.modules["tensorflow"].executing_eagerly()


def is_lazy_array(x: object) -> bool:
    """True if reading ``x``'s values (``bool(x)``, ``float(x)``) may be impossible
    or costly: JAX arrays (traced or not), Dask arrays, ndonnx arrays, and
    TensorFlow tensors inside ``tf.function``. False for NumPy, PyTorch, CuPy,
    sparse and eager TensorFlow arrays, and for non-arrays. An unknown object
    with ``__array_namespace__`` is probed by ``bool()`` of one element, as
    array-api-compat does.
    """
    backend = _resolve_backend(type(x))
    if backend == "tensorflow":
        return _is_symbolic_tensorflow(x)
    if backend is not None:
        return BY_NAME[backend].lazy
    if not hasattr(x, "__array_namespace__"):
        return False
    array: Any = x
    n = size(array)
    if n is None:
        return True
    xp: Any = array.__array_namespace__()
    probe = xp.any(xp.reshape(array, (-1,))[0] if n > 1 else array)
    try:
        bool(probe)
    except Exception:  # the standard says TypeError; lazy libraries raise their own
        return True
    return False


def is_writeable_array(x: object) -> bool:
    """False if ``x[...] = v`` is expected to raise (JAX, TensorFlow, sparse arrays,
    NumPy scalars, read-only NumPy arrays) or ``x`` is not an array; True for
    other arrays, unknown ones with ``__array_namespace__`` included (there is
    no way to ask them without writing)."""
    backend = _resolve_backend(type(x))
    if backend == "numpy":
        return bool(x.flags.writeable)  # type: ignore[attr-defined]  # False for NumPy scalars
    if backend is not None:
        return BY_NAME[backend].writeable is not False
    return hasattr(x, "__array_namespace__")


def size(x: Any) -> int | None:
    """The number of elements of ``x`` (``x.size`` in the standard), or ``None``
    when a dimension is unknown (``None`` in the shape; Dask's NaN; a
    TensorFlow dimension unknown while tracing).

    PyTorch's ``Tensor.size`` is a method and Dask reports NaN, hence the
    helper."""
    shape = x.shape
    try:
        if None in shape:
            return None
    except ValueError:  # TensorFlow: a shape of unknown rank
        return None
    out = math.prod(shape)
    return None if out != out else out  # noqa: PLR0124 - Dask: NaN for unknown sizes


# --- devices -----------------------------------------------------------------------

def _tensorflow_device(x: Any) -> Any:
    return x.device or None


def _jax_device(x: Any) -> Any:
    found = getattr(x, "device", None)  # a tracer inside jit has none to give
    return found() if callable(found) else found


def _pydata_sparse_device(x: Any) -> Any:
    found = getattr(x, "device", None)
    if found is not None:
        return found
    inner = getattr(x, "data", None)
    return "cpu" if inner is None else device(inner)


_DEVICE_OF: Final[dict[str, Callable[[Any], Any]]] = {
    "numpy": lambda x: "cpu",
    "dask": lambda x: "cpu",
    "jax": _jax_device,
    "tensorflow": _tensorflow_device,
    "pydata_sparse": _pydata_sparse_device,
    "mxnet": lambda x: x.ctx,
}


def device(x: Any, /) -> Any:
    """The device ``x`` lives on (``x.device`` in the standard).

    ``"cpu"`` for NumPy arrays and for Dask arrays (xport's Dask namespace has
    the one device ``"cpu"``); a JAX array's device, or ``None`` for a tracer
    inside ``jax.jit`` (it has none to give); a TensorFlow tensor's device name
    (``None`` inside ``tf.function`` when unplaced); an MXNet array's context
    (``x.ctx``: MXNet arrays have no ``device``); ``x.device`` otherwise.
    """
    found = _DEVICE_OF.get(_resolve_backend(type(x)) or "")
    return x.device if found is None else found(x)


def _host_only(library: str) -> Callable[[Any, Any, Any], Any]:
    def move(x: Any, target: Any, stream: Any) -> Any:
        if stream is not None:
            raise ValueError(f"to_device(): {library} arrays take no stream; got "
                             f"stream={stream!r}")
        if target in ("cpu", None):
            return x
        raise ValueError(f"to_device(): {library} arrays live on 'cpu' only; got "
                         f"device={target!r}")
    return move


def _torch_to_device(x: Any, target: Any, stream: Any) -> Any:
    if stream is not None:
        raise NotImplementedError(
            f"to_device(): PyTorch copies on its current stream; got stream={stream!r}. "
            "Use `with torch.cuda.stream(s): x.to(device)` instead.")
    return x.to(target)


def _tensorflow_to_device(x: Any, target: Any, stream: Any) -> Any:
    if stream is not None:
        raise ValueError(f"to_device(): TensorFlow takes no stream; got stream={stream!r}")
    from .tensorflow._copy import on_device

    return on_device(x, target, copy=None)


def _cupy_to_device(x: Any, target: Any, stream: Any) -> Any:
    cupy: Any = sys.modules["cupy"]
    if target == "cpu":
        return x.get()
    if not isinstance(target, cupy.cuda.Device):
        raise TypeError(f"to_device(): CuPy takes 'cpu' or a cupy.cuda.Device; got "
                        f"{target!r}")
    if stream is None:
        with target:
            return cupy.asarray(x)
    if isinstance(stream, int):
        stream = cupy.cuda.ExternalStream(stream)
    with target, stream:
        return cupy.asarray(x)


def _mxnet_to_device(x: Any, target: Any, stream: Any) -> Any:
    if stream is not None:
        raise ValueError(f"to_device(): MXNet takes no stream; got stream={stream!r}")
    from .mxnet._info import context

    ctx = context(target)
    return x if ctx is None or x.ctx == ctx else x.as_in_ctx(ctx)


_TO_DEVICE: Final[dict[str, Callable[[Any, Any, Any], Any]]] = {
    "numpy": _host_only("NumPy"),
    "dask": _host_only("Dask"),
    "torch": _torch_to_device,
    "tensorflow": _tensorflow_to_device,
    "cupy": _cupy_to_device,
    "mxnet": _mxnet_to_device,
}


def to_device(x: Any, device: Any, /, *, stream: Any = None) -> Any:
    """``x`` copied to ``device`` (``x.to_device(device)`` in the standard); ``x``
    itself when it is there already.

    NumPy and Dask take ``"cpu"`` (or ``None``) only; PyTorch is ``x.to(device)``
    (no ``stream``); TensorFlow places a copy with ``tf.device``; CuPy takes
    ``"cpu"`` (to NumPy) or a ``cupy.cuda.Device`` and optionally a stream;
    MXNet an ``mxnet.Context`` (``"cpu"`` is ``mx.cpu()``);
    everything else uses the array's own ``to_device``.
    """
    move = _TO_DEVICE.get(_resolve_backend(type(x)) or "")
    if move is not None:
        return move(x, device, stream)
    if stream is None:
        return x.to_device(device)
    return x.to_device(device, stream=stream)

"""array-api-compat's public helpers, answered from xport's tables.

Same names, parameters and meaning as array-api-compat 1.16, so a library that
vendors compat switches with one import. Every ``is_<library>_array`` /
``is_<library>_namespace`` pair is made by one factory from a row of
``_registry.LIBRARIES``; the answers come from the class cache that dispatch
keeps (one dict lookup on ``type(x)`` once a type has been seen) and import
nothing. ``device``, ``to_device`` and the answers the registry leaves to
the array ask the backend's descriptor (``<lib>/_backend.py``), importing its
namespace as :func:`namespace_of` does. They trace under ``jax.jit``,
``torch.compile(fullgraph=True)`` and ``tf.function`` (no value of an array
is read).

Where xport answers differently from compat, on purpose: TensorFlow tensors
are arrays here (``is_array_api_obj`` is true for them, ``is_tensorflow_array``
and ``is_tensorflow_namespace`` exist), and xport's own namespaces count as
their library's (``is_numpy_namespace(xport.numpy)``).
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable
from types import ModuleType
from typing import Any, Final, cast

from ._common.backend import Backend
from ._common.package import PACKAGE as _PACKAGE
from ._dispatch import (
    library_of,
    load_namespace,
    namespace,
    namespace_of,
    on_checked_default_change,
    resolve_backend,
)
from ._hooks import GENERIC, descriptor
from ._registry import ADOPTED_FROM, BY_NAME, LIBRARIES, torch_compiling
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
        # Adopted arrays (see the registry) have a void dtype: kind "V".
        if cls in _HOST_ANSWER and xs[0].dtype.kind != "V":  # type: ignore[attr-defined]
            return _HOST_ANSWER[cls]
    if api_version is None and use_compat is None:
        found = namespace_of(*xs)
    else:
        found = namespace_of(*xs, api_version=api_version, use_compat=use_compat)
    library = library_of(found) or _library_of_namespace(found)
    adopters = ADOPTED_FROM.get(library or "", ())
    if adopters:
        for owner, adopts in adopters:
            for x in xs:  # a loop, not any(<generator>): this is every NumPy call's path
                if adopts(x):
                    return _compat_answer(namespace(owner), owner, use_compat)
        if one:
            _HOST_ANSWER[cls] = found
        return found
    found = _compat_answer(found, library, use_compat)
    if one and isinstance(found, ModuleType) and resolve_backend(cls) is not None:
        _ANSWER[cls] = found
    return found


def _compat_answer(found: Namespace, library: str | None, use_compat: bool | None
                   ) -> Namespace:
    """``found``, or the library's own module where array-api-compat gives it."""
    row = BY_NAME.get(library or "")
    if use_compat or row is None or not row.compat_gives_native:
        return found
    own: Any = importlib.import_module(row.namespaces[0])
    return cast(Namespace, own)


# One array of a type -> array_namespace's answer (filled as types are seen);
# the answers for a library others adopt arrays of hold for every dtype kind
# but "V".
_ANSWER: dict[type, Namespace] = {}
_HOST_ANSWER: dict[type, Namespace] = {}


def _forget_answers() -> None:
    _ANSWER.clear()
    _HOST_ANSWER.clear()


on_checked_default_change(_forget_answers)


get_namespace = array_namespace


# --- which library a namespace module belongs to ---------------------------------

def _namespace_names() -> dict[str | None, str | None]:
    """Module ``__name__`` -> library, for the library's own modules,
    array-api-compat's and xport's (whose namespaces also say so themselves)."""
    names: dict[str | None, str | None] = {}
    for lib in LIBRARIES:
        names.update(dict.fromkeys(lib.namespaces, lib.name))
        if lib.compat_module is not None:
            names[f"{_COMPAT}.{lib.compat_module}"] = lib.name
        if lib.package is not None:
            names[f"{_PACKAGE}.{lib.package}"] = lib.name
            names[f"xport.{lib.package}"] = lib.name
    return names


# Wrapper namespaces of vendored copies ("scipy._lib.array_api_compat.numpy").
_VENDORED_SUFFIXES: Final[tuple[tuple[str, str], ...]] = tuple(
    [(f".{_COMPAT}.{lib.compat_module}", lib.name) for lib in LIBRARIES if lib.compat_module]
    + [(f".xport.{lib.package}", lib.name) for lib in LIBRARIES if lib.package])

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

def _array_check(library: str) -> Callable[[object], bool]:
    row = BY_NAME[library]
    # Arrays of this library another one adopts, and the arrays this one adopts.
    given_away = tuple(adopts for _, adopts in ADOPTED_FROM.get(library, ()))
    taken = row.adopts

    if taken is None and not given_away:
        def check(x: object) -> bool:
            return resolve_backend(type(x)) == library
    elif taken is None and len(given_away) == 1:  # the common case stays one call
        (adopted,) = given_away

        def check(x: object) -> bool:
            return resolve_backend(type(x)) == library and not adopted(x)
    else:
        def check(x: object) -> bool:
            backend = resolve_backend(type(x))
            if backend == library:
                for adopts in given_away:
                    if adopts(x):
                        return False
                return True
            return taken is not None and backend == taken[0] and taken[1](x)

    check.__name__ = check.__qualname__ = f"is_{library}_array"
    check.__doc__ = (f"True if ``x`` is an array of {library} (subclasses included: "
                     f"{', '.join('.'.join(c) for c in row.array_classes)}). "
                     "Imports nothing.")
    return check


def _namespace_check(library: str) -> Callable[[Any], bool]:
    row = BY_NAME[library]
    wrappers = [f"{_COMPAT}.{row.compat_module}"] if row.compat_module else []
    if row.package or row.external:
        wrappers.append(f"xport.{row.package or row.external}")

    # Module name -> the answer, for names that alone tell the library.
    answers: dict[str, bool] = {}

    def check(xp: Any) -> bool:
        name = getattr(xp, "__name__", None)
        known = answers.get(name)  # type: ignore[arg-type]
        if known is not None:
            return known
        return answer(xp, name)

    def answer(xp: Any, name: object) -> bool:
        # By name first, then xport's namespaces (checked, vendored) by their
        # descriptor; no try/except: older torch.compile cannot trace a raise.
        found = _library_by_namespace_name.get(name, _UNSEEN)  # type: ignore[call-overload]
        if found is _UNSEEN:
            found = _library_of_namespace(xp)
        if found is None:
            return library_of(xp) == library
        same = bool(found == library)
        if isinstance(name, str):
            answers[name] = same
        return same

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

def _is_matrix(cls: type) -> bool:
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
        if resolve_backend(cls) is None:
            return hasattr(x, "__array_namespace__")
        found = _array_api_obj_by_type[cls] = not _is_matrix(cls)
    return found


_array_api_obj_by_type: dict[type, bool] = {}


def _backend_of_array(x: object) -> Backend | None:
    """The descriptor of the backend of array ``x`` (importing its namespace,
    as namespace_of does), or None for libraries xport has no backend for."""
    cls = type(x)
    if cls in _BACKEND_BY_TYPE:
        return _BACKEND_BY_TYPE[cls]
    library = resolve_backend(cls)
    found = None
    if library is not None and (BY_NAME[library].package or BY_NAME[library].external):
        # The loader itself: Dynamo cannot read the descriptor off a module that
        # namespace() (its try block) imported while tracing.
        found = descriptor(load_namespace(library))
        found = None if found is GENERIC else found
    if not torch_compiling():  # Dynamo cannot replay a store made while tracing
        _BACKEND_BY_TYPE[cls] = found
    return found


_BACKEND_BY_TYPE: dict[type, Backend | None] = {}


def is_lazy_array(x: object) -> bool:
    """True if reading ``x``'s values (``bool(x)``, ``float(x)``) may be impossible
    or costly: JAX arrays (traced or not), Dask arrays, ndonnx arrays, and
    TensorFlow tensors inside ``tf.function``. False for NumPy, PyTorch, CuPy,
    sparse and eager TensorFlow arrays, and for non-arrays. An unknown object
    with ``__array_namespace__`` is probed by ``bool()`` of one element, as
    array-api-compat does.
    """
    library = resolve_backend(type(x))
    if library is not None:
        lazy = BY_NAME[library].lazy
        if lazy is None:
            backend = _backend_of_array(x)
            return backend is not None and backend.is_lazy is not None and backend.is_lazy(x)
        return lazy
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
    found = _writeable_by_type.get(type(x))
    if found is None:
        found = _writeable_answer(x)
    return found if found is True or found is False else found(x)


def _writeable_answer(x: object) -> bool | Callable[[Any], bool]:
    """What ``is_writeable_array`` answers for arrays of ``type(x)``: a bool,
    or the backend's function of the array (cached per known type)."""
    cls = type(x)
    library = resolve_backend(cls)
    if library is None:
        return hasattr(x, "__array_namespace__")
    found: bool | Callable[[Any], bool] | None = BY_NAME[library].writeable
    if found is None:
        backend = _backend_of_array(x)
        found = True if backend is None or backend.is_writeable is None else \
            backend.is_writeable
    if not torch_compiling():
        _writeable_by_type[cls] = found
    return found


_writeable_by_type: dict[type, bool | Callable[[Any], bool]] = {}


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

def device(x: Any, /) -> Any:
    """The device ``x`` lives on (``x.device`` in the standard).

    ``"cpu"`` for NumPy arrays and for Dask arrays (xport's Dask namespace has
    the one device ``"cpu"``); a JAX array's device, or ``None`` for a tracer
    inside ``jax.jit`` (it has none to give); a TensorFlow tensor's device name
    (``None`` inside ``tf.function`` when unplaced); an MXNet array's context
    (``x.ctx``: MXNet arrays have no ``device``); ``x.device`` otherwise (a
    wrapper's ``data``'s device, or ``"cpu"``, where ``x`` has none: sparse
    arrays).
    """
    backend = _backend_of_array(x)
    if backend is not None:
        return backend.device(x)
    found = getattr(x, "device", None)
    if found is not None:
        return found
    inner = getattr(x, "data", None)
    return "cpu" if inner is None else device(inner)


def to_device(x: Any, device: Any, /, *, stream: Any = None) -> Any:
    """``x`` copied to ``device`` (``x.to_device(device)`` in the standard); ``x``
    itself when it is there already.

    NumPy and Dask take ``"cpu"`` (or ``None``) only; PyTorch is ``x.to(device)``
    (no ``stream``); TensorFlow places a copy with ``tf.device``; CuPy takes
    ``"cpu"`` (to NumPy) or a ``cupy.cuda.Device`` and optionally a stream;
    MXNet an ``mxnet.Context`` (``"cpu"`` is ``mx.cpu()``);
    everything else uses the array's own ``to_device``.
    """
    backend = _backend_of_array(x)
    if backend is not None and backend.to_device is not None:
        return backend.to_device(x, device, stream)
    if stream is None:
        return x.to_device(device)
    return x.to_device(device, stream=stream)

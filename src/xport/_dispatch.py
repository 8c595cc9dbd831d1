"""Array type -> backend -> namespace.

The hot path of :func:`namespace_of` is one exact-type dict lookup (or type
comparison with the first argument's) per argument. The class of an argument
that may be an array is read as ``x.__class__`` (what ``isinstance`` reads; the
same as ``type(x)`` for every array type, only stand-ins such as mocks differ),
which costs no more: torch.compile reaches ``type(tensor)`` by a route of its
own to ``torch.Tensor`` and then checks in Python, before every call, that the
table's key is that same object, where ``tensor.__class__`` it follows without
that check. Python scalars are looked up by ``type(y)``: Dynamo does not find a
builtin class it read as ``__class__`` in a table (and then keeps a guard that
fails at once).
A type seen for the first time is resolved by walking its MRO and matching each
class's (root module, class name) against the array base classes every backend
declares below. That needs no import of any array library: a type can only be
seen once its library has been imported by somebody else.
"""

from __future__ import annotations

import importlib
import inspect
import os
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any, Final, TypedDict, Unpack, cast

from ._common.package import PACKAGE as _PACKAGE
from ._common.typenames import type_name as _type_name
from ._common.typenames import type_name_of as _type_name_of
from ._registry import (
    ALIASES,
    BY_NAME,
    LIBRARIES,
    REFUSED_CLASSES,
    TRACING_LIBRARY,
    descriptor,
    import_backend,
    torch_compiling,
    traced_array_class,
)
from ._spec.names import LATEST_VERSION, SUPPORTED_VERSIONS
from ._typing import Namespace

# (root module, class name) of the classes whose instances (and subclasses'
# instances) are arrays of a library: the registry's rows, flattened.
_ARRAY_CLASSES: Final[dict[tuple[str, str], str]] = {
    cls: lib.name for lib in LIBRARIES for cls in lib.array_classes}

# Backends xport has a namespace package for (xport.<name>).
NAMESPACE_PACKAGES: Final[frozenset[str]] = frozenset(
    lib.package for lib in LIBRARIES if lib.package)
# Backends whose own module already is a conforming namespace: library -> module.
_EXTERNAL_NAMESPACES: Final[dict[str, str]] = {
    lib.name: lib.external for lib in LIBRARIES if lib.external}

# XPORT_CHECKED=1: namespace_of and namespace give checked namespaces unless told
# checked=False (read once, at import: the hot path pays nothing for it).
_checked_by_default: bool = os.environ.get("XPORT_CHECKED", "") not in ("", "0")
_SCALAR_TYPES: Final[tuple[type, ...]] = (bool, int, float, complex, type(None))
# The same types as dict keys, for namespace_of's fast path (a membership test
# torch.compile traces; a constant, so its guard never fails).
_IGNORED_TYPES: Final[dict[type, bool]] = dict.fromkeys(_SCALAR_TYPES, True)


class _Marker:
    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


# Cache values: a namespace module, _IGNORED (Python scalars, None) or
# _PROTOCOL (an unknown type that has __array_namespace__).
_IGNORED: Final = _Marker("<ignored>")
_PROTOCOL: Final = _Marker("<__array_namespace__>")

_namespace_by_type: dict[type, Any] = {t: _IGNORED for t in _SCALAR_TYPES}
# The hot path's view: only types resolved to a module or to _IGNORED.
_fast_namespace_by_type: dict[type, Any] = dict(_namespace_by_type)
# The one-array fast path's view: only types resolved to a module.
_one_array_namespace_by_type: dict[type, Namespace] = {}
# The multi-argument fast path's view: for each type in the one-array view, the
# types that leave its answer unchanged (Python scalars, None and the types of
# the same namespace), as dict keys (membership tests torch.compile traces).
_same_answer_types: dict[type, dict[type, bool]] = {}
# An argument not given. A string, not a _Marker: torch.compile guards a
# constant's value in C++, where the identity of an object reached through two
# names (a default and this global) takes a guard in Python on every call.
_NO_ARGUMENT: Final[Any] = "<no argument>"
_backend_by_type: dict[type, str | None] = {t: None for t in _SCALAR_TYPES}
_UNSEEN: Final[Any] = _Marker("<unseen>")


def _class_key(klass: type) -> tuple[str, str]:
    """(root module, class name): how the library tables name a class."""
    return klass.__module__.partition(".")[0], klass.__qualname__.rpartition(".")[2]


def _backend_from_mro(cls: type) -> str | None:
    """The backend name of ``cls`` by its MRO, or None; imports nothing."""
    for klass in cls.__mro__:
        backend = _ARRAY_CLASSES.get(_class_key(klass))
        if backend is not None:
            return backend
    return None


def resolve_backend(cls: type) -> str | None:
    """The registry's name of the library whose arrays ``cls`` makes, or None
    (cached per type; imports nothing)."""
    # .get, not try/except KeyError: older torch.compile cannot trace a raise
    backend = _backend_by_type.get(cls, _UNSEEN)
    if backend is _UNSEEN:
        if torch_compiling():  # see _traced_namespace
            return TRACING_LIBRARY if issubclass(cls, traced_array_class()) \
                else _backend_from_mro(cls)
        backend = _backend_by_type[cls] = _backend_from_mro(cls)
    return backend  # type: ignore[no-any-return]


def load_namespace(backend: str) -> ModuleType:
    """Import and return the namespace module of ``backend`` (no checks, no
    checked twin: what ``torch.compile`` traces on a first sighting)."""
    if backend in _EXTERNAL_NAMESPACES:
        module_name = _EXTERNAL_NAMESPACES[backend]
        module = sys.modules.get(module_name)
        return module if module is not None else importlib.import_module(module_name)
    if backend not in NAMESPACE_PACKAGES:
        raise TypeError(
            f"xport recognises {backend} arrays but has no {backend} namespace yet; "
            f"convert them with xport.convert(x, 'numpy') or use {backend}'s own "
            "array API support"
        )
    return import_backend(str(BY_NAME[backend].package))


def _resolve_namespace(x: object, position: int) -> Any:
    # No lock: resolution is idempotent, each dict store is atomic, and imports
    # are serialised by Python's import system. (Eager only: while
    # torch.compile traces, namespace_of resolves by _traced_namespace.)
    cls = x.__class__
    found = _classify(cls, x, position)
    if _checked_by_default and isinstance(found, ModuleType):
        found = _checked(found)
    _namespace_by_type[cls] = found
    if found is not _PROTOCOL:
        _fast_namespace_by_type[cls] = found
    if isinstance(found, ModuleType):
        _one_array_namespace_by_type[cls] = cast(Namespace, found)
    if found is not _PROTOCOL:
        _note_same_answer(cls, found)
    return found


def _note_same_answer(cls: type, found: Any) -> None:
    """Record ``cls`` (just resolved to ``found``) in ``_same_answer_types``."""
    for other, same in list(_same_answer_types.items()):
        if found is _IGNORED or _fast_namespace_by_type.get(other) is found:
            same[cls] = True
    if isinstance(found, ModuleType):
        _same_answer_types[cls] = {
            t: True for t, ns in list(_fast_namespace_by_type.items())
            if ns is found or ns is _IGNORED}


def _traced_namespace(x: object, position: int) -> Any:
    """The namespace of ``x`` while torch.compile traces, stored nowhere: no
    MRO walk (Dynamo before 2.13 cannot read C classes' ``__module__``) and no
    cache stores (it cannot replay a store of a module it imported while
    tracing); the first eager call stores them."""
    if type(x) in _SCALAR_TYPES:  # type(), not __class__: see the module docstring
        return _IGNORED
    if isinstance(x, traced_array_class()):
        found: Any = load_namespace(TRACING_LIBRARY)
    else:
        found = _classify(type(x), x, position)
    return _checked(found) if _checked_by_default and isinstance(found, ModuleType) else found


def _classify(cls: type[object], x: object, position: int) -> Any:
    """The namespace module for arrays of ``cls``, or _IGNORED / _PROTOCOL.

    (Returns from each branch: AutoGraph, which converts this code when a
    first sighting happens inside ``tf.function``, cannot convert branches
    that rebind an annotated name.)
    """
    backend = resolve_backend(cls)
    if backend is not None:
        _refuse_class(cls, position)
    if backend is not None and (backend in NAMESPACE_PACKAGES or backend in _EXTERNAL_NAMESPACES
                                or not hasattr(cls, "__array_namespace__")):
        return load_namespace(backend)
    if issubclass(cls, _SCALAR_TYPES):
        return _IGNORED
    if hasattr(cls, "__array_namespace__"):
        method = getattr(x, "__array_namespace__", None)
        if not callable(method):
            raise TypeError(
                f"{_type_name(x)} (argument {position}) has an __array_namespace__ that is "
                f"a {type(method).__name__!r} object, not a method; it must be a method "
                "taking api_version= and returning the array's namespace")
        return _PROTOCOL
    raise TypeError(_unknown_type_message(x, position))


def _refuse_class(cls: type, position: int) -> None:
    """``TypeError`` when ``cls`` is (a subclass of) an array class dispatch refuses
    (one met in the MRO before an accepted array class: mxnet.numpy.ndarray
    derives from the refused mx.nd.NDArray)."""
    for klass in cls.__mro__:
        key = _class_key(klass)
        reason = REFUSED_CLASSES.get(key)
        if reason is not None:
            raise TypeError(f"namespace_of() does not accept {_type_name_of(cls)} "
                            f"(argument {position}): {reason}")
        if key in _ARRAY_CLASSES:
            return


def _unknown_type_message(x: object, position: int) -> str:
    hint = ""
    if issubclass(type(x), (list, tuple, range, str, bytes, memoryview)):
        hint = (" Make an array first, e.g. xport.namespace('numpy').asarray(...)"
                " or the asarray() of the namespace you work in.")
    return (
        f"{type(x).__name__} is not a supported array type: namespace_of() does not know "
        f"the type {_type_name(x)} (argument {position}). "
        "It accepts arrays of NumPy, PyTorch, JAX, TensorFlow, Dask, CuPy, MXNet "
        "(mxnet.numpy) and array_api_strict, "
        "any object with __array_namespace__, and ignores Python bool/int/float/complex "
        f"scalars and None.{hint}"
    )


# The 2021.12 and 2022.12 standards name nothing the latest lacks, so the latest
# namespace serves them too (as array-api-compat's does).
_ACCEPTED_VERSIONS: Final[tuple[str, ...]] = ("2021.12", "2022.12", *SUPPORTED_VERSIONS)


def _check_api_version(api_version: object) -> None:
    if api_version is not None and api_version not in _ACCEPTED_VERSIONS:
        supported = ", ".join(repr(v) for v in _ACCEPTED_VERSIONS)
        raise ValueError(
            f"api_version={api_version!r} is not supported; xport implements {supported} "
            f"(None means the latest, {LATEST_VERSION!r})"
        )


def _namespace_label(ns: Any) -> str:
    return str(getattr(ns, "__name__", ns))


def _raise_mixed(arrays: tuple[object, ...], api_version: str | None) -> None:
    seen: dict[str, tuple[int, object]] = {}
    for i, x in enumerate(arrays):
        backend = resolve_backend(type(x))
        if backend is None:
            if isinstance(x, _SCALAR_TYPES):
                continue
            backend = _namespace_label(x.__array_namespace__(api_version=api_version))  # type: ignore[attr-defined]
        seen.setdefault(backend, (i, x))
    parts = [f"{b} ({_type_name(x)}, argument {i})" for b, (i, x) in seen.items()]
    # Only a library xport.convert() can convert to is suggested.
    target = next((b for b in seen if b in NAMESPACE_PACKAGES or b in _EXTERNAL_NAMESPACES),
                  None)
    fix = (f"e.g. xport.convert(x, {target!r})" if target is not None
           else "with the asarray() or from_dlpack() of the namespace you work in")
    # Opens with array-api-compat's words: code that matches them keeps working.
    raise TypeError(
        "Multiple namespaces for array inputs: namespace_of() got arrays of more than one "
        "library: " + " and ".join(parts) + f". Convert them to one library first, {fix}."
    )


_NO_NAMESPACE: Namespace | None = None


class _Options(TypedDict, total=False):
    """namespace_of's keyword arguments (see its docstring)."""

    api_version: str | None
    use_compat: bool | None
    checked: bool | None


_OPTION_NAMES: Final[tuple[str, ...]] = ("api_version", "use_compat", "checked")


def namespace_of(x: object = _NO_ARGUMENT, y: object = _NO_ARGUMENT, z: object = _NO_ARGUMENT,
                 /, *more: object, **options: Unpack[_Options]) -> Namespace:
    """Return the Array API namespace for the library that produced the arrays given.

    NumPy arrays and scalars give :mod:`xport.numpy`, torch tensors
    :mod:`xport.torch`, JAX arrays and tracers :mod:`xport.jax`, TensorFlow
    tensors and variables :mod:`xport.tensorflow`, Dask arrays
    :mod:`xport.dask`; ``array_api_strict`` arrays give ``array_api_strict``
    itself, and other objects with ``__array_namespace__`` give what that
    method returns. Python scalars and ``None`` are ignored.

    ``api_version`` is one of ``"2021.12"`` ... ``"2025.12"`` or ``None``
    (the latest). xport's namespaces implement the latest version, which is a
    superset of the older ones, so the same module is returned.

    ``use_compat`` is array-api-compat's switch (see also
    :func:`xport.array_namespace`, compat's function): ``None`` or ``True``
    give xport's namespace, ``False`` the library's own module (``numpy``,
    ``torch``, ``jax.numpy``, ``tensorflow.experimental.numpy``,
    ``dask.array``).

    ``checked=True`` gives the namespace's checked twin (``xport.checked.numpy``,
    ...), whose functions validate their arguments against the standard first
    and raise the same error on every backend; ``None`` follows
    ``XPORT_CHECKED`` (off unless set to 1). See :mod:`xport.checked`.

    Raises ``TypeError`` when no argument is an array, when arrays of two
    libraries are mixed, for an unknown type, and for ``numpy.matrix`` (which
    keeps two dimensions where the standard's shapes have fewer: pass
    ``numpy.asarray(x)``); ``ValueError`` for an unsupported ``api_version``
    or ``use_compat``.
    """
    # A first argument of a type seen before, no options, the others (at most
    # two: the commonest calls) of its class, Python scalars or None, or of
    # types that leave its answer unchanged: a class comparison or a
    # membership test per argument, all of which torch.compile traces (a
    # stored dict.get it does not on every version). An argument of the first
    # one's class is never asked its type() (see the module docstring). The
    # first test also keeps the same-answer table, which grows (and whose key
    # torch.compile would check in Python against the first table's), out of
    # torch.compile's guards. (The options are a ** dict: keyword-only
    # defaults cost each call a lookup per keyword.)
    cls = x.__class__
    if cls in _one_array_namespace_by_type and not options:
        if y is _NO_ARGUMENT:
            return _one_array_namespace_by_type[cls]
        if (y.__class__ is cls or type(y) in _IGNORED_TYPES) \
                and (z is _NO_ARGUMENT or z.__class__ is cls or type(z) in _IGNORED_TYPES) \
                and (not more or _all_in(_IGNORED_TYPES, cls, more)):
            return _one_array_namespace_by_type[cls]
        same = _same_answer_types[cls]
        if (y.__class__ is cls or type(y) in same) \
                and (z is _NO_ARGUMENT or z.__class__ is cls or type(z) in same) \
                and (not more or _all_in(same, cls, more)):
            return _one_array_namespace_by_type[cls]
    arrays = _given(x, y, z, more)
    api_version = None
    if options:
        api_version, use_compat, checked = _read_options(options)
        _check_api_version(api_version)
        if checked is not None:
            return _with_checked(
                namespace_of(*arrays, api_version=api_version, use_compat=use_compat), checked)
        if use_compat is not None:
            return _with_use_compat(arrays, api_version, use_compat)
    if torch_compiling():
        # Traced: nothing is stored, so each argument is resolved afresh, and
        # the caches (whose keys torch.compile would list and re-check on
        # every call) are not read.
        return _namespace_of_general(arrays, api_version, traced=True)
    # Several arguments of types seen before: the first one's answer, then
    # each other's against it.
    fast = _fast_namespace_by_type
    found = fast[cls] if cls in fast else None
    if found is not None and len(arrays) > 1:
        found = _joint_answer(found, arrays[1:])
    if found is not None and found is not _IGNORED:
        return found  # type: ignore[no-any-return]
    return _namespace_of_general(arrays, api_version)


def _read_options(options: _Options) -> tuple[str | None, bool | None, bool | None]:
    """(api_version, use_compat, checked) from namespace_of's keywords;
    ``TypeError`` for a keyword it does not take, as Python raises for a
    function that names its keywords."""
    for name in options:
        if name not in _OPTION_NAMES:
            raise TypeError(f"namespace_of() got an unexpected keyword argument {name!r}; "
                            f"it takes {', '.join(_OPTION_NAMES)}")
    return (options.get("api_version"), options.get("use_compat"), options.get("checked"))


def _given(x: object, y: object, z: object, more: tuple[object, ...]) -> tuple[object, ...]:
    """The arguments given to :func:`namespace_of`, in order (the first three
    are ``_NO_ARGUMENT`` where not given)."""
    if z is not _NO_ARGUMENT:
        return (x, y, z, *more)
    if y is not _NO_ARGUMENT:
        return (x, y)
    return () if x is _NO_ARGUMENT else (x,)


# What help() and the docs show: any number of arrays. (The first three are
# parameters of their own only so that the commonest calls need no loop.)
_KEYWORD = inspect.Parameter.KEYWORD_ONLY
namespace_of.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
    [inspect.Parameter("arrays", inspect.Parameter.VAR_POSITIONAL, annotation="object"),
     inspect.Parameter("api_version", _KEYWORD, default=None, annotation="str | None"),
     inspect.Parameter("use_compat", _KEYWORD, default=None, annotation="bool | None"),
     inspect.Parameter("checked", _KEYWORD, default=None, annotation="bool | None")],
    return_annotation="Namespace")


# The loops of namespace_of's fast paths, without for/else: AutoGraph
# (tf.function) converts namespace_of and refuses for/else with a warning.
def _all_in(types: dict[type, bool], cls: type, values: tuple[object, ...]) -> bool:
    """Whether each of ``values`` is of class ``cls`` or of a type that is a key
    of ``types``."""
    for value in values:
        if value.__class__ is not cls and type(value) not in types:
            return False
    return True


def _joint_answer(found: Any, more: tuple[object, ...]) -> Any:
    """``found`` (the fast view's answer for a first argument) joined with
    the answers for ``more``: ``None`` where one is unknown or two namespaces
    differ. Not annotated inside: AutoGraph cannot convert a loop that
    rebinds an annotated name."""
    fast, ignored = _fast_namespace_by_type, _IGNORED
    for y in more:
        kind = type(y)
        ns = fast[kind] if kind in fast else None
        if ns is ignored or ns is found:
            continue
        if ns is None or found is not ignored:
            return None
        found = ns
    return found


def library_of(ns: object) -> str | None:
    """The registry's name of the library namespace ``ns`` serves (xport's
    own, plain or checked, by its descriptor; a conforming external module by
    the registry's descriptor of it), or ``None`` for a namespace xport does
    not know."""
    return descriptor(ns).name or None


# Checked mode plugs in from outside (the package installs it, see
# install_checked_mode): dispatch only calls its two functions.
_checked_mode: list[Callable[[ModuleType], ModuleType]] = []


def install_checked_mode(to_checked: Callable[[ModuleType], ModuleType],
                         to_plain: Callable[[ModuleType], ModuleType]) -> None:
    """Make ``checked=True`` / ``XPORT_CHECKED=1`` give ``to_checked(ns)``,
    and ``checked=False`` ``to_plain(ns)``, for a namespace module ``ns``."""
    _checked_mode[:] = [to_checked, to_plain]


_forgetters: list[Callable[[], None]] = []


def set_checked_default(checked: bool) -> None:
    """Make ``namespace_of`` / ``namespace`` give checked namespaces by default
    (``True``) or plain ones, as ``XPORT_CHECKED`` does at start-up: for a
    test session (``xport.testing``'s ``--xp-checked``), not per call. The
    type caches are emptied, and so are the caches registered with
    :func:`on_checked_default_change`."""
    global _checked_by_default  # noqa: PLW0603 - the switch XPORT_CHECKED sets at start-up
    _checked_by_default = bool(checked)
    for cache in (_namespace_by_type, _fast_namespace_by_type):
        for cls in [c for c, ns in cache.items() if ns is not _IGNORED]:
            del cache[cls]
    _one_array_namespace_by_type.clear()
    _same_answer_types.clear()
    for forget in _forgetters:
        forget()


def on_checked_default_change(forget: Callable[[], None]) -> None:
    """Call ``forget()`` whenever :func:`set_checked_default` runs (for caches
    of namespace_of's answers kept elsewhere)."""
    _forgetters.append(forget)


def _checked(ns: ModuleType) -> ModuleType:
    if not _checked_mode:
        raise RuntimeError("checked mode is not installed: import xport first")
    return _checked_mode[0](ns)


def _with_checked(found: Any, checked: object) -> Namespace:
    """``found``, or its checked twin, as ``checked`` says."""
    if checked not in (True, False):
        raise ValueError(f"checked must be None, True or False; got {checked!r}")
    if not isinstance(found, ModuleType) or not _checked_mode:
        return cast(Namespace, found)  # a namespace xport does not know
    plain = _checked_mode[1](found)
    return cast(Namespace, _checked(plain) if checked else plain)


def _with_use_compat(arrays: tuple[object, ...], api_version: str | None,
                     use_compat: object) -> Namespace:
    if use_compat not in (True, False):  # 1 and 0 pass, as in array-api-compat
        raise ValueError(f"use_compat must be None, True, or False; got {use_compat!r}")
    found = namespace_of(*arrays, api_version=api_version)
    if use_compat or getattr(found, "__xport_backend__", None) is None:
        return found
    # array-api-compat's use_compat=False: the library's own module.
    native = BY_NAME[str(library_of(found))].namespaces[0]
    return cast(Namespace, importlib.import_module(native))


def _namespace_of_general(arrays: tuple[object, ...], api_version: str | None,
                          traced: bool = False) -> Namespace:
    """namespace_of for first sightings, __array_namespace__ objects and errors
    (``traced``: while torch.compile traces, without the caches)."""
    found = _NO_NAMESPACE
    for position, x in enumerate(arrays):
        # A membership test, not try/except KeyError: torch.compile before 2.5
        # cannot trace the raise.
        cls = x.__class__
        if traced:
            ns = _traced_namespace(x, position)
        elif cls in _namespace_by_type:
            ns = _namespace_by_type[cls]
        else:
            ns = _resolve_namespace(x, position)
        if ns is _IGNORED:
            continue
        if ns is _PROTOCOL:
            ns = cast(Any, x).__array_namespace__(api_version=api_version)
        if found is None:
            found = ns
        elif ns is not found:
            _raise_mixed(arrays, api_version)
    if found is None:
        raise TypeError(
            "array_namespace requires at least one non-scalar array input: namespace_of() "
            "got " + (", ".join(_type_name(x) for x in arrays) or "no arguments")
            + ". Pick a namespace by name instead, e.g. xport.namespace('numpy')."
        )
    return found


def namespace(name: str, *, api_version: str | None = None,
              checked: bool | None = None) -> Namespace:
    """Return the namespace of the backend called ``name``.

    Accepted names: ``"numpy"`` (``"np"``), ``"torch"``, ``"jax"``
    (``"jax.numpy"``), ``"tensorflow"`` (``"tf"``), ``"dask"``,
    ``"array_api_strict"``. Importing the namespace imports that library (and
    only that one). ``checked=True`` gives its checked twin (``None``: as
    ``XPORT_CHECKED`` says), as in :func:`namespace_of`.
    """
    _check_api_version(api_version)
    # A run-time check: callers without a type checker pass anything.
    backend = ALIASES.get(name) if isinstance(name, str) else None  # pyright: ignore[reportUnnecessaryIsInstance]
    if backend is None or (backend not in NAMESPACE_PACKAGES
                           and backend not in _EXTERNAL_NAMESPACES):
        known = sorted(NAMESPACE_PACKAGES | set(_EXTERNAL_NAMESPACES))
        raise ValueError(f"no xport namespace called {name!r}; known: {', '.join(known)}")
    try:
        found = load_namespace(backend)
    except ModuleNotFoundError as exc:
        if exc.name is None or exc.name.startswith(_PACKAGE + "."):
            raise  # xport itself lacks the module: not an installation problem
        hint = BY_NAME[backend].install or f"install {backend}"
        raise ImportError(
            f"xport.namespace({name!r}) needs {backend} installed ({hint}); "
            f"importing it failed: {exc}"
        ) from exc
    if checked is None and not _checked_by_default:
        return cast(Namespace, found)
    return _with_checked(found, _checked_by_default if checked is None else checked)


def backend_of(x: object) -> str:
    """The name of the library ``x`` belongs to (``"numpy"``, ``"torch"``,
    ``"jax"``, ``"tensorflow"``, ``"dask"``, ``"cupy"``, ``"array_api_strict"``).

    Imports nothing. Raises ``TypeError`` for anything that is not an array of a
    library xport knows, Python scalars included.
    """
    backend = resolve_backend(type(x))
    if backend is None:
        raise TypeError(f"backend_of() got {_type_name(x)}, which is not an array of a "
                        "library xport knows")
    return backend


def is_array(x: object) -> bool:
    """True when ``x`` is an array (or NumPy scalar) of a library xport knows, or
    another object with ``__array_namespace__``; False for Python scalars and
    everything else. Imports nothing."""
    cls = type(x)
    if resolve_backend(cls) is not None:
        return True
    return not issubclass(cls, _SCALAR_TYPES) and hasattr(cls, "__array_namespace__")

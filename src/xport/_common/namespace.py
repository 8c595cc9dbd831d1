"""Filling a backend namespace module from its native library.

Every standard name of a namespace gets one of three provenances:

* ``"native"``: the attribute *is* the library's own function (possibly under
  another name, e.g. ``acos = numpy.arccos`` on NumPy 1.26);
* ``"wrapped"``: xport defines a thin wrapper because the native function
  deviates from the standard;
* ``"missing"``: neither exists on the installed library version.

The provenance table is kept as ``_PROVENANCE`` in the namespace module; the CLI,
the tests and the docs read it.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, MutableMapping
from types import ModuleType
from typing import Any, Literal

from .._spec.names import LATEST_VERSION, MAIN_FUNCTION_NAMES

Provenance = Literal["native", "wrapped", "missing"]


def functions_of(module: Any, *names: str) -> dict[str, Any]:
    """``{name: module.<name>}`` for ``names``: a backend's wrappers, gathered
    by the module (chapter) that defines them."""
    return {name: getattr(module, name) for name in names}


def populate(
    namespace: MutableMapping[str, Any],
    native: ModuleType | None,
    names: Iterable[str],
    *,
    wrappers: Mapping[str, Any],
    aliases: Mapping[str, str] | None = None,
) -> dict[str, Provenance]:
    """Bind every name of ``names`` in ``namespace`` and return its provenance.

    A name in ``wrappers`` is bound to the wrapper; otherwise to
    ``getattr(native, aliases.get(name, name))``; otherwise it is left unbound
    and reported missing.
    """
    aliases = aliases or {}
    provenance: dict[str, Provenance] = {}
    for name in sorted(names):
        if name in wrappers:
            namespace[name] = wrappers[name]
            provenance[name] = "wrapped"
            continue
        target = getattr(native, aliases.get(name, name), None) if native is not None else None
        if target is None:
            provenance[name] = "missing"
        else:
            namespace[name] = target
            provenance[name] = "native"
    return provenance


def populate_main(
    namespace: MutableMapping[str, Any],
    native: ModuleType | None,
    *,
    wrappers: Mapping[str, Any],
    aliases: Mapping[str, str] | None = None,
    dtypes: Mapping[str, Any],
    elsewhere: Mapping[str, Any] | None = None,
) -> dict[str, Provenance]:
    """Fill a backend's main namespace: every function of the newest standard
    (``native``'s own where it conforms, else ``wrappers``; ``elsewhere`` holds
    conforming native functions found outside ``native``), the dtype objects,
    and ``__array_namespace_info__`` (always xport's). Returns the provenance.
    """
    elsewhere = elsewhere or {}
    skip = {"__array_namespace_info__", *elsewhere}
    provenance = populate(namespace, native, MAIN_FUNCTION_NAMES[LATEST_VERSION] - skip,
                          wrappers=wrappers, aliases=aliases)
    namespace.update(elsewhere)
    provenance.update(dict.fromkeys(elsewhere, "native"))
    provenance["__array_namespace_info__"] = "wrapped"
    namespace.update(dtypes)
    return provenance


def reach_native(namespace: MutableMapping[str, Any], *natives: Any,
                 omit: Collection[str] = ()) -> None:
    """Bind in ``namespace`` (a namespace module's globals) the public names of
    ``natives`` that it does not define, the first native's before the
    next's, and the library's ``__version__``: names beyond the standard are
    the library's own (``xport.numpy.float16`` is ``numpy.float16``,
    ``xport.torch.testing`` is ``torch.testing``), as array-api-compat's
    namespaces, which star-import their library, reach it. ``omit``: names
    left out. The standard's names, ``__all__`` and ``dir()`` are unaffected.

    The names are bound once, at import, not looked up by a module
    ``__getattr__``: CPython specializes an attribute read (``xp.add``) only
    on a module without one, so with one every call through the namespace
    would pay a slower read. What a library imports on first use and has not
    imported yet (NumPy's ``numpy.random``, ``numpy.testing``, ...) is not
    bound: reach it through the library.
    """
    for native in natives:
        for name, value in vars(native).items():
            if not name.startswith("_") and name not in namespace and name not in omit:
                namespace[name] = value
        version = getattr(native, "__version__", None)
        if version is not None:
            namespace.setdefault("__version__", version)

"""pytest plugin: for a whole test session, ``array_api_compat`` *is* xport.

``conformance/run_extra.py`` loads it with ``-p _xport_as_compat`` (its folder on
``PYTHONPATH``). pytest imports ``-p`` plugins before any conftest, so this runs
before anything imports array-api-extra (or any other consumer of compat).

- ``sys.modules["array_api_compat"]`` is the ``xport`` module object itself:
  ``from array_api_compat import array_namespace`` gives ``xport.array_namespace``.
- A meta-path finder answers ``import array_api_compat.<name>`` lazily (nothing
  imports NumPy, PyTorch or Dask until asked), without loading a second copy of
  any xport module:

  * ``array_api_compat.numpy`` -> ``xport.numpy``, ``array_api_compat.torch`` ->
    ``xport.torch``, ``array_api_compat.dask.array`` -> ``xport.dask`` (their
    ``.linalg`` / ``.fft`` too);
  * ``array_api_compat.dask``: compat's (empty) package, whose ``array`` is
    ``xport.dask``. It is put in ``sys.modules`` up front (it imports nothing), so
    the import system never sets it as the ``dask`` attribute of ``xport``. So
    ``from array_api_compat.dask import array`` and
    ``importlib.import_module("array_api_compat.dask.array")`` give ``xport.dask``,
    but the attribute chain ``array_api_compat.dask.array`` (also what
    ``import array_api_compat.dask.array as da`` binds) is ``xport.dask.array``,
    i.e. Dask's ``array`` function: ``array_api_compat`` *is* xport, whose ``dask``
    attribute is its namespace;
  * any other ``array_api_compat.<name>`` is ``xport.<name>`` when that exists,
    else it is not found (compat's internals, ``array_api_compat.common`` ...,
    have no counterpart).

- ``array-api-extra``'s vendor hook (``<parent>._array_api_compat_vendor``) is
  only tried for a vendored copy of array-api-extra: a top-level
  ``array_api_extra`` has no parent package, the relative import fails and
  ``_compat.py`` falls back to ``from array_api_compat import ...``, i.e. xport.

If ``XPORT_AS_COMPAT_LOG`` names a file, every process appends one JSON line at
session end: which ``array_api_compat.*`` names were asked for and what they
resolved to, where ``array_api_extra`` came from, and whether its ``_compat``
helpers are xport's.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import types
from typing import Any

import pytest

import xport

# The package name to alias: array-api-compat's own, or a vendored copy's
# (``XPORT_AS_COMPAT=scipy._lib.array_api_compat``: ``_scipy_xport_as_compat.py``).
COMPAT = os.environ.get("XPORT_AS_COMPAT", "array_api_compat")
# compat's wrapper namespaces -> xport's (submodules such as ``.linalg`` follow)
NAMESPACES = {"numpy": "xport.numpy", "torch": "xport.torch", "dask.array": "xport.dask"}

_requests: dict[str, str | None] = {}  # array_api_compat.<name> -> what it resolved to


class _CompatDaskPackage(types.ModuleType):
    """``array_api_compat.dask``: compat's empty package; ``.array`` is xport.dask."""

    def __getattr__(self, name: str) -> Any:
        if name == "array":
            return importlib.import_module(f"{COMPAT}.dask.array")
        raise AttributeError(f"module {self.__name__!r} has no attribute {name!r}")


def _compat_dask_package() -> types.ModuleType:
    name = f"{COMPAT}.dask"
    package = _CompatDaskPackage(name, "compat's array_api_compat.dask: .array is xport.dask")
    package.__spec__ = importlib.machinery.ModuleSpec(name, None, is_package=True)
    package.__path__ = []
    package.__package__ = name
    return package


def _target(name: str) -> str | None:
    """The xport module that ``array_api_compat.<rest>`` stands for, if any."""
    rest = name[len(COMPAT) + 1:]
    for compat_name, xport_name in NAMESPACES.items():
        if rest == compat_name or rest.startswith(compat_name + "."):
            target = xport_name + rest[len(compat_name):]
            break
    else:
        target = f"xport.{rest}"
    try:
        found = importlib.util.find_spec(target) is not None
    except ModuleNotFoundError:
        found = False
    return target if found else None


class _AliasLoader(importlib.abc.Loader):
    """Loads an alias as the already-imported xport module (never a second copy)."""

    def __init__(self, target: str) -> None:
        self.target = target
        self.real_spec: importlib.machinery.ModuleSpec | None = None

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        module = importlib.import_module(self.target)
        self.real_spec = module.__spec__
        return module

    def exec_module(self, module: types.ModuleType) -> None:
        # The import system overwrote the real module's __spec__ with the alias's.
        if self.real_spec is not None:
            module.__spec__ = self.real_spec


class _CompatFinder(importlib.abc.MetaPathFinder):
    """Maps ``array_api_compat.<name>`` onto xport's modules."""

    def find_spec(self, fullname: str, path: Any = None,
                  target: types.ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith(COMPAT + "."):
            return None
        xport_name = _target(fullname)
        _requests[fullname] = xport_name
        if xport_name is None:
            return None  # nothing in xport's folder either: ModuleNotFoundError
        spec = importlib.util.find_spec(xport_name)
        is_package = spec is not None and spec.submodule_search_locations is not None
        return importlib.machinery.ModuleSpec(fullname, _AliasLoader(xport_name),
                                              is_package=is_package)


def install() -> None:
    """Make ``array_api_compat`` xport in this process (idempotent)."""
    current = sys.modules.get(COMPAT)
    if current is not None and current is not xport:
        raise RuntimeError(f"{COMPAT} was imported before the xport shim: {current!r}")
    sys.modules[COMPAT] = xport
    sys.modules.setdefault(f"{COMPAT}.dask", _compat_dask_package())
    if not any(isinstance(finder, _CompatFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _CompatFinder())


install()


def pytest_report_header(config: pytest.Config) -> list[str]:
    extra = importlib.util.find_spec("array_api_extra")
    return [f"{COMPAT} -> xport {xport.__version__} ({os.path.dirname(xport.__file__ or '')})",
            f"array_api_extra from {extra.origin if extra else None}"]


def _proof() -> dict[str, Any]:
    extra = sys.modules.get("array_api_extra")
    compat_helpers = sys.modules.get("array_api_extra._lib._compat")
    return {
        "pid": os.getpid(),
        "worker": os.environ.get("PYTEST_XDIST_WORKER", "controller"),
        "array_api_compat_is_xport": sys.modules.get(COMPAT) is xport,
        "array_api_extra": getattr(extra, "__file__", None),
        "extra_uses_xport": None if compat_helpers is None else all(
            getattr(compat_helpers, name) is getattr(xport, name)
            for name in compat_helpers.__all__),
        "requests": dict(sorted(_requests.items())),
    }


def write_proof(proof: dict[str, Any]) -> None:
    """Append ``proof`` as one JSON line to ``XPORT_AS_COMPAT_LOG``, if set."""
    log = os.environ.get("XPORT_AS_COMPAT_LOG")
    if log:
        with open(log, "a", encoding="utf-8") as stream:
            stream.write(json.dumps(proof) + "\n")


def pytest_sessionfinish(session: pytest.Session) -> None:
    write_proof(_proof())

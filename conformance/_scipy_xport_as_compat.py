"""pytest plugin: for a whole test session, SciPy's vendored compat *is* xport.

``conformance/run_scipy.py`` loads it with ``-p _scipy_xport_as_compat`` (its folder on
``PYTHONPATH``). pytest imports ``-p`` plugins before any conftest, so this runs before
``scipy/conftest.py`` (and everything else) imports ``scipy._lib.array_api_compat``.

The aliasing is ``_xport_as_compat.py``'s, pointed at SciPy's package name
(``XPORT_AS_COMPAT``); this module adds SciPy's session-end log:

- ``sys.modules["scipy._lib.array_api_compat"]`` is the ``xport`` module object;
- a meta-path finder answers ``scipy._lib.array_api_compat.<name>`` lazily with the
  already-imported xport module, never a second copy: ``.numpy`` -> ``xport.numpy``,
  ``.torch`` -> ``xport.torch``, ``.dask.array`` -> ``xport.dask`` (and their
  ``.linalg`` / ``.fft``), ``.common`` / ``.common._helpers`` / ``.common._typing``
  -> ``xport.common...``; any other name is ``xport.<name>`` if that exists, else not
  found (``.cupy``: CuPy is not installed, compat's would fail to import too);
- ``.dask`` is compat's empty package whose ``array`` is ``xport.dask``.

SciPy's vendor hook ``scipy._lib._array_api_compat_vendor`` (used by the vendored
array-api-extra's ``_compat.py``) is *not* aliased: it is
``from .array_api_compat import *`` plus SciPy's own ``array_namespace`` override, so
with the alias above it re-exports xport's helpers while keeping SciPy's override,
exactly as it does for compat. The session-end log checks that.

If ``XPORT_AS_COMPAT_LOG`` names a file, every process appends one JSON line at
session end (which names were asked for and what they resolved to, and whether
array-api-extra's helpers are xport's).
"""

from __future__ import annotations

import os
import sys
from typing import Any

import pytest

import xport

os.environ.setdefault("XPORT_AS_COMPAT", "scipy._lib.array_api_compat")

from _xport_as_compat import COMPAT, _requests, write_proof


def pytest_report_header(config: pytest.Config) -> list[str]:
    return [f"{COMPAT} -> xport {xport.__version__} ({os.path.dirname(xport.__file__ or '')})"]


def _proof() -> dict[str, Any]:
    helpers = sys.modules.get("scipy._lib.array_api_extra._lib._utils._compat")
    vendor = sys.modules.get("scipy._lib._array_api_compat_vendor")
    extra_uses_xport = None
    if helpers is not None:
        extra_uses_xport = all(
            getattr(helpers, name) is getattr(xport, name)
            for name in helpers.__all__ if name != "array_namespace")
    return {
        "pid": os.getpid(),
        "worker": os.environ.get("PYTEST_XDIST_WORKER", "controller"),
        "compat_is_xport": sys.modules.get(COMPAT) is xport,
        "extra_uses_xport": extra_uses_xport,
        "vendor_array_namespace": None if vendor is None else
        f"{vendor.array_namespace.__module__}.{vendor.array_namespace.__qualname__}",
        "requests": dict(sorted(_requests.items())),
    }


def pytest_sessionfinish(session: pytest.Session) -> None:
    write_proof(_proof())

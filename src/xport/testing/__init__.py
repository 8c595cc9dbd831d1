"""Test a library on every backend and device xport knows, with one line of set-up.

In the library's ``conftest.py``::

    pytest_plugins = ["xport.testing"]

then tests take the ``xp`` fixture (and ``device``, ``real_floating_dtype``,
...) and run once per installed backend; ``--xp numpy,torch`` chooses,
``--xp-device all`` adds every device, ``--xp-checked`` runs the checked
namespaces. See :mod:`xport.testing.plugin`.

Here too, none of which needs pytest:

* :func:`assert_close`, :func:`assert_equal`, :func:`assert_less`: arrays of
  any backend (:mod:`xport.testing.assertions`);
* :func:`lazy_xp_function`, :func:`lazy`, :class:`LazyModeError`: a library's
  functions compiled or on Dask without computing (:mod:`xport.testing.lazy`);
* :mod:`xport.testing.strategies`: Hypothesis strategies for any backend.

``import xport`` does not import this package; importing it imports neither
pytest nor Hypothesis nor an array library. (Loaded as a plugin, it has pytest load
:mod:`.plugin`, which imports pytest.)

PYTEST_DONT_REWRITE: these modules have no ``assert`` statements for pytest to
rewrite, and a conftest may import them before it loads them as a plugin.
"""

from __future__ import annotations

from .assertions import assert_close, assert_equal, assert_less
from .lazy import LazyModeError, lazy, lazy_xp_function

__all__ = ["LazyModeError", "assert_close", "assert_equal", "assert_less", "lazy",
           "lazy_xp_function"]

# Loaded as a pytest plugin (pytest_plugins = ["xport.testing"], -p xport.testing,
# the pytest11 entry point), this package has pytest load its plugin module
# too, under the name it has here (a vendored copy loads its own).
pytest_plugins = [f"{__name__}.plugin"]

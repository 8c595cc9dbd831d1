"""SciPy's own array-API tests, stock and with xport vendored in place of its compat.

SciPy vendors array-api-compat in ``scipy/_lib/array_api_compat`` and imports its
helpers and namespaces from there (``array_namespace``, ``device``,
``common._helpers``, ``numpy``, ...); its vendored array-api-extra reaches them
through ``scipy._lib._array_api_compat_vendor``. This runner copies the installed
SciPy, puts a copy of ``src/xport`` in that folder (``--vendored``), and runs every
test of the installed SciPy that takes the ``xp`` fixture (``SCIPY_ARRAY_API``, the
fixture's backends) against the same run on the unmodified copy (``--stock``)::

    python conformance/run_scipy.py                 # both, then the comparison
    python conformance/run_scipy.py --vendored      # xport in compat's place only
    python conformance/run_scipy.py --vendored --modules scipy.signal scipy.stats
    python conformance/run_scipy.py --compare-only  # the results on disk
    python conformance/run_scipy.py -- -k "not slow"  # pytest arguments (after --)

One leg, ``main``: numpy, array_api_strict, torch and jax.numpy (SciPy's
conftest turns JAX's 64-bit types on itself, so there is no run without them).
Tests marked ``slow`` are left out, as ``python dev.py test`` (SciPy's own
runner) does by default. Results:
``conformance/results/scipy-<stock|vendored>-main.json``.
"""

from __future__ import annotations

import sys

from _vendored_run import Consumer, Leg, main

SCIPY = Consumer(
    package="scipy",
    compat="_lib/array_api_compat",
    legs=(Leg("main", '["numpy", "array_api_strict", "torch", "jax.numpy"]'),),
    backend_ids=("numpy", "array_api_strict", "torch", "cupy", "jax.numpy", "dask.array"),
    versioned=("scipy", "numpy", "torch", "jax", "array-api-strict", "pytest", "hypothesis"),
    selection=("-m", "not slow"),
    fixture="xp",
)

if __name__ == "__main__":
    sys.exit(main(SCIPY, __doc__ or ""))

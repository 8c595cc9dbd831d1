"""scikit-learn's array-API tests, stock and with xport vendored in place of its compat.

scikit-learn vendors array-api-compat in ``sklearn/externals/array_api_compat`` and
recognises namespaces partly by their module names (``_is_numpy_namespace``). This
runner copies the installed scikit-learn, puts a copy of ``src/xport`` in that
folder (``--vendored``), and runs its array-API selection (``-k array_api`` over
the whole package, as its contributor guide says, with ``SCIPY_ARRAY_API=1``:
numpy, array_api_strict and torch on CPU; namespaces not installed skip) against
the same run on the unmodified copy (``--stock``)::

    python conformance/run_sklearn.py               # both, then the comparison
    python conformance/run_sklearn.py --vendored
    python conformance/run_sklearn.py --compare-only

Results: ``conformance/results/sklearn-<stock|vendored>-main.json``.
"""

from __future__ import annotations

import sys

from _vendored_run import Consumer, Leg, main

SKLEARN = Consumer(
    package="sklearn",
    compat="externals/array_api_compat",
    legs=(Leg("main", "1"),),
    backend_ids=("numpy", "array_api_strict", "torch", "cupy", "jax.numpy", "dask.array",
                 "array_api_compat.torch", "torch.cpu"),
    versioned=("scikit-learn", "scipy", "numpy", "torch", "array-api-strict", "pytest"),
    selection=("-k", "array_api"),
)

if __name__ == "__main__":
    sys.exit(main(SKLEARN, __doc__ or ""))

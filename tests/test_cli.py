"""python -m xport: the report a new user runs first."""

from __future__ import annotations

import subprocess
import sys

from xport._selfcheck import compare, computation


def test_report_runs_and_passes():
    result = subprocess.run([sys.executable, "-m", "xport", "--names"], capture_output=True,
                            text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    out = result.stdout
    assert "Array API standard 2025.12" in out
    assert "xport.numpy" in out
    assert "numpy wrapped" in out
    assert "all checks passed" in out


def test_help_is_plain_text():
    result = subprocess.run([sys.executable, "-m", "xport", "--help"], capture_output=True,
                            text=True, check=True)
    assert "python -m xport: what is installed" in result.stdout
    assert "``" not in result.stdout


def test_report_rows_are_the_namespaces_namespace_gives():
    import xport
    from xport.__main__ import BACKENDS

    rows = [backend for backend, _ in BACKENDS]
    assert rows == ["numpy", "torch", "jax", "tensorflow", "dask", "cupy", "mxnet"]
    for backend in rows:
        try:
            ns = xport.namespace(backend)
        except ImportError:  # the library is not installed here: the row says so
            continue
        assert ns.__name__ == f"xport.{backend}"


def test_self_check_computation_values():
    import numpy as np

    import xport.numpy as xp

    values = computation(xp)
    x = np.arange(12, dtype=np.float32).reshape(3, 4) / 11
    e = np.exp(x - x.max(axis=1, keepdims=True))
    assert abs(values["softmax[1, 2]"] - float((e / e.sum(axis=1, keepdims=True))[1, 2])) < 1e-6
    assert values["cumulative_sum[-1]"] == 6.0
    assert values["count_nonzero"] == float(np.count_nonzero(x > 0.5))


def test_compare_flags_only_the_differing_values():
    results = {"a": {"x": 1.0, "y": 2.0}, "b": {"x": 1.0, "y": 2.5}}
    assert compare(results) == {"a": [], "b": ["y"]}
    assert compare({}) == {}

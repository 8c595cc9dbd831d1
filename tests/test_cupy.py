"""xport.cupy without a GPU.

CuPy's arrays need a GPU, which CI has not: ``benchmarks/gpu_check.py`` runs
the offline suite on CuPy where there is one. Here (1) the namespace is built
over NumPy standing in for CuPy (``tests/stand_ins/cupy``: NumPy with CuPy's
signatures where they differ) and must pass the whole offline suite, which
checks the wiring of every wrapper, the code shared with NumPy included; (2) with
the real CuPy installed and no GPU (``nox -s cupy_cpu``), the namespace must
import, bind every standard name and report itself in ``python -m xport``.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[1]
STAND_IN = ROOT / "tests" / "stand_ins"
# The stand-in is NumPy with CuPy's signatures; CuPy 13-14 otherwise follow NumPy 2
# (asarray(copy=), NEP 50 promotion), which NumPy 1.26 cannot stand in for.
STAND_IN_FAITHFUL = np.lib.NumpyVersion(np.__version__) >= "2.0.0"
stand_in_test = pytest.mark.skipif(
    importlib.util.find_spec("cupy") is not None or not STAND_IN_FAITHFUL,
    reason="the real CuPy is installed (the stand-in would not be imported), or NumPy < 2 "
           "(whose API is not CuPy's)")


def _run(args: list[str], *, stand_in: bool, **env: str) -> subprocess.CompletedProcess[str]:
    path = [str(ROOT / "src"), str(ROOT)]
    if stand_in:
        path.insert(0, str(STAND_IN))
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join(path), **env}
    return subprocess.run([sys.executable, *args], capture_output=True, text=True,
                          check=False, env=environment, cwd=ROOT, timeout=900)


@stand_in_test
def test_over_a_numpy_stand_in_it_passes_the_offline_suite():
    run = _run(["-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly",
                "conformance"], stand_in=True, XPORT_BACKENDS="cupy")
    summary = run.stdout.strip().splitlines()[-1] if run.stdout.strip() else run.stderr
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert " passed" in summary and "failed" not in summary


@stand_in_test
def test_over_the_stand_in_wrappers_are_numpys_code_bound_to_cupy():
    script = """
import sys
import cupy, numpy
import xport.cupy as xc
from xport._common.numpylike import legacy
assert not any(name.startswith("xport.numpy") for name in sys.modules)  # built without it
clip = xc.clip  # NumPy 1.26's fix, xport.numpy's code there, as a closure over cupy
assert clip.__code__ is legacy.wrappers(numpy)["clip"].__code__
assert [cell.cell_contents for cell in clip.__closure__] == [cupy]
assert xc._PROVENANCE["zeros"] == "wrapped" and xc._PROVENANCE["std"] == "wrapped"
device = xc.__array_namespace_info__().default_device()
x = xc.asarray([3.0, 1.0, 2.0, 1.0])
assert xc.sort(x, descending=True).tolist() == [3.0, 2.0, 1.0, 1.0]
assert xc.argsort(x, descending=True).tolist() == [0, 2, 1, 3]
assert xc.count_nonzero(xc.asarray([[0, 1], [2, 0]]), axis=1, keepdims=True).shape == (2, 1)
assert xc.zeros(3, device=device).shape == (3,)
try:
    xc.zeros(3, device="cpu")
except ValueError as error:
    assert "cupy.cuda.Device" in str(error)
else:
    raise AssertionError("a device that is not CuPy's was accepted")
# xport.at's and the segment reductions' hooks (CuPy's ufunc.at; ids out of range dropped)
updated = xc._scatter.update(xc.zeros(3), xc.asarray([0, 0, 2]), "add", 1.0, False)
assert updated.tolist() == [2.0, 0.0, 1.0]
sums = xc._scatter.segment("sum", xc.asarray([1.0, 2.0, 4.0, 8.0]), xc.asarray([0, 2, -1, 5]), 3)
assert sums.tolist() == [1.0, 0.0, 2.0]
print("ok")
"""
    run = _run(["-c", script], stand_in=True)
    assert run.returncode == 0 and run.stdout.strip() == "ok", run.stderr[-3000:]


@pytest.mark.skipif(importlib.util.find_spec("cupy") is None, reason="needs CuPy installed")
def test_the_real_cupy_namespace_builds_without_a_gpu():
    import inspect

    import xport.cupy as xc
    from xport._spec import names

    missing = [name for name, kind in xc._PROVENANCE.items() if kind == "missing"]
    assert missing == []
    assert set(names.main_names(names.LATEST_VERSION)) <= set(dir(xc))
    for name in ("zeros", "ones_like", "arange", "full"):
        assert "device" in inspect.signature(getattr(xc, name)).parameters
    assert "correction" in inspect.signature(xc.std).parameters
    report = _run(["-m", "xport"], stand_in=False)
    assert "xport.cupy" in report.stdout, report.stdout + report.stderr

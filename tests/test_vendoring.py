"""Vendoring: ``src/xport`` copied into another package works there, beside an
installed xport, with no reference to the top-level name ``xport``.

The copy goes to a throwaway ``somepkg/_vendor/xport``; each check runs in a
fresh interpreter so that what gets imported can be observed.
"""

from __future__ import annotations

import ast
import json
import math
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "xport"
VENDORED = "somepkg._vendor.xport"
ARRAY_LIBRARIES = ("numpy", "torch", "jax", "jaxlib", "tensorflow", "dask", "cupy",
                   "array_api_strict")


@pytest.fixture(scope="module")
def vendor_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("vendoring")
    package = root / "somepkg"
    shutil.copytree(SRC, package / "_vendor" / "xport",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    (package / "__init__.py").write_text('"""A library that vendors xport."""\n')
    (package / "_vendor" / "__init__.py").write_text("")
    return root


def _run(root: Path, code: str, timeout: float = 300) -> str:
    """Run ``code`` in a fresh interpreter that can import ``somepkg`` (and the
    installed xport); return its stdout."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(root), *filter(None, [env.get("PYTHONPATH")])])
    env.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=root, env=env,
                          capture_output=True, text=True, timeout=timeout, check=False)
    assert done.returncode == 0, f"stdout:\n{done.stdout}\nstderr:\n{done.stderr[-4000:]}"
    return done.stdout


def _absolute_self_imports(path: Path) -> list[str]:
    """``import xport...`` / ``from xport... import`` statements and
    ``import_module("xport...")`` calls in one source file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names = [node.module or ""]
        elif (isinstance(node, ast.Call) and node.args
              and isinstance(node.args[0], ast.Constant)
              and isinstance(node.args[0].value, str)
              and getattr(node.func, "attr", getattr(node.func, "id", None))
              in ("import_module", "__import__")):
            names = [node.args[0].value]
        else:
            continue
        found += [f"{path.relative_to(SRC.parent)}:{node.lineno}: {name}"
                  for name in names if name == "xport" or name.startswith("xport.")]
    return found


def test_sources_import_themselves_relatively_only():
    offenders = [hit for path in sorted(SRC.rglob("*.py")) for hit in _absolute_self_imports(path)]
    assert offenders == [], "absolute imports of xport inside the package:\n" + "\n".join(offenders)


def test_vendored_copy_imports_beside_the_installed_one(vendor_root: Path):
    out = _run(vendor_root, f"""
        import json, sys
        import {VENDORED} as vx

        own = sorted(m for m in sys.modules if m == "xport" or m.startswith("xport."))
        libraries = sorted(m for m in {ARRAY_LIBRARIES!r} if m in sys.modules)
        import xport
        print(json.dumps({{
            "name": vx.__name__,
            "file": vx.__file__,
            "installed_imported_by_copy": own,
            "libraries": libraries,
            "installed_file": xport.__file__,
            "same_version": xport.__version__ == vx.__version__,
            "namespace_type": vx.Namespace is xport.Namespace,
            "all": sorted(vx.__all__) == sorted(xport.__all__),
        }}))
    """)
    report = json.loads(out.strip().splitlines()[-1])
    assert report["name"] == VENDORED
    assert Path(report["file"]).is_relative_to(vendor_root)
    assert report["installed_imported_by_copy"] == []
    assert report["libraries"] == [], "importing the copy must import no array library"
    assert not Path(report["installed_file"]).is_relative_to(vendor_root)
    assert report["namespace_type"] is False  # two independent packages
    assert report["all"] is True


def test_vendored_command_line(vendor_root: Path):
    out = _run(vendor_root, f"""
        import sys
        from {VENDORED}.__main__ import main
        try:
            main(["--help"])
        except SystemExit as exc:
            assert exc.code == 0, exc.code
        assert not [m for m in sys.modules if m == "xport" or m.startswith("xport.")]
    """)
    assert "--names" in out


def test_vendored_dispatch_and_computation(vendor_root: Path, backend):
    name = backend.name
    code = f"""
        import json, sys
        import {VENDORED} as vx

        def compute(xp):
            x = xp.asarray([[1.0, 2.0, 3.0], [0.5, -1.0, 4.0]], dtype=xp.float32)
            e = xp.exp(x - xp.max(x, axis=-1, keepdims=True))
            softmax = e / xp.sum(e, axis=-1, keepdims=True)
            gram = xp.matmul(x, xp.matrix_transpose(x)) + xp.eye(2, dtype=xp.float32)
            solved = xp.linalg.solve(gram, xp.ones(2, dtype=xp.float32))
            return [float(v) for v in xp.reshape(softmax, (-1,))] + [float(v) for v in solved]

        if {name!r} not in vx._dispatch.NAMESPACE_PACKAGES:
            print(json.dumps({{"skip": True}}))
            raise SystemExit(0)
        ns = vx.namespace({name!r})
        x = ns.asarray([1.0, 2.0, 3.0])
        checks = {{
            "module": ns.__name__,
            "file": ns.__file__,
            "namespace_of": vx.namespace_of(x, 2.0, None) is ns,
            "backend_of": vx.backend_of(x),
            "is_array": vx.is_array(x),
            "updated": [float(v) for v in vx.at(x, 1).set(7.0)],
            "result": compute(ns),
        }}
        if getattr(ns, "_autodiff", None) is not None:
            grad = vx.autodiff.grad(lambda w: vx.namespace_of(w).sum(w * w))(x)
            checks["grad"] = [float(v) for v in grad]
        checks["modules_outside_copy"] = sorted(
            m for m, mod in sys.modules.items()
            if m.startswith({VENDORED!r}) and getattr(mod, "__file__", None)
            and not mod.__file__.startswith({str(vendor_root)!r}))
        checks["installed_imported_by_copy"] = sorted(
            m for m in sys.modules if m == "xport" or m.startswith("xport."))

        import xport  # the installed copy, on the same native arrays
        checks["installed_module"] = xport.namespace_of(x).__name__
        checks["installed_result"] = compute(xport.namespace({name!r}))
        print(json.dumps(checks))
    """
    report = json.loads(_run(vendor_root, code).strip().splitlines()[-1])
    if report.get("skip"):
        pytest.skip(f"the vendored copy has no namespace for {name}")
    assert report["module"] == f"{VENDORED}.{name}"
    assert Path(report["file"]).is_relative_to(vendor_root)
    assert report["namespace_of"] is True
    assert report["backend_of"] == name
    assert report["is_array"] is True
    assert report["updated"] == [1.0, 7.0, 3.0]
    assert report["modules_outside_copy"] == []
    assert report["installed_imported_by_copy"] == []
    assert report["installed_module"] == f"xport.{name}"
    assert report["result"] == pytest.approx(report["installed_result"], rel=1e-6)
    expected = []
    for row in ([1.0, 2.0, 3.0], [0.5, -1.0, 4.0]):
        e = [math.exp(v - max(row)) for v in row]
        expected += [v / sum(e) for v in e]
    assert report["result"][:6] == pytest.approx(expected, rel=1e-4)
    if "grad" in report:
        assert report["grad"] == pytest.approx([2.0, 4.0, 6.0])


def test_vendored_jit_drops_the_guards_on_its_own_modules(vendor_root: Path):
    """xport.jit recognises Dynamo's guards on the copy's modules by the copy's
    own package name (PyTorch 2.8 and later filter guards)."""
    pytest.importorskip("torch")
    code = f"""
        import json
        import torch
        import {VENDORED} as vx
        from torch._dynamo.eval_frame import _debug_get_cache_entry_list

        def guards(f):
            return str(_debug_get_cache_entry_list(f.__code__)[0].guard_manager)

        def plain(x):
            return vx.namespace_of(x).sum(x * x)

        def jitted(x):
            return vx.namespace_of(x).sum(x * x)

        x = torch.arange(3.0)
        jitted(x)
        filters = hasattr(torch.compiler, "skip_guard_on_globals_unsafe")
        values = [float(torch.compile(plain, fullgraph=True)(x)), float(vx.jit(jitted)(x))]
        mangled = "__import_somepkg_dot__vendor_dot_xport"
        print(json.dumps({{"filters": filters, "values": values,
                          "plain": mangled in guards(plain), "jitted": mangled in guards(jitted)}}))
    """
    report = json.loads(_run(vendor_root, code).strip().splitlines()[-1])
    assert report["values"] == [5.0, 5.0]
    if not report["filters"]:
        pytest.skip("torch.compile filters guards from PyTorch 2.8")
    assert report["plain"] is True  # the name Dynamo gives the copy's modules
    assert report["jitted"] is False


def test_vendored_in_place_of_array_api_compat(tmp_path: Path):
    """A library that vendors array-api-compat swaps the folder for xport's under
    the same name: its imports, compat's module layout included, keep working."""
    package = tmp_path / "somelib"
    shutil.copytree(SRC, package / "_vendor" / "array_api_compat",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    (package / "__init__.py").write_text("")
    (package / "_vendor" / "__init__.py").write_text("")
    code = """
        import json, sys
        from somelib._vendor.array_api_compat import array_namespace, is_numpy_namespace, size
        from somelib._vendor.array_api_compat import numpy as np_compat
        from somelib._vendor.array_api_compat.common._helpers import is_numpy_array
        from somelib._vendor.array_api_compat.common._typing import Array, Namespace
        before = sorted({"numpy", "torch", "jax", "tensorflow", "dask"} & set(sys.modules))
        x = np_compat.asarray([3.0, 1.0, 3.0])
        xp = array_namespace(x)
        print(json.dumps({
            "before": before, "same": xp is np_compat, "name": xp.__name__,
            "is_numpy_namespace": is_numpy_namespace(xp), "is_numpy_array": is_numpy_array(x),
            "size": size(x), "unique": xp.unique_values(x).tolist(),
            "float16": xp.float16.__name__,
        }))
    """
    report = json.loads(_run(tmp_path, code).strip().splitlines()[-1])
    assert report == {
        "before": ["numpy"],  # np_compat was imported: NumPy only
        "same": True, "name": "somelib._vendor.array_api_compat.numpy",
        "is_numpy_namespace": True, "is_numpy_array": True, "size": 3,
        "unique": [1.0, 3.0], "float16": "float16",
    }

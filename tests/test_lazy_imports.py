"""``import xport`` imports no array library; a namespace imports only its own."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

LIBRARIES = ("numpy", "torch", "jax", "jaxlib", "tensorflow", "cupy", "dask",
             "array_api_strict")


def _imported_after(code: str) -> set[str]:
    script = textwrap.dedent(code) + textwrap.dedent(f"""
        import sys
        print(" ".join(m for m in {LIBRARIES!r} if m in sys.modules))
    """)
    out = subprocess.run([sys.executable, "-c", script], check=True, capture_output=True,
                         text=True).stdout
    return set(out.split())


def test_import_xport_imports_no_array_library():
    assert _imported_after("import xport") == set()


def test_dispatch_on_a_foreign_looking_type_imports_nothing():
    code = """
        import xport
        Fake = type("Tensor", (), {"__module__": "torch.fake"})
        assert xport.backend_of(Fake()) == "torch"
        assert xport.is_array(Fake())
        assert not xport.is_array(3.0)
    """
    assert _imported_after(code) == set()


def test_numpy_namespace_imports_only_numpy():
    assert _imported_after("import xport.numpy") == {"numpy"}
    assert _imported_after("import numpy, xport; xport.namespace_of(numpy.ones(2))") == {"numpy"}


def test_torch_namespace_imports_only_what_torch_imports():
    pytest.importorskip("torch")
    torch_itself = _imported_after("import torch")
    assert "torch" in torch_itself
    # PyTorch imports NumPy itself when it is installed; xport adds nothing.
    assert torch_itself <= {"torch", "numpy"}
    assert _imported_after("import xport.torch") == torch_itself
    assert _imported_after("import torch, xport; xport.namespace_of(torch.ones(2))") == \
        torch_itself


def test_tensorflow_namespace_imports_only_what_tensorflow_imports():
    pytest.importorskip("tensorflow")
    tf_itself = _imported_after("import tensorflow")
    assert "tensorflow" in tf_itself
    # TensorFlow imports NumPy (and, where installed, Keras pulls in others); xport adds nothing.
    assert _imported_after("import xport.tensorflow") == tf_itself
    assert _imported_after("import tensorflow, xport; xport.namespace_of(tf.ones(2))"
                           .replace("tf.ones", "tensorflow.ones")) == tf_itself


def test_dask_namespace_imports_only_what_dask_array_imports():
    pytest.importorskip("dask.array")
    dask_itself = _imported_after("import dask.array")
    assert "dask" in dask_itself
    assert _imported_after("import xport.dask") == dask_itself
    assert _imported_after("import dask.array, xport; xport.namespace_of(dask.array.ones(2))") \
        == dask_itself
    # No distributed scheduler is imported either.
    code = "import sys, xport.dask; print('distributed' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                          text=True).stdout.strip() == "False"


def test_dask_arrays_are_recognised_without_importing_dask():
    code = """
        import xport
        Fake = type("Array", (), {"__module__": "dask.array.core"})
        assert xport.backend_of(Fake()) == "dask"
    """
    assert _imported_after(code) == set()

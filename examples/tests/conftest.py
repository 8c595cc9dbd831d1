"""``xp``: every installed backend the examples run on (``XPORT_BACKENDS`` restricts)."""

from __future__ import annotations

import importlib.util
import os

import pytest

import xport

BACKENDS = [name for name in ("numpy", "torch", "jax", "tensorflow", "dask")
            if importlib.util.find_spec(name) is not None
            and name in os.environ.get("XPORT_BACKENDS", name)]
DIFFERENTIABLE = [name for name in BACKENDS if name in ("torch", "jax", "tensorflow")]


@pytest.fixture(params=BACKENDS)
def xp(request):
    return xport.namespace(request.param)


@pytest.fixture(params=DIFFERENTIABLE)
def dxp(request):
    """A backend with automatic differentiation."""
    return xport.namespace(request.param)


def compilers():
    """(backend, compile) pairs: each backend's tracing compiler."""
    found = []
    if "jax" in BACKENDS:
        import jax

        found.append(("jax", jax.jit))
    if "torch" in BACKENDS:
        import torch

        found.append(("torch", lambda f: torch.compile(f, fullgraph=True, backend="eager")))
    if "tensorflow" in BACKENDS:
        import tensorflow as tf

        found.append(("tensorflow", tf.function))
    return found

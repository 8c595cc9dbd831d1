"""xport.random on checked namespaces takes exactly the plain namespace's route.

xport.random reads everything about a backend from its descriptor
(``descriptor(xp).random``), which a checked namespace shares with the plain
one: a checked JAX namespace draws with ``jax.random``, a checked NumPy or
PyTorch one with the engine told the same things (carrier words, blocks,
in-place steps), and both give the plain namespace's numbers. (Module names
play no part: ``xport.checked.jax`` is not ``xport.jax``.)
"""

from __future__ import annotations

import importlib
import importlib.util

import numpy as np
import pytest

import xport
import xport.random as xr
from xport._hooks import descriptor

LIBRARIES = [name for name in ("numpy", "torch", "jax", "tensorflow", "dask")
             if importlib.util.find_spec(name)]

# Draws covering every route's samplers: keys, the stream programs (blockwise
# on NumPy and PyTorch for 70 000 numbers), integer arrays, the sorting
# samplers and gamma's rejection loops.
DRAWS = {
    "split": lambda k: xr.split(k, 3),
    "fold_in": lambda k: xr.fold_in(k, 7),
    "bits": lambda k: xr.bits(k, (9,)),
    "uniform": lambda k: xr.uniform(k, (9,), minval=-1.0, maxval=2.0),
    "normal": lambda k: xr.normal(k, (70_000,)),
    "integers": lambda k: xr.integers(k, (9,), -5, 70),
    "permutation": lambda k: xr.permutation(k, 10),
    "choice": lambda k: xr.choice(k, 10, (4,), replace=False),
    "bernoulli": lambda k: xr.bernoulli(k, 0.3, (9,)),
    "truncated_normal": lambda k: xr.truncated_normal(k, -1.0, 2.0, (9,)),
    "gamma": lambda k: xr.gamma(k, 0.7, (200,)),
}


def to_numpy(x):
    if hasattr(x, "compute"):
        x = x.compute()
    if hasattr(x, "cpu"):
        x = x.cpu()
    return np.asarray(x)


@pytest.fixture
def checked_dispatch(monkeypatch):
    """xport.random dispatching keys to the checked twin of their namespace,
    as under XPORT_CHECKED=1 (which is read once, at import)."""
    real = xr.namespace_of
    monkeypatch.setattr(xr, "namespace_of", lambda *arrays: real(*arrays, checked=True))


@pytest.mark.parametrize("name", LIBRARIES)
def test_checked_namespace_has_the_plain_random_hooks(name):
    plain = xport.namespace(name)
    checked = xport.namespace(name, checked=True)
    assert checked is not plain and checked.__name__ != plain.__name__
    assert descriptor(checked).random is descriptor(plain).random
    checked_route, checked_target = xr._resolve(checked)
    plain_route, plain_target = xr._resolve(plain)
    assert checked_route is plain_route
    assert checked_target.hooks is plain_target.hooks
    assert checked_target.device is plain_target.device
    assert checked_target.xp is checked


@pytest.mark.parametrize("name", LIBRARIES)
def test_checked_modules_have_the_plain_random_hooks(name):
    # xport.checked.<lib> as imported (by importlib: once namespace(...,
    # checked=True) has made the module, `import xport.checked.numpy as m`
    # does not find the xport.checked package as an attribute of xport).
    checked = importlib.import_module(f"xport.checked.{name}")
    plain = importlib.import_module(f"xport.{name}")
    assert checked is xport.namespace(name, checked=True)
    assert descriptor(checked).random is descriptor(plain).random


def test_checked_jax_draws_with_jax_random(monkeypatch, checked_dispatch):
    jax = pytest.importorskip("jax")
    checked = xport.namespace("jax", checked=True)
    assert xr._resolve(checked)[0] is xr._resolve(xport.namespace("jax"))[0]
    calls = []
    real_normal = jax.random.normal

    def spy(*args, **kwargs):
        calls.append(args)
        return real_normal(*args, **kwargs)

    monkeypatch.setattr(jax.random, "normal", spy)
    k = xr.key(3, xp=checked)
    got = xr.normal(k, (5,))
    assert len(calls) == 1
    np.testing.assert_array_equal(np.asarray(got),
                                  np.asarray(real_normal(jax.random.key(3), (5,))))


@pytest.mark.parametrize("name", LIBRARIES)
def test_checked_namespace_gives_the_plain_numbers(name, monkeypatch):
    plain = xport.namespace(name)
    checked = xport.namespace(name, checked=True)
    want = {what: to_numpy(draw(xr.key(5, xp=plain))) for what, draw in DRAWS.items()}
    real = xr.namespace_of
    dispatched = []

    def checked_namespace_of(*arrays):
        found = real(*arrays, checked=True)
        dispatched.append(found)
        return found

    monkeypatch.setattr(xr, "namespace_of", checked_namespace_of)
    for what, draw in DRAWS.items():
        got = to_numpy(draw(xr.key(5, xp=checked)))
        assert got.dtype == want[what].dtype, what
        np.testing.assert_array_equal(got, want[what], err_msg=what)
    assert dispatched and all(ns is checked for ns in dispatched)

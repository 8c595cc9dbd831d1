"""The host route (MXNet's: no uint32 arithmetic) without MXNet installed.

``_common/random/host.HostRoute`` runs the host engine (xport.numpy, given
by ``xport.random`` as ``Target.host``) and moves arrays with a backend's
``travel`` hooks. A stand-in library here keeps NumPy arrays whose uint32
words travel as int64, as MXNet's do: its draws must be the NumPy route's.
"""

from __future__ import annotations

import types

import numpy as np
import pytest

import xport
import xport.random as xr
from xport._common import random as engine
from xport._common.backend import RandomHooks
from xport._common.random.host import HostRoute
from xport._common.random.target import Target


class Boxed:
    """An array of the stand-in library: a NumPy array on a named device."""

    def __init__(self, values, device):
        self.values = values
        self.device = device


def _from_numpy(a, device):
    return Boxed(a.astype(np.int64) if a.dtype == np.uint32 else a, device)


TRAVEL = types.SimpleNamespace(
    is_array=lambda x: isinstance(x, Boxed),
    to_numpy=lambda x: x.values,
    device_of=lambda x: x.device,
    from_numpy=_from_numpy,
)
ROUTE = HostRoute(TRAVEL)
STAND_IN = types.SimpleNamespace(__name__="stand_in", float32=np.float32, int32=np.int32)
TARGET = Target(STAND_IN, RandomHooks(route=ROUTE), lambda x: x.device, xr._host)


def test_host_route_draws_the_numpy_numbers_and_keeps_the_device():
    plain = xr.key(7, xp=xport.namespace("numpy"))
    k = ROUTE.key(TARGET, 7, "dev:1")
    assert isinstance(k, Boxed) and k.device == "dev:1" and k.values.dtype == np.int64
    np.testing.assert_array_equal(k.values, plain)
    cases = [
        ("split", (2,), {}), ("fold_in", (5,), {}), ("bits", ((6,), None), {}),
        ("uniform", ((6,),), {"dtype": np.float32, "minval": 0.0, "maxval": 1.0}),
        ("normal", ((6,), np.float32), {}),
        ("integers", ((6,),), {"low": 0, "high": 9, "dtype": np.int32}),
        ("permutation", (6, 0, False), {}),
        ("gamma", (0.5, (6,), np.float32), {}),
    ]
    for name, args, kwargs in cases:
        got = getattr(ROUTE, name)(TARGET, k, *args, **kwargs)
        want = getattr(engine, name)(xr._host(), plain, *args, **kwargs)
        assert got.device == "dev:1", name
        np.testing.assert_array_equal(got.values, np.asarray(want), err_msg=name)


def test_host_route_reads_array_parameters_on_the_host():
    plain = xr.key(3, xp=xport.namespace("numpy"))
    k = ROUTE.key(TARGET, 3, None)
    p = np.asarray([0.1, 0.9, 0.5], np.float32)
    got = ROUTE.bernoulli(TARGET, k, Boxed(p, None), None)
    np.testing.assert_array_equal(got.values, xr.bernoulli(plain, p))


def test_host_route_needs_a_host_engine():
    k = ROUTE.key(TARGET, 3, None)
    orphan = Target(STAND_IN, RandomHooks(route=ROUTE), lambda x: x.device)
    with pytest.raises(TypeError, match="host"):
        ROUTE.normal(orphan, k, (2,), np.float32)

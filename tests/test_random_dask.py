"""xport.random on Dask arrays: the NumPy backend's numbers, whatever the chunking."""

from __future__ import annotations

import numpy as np
import pytest

da = pytest.importorskip("dask.array")

import xport  # noqa: E402
import xport.random as xr  # noqa: E402

SAMPLERS = {
    "uniform": lambda k: xr.uniform(k, (7, 5)),
    "normal": lambda k: xr.normal(k, (1001,)),
    "integers": lambda k: xr.integers(k, (13,), -5, 10),
    "bits": lambda k: xr.bits(k, (6, 3)),
    "split": lambda k: xr.split(k, 3),
    "fold_in": lambda k: xr.fold_in(k, 17),
    # Dask runs gamma's rejection loops a fixed number of rounds (it cannot
    # read values lazily); NumPy loops until every element is accepted.
    "gamma": lambda k: xr.gamma(k, 0.8, (301,)),
    "truncated_normal": lambda k: xr.truncated_normal(k, -0.5, 2.0, (101,)),
}


@pytest.mark.parametrize("seed", [0, 3, 2**31 + 5])
@pytest.mark.parametrize("name", sorted(SAMPLERS))
def test_dask_draws_equal_numpys(name, seed):
    on_dask = SAMPLERS[name](xr.key(seed, xp=xport.dask))
    on_numpy = SAMPLERS[name](xr.key(seed, xp=xport.numpy))
    assert isinstance(on_dask, da.Array)  # lazy: nothing computed yet
    np.testing.assert_array_equal(np.asarray(on_dask.compute()), on_numpy)


@pytest.mark.parametrize("chunks", [1, 3, 7, 20])
def test_dask_numbers_do_not_depend_on_the_chunking(chunks):
    key = xr.key(11, xp=xport.dask)
    x = np.arange(20.0)
    p = np.linspace(0.05, 0.95, 20)
    want_perm = xr.permutation(xr.key(11, xp=xport.numpy), x)
    want_coin = xr.bernoulli(xr.key(11, xp=xport.numpy), p)
    got_perm = xr.permutation(key, da.from_array(x, chunks=chunks))
    got_coin = xr.bernoulli(key, da.from_array(p, chunks=chunks))
    np.testing.assert_array_equal(got_perm.compute(), want_perm)
    np.testing.assert_array_equal(got_coin.compute(), want_coin)


@pytest.mark.parametrize("chunk_size", ["4KiB", "64KiB"])
def test_dask_normal_per_chunk_is_the_whole_draw(chunk_size):
    # normal() runs per chunk (each chunk draws its own counters), float32 and
    # float64, so many chunks give the numbers of NumPy's single draw.
    import dask

    key = xr.key(4, xp=xport.dask)
    with dask.config.set({"array.chunk-size": chunk_size}):
        for dtype in ("float32", "float64"):
            got = xr.normal(key, (70, 431), getattr(xport.dask, dtype))
            assert len(got.chunks[0]) > 1 or got.npartitions > 1
            want = xr.normal(xr.key(4, xp=xport.numpy), (70, 431), getattr(xport.numpy, dtype))
            np.testing.assert_array_equal(got.compute(), want)

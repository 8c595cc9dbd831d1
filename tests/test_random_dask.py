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


# Samplers that Dask runs chunk by chunk on the NumPy route (scalar parameters).
PER_CHUNK = {
    "normal32": xr.normal,
    "normal64": lambda k, shape: xr.normal(k, shape, xr_dtype("float64")),
    "uniform": lambda k, shape: xr.uniform(k, shape, minval=-2.0, maxval=3.5),
    "uniform64": lambda k, shape: xr.uniform(k, shape, xr_dtype("float64")),
    "bits": xr.bits,
    "bits8": lambda k, shape: xr.bits(k, shape, xr_dtype("uint8")),
    "bits64": lambda k, shape: xr.bits(k, shape, xr_dtype("uint64")),
    "integers": lambda k, shape: xr.integers(k, shape, -7, 1000),
    "bernoulli": lambda k, shape: xr.bernoulli(k, 0.3, shape),
    "truncated_normal": lambda k, shape: xr.truncated_normal(k, -0.5, 2.0, shape),
}


def xr_dtype(name):
    # Dask's dtypes are NumPy's, so one name serves both namespaces.
    return getattr(xport.numpy, name)


@pytest.mark.parametrize("chunk_size", ["4KiB", "16KiB"])
@pytest.mark.parametrize("name", sorted(PER_CHUNK))
def test_dask_draws_per_chunk_are_the_whole_draw(name, chunk_size):
    # Each chunk draws the counters of its own elements, so many chunks give
    # the numbers of NumPy's single draw, from a graph of a few layers (not
    # one per cipher step).
    import dask

    key = xr.key(4, xp=xport.dask)
    with dask.config.set({"array.chunk-size": chunk_size}):
        got = PER_CHUNK[name](key, (70, 431))
    assert got.npartitions > 1
    assert len(got.dask.layers) < 10
    want = PER_CHUNK[name](xr.key(4, xp=xport.numpy), (70, 431))
    assert got.dtype == want.dtype
    np.testing.assert_array_equal(got.compute(), want)
    empty = PER_CHUNK[name](key, (0, 3)).compute()
    assert empty.shape == (0, 3) and empty.dtype == want.dtype


def test_dask_draws_are_chunked_as_dask_chunks_the_result():
    # Chunks follow Dask's array.chunk-size for the result's dtype, in whole
    # rows, so a float64 draw has twice the chunks of a float32 one.
    import dask

    key = xr.key(0, xp=xport.dask)
    with dask.config.set({"array.chunk-size": "1MiB"}):
        small = xr.normal(key, (3000, 100))
        large = xr.normal(key, (3000, 100), xr_dtype("float64"))
    assert small.chunks[1] == large.chunks[1] == (100,)
    assert max(small.chunks[0]) * 100 * 4 <= 2**20
    assert len(large.chunks[0]) >= 2 * len(small.chunks[0]) - 1
    np.testing.assert_array_equal(large.compute(), xr.normal(
        xr.key(0, xp=xport.numpy), (3000, 100), xr_dtype("float64")))
    # Rows larger than a chunk: the flat draw is cut within rows.
    with dask.config.set({"array.chunk-size": "4KiB"}):
        wide = xr.uniform(key, (3, 5000))
    assert wide.npartitions > 3
    np.testing.assert_array_equal(wide.compute(), xr.uniform(xr.key(0, xp=xport.numpy),
                                                             (3, 5000)))


def test_dask_array_parameters_take_the_whole_array_graph():
    # Array bounds broadcast with the draw; they give NumPy's numbers too.
    np_key, dask_key = xr.key(9, xp=xport.numpy), xr.key(9, xp=xport.dask)
    low = np.linspace(-3.0, 0.0, 12, dtype=np.float32)
    want = xr.uniform(np_key, (12,), minval=low, maxval=1.0)
    got = xr.uniform(dask_key, (12,), minval=da.from_array(low, chunks=5), maxval=1.0)
    np.testing.assert_array_equal(got.compute(), want)
    want = xr.truncated_normal(np_key, low, 1.0)
    got = xr.truncated_normal(dask_key, da.from_array(low, chunks=5), 1.0)
    np.testing.assert_array_equal(got.compute(), want)


def test_dask_errors_are_the_other_backends():
    key = xr.key(0, xp=xport.dask)
    with pytest.raises(TypeError, match="float32 or float64"):
        xr.uniform(key, (3,), xr_dtype("int32"))
    with pytest.raises(TypeError, match="integer dtype"):
        xr.integers(key, (3,), 0, 5, xr_dtype("float32"))
    with pytest.raises(TypeError, match="unsigned integer"):
        xr.bits(key, (3,), xr_dtype("int32"))

"""The same xport function on NumPy and on a real (local) Dask cluster."""

from __future__ import annotations

import numpy as np
import pytest

da = pytest.importorskip("dask.array")
distributed = pytest.importorskip("distributed")

import xport  # noqa: E402


def standardise_and_project(x, w):
    """Written once against the standard: centre and scale the columns, clip
    outliers, project, and summarise."""
    xp = xport.namespace_of(x, w)
    z = (x - xp.mean(x, axis=0)) / xp.std(x, axis=0, correction=1)
    z = xp.clip(z, -3.0, 3.0)
    scores = xp.tanh(z @ w)
    ranked = xp.sort(scores, axis=0, descending=True)
    return xp.cumulative_sum(ranked, axis=0), xp.linalg.vector_norm(z, axis=1)


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       host="127.0.0.1", dashboard_address=None,
                                       silence_logs=40)
    client = distributed.Client(cluster)
    try:
        yield client
    finally:
        client.close()
        cluster.close()


def test_same_function_on_numpy_and_on_a_cluster(client):
    rng = np.random.default_rng(0)
    x_np, w_np = rng.normal(size=(400, 8)), rng.normal(size=(8, 3))
    want = standardise_and_project(x_np, w_np)

    x = da.from_array(x_np, chunks=(50, 4))
    w = da.from_array(w_np, chunks=(4, 3))
    lazy = standardise_and_project(x, w)
    assert all(isinstance(part, da.Array) for part in lazy)  # nothing computed yet
    got = client.compute(list(lazy), sync=True)
    assert len(client.scheduler_info()["workers"]) == 2
    for g, wnt in zip(got, want, strict=True):
        np.testing.assert_allclose(g, wnt, rtol=1e-10, atol=1e-10)


def test_data_dependent_and_linalg_on_a_cluster(client):
    import xport.dask as xp

    rng = np.random.default_rng(1)
    a = rng.integers(0, 5, size=(30, 4))
    stack = rng.normal(size=(12, 3, 3)) + 3 * np.eye(3)
    x = da.from_array(a, chunks=(7, 2))
    s = da.from_array(stack, chunks=(4, 3, 3))
    values, counts = xp.unique_counts(x)
    inv = xp.linalg.inv(s)
    got_values, got_counts, got_inv = client.compute([values, counts, inv], sync=True)
    want_values, want_counts = np.unique_counts(a)
    np.testing.assert_array_equal(got_values, want_values)
    np.testing.assert_array_equal(got_counts, want_counts)
    np.testing.assert_allclose(got_inv, np.linalg.inv(stack))


def test_random_draws_on_a_cluster(client):
    # The per-chunk samplers travel to worker processes and give NumPy's numbers.
    import dask

    import xport.random as xr

    key, np_key = xr.key(3, xp=xport.dask), xr.key(3, xp=xport.numpy)
    with dask.config.set({"array.chunk-size": "16KiB"}):
        lazy = [xr.normal(key, (5000,)), xr.integers(key, (5000,), 0, 7),
                xr.gamma(key, da.from_array(np.full(3000, 1.5, np.float32), chunks=700))]
    assert all(part.npartitions > 1 for part in lazy)
    got = client.compute(lazy, sync=True)
    want = [xr.normal(np_key, (5000,)), xr.integers(np_key, (5000,), 0, 7),
            xr.gamma(np_key, np.full(3000, 1.5, np.float32))]
    for g, wnt in zip(got, want, strict=True):
        np.testing.assert_array_equal(g, wnt)

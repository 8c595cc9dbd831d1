"""Float32 normals from a table of their 2**23 values (NumPy and PyTorch on
the CPU, issue #37).

Once a process's eager float32 normal draws have taken ``XPORT_RANDOM_COMPILE``
seconds, NumPy and PyTorch draw them as the cipher and a lookup (on PyTorch
compiled in its turn, once that pays). The numbers must not
change: every tabulated draw is compared with the eager route's (which
tests/test_random.py holds to JAX's) and, where JAX is installed, with
``jax.random.normal`` itself.
"""

from __future__ import annotations

import numpy as np
import pytest

import xport
import xport.random as xr
from xport._common.random import budget, tables

try:
    import jax
except ImportError:
    jax = None

SIZES = [1, 7, 65536, 3 * 65536 + 11]


@pytest.fixture
def fresh_tables(monkeypatch):
    """No table built or draw timed yet in this test."""
    monkeypatch.setattr(tables, "_tabulations", {})
    return tables._tabulations


def eager_normals(key, shape, monkeypatch):
    with monkeypatch.context() as eager:
        eager.setenv(budget.ENVIRONMENT, "never")
        return xr.normal(key, shape)


def assert_bits_equal(got, want):
    assert got.dtype == want.dtype == np.float32 and got.shape == want.shape
    np.testing.assert_array_equal(got.view(np.uint32), want.view(np.uint32))


def on_host(x):
    return np.asarray(x.numpy() if hasattr(x, "numpy") else x)


@pytest.mark.parametrize("library", ["numpy", "torch"])
def test_tabulated_normals_are_the_eager_ones(library, monkeypatch, fresh_tables):
    pytest.importorskip(library)
    xp = xport.namespace(library)
    monkeypatch.setenv(budget.ENVIRONMENT, "always")
    for seed in (0, 5, 2**32 - 1):
        key = xr.key(seed, xp=xp)
        for shape in [(), (0,), (3, 5), *((n,) for n in SIZES)]:
            assert_bits_equal(on_host(xr.normal(key, shape)),
                              on_host(eager_normals(key, shape, monkeypatch)))
    (state,) = fresh_tables.values()
    assert tuple(state.made.shape) == (tables.ENTRIES,) and state.made.dtype == xp.float32


def test_pytorch_keeps_a_table_in_memory_aligned_for_huge_pages():
    torch = pytest.importorskip("torch")
    import gc
    import mmap

    from xport.torch import _random

    table = torch.arange(1 << 20, dtype=torch.float32)
    kept = _random.keeps_table(table)
    gc.collect()  # the memory must live as long as the tensor, not the call
    assert kept.dtype == table.dtype and kept.shape == table.shape
    assert torch.equal(kept, table)
    if hasattr(mmap, "MADV_HUGEPAGE"):
        assert kept.data_ptr() != table.data_ptr() and kept.data_ptr() % (2 << 20) == 0
    else:
        assert kept is table


def test_pytorch_keeps_a_table_as_built_where_the_os_refuses(monkeypatch):
    torch = pytest.importorskip("torch")
    import mmap

    from xport.torch import _random

    def refused(*args, **kwargs):
        raise OSError(22, "Invalid argument")

    monkeypatch.setattr(mmap, "mmap", refused)
    table = torch.arange(16, dtype=torch.float32)
    assert _random.keeps_table(table) is table


def test_no_table_inside_torch_compile(monkeypatch, fresh_tables):
    torch = pytest.importorskip("torch")
    monkeypatch.setenv(budget.ENVIRONMENT, "always")
    key = xr.key(4, xp=xport.namespace("torch"))
    got = torch.compile(lambda k: xr.normal(k, (50,)), fullgraph=True, backend="eager")(key)
    assert fresh_tables == {}
    assert_bits_equal(on_host(got), on_host(eager_normals(key, (50,), monkeypatch)))


@pytest.mark.skipif(jax is None, reason="compares with jax.random, not installed here")
def test_tabulated_normals_are_jaxs_over_most_of_the_table(monkeypatch, fresh_tables):
    # 2**24 draws read about 86 % of the table's entries.
    monkeypatch.setenv(budget.ENVIRONMENT, "always")
    n = 1 << 24
    got = xr.normal(xr.key(21, xp=xport.numpy), (n,))
    want = np.asarray(jax.random.normal(jax.random.key(21), (n,)))
    assert_bits_equal(got, want)


def test_dask_chunks_draw_from_the_table(monkeypatch, fresh_tables):
    da = pytest.importorskip("dask.array")
    monkeypatch.setenv(budget.ENVIRONMENT, "always")
    key = xr.key(3, xp=xport.dask)
    got = xr.normal(key, (100_000,)).rechunk(30_000)
    want = eager_normals(xr.key(3, xp=xport.numpy), (100_000,), monkeypatch)
    assert isinstance(got, da.Array)
    assert_bits_equal(np.asarray(got.compute()), want)
    assert [state.made is not None for state in fresh_tables.values()] == [True]


def test_a_table_is_built_once_the_eager_draws_cost_the_budget(monkeypatch, fresh_tables):
    key = xr.key(7, xp=xport.numpy)
    monkeypatch.setenv(budget.ENVIRONMENT, "1000")
    first = xr.normal(key, (3000,))
    (state,) = fresh_tables.values()
    assert state.made is None and state.spent > 0.0
    monkeypatch.setenv(budget.ENVIRONMENT, str(state.spent / 2))
    second = xr.normal(key, (3000,))
    assert state.made is not None
    assert_bits_equal(second, first)


def test_no_table_with_never_nor_for_float64(monkeypatch, fresh_tables):
    monkeypatch.setenv(budget.ENVIRONMENT, "never")
    key = xr.key(7, xp=xport.numpy)
    for _ in range(3):
        xr.normal(key, (300,))
    monkeypatch.setenv(budget.ENVIRONMENT, "always")
    xr.normal(key, (300,), dtype=np.float64)
    xr.uniform(key, (300,))
    assert fresh_tables == {}


def test_never_draws_eagerly_beside_a_built_table(monkeypatch, fresh_tables):
    monkeypatch.setenv(budget.ENVIRONMENT, "always")
    key = xr.key(8, xp=xport.numpy)
    tabulated = xr.normal(key, (500,))
    (state,) = fresh_tables.values()
    monkeypatch.setattr(state, "made", np.full(tables.ENTRIES, np.nan, np.float32))
    assert np.isnan(xr.normal(key, (500,))).all()  # the table is read
    monkeypatch.setenv(budget.ENVIRONMENT, "never")
    assert_bits_equal(xr.normal(key, (500,)), tabulated)  # and with never, it is not


@pytest.mark.parametrize("value", ["soon", "-1", "nan"])
def test_a_bad_setting_names_the_variable(value, monkeypatch, fresh_tables):
    monkeypatch.setenv(budget.ENVIRONMENT, value)
    with pytest.raises(ValueError, match=f"XPORT_RANDOM_COMPILE takes .*got '{value}'"):
        xr.normal(xr.key(1, xp=xport.numpy), (4,))

"""xport.dask: dask.array's own functions where they conform, lazy wrappers
where they deviate; nothing computes; graphs no bigger than dask.array's."""

from __future__ import annotations

import math

import numpy as np
import pytest

da = pytest.importorskip("dask.array")
dask = pytest.importorskip("dask")

import xport  # noqa: E402
import xport.autodiff as ad  # noqa: E402
import xport.dask as xp  # noqa: E402
from xport._spec import names  # noqa: E402
from xport.scatter import segment_max, segment_sum  # noqa: E402

SYNC = {"scheduler": "synchronous"}


def compute(x):
    return np.asarray(x.compute(**SYNC))


def chunked(a, chunks=2):
    return da.from_array(np.asarray(a), chunks=chunks)


class ComputedError(Exception):
    """Raised by the data of a poisoned array: something computed it."""


def _boom(shape, dtype):
    raise ComputedError(f"data of shape {shape} was computed")


def poisoned(shape, dtype="float64", chunks=2):
    """A lazy array whose every chunk raises when computed."""
    blocks = da.ones(shape, dtype=dtype, chunks=chunks)
    return blocks.map_blocks(lambda b: _boom(b.shape, b.dtype), dtype=np.dtype(dtype))


# --- the namespace ----------------------------------------------------------------------

def test_namespace_of_and_by_name():
    x = da.ones(3)
    assert xport.namespace_of(x) is xp
    assert xport.namespace("dask") is xp
    assert xport.namespace("dask.array") is xp
    assert xport.backend_of(x) == "dask"
    assert xp.__array_api_version__ == names.LATEST_VERSION


def test_provenance_lists_every_name():
    assert set(xp._PROVENANCE) == set(names.MAIN_FUNCTION_NAMES[names.LATEST_VERSION])
    assert "missing" not in xp._PROVENANCE.values()
    assert "missing" not in xp.linalg._PROVENANCE.values()
    assert "missing" not in xp.fft._PROVENANCE.values()
    # Conforming functions are dask.array's own objects.
    assert xp.exp is da.exp and xp.sum is da.sum and xp.acos is da.arccos
    assert xp._PROVENANCE["exp"] == "native"
    assert xp._PROVENANCE["sort"] == "wrapped"


def test_dtypes_are_numpy_dtypes():
    assert xp.float32 == da.ones(1, dtype="float32").dtype
    info = xp.__array_namespace_info__()
    assert info.devices() == ("cpu",)
    assert info.capabilities()["data-dependent shapes"] is True
    assert xp.isdtype(xp.int8, "integral")
    assert xp.finfo(da.ones(2, dtype="float32")).bits == 32
    assert xp.result_type(da.ones(1, dtype="int8"), xp.int16, 1) == xp.int16


def test_device_keywords():
    assert compute(xp.zeros(3, device="cpu")).tolist() == [0, 0, 0]
    with pytest.raises(ValueError, match="device"):
        xp.ones(3, device="gpu")


# --- lazy all the way -----------------------------------------------------------------------

def test_no_function_computes():
    x = poisoned((4, 4))
    v = poisoned((4,))
    i = poisoned((4,), dtype="int64")
    lazy = [
        xp.sort(x, axis=0), xp.argsort(x, descending=True), xp.unique_values(x),
        *xp.unique_all(x), *xp.unique_counts(v), *xp.unique_inverse(x), *xp.nonzero(x),
        xp.repeat(v, i), xp.take_along_axis(x, xp.astype(x, xp.int64), axis=1),
        xp.cumulative_sum(x, axis=1, include_initial=True), xp.clip(x, 0.0, v),
        xp.std(x, correction=1), xp.count_nonzero(x, keepdims=True), xp.vecdot(x, x),
        xp.matrix_transpose(x), xp.searchsorted(v, 0.5), xp.isin(i, 3), xp.unstack(x)[0],
        xp.asarray(x, copy=True), xp.astype(x, xp.float32), xp.reshape(x, (16,)),
        xp.linalg.inv(x), xp.linalg.det(x), *xp.linalg.svd(x), *xp.linalg.qr(x),
        *xp.linalg.eigh(x), xp.linalg.solve(x, v), xp.linalg.vector_norm(x, axis=1),
        xp.linalg.matrix_norm(x), xp.linalg.pinv(x), xp.linalg.cross(x[:, :3], x[:, 1:]),
        xp.fft.fft(x, axis=0), xp.fft.rfftn(x), x[x > 0],
        xport.at(x, (0, slice(None))).add(1.0), xport.at(x, i[:2]).add(1.0),
        xport.at(x)[x > 0].set(0.0), segment_sum(x, i, 3),
    ]
    assert all(isinstance(a, da.Array) for a in lazy)
    with pytest.raises(ComputedError):
        compute(xp.sort(x, axis=0))


def test_data_dependent_sizes_are_nan():
    x = chunked([[1.0, 2.0], [2.0, 3.0], [np.nan, np.nan]])
    values = xp.unique_values(x)
    assert len(values.shape) == 1 and math.isnan(values.shape[0])
    got = compute(values)
    assert sorted(got[~np.isnan(got)].tolist()) == [1.0, 2.0, 3.0]
    assert int(np.isnan(got).sum()) == 2  # every NaN is distinct
    (rows, cols) = xp.nonzero(x > 1.5)
    assert math.isnan(rows.shape[0]) and compute(rows).tolist() == [0, 1, 1]
    inverse = xp.unique_inverse(x).inverse_indices
    assert inverse.shape == x.shape  # known: it has x's shape
    counts = xp.unique_counts(x).counts
    assert math.isnan(counts.shape[0])
    repeated = xp.repeat(chunked([1, 2, 3]), chunked([0, 2, 1]))
    assert math.isnan(repeated.shape[0]) and compute(repeated).tolist() == [2, 2, 3]


def test_copies_add_no_tasks():
    x = da.ones((4, 4), chunks=2) + 1
    tasks = len(x.__dask_graph__())
    for y in (xp.asarray(x, copy=True), xp.astype(x, x.dtype), xp.astype(x, x.dtype,
                                                                            copy=False)):
        assert len(y.__dask_graph__()) == tasks
    y = xp.asarray(x, copy=True)
    y[0, 0] = 5.0  # Dask's setitem rebinds y alone
    assert compute(x)[0, 0] == 2.0 and compute(y)[0, 0] == 5.0


# --- zero graph overhead ---------------------------------------------------------------

def _pipeline_xport(x, w):
    xp_ = xport.namespace_of(x, w)
    y = xp_.exp(xp_.multiply(x, 0.5))
    y = xp_.add(y, xp_.sqrt(xp_.abs(x)))
    centred = xp_.subtract(y, xp_.mean(y, axis=0))
    scaled = xp_.divide(centred, xp_.std(y, axis=0, correction=1))
    clipped = xp_.where(scaled > 3.0, 3.0, scaled)
    z = xp_.matmul(xp_.matrix_transpose(clipped), xp_.tanh(clipped))
    z = xp_.concat([z, xp_.reshape(w, (1, -1))], axis=0)
    z = xp_.astype(z, xp_.float32)
    return xp_.sum(xp_.maximum(z, 0.0), axis=1)


def _pipeline_dask(x, w):
    y = da.exp(da.multiply(x, 0.5))
    y = da.add(y, da.sqrt(da.abs(x)))
    centred = da.subtract(y, da.mean(y, axis=0))
    scaled = da.divide(centred, da.std(y, axis=0, ddof=1))
    clipped = da.where(scaled > 3.0, 3.0, scaled)
    z = da.matmul(da.swapaxes(clipped, -1, -2), da.tanh(clipped))
    z = da.concatenate([z, da.reshape(w, (1, -1))], axis=0)
    z = z.astype(np.float32)
    return da.sum(da.maximum(z, 0.0), axis=1)


def test_graph_has_no_more_tasks_than_dask_array():
    rng = np.random.default_rng(0)
    x_np, w_np = rng.normal(size=(40, 6)), rng.normal(size=6)
    x, w = da.from_array(x_np, chunks=(10, 3)), da.from_array(w_np, chunks=3)
    ours, theirs = _pipeline_xport(x, w), _pipeline_dask(x, w)
    n_ours, n_theirs = len(ours.__dask_graph__()), len(theirs.__dask_graph__())
    assert n_ours <= n_theirs, (n_ours, n_theirs)
    layers = len(ours.__dask_graph__().layers), len(theirs.__dask_graph__().layers)
    assert layers[0] <= layers[1], layers
    np.testing.assert_allclose(compute(ours), compute(theirs))
    np.testing.assert_allclose(compute(ours), _pipeline_xport(x_np, w_np), rtol=1e-6)


# --- chunked results match NumPy ------------------------------------------------------------

def test_whole_axis_functions_across_chunks():
    rng = np.random.default_rng(1)
    a = rng.normal(size=(5, 7))
    x = chunked(a, 2)
    np.testing.assert_array_equal(compute(xp.sort(x, axis=1, descending=True)),
                                  -np.sort(-a, axis=1))
    np.testing.assert_array_equal(compute(xp.argsort(x, axis=0)), np.argsort(a, axis=0,
                                                                             kind="stable"))
    idx = rng.integers(0, 7, size=(5, 3))
    np.testing.assert_array_equal(compute(xp.take_along_axis(x, chunked(idx), axis=1)),
                                  np.take_along_axis(a, idx, axis=1))
    np.testing.assert_allclose(compute(xp.cumulative_prod(x, axis=1, include_initial=True)),
                               np.cumulative_prod(a, axis=1, include_initial=True))
    np.testing.assert_allclose(compute(xp.fft.fftn(x)), np.fft.fftn(a))


def test_linalg_on_a_chunked_stack():
    rng = np.random.default_rng(2)
    a = rng.normal(size=(6, 3, 3)) + 3 * np.eye(3)
    x = da.from_array(a, chunks=(2, 2, 2))
    np.testing.assert_allclose(compute(xp.linalg.inv(x)), np.linalg.inv(a))
    np.testing.assert_allclose(compute(xp.linalg.det(x)), np.linalg.det(a))
    u, s, vh = xp.linalg.svd(x, full_matrices=False)
    np.testing.assert_allclose(compute(u) * compute(s)[:, None, :] @ compute(vh), a,
                               atol=1e-12)
    assert xp.linalg.inv(x).numblocks[0] > 1  # the stack stays split
    np.testing.assert_allclose(compute(xp.linalg.vector_norm(x, axis=(1, 2))),
                               np.linalg.vector_norm(a, axis=(1, 2)))


def test_empty_matrices_and_arrays():
    # dask.array's gufuncs and repeat fail on zero-length axes; the results are known.
    for shape in [(0, 0), (3, 0, 0), (0, 2, 2)]:
        a = np.zeros(shape, np.float32)
        x = da.from_array(a)
        for name in ("inv", "cholesky", "eigvalsh"):
            got = getattr(xp.linalg, name)(x)
            want = getattr(np.linalg, name)(a)
            assert got.shape == want.shape and got.dtype == want.dtype
            assert compute(got).shape == want.shape
        got = xp.linalg.solve(x, da.from_array(np.zeros((*shape[:-1], 2), np.float32)))
        assert compute(got).shape == (*shape[:-1], 2)
    empty = da.from_array(np.zeros((0, 2), bool))
    assert compute(xp.repeat(empty, 2, axis=0)).shape == (0, 2)
    assert compute(xp.repeat(empty, 3, axis=1)).shape == (0, 6)
    assert xp.repeat(da.from_array(np.zeros(0)), da.from_array(np.zeros(0, np.int8))).shape == (0,)


@pytest.mark.parametrize("num", [2, 7, 108, 1001])
def test_linspace_ends_at_stop(num):
    for start, stop in [(0.0, 1.0), (-3.3, 7.1), (1e-8, 0.3)]:
        got = xp.linspace(start, stop, num)
        values = compute(got)
        assert values[-1] == stop and values[0] == start
        np.testing.assert_allclose(values, np.linspace(start, stop, num), rtol=1e-15)
    complex_values = compute(xp.linspace(1 - 2j, -1 + 3j, num))
    np.testing.assert_allclose(complex_values, np.linspace(1 - 2j, -1 + 3j, num), rtol=1e-15)
    assert complex_values.dtype == np.complex128 and complex_values[-1] == -1 + 3j



# --- Dask's own keywords, passed on as array-api-compat does -----------------------------------

def test_creation_functions_pass_chunks_on():
    assert xp.zeros(10, chunks=5).chunks == ((5, 5),)
    assert xp.ones((4, 3), chunks=2).chunks == ((2, 2), (2, 1))
    assert xp.empty(5, chunks=2).chunks == ((2, 2, 1),)
    full = xp.full(5, 7, chunks=3)
    assert full.chunks == ((3, 2),) and compute(full).tolist() == [7] * 5
    arange = xp.arange(10, chunks=4)
    assert arange.chunks == ((4, 4, 2),) and compute(arange).tolist() == list(range(10))
    assert xp.arange(2, 11, 3, chunks=2).chunks == ((2, 1),)  # 2, 5 | 8
    host = np.arange(5.0)
    x = xp.asarray(host, chunks=2)
    assert x.chunks == ((2, 2, 1),) and compute(x).tolist() == [0.0, 1.0, 2.0, 3.0, 4.0]
    assert xp.asarray([[1, 2, 3], [4, 5, 6]], chunks=(1, 2)).chunks == ((1, 1), (2, 1))
    assert xp.asarray(x, chunks=5).chunks == ((2, 2, 1),)  # a Dask array keeps its chunks
    like = chunked(np.ones((4, 4)))
    for func in (xp.zeros_like, xp.ones_like, xp.empty_like):
        assert func(like, chunks=4).chunks == ((4,), (4,))
    filled = xp.full_like(like, 3.0, chunks=(1, 4))
    assert filled.chunks == ((1, 1, 1, 1), (4,)) and compute(filled).sum() == 48.0
    eye = xp.eye(4, chunks=2)
    assert eye.chunks == ((2, 2), (2, 2))
    np.testing.assert_array_equal(compute(eye), np.eye(4))
    wide = xp.eye(3, 5, k=1, chunks=2)  # cut from a 5x5 eye chunked (2, 2, 1)
    assert wide.chunks == ((2, 1), (2, 2, 1))
    np.testing.assert_array_equal(compute(wide), np.eye(3, 5, k=1))
    assert xp.eye(2, 3, k=5, chunks=1).chunks == ((1, 1), (1, 1, 1))  # all zeros
    spaced = xp.linspace(0.0, 1.0, 5, chunks=2)
    assert spaced.chunks == ((2, 2, 1),)
    assert compute(spaced).tolist() == [0.0, 0.25, 0.5, 0.75, 1.0]
    values, step = xp.linspace(0.0, 1.0, 5, chunks=2, retstep=True)
    assert step == 0.25 and compute(values).tolist() == [0.0, 0.25, 0.5, 0.75, 1.0]
    values, step = xp.linspace(0, 1 + 2j, 3, retstep=True)
    assert step == 0.5 + 1j and compute(values).tolist() == [0, 0.5 + 1j, 1 + 2j]


def test_reductions_and_manipulation_pass_dask_keywords_on():
    a = np.arange(8.0)  # mean 3.5, squared deviations sum to 42
    x = chunked(a, 2)
    assert compute(xp.var(x, split_every=2)) == 42.0 / 8
    assert compute(xp.var(x, correction=1, split_every=2)) == 6.0
    assert compute(xp.std(x, split_every=2)) == compute(xp.std(x)) == math.sqrt(42.0 / 8)
    assert compute(xp.std(x, split_every=2, dtype=np.float32)).dtype == np.float32
    assert compute(xp.cumulative_sum(x, method="blelloch", include_initial=True)).tolist() == \
        [0.0, 0.0, 1.0, 3.0, 6.0, 10.0, 15.0, 21.0, 28.0]
    assert compute(xp.cumulative_prod(x + 1, method="blelloch")).tolist() == \
        [1.0, 2.0, 6.0, 24.0, 120.0, 720.0, 5040.0, 40320.0]
    # merge_chunks=False keeps blocks whole: rows of one, so twelve (1, 2) blocks
    grid = chunked(np.arange(24).reshape(4, 6), 2)
    flat = xp.reshape(grid, (24,), merge_chunks=False)
    assert flat.chunks == ((2,) * 12,) and compute(flat).tolist() == list(range(24))
    assert compute(xp.linalg.trace(chunked(np.eye(4), 2), split_every=2)) == 4.0
    # allow_unknown_chunksizes: rows of data-dependent number, joined side by side
    y = chunked(np.arange(6).reshape(2, 3), 1)
    z = y[y[:, 0] > -1]
    with pytest.raises(ValueError, match="unknown"):
        xp.concat([z, z], axis=1)
    np.testing.assert_array_equal(compute(xp.concat([z, z], axis=1, allow_unknown_chunksizes=True)),
                                  [[0, 1, 2, 0, 1, 2], [3, 4, 5, 3, 4, 5]])


def test_dask_keywords_stay_lazy():
    x = poisoned((4, 4))
    lazy = [
        xp.std(x, split_every=2), xp.var(x, axis=0, split_every=2),
        xp.cumulative_sum(x, axis=0, method="blelloch"), xp.reshape(x, (16,), merge_chunks=False),
        xp.linalg.trace(x, split_every=2), xp.zeros_like(x, chunks=4),
        xp.concat([x, x], allow_unknown_chunksizes=True),
    ]
    assert all(isinstance(a, da.Array) for a in lazy)


def test_keywords_dask_has_no_use_for_raise_type_error():
    # As in array-api-compat: there the Dask function takes none of them.
    x = chunked(np.eye(3), 2)
    calls = [
        lambda: xp.nonzero(x, foo=1), lambda: xp.nonzero(xp.zeros(0), foo=1),
        lambda: xp.matmul(x, x, foo=1), lambda: xp.tensordot(x, x, foo=1),
        lambda: xp.linalg.diagonal(x, axis1=0), lambda: xp.linalg.cholesky(x, lower=True),
        lambda: xp.linalg.qr(x, foo=1), lambda: xp.linalg.svd(x, coerce_signs=True),
        lambda: xp.linalg.matrix_rank(x, foo=1),
    ]
    for call in calls:
        with pytest.raises(TypeError):
            call()


# --- extensions -------------------------------------------------------------------------------

def test_functional_updates():
    a = np.arange(8.0)
    x = chunked(a, 3)
    idx = np.array([1, 1, 5])
    np.testing.assert_array_equal(compute(xport.at(x, chunked(idx)).add(1.0)),
                                  xport.at(a, idx).add(1.0))
    np.testing.assert_array_equal(compute(xport.at(x, slice(2, 6)).multiply(2.0)),
                                  xport.at(a, slice(2, 6)).multiply(2.0))
    np.testing.assert_array_equal(compute(xport.at(x)[x > 4].set(0.0)),
                                  np.where(a > 4, 0.0, a))
    assert compute(x).tolist() == a.tolist()  # x itself unchanged
    with pytest.raises(ValueError, match="immutable"):
        xport.at(x, 0).set(1.0, copy=False)
    ids = np.array([0, 2, 2, 1, 0, 3, 3, 1])
    np.testing.assert_array_equal(compute(segment_max(x, chunked(ids), 3)),
                                  segment_max(a, ids, 3))


def test_autodiff_says_dask_has_none():
    with pytest.raises(TypeError, match="dask has no automatic differentiation"):
        ad.grad(lambda x: xp.sum(x * x))(da.ones(3))
    assert ad.stop_gradient(da.ones(3)) is not None


# --- found by the official suite at 200 examples (expected values from NumPy) -------------

@pytest.mark.parametrize(("shape1", "shape2"), [
    ((1,), (4, 3, 2, 1)),      # inner size 1 against 2: dask.array.matmul broadcast it
    ((3, 1), (3,)),            # the same, 1-d on the right
    ((2, 3), (4, 5)),          # inner sizes differ
    ((2, 2, 3), (3, 3, 4)),    # stacks that do not broadcast
    ((), (3,)),                # 0-d operand
])
def test_matmul_of_shapes_that_do_not_fit_raises_at_the_call(shape1, shape2):
    a, b = np.ones(shape1, dtype="int32"), np.ones(shape2, dtype="int32")
    with pytest.raises(ValueError):
        np.matmul(a, b)  # the reference refuses them too
    with pytest.raises(ValueError):
        xp.matmul(chunked(a), chunked(b))
    with pytest.raises(ValueError):
        xp.linalg.matmul(chunked(a), chunked(b))


def test_matmul_of_broadcast_stacks():
    a = np.arange(5 * 1 * 2 * 3, dtype="int16").reshape(5, 1, 2, 3)
    b = np.arange(4 * 3 * 2, dtype="uint8").reshape(4, 3, 2)
    got = xp.matmul(chunked(a), chunked(b))
    assert got.shape == (5, 4, 2, 2) and got.dtype == np.matmul(a, b).dtype
    np.testing.assert_array_equal(compute(got), np.matmul(a, b))


def test_tensordot_with_negative_axes():
    # dask.array.tensordot gives wrong values for negative axes (here 4x NumPy's).
    a = np.array([347, 2535], dtype="uint32")
    b = np.full((4, 2, 2, 4, 1), 158, dtype="uint16")
    b[3, 0, 0, 0, 0] = 121
    for axes in (((-1,), (1,)), ((0,), (-4,)), ((-1,), (-4,))):
        got = xp.tensordot(chunked(a), chunked(b), axes=axes)
        want = np.tensordot(a, b, axes=axes)
        assert got.dtype == want.dtype == np.uint32
        np.testing.assert_array_equal(compute(got), want)
    x = np.arange(24, dtype="uint32").reshape(2, 3, 4) * np.uint32(2**30)
    y = np.arange(12, dtype="uint32").reshape(4, 3) + np.uint32(2**31)
    got = xp.linalg.tensordot(chunked(x), chunked(y), axes=([-1, -2], [0, -1]))
    np.testing.assert_array_equal(compute(got), np.tensordot(x, y, axes=([2, 1], [0, 1])))
    with pytest.raises(ValueError):
        xp.tensordot(chunked(np.ones((2, 1))), chunked(np.ones((3, 5))), axes=1)
    with pytest.raises(IndexError):
        xp.tensordot(chunked(np.ones((2, 3))), chunked(np.ones((3, 5))), axes=((2,), (0,)))


def test_cross_with_broadcast_stacks():
    a = np.array([[[7, 5, 5]], [[1, 9, 4]], [[2, 3, 6]], [[1, 3, 4]]], dtype="uint8")
    empty = np.zeros((1, 0, 3), dtype="uint32")
    got = xp.linalg.cross(chunked(a), chunked(empty, 1))
    want = np.linalg.cross(a, empty)
    assert got.shape == want.shape == (4, 0, 3) and got.dtype == want.dtype
    b = np.arange(15, dtype="int16").reshape(1, 5, 3) - 7
    np.testing.assert_array_equal(compute(xp.linalg.cross(chunked(a), chunked(b))),
                                  np.linalg.cross(a, b))
    np.testing.assert_array_equal(
        compute(xp.linalg.cross(chunked(np.moveaxis(a, -1, 0)), chunked(b[0, 0]), axis=0)),
        np.moveaxis(np.linalg.cross(a, b[0, 0]), -1, 0))


def test_empty_arrays_of_shapes_dask_cannot_auto_chunk():
    # dask.array's automatic chunking divides by zero on this empty shape.
    shape = (2, 1, 0, 1, 2, 1, 18)
    for made in (xp.zeros(shape, dtype=xp.complex128), xp.ones(shape), xp.empty(shape),
                 xp.full(shape, 2.0), xp.asarray(np.zeros(shape, dtype="float32"))):
        assert made.shape == shape
        assert compute(made).shape == shape
    assert xp.zeros((0, 5), chunks=2).chunks == ((0,), (2, 2, 1))  # chunks= still honoured
    a = np.zeros((0, 0), dtype="float32")
    got = xp.linalg.solve(xp.asarray(a), xp.asarray(np.zeros((0,), dtype="float32")))
    assert got.shape == (0,) and got.dtype == np.float32


def test_solve_with_broadcast_stacks():
    rng = np.random.default_rng(0)
    a = rng.standard_normal((2, 1, 3, 3)) + 4 * np.eye(3)
    b = rng.standard_normal((4, 3, 2))
    np.testing.assert_allclose(compute(xp.linalg.solve(chunked(a, 1), chunked(b, 2))),
                               np.linalg.solve(a, b), rtol=1e-12)
    v = rng.standard_normal(3)
    np.testing.assert_allclose(compute(xp.linalg.solve(chunked(a, 1), chunked(v))),
                               np.linalg.solve(a, v[:, None])[..., 0], rtol=1e-12)
    empty_stack = xp.linalg.solve(chunked(a[:1, :1]), chunked(np.zeros((0, 3, 2))))
    assert empty_stack.shape == np.linalg.solve(a[:1, :1], np.zeros((0, 3, 2))).shape


@pytest.mark.parametrize("axis", [(3, 3), (0, -4), (1, 1)])
def test_expand_dims_with_repeated_positions_raises_value_error(axis):
    with pytest.raises(ValueError):
        np.expand_dims(np.zeros((0, 3)), axis)
    with pytest.raises(ValueError, match="repeats"):
        xp.expand_dims(xp.zeros((0, 3)), axis=axis)


def test_expand_dims_with_tuples():
    a = np.arange(6).reshape(2, 3)
    for axis in [(0, -1), (-1, -2), (3, 0), (1, 3, 0), 2, -3]:
        got = xp.expand_dims(chunked(a), axis=axis)
        np.testing.assert_array_equal(compute(got), np.expand_dims(a, axis))
    for axis in [4, -5, (0, 4), (-5, 0)]:
        with pytest.raises(IndexError):
            xp.expand_dims(chunked(a), axis=axis)


def test_clip_broadcasts_x_to_the_bounds():
    x = np.zeros((1, 0), dtype="float32")
    lo, hi = np.zeros((5, 1, 6, 1, 0), dtype="float32"), np.ones((1, 4, 1, 5, 1, 1, 0),
                                                                    dtype="float32")
    got = xp.clip(xp.asarray(x), min=xp.asarray(lo), max=xp.asarray(hi))
    want = np.clip(x, lo, hi)
    assert got.shape == want.shape == (1, 4, 5, 5, 6, 1, 0) and got.dtype == want.dtype
    a = np.arange(6, dtype="int8").reshape(3, 2)
    low = np.array([[1], [2], [3]], dtype="int8")
    high = np.array([[[4, 5]], [[2, 3]]], dtype="int8")
    got = xp.clip(chunked(a), chunked(low, 1), chunked(high, 1))
    np.testing.assert_array_equal(compute(got), np.clip(a, low, high))
    assert got.dtype == np.int8
    np.testing.assert_array_equal(compute(xp.clip(chunked(a), max=chunked(high[0, 0]))),
                                  np.clip(a, None, high[0, 0]))


def test_functional_updates_through_a_reversed_slice_before_an_int():
    # dask.array's __setitem__ raises IndexError inside Dask for these indices.
    a = np.arange(12.0).reshape(3, 4)
    for idx in [(0, slice(None, None, -1)), (slice(None, None, -2), 1),
                (slice(3, 0, -1), slice(None, None, -1))]:
        v = np.arange(a[idx].size, dtype=float).reshape(a[idx].shape) + 100
        want = a.copy()
        want[idx] += v
        np.testing.assert_array_equal(compute(xport.at(chunked(a), idx).add(chunked(v))), want)
        want = a.copy()
        want[idx] = v
        np.testing.assert_array_equal(compute(xport.at(chunked(a), idx).set(chunked(v))), want)
    one = np.zeros((1, 1, 1))
    got = xport.at(chunked(one), (0, slice(None, None, -1), 0)).add(chunked(np.array([2.0])))
    assert compute(got).tolist() == [[[2.0]]]
    with pytest.raises(IndexError):
        xport.at(chunked(a), (5, slice(None, None, -1))).add(1.0)  # still raised at the call


def test_complex_expm1_special_cases_of_the_standard():
    # The standard's table (NumPy's expm1, run per block by dask.array, gives NaN here).
    inf, nan = math.inf, math.nan
    cases = [(complex(inf, 0.0), complex(inf, 0.0)), (complex(-inf, inf), complex(-1.0, 0.0)),
             (complex(-inf, nan), complex(-1.0, 0.0)), (complex(inf, inf), complex(inf, nan)),
             (complex(inf, nan), complex(inf, nan)), (complex(nan, 0.0), complex(nan, 0.0)),
             (complex(-0.0, 0.0), complex(0.0, 0.0))]
    z = np.array([c for c, _ in cases] + [0.5 - 2j, 1e-10 + 1e-10j])
    got = compute(xp.expm1(chunked(z, 3)))
    for (value, want), out in zip(cases, got, strict=False):
        for part in ("real", "imag"):
            w, o = getattr(want, part), getattr(out, part)
            assert (math.isnan(w) and math.isnan(o)) or (o == w and math.copysign(1, o) ==
                                                           math.copysign(1, w)), (value, out)
    np.testing.assert_allclose(got[-2:], np.expm1(z[-2:]), rtol=1e-15)  # finite: NumPy's
    real = np.array([-1.5, 0.0, 2.0], dtype="float32")
    assert xp.expm1(chunked(real)).dtype == np.float32
    np.testing.assert_array_equal(compute(xp.expm1(chunked(real))), np.expm1(real))
    assert xp.expm1(chunked(z.astype("complex64"))).dtype == np.complex64


def test_complex_tanh_at_infinity_follows_the_standard():
    # The standard: tanh(+inf + bj) is 1 + 0j for finite b > 0 (1 - 0j for b < 0, tanh
    # being odd and conjugate-symmetric); NumPy's C99 result is 1 + 0j * sin(2b), here
    # 1 - 0j (found by the official suite).
    b = 6.200928545548601e153
    z = np.array([complex(math.inf, b), complex(math.inf, -b), complex(-math.inf, b),
                  0.3 - 0.7j, 1e-3 + 2.0j])
    got = compute(xp.tanh(chunked(z)))
    assert got[:3].tolist() == [1 + 0j, 1 - 0j, -1 + 0j]
    assert np.signbit(got[:3].imag).tolist() == [False, True, False]
    np.testing.assert_allclose(got[3:], np.tanh(z[3:]), rtol=1e-15)


def test_solve_beside_an_empty_right_hand_side():
    # The empty result is made from NumPy stand-ins; an uninitialised stand-in for the
    # non-empty x1 made NumPy raise LinAlgError (found by the official suite).
    rng = np.random.default_rng(1)
    a = rng.standard_normal((17, 17)) + 1j * rng.standard_normal((17, 17))
    want = np.linalg.solve(a, np.zeros((4, 1, 17, 0), dtype=complex))
    for _ in range(5):
        got = xp.linalg.solve(chunked(a, 17), xp.zeros((4, 1, 17, 0), dtype=xp.complex128))
        assert got.shape == want.shape and got.dtype == want.dtype
        assert compute(got).shape == want.shape
    wide = xp.linalg.svd(xp.ones((3, 0)))
    np.testing.assert_array_equal(compute(wide.U), np.linalg.svd(np.ones((3, 0))).U)


def test_complex_special_case_wrappers_pass_dask_keywords_for_real_input():
    x = da.ones(3, dtype=np.float32)
    out = xp.expm1(x, dtype=np.float64)  # dask.array.expm1's own keyword, as compat passes it
    assert out.dtype == np.float64
    np.testing.assert_allclose(out.compute(), np.expm1(np.ones(3, dtype=np.float64)))
    with pytest.raises(TypeError, match="real input only"):
        xp.tanh(da.ones(3, dtype=np.complex64), dtype=np.complex128)

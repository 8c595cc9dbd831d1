"""xport.mxnet: the namespace over mxnet.numpy, its dispatch, and its extensions.

MXNet 1.9.1 pins NumPy < 1.24, so these run in their own environment (``nox -s
mxnet``, the CI's MXNet step); where mxnet is not installed they skip. Expected
values are written out or computed with NumPy from the same inputs, never by
xport.
"""

from __future__ import annotations

import math
import subprocess
import sys

import numpy as np
import pytest

mx = pytest.importorskip("mxnet")

import xport  # noqa: E402
import xport.autodiff as ad  # noqa: E402
import xport.mxnet as xp  # noqa: E402
import xport.random as xr  # noqa: E402
from xport import scatter  # noqa: E402


def host(x):
    return x.asnumpy()


# -- namespace and dispatch -----------------------------------------------------

def test_native_where_mxnet_conforms_and_wrapped_elsewhere():
    assert xp.abs is mx.np.abs
    assert xp.acos is mx.np.arccos
    assert xp._PROVENANCE["abs"] == "native"
    assert xp._PROVENANCE["asarray"] == "wrapped"
    assert xp._PROVENANCE["nextafter"] == "missing"
    assert "fft" not in xp.__all__ and "complex64" not in xp.__all__
    assert not hasattr(xp, "fft")


def test_namespace_of_mxnet_numpy_arrays():
    x = mx.np.array([1.0, 2.0])
    assert xport.namespace_of(x) is xp
    assert xport.namespace("mxnet") is xp
    assert xport.is_mxnet_array(x) and xport.is_mxnet_namespace(xp)
    assert xport.device(x) == mx.cpu()


def test_legacy_ndarray_refused_with_the_conversion():
    legacy = mx.nd.array([1.0, 2.0])
    with pytest.raises(TypeError, match=r"as_np_ndarray\(\)"):
        xport.namespace_of(legacy)
    assert xport.namespace_of(legacy.as_np_ndarray()) is xp


def test_mixing_with_numpy_names_both_libraries():
    with pytest.raises(TypeError, match=r"mxnet.*numpy|numpy.*mxnet"):
        xport.namespace_of(mx.np.ones(2), np.ones(2))


def test_import_xport_does_not_import_mxnet():
    code = "import sys, xport; assert 'mxnet' not in sys.modules, 'mxnet imported'"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_info():
    info = xp.__array_namespace_info__()
    assert set(info.dtypes()) == {"bool", "int8", "int32", "int64", "uint8", "float32",
                                  "float64"}
    assert set(info.dtypes(kind="integral")) == {"int8", "int32", "int64", "uint8"}
    assert info.devices()[0] == mx.cpu()
    assert len(info.devices()) == 1 + mx.context.num_gpus()
    defaults = info.default_dtypes()
    assert defaults["real floating"] == np.float32 and defaults["integral"] == np.int64
    assert defaults["complex floating"] is None
    with pytest.raises(ValueError, match=r"mxnet\.Context"):
        info.dtypes(device="gpu:0")


# -- creation -----------------------------------------------------------------------

def test_creation_defaults_are_the_standards():
    assert xp.asarray([1, 2]).dtype == np.int64  # mx.np.array: float32
    assert xp.asarray([True]).dtype == np.bool_
    assert xp.asarray([1.5]).dtype == np.float32
    assert xp.asarray(np.arange(3, dtype=np.int8)).dtype == np.int8
    assert xp.arange(3).dtype == np.int64  # mx.np.arange: float32
    assert host(xp.arange(3)).tolist() == [0, 1, 2]
    assert xp.full((2,), 1).dtype == np.int64
    assert xp.full((2,), True).dtype == np.bool_
    assert xp.zeros((2,), device=mx.cpu()).ctx == mx.cpu()
    with pytest.raises(TypeError, match="complex"):
        xp.asarray([1j])


def test_arange_lengths_as_numpy():
    for args in [(0.0, 1.0, 0.1), (1e-135, 1e-135, 0.5), (5.0,), (1.0, -2.0, -0.7)]:
        want = np.arange(*args, dtype=np.float64)
        got = host(xp.arange(*args, dtype=xp.float32))
        assert got.dtype == np.float32 and got.shape == want.shape  # MXNet: float32 lengths
        np.testing.assert_allclose(got, want, rtol=1e-7, atol=1e-7)


def test_asarray_copy_semantics():
    x = xp.asarray([1.0, 2.0])
    assert xp.asarray(x) is x
    assert xp.asarray(x, copy=True) is not x
    with pytest.raises(ValueError, match="copy"):
        xp.asarray([1.0], copy=False)


def test_full_takes_subnormal_float64_fill_values():
    out = xp.full((), 2.2250738585e-313, dtype=xp.float32)
    assert out.dtype == np.float32 and host(out) == np.float32(2.2250738585e-313)


# -- promotion and elementwise -------------------------------------------------------

@pytest.mark.parametrize(("a", "b", "want"), [
    ("int32", "int64", "int64"), ("uint8", "int32", "int32"), ("int8", "int64", "int64"),
    ("float32", "float64", "float64"), ("uint8", "int8", "int32"),
])
def test_binary_promotion(a, b, want):
    x1 = xp.asarray(np.array([1, 2], dtype=a))
    x2 = xp.asarray(np.array(3, dtype=b))  # a 0-d array promotes like any other
    out = xp.multiply(x1, x2)
    assert out.dtype == np.dtype(want)
    assert host(out).tolist() == [3, 6]


def test_python_scalars_take_the_arrays_dtype():
    x = xp.asarray(np.array([1, 2], dtype=np.int8))
    assert xp.add(x, 1).dtype == np.int8
    assert xp.add(1.5, xp.asarray([1.0])).dtype == np.float32
    with pytest.raises(TypeError, match="complex64"):
        xp.add(xp.asarray([1.0]), 1j)


def test_integer_floor_divide_and_shifts_are_exact():
    a = np.array([2**53 + 1, -7, 7, -(2**53) - 3], dtype=np.int64)
    b = np.array([2, 2, -2, 4], dtype=np.int64)
    assert host(xp.floor_divide(xp.asarray(a), xp.asarray(b))).tolist() == (a // b).tolist()
    shifts = np.array([0, 1, 3, 63], dtype=np.int64)
    assert host(xp.bitwise_right_shift(xp.asarray(a), xp.asarray(shifts))).tolist() == (
        a >> shifts).tolist()
    small = np.array([1, -3, 5, 7], dtype=np.int64)
    assert host(xp.bitwise_left_shift(xp.asarray(small), xp.asarray(shifts[:3].tolist() + [2]))
                ).tolist() == (small << np.array([0, 1, 3, 2])).tolist()


def test_special_values():
    x = xp.asarray([math.nan, -0.0, 1.0])
    got = host(xp.sign(x))
    assert math.isnan(got[0]) and got[1:].tolist() == [0.0, 1.0]
    assert host(xp.copysign(xp.asarray([1.0]), xp.asarray([math.nan]))).tolist() == [1.0]
    got = host(xp.remainder(xp.asarray([-0.0, 5.0]), xp.asarray([2.0, 0.0])))
    assert got[0] == 0 and not np.signbit(got[0]) and math.isnan(got[1])
    np.testing.assert_allclose(host(xp.logaddexp(xp.asarray([1.0, -math.inf]),
                                                 xp.asarray([2.0, -math.inf]))),
                               np.logaddexp([1.0, -np.inf], [2.0, -np.inf]).astype(np.float32))


def test_logical_and_bitwise_on_booleans():
    a, b = xp.asarray([True, True, False]), xp.asarray([True, False, False])
    assert host(xp.logical_xor(a, b)).tolist() == [False, True, False]
    assert host(xp.bitwise_and(a, b)).tolist() == [True, False, False]
    assert host(xp.logical_or(a, False)).tolist() == [True, True, False]


# -- data movement, reductions, sets, sorting ------------------------------------------

def test_boolean_data_movement():
    m = np.array([[True, False, False], [False, True, True]])
    x = xp.asarray(m)
    assert host(xp.flip(x, axis=-1)).tolist() == np.flip(m, axis=-1).tolist()
    assert host(xp.permute_dims(x, (1, 0))).tolist() == m.T.tolist()
    assert host(xp.roll(x, 1, axis=-1)).tolist() == np.roll(m, 1, axis=-1).tolist()
    assert host(xp.triu(x)).tolist() == np.triu(m).tolist()
    assert host(xp.concat([x, x])).tolist() == np.concatenate([m, m]).tolist()


def test_where_with_empty_operands_does_not_abort():
    out = xp.where(xp.asarray(np.zeros((0, 2), dtype=bool)), 1.0, xp.zeros((0, 2)))
    assert out.shape == (0, 2)
    assert xp.tril(xp.ones((0, 0))).shape == (0, 0)


def test_reductions():
    b = xp.asarray([True, False, True])
    assert xp.sum(b).dtype == np.int64 and int(host(xp.sum(b))) == 2
    x = np.arange(6, dtype=np.float64).reshape(2, 3)
    np.testing.assert_allclose(host(xp.std(xp.asarray(x), correction=1, axis=(0, 1))),
                               np.std(x, ddof=1))
    np.testing.assert_allclose(host(xp.var(xp.asarray(x), correction=0.5)),
                               np.var(x, ddof=0.5))
    assert host(xp.sum(xp.asarray(x), axis=())).tolist() == x.tolist()
    assert host(xp.argmax(xp.asarray(x), axis=1, keepdims=True)).tolist() == [[2], [2]]
    assert float(host(xp.prod(xp.zeros((0,))))) == 1.0
    assert host(xp.count_nonzero(xp.asarray([0.0, 1.0, 2.0]))).tolist() == 2
    ints = np.array([3, 1, 4, 1, 5], dtype=np.int32)
    got = xp.cumulative_prod(xp.asarray(ints), include_initial=True)
    assert got.dtype == np.int64
    assert host(got).tolist() == [1, *np.cumprod(ints).tolist()]


def test_argsort_is_stable_both_ways():
    values = np.array([3, 1, 3, 2, 1, 3, 1], dtype=np.int64)
    x = xp.asarray(values)
    assert host(xp.argsort(x)).tolist() == np.argsort(values, kind="stable").tolist()
    want = np.argsort(-values, kind="stable")  # stable descending: ties keep their order
    assert host(xp.argsort(x, descending=True)).tolist() == want.tolist()
    assert host(xp.sort(x, descending=True)).tolist() == sorted(values, reverse=True)


def test_unique_all():
    values = np.array([[3, 1], [3, 2]], dtype=np.int64)
    out = xp.unique_all(xp.asarray(values))
    want = np.unique(values, return_index=True, return_inverse=True, return_counts=True)
    assert host(out.values).tolist() == want[0].tolist()
    assert host(out.indices).tolist() == want[1].tolist()
    assert host(out.inverse_indices).tolist() == want[2].reshape(values.shape).tolist()
    assert host(out.counts).tolist() == want[3].tolist()


def test_integer_matmul_is_exact():
    a = np.array([[2**40, 3], [1, -1]], dtype=np.int64)
    b = np.array([[2**12, 1], [5, 7]], dtype=np.int64)
    assert host(xp.matmul(xp.asarray(a), xp.asarray(b))).tolist() == (a @ b).tolist()
    assert host(xp.tensordot(xp.asarray(a), xp.asarray(b), axes=1)).tolist() == (a @ b).tolist()


def test_take_negative_indices():
    x = xp.asarray([10, 20, 30])
    assert host(xp.take(x, xp.asarray([-1, 0]))).tolist() == [30, 10]


# -- linalg ---------------------------------------------------------------------------

def test_linalg():
    rng = np.random.default_rng(0)
    a = rng.standard_normal((3, 3)) + 4 * np.eye(3)
    tall = rng.standard_normal((4, 2))
    x = xp.asarray(a)
    np.testing.assert_allclose(host(xp.linalg.det(x)), np.linalg.det(a), rtol=1e-10)
    assert xp.linalg.det(x).shape == ()
    sign, logabsdet = xp.linalg.slogdet(x)
    np.testing.assert_allclose(host(sign) * np.exp(host(logabsdet)), np.linalg.det(a))
    np.testing.assert_allclose(host(xp.linalg.svdvals(xp.asarray(tall))),
                               np.linalg.svd(tall, compute_uv=False), rtol=1e-10)
    u, s, vh = xp.linalg.svd(xp.asarray(tall), full_matrices=False)
    np.testing.assert_allclose(host(u) * host(s) @ host(vh), tall, atol=1e-12)
    for order in (1, 2, math.inf, -math.inf, 0, 3):
        np.testing.assert_allclose(host(xp.linalg.vector_norm(x, ord=order)),
                                   np.linalg.norm(a.ravel(), ord=order), rtol=1e-12)
    for order in ("fro", "nuc", 1, -1, 2, -2, math.inf):
        np.testing.assert_allclose(host(xp.linalg.matrix_norm(x, ord=order)),
                                   np.linalg.norm(a, ord=order), rtol=1e-10)
    u3, v3 = rng.standard_normal(3), rng.standard_normal(3)
    np.testing.assert_allclose(host(xp.linalg.cross(xp.asarray(u3), xp.asarray(v3))),
                               np.cross(u3, v3), rtol=1e-12)
    upper = xp.linalg.cholesky(xp.asarray(a @ a.T), upper=True)
    np.testing.assert_allclose(host(upper), np.linalg.cholesky(a @ a.T).T, rtol=1e-10)
    rhs = rng.standard_normal(3)
    np.testing.assert_allclose(host(xp.linalg.solve(x, xp.asarray(rhs))),
                               np.linalg.solve(a, rhs), rtol=1e-10)


# -- extensions -----------------------------------------------------------------------

def test_at_accumulates_duplicates_and_copies():
    x = xp.zeros(5)
    idx = xp.asarray([0, 0, 3, 0])
    out = xport.at(x, idx).add(1.0)
    assert host(out).tolist() == [3.0, 0.0, 0.0, 1.0, 0.0]
    assert host(x).tolist() == [0.0] * 5  # x untouched
    assert host(xport.at(xp.ones(4), xp.asarray([1, 1])).multiply(3.0)).tolist() == [
        1.0, 9.0, 1.0, 1.0]
    assert host(xport.at(xp.ones(3), xp.asarray([2, 2])).max(xp.asarray([5.0, 4.0]))
                ).tolist() == [1.0, 1.0, 5.0]
    assert host(xport.at(x)[1:3].set(2.0)).tolist() == [0.0, 2.0, 2.0, 0.0, 0.0]
    y = xp.zeros(3)
    xport.at(y, xp.asarray([1, 1])).add(2.0, copy=False)
    assert host(y).tolist() == [0.0, 4.0, 0.0]


def test_segment_reductions_against_numpy():
    rng = np.random.default_rng(1)
    data = rng.integers(-5, 5, size=(7, 2)).astype(np.float32)
    ids = np.array([0, 2, 2, -1, 5, 0, 2])
    got_sum = host(scatter.segment_sum(xp.asarray(data), xp.asarray(ids), 3))
    got_max = host(scatter.segment_max(xp.asarray(data), xp.asarray(ids), 3))
    want_sum = np.zeros((3, 2), np.float32)
    want_max = np.full((3, 2), -np.inf, np.float32)
    for row, i in zip(data, ids, strict=True):
        if 0 <= i < 3:
            want_sum[i] += row
            want_max[i] = np.maximum(want_max[i], row)
    np.testing.assert_array_equal(got_sum, want_sum)
    np.testing.assert_array_equal(got_max, want_max)


def test_autodiff_reverse_mode():
    w = xp.asarray([1.0, 2.0, 3.0])
    v = xp.asarray([2.0, 0.5, -1.0])

    def loss(w, v):
        return xp.sum(w * w * v)

    np.testing.assert_allclose(host(ad.grad(loss)(w, v)), 2 * host(w) * host(v))
    gw, gv = ad.grad(loss, argnums=(0, 1))(w, v)
    np.testing.assert_allclose(host(gv), host(w) ** 2)
    value, grad = ad.value_and_grad(loss)(w, v)
    assert float(host(value)) == pytest.approx(float(np.sum(host(w) ** 2 * host(v))))
    (g, aux) = ad.grad(lambda a: (xp.sum(a * a), "aux"), has_aux=True)(w)
    assert aux == "aux" and host(g).tolist() == [2.0, 4.0, 6.0]
    out, vjp_fn = ad.vjp(xp.sin, w)
    (ct,) = vjp_fn(xp.asarray([1.0, 2.0, 3.0]))
    np.testing.assert_allclose(host(ct), np.cos(host(w)) * [1.0, 2.0, 3.0], rtol=1e-6)
    stopped = ad.grad(lambda a: xp.sum(ad.stop_gradient(a) * a))(w)
    assert host(stopped).tolist() == host(w).tolist()
    assert host(w).tolist() == [1.0, 2.0, 3.0]  # the caller's array is not marked


def test_autodiff_forward_mode_is_a_clear_error():
    w = xp.asarray([1.0])
    with pytest.raises(NotImplementedError, match="reverse mode"):
        ad.jvp(lambda a: a, (w,), (w,))
    with pytest.raises(NotImplementedError, match="hessian"):
        ad.hessian(xp.sum)(w)


# -- xport.random: JAX's numbers ---------------------------------------------------------
# Expected values printed by jax.random 0.10.2 (default configuration) in the main
# environment; floats as their exact float32 values.

def test_random_keys_split_fold_in_and_bits_are_jax():
    k = xr.key(42, xp=xp)
    assert isinstance(k, mx.np.ndarray) and k.dtype == np.int64  # MXNet has no uint32
    assert host(k).tolist() == [0, 42]
    assert host(xr.key(xp.asarray(-7, dtype=xp.int32), xp=xp)).tolist() == [0, 4294967289]
    assert host(xr.split(k, 3)).tolist() == [
        [1832780943, 270669613], [64467757, 2916123636], [2465931498, 255383827]]
    assert host(xr.fold_in(k, 7)).tolist() == [2547012911, 1371500959]
    assert host(xr.bits(k, (5,))).tolist() == [
        2098992034, 2919706841, 2646866425, 2409546199, 1935504149]
    eight = xr.bits(k, (5,), xp.uint8)
    assert eight.dtype == np.uint8 and host(eight).tolist() == [162, 217, 249, 215, 21]
    with pytest.raises(TypeError, match="uint16"):
        xr.bits(k, (2,), np.uint16)


def test_random_samplers_are_jax():
    k = xr.key(42, xp=xp)
    f32 = np.float32
    assert host(xr.uniform(k, (4,))).tolist() == [
        f32(float.fromhex(h)) for h in ("0x1.f47048p-2", "0x1.5c0e6p-1", "0x1.3b87fp-1",
                                        "0x1.1f3d8p-1")]
    assert host(xr.uniform(k, (3,), minval=-3.3, maxval=7.1)).tolist() == [
        f32(float.fromhex(h)) for h in ("0x1.c8572p+0", "0x1.e28bc4p+1", "0x1.8dfb08p+1")]
    assert host(xr.normal(k, (4,))).tolist() == [
        f32(float.fromhex(h)) for h in ("-0x1.cfbe2ap-6", "0x1.de57dp-2", "0x1.2eccc2p-2",
                                        "0x1.3a7648p-3")]
    assert host(xr.integers(k, (6,), -5, 100)).tolist() == [94, 49, 76, -1, 84, 19]
    assert host(xr.permutation(k, 8)).tolist() == [7, 4, 2, 5, 3, 6, 0, 1]
    shuffled = xr.permutation(k, xp.asarray([10.0, 20.0, 30.0, 40.0, 50.0]))
    assert host(shuffled).tolist() == [50.0, 30.0, 40.0, 10.0, 20.0]
    assert host(xr.bernoulli(k, 0.3, (8,))).tolist() == [False] * 6 + [True, False]
    assert host(xr.choice(k, 10, (4,), replace=False)).tolist() == [7, 4, 2, 5]
    logits = xp.log(xp.asarray([0.1, 0.2, 0.7]))
    assert host(xr.categorical(k, logits, shape=(6,))).tolist() == [2, 2, 2, 2, 1, 2]
    np.testing.assert_allclose(host(xr.gamma(k, 2.5, (3,))),
                               [4.378075122833252, 1.5007864236831665, 4.194111347198486],
                               rtol=1e-6)
    np.testing.assert_allclose(host(xr.truncated_normal(k, -1.0, 2.0, (3,))),
                               [0.14770005643367767, 0.5684449076652527, 0.42102551460266113],
                               rtol=1e-6)
    assert xr.normal(k, (2,)).ctx == k.ctx


# -- xport.jit and xport.vmap: run as is, loop and stack ---------------------------------

def test_jit_runs_as_is_and_vmap_loops():
    a_np = np.arange(6, dtype=np.float32).reshape(2, 3)
    a, b = xp.asarray(a_np), xp.ones(3)
    jitted = xport.jit(lambda x, y: xp.sum(x * y, axis=-1))
    assert host(jitted(a, b)).tolist() == a_np.sum(axis=-1).tolist()
    columns = xport.vmap(lambda x: xp.sum(x * x), in_axes=1)(a)
    assert host(columns).tolist() == (a_np**2).sum(axis=0).tolist()
    # per-example gradients of (w . x)**2: 2 (w . x) x for each row x
    per_example = xport.vmap(ad.grad(lambda w, x: xp.sum(w * x) ** 2), in_axes=(None, 0))(b, a)
    want = 2 * a_np.sum(axis=1, keepdims=True) * a_np
    assert host(per_example).tolist() == want.tolist()


# -- found by the official suite and the shared tests ----------------------------------

def test_float64_steps_keep_every_digit():
    # MXNet's scalar operands lose float64 digits (x + 5.203440778401782e-268 adds
    # 5.203440778401783e-268): linspace and arange take their numbers as arrays.
    start, stop = 5.203440778401782e-268, 6.799160974715283e16
    got = host(xp.linspace(start, stop, 58, dtype=xp.float64))
    assert got[0] == start and got[-1] == stop
    np.testing.assert_allclose(got, np.linspace(start, stop, 58), rtol=1e-15)
    assert host(xp.arange(start, 1.0, 0.25, dtype=xp.float64))[0] == start


def test_booleans_through_unique_and_diagonal():
    b = np.array([[True, False], [False, False]])
    assert host(xp.unique_values(xp.asarray(b))).tolist() == [False, True]
    counts = xp.unique_counts(xp.asarray(b))
    assert counts.counts.dtype == np.int64 and host(counts.counts).tolist() == [3, 1]
    assert host(xp.linalg.diagonal(xp.asarray(b))).tolist() == [True, False]


def test_invalid_axes_raise_instead_of_crashing_or_wrapping():
    x = xp.ones((2, 3))
    for call in (lambda: xp.unstack(x, axis=-3), lambda: xp.flip(x, axis=2),
                 lambda: xp.sort(x, axis=2), lambda: xp.cumulative_sum(x, axis=-3),
                 lambda: xp.argmax(x, axis=2)):
        with pytest.raises(IndexError):
            call()
    with pytest.raises(ValueError, match="axes=3"):
        xp.tensordot(x, xp.ones((3, 2)), axes=3)  # MXNet aborts the process
    with pytest.raises(ValueError, match="align"):
        xp.matmul(x, x)
    with pytest.raises(ValueError, match="negative"):
        xp.zeros((2, -1))


def test_integer_statistics_are_floating():
    ints = np.array([1, 2, 4], dtype=np.int32)
    assert xp.mean(xp.asarray(ints)).dtype == np.float32
    np.testing.assert_allclose(host(xp.var(xp.asarray(ints))), np.var(ints), rtol=1e-6)


def test_eig_is_refused_for_want_of_complex_dtypes():
    with pytest.raises(TypeError, match="eigh"):
        xp.linalg.eig(xp.eye(2))


def test_from_dlpack_of_numpy_and_of_mxnet():
    a = np.arange(3.0)
    assert host(xp.from_dlpack(a)).tolist() == [0.0, 1.0, 2.0]
    x = xp.asarray([1, 2])
    assert xp.from_dlpack(x) is x


def test_at_with_an_integer_array_beside_none_follows_numpy():
    x = np.zeros((1, 1))
    idx = (0, np.array([0, 0]), None)  # NumPy: shape (2, 1); MXNet's own indexing: (1, 2)
    got = xport.at(xp.asarray(x), (0, xp.asarray([0, 0]), None)).add(
        xp.asarray([[1.0], [2.0]]))
    want = x.copy()
    np.add.at(want, idx, np.array([[1.0], [2.0]]))
    assert host(got).tolist() == want.tolist() == [[3.0]]


def test_checked_namespace_carries_the_extensions():
    cx = xport.namespace("mxnet", checked=True)
    k = xr.key(42, xp=cx)
    assert host(k).tolist() == [0, 42]
    assert host(xr.bits(k, (2,))).tolist() == [2098992034, 2919706841]  # jax.random.bits
    assert host(ad.grad(lambda w: cx.sum(w * w))(cx.asarray([1.0, 2.0]))).tolist() == [2.0, 4.0]
    assert host(xport.at(cx.zeros(3), cx.asarray([1, 1])).add(1.0)).tolist() == [0.0, 2.0, 0.0]


def test_unique_counts_every_nan_apart_as_numpy():
    values = np.array([3.0, 1.0, 2.0, np.nan, 5.0, 1.0, np.nan])
    got = xp.unique_all(xp.asarray(values))  # MXNet's unique merges the NaNs
    want = np.unique(values, return_index=True, return_inverse=True, return_counts=True,
                     equal_nan=False)
    np.testing.assert_array_equal(host(got.values), want[0])
    for ours, theirs in zip((got.indices, got.inverse_indices, got.counts), want[1:],
                            strict=True):
        assert host(ours).tolist() == theirs.tolist()
    assert host(xp.unique_counts(xp.asarray([np.nan, np.nan])).counts).tolist() == [1, 1]


@pytest.mark.parametrize("shape", [(4, 2), (2, 4), (3, 5, 2), (0, 4, 2), (3, 0, 2)])
def test_full_svd_completes_the_reduced_one(shape):
    a = np.random.default_rng(2).standard_normal(shape)
    u, s, vh = (host(t) for t in xp.linalg.svd(xp.asarray(a)))  # MXNet: reduced only
    m, n = shape[-2:]
    k = min(m, n)
    assert u.shape == (*shape[:-2], m, m) and vh.shape == (*shape[:-2], n, n)
    np.testing.assert_allclose(np.swapaxes(u, -1, -2) @ u, np.broadcast_to(np.eye(m), u.shape),
                               atol=1e-12)
    np.testing.assert_allclose(vh @ np.swapaxes(vh, -1, -2),
                               np.broadcast_to(np.eye(n), vh.shape), atol=1e-12)
    np.testing.assert_allclose((u[..., :k] * s[..., None, :]) @ vh[..., :k, :], a, atol=1e-12)
    np.testing.assert_allclose(s, np.linalg.svd(a, compute_uv=False), atol=1e-12)

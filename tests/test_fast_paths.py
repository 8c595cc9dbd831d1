"""The fast paths of issue #19 give the results of the general paths they skip.

Every expected value comes from NumPy (or from the same call through the
general path with an option that forces it), never from the code under test.
"""

from __future__ import annotations

import importlib.util
import itertools

import numpy as np
import pytest

import xport

HAS = {name: importlib.util.find_spec(name) is not None
       for name in ("torch", "jax", "tensorflow")}

# Special values of the floor division and remainder tables, beside ordinary ones.
SPECIAL = [0.0, -0.0, 1.0, -1.0, 2.5, -2.5, 7.0, -7.0, 0.1, -0.1, 1e30, -1e30,
           np.inf, -np.inf, np.nan]
PAIRS = np.array(list(itertools.product(SPECIAL, SPECIAL)), dtype=np.float64).T


def _same_bits(got: object, expected: np.ndarray) -> bool:
    got = np.asarray(got, dtype=expected.dtype)
    both_nan = np.isnan(got) & np.isnan(expected)
    return bool(np.all(both_nan | ((got == expected)
                                   & (np.signbit(got) == np.signbit(expected)))))


def _backends() -> list[str]:
    return ["numpy"] + [name for name in ("torch", "jax", "tensorflow") if HAS[name]]


@pytest.mark.parametrize("library", _backends())
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_remainder_matches_numpy_bit_for_bit(library: str, dtype: str) -> None:
    # NumPy's remainder is Python's %, which the standard's table follows
    # (zeros and infinite results take the sign of x2).
    xp = xport.namespace(library)
    got = np.asarray(xp.remainder(xp.asarray(PAIRS[0].astype(dtype)),
                                  xp.asarray(PAIRS[1].astype(dtype))))
    a, b = PAIRS.astype(got.dtype)  # JAX without x64 computes float64 input in float32
    with np.errstate(invalid="ignore"):
        assert _same_bits(got, np.remainder(a, b))
        for scalar in (2.0, -2.0, np.inf, -0.0):
            assert _same_bits(xp.remainder(xp.asarray(a), scalar),
                              np.remainder(a, np.asarray(scalar, a.dtype)))


@pytest.mark.parametrize("library", [b for b in ("numpy", "torch", "jax") if b in _backends()])
def test_floor_divide_follows_python_where_numpy_does(library: str) -> None:
    # NumPy, PyTorch and JAX keep Python's results at infinities (NaN, or -1
    # for 1 // -inf), which the standard allows; zeros take the quotient's sign.
    xp = xport.namespace(library)
    a, b = PAIRS.astype("float32")
    with np.errstate(invalid="ignore", divide="ignore"):
        expected = np.floor_divide(a, b)
    assert _same_bits(xp.floor_divide(xp.asarray(a), xp.asarray(b)), expected)


def _stable_descending(x: np.ndarray, axis: int) -> np.ndarray:
    # Equal elements in their original order: a stable ascending sort of the
    # reversed input, reversed.
    return np.flip(np.sort(np.flip(x, axis=axis), axis=axis, kind="stable"), axis=axis)


def test_numpy_sort_of_floats_is_the_stable_sort_bit_for_bit() -> None:
    xp = xport.namespace("numpy")
    rng = np.random.default_rng(3)
    negative_nan = -np.float64(np.nan)
    payload_nan = np.frombuffer(np.uint64(0x7FF8000000000123).tobytes(), np.float64)[0]
    pool = np.array([0.0, -0.0, np.nan, negative_nan, payload_nan, 1.0, -1.0, np.inf, -np.inf])
    for dtype in (np.float16, np.float32, np.float64):
        # small inputs take the stable sort, from 2048 elements the fix-up route
        for shape in ((17,), (4, 9), (3, 5, 6), (2100,), (3, 700), (40, 3, 20)):
            x = rng.choice(pool, size=shape).astype(dtype)
            for axis in range(-x.ndim, x.ndim):
                ascending = np.sort(x, axis=axis, kind="stable")
                assert ascending.tobytes() == xp.sort(x, axis=axis).tobytes()
                assert _stable_descending(x, axis).tobytes() == xp.sort(
                    x, axis=axis, descending=True).tobytes()
    assert x.dtype == np.float64 and np.isnan(x).any()  # the pool reached the input


def _stable_descending_order(x: np.ndarray, axis: int) -> np.ndarray:
    n = x.shape[axis]
    return np.flip(n - 1 - np.argsort(np.flip(x, axis=axis), axis=axis, kind="stable"),
                   axis=axis)


@pytest.mark.skipif(not HAS["tensorflow"], reason="needs TensorFlow")
def test_tensorflow_sort_is_numpys_stable_sort_bit_for_bit() -> None:
    # TensorFlow's sort runs on the TopKV2 kernel with an integer key (issue #19).
    import tensorflow as tf

    xp = xport.namespace("tensorflow")
    rng = np.random.default_rng(5)
    payload_nan = np.frombuffer(np.uint64(0x7FF8000000000123).tobytes(), np.float64)[0]
    floats = np.array([0.0, -0.0, np.nan, -np.float64(np.nan), payload_nan, 1.0, -1.0,
                       np.inf, -np.inf, 2.5])
    cases = [rng.choice(floats, size=s).astype(d) for d in ("float32", "float64")
             for s in ((17,), (4, 9), (3, 5, 6), (0,), (3, 0))]
    cases += [rng.integers(-3, 4, size=(5, 7)).astype(d)
              for d in ("int8", "int16", "int32", "int64")]
    cases += [rng.integers(0, 2**63, size=(6, 5), dtype=np.uint64).astype(d)
              for d in ("uint8", "uint16", "uint32", "uint64")]
    cases += [rng.integers(0, 2, size=(4, 6)).astype(bool)]
    for x in cases:
        t = tf.constant(x)
        for axis in range(-x.ndim, x.ndim):
            order = np.argsort(x, axis=axis, kind="stable")
            got = xp.argsort(t, axis=axis)
            assert got.dtype == tf.int64 and np.array_equal(got, order)
            assert np.array_equal(xp.argsort(t, axis=axis, descending=True),
                                  _stable_descending_order(x, axis))
            assert np.asarray(xp.sort(t, axis=axis)).tobytes() == np.take_along_axis(
                x, order, axis=axis).tobytes()
            assert np.asarray(xp.sort(t, axis=axis, descending=True)).tobytes() == \
                _stable_descending(x, axis).tobytes()


@pytest.mark.skipif(not HAS["tensorflow"], reason="needs TensorFlow")
def test_tensorflow_sort_and_unique_inside_tf_function_with_unknown_sizes() -> None:
    import tensorflow as tf

    xp = xport.namespace("tensorflow")
    x = np.array([[3.0, np.nan, -0.0, 1.0], [0.0, 2.0, 2.0, -5.0], [np.nan, 1.0, 0.0, 7.0]],
                 np.float32)
    spec = tf.TensorSpec([None, None], tf.float32)
    sort = tf.function(lambda t: xp.sort(t, axis=0, descending=True), input_signature=[spec])
    unique = tf.function(xp.unique_values, input_signature=[spec])
    assert np.asarray(sort(x)).tobytes() == _stable_descending(x, 0).tobytes()
    assert np.array_equal(unique(x), np.unique(x, equal_nan=False), equal_nan=True)
    assert np.array_equal(xp.unique_values(tf.constant(x)), np.unique(x, equal_nan=False),
                          equal_nan=True)


def test_numpy_sort_of_integers_and_bools() -> None:
    xp = xport.namespace("numpy")
    rng = np.random.default_rng(4)
    for dtype in (np.int8, np.int64, np.uint16, np.bool_):
        x = rng.integers(0, 4, size=(5, 11)).astype(dtype)
        assert np.array_equal(xp.sort(x), np.sort(x, kind="stable"))
        assert np.array_equal(xp.sort(x, axis=0, descending=True),
                              np.flip(np.sort(x, axis=0), axis=0))


def test_numpy_vector_norm_dot_route() -> None:
    xp = xport.namespace("numpy")
    rng = np.random.default_rng(5)
    for dtype in (np.float32, np.float64):
        x = rng.standard_normal((40, 25)).astype(dtype)
        exact = np.sqrt(np.sum(x.astype(np.float64) ** 2))
        got = xp.linalg.vector_norm(x)
        assert got.dtype == dtype and got.shape == ()
        assert abs(float(got) - exact) <= 8 * np.finfo(dtype).eps * exact
        # non-contiguous input, and the calls the dot route does not take
        assert np.isclose(xp.linalg.vector_norm(x[:, ::2]), np.sqrt(np.sum(x[:, ::2] ** 2)))
        assert np.allclose(xp.linalg.vector_norm(x, axis=0), np.sqrt(np.sum(x * x, axis=0)))
        assert np.isclose(xp.linalg.vector_norm(x, ord=1), np.sum(np.abs(x)))
    assert xp.linalg.vector_norm(np.array([3, 4])) == 5.0  # integers: NumPy's own


@pytest.mark.skipif(not hasattr(np.linalg, "vector_norm"), reason="NumPy < 2 has no vector_norm")
def test_numpy_vector_norm_one_axis_is_numpys_own_values() -> None:
    xp = xport.namespace("numpy")
    rng = np.random.default_rng(6)
    for dtype in (np.float32, np.float64):
        x = (rng.standard_normal((7, 300, 5)) * 1e3).astype(dtype)
        for a in (x, x[:, ::3, 1:], np.asfortranarray(x)):
            for axis in (0, 1, -1):
                for keepdims in (False, True):
                    got = xp.linalg.vector_norm(a, axis=axis, keepdims=keepdims)
                    want = np.linalg.vector_norm(a, axis=axis, keepdims=keepdims)
                    assert got.dtype == want.dtype and got.shape == want.shape
                    assert np.array_equal(got, want)
    with pytest.raises(np.exceptions.AxisError):
        xp.linalg.vector_norm(np.ones((2, 3)), axis=2)
    # integers, other orders and tuples of axes are NumPy's own calls
    assert xp.linalg.vector_norm(np.array([[3, 4]]), axis=1)[0] == 5.0
    y = rng.standard_normal((4, 6))
    assert np.array_equal(xp.linalg.vector_norm(y, axis=1, ord=3),
                          np.linalg.vector_norm(y, axis=1, ord=3))
    assert np.array_equal(xp.linalg.vector_norm(y, axis=(0, 1)),
                          np.linalg.vector_norm(y, axis=(0, 1)))


def test_numpy_astype_is_a_copy_unless_told() -> None:
    xp = xport.namespace("numpy")
    x = np.arange(4, dtype=np.float32)
    same = xp.astype(x, np.float32)
    assert same is not x and not np.shares_memory(same, x)
    assert xp.astype(x, np.float32, copy=False) is x
    assert xp.astype(x, "int16").dtype == np.int16
    with pytest.raises(ValueError, match="cpu"):
        xp.astype(x, np.float32, device="cuda")


@pytest.mark.skipif(np.__version__ < "2", reason="NumPy 1 has the legacy clip, which casts back")
@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
def test_numpy_clip_of_floats_is_numpy_clips_values_and_dtype(dtype: str) -> None:
    xp = xport.namespace("numpy")
    x = np.asarray([-np.inf, -2.5, -0.0, 0.5, 3.0, np.nan, np.inf], dtype=dtype)
    bounds = [(-1, 2), (-1.5, 2.5), (np.float64(-1.0), np.float32(1.0)),
              (np.asarray(-1.0), np.asarray(1.0, dtype=np.float64)),
              (np.full(7, -1.0, dtype=np.float32), np.linspace(-1, 4, 7)),
              (np.nan, 1.0), (2.0, -2.0)]
    for lo, hi in bounds:
        got, want = xp.clip(x, lo, hi), np.clip(x, lo, hi)
        assert type(got) is type(want) and got.dtype == want.dtype, (lo, hi)
        np.testing.assert_array_equal(got, want)
    # A 0-d array and NumPy's scalars as x: the same type back as numpy.clip.
    for one in (np.asarray(5.0, dtype=dtype), np.dtype(dtype).type(5.0)):
        got, want = xp.clip(one, 0.0, 1.0), np.clip(one, 0.0, 1.0)
        assert type(got) is type(want) and got == want
    out = np.empty_like(x)
    assert xp.clip(x, -1.0, 1.0, out=out) is out


def test_namespace_of_one_array_fast_path_agrees_with_the_general_path() -> None:
    x = np.ones(3)
    assert xport.namespace_of(x) is xport.namespace("numpy")
    assert xport.namespace_of(x) is xport.namespace_of(x, 1.0, None)
    assert xport.namespace_of(x, api_version="2023.12") is xport.namespace("numpy")
    assert xport.namespace_of(x, use_compat=False) is np
    with pytest.raises(TypeError, match="no arguments"):
        xport.namespace_of()
    with pytest.raises(TypeError, match="not a supported array type"):
        xport.namespace_of([1, 2])
    with pytest.raises(ValueError, match="api_version"):
        xport.namespace_of(x, api_version="2020.01")


@pytest.mark.skipif(not HAS["torch"], reason="needs PyTorch")
def test_torch_fast_paths_agree_with_numpy() -> None:
    import torch

    xp = xport.namespace("torch")
    rng = np.random.default_rng(6)
    a = rng.standard_normal((6, 5)).astype(np.float32)
    t = torch.asarray(a)
    # take along axis 0 by indexing, negative indices counted from the end
    idx = np.array([0, -1, 3, -6])
    assert np.array_equal(xp.take(t, torch.asarray(idx), axis=0).numpy(), np.take(a, idx, axis=0))
    # reductions called positionally
    assert np.allclose(xp.sum(t, axis=1).numpy(), a.sum(axis=1), rtol=1e-6)
    assert np.allclose(xp.max(t, axis=0, keepdims=True).numpy(), a.max(axis=0, keepdims=True))
    assert xp.sum(torch.asarray([1, 2], dtype=torch.uint8)).dtype == torch.uint64
    assert np.allclose(xp.mean(torch.asarray([1, 2, 4])).numpy(), 7 / 3)
    assert xp.count_nonzero(t).item() == np.count_nonzero(a)
    # clip with two numbers: one clamp, the result keeps x's dtype, a NaN bound gives NaN
    ints = torch.asarray([-3, 0, 5])
    assert xp.clip(ints, -1.5, 2.5).dtype == torch.int64
    assert np.array_equal(xp.clip(t, -0.5, 0.5).numpy(), np.clip(a, -0.5, 0.5))
    assert torch.isnan(xp.clip(t, float("nan"), 1.0)).all()
    # matmul, concat, vector_norm, cumulative_sum on the common call
    assert np.allclose(xp.matmul(t, t.T).numpy(), a @ a.T, rtol=1e-5)
    assert np.array_equal(xp.concat([t, t], axis=1).numpy(), np.concatenate([a, a], axis=1))
    assert np.allclose(xp.linalg.vector_norm(t, axis=1).numpy(), np.linalg.norm(a, axis=1))
    assert np.allclose(xp.cumulative_sum(t, axis=0).numpy(), np.cumsum(a, axis=0), rtol=1e-5)
    u = torch.asarray([1, 2], dtype=torch.uint16)
    assert xp.cumulative_sum(u).dtype == torch.uint64


@pytest.mark.skipif(not HAS["torch"], reason="needs PyTorch")
def test_torch_complex_addition_goes_by_parts() -> None:
    import torch

    xp = xport.namespace("torch")
    real = torch.asarray([1.0, 2.0])
    infinite = torch.asarray([complex(np.inf, 0), complex(1, np.inf)])
    for got in (xp.add(real, infinite), xp.add(infinite, real)):
        # the standard adds the parts; torch.add makes a NaN of the zero part
        assert not torch.isnan(torch.view_as_real(got)).any()
    assert not torch.isnan(torch.view_as_real(xp.add(real, complex(np.inf, 0)))).any()
    assert not torch.isnan(torch.view_as_real(xp.subtract(complex(0, np.inf), real))).any()


def test_array_namespace_caches_per_type_but_answers_jax_for_float0() -> None:
    pytest.importorskip("jax")
    import jax

    x = np.ones(2)
    assert xport.array_namespace(x) is xport.namespace("numpy")
    float0 = np.zeros(2, dtype=jax.dtypes.float0)
    assert xport.array_namespace(float0) is jax.numpy
    assert xport.array_namespace(x) is xport.namespace("numpy")
    assert xport.array_namespace(jax.numpy.ones(2)) is jax.numpy
    assert xport.array_namespace(jax.numpy.ones(2), use_compat=True) is xport.namespace("jax")

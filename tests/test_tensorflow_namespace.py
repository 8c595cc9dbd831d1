"""xport.tensorflow: native where TensorFlow conforms, thin wrappers where it
deviates; eager tensors, tf.Variable and symbolic tensors inside tf.function."""

from __future__ import annotations

import math
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")  # this module only: quieter C++ logs
tf = pytest.importorskip("tensorflow")

import xport  # noqa: E402
import xport.tensorflow as xp  # noqa: E402
from xport._spec import names  # noqa: E402

# TensorFlow 2.21 functions that conform to the standard (bound unchanged).
EXPECTED_NATIVE = {
    "acos", "acosh", "asin", "asinh", "atan", "atanh", "conj", "cos", "cosh", "exp",
    "imag", "logical_not", "real", "reciprocal", "sin", "sinh", "square", "tan",
    "broadcast_to", "matrix_transpose",
}
EXPECTED_LINALG_NATIVE = {"det", "inv", "eigvals", "matrix_transpose"}
NAN, INF = math.nan, math.inf


def t(values, dtype=None):
    return tf.constant(np.asarray(values), dtype=dtype)


def n(x):
    return np.asarray(x.numpy() if hasattr(x, "numpy") else x)


def _run(code: str) -> str:
    env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3"}
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], check=True,
                          capture_output=True, text=True, env=env).stdout.strip()


# --- provenance ------------------------------------------------------------------------

def test_native_names_are_tensorflows_own_functions():
    native = {name for name, p in xp._PROVENANCE.items() if p == "native"}
    assert native == EXPECTED_NATIVE
    for name in native - {"broadcast_to", "matrix_transpose"}:
        assert getattr(xp, name) is getattr(tf.math, name), name
    assert xp.broadcast_to is tf.broadcast_to
    assert xp.matrix_transpose is tf.linalg.matrix_transpose
    linalg_native = {name for name, p in xp.linalg._PROVENANCE.items() if p == "native"}
    assert linalg_native == EXPECTED_LINALG_NATIVE
    for name in linalg_native:
        assert getattr(xp.linalg, name) is getattr(tf.linalg, name), name
    assert set(xp.fft._PROVENANCE.values()) == {"wrapped"}


def test_nothing_is_missing_and_every_name_is_bound():
    for table in (xp._PROVENANCE, xp.linalg._PROVENANCE, xp.fft._PROVENANCE):
        assert "missing" not in table.values()
    assert set(xp._PROVENANCE) == names.MAIN_FUNCTION_NAMES[names.LATEST_VERSION]
    assert xp.__array_api_version__ == "2025.12"


def test_every_wrapper_documents_its_deviation():
    undocumented = []
    for module in (xp, xp.linalg, xp.fft):
        for name, provenance in module._PROVENANCE.items():
            if provenance == "wrapped" and name != "__array_namespace_info__":
                doc = getattr(module, name).__doc__ or ""
                if "Deviation" not in doc:
                    undocumented.append(f"{module.__name__}.{name}")
    assert not undocumented


def test_importing_changes_nothing_in_tensorflow_and_runs_no_op():
    out = _run("""
        import tensorflow as tf
        import xport.tensorflow
        # The runtime is not initialised: thread settings can still change.
        tf.config.threading.set_intra_op_parallelism_threads(1)
        x = tf.constant([1], tf.int8)
        try:
            x + tf.constant([1], tf.int16)   # TensorFlow's own operators still promote nothing
        except (tf.errors.InvalidArgumentError, TypeError):
            print("no promotion", hasattr(x, "T"))
    """)
    assert out == "no promotion False"


# --- dtypes, devices, inspection ----------------------------------------------------------

def test_dtypes_are_tf_dtypes_and_all_are_listed():
    info = xp.__array_namespace_info__()
    assert set(info.dtypes()) == set(names.DTYPE_ATTRIBUTE_NAMES)
    for name in names.DTYPE_ATTRIBUTE_NAMES:
        assert getattr(xp, name) is getattr(tf, name)
    assert info.default_dtypes() == {"real floating": tf.float32,
                                     "complex floating": tf.complex64,
                                     "integral": tf.int64, "indexing": tf.int64}
    assert info.dtypes(kind="unsigned integer") == {
        "uint8": tf.uint8, "uint16": tf.uint16, "uint32": tf.uint32, "uint64": tf.uint64}
    assert info.capabilities()["max dimensions"] == 8


def test_devices_are_the_strings_tensors_report():
    info = xp.__array_namespace_info__()
    devices = info.devices()
    assert isinstance(devices, tuple) and all(isinstance(d, str) for d in devices)
    x = tf.constant([1.0])
    assert x.device in devices and tf.Variable(x).device in devices
    assert info.default_device() in devices
    cpu = next(d for d in devices if d.endswith("CPU:0"))
    for spelling in (cpu, "CPU:0", "/device:CPU:0", "cpu", tf.DeviceSpec(device_type="CPU"),
                     tf.config.list_logical_devices("CPU")[0], None, ""):
        y = xp.asarray([1.0, 2.0], device=spelling)
        assert y.device == cpu
        assert xp.zeros(2, device=spelling).device == cpu
    with pytest.raises(ValueError, match="not one of this process's devices"):
        xp.ones(2, device="/device:GPU:7")
    with pytest.raises(ValueError, match="not a TensorFlow device"):
        xp.ones(2, device=3.5)
    with pytest.raises(ValueError):
        info.dtypes(device="TPU:9")


def test_a_cached_int_axis_does_not_answer_for_a_float_axis():
    # The reductions' axes are cached constants: 1.0 == 1 as a cache key.
    x = xp.ones((2, 3), dtype=xp.float32)
    assert xp.sum(x, axis=1).numpy().tolist() == [3.0, 3.0]
    assert xp.sum(x, axis=(0, 1)).numpy() == 6.0
    for axis in (1.0, (0, 1.0)):
        with pytest.raises(TypeError):
            xp.sum(x, axis=axis)


def test_symbolic_shapes_inside_tf_function():
    seen = {}

    @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
    def f(x):
        seen["shape"] = tuple(x.shape)
        (rows, cols) = xp.nonzero(x > 0)
        seen["nonzero"] = tuple(rows.shape)
        seen["unique"] = tuple(xp.unique_values(x).shape)
        return xp.sum(x, axis=0)

    out = f(t([[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]], tf.float32))
    np.testing.assert_allclose(n(out), [5.0, 3.0, -3.0])
    assert seen == {"shape": (None, 3), "nonzero": (None,), "unique": (None,)}


def test_unknown_rank_is_a_clear_error():
    @tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
    def f(x):
        return xp.flip(x)

    with pytest.raises(ValueError, match="rank"):
        f.get_concrete_function()


# --- promotion and Python scalars ------------------------------------------------------

@pytest.mark.parametrize("a, b, want", [
    ("int8", "int16", "int16"), ("uint8", "int8", "int16"), ("uint32", "int32", "int64"),
    ("float32", "float64", "float64"), ("float32", "complex64", "complex64"),
    ("float64", "complex64", "complex128"), ("uint16", "uint64", "uint64"),
])
def test_arrays_of_two_dtypes_promote_by_the_standard(a, b, want):
    x1, x2 = t([1, 2], getattr(tf, a)), t([3, 4], getattr(tf, b))
    for fn in (xp.add, xp.multiply, xp.maximum if "complex" not in want else xp.subtract):
        assert fn(x1, x2).dtype == getattr(tf, want)
        assert fn(x2, x1).dtype == getattr(tf, want)
    assert xp.equal(x1, x2).dtype == tf.bool
    assert xp.result_type(x1, x2) == getattr(tf, want)


def test_python_scalars_on_either_side():
    i8 = t([1, 2], tf.int8)
    assert xp.add(1, i8).dtype == tf.int8 and xp.add(i8, 1).dtype == tf.int8
    np.testing.assert_array_equal(n(xp.subtract(10, i8)), [9, 8])
    f32 = t([1.0, 2.0], tf.float32)
    out = xp.add(f32, 1j)
    assert out.dtype == tf.complex64
    np.testing.assert_allclose(n(out), [1 + 1j, 2 + 1j])
    assert xp.multiply(2, f32).dtype == tf.float32
    assert xp.pow(2.0, f32).dtype == tf.float32
    assert xp.result_type(tf.float64, 1j) == tf.complex128
    assert xp.where(f32 > 1, f32, 0.5).dtype == tf.float32
    np.testing.assert_array_equal(n(xp.logical_and(True, t([True, False]))), [True, False])


def test_mixed_kinds_raise_with_the_fix():
    with pytest.raises(TypeError, match="astype"):
        xp.add(t([1], tf.int32), t([1.0], tf.float32))
    with pytest.raises(TypeError, match="Python float"):
        xp.add(t([1], tf.int32), 1.5)
    with pytest.raises(TypeError):
        xp.result_type(tf.int8, tf.float32)


# --- elementwise wrappers -------------------------------------------------------------

def test_unsigned_kernels_tensorflow_lacks():
    u8 = t([0, 3, 255], tf.uint8)
    np.testing.assert_array_equal(n(xp.negative(u8)), [0, 253, 1])
    np.testing.assert_array_equal(n(xp.abs(u8)), [0, 3, 255])
    np.testing.assert_array_equal(n(xp.sign(u8)), [0, 1, 1])
    np.testing.assert_array_equal(n(xp.pow(u8, t([2, 2, 2], tf.uint8))), [0, 9, 1])
    u64 = t([2**63 + 1], tf.uint64)
    assert int(n(xp.pow(u64, t([1], tf.uint64)))[0]) == 2**63 + 1
    assert xp.negative(u64).dtype == tf.uint64
    np.testing.assert_array_equal(n(xp.ceil(t([1, -2], tf.int16))), [1, -2])
    np.testing.assert_array_equal(n(xp.isnan(u8)), [False] * 3)
    np.testing.assert_array_equal(n(xp.isfinite(u8)), [True] * 3)


@pytest.mark.parametrize("dtype", ["uint8", "uint16", "uint32", "uint64"])
def test_unsigned_pow_wraps_around_as_numpys(dtype):
    # TensorFlow has no unsigned Pow kernel; NumPy's result is the reference, bit for bit,
    # exponents from 2**63 on (negative as int64) included.
    info = np.iinfo(dtype)
    rng = np.random.default_rng(7)
    base = rng.integers(0, info.max, 400, dtype=dtype, endpoint=True)
    base[:40] = np.arange(40) % 4
    exponent = rng.integers(0, info.max, 400, dtype=dtype, endpoint=True)
    exponent[:200] = rng.integers(0, 80, 200)
    exponent[200:220] = info.max
    exponent[220:240] = np.array(1 << (info.bits - 1), dtype=dtype) + np.arange(20, dtype=dtype)
    want = np.power(base, exponent)
    np.testing.assert_array_equal(n(xp.pow(t(base), t(exponent))), want)
    traced = tf.function(xp.pow)
    np.testing.assert_array_equal(n(traced(t(base), t(exponent))), want)
    np.testing.assert_array_equal(n(xp.pow(t(base), 3)), np.power(base, np.dtype(dtype).type(3)))


@pytest.mark.parametrize("dtype", ["int8", "uint8", "int16", "uint16", "int32", "uint32",
                                   "int64", "uint64"])
def test_shifts_by_the_width_or_more(dtype):
    # NumPy's results: every bit shifted out (0, or -1 for a negative x1 shifted right);
    # TensorFlow's kernels clamp the shift to width - 1.
    info = np.iinfo(dtype)
    rng = np.random.default_rng(3)
    x1 = rng.integers(info.min, info.max, 300, dtype=dtype, endpoint=True)
    x2 = rng.integers(0, min(int(info.max), 3 * info.bits), 300, dtype=dtype, endpoint=True)
    x2[:20] = info.bits
    np.testing.assert_array_equal(n(xp.bitwise_left_shift(t(x1), t(x2))), np.left_shift(x1, x2))
    np.testing.assert_array_equal(n(xp.bitwise_right_shift(t(x1), t(x2))),
                                  np.right_shift(x1, x2))


@pytest.mark.parametrize("name", ["log", "log2", "log10"])
def test_complex_logs_of_tiny_and_huge_moduli(name):
    # TensorFlow's vectorised complex log gives NaN here (found by the official suite).
    z = np.array([1.43393022e-242 - 1.64407985e-243j, 1e-300 + 1e-300j, 3e-170 + 0j,
                  2e-160j, 1e300 + 1e300j, -1.34078079e+154 + 5.80909004e+016j,
                  -4.73182290e-005 - 5.05527954e+016j, 0.5 - 2j, -0.0 + 0j, -1 - 0j,
                  complex(-INF, 1.0), complex(NAN, INF)] * 2)
    got = n(getattr(xp, name)(t(z)))
    want = getattr(np, name)(z)
    np.testing.assert_allclose(got, want, rtol=1e-13)
    np.testing.assert_array_equal(np.signbit(got.imag), np.signbit(want.imag))
    small = np.array([1e-30 + 1e-30j, 3e-25 - 1e-38j, 1e30 + 1e30j], dtype=np.complex64)
    np.testing.assert_allclose(n(getattr(xp, name)(t(small))), getattr(np, name)(small),
                               rtol=1e-6)


def test_bitwise_functions_on_bool_and_shifts():
    a, b = t([True, True, False]), t([True, False, False])
    np.testing.assert_array_equal(n(xp.bitwise_and(a, b)), [True, False, False])
    np.testing.assert_array_equal(n(xp.bitwise_or(a, b)), [True, True, False])
    np.testing.assert_array_equal(n(xp.bitwise_xor(a, b)), [False, True, False])
    np.testing.assert_array_equal(n(xp.bitwise_invert(a)), [False, False, True])
    np.testing.assert_array_equal(n(xp.bitwise_left_shift(t([1, 2], tf.uint8), 3)), [8, 16])
    np.testing.assert_array_equal(n(xp.bitwise_right_shift(t([-8], tf.int32), 1)), [-4])


def test_functions_tensorflow_lacks():
    x = t([-0.0, 0.0, -1.5, 2.5, NAN, -INF], tf.float64)
    np.testing.assert_array_equal(n(xp.signbit(x)), [True, False, True, False, False, True])
    np.testing.assert_array_equal(n(xp.signbit(t([-NAN], tf.float32))), [True])
    np.testing.assert_array_equal(n(xp.trunc(t([-0.5, 1.7, -2.2]))), [-0.0, 1.0, -2.0])
    assert np.signbit(n(xp.trunc(t([-0.5])))[0])
    np.testing.assert_allclose(n(xp.log2(t([8.0, 0.5]))), [3.0, -1.0])
    np.testing.assert_allclose(n(xp.log10(t([1000.0]))), [3.0])
    np.testing.assert_array_equal(n(xp.copysign(t([1.0, 2.0, 3.0]), t([-0.0, 1.0, -NAN]))),
                                  [-1.0, 2.0, -3.0])
    big = t([2e38], tf.float32)  # big * big overflows float32
    np.testing.assert_allclose(n(xp.hypot(big, big)), [2e38 * np.sqrt(2)], rtol=1e-6)
    assert n(xp.hypot(t([INF]), t([NAN])))[0] == INF
    np.testing.assert_allclose(n(xp.logaddexp(t([1.0, -INF, INF]), t([1.0, -INF, INF]))),
                               [1 + np.log(2), -INF, INF])
    assert n(xp.logaddexp(t([1e4], tf.float32), t([0.0], tf.float32)))[0] == 1e4
    np.testing.assert_array_equal(n(xp.positive(t([1, -2]))), [1, -2])
    np.testing.assert_array_equal(n(xp.round(t([0.5 + 1.5j, 2.5 - 0.5j]))), [0 + 2j, 2 - 0j])


def test_zero_scalars_keep_their_sign():
    # TensorFlow caches converted Python scalars by value (-0.0 == 0.0); the
    # namespace's scalar operands do not go through that cache.
    tf.constant(-0.0, tf.float32)
    assert not np.signbit(n(xp.add(t([-0.0], tf.float32), 0.0))[0])
    assert np.signbit(n(xp.copysign(t([1.0], tf.float32), -0.0))[0])
    tf.constant(0.0, tf.float64)
    assert np.signbit(n(xp.multiply(t([1.0], tf.float64), -0.0))[0])


def test_remainder_zero_takes_the_divisors_sign():
    out = n(xp.remainder(t([-0.0, 3.0, -3.0, 0.0]), t([2.0, 3.0, 3.0, -2.0])))
    np.testing.assert_array_equal(np.signbit(out), [False, False, False, True])
    np.testing.assert_array_equal(n(xp.remainder(t([-7, 7]), t([2, -2]))), [1, -1])


def test_complex_tanh_at_infinity_follows_the_standard():
    # The standard: tanh(+inf + bj) is 1 + 0j for finite b > 0, 1 - 0j for b < 0;
    # TensorFlow gives C99's 1 + 0j * sin(2b) (found by the official suite).
    b = 6.200928545548601e153
    z = np.array([complex(INF, b), complex(INF, -b), complex(-INF, b), 0.3 - 0.7j])
    got = n(xp.tanh(t(z)))
    assert got[:3].tolist() == [1 + 0j, 1 - 0j, -1 + 0j]
    assert np.signbit(got[:3].imag).tolist() == [False, True, False]
    np.testing.assert_allclose(got[3], np.tanh(z[3]), rtol=1e-14)
    np.testing.assert_allclose(n(xp.tanh(t([0.5, -1.0]))), np.tanh([0.5, -1.0]), rtol=1e-6)


def test_complex_special_cases():
    out = n(xp.sqrt(t([complex(-INF, -0.0), complex(0.0, -0.0)], tf.complex128)))
    assert out[0].real == 0 and out[0].imag == -INF
    assert np.signbit(out[1].imag)
    out = n(xp.log1p(t([complex(0.0, INF), complex(1e-30, 1e-30)], tf.complex128)))
    assert out[0].real == INF
    np.testing.assert_allclose(out[1], 1e-30 + 1e-30j, rtol=1e-12)
    out = n(xp.sign(t([1.0926381e-20j, 0j, 3 + 4j], tf.complex64)))
    np.testing.assert_allclose(out, [1j, 0, 0.6 + 0.8j], rtol=1e-6)


def test_clip():
    x = t([1, 5, 9], tf.int8)
    np.testing.assert_array_equal(n(xp.clip(x, 2, 8)), [2, 5, 8])
    np.testing.assert_array_equal(n(xp.clip(x, max=t([0, 6, 10], tf.int8))), [0, 5, 9])
    assert xp.clip(x, min=t(3, tf.int64)).dtype == tf.int8
    np.testing.assert_array_equal(n(xp.clip(x)), [1, 5, 9])
    assert np.isnan(n(xp.clip(t([1.0, 2.0]), NAN, 3.0))).all()
    assert xp.clip(t([[1.0, 2.0]]), t([0.0, 3.0])).shape == (1, 2)


def test_clip_broadcasts_x_to_the_bounds():
    # The result has the shape of x and the array bounds broadcast together (NumPy's).
    a = np.arange(6, dtype=np.float32).reshape(3, 2)
    low = np.array([[[1.0], [2.0], [3.0]], [[0.0], [0.0], [0.0]]], dtype=np.float32)
    high = np.array([[4.5, 9.0]], dtype=np.float32)
    np.testing.assert_array_equal(n(xp.clip(t(a), t(low), t(high))), np.clip(a, low, high))
    np.testing.assert_array_equal(n(xp.clip(t(a), max=t(low))), np.clip(a, None, low))
    nan_result = n(xp.clip(t(a), NAN, t(low)))
    assert nan_result.shape == (2, 3, 2) and np.isnan(nan_result).all()
    empty = xp.clip(t(np.zeros((1, 0), np.float32)), min=t(np.zeros((5, 1, 6, 1, 0), np.float32)))
    assert empty.shape == np.clip(np.zeros((1, 0)), np.zeros((5, 1, 6, 1, 0)), None).shape


def test_nextafter():
    out = n(xp.nextafter(t([1.0, -0.0], tf.float32), t([2.0, 0.0], tf.float32)))
    assert out[0] == np.nextafter(np.float32(1), np.float32(2)) and out[1] == 0
    assert not np.signbit(out[1])


# --- creation and copying ----------------------------------------------------------------

def test_asarray_dtypes_of_python_objects():
    assert xp.asarray([1, 2]).dtype == tf.int64
    assert xp.asarray(1.5).dtype == tf.float32
    assert xp.asarray([1j]).dtype == tf.complex64
    assert xp.asarray([True]).dtype == tf.bool
    assert xp.asarray([]).dtype == tf.float32
    assert xp.asarray(np.ones(2, np.float64)).dtype == tf.float64
    assert n(xp.asarray(1e300))[()] == INF  # float32 overflow, as NumPy's cast
    assert xp.asarray([1, 2], dtype=tf.uint16).dtype == tf.uint16
    assert xp.asarray(memoryview(b"\x01\x02")).dtype == tf.uint8


def test_asarray_copy_semantics_for_tensors_and_foreign_arrays():
    x = t([1.0, 2.0], tf.float32)
    assert xp.asarray(x) is x and xp.asarray(x, copy=False) is x
    y = xp.asarray(x, copy=True)
    assert y is not x and np.array_equal(n(y), n(x))
    assert xp.asarray(x, dtype=tf.float64).dtype == tf.float64
    with pytest.raises(ValueError, match="copy=False"):
        xp.asarray(x, dtype=tf.float64, copy=False)
    with pytest.raises(ValueError, match="copy=False"):
        xp.asarray([1, 2], copy=False)
    shared = _aligned(4)
    view = xp.asarray(shared, copy=False)  # DLPack: the same memory
    copied = xp.asarray(view, copy=True)
    copied_np = xp.asarray(shared)
    shared[0] = 42.0
    assert n(view)[0] == 42.0 and n(copied)[0] == 0.0 and n(copied_np)[0] == 0.0


def test_asarray_of_a_variable():
    v = tf.Variable([1.0, 2.0])
    assert xp.asarray(v, copy=False) is v
    snapshot = xp.asarray(v)
    deep = xp.asarray(v, copy=True)
    assert isinstance(snapshot, tf.Tensor) and not isinstance(snapshot, tf.Variable)
    v.assign([5.0, 6.0])
    np.testing.assert_array_equal(n(snapshot), [1.0, 2.0])
    np.testing.assert_array_equal(n(deep), [1.0, 2.0])
    with pytest.raises(ValueError, match="copy=False"):
        xp.asarray(v, dtype=tf.float64, copy=False)


def test_astype_and_reshape_copy():
    x = t([1, 2], tf.int32)
    assert xp.astype(x, tf.int32, copy=False) is x
    assert xp.astype(x, tf.int32) is not x
    assert xp.astype(x, tf.uint8, copy=False).dtype == tf.uint8
    assert xp.reshape(x, (2, 1), copy=False).shape == (2, 1)
    assert xp.reshape(x, (1, 2), copy=True).shape == (1, 2)


def test_copies_are_differentiable():
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = xp.sum(xp.asarray(x, copy=True) * 3.0)
    np.testing.assert_array_equal(n(tape.gradient(y, x)), [3.0, 3.0])


def _aligned(size):
    """np.arange(size) in a 64-byte aligned buffer (TensorFlow's requirement)."""
    raw = np.zeros(size + 8)
    offset = (-raw.ctypes.data % 64) // 8
    out = raw[offset:offset + size]
    out[:] = np.arange(size)
    return out


def test_misaligned_buffers_are_copied_not_shared():
    # A misaligned buffer imported through DLPack would abort TensorFlow.
    misaligned = _aligned(5)[1:]
    with pytest.raises(ValueError, match="aligned"):
        xp.asarray(misaligned, copy=False)
    with pytest.raises(ValueError, match="aligned"):
        xp.from_dlpack(misaligned, copy=False)
    out = xp.from_dlpack(misaligned)
    misaligned[0] = 9.0
    np.testing.assert_array_equal(n(out + 1), [2.0, 3.0, 4.0, 5.0])


def test_from_dlpack():
    a = _aligned(3)
    out = xp.from_dlpack(a)
    a[0] = 7.0
    assert n(out)[0] == 7.0
    assert n(xp.from_dlpack(np.arange(3.0), copy=True))[0] == 0.0
    x = t([1.0])
    assert xp.from_dlpack(x) is x
    with pytest.raises(TypeError, match="__dlpack__"):
        xp.from_dlpack([1, 2])


def test_creation_functions():
    np.testing.assert_array_equal(n(xp.arange(5)), np.arange(5))
    assert xp.arange(5).dtype == tf.int64 and xp.arange(1.0, 2.0, 0.25).dtype == tf.float32
    assert xp.arange(3, 0).shape == (0,)
    np.testing.assert_array_equal(n(xp.arange(0, 6, 2, dtype=tf.uint8)), [0, 2, 4])
    np.testing.assert_array_equal(n(xp.eye(2, 3, k=1, dtype=tf.int8)), np.eye(2, 3, k=1))
    # A diagonal beyond int64 (found by the official suite) is outside the matrix: zeros.
    for k in (-13_140_845_244_024_134_565_888, 10**30, 3, -2):
        np.testing.assert_array_equal(n(xp.eye(4, None, k=k)), np.eye(4, k=k))
    np.testing.assert_allclose(n(xp.linspace(0, 1, 4, endpoint=False)), [0, 0.25, 0.5, 0.75])
    np.testing.assert_allclose(n(xp.linspace(0j, 1 + 1j, 3)), [0, 0.5 + 0.5j, 1 + 1j])
    assert xp.full((2,), 3).dtype == tf.int64 and xp.full(2, 1j).dtype == tf.complex64
    assert xp.full_like(t([True]), 1).dtype == tf.bool
    assert xp.empty_like(t([[1]], tf.int8)).shape == (1, 1)
    assert xp.ones_like(t([1], tf.uint32), dtype=tf.float64).dtype == tf.float64
    np.testing.assert_array_equal(n(xp.tril(t(np.ones((3, 3))), k=-1)),
                                  np.tril(np.ones((3, 3)), -1))
    np.testing.assert_array_equal(n(xp.triu(t(np.ones((2, 3, 3))), k=1)),
                                  np.triu(np.ones((2, 3, 3)), 1))
    gx, gy = xp.meshgrid(t([1, 2, 3]), t([4, 5]))
    assert gx.shape == (2, 3) and gy.shape == (2, 3)
    assert xp.meshgrid() == ()
    assert xp.meshgrid(t([1, 2]), t([3]), indexing="ij")[0].shape == (2, 1)
    with pytest.raises(ValueError, match="indexing"):
        xp.meshgrid(t([1]), indexing="yx")
    with pytest.raises(ValueError, match="2 dimensions"):
        xp.tril(t([1, 2]))


# --- manipulation ------------------------------------------------------------------------

def test_manipulation():
    x = t(np.arange(6).reshape(2, 3, 1))
    assert xp.expand_dims(x, axis=(0, -1)).shape == (1, 2, 3, 1, 1)
    with pytest.raises(IndexError):
        xp.expand_dims(x, axis=5)
    with pytest.raises(ValueError, match="repeats"):
        xp.expand_dims(x, axis=(0, 0))
    assert xp.permute_dims(x, (-1, 0, 1)).shape == (1, 2, 3)
    with pytest.raises(ValueError, match="permutation"):
        xp.permute_dims(x, (0, 0, 1))
    assert xp.moveaxis(x, (0, 1), (-1, -2)).shape == (1, 3, 2)
    with pytest.raises(ValueError, match="length 3"):
        xp.squeeze(x, axis=1)
    assert xp.squeeze(x, axis=-1).shape == (2, 3)
    np.testing.assert_array_equal(n(xp.flip(x, axis=1))[0, :, 0], [2, 1, 0])
    np.testing.assert_array_equal(n(xp.roll(t([1, 2, 3, 4]), 1)), [4, 1, 2, 3])
    np.testing.assert_array_equal(n(xp.roll(x, 1, axis=(0, 1))), np.roll(n(x), 1, (0, 1)))
    assert xp.tile(t([1, 2], tf.uint16), (2, 2)).dtype == tf.uint16
    np.testing.assert_array_equal(n(xp.tile(t([1, 2], tf.uint16), (2, 2))), np.tile([1, 2], (2, 2)))
    np.testing.assert_array_equal(n(xp.tile(x, (2,))), np.tile(n(x), (2,)))
    np.testing.assert_array_equal(n(xp.repeat(t([1, 2], tf.uint16), t([2, 1], tf.uint8))),
                                  [1, 1, 2])
    np.testing.assert_array_equal(n(xp.repeat(x, 2, axis=1)), np.repeat(n(x), 2, axis=1))
    assert isinstance(xp.unstack(x, axis=1), tuple) and len(xp.unstack(x, axis=1)) == 3
    assert xp.concat([t([1], tf.int8), t([2], tf.int16)]).dtype == tf.int16
    np.testing.assert_array_equal(n(xp.concat([x, x], axis=None)), np.tile(np.arange(6), 2))
    assert xp.stack([t([1.0]), t([2.0], tf.float64)], axis=1).shape == (1, 2)
    assert xp.broadcast_shapes((2, 1), (3,), ()) == (2, 3)
    assert xp.broadcast_shapes((None, 1), (3,)) == (None, 3)
    with pytest.raises(ValueError, match="cannot be broadcast"):
        xp.broadcast_shapes((2,), (3,))
    a, b = xp.broadcast_arrays(t([1, 2]), t([[1], [2], [3]]))
    assert a.shape == b.shape == (3, 2)


# --- statistics --------------------------------------------------------------------------

def test_accumulation_dtypes():
    assert xp.sum(t([1, 2], tf.int8)).dtype == tf.int64
    assert xp.sum(t([200, 200], tf.uint8)).dtype == tf.uint64
    assert int(n(xp.sum(t([200, 200], tf.uint8)))) == 400
    assert xp.sum(t([True, True])).dtype == tf.int64
    assert xp.prod(t([2, 3], tf.uint16), dtype=tf.float32).dtype == tf.float32
    assert xp.sum(t([[1.0, 2.0]]), axis=()).shape == (1, 2)
    np.testing.assert_array_equal(n(xp.cumulative_sum(t([1, 2, 3], tf.int8), include_initial=True)),
                                  [0, 1, 3, 6])
    assert xp.cumulative_sum(t([1], tf.int8)).dtype == tf.int64
    np.testing.assert_array_equal(n(xp.cumulative_prod(t([[1, 2], [3, 4]]), axis=0,
                                                       include_initial=True)),
                                  [[1, 1], [1, 2], [3, 8]])
    with pytest.raises(ValueError, match="axis="):
        xp.cumulative_sum(t([[1, 2]]))


def test_var_std_count_nonzero_all_any_diff():
    x = t([[1.0, 2.0, 4.0], [0.0, 0.0, 8.0]], tf.float64)
    np.testing.assert_allclose(n(xp.var(x, axis=1, correction=1)), np.var(n(x), 1, ddof=1))
    np.testing.assert_allclose(n(xp.std(x, axis=(0, 1), keepdims=True)),
                               np.std(n(x), keepdims=True))
    np.testing.assert_array_equal(n(xp.var(x, axis=())), np.zeros((2, 3)))
    assert xp.count_nonzero(x).dtype == tf.int64
    np.testing.assert_array_equal(n(xp.count_nonzero(x, axis=0, keepdims=True)), [[1, 1, 2]])
    np.testing.assert_array_equal(n(xp.all(t([1, 0], tf.uint8))), False)
    np.testing.assert_array_equal(n(xp.any(t([0j, 1j]))), True)
    np.testing.assert_array_equal(n(xp.diff(t([1, 4, 9, 16]), n=2)), [2, 2])
    np.testing.assert_array_equal(n(xp.diff(t([1, 4]), prepend=t([0]), append=t([5]))),
                                  [1, 3, 1])
    np.testing.assert_array_equal(n(xp.diff(t([True, False, False]))), [True, False])


# --- indexing, searching, sorting, sets -----------------------------------------------------

def test_take_and_take_along_axis_negative_indices():
    x = t([[1, 2, 3], [4, 5, 6]])
    np.testing.assert_array_equal(n(xp.take(x, t([-1, 0]), axis=1)), [[3, 1], [6, 4]])
    np.testing.assert_array_equal(n(xp.take(t([1, 2, 3]), t([2], tf.uint8))), [3])
    with pytest.raises(ValueError, match="axis=None"):
        xp.take(x, t([0]))
    idx = t([[-1], [0]])
    np.testing.assert_array_equal(n(xp.take_along_axis(x, idx, axis=1)), [[3], [4]])
    np.testing.assert_array_equal(n(xp.take_along_axis(x, t([[1, 0, -1]]), axis=0)),
                                  [[4, 2, 6]])
    with pytest.raises(ValueError, match="dimensions"):
        xp.take_along_axis(x, t([0]), axis=1)


def test_take_reads_eager_indices_only_where_they_lie():
    # Eager indices on the CPU are read for negative entries; symbolic ones
    # (tf.function arguments) and captured eager ones give the same elements.
    x = t([10, 20, 30, 40])
    mixed, plain = t([-1, 0, 2]), t([3, 0, 1], tf.int32)
    assert n(xp.take(x, mixed)).tolist() == [40, 10, 30]
    assert n(xp.take(x, plain)).tolist() == [40, 10, 20]
    assert n(xp.take(x, t([], tf.int64))).tolist() == []
    with pytest.raises(tf.errors.InvalidArgumentError):
        xp.take(x, t([0, 4]))  # past the end: the kernel's own error, as before

    @tf.function
    def given(x, i):
        return xp.take(x, i)

    @tf.function
    def captured(x):
        return xp.take(x, mixed), xp.take(x, plain)

    assert n(given(x, mixed)).tolist() == [40, 10, 30]
    assert n(given(x, plain)).tolist() == [40, 10, 20]
    assert [n(a).tolist() for a in captured(x)] == [[40, 10, 30], [40, 10, 20]]


def test_segment_sum_drops_ids_past_the_end_eagerly_and_traced():
    data = t([1.0, 2.0, 4.0, 8.0])
    inside, stray = t([0, 1, 1, 0]), t([0, 2, 1, -1])
    assert n(xport.scatter.segment_sum(data, inside, 2)).tolist() == [9.0, 6.0]
    assert n(xport.scatter.segment_sum(data, stray, 2)).tolist() == [1.0, 4.0]

    @tf.function
    def given(ids):
        return xport.scatter.segment_sum(data, ids, 2)

    @tf.function
    def captured():
        return xport.scatter.segment_sum(data, stray, 2)

    assert n(given(stray)).tolist() == [1.0, 4.0]
    assert n(given(inside)).tolist() == [9.0, 6.0]
    assert n(captured()).tolist() == [1.0, 4.0]


def _op_types(function, *args):
    graph = function.get_concrete_function(*args).graph
    return {op.type for op in graph.get_operations()}


def test_traced_index_fixes_branch_on_the_cpu_and_fuse_under_xla():
    # A graph for the CPU alone branches around the fix on one reduction; XLA
    # (jit_compile) gets the select, which it fuses into the gather.
    x, mixed, plain = t([10, 20, 30, 40]), t([-1, 0, 2]), t([3, 0, 1])
    data, stray = t([1.0, 2.0, 4.0, 8.0]), t([0, 2, 1, -1])
    for compile_with_xla in (False, True):
        take = tf.function(xp.take, jit_compile=compile_with_xla)
        segments = tf.function(lambda ids: xport.scatter.segment_sum(data, ids, 2),
                               jit_compile=compile_with_xla)
        assert n(take(x, mixed)).tolist() == [40, 10, 30]
        assert n(take(x, plain)).tolist() == [40, 10, 20]
        assert n(segments(stray)).tolist() == [1.0, 4.0]
        assert n(segments(t([1, 0, 0, 1]))).tolist() == [6.0, 9.0]
        for function, args in ((take, (x, mixed)), (segments, (stray,))):
            types = _op_types(function, *args)
            branched = bool(types & {"If", "StatelessIf"})
            assert branched == (not compile_with_xla), types
            assert "SelectV2" in types if compile_with_xla else "SelectV2" not in types


def test_traced_take_keeps_the_kernels_errors_and_vectorizes():
    x = t([10, 20, 30, 40])
    take = tf.function(xp.take)
    for stray in ([0, 4], [-5, 1]):  # past either end: the kernel's own error
        with pytest.raises(tf.errors.InvalidArgumentError):
            take(x, t(stray))
    rows = t([[-1, 0], [1, 2], [3, -4]])
    got = tf.vectorized_map(lambda i: xp.take(x, i), rows)
    assert n(got).tolist() == [[40, 10], [20, 30], [40, 10]]


def test_nonzero_where_argmax():
    out = xp.nonzero(t([[0, 1], [2, 0]]))
    assert isinstance(out, tuple) and [n(a).tolist() for a in out] == [[0, 1], [1, 0]]
    assert out[0].dtype == tf.int64
    with pytest.raises(ValueError, match="at least one dimension"):
        xp.nonzero(t(1))
    assert xp.where(t([True, False]), t([1], tf.int8), t([2], tf.int16)).dtype == tf.int16
    np.testing.assert_array_equal(n(xp.where(t([1, 0]), 1.0, t([5.0, 6.0]))), [1.0, 6.0])
    with pytest.raises(TypeError, match="at least one"):
        xp.where(t([True]), 1, 2)
    x = t([[1.0, NAN, 3.0], [2.0, 1.0, 2.0]])
    np.testing.assert_array_equal(n(xp.argmax(x, axis=1)), [1, 0])
    np.testing.assert_array_equal(n(xp.argmin(x, axis=1, keepdims=True)), [[1], [1]])
    assert n(xp.argmax(x, keepdims=True)).shape == (1, 1)
    assert int(n(xp.argmax(x))) == 1


def test_searchsorted():
    x1 = t([1.0, 2.0, 2.0, 3.0])
    np.testing.assert_array_equal(n(xp.searchsorted(x1, t([[2.0], [5.0]]), side="right")),
                                  [[3], [4]])
    assert int(n(xp.searchsorted(x1, 2))) == 1
    assert xp.searchsorted(x1, 2.5).dtype == tf.int64
    np.testing.assert_array_equal(n(xp.searchsorted(t([3, 1, 2]), t([2]), sorter=t([1, 2, 0]))),
                                  [1])
    with pytest.raises(ValueError, match="side"):
        xp.searchsorted(x1, 1.0, side="middle")


def test_sort_orders_nans_last_and_is_stable():
    x = t([3.0, NAN, 1.0, -0.0, 0.0, -INF])
    np.testing.assert_array_equal(n(xp.sort(x)), [-INF, -0.0, 0.0, 1.0, 3.0, NAN])
    np.testing.assert_array_equal(n(xp.sort(x, descending=True)), [NAN, 3.0, 1.0, -0.0, 0.0, -INF])
    np.testing.assert_array_equal(n(xp.argsort(t([1, 0, 1, 0]), descending=True)), [0, 2, 1, 3])
    np.testing.assert_array_equal(n(xp.argsort(t([2.0, 1.0, 2.0, NAN]))), [1, 0, 2, 3])
    assert xp.argsort(x).dtype == tf.int64
    np.testing.assert_array_equal(n(xp.sort(t([[3, 1], [0, 2]], tf.uint64), axis=0)),
                                  [[0, 1], [3, 2]])


def test_unique_functions():
    x = t([[3.0, NAN], [3.0, NAN]])
    values = n(xp.unique_values(x))
    assert sorted(values[~np.isnan(values)].tolist()) == [3.0] and np.isnan(values).sum() == 2
    out = xp.unique_all(t([2, 1, 2, 5, 1]))
    assert type(out).__name__ == "UniqueAllResult"
    # ascending, as NumPy's unique and array-api-compat order them
    assert n(out.values).tolist() == [1, 2, 5] and n(out.indices).tolist() == [1, 0, 3]
    assert n(out.inverse_indices).tolist() == [1, 0, 1, 2, 0]
    assert n(out.counts).tolist() == [2, 2, 1]
    assert out.indices.dtype == out.counts.dtype == out.inverse_indices.dtype == tf.int64
    inverse = xp.unique_inverse(t([[1, 1], [2, 1]], tf.uint8)).inverse_indices
    assert inverse.shape == (2, 2)
    cplx = xp.unique_counts(t([1 + 1j, complex(NAN, 0), 1 + 1j, -0.0 + 0j, 0j, complex(NAN, 0)]))
    assert n(cplx.counts).tolist() == [2, 2, 1, 1]  # 0j, 1+1j, then each NaN
    assert n(cplx.values)[:2].tolist() == [0j, 1 + 1j]
    assert xp.unique_values(t([True, False, True])).shape == (2,)


def test_isin():
    np.testing.assert_array_equal(n(xp.isin(t([1, 2, 3], tf.int16), t([[3, 1]], tf.int8))),
                                  [True, False, True])
    np.testing.assert_array_equal(n(xp.isin(t([1, 2]), 2, invert=True)), [True, False])
    assert n(xp.isin(2, t([1, 2]))) == np.True_


# --- products and linalg -------------------------------------------------------------------

def test_matmul_tensordot_vecdot():
    a = t([[100, 2], [3, 4]], tf.int8)
    a_np = np.asarray([[100, 2], [3, 4]])
    np.testing.assert_array_equal(n(xp.matmul(a, a)), (a_np @ a_np).astype(np.int8))
    assert xp.matmul(a, t([1, 1], tf.int8)).shape == (2,)
    assert xp.matmul(t([1, 1], tf.uint32), t([[1], [2]], tf.uint32)).shape == (1,)
    assert xp.matmul(t([[1.0]]), t([[1.0]], tf.float64)).dtype == tf.float64
    with pytest.raises(ValueError, match="inner dimensions"):
        xp.matmul(t([[1.0, 2.0]]), t([[1.0, 2.0]]))
    with pytest.raises(ValueError, match="0-d"):
        xp.matmul(t(1.0), t([1.0]))
    np.testing.assert_array_equal(n(xp.tensordot(t([[1, 2]], tf.uint8), t([[3], [4]], tf.uint8),
                                                 axes=1)), [[11]])
    np.testing.assert_array_equal(n(xp.tensordot(t(np.ones((2, 3))), t(np.ones((3, 2))),
                                                 axes=((-1,), (0,)))), 3 * np.ones((2, 2)))
    np.testing.assert_allclose(n(xp.vecdot(t([1j, 2]), t([1j, 1]))), 1 + 2)
    np.testing.assert_array_equal(n(xp.vecdot(t([[1, 2]], tf.int16), t([3, 4], tf.int16),
                                              axis=1)), [11])
    with pytest.raises(ValueError, match="lengths"):
        xp.vecdot(t([1.0, 2.0]), t([1.0, 2.0, 3.0]))


def test_linalg_decompositions():
    rng = np.random.default_rng(0)
    a = rng.standard_normal((2, 3, 3))
    spd = a @ np.swapaxes(a, -1, -2) + 3 * np.eye(3)
    x = t(spd)
    values, vectors = xp.linalg.eigh(x)
    rebuilt = n(vectors) @ (n(values)[..., None] * np.swapaxes(n(vectors), -1, -2))
    np.testing.assert_allclose(rebuilt, spd, atol=1e-10)
    assert xp.linalg.eigvalsh(t(spd.astype(np.complex128))).dtype == tf.float64
    upper = xp.linalg.cholesky(x, upper=True)
    np.testing.assert_allclose(np.swapaxes(n(upper), -1, -2) @ n(upper), spd, atol=1e-10)
    u, s, vh = xp.linalg.svd(t(a[0, :2]), full_matrices=False)
    np.testing.assert_allclose(n(u) * n(s) @ n(vh), a[0, :2], atol=1e-12)
    assert xp.linalg.svd(t(a[0, :2])).U.shape == (2, 2)
    q, r = xp.linalg.qr(t(a[0]), mode="complete")
    np.testing.assert_allclose(n(q) @ n(r), a[0], atol=1e-12)
    with pytest.raises(ValueError, match="mode"):
        xp.linalg.qr(x, mode="full")
    sign, logabsdet = xp.linalg.slogdet(t(spd.astype(np.complex128)))
    assert logabsdet.dtype == tf.float64
    np.testing.assert_allclose(n(sign) * np.exp(n(logabsdet)), np.linalg.det(spd))
    w, v = xp.linalg.eig(t(a[0]))
    assert w.dtype == v.dtype == tf.complex128
    assert type(xp.linalg.eig(t(a[0]))).__name__ == "EigResult"


def test_linalg_solvers_and_norms():
    rng = np.random.default_rng(1)
    a = rng.standard_normal((2, 3, 3)) + 4 * np.eye(3)
    b = rng.standard_normal(3)
    np.testing.assert_allclose(n(xp.linalg.solve(t(a), t(b))),
                               np.linalg.solve(a, b[:, None])[..., 0])
    rhs = rng.standard_normal((1, 3, 2))
    np.testing.assert_allclose(n(xp.linalg.solve(t(a), t(rhs))), np.linalg.solve(a, rhs))
    m = t(a[0])
    for order in ("fro", "nuc", 1, -1, 2, -2, INF, -INF):
        np.testing.assert_allclose(n(xp.linalg.matrix_norm(m, ord=order)),
                                   np.linalg.norm(a[0], ord=order), rtol=1e-10)
    assert xp.linalg.matrix_norm(m, keepdims=True).shape == (1, 1)
    with pytest.raises(ValueError, match="ord"):
        xp.linalg.matrix_norm(m, ord=3)
    v = t([3.0, -4.0, 0.0])
    for order, want in ((2, 5.0), (1, 7.0), (0, 2.0), (INF, 4.0), (-INF, 0.0), (3, 91 ** (1 / 3))):
        np.testing.assert_allclose(n(xp.linalg.vector_norm(v, ord=order)), want, rtol=1e-6)
    assert xp.linalg.vector_norm(t([[3 + 4j]]), axis=(), keepdims=True).dtype == tf.float64
    np.testing.assert_allclose(n(xp.linalg.vector_norm(t([[3 + 4j]]), axis=())), [[5.0]])
    np.testing.assert_allclose(n(xp.linalg.matrix_power(m, 3)), np.linalg.matrix_power(a[0], 3))
    np.testing.assert_allclose(n(xp.linalg.matrix_power(m, -2)), np.linalg.matrix_power(a[0], -2))
    np.testing.assert_allclose(n(xp.linalg.matrix_power(t(a), 0)),
                               np.broadcast_to(np.eye(3), a.shape))
    singular = t([[1.0, 2.0], [2.0, 4.0]], tf.float64)
    assert int(n(xp.linalg.matrix_rank(singular))) == 1
    assert int(n(xp.linalg.matrix_rank(t([[1.0, 0.0], [0.0, 1e-3]]), rtol=1e-2))) == 1
    c = t([[1 + 1j, 0], [0, 2]], tf.complex128)
    np.testing.assert_allclose(n(xp.linalg.pinv(c)), np.linalg.pinv(n(c)))
    np.testing.assert_allclose(n(xp.linalg.pinv(singular)), np.linalg.pinv(n(singular)))


def test_linalg_small_functions():
    np.testing.assert_array_equal(
        n(xp.linalg.cross(t([1, 0, 0], tf.int8), t([[0, 1, 0]], tf.int16))), [[0, 0, 1]])
    np.testing.assert_allclose(n(xp.linalg.cross(t([[1j], [0], [0]]), t([[0.0], [1.0], [0.0]]),
                                                 axis=0)), [[0], [0], [1j]])
    with pytest.raises(ValueError, match="3 elements"):
        xp.linalg.cross(t([1, 2]), t([1, 2]))
    np.testing.assert_array_equal(n(xp.linalg.outer(t([1, 2], tf.int8), t([3], tf.int16))),
                                  [[3], [6]])
    x = t(np.arange(6).reshape(2, 3))
    np.testing.assert_array_equal(n(xp.linalg.diagonal(x, offset=1)), [1, 5])
    assert xp.linalg.diagonal(x, offset=5).shape == (0,)
    assert xp.linalg.trace(t([[1, 2], [3, 4]], tf.int8), offset=-1).dtype == tf.int64
    np.testing.assert_array_equal(n(xp.linalg.trace(x, offset=1, dtype=tf.float64)), 6.0)
    assert xp.linalg.matmul is xp.matmul and xp.linalg.vecdot is xp.vecdot


# --- fft --------------------------------------------------------------------------------------

@pytest.mark.parametrize("norm", ["backward", "ortho", "forward"])
def test_fft_against_numpy(norm):
    rng = np.random.default_rng(2)
    z = rng.standard_normal((3, 4)) + 1j * rng.standard_normal((3, 4))
    r = rng.standard_normal((3, 4))
    cases = [
        ("fft", z, {"n": 5, "axis": 0}), ("ifft", z, {"n": 3}), ("rfft", r, {"n": 6}),
        ("irfft", z, {"axis": 0}), ("hfft", z, {"n": 5}), ("ihfft", r, {"axis": 0}),
        ("fftn", z, {"s": (2, 6), "axes": (0, 1)}), ("ifftn", z, {"axes": (0,)}),
        ("rfftn", r, {"axes": (1, 0)}), ("irfftn", z, {"s": (3, 4), "axes": (0, 1)}),
    ]
    for name, data, kwargs in cases:
        got = getattr(xp.fft, name)(t(data), norm=norm, **kwargs)
        want = getattr(np.fft, name)(data, norm=norm, **kwargs)
        np.testing.assert_allclose(n(got), want, atol=1e-12, err_msg=name)
    with pytest.raises(ValueError, match="norm"):
        xp.fft.fft(t(z), norm="both")


def test_fft_frequencies_and_shifts():
    np.testing.assert_allclose(n(xp.fft.fftfreq(5, d=0.5)), np.fft.fftfreq(5, 0.5))
    assert xp.fft.fftfreq(4).dtype == tf.float32
    assert xp.fft.rfftfreq(4, dtype=tf.float64, device="CPU:0").dtype == tf.float64
    np.testing.assert_allclose(n(xp.fft.rfftfreq(6)), np.fft.rfftfreq(6))
    x = np.arange(12.0).reshape(3, 4)
    np.testing.assert_array_equal(n(xp.fft.fftshift(t(x))), np.fft.fftshift(x))
    np.testing.assert_array_equal(n(xp.fft.ifftshift(t(x), axes=1)), np.fft.ifftshift(x, 1))
    np.testing.assert_array_equal(n(xp.fft.fftshift(t(x), axes=())), x)
    assert xp.fft.fft(t([1.0, 2.0], tf.float32)).dtype == tf.complex64  # real input: complex


# --- tf.Variable, tf.function, no mutation ----------------------------------------------------

def test_variables_are_accepted_and_not_modified():
    v = tf.Variable([[3.0, 1.0], [2.0, 4.0]])
    before = v.numpy().copy()
    assert xp.sum(v).shape == ()
    assert xp.add(v, 1).dtype == tf.float32
    np.testing.assert_array_equal(n(xp.sort(v, axis=0)), [[2.0, 1.0], [3.0, 4.0]])
    assert xp.take(v, t([1]), axis=0).shape == (1, 2)
    assert xp.unique_values(v).shape == (4,)
    assert xp.linalg.det(v).shape == ()
    assert xp.reshape(v, (4,)).shape == (4,) and xp.permute_dims(v, (1, 0)).shape == (2, 2)
    assert xp.astype(v, tf.float32, copy=False) is v
    np.testing.assert_array_equal(v.numpy(), before)


def _suite(x):
    """A dozen standard functions, some wrapped, written once."""
    ns = xport.namespace_of(x)
    y = ns.sort(ns.abs(x), axis=-1, descending=True)
    z = ns.concat([y, ns.expand_dims(ns.max(x, axis=1), axis=1)], axis=1)
    z = ns.where(z > 1.0, z, 0.5)
    return (ns.sum(ns.linalg.vector_norm(z, axis=0)) + ns.mean(ns.cumulative_sum(z, axis=1))
            + ns.astype(ns.count_nonzero(ns.isin(ns.round(x), ns.asarray([1.0, 2.0]))), x.dtype)
            + ns.sum(ns.take(z, ns.asarray([-1]), axis=1)))


def test_namespace_inside_tf_function_with_unknown_dims_matches_eager():
    x = t([[1.3, -2.0, 0.5], [4.0, 1.0, -0.2], [0.0, 2.0, 2.5]], tf.float32)
    eager = _suite(x)
    traced = tf.function(_suite, input_signature=[tf.TensorSpec([None, None], tf.float32)])
    np.testing.assert_allclose(n(traced(x)), n(eager), rtol=1e-6)
    np.testing.assert_allclose(n(traced(x[:2])), n(_suite(x[:2])), rtol=1e-6)
    assert xport.namespace_of(x) is xp



def _constants_suite(x, ids):
    """Standard functions and extensions that need constants of their own
    (axes, shapes, scalars, bounds), written once."""
    ns = xport.namespace_of(x)
    sorted_ = ns.sort(x, axis=0, descending=True)
    picked = ns.take(x, ns.astype(ids, ns.int64) - 3, axis=1)
    joined = ns.concat([sorted_, picked], axis=None)
    counts = ns.astype(ns.argmax(x, keepdims=True), x.dtype) + ns.sum(x, axis=1)[0]
    flags = ns.astype(ns.any(x, axis=0), x.dtype) + ns.cumulative_sum(x, axis=1)[0]
    set_ = xport.at(x)[0, 1].set(7.0)
    return (ns.sum(joined) + ns.sum(counts) + ns.sum(flags) + ns.sum(set_)
            + ns.sum(ns.where(x > 1.0, x, 0.5)) + ns.sum(ns.clip(x, -1.0, 2.0))
            + ns.sum(xport.scatter.segment_sum(x[0], ids, 2)))


def test_traced_functions_capture_no_constants_of_their_own():
    # The constants xport makes while a tf.function is traced are the graph's
    # own: an eager one would be captured, and every call of the function
    # pays for each capture. Eager calls first, so that the eager cache holds
    # every constant the trace asks for.
    x = t([[1.3, -2.0, 0.5], [4.0, 1.0, -0.2], [0.0, 2.0, 2.5]], tf.float32)
    ids = t([0, 1, 5], tf.int32)  # 5: past the last segment, dropped
    eager = n(_constants_suite(x, ids))
    traced = tf.function(_constants_suite)
    np.testing.assert_allclose(n(traced(x, ids)), eager, rtol=1e-6)
    graph = traced.get_concrete_function(x, ids).graph
    assert graph.captures == [], graph.captures
    np.testing.assert_allclose(n(_constants_suite(x, ids)), eager, rtol=1e-6)


# --- dispatch ------------------------------------------------------------------------------------

def test_namespace_of_recognises_eager_variables_and_symbolic_tensors():
    assert xport.namespace_of(tf.constant(1.0)) is xp
    assert xport.namespace_of(tf.Variable([1.0])) is xp
    assert xport.namespace_of(tf.constant(1.0), 2.0, tf.Variable(1.0)) is xp
    assert xport.backend_of(tf.Variable(1.0)) == "tensorflow"
    seen = []

    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def f(x):
        seen.append(xport.namespace_of(x))
        return x

    f.get_concrete_function()
    assert seen == [xp]
    assert xport.namespace("tf") is xp and xport.tensorflow is xp
    with pytest.raises(TypeError, match="more than one library"):
        xport.namespace_of(tf.constant(1.0), np.ones(1))


def test_dispatch_does_not_import_tensorflow():
    out = _run("""
        import sys, xport, numpy
        xport.namespace_of(numpy.ones(2))
        Fake = type("Tensor", (), {"__module__": "tensorflow.python.framework.tensor"})
        print(xport.backend_of(Fake()), "tensorflow" in sys.modules)
    """)
    assert out == "tensorflow False"


def test_first_sighting_inside_tf_function_converts_cleanly(tmp_path):
    # AutoGraph converts the code a tf.function calls; dispatch's first
    # sighting of tf.Tensor (and xport.random), and then its multi-argument
    # fast paths, must not make it fall back with a "could not transform"
    # warning. From a file: AutoGraph reads the source of what it converts.
    script = tmp_path / "autograph_dispatch.py"
    script.write_text(textwrap.dedent("""
        import tensorflow as tf, xport, xport.random as xr

        @tf.function
        def first(x):
            xp = xport.namespace_of(x)
            return xp.sin(x) + xr.uniform(xr.key(0, xp=xp), (3,))

        @tf.function
        def several(x, y):
            return (xport.namespace_of(x, y).add(x, y)
                    + xport.namespace_of(x, 1.0, y, 2).sin(y)
                    + xport.namespace_of(1.0, x).cos(x))

        print(first(tf.constant([1.0, 2.0, 3.0])).shape)
        print(several(tf.constant([1.0, 2.0, 3.0]), tf.ones(3)).shape)
    """))
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                         check=True, timeout=300)
    assert out.stdout.split() == ["(3,)", "(3,)"]
    assert "could not transform" not in out.stderr


def test_copies_compile_with_xla():
    # DeepCopy has no XLA kernel: inside tf.function a copy is tf.identity.
    x = tf.constant([1.0, 2.0])
    f = tf.function(lambda x: xp.astype(x, xp.float32, copy=True) * 2.0
                    + xp.asarray(x, copy=True), jit_compile=True)
    np.testing.assert_array_equal(f(x).numpy(), [3.0, 6.0])
    v = tf.Variable([1.0, 2.0])
    copied = xp.astype(v, xp.float32, copy=True)
    v.assign([5.0, 6.0])
    np.testing.assert_array_equal(copied.numpy(), [1.0, 2.0])

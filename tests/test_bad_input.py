"""Bad input never gives a silent wrong result (#18): it gives the right result,
or an error that names the argument and the fix.

Expected values come from NumPy (the standard's reference behaviour for what
it leaves open), never from the code under test. Every test runs on every
installed backend (the ``backend`` fixture of conftest.py).
"""

from __future__ import annotations

import re
import warnings

import numpy as np
import pytest
from conformance._backends import to_numpy

import xport
import xport.random as xr

# --- silent wrong results ------------------------------------------------------------


@pytest.mark.parametrize("function", ["mean", "var", "std"])
@pytest.mark.parametrize("values", [[1, 2], [[1, 2, 4], [3, 3, 8]], [True, False, False]],
                         ids=["int-1d", "int-2d", "bool"])
@pytest.mark.parametrize(("axis", "keepdims"), [(None, False), (-1, True), ((), False)])
def test_statistics_of_integers_are_floating(backend, function, values, axis, keepdims):
    # The standard leaves integer input open; NumPy, JAX and Dask compute in
    # floating point, so every backend does (TensorFlow truncated, PyTorch raised).
    xp = backend.xp
    host = np.asarray(values)
    if host.dtype == np.int64:
        host = host.astype(np.int32)  # every backend has int32, JAX without x64 too
    out = getattr(xp, function)(backend.from_numpy(host), axis=axis, keepdims=keepdims)
    expected = getattr(np, function)(host, axis=axis, keepdims=keepdims)
    assert out.dtype == xp.__array_namespace_info__().default_dtypes()["real floating"]
    np.testing.assert_allclose(to_numpy(out), expected, rtol=1e-6)


@pytest.mark.parametrize("dtype", ["uint8", "uint16", "int8", "int64"])
def test_mean_of_other_integer_dtypes_is_floating(backend, dtype):
    xp = backend.xp
    if dtype not in backend.dtype_names:
        pytest.skip(f"{backend} has no {dtype} here")
    host = np.asarray([1, 2, 2, 4], dtype=dtype)
    out = xp.mean(backend.from_numpy(host))
    assert xp.isdtype(out.dtype, "real floating")
    assert float(to_numpy(out)) == np.mean(host) == 2.25


def test_numpy_matrix_is_refused_with_the_fix():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PendingDeprecationWarning)
        matrix = np.asmatrix([[1.0, 2.0]])
    # NumPy keeps a matrix 2-d, which the standard's shapes contradict:
    assert np.reshape(matrix, (2,)).shape == (1, 2)
    for find in (xport.namespace_of, xport.array_namespace):
        with pytest.raises(TypeError, match=r"numpy\.matrix.*numpy\.asarray\(x\)"):
            find(matrix)
    assert xport.namespace_of(np.asarray(matrix)) is xport.numpy


def test_numpy_matrix_is_refused_beside_any_backend(backend):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PendingDeprecationWarning)
        matrix = np.asmatrix(np.eye(2))
    x = backend.from_numpy(np.ones(2))
    with pytest.raises(TypeError, match=r"numpy\.matrix \(argument 1\)"):
        xport.namespace_of(x, matrix)


def test_asarray_copy_false_never_copies(backend):
    # The standard: copy=False never copies and raises ValueError when it would
    # have to (as np.asarray(obj, copy=False) does from NumPy 2 on).
    xp = backend.xp
    with pytest.raises(ValueError):
        xp.asarray([1.0, 2.0], copy=False)
    with pytest.raises(ValueError):
        xp.asarray(1.5, copy=False)
    with pytest.raises(ValueError):
        xp.asarray(np.ones(2, np.float32), dtype=xp.int32, copy=False)
    x = xp.asarray(np.ones(3, np.float32))
    assert xp.asarray(x, copy=False) is x
    assert xp.asarray(x, dtype=xp.float32, copy=False) is x
    with pytest.raises(ValueError):
        xp.asarray(x, dtype=xp.int32, copy=False)


SAMPLERS = {
    "uniform": xr.uniform,
    "normal": xr.normal,
    "bits": xr.bits,
    "integers": lambda k, shape: xr.integers(k, shape, 0, 10),
    "bernoulli": lambda k, shape: xr.bernoulli(k, 0.5, shape),
    "choice": lambda k, shape: xr.choice(k, 5, shape),
    "gamma": lambda k, shape: xr.gamma(k, 2.0, shape),
}


@pytest.mark.parametrize("sampler", sorted(SAMPLERS))
@pytest.mark.parametrize("shape", [-1, (-1,), (2, -1)])
def test_random_negative_shape_is_a_value_error(backend, sampler, shape):
    with pytest.raises(ValueError):  # what NumPy says of a negative size
        np.empty(shape)
    key = xr.key(0, xp=backend.xp)
    with pytest.raises(ValueError, match=re.escape(f"{sampler}(): shape")):
        SAMPLERS[sampler](key, shape)
    with pytest.raises(ValueError, match=r"split\(\): shape"):
        xr.split(key, -1)


# Left for the checked mode: the library's own error, where xport binds the
# native function (JAX) or PyTorch's message already names the size.
_NATIVE_NEGATIVE_SIZE_ERROR = {"jax": TypeError, "torch": RuntimeError}

CREATION = {
    "zeros": lambda xp: xp.zeros(-1),
    "ones": lambda xp: xp.ones((2, -1)),
    "empty": lambda xp: xp.empty((-1,)),
    "full": lambda xp: xp.full((-1, 2), 1.0),
}


@pytest.mark.parametrize("function", sorted(CREATION))
def test_creation_refuses_negative_sizes(backend, function):
    with pytest.raises(ValueError):
        CREATION[function](np)
    expected = _NATIVE_NEGATIVE_SIZE_ERROR.get(backend.name, ValueError)
    with pytest.raises(expected, match=r"negative|nonnegative"):
        CREATION[function](backend.xp)


@pytest.mark.parametrize("args", [(-1,), (2, -1)], ids=["n_rows", "n_cols"])
def test_eye_refuses_negative_sizes(backend, args):
    with pytest.raises(ValueError):
        np.eye(*args)
    error = RuntimeError if backend.name == "torch" else ValueError
    with pytest.raises(error, match=r"negative|greater or equal to 0"):
        backend.xp.eye(*args)


def test_linspace_refuses_a_negative_num(backend):
    with pytest.raises(ValueError):
        np.linspace(0, 1, -1)
    error = RuntimeError if backend.name == "torch" else ValueError
    with pytest.raises(error, match=r"-1|negative"):
        backend.xp.linspace(0, 1, -1)


# --- unclear errors -------------------------------------------------------------------

def test_astype_takes_dtype_names(backend):
    xp = backend.xp
    x = xp.asarray(np.asarray([1, 2], dtype=np.int32))
    out = xp.astype(x, "float32")
    assert out.dtype == xp.float32
    np.testing.assert_array_equal(to_numpy(out), np.asarray([1, 2], dtype="float32"))
    with pytest.raises(TypeError, match="flot64"):
        xp.astype(x, "flot64")


@pytest.mark.parametrize("function", ["sum", "prod", "cumulative_sum", "cumulative_prod"])
def test_reductions_take_dtype_names(backend, function):
    xp = backend.xp
    host = np.asarray([1, 2, 3], dtype=np.int32)
    out = getattr(xp, function)(backend.from_numpy(host), dtype="float32")
    assert out.dtype == xp.float32
    expected = {"sum": np.sum, "prod": np.prod, "cumulative_sum": np.cumsum,
                "cumulative_prod": np.cumprod}[function](host, dtype=np.float32)
    np.testing.assert_array_equal(to_numpy(out), expected)


def test_promotion_functions_take_dtype_names(backend):
    xp = backend.xp
    # NumPy's answers for the names: float32 casts to float64 safely, and promotes to it.
    assert xp.can_cast("float32", "float64") == np.can_cast("float32", "float64")
    assert xp.can_cast("float64", "float32") == np.can_cast("float64", "float32")
    # (Types every backend has, JAX without 64-bit types too; MXNet has no
    # complex dtypes and no int16.)
    if hasattr(xp, "complex64"):
        assert xp.result_type("float32", "complex64") == xp.complex64
    if hasattr(xp, "int16"):
        assert xp.result_type("int8", xp.int16) == xp.int16
    assert xp.result_type("int8", "int32") == xp.int32


@pytest.mark.parametrize("function", ["asarray", "zeros", "ones", "empty", "full", "eye",
                                      "arange", "linspace"])
def test_creation_takes_dtype_names(backend, function):
    args = {"asarray": ([1, 2],), "full": (2, 1), "linspace": (0, 1, 3), "arange": (3,)}
    xp = backend.xp
    out = getattr(xp, function)(*args.get(function, (2,)), dtype="float32")
    assert out.dtype == xp.float32


@pytest.mark.parametrize("function", ["astype", "asarray"])
def test_unknown_dtype_names_are_type_errors_naming_them(backend, function):
    xp = backend.xp
    with pytest.raises(TypeError, match="flot32"):
        if function == "astype":
            xp.astype(xp.zeros(2), "flot32")
        else:
            xp.asarray([1.0], dtype="flot32")


def test_xport_dtype_name_errors_list_the_valid_names(backend):
    if backend.name not in ("torch", "tensorflow"):
        pytest.skip(f"{backend}'s own dtype parsing reports unknown names")
    xp = backend.xp
    with pytest.raises(TypeError, match=r"astype\(\): dtype 'flot32'.*float32, float64"):
        xp.astype(xp.zeros(2), "flot32")
    with pytest.raises(TypeError, match=r"asarray\(\): dtype 'flot32'.*float32, float64"):
        xp.asarray([1.0], dtype="flot32")


class _NotAMethod:
    __array_namespace__ = 5


def test_non_callable_array_namespace_is_explained(backend):
    x = backend.from_numpy(np.ones(2))
    for arrays in ((_NotAMethod(),), (x, _NotAMethod())):
        with pytest.raises(TypeError, match=r"_NotAMethod.*__array_namespace__.*'int'.*method"):
            xport.namespace_of(*arrays)


class _Foreign:
    def __array_namespace__(self, *, api_version=None):
        return _Foreign

    def __array__(self, dtype=None, copy=None):
        return np.ones(2)


def test_mixed_with_an_unknown_library_suggests_a_convert_that_works(backend):
    x = backend.from_numpy(np.ones(2))
    with pytest.raises(TypeError, match="Multiple namespaces") as info:
        xport.namespace_of(_Foreign(), x)
    suggested = re.search(r"xport\.convert\(x, '(\w+)'\)", str(info.value))
    assert suggested is not None and suggested.group(1) == backend.name
    converted = xport.convert(np.ones(2), suggested.group(1))
    assert xport.namespace_of(converted) is backend.xp


def test_argmax_axis_out_of_range_is_an_index_error(backend):
    xp = backend.xp
    with pytest.raises(IndexError):  # NumPy's AxisError is an IndexError (and ValueError)
        np.argmax(np.ones((2, 2)), axis=2)
    x = backend.from_numpy(np.ones((2, 2)))
    for function in (xp.argmax, xp.argmin):
        with pytest.raises(IndexError, match="2"):
            function(x, axis=2)


def test_matmul_of_mismatched_shapes_raises(backend):
    with pytest.raises(ValueError):
        np.matmul(np.ones((2, 3)), np.ones((2, 3)))
    x = backend.from_numpy(np.ones((2, 3)))
    error = {"torch": RuntimeError, "jax": TypeError}.get(backend.name, ValueError)
    with pytest.raises(error, match="3"):
        backend.xp.matmul(x, x)


def test_solve_in_float16_is_refused_or_right(backend):
    xp = backend.xp
    if getattr(xp, "float16", None) is None:
        pytest.skip(f"{backend} has no float16")
    a = np.asarray([[2.0, 1.0], [1.0, 3.0]], dtype=np.float16)
    b = np.asarray([1.0, 2.0], dtype=np.float16)
    try:
        out = xp.linalg.solve(xp.asarray(a, dtype=xp.float16), xp.asarray(b, dtype=xp.float16))
    except (TypeError, NotImplementedError) as exc:
        if backend.name == "tensorflow":
            assert "float16" in str(exc) and "float32" in str(exc)
        return
    np.testing.assert_allclose(to_numpy(out).astype(np.float32),
                               np.linalg.solve(a.astype(np.float32), b.astype(np.float32)),
                               rtol=1e-2)


def test_default_dtypes_is_a_new_dict_each_call(backend):
    # The caller may change what it got: the next answer is unchanged.
    info = backend.xp.__array_namespace_info__()
    first = info.default_dtypes()
    indexing = first["indexing"]
    first["indexing"] = None
    first.clear()
    again = info.default_dtypes()
    assert again is not first
    assert again["indexing"] == indexing
    assert set(again) == {"real floating", "complex floating", "integral", "indexing"}

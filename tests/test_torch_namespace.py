"""xport.torch: native where PyTorch conforms, thin wrappers where it deviates."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

torch = pytest.importorskip("torch")

import xport  # noqa: E402
import xport.torch as xp  # noqa: E402
from xport._spec import names  # noqa: E402
from xport.torch._elementwise import _BINARY  # noqa: E402
from xport.torch._wrappers import ALIASES  # noqa: E402

CUDA = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA device")

# The deviations of PyTorch 2.13 from the standard, found by the conformance
# checks (one line each in the wrappers' docstrings).
EXPECTED_WRAPPED = {
    "__array_namespace_info__",
    # binary functions: Python scalars on either side, 0-d promotion
    "add", "atan2", "bitwise_and", "bitwise_left_shift", "bitwise_or",
    "bitwise_right_shift", "bitwise_xor", "copysign", "divide", "equal", "floor_divide",
    "greater", "greater_equal", "hypot", "less", "less_equal", "logaddexp", "logical_and",
    "logical_or", "logical_xor", "maximum", "minimum", "multiply", "nextafter",
    "not_equal", "pow", "remainder", "subtract",
    # other elementwise
    "acos", "clip", "expm1", "log1p", "negative", "round", "sign", "tanh",
    # data types
    "astype", "can_cast", "finfo", "iinfo", "isdtype", "result_type",
    # creation
    "arange", "asarray", "empty", "eye", "full", "linspace", "meshgrid", "ones", "tril",
    "triu", "zeros",
    # manipulation (broadcast_arrays: for compat's error words)
    "broadcast_arrays", "broadcast_shapes", "broadcast_to", "concat", "expand_dims", "flip",
    "permute_dims", "repeat", "reshape", "roll", "squeeze", "stack",
    # statistics and utility
    "all", "any", "count_nonzero", "cumulative_prod", "cumulative_sum", "max", "mean",
    "min", "prod", "std", "sum", "var",
    # natives without uint16/uint32/uint64 kernels (see _unsigned)
    "abs", "argmax", "argmin", "bitwise_invert", "diff", "isin", "searchsorted", "square",
    # indexing, searching, sorting, sets
    "argsort", "nonzero", "sort", "take", "take_along_axis", "unique_all", "unique_counts",
    "unique_inverse", "unique_values", "where",
    # products
    "matmul", "matrix_transpose", "tensordot", "vecdot",
}
EXPECTED_LINALG_WRAPPED = {"cross", "matmul", "matrix_transpose", "outer", "solve",
                           "tensordot", "trace", "vecdot", "vector_norm"}
EXPECTED_FFT_WRAPPED = {"fftn", "ifftn", "rfftn", "irfftn", "fftshift", "ifftshift"}


def t(values, dtype=None):
    return torch.tensor(values, dtype=dtype)


# --- provenance ------------------------------------------------------------------------

def test_native_names_are_torchs_own_functions():
    for name, provenance in xp._PROVENANCE.items():
        if provenance == "native":
            assert getattr(xp, name) is getattr(torch, ALIASES.get(name, name)), name
    for name, provenance in xp.linalg._PROVENANCE.items():
        if provenance == "native":
            assert getattr(xp.linalg, name) is getattr(torch.linalg, name), name
    for name, provenance in xp.fft._PROVENANCE.items():
        if provenance == "native":
            assert getattr(xp.fft, name) is getattr(torch.fft, name), name
    assert xp.sqrt is torch.sqrt and xp.conj is torch.conj_physical


def test_nothing_is_missing():
    for table in (xp._PROVENANCE, xp.linalg._PROVENANCE, xp.fft._PROVENANCE):
        assert "missing" not in table.values()


@pytest.mark.skipif(not torch.__version__.startswith("2.13"),
                    reason="pins the wrapped set of the installed PyTorch (2.13)")
def test_wrapped_set_on_installed_torch():
    assert {n for n, p in xp._PROVENANCE.items() if p == "wrapped"} == EXPECTED_WRAPPED
    assert {n for n, p in xp.linalg._PROVENANCE.items() if p == "wrapped"} == \
        EXPECTED_LINALG_WRAPPED
    assert {n for n, p in xp.fft._PROVENANCE.items() if p == "wrapped"} == \
        EXPECTED_FFT_WRAPPED


def test_every_wrapper_says_what_it_fixes():
    for module in (xp, xp.linalg, xp.fft):
        for name, provenance in module._PROVENANCE.items():
            if provenance == "wrapped" and name != "__array_namespace_info__":
                doc = getattr(module, name).__doc__ or ""
                assert "Deviation" in doc, f"{module.__name__}.{name} has no deviation note"


def test_namespace_lists_only_the_standard():
    assert set(dir(xp)) == set(names.main_names())
    assert xp.__array_api_version__ == "2025.12"
    assert "nanmean" not in dir(xp)


# --- dtypes and the inspection API -----------------------------------------------------

def test_dtypes_are_torch_dtypes():
    for name in names.DTYPE_ATTRIBUTE_NAMES:
        assert getattr(xp, name) is getattr(torch, name)
    table = {xp.float32: "f4", xp.int64: "i8"}
    assert table[torch.ones(1).dtype] == "f4"
    assert table[torch.arange(3).dtype] == "i8"


def test_info_lists_every_dtype_of_the_standard():
    info = xp.__array_namespace_info__()
    assert set(info.dtypes()) == set(names.DTYPE_ATTRIBUTE_NAMES)
    assert set(info.dtypes(kind="unsigned integer")) == {"uint8", "uint16", "uint32", "uint64"}
    assert set(info.dtypes(kind=("bool", "complex floating"))) == {"bool", "complex64",
                                                                   "complex128"}
    with pytest.raises(ValueError, match="unknown dtype kind"):
        info.dtypes(kind="strings")


def test_info_devices_are_torch_devices():
    info = xp.__array_namespace_info__()
    devices = info.devices()
    assert isinstance(devices, tuple) and devices[0] == torch.device("cpu")
    assert all(isinstance(d, torch.device) for d in devices)
    assert info.default_device() == torch.device("cpu")
    assert info.capabilities()["data-dependent shapes"] is True
    with pytest.raises(ValueError, match="not a PyTorch device"):
        info.dtypes(device="not-a-device")
    assert info.default_dtypes(device="cpu")["indexing"] is torch.int64


def test_default_dtypes_follow_torch():
    info = xp.__array_namespace_info__()
    assert info.default_dtypes()["real floating"] is torch.float32
    previous = torch.get_default_dtype()
    torch.set_default_dtype(torch.float64)
    try:
        defaults = info.default_dtypes()
        assert defaults["real floating"] is torch.float64
        assert defaults["complex floating"] is torch.complex128
        assert xp.asarray(1.5).dtype is torch.float64
    finally:
        torch.set_default_dtype(previous)


def test_finfo_iinfo_are_python_numbers_and_accept_tensors():
    for arg in (xp.float32, torch.ones(2), xp.complex64):
        info = xp.finfo(arg)
        assert type(info.eps) is float and type(info.max) is float
        assert info.eps == torch.finfo(torch.float32).eps and info.dtype is torch.float32
    info = xp.iinfo(torch.zeros(1, dtype=torch.uint8))
    assert (info.bits, info.min, info.max, info.dtype) == (8, 0, 255, torch.uint8)
    assert xp.iinfo(xp.uint64).max == 2**64 - 1


def test_can_cast_follows_the_lattice():
    assert xp.can_cast(xp.int8, xp.int16) and xp.can_cast(xp.uint8, xp.int16)
    assert not xp.can_cast(xp.bool, xp.int8)  # torch.can_cast says True
    assert not xp.can_cast(xp.int64, xp.float64)  # torch.can_cast says True
    assert xp.can_cast(torch.ones(1), xp.complex64)
    assert xp.can_cast(xp.uint16, xp.int32)


def test_result_type_by_the_table_with_scalars():
    assert xp.result_type(xp.int8, xp.uint8, torch.ones(2, dtype=torch.int16)) is xp.int16
    assert xp.result_type(xp.uint16, xp.int32) is xp.int32  # torch raises
    assert xp.result_type(xp.uint32, xp.uint64) is xp.uint64
    assert xp.result_type(xp.float32, 1j) is xp.complex64
    assert xp.result_type(xp.int8, 1) is xp.int8
    assert xp.result_type(xp.int8, xp.float32) is xp.float32  # mixed kinds: PyTorch's rule
    # Cases the standard leaves undefined follow PyTorch, as array-api-compat does:
    # scalars alone and a float beside integers give the default float dtype.
    assert xp.result_type(1, 2.0) is torch.get_default_dtype()
    assert xp.result_type(1, 2) is xp.int64 and xp.result_type(True, False) is xp.bool
    assert xp.result_type(xp.int8, 1.5) is torch.get_default_dtype()
    assert xp.result_type(torch.ones(2, dtype=torch.float16), 1.5) is torch.float16
    assert xp.result_type(torch.float16, 1j) is torch.complex32
    with pytest.raises(TypeError, match="at least one array, dtype or Python scalar"):
        xp.result_type()


def test_isdtype():
    assert xp.isdtype(xp.uint16, "unsigned integer")
    assert xp.isdtype(xp.float32, ("bool", "real floating"))
    assert not xp.isdtype(xp.complex64, "real floating")
    assert xp.isdtype(xp.int8, xp.int8) and not xp.isdtype(xp.int8, xp.int16)
    # outside the standard, but of its kind (as NumPy's isdtype and compat say)
    assert xp.isdtype(torch.bfloat16, "real floating")
    assert not xp.isdtype(torch.bfloat16, "integral")
    with pytest.raises(ValueError, match="unknown kind 'float'"):
        xp.isdtype(xp.float32, "float")


def test_astype_copy_and_device():
    x = torch.ones(3)
    assert xp.astype(x, xp.float32, copy=False) is x
    y = xp.astype(x, xp.float32)
    assert y is not x and y.data_ptr() != x.data_ptr()
    assert xp.astype(x, xp.int8, device="cpu").dtype is torch.int8


# --- binary functions -------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(
    n for n in EXPECTED_WRAPPED if n in {
        "add", "atan2", "copysign", "divide", "equal", "floor_divide", "greater",
        "greater_equal", "hypot", "less", "less_equal", "logaddexp", "maximum", "minimum",
        "multiply", "nextafter", "not_equal", "pow", "remainder", "subtract"}))
def test_python_scalars_on_either_side(name):
    fn = getattr(xp, name)
    x = t([1.0, 2.0, 4.0])
    for args in ((x, 2.0), (2.0, x), (x, 2), (2, x)):
        got = fn(*args)
        want = fn(*(a if isinstance(a, torch.Tensor) else torch.full((3,), float(a))
                    for a in args))
        torch.testing.assert_close(got, want, equal_nan=True)
        assert got.dtype == want.dtype


@pytest.mark.parametrize("name", ["logical_and", "logical_or", "logical_xor"])
def test_logical_functions_take_bool_scalars(name):
    x = t([True, False])
    native = getattr(torch, name)
    for args in ((x, True), (False, x)):
        want = native(*(a if isinstance(a, torch.Tensor) else torch.tensor([a, a])
                        for a in args))
        assert torch.equal(getattr(xp, name)(*args), want)


def test_complex_scalar_beside_real_floats():
    out = xp.maximum(t([1.0]), 2)  # torch.maximum takes no scalar
    assert out.dtype is torch.float32 and out.item() == 2.0
    out = xp.atan2(1.0, t([1.0], torch.float64))
    assert out.dtype is torch.float64
    assert xp.multiply(t([1.0]), 1j).dtype is torch.complex64


def test_zero_dimensional_operands_promote_by_the_table():
    x = torch.ones(2, dtype=torch.int8)
    assert torch.add(x, torch.tensor(3)).dtype is torch.int8  # PyTorch's rule
    assert xp.add(x, torch.tensor(3)).dtype is torch.int64
    assert xp.less(torch.tensor(300), torch.ones(2, dtype=torch.int16)).tolist() == [
        False, False]
    assert xp.multiply(torch.ones(2), torch.tensor(2.0, dtype=torch.float64)).dtype is \
        torch.float64
    assert xp.where(t([True, False]), x, torch.tensor(5)).dtype is torch.int64


def test_shell_unsigned_dtypes_promote_by_the_table():
    a = torch.ones(2, dtype=torch.uint16)
    out = xp.add(a, torch.full((2,), 3, dtype=torch.int32))
    assert out.dtype is torch.int32 and out.tolist() == [4, 4]
    assert xp.equal(torch.ones(2, dtype=torch.uint32), torch.ones(2, dtype=torch.int64)).all()


def test_complex_addition_keeps_infinite_components():
    z = torch.tensor([complex(0, 0)], dtype=torch.complex128)
    inf = torch.tensor([math.inf], dtype=torch.float64)
    assert torch.isnan(torch.add(z, inf).imag).item()  # PyTorch computes z + (1+0j)*inf
    out = xp.add(z, inf)
    assert out.real.item() == math.inf and out.imag.item() == 0.0
    out = xp.subtract(z, complex(math.inf, 0))
    assert out.real.item() == -math.inf and out.imag.item() == 0.0


def test_remainder_gives_zeros_the_divisors_sign():
    out = xp.remainder(t([-0.0, 0.0, 5.0]), t([3.0, -3.0, -3.0]))
    assert torch.signbit(out).tolist() == [False, True, True]
    assert out.tolist() == [0.0, 0.0, -1.0]
    assert xp.remainder(t([7]), 3).tolist() == [1]


def test_binary_functions_do_not_mutate_or_move():
    x = t([1.0, -2.0])
    before = x.clone()
    for name in ("add", "maximum", "remainder", "pow"):
        getattr(xp, name)(x, torch.tensor(2.0, dtype=torch.float64))
        getattr(xp, name)(3.0, x)
    assert torch.equal(x, before)


# --- other elementwise functions ---------------------------------------------------------

def test_sign_of_nan_and_complex():
    assert torch.isnan(xp.sign(t([math.nan]))).item()
    assert xp.sign(t([-3, 0, 2])).tolist() == [-1, 0, 1]
    torch.testing.assert_close(xp.sign(torch.tensor([3 + 4j])), torch.tensor([0.6 + 0.8j]))


def test_round_complex():
    out = xp.round(torch.tensor([1.5 + 2.5j, -0.4 + 3.6j]))
    assert out.tolist() == [2 + 2j, -0 + 4j]


def test_acos_of_real_axis_complex_numbers():
    out = xp.acos(torch.tensor([0j, complex(0.5, -0.0), 2 + 0j], dtype=torch.complex128))
    assert torch.signbit(out.imag).tolist() == [True, False, True]
    torch.testing.assert_close(out.real, torch.acos(torch.tensor([0.0, 0.5, 2.0],
                                                                 dtype=torch.float64))
                               .nan_to_num(0.0))
    assert xp.acos(t([0.5])).dtype is torch.float32


def test_clip_bounds():
    x = torch.arange(6, dtype=torch.int8)
    assert xp.clip(x, 1, 3).tolist() == [1, 1, 2, 3, 3, 3]
    out = xp.clip(x, torch.tensor([2], dtype=torch.int64), 4)  # torch.clamp rejects this mix
    assert out.dtype is torch.int8 and out.tolist() == [2, 2, 2, 3, 4, 4]
    assert xp.clip(x, max=torch.full((6,), 2, dtype=torch.int8)).tolist() == [0, 1, 2, 2, 2, 2]
    same = xp.clip(x)
    assert torch.equal(same, x) and same is not x
    assert torch.isnan(xp.clip(t([1.0, 2.0]), math.nan, 3.0)).all()


# --- creation ------------------------------------------------------------------------------

def test_creation_keywords_and_shapes():
    assert xp.zeros(shape=(2, 3)).shape == (2, 3)
    assert xp.ones(3, dtype=xp.int8).dtype is torch.int8
    assert xp.empty(shape=2).shape == (2,)
    assert xp.full(3, 7).tolist() == [7, 7, 7]
    assert xp.full((2,), True).dtype is torch.bool
    assert xp.eye(2, 3, k=1).tolist() == [[0, 1, 0], [0, 0, 1]]
    assert xp.eye(3, k=5).sum().item() == 0
    assert xp.eye(2, k=2**70).sum().item() == 0
    assert xp.eye(2).tolist() == [[1, 0], [0, 1]]
    assert xp.tril(torch.ones(2, 2), k=-1).tolist() == [[0, 0], [1, 0]]
    assert xp.triu(torch.ones(2, 2), k=1).tolist() == [[0, 1], [0, 0]]


def test_arange_empty_ranges_and_float_arguments():
    assert xp.arange(5, 0).shape == (0,) and xp.arange(5, 0).dtype is torch.int64
    assert xp.arange(0.0, -1.0, 0.5).dtype is torch.float32
    assert xp.arange(3).tolist() == [0, 1, 2]
    assert xp.arange(0, 2.5, 0.5, dtype=xp.int64).tolist() == [0, 0, 1, 1, 2]


def test_linspace_endpoint():
    torch.testing.assert_close(xp.linspace(0, 1, 4, endpoint=False),
                               t([0.0, 0.25, 0.5, 0.75]))
    assert xp.linspace(0, 1, 0, endpoint=False).shape == (0,)


def test_meshgrid_defaults_to_xy_and_returns_a_tuple():
    a, b = xp.meshgrid(torch.arange(3), torch.arange(2))
    assert a.shape == (2, 3) and b.shape == (2, 3)
    assert xp.meshgrid() == ()
    with pytest.raises(ValueError, match="indexing must be 'xy' or 'ij'"):
        xp.meshgrid(torch.arange(2), indexing="ji")


def test_asarray_keeps_a_tensors_device_and_honours_copy():
    x = torch.ones(3)
    assert xp.asarray(x) is x
    assert xp.asarray(x, copy=True).data_ptr() != x.data_ptr()
    with pytest.raises(ValueError):
        xp.asarray([1, 2], copy=False)
    torch.set_default_device("meta")
    try:
        assert torch.asarray(x).device.type == "meta"  # PyTorch's own
        assert xp.asarray(x).device.type == "cpu"
    finally:
        torch.set_default_device(None)


# --- manipulation ----------------------------------------------------------------------------

def test_reshape_copy_semantics():
    x = torch.arange(6)
    view = xp.reshape(x, (2, 3), copy=False)
    assert view.data_ptr() == x.data_ptr()
    assert xp.reshape(x, (3, 2), copy=True).data_ptr() != x.data_ptr()
    with pytest.raises(ValueError, match=r"reshape\(\) with copy=False needs a copy"):
        xp.reshape(x.reshape(2, 3).mT, (6,), copy=False)
    assert xp.reshape(x.reshape(2, 3).mT, (6,)).tolist() == [0, 3, 1, 4, 2, 5]


def test_expand_dims_with_a_tuple():
    x = torch.ones(2, 3)
    assert xp.expand_dims(x, axis=(0, 3)).shape == (1, 2, 3, 1)
    assert xp.expand_dims(x, axis=(-1, 0)).shape == (1, 2, 3, 1)
    assert xp.expand_dims(x, axis=1).shape == (2, 1, 3)
    with pytest.raises(ValueError, match="repeats a position"):
        xp.expand_dims(x, axis=(0, -4))
    with pytest.raises(IndexError, match="out of range"):
        xp.expand_dims(x, axis=(0, 5))


def test_flip_roll_squeeze_permute():
    x = torch.arange(6).reshape(2, 3)
    assert xp.flip(x).tolist() == [[5, 4, 3], [2, 1, 0]]
    assert xp.flip(x, axis=1).tolist() == [[2, 1, 0], [5, 4, 3]]
    assert xp.roll(x, 1, axis=(0, 1)).tolist() == [[5, 3, 4], [2, 0, 1]]
    assert xp.roll(x, shift=1).tolist() == [[5, 0, 1], [2, 3, 4]]
    assert torch.equal(xp.roll(x, (), axis=()), x)
    assert xp.squeeze(torch.ones(1, 2, 1), axis=(0, -1)).shape == (2,)
    with pytest.raises(ValueError, match="axis 1 has length 2, not 1"):
        xp.squeeze(torch.ones(1, 2), axis=1)
    assert xp.permute_dims(x, axes=(-1, 0)).shape == (3, 2)


def test_concat_axis_none_and_repeat_with_small_int_counts():
    assert xp.concat((torch.ones(2, 2), torch.zeros(3)), axis=None).shape == (7,)
    out = xp.repeat(torch.arange(3), torch.tensor([1, 0, 2], dtype=torch.int8))
    assert out.tolist() == [0, 2, 2]
    assert xp.repeat(torch.ones(2, 2), 2).shape == (8,)


def test_broadcast_shapes_and_to():
    assert xp.broadcast_shapes((2, 1), (3,)) == (2, 3)
    assert type(xp.broadcast_shapes((2, 1), (3,))) is tuple
    with pytest.raises(ValueError, match="do not broadcast"):
        xp.broadcast_shapes((2,), (3,))
    assert xp.broadcast_to(torch.ones(3), shape=(2, 3)).shape == (2, 3)
    assert isinstance(xp.broadcast_arrays(torch.ones(3), torch.ones(2, 1)), tuple)


# --- statistics ---------------------------------------------------------------------------

def test_reductions_over_no_axes():
    x = torch.arange(6.0).reshape(2, 3)
    assert torch.sum(x, dim=()).shape == ()  # PyTorch reduces everything
    assert torch.equal(xp.sum(x, axis=()), x)
    assert torch.equal(xp.max(x, axis=()), x)
    assert torch.equal(xp.var(x, axis=()), torch.zeros(2, 3))
    assert xp.count_nonzero(x, axis=()).tolist() == [[0, 1, 1], [1, 1, 1]]
    assert xp.prod(torch.ones(2, 3, dtype=torch.int8), axis=()).dtype is torch.int64
    assert xp.all(torch.ones(2, dtype=torch.uint8), axis=()).dtype is torch.bool



@pytest.mark.parametrize("name", ["sum", "mean", "var", "std", "max", "min", "all", "any"])
def test_tuple_axes_reduce_as_numpy_does_and_raise_the_standards_errors(name):
    data = np.arange(24.0).reshape(2, 3, 4) % 5 - 2
    x = torch.asarray(data)
    reduce = getattr(xp, name)
    for axis in ((0,), (-1,), (2, 0), (0, -2), (0, 1, 2)):
        for keepdims in (False, True):
            out = reduce(x, axis=axis, keepdims=keepdims)
            expected = getattr(np, name)(data, axis=axis, keepdims=keepdims)
            np.testing.assert_allclose(out.numpy(), expected, rtol=1e-12)
    with pytest.raises(ValueError, match="more than once"):
        reduce(x, axis=(1, -2))
    with pytest.raises(IndexError, match="out of range"):
        reduce(x, axis=(0, 3))


def test_vector_norm_over_tuple_axes_as_numpy_and_the_standards_errors():
    data = np.arange(24.0).reshape(2, 3, 4) - 11
    x = torch.asarray(data)
    for order in (2, 1, math.inf, -math.inf, 0, 3.5):
        for axis in ((0,), (2, 0), (-1, 1), (0, 1, 2)):
            out = xp.linalg.vector_norm(x, axis=axis, keepdims=True, ord=order)
            flat = np.moveaxis(data, [a % 3 for a in axis], range(-len(axis), 0))
            flat = flat.reshape(*flat.shape[:3 - len(axis)], -1)
            expected = np.linalg.norm(flat, ord=order, axis=-1)
            np.testing.assert_allclose(out.numpy().squeeze(), expected.squeeze(), rtol=1e-12)
            assert out.ndim == 3
    with pytest.raises(ValueError, match="more than once"):
        xp.linalg.vector_norm(x, axis=(0, -3))
    with pytest.raises(IndexError, match="out of range"):
        xp.linalg.vector_norm(x, axis=(3,))


def test_prod_takes_axis_tuples_and_keepdims():
    x = torch.arange(1.0, 25.0).reshape(2, 3, 4)
    out = xp.prod(x, axis=(0, 2), keepdims=True)
    assert out.shape == (1, 3, 1)
    torch.testing.assert_close(out.reshape(3), torch.prod(torch.prod(x, 2), 0))
    assert xp.prod(x, keepdims=True).shape == (1, 1, 1)
    assert xp.prod(x, axis=(-1, 0)).shape == (3,)
    with pytest.raises(ValueError, match="more than once"):
        xp.prod(x, axis=(0, -3))


def test_unsigned_integers_accumulate_in_uint64():
    x = torch.full((3,), 200, dtype=torch.uint8)
    out = xp.sum(x)
    assert out.dtype is torch.uint64 and out.to(torch.int64).item() == 600
    assert xp.prod(x).dtype is torch.uint64
    assert xp.cumulative_sum(x).dtype is torch.uint64
    assert xp.sum(torch.ones(2, dtype=torch.int8)).dtype is torch.int64
    assert xp.sum(x, dtype=xp.int16).dtype is torch.int16
    assert xp.linalg.trace(torch.ones(2, 2, dtype=torch.uint8)).dtype is torch.uint64


def test_std_var_correction_and_keepdims():
    x = torch.arange(6.0).reshape(2, 3)
    torch.testing.assert_close(xp.var(x, correction=0.5),
                               torch.tensor(17.5 / 5.5))
    assert xp.var(x).item() == pytest.approx(17.5 / 6)  # torch's own default is correction=1
    assert xp.std(x, axis=None, keepdims=True).shape == (1, 1)
    assert xp.mean(x, axis=(0, 1), keepdims=True).shape == (1, 1)


def test_all_any_return_bool_and_count_nonzero_keepdims():
    x = torch.tensor([[0, 1], [2, 3]], dtype=torch.uint8)
    assert torch.all(x).dtype is torch.uint8  # PyTorch's own
    assert xp.all(x).dtype is torch.bool and not xp.all(x).item()
    assert xp.any(x, axis=0).tolist() == [True, True]
    assert xp.count_nonzero(x, axis=1, keepdims=True).tolist() == [[1], [2]]
    assert xp.count_nonzero(x, keepdims=True).shape == (1, 1)


def test_cumulative_include_initial_and_axis():
    x = torch.tensor([[1, 2], [3, 4]])
    assert xp.cumulative_sum(x, axis=1, include_initial=True).tolist() == [
        [0, 1, 3], [0, 3, 7]]
    assert xp.cumulative_prod(x, axis=0, include_initial=True).tolist() == [
        [1, 1], [1, 2], [3, 8]]
    assert xp.cumulative_sum(torch.arange(3), dtype=xp.float64).dtype is torch.float64
    with pytest.raises(ValueError, match="needs axis= for a 2-d array"):
        xp.cumulative_sum(x)


# --- indexing, searching, sorting, sets ---------------------------------------------------

def test_take_counts_negative_indices_from_the_end():
    x = torch.arange(6).reshape(2, 3)
    assert xp.take(x, torch.tensor([-1, 0]), axis=1).tolist() == [[2, 0], [5, 3]]
    assert xp.take(torch.arange(4), torch.tensor([-1], dtype=torch.int8)).tolist() == [3]
    with pytest.raises(ValueError, match="axis=None needs a 1-d array"):
        xp.take(x, torch.tensor([0]))
    with pytest.raises(IndexError, match="out of range"):
        xp.take(x, torch.tensor([0]), axis=2)
    with pytest.raises(TypeError, match="dim"):
        xp.take(x, torch.tensor([0]), axis=1.0)


@pytest.mark.parametrize("route", ["eager", "compiled", "meta"])
def test_take_every_route_counts_negative_indices_and_checks_bounds(route):
    # Eagerly on the CPU index_select is tried first; compiled code and other
    # devices (meta here) count negative indices from the end before it.
    x = torch.arange(12).reshape(3, 4)
    cases = [((x, torch.tensor([-1, 0, 2]), 0), [[8, 9, 10, 11], [0, 1, 2, 3], [8, 9, 10, 11]]),
             ((x, torch.tensor([-4, 1], dtype=torch.int32), 1), [[0, 1], [4, 5], [8, 9]]),
             ((x[0], torch.tensor([-1, 3]), 0), [3, 3]),
             ((x[0].to(torch.uint32), torch.tensor([-2]), 0), [2]),
             ((x.to(torch.uint16), torch.tensor([-1], dtype=torch.int8), 0), [[8, 9, 10, 11]]),
             ((x, torch.tensor([1], dtype=torch.uint8), -1), [[1], [5], [9]])]
    for (a, i, axis), expected in cases:
        if route == "meta":
            out = xp.take(a.to("meta"), i.to("meta"), axis=axis)
            assert tuple(out.shape) == np.asarray(expected).shape and out.dtype == a.dtype
            continue
        take = (torch.compile(lambda a, i, axis=axis: xp.take(a, i, axis=axis), fullgraph=True,
                              backend="eager") if route == "compiled" else
                lambda a, i, axis=axis: xp.take(a, i, axis=axis))
        out = take(a, i)
        assert out.tolist() == expected and out.dtype == a.dtype
    if route == "eager":
        for bad in ([3], [-4]):
            with pytest.raises(IndexError):
                xp.take(x, torch.tensor(bad), axis=0)


def test_take_under_vmap_uses_gathers_with_batching_rules():
    # torch.take (the eager route for 1-d tensors) has no vmap batching rule:
    # PyTorch would warn and loop per example.
    x = torch.arange(12.0).reshape(3, 4)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        out = torch.func.vmap(lambda row: xp.take(row, torch.tensor([-1, 0])))(x)
    assert out.tolist() == [[3.0, 0.0], [7.0, 4.0], [11.0, 8.0]]


def test_take_along_axis_defaults_to_the_last_axis():
    x = torch.tensor([[10, 30, 20], [60, 40, 50]])
    idx = torch.tensor([[-1], [0]], dtype=torch.int32)
    assert xp.take_along_axis(x, idx).tolist() == [[20], [60]]


def test_nonzero_returns_a_tuple_and_rejects_0d():
    rows, cols = xp.nonzero(torch.tensor([[0, 1], [1, 0]]))
    assert rows.tolist() == [0, 1] and cols.tolist() == [1, 0]
    with pytest.raises(ValueError, match="at least one dimension"):
        xp.nonzero(torch.tensor(1))


def test_searchsorted_with_a_scalar():
    assert xp.searchsorted(t([1.0, 2.0, 3.0]), 2.5).item() == 2
    assert xp.searchsorted(t([1.0, 2.0, 3.0]), t([2.0]), side="right").tolist() == [2]


def test_stable_sorts():
    x = torch.tensor([1, 3, 1, 3, 2])
    assert xp.argsort(x, descending=True).tolist() == [1, 3, 4, 0, 2]
    assert xp.sort(x, descending=True).tolist() == [3, 3, 2, 1, 1]
    assert xp.argsort(torch.zeros(40, dtype=torch.int8)).tolist() == list(range(40))


def test_unique_functions():
    x = torch.tensor([[3.0, 1.0], [3.0, math.nan]])
    values, indices, inverse, counts = xp.unique_all(x)
    assert values[:2].tolist() == [1.0, 3.0] and math.isnan(values[2].item())
    assert indices.tolist() == [1, 0, 3]
    assert inverse.shape == x.shape and counts.tolist() == [1, 2, 1]
    assert xp.unique_all(x)._fields == ("values", "indices", "inverse_indices", "counts")
    assert xp.unique_counts(x)._fields == ("values", "counts")
    assert xp.unique_inverse(x)._fields == ("values", "inverse_indices")
    assert xp.isin(torch.tensor([1, 2]), 2).tolist() == [False, True]


def test_unique_functions_take_complex_tensors():
    z = torch.tensor([[1 + 1j, 2 - 1j], [1 + 1j, complex(math.nan, 0)]])
    values, indices, inverse, counts = xp.unique_all(z)
    assert values.dtype is torch.complex64 and values.shape == (3,)
    torch.testing.assert_close(values[inverse], z, equal_nan=True)
    assert sorted(counts.tolist()) == [1, 1, 2]
    assert z.reshape(-1)[indices].isnan().sum().item() == 1
    assert xp.unique_values(z).shape == (3,)


# --- linear algebra and fft ---------------------------------------------------------------

def test_matmul_tensordot_promote():
    a = torch.ones(2, 2, dtype=torch.int8)
    assert xp.matmul(a, torch.ones(2, 2, dtype=torch.int16)).dtype is torch.int16
    assert xp.tensordot(a, torch.ones(2, 2), axes=1).dtype is torch.float32
    assert xp.tensordot(torch.ones(2, 3), torch.ones(3, 2), axes=([1], [0])).shape == (2, 2)
    assert xp.matrix_transpose(torch.ones(4, 2, 3)).shape == (4, 3, 2)


def test_vecdot_conjugates_and_takes_integers():
    z = torch.tensor([1j, 2.0 + 0j])
    assert xp.vecdot(z, z).item() == 5 + 0j
    out = xp.vecdot(torch.tensor([1, 2], dtype=torch.int8), torch.tensor([[3, 4]],
                                                                         dtype=torch.int8))
    assert out.dtype is torch.int8 and out.tolist() == [11]
    with pytest.raises(ValueError, match="lengths 2 and 3"):
        xp.vecdot(torch.ones(2), torch.ones(3))


def test_solve_reads_x2_by_the_standard():
    a = torch.eye(2).expand(3, 2, 2) * 2
    b = torch.ones(3, 2)
    # PyTorch reads b as 3 vectors; the standard as one 3x2 matrix (which
    # does not fit a 2x2 system).
    assert torch.linalg.solve(a, b).shape == (3, 2)
    with pytest.raises(RuntimeError):
        xp.linalg.solve(a, b)
    assert xp.linalg.solve(a, torch.ones(2)).shape == (3, 2)
    square = torch.ones(2, 2, dtype=torch.float64)
    assert xp.linalg.solve(torch.eye(2).expand(2, 2, 2), square).shape == (2, 2, 2)


def test_linalg_wrappers():
    x = torch.arange(18.0).reshape(2, 3, 3)
    assert xp.linalg.trace(x, offset=1).tolist() == [6.0, 24.0]
    cross = xp.linalg.cross(torch.tensor([1.0, 0, 0]), torch.tensor([[0, 1, 0]]))
    assert cross.tolist() == [[0, 0, 1]]
    with pytest.raises(ValueError, match="must have 3 elements"):
        xp.linalg.cross(torch.ones(2), torch.ones(2))
    torch.testing.assert_close(xp.linalg.vector_norm(t([-3.0, 4.0]), axis=()), t([3.0, 4.0]))
    assert xp.linalg.vector_norm(t([[3.0, 4.0]]), axis=1, keepdims=True).tolist() == [[5.0]]
    values, vectors = xp.linalg.eig(torch.diag(t([1.0, 2.0])))
    assert values.dtype is torch.complex64 and vectors.dtype is torch.complex64
    assert xp.linalg.outer(t([1.0, 2.0]), t([3.0])).shape == (2, 1)


def test_fft_axes_and_frequencies():
    x = torch.arange(8.0).reshape(2, 4)
    torch.testing.assert_close(xp.fft.fftn(x, axes=(1,)), torch.fft.fft(x, dim=1))
    torch.testing.assert_close(xp.fft.fft(x, axis=0), torch.fft.fft(x, dim=0))
    assert xp.fft.fftshift(torch.arange(4), axes=0).tolist() == [2, 3, 0, 1]
    assert torch.equal(xp.fft.ifftshift(x, axes=()), x)
    out = xp.fft.fftfreq(4, d=0.5, dtype=xp.float64, device="cpu")
    assert out.dtype is torch.float64 and out.tolist() == [0.0, 0.5, -1.0, -0.5]


# --- PyTorch's own keywords, passed on as array-api-compat does ----------------------------

def test_creation_functions_pass_requires_grad_and_out():
    for made, values in [
        (xp.zeros(3, requires_grad=True), [0.0, 0.0, 0.0]),
        (xp.ones((1, 2), requires_grad=True), [[1.0, 1.0]]),
        (xp.full(2, 1.5, requires_grad=True), [1.5, 1.5]),
        (xp.eye(2, requires_grad=True), [[1.0, 0.0], [0.0, 1.0]]),
        (xp.eye(2, 3, k=1, requires_grad=True), [[0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]),
        (xp.arange(3.0, requires_grad=True), [0.0, 1.0, 2.0]),
        (xp.arange(0.0, 2.0, 0.5, dtype=xp.float64, requires_grad=True),
         [0.0, 0.5, 1.0, 1.5]),
        (xp.arange(3.0, 0.0, requires_grad=True), []),
        (xp.linspace(0, 1, 3, requires_grad=True), [0.0, 0.5, 1.0]),
        (xp.linspace(0, 1, 2, endpoint=False, requires_grad=True), [0.0, 0.5]),
        (xp.asarray([1.0, 2.0], requires_grad=True), [1.0, 2.0]),
    ]:
        assert made.requires_grad is True and made.tolist() == values
    assert xp.empty((2, 2), requires_grad=True).requires_grad is True
    assert xp.zeros(3).requires_grad is False
    with pytest.raises(RuntimeError, match="floating point"):
        xp.arange(3, requires_grad=True)  # int64, as torch.arange(3, requires_grad=True)
    out = torch.empty(3, dtype=torch.int64)
    assert xp.arange(3, out=out) is out and out.tolist() == [0, 1, 2]
    out = torch.empty(2)
    assert xp.full(2, 7.0, out=out) is out and out.tolist() == [7.0, 7.0]
    out = torch.empty(2, 2)
    assert xp.eye(2, k=-1, out=out) is out and out.tolist() == [[0.0, 0.0], [1.0, 0.0]]


def test_reductions_write_into_out():
    x = t([[1.0, 2.0], [3.0, 4.0]])
    o2, o0, o22 = torch.empty(2), torch.empty(()), torch.empty(2, 2)
    assert xp.sum(x, axis=0, out=o2) is o2 and o2.tolist() == [4.0, 6.0]
    assert xp.sum(x, out=o0) is o0 and o0.item() == 10.0
    assert xp.sum(x, axis=(), out=o22) is o22 and o22.tolist() == [[1.0, 2.0], [3.0, 4.0]]
    xp.prod(x, axis=1, out=o2)
    assert o2.tolist() == [2.0, 12.0]
    cube = t([[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]]])
    xp.prod(cube, axis=(0, 1), out=o2)  # moved last and flattened: one torch.prod
    assert o2.tolist() == [105.0, 384.0]
    xp.mean(x, axis=1, out=o2)
    assert o2.tolist() == [1.5, 3.5]
    xp.var(x, axis=0, out=o2)  # (1, 3) and (2, 4) lie 1 from their means
    assert o2.tolist() == [1.0, 1.0]
    xp.std(x, axis=1, out=o2)
    assert o2.tolist() == [0.5, 0.5]
    assert xp.mean(t([1, 2]), dtype=xp.float64).item() == 1.5
    flags, ob = t([[True, False], [True, True]]), torch.empty(2, dtype=torch.bool)
    xp.all(flags, axis=1, out=ob)
    assert ob.tolist() == [False, True]
    xp.any(flags, axis=0, out=ob)
    assert ob.tolist() == [True, True]
    oi = torch.empty(3, dtype=torch.int64)
    assert xp.cumulative_sum(t([1, 2, 3]), out=oi) is oi and oi.tolist() == [1, 3, 6]
    o3 = torch.empty(3)
    xp.cumulative_prod(t([1.0, 2.0, 3.0]), out=o3)
    assert o3.tolist() == [1.0, 2.0, 6.0]
    assert xp.linalg.vector_norm(t([3.0, 4.0]), dtype=xp.float64).dtype is xp.float64
    xp.linalg.vector_norm(t([3.0, 4.0]), out=o0)
    assert o0.item() == 5.0


def test_elementwise_manipulation_and_sorting_write_into_out():
    x, o = t([-1.0, 0.5, 2.0]), torch.empty(3)
    assert xp.clip(x, 0, 1, out=o) is o and o.tolist() == [0.0, 0.5, 1.0]
    xp.clip(x, None, 1, out=o)
    assert o.tolist() == [-1.0, 0.5, 1.0]
    xp.clip(x, 0, None, out=o)
    assert o.tolist() == [0.0, 0.5, 2.0]
    xp.clip(x, t([0.0, 0.0, 0.0]), 1.5, out=o)
    assert o.tolist() == [0.0, 0.5, 1.5]
    assert xp.round(t([1.25, -2.5]), decimals=1).tolist() == pytest.approx([1.2, -2.5])
    xp.round(t([0.5, 1.5, 2.7]), out=o)
    assert o.tolist() == [0.0, 2.0, 3.0]
    oc = torch.empty(2, dtype=torch.complex64)
    assert xp.round(t([0.5 + 1.5j, 2.5 - 0.4j]), out=oc) is oc
    assert oc.tolist() == [2j, 2 - 0j]
    o4 = torch.empty(4)
    xp.concat([t([[1.0, 2.0]]), t([3.0, 4.0])], axis=None, out=o4)
    assert o4.tolist() == [1.0, 2.0, 3.0, 4.0]
    xp.concat([t([1.0]), t([2.0, 3.0, 4.0])], out=o4)
    assert o4.tolist() == [1.0, 2.0, 3.0, 4.0]
    values, indices = torch.empty(3), torch.empty(3, dtype=torch.int64)
    assert xp.sort(t([3.0, 1.0, 2.0]), out=(values, indices)) is values
    assert values.tolist() == [1.0, 2.0, 3.0] and indices.tolist() == [1, 2, 0]
    o2 = torch.empty(2)
    assert xp.take(t([10.0, 20.0, 30.0]), t([-1, 0]), out=o2) is o2
    assert o2.tolist() == [30.0, 10.0]
    xp.take(t([[1.0, 2.0], [3.0, 4.0]]), t([-1], dtype=torch.int8), axis=1, out=o2[:, None])
    assert o2.tolist() == [2.0, 4.0]


def test_keywords_pytorch_does_not_take_raise():
    # torch.roll, torch.flip, torch.fft.fftshift and torch.reshape take none;
    # a keyword fails as with array-api-compat rather than being dropped.
    x = t([1.0, 2.0])
    for call in (lambda: xp.roll(x, 1, out=x), lambda: xp.roll(x, 1, axis=(), out=x),
                 lambda: xp.flip(x, out=x), lambda: xp.fft.fftshift(x, axes=(), out=x),
                 lambda: xp.fft.ifftshift(x, out=x), lambda: xp.reshape(x, (2,), out=x)):
        with pytest.raises(TypeError):
            call()


def test_products_linalg_and_fft_write_into_out():
    a, b = t([[1.0, 2.0], [3.0, 4.0]]), t([1.0, 1.0])
    o2, o0 = torch.empty(2), torch.empty(())
    assert xp.matmul(a, b, out=o2) is o2 and o2.tolist() == [3.0, 7.0]
    o22 = torch.empty(2, 2)
    assert xp.linalg.matmul(a, a, out=o22) is o22
    assert o22.tolist() == [[7.0, 10.0], [15.0, 22.0]]
    xp.tensordot(a, b, axes=1, out=o2)
    assert o2.tolist() == [3.0, 7.0]
    xp.linalg.tensordot(a, a, axes=2, out=o0)
    assert o0.item() == 30.0
    xp.linalg.vecdot(t([1.0, 2.0]), t([3.0, 4.0]), out=o0)
    assert o0.item() == 11.0
    oi = torch.empty((), dtype=torch.int64)
    xp.linalg.vecdot(t([1, 2, 3]), t([4, 5, 6]), out=oi)  # integers: torch.sum's out
    assert oi.item() == 32
    xp.linalg.solve(t([[2.0, 0.0], [0.0, 4.0]]), t([2.0, 8.0]), out=o2)
    assert o2.tolist() == [1.0, 2.0]
    solved = xp.linalg.solve(t([[2.0, 0.0], [0.0, 4.0]]), t([[2.0, 8.0]]), left=False)
    assert solved.tolist() == [[1.0, 2.0]]  # X @ A = B
    signal, oc = t([1.0, 2.0, 3.0, 4.0]), torch.empty(4, dtype=torch.complex64)
    assert xp.fft.fftn(signal, out=oc) is oc
    assert oc.tolist() == [10, -2 + 2j, -2, -2 - 2j]
    xp.fft.ifftn(oc.clone(), out=oc)
    assert oc.real.tolist() == pytest.approx([1.0, 2.0, 3.0, 4.0])
    half = torch.empty(3, dtype=torch.complex64)
    xp.fft.rfftn(signal, out=half)
    assert half.tolist() == [10, -2 + 2j, -2]
    o4 = torch.empty(4)
    xp.fft.irfftn(half, s=(4,), out=o4)
    assert o4.tolist() == pytest.approx([1.0, 2.0, 3.0, 4.0])


# --- dispatch and transforms --------------------------------------------------------------

def test_namespace_of_torch_tensors_and_parameters():
    assert xport.namespace_of(torch.ones(1)) is xp
    assert xport.namespace_of(torch.nn.Parameter(torch.ones(2)), 1.0) is xp
    assert xport.namespace("torch") is xp and xport.backend_of(torch.ones(1)) == "torch"
    with pytest.raises(TypeError, match="more than one library"):
        xport.namespace_of(torch.ones(1), np.ones(1))


def test_namespace_of_fake_and_functional_tensors():
    from torch._subclasses.fake_tensor import FakeTensorMode
    from torch._subclasses.functional_tensor import FunctionalTensor, FunctionalTensorMode

    with FakeTensorMode() as mode:
        fake = mode.from_tensor(torch.ones(2))
        assert type(fake).__name__ == "FakeTensor"
        assert xport.namespace_of(fake) is xp
        assert xp.sum(xp.add(fake, 1.0)).shape == ()
    with FunctionalTensorMode():
        functional = FunctionalTensor.to_functional(torch.ones(2))
        assert xport.namespace_of(functional) is xp


def test_namespace_of_inside_transforms_and_tracing():
    from torch.fx.experimental.proxy_tensor import make_fx

    seen = []

    def f(x):
        seen.append(xport.namespace_of(x))
        return xp.sum(xp.multiply(x, 2.0))

    x = torch.ones(3)
    torch.func.vmap(f)(torch.ones(2, 3))
    torch.func.grad(f)(x)
    torch.func.functionalize(f)(x)
    make_fx(f, tracing_mode="symbolic")(x)
    assert seen == [xp] * 4


def _standard_code(x, y):
    """A dozen standard functions, some wrapped, behind namespace_of."""
    ns = xport.namespace_of(x, y)
    a = ns.maximum(ns.add(x, 1.5), 0.0)
    b = ns.where(a > 1.0, a, ns.zeros_like(a))
    c = ns.sum(b, axis=(0,), keepdims=True)
    d = ns.mean(ns.abs(x), axis=())
    e = ns.reshape(ns.clip(x, 0.1, None), (-1,))
    f = ns.matmul(x, ns.matrix_transpose(y))
    g = ns.std(x, axis=-1, correction=1)
    h = ns.prod(ns.exp(x), axis=(0, 1))
    i = ns.concat([ns.sign(x), ns.round(y)], axis=None)
    j = ns.vecdot(x, ns.expand_dims(y[0], axis=(0,)))
    k = ns.cumulative_sum(ns.multiply(2, x), axis=0, include_initial=True)
    return (ns.sum(c) + ns.sum(d) + ns.sum(e) + ns.sum(f) + ns.sum(g) + h + ns.sum(i)
            + ns.sum(j) + ns.sum(k))


@pytest.fixture
def operands():
    generator = torch.Generator().manual_seed(0)
    return (torch.randn(3, 4, generator=generator), torch.randn(3, 4, generator=generator))


@pytest.mark.slow
def test_standard_code_compiles_without_graph_breaks(operands):
    torch._dynamo.reset()
    compiled = torch.compile(_standard_code, fullgraph=True, backend="aot_eager")
    torch.testing.assert_close(compiled(*operands), _standard_code(*operands))


def test_standard_code_under_vmap_and_grad(operands):
    x, y = operands
    batched = torch.func.vmap(_standard_code)(torch.stack([x, 2 * x]), torch.stack([y, y]))
    torch.testing.assert_close(batched, torch.stack([_standard_code(x, y),
                                                     _standard_code(2 * x, y)]))
    grad = torch.func.grad(_standard_code)(x, y)
    x_ = x.clone().requires_grad_()
    _standard_code(x_, y).backward()
    torch.testing.assert_close(grad, x_.grad)


def test_results_stay_on_the_inputs_device_and_device_is_honoured():
    # The meta device stands in for an accelerator: any host copy or CPU
    # fallback would put a result elsewhere (or fail).
    x = torch.ones(3, device="meta")
    results = [
        xp.maximum(x, 2.0), xp.add(1, x), xp.atan2(1.0, x), xp.sum(x, axis=()),
        xp.prod(x, axis=(0,)), xp.clip(x, 0.5, torch.full((3,), 2.0, device="meta")),
        xp.add(x.to(torch.complex64), math.inf), xp.expm1(x.to(torch.complex64)),
        xp.cumulative_sum(x, include_initial=True), xp.where(x > 0, x, 0.0),
        xp.take(x, torch.tensor([-1], device="meta")), xp.asarray(x),
    ]
    assert all(out.device.type == "meta" for out in results)
    made = [xp.zeros(2, device="meta"), xp.arange(5, 0, device="meta"),
            xp.eye(2, k=1, device="meta"), xp.linspace(0, 1, 3, endpoint=False, device="meta"),
            xp.full(2, 1.0, device="meta"), xp.astype(torch.ones(2), xp.int8, device="meta"),
            xp.fft.fftfreq(4, device="meta")]
    assert all(out.device.type == "meta" for out in made)


# --- CUDA ---------------------------------------------------------------------------------

@CUDA
def test_results_stay_on_the_cuda_device():
    x = torch.ones(3, device="cuda")
    for out in (xp.maximum(x, 2.0), xp.add(1, x), xp.atan2(1.0, x), xp.sum(x, axis=()),
                xp.clip(x, 0.5, torch.full((3,), 2.0, device="cuda")),
                xp.prod(x, axis=(0,)), xp.unique_all(x).indices, xp.take(x, torch.tensor(
                    [-1], device="cuda")), xp.add(x.to(torch.complex64), math.inf)):
        assert out.device.type == "cuda"
    assert xp.zeros(2, device="cuda").device.type == "cuda"
    assert xp.arange(5, 0, device="cuda").device.type == "cuda"
    assert torch.device("cuda", 0) in xp.__array_namespace_info__().devices()


@pytest.mark.parametrize(("x", "low", "high"), [
    (np.array([-3, 0, 5, 9], np.int32), 0, 5),
    (np.array([-3.0, 0.0, np.nan, 9.0], np.float32), 0, 1.5),
    (np.array([-3.0, 0.0, 5.0, 9.0], np.float32), 6.0, 2.0),  # min > max: max wins
    (np.array([1, 2, 200], np.uint8), 3, 100),
    (np.array([-3.0, 0.0, 5.0, 9.0], np.float32), np.array([0.0, np.nan, 2.0, 3.0], np.float64),
     np.array(4.0, np.float64)),
    (np.array([-3, 0, 5, 9], np.int16), np.array(0, np.int8), np.array([1, 2, 3, 4], np.int8)),
    (np.array([1, 2, 60000], np.uint16), 3, 100),
    (np.array([-3.0, 0.0, 5.0], np.float32), np.array(0.0, np.float32), 1.0),  # mixed kinds
], ids=["int-scalars", "nan-mixed-scalars", "min-above-max", "uint8", "tensor-bounds-f64",
        "tensor-bounds-int8", "uint16", "tensor-and-scalar"])
def test_clip_matches_numpy(x, low, high):
    # One torch.clamp for bounds of one kind, two halves otherwise: NumPy's values
    # and x's dtype either way.
    xp = xport.namespace("torch")
    def as_torch(v):
        return torch.asarray(v) if isinstance(v, np.ndarray) else v
    out = xp.clip(torch.asarray(x), as_torch(low), as_torch(high))
    assert out.dtype == torch.asarray(x).dtype
    np.testing.assert_array_equal(out.numpy(), np.clip(x, low, high).astype(x.dtype))


# Standard names whose calls the test below makes, with operands of a dtype each takes:
# every binary function of the table the namespace binds, and two more wrappers.
_CALLS = {
    **{name: "bb" if name.startswith("logical_") else "ii" if name.startswith("bitwise_")
       else "xy" for name in _BINARY},
    "negative": "x", "concat": "list",
}


@pytest.mark.parametrize("name", sorted(_CALLS))
def test_wrappers_call_aten_functions_not_their_aliases(name):
    # An alias (torch.multiply, torch.concat, ...) is an ATen function of its own that
    # calls the aliased one (aten::multiply -> aten::mul): one more dispatch per call.
    from torch.profiler import ProfilerActivity, profile

    x, y = t([1.5, 2.5, 3.5]), t([0.5, 1.5, 2.0])
    i, b = t([1, 2, 3]), t([True, False, True])
    args = {"xy": (x, y), "ii": (i, i), "bb": (b, b), "x": (x,), "list": ([x, y],)}[_CALLS[name]]
    getattr(xp, name)(*args)
    with profile(activities=[ProfilerActivity.CPU]) as run:
        getattr(xp, name)(*args)
    redispatched = [(e.cpu_parent.name, e.name) for e in run.events()
                    if e.cpu_parent is not None and e.name != e.cpu_parent.name
                    and e.name not in ("aten::empty", "aten::resize_")]
    assert run.events() and not redispatched, redispatched

"""xport.numpy: native where NumPy conforms, thin wrappers where it deviates."""

from __future__ import annotations

import numpy as np
import pytest

import xport.numpy as xp
from xport._spec import names

# The deviations of NumPy >= 2.3 from the standard, found by the conformance
# checks; older NumPy needs more (see xport/numpy/_wrappers.py).
EXPECTED_WRAPPED_NUMPY_2_3 = {
    "__array_namespace_info__", "argsort", "can_cast", "clip", "count_nonzero", "diff",
    "finfo", "iinfo", "sort", "unique_values",
    "astype",  # not a deviation: the array's method is 3x faster than numpy.astype
}


def _numpy_name(name: str) -> str:
    from xport.numpy._wrappers import ALIASES

    return ALIASES.get(name, name)


def test_native_names_are_numpys_own_functions():
    for name, provenance in xp._PROVENANCE.items():
        if provenance == "native":
            assert getattr(xp, name) is getattr(np, _numpy_name(name)), name
    for sub, native in ((xp.linalg, np.linalg), (xp.fft, np.fft)):
        for name, provenance in sub._PROVENANCE.items():
            if provenance == "native":
                assert getattr(sub, name) is getattr(native, name), name


def test_nothing_is_missing():
    assert "missing" not in xp._PROVENANCE.values()
    assert "missing" not in xp.linalg._PROVENANCE.values()
    assert "missing" not in xp.fft._PROVENANCE.values()


@pytest.mark.skipif(np.lib.NumpyVersion(np.__version__) < "2.3.0", reason="NumPy < 2.3 "
                    "needs more wrappers; this pins the exact set for current NumPy")
def test_wrapped_set_on_current_numpy():
    wrapped = {n for n, p in xp._PROVENANCE.items() if p == "wrapped"}
    assert wrapped == EXPECTED_WRAPPED_NUMPY_2_3
    # vector_norm: not a deviation, a faster route (one dot product) for whole real arrays
    assert {n for n, p in xp.linalg._PROVENANCE.items() if p == "wrapped"} == {
        "eig", "eigvals", "vector_norm"}
    assert {n for n, p in xp.fft._PROVENANCE.items() if p == "wrapped"} == {
        "fftfreq", "rfftfreq"}


def test_dtypes_are_numpys_scalar_types_as_in_numpy_and_array_api_compat():
    compat_numpy = pytest.importorskip("array_api_compat.numpy")
    for name in names.DTYPE_ATTRIBUTE_NAMES:
        dtype = getattr(xp, name)
        assert dtype is getattr(compat_numpy, name) is np.dtype(name).type
        assert dtype == np.ones(1, dtype=name).dtype  # equal to the arrays' dtypes
        assert xp.asarray(1, dtype=dtype).dtype == np.dtype(name)
    assert xp.float64(0) == 0.0 and type(xp.int64(3)) is np.int64  # callable, as NumPy's
    # The inspection API lists dtype objects, as NumPy's own does.
    assert xp.__array_namespace_info__().dtypes()["float32"] == np.dtype("float32")


def test_finfo_attributes_are_python_numbers_and_accept_arrays():
    for arg in (xp.float32, np.ones(2, dtype=np.float32), xp.complex64):
        info = xp.finfo(arg)
        assert type(info.eps) is float and type(info.max) is float
        assert info.eps == float(np.finfo(np.float32).eps)
        assert info.dtype == xp.float32
    info = xp.iinfo(np.zeros(1, dtype=np.uint8))
    assert (info.bits, info.min, info.max) == (8, 0, 255)
    assert type(info.max) is int


def test_count_nonzero_returns_an_array():
    out = xp.count_nonzero(np.array([0, 1, 2]))
    assert isinstance(out, np.ndarray) and out.shape == () and out.dtype == np.int64
    assert int(out) == 2


def test_diff_treats_explicit_none_as_nothing():
    x = np.array([1.0, 4.0, 9.0])
    np.testing.assert_array_equal(xp.diff(x, prepend=None, append=None), [3.0, 5.0])
    np.testing.assert_array_equal(xp.diff(x, prepend=np.array([0.0])), [1.0, 3.0, 5.0])


def test_descending_stable_argsort_keeps_ties_in_order():
    x = np.array([1, 3, 1, 3, 2])
    np.testing.assert_array_equal(xp.argsort(x, descending=True), [1, 3, 4, 0, 2])
    np.testing.assert_array_equal(xp.sort(x, descending=True), [3, 3, 2, 1, 1])


def test_can_cast_follows_the_promotion_lattice():
    assert xp.can_cast(xp.int8, xp.int16)
    assert xp.can_cast(xp.uint8, xp.int16)
    assert not xp.can_cast(xp.bool, xp.int8)  # NumPy's own says True
    assert not xp.can_cast(xp.int64, xp.float64)
    assert xp.can_cast(np.ones(1, dtype=np.float32), xp.complex64)


def test_eig_is_always_complex():
    values, vectors = xp.linalg.eig(np.diag([1.0, 2.0]).astype(np.float32))
    assert values.dtype == np.complex64 and vectors.dtype == np.complex64
    np.testing.assert_allclose(values, [1.0, 2.0])
    assert xp.linalg.eigvals(np.eye(2)).dtype == np.complex128


def test_fftfreq_dtype_and_device():
    out = xp.fft.fftfreq(4, d=0.5, dtype=xp.float32, device="cpu")
    assert out.dtype == np.float32
    np.testing.assert_allclose(out, np.fft.fftfreq(4, 0.5))
    with pytest.raises(ValueError, match="'cpu' device only"):
        xp.fft.rfftfreq(4, device="cuda")


def test_clip_accepts_the_standards_keywords():
    np.testing.assert_array_equal(xp.clip(np.arange(5), min=1, max=3), [1, 1, 2, 3, 3])
    assert xp.clip(np.arange(3, dtype=np.int8), 0, 1000).dtype == np.int8


def test_info():
    info = xp.__array_namespace_info__()
    assert info.devices() == ("cpu",)
    assert info.default_device() == "cpu"
    assert info.default_dtypes()["indexing"] == xp.int64
    assert set(info.dtypes(kind="unsigned integer")) == {"uint8", "uint16", "uint32", "uint64"}
    with pytest.raises(ValueError, match="unknown dtype kind"):
        info.dtypes(kind="strings")
    with pytest.raises(ValueError, match="'cpu' device only"):
        info.dtypes(device="gpu")


def test_namespace_lists_only_the_standard():
    assert set(dir(xp)) == set(names.main_names())
    assert "nanmean" not in dir(xp)

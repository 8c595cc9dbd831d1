"""Differential tests of the ``linalg`` and ``fft`` extensions against
array_api_strict. Decompositions whose factors are unique only up to signs or
phases are compared through their invariants and by reconstruction."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from conformance import _strategies as s
from conformance._backends import to_numpy
from conformance._harness import Tolerance, check, dtype_name, field_names

# LAPACK results depend on the BLAS threading (which importing torch changes),
# so even NumPy is compared within a tolerance here.
LOOSE = Tolerance(rtol32=2e-3, rtol64=1e-8, atol=1e-5)


def _matrices(data, backend, domain="floating", *, square=True, batch=True, lo=-5, hi=5):
    dtype = data.draw(s.dtype_names(domain, backend.dtype_names), label="dtype")
    n = data.draw(st.integers(1, 4), label="n")
    m = n if square else data.draw(st.integers(1, 4), label="m")
    batch_shape = data.draw(hnp.array_shapes(min_dims=0, max_dims=1, max_side=2)) if batch else ()
    x = data.draw(s.arrays(dtype, batch_shape + (n, m), specials=False, lo=lo, hi=hi), label="x")
    return dtype, x


def _well_conditioned(x):
    # Strictly diagonally dominant: a diagonal shifted by more than any row's
    # magnitudes cannot cancel (a shift of 4n alone did for x = -4n).
    n = x.shape[-1]
    shift = 4 * n + (float(np.abs(x).sum(axis=-1).max()) if x.size else 0.0)
    return x + np.asarray(shift * np.eye(n), dtype=x.dtype)


def _hermitian_pd(x):
    n = x.shape[-1]
    y = x @ np.conj(np.swapaxes(x, -1, -2)) + np.asarray(n * np.eye(n), dtype=x.dtype)
    return np.asarray(y, dtype=x.dtype)


@pytest.mark.parametrize("name", ["det", "inv"])
@given(data=st.data())
def test_det_inv(backend, ref, name, data):
    dtype, x = _matrices(data, backend)
    check(backend, ref, f"linalg.{name}", _well_conditioned(x), tol=LOOSE, exact=False)


@given(data=st.data())
def test_slogdet(backend, ref, data):
    dtype, x = _matrices(data, backend)
    check(backend, ref, "linalg.slogdet", _well_conditioned(x), tol=LOOSE, exact=False)


@given(data=st.data())
def test_solve(backend, ref, data):
    dtype, x = _matrices(data, backend, batch=False)
    n = x.shape[-1]
    # The stacks of x1 and x2 broadcast; a 1 against a 0 makes an empty stack.
    batch1, batch2 = data.draw(s.stack_shapes(), label="stacks")
    a = _well_conditioned(np.broadcast_to(x, batch1 + (n, n)).copy())
    vector = data.draw(st.booleans(), label="vector rhs")
    b_shape = (n,) if vector else batch2 + (n, data.draw(st.integers(1, 3)))
    b = data.draw(s.arrays(dtype, b_shape, specials=False, lo=-5, hi=5))
    check(backend, ref, "linalg.solve", a, b, tol=LOOSE, exact=False)


@given(data=st.data())
def test_cholesky(backend, ref, data):
    dtype, x = _matrices(data, backend)
    upper = data.draw(st.booleans(), label="upper")
    # upper=True is the conjugate transpose: the sign of zero imaginary parts is open.
    check(backend, ref, "linalg.cholesky", _hermitian_pd(x), upper=upper, tol=LOOSE,
          exact=False, zero_sign=False)


@pytest.mark.parametrize("name", ["eigh", "eigvalsh"])
@given(data=st.data())
def test_eigh(backend, ref, name, data):
    dtype, x = _matrices(data, backend)
    a = _hermitian_pd(x)
    if name == "eigvalsh" or backend.exact:
        check(backend, ref, f"linalg.{name}", a, tol=LOOSE, exact=False)
        return
    values, vectors = backend.xp.linalg.eigh(backend.from_numpy(a))
    want = ref.xp.linalg.eigvalsh(ref.from_numpy(a))
    np.testing.assert_allclose(to_numpy(values), to_numpy(want), rtol=1e-3, atol=1e-4)
    v, w = to_numpy(vectors), to_numpy(values)
    np.testing.assert_allclose(v @ (w[..., None] * np.conj(np.swapaxes(v, -1, -2))), a,
                               rtol=1e-3, atol=1e-3)


@pytest.mark.parametrize("name", ["eig", "eigvals"])
@given(data=st.data())
def test_eig(backend, ref, name, data):
    """2025.12: general eigenproblem, always complex results."""
    dtype, x = _matrices(data, backend)
    complex_name = {"float32": "complex64", "float64": "complex128"}.get(dtype, dtype)
    out = getattr(backend.xp.linalg, name)(backend.from_numpy(x))
    values = out[0] if name == "eig" else out
    assert dtype_name(backend.xp, values.dtype) == complex_name
    want = ref.xp.linalg.eigvals(ref.from_numpy(x))
    got_v, want_v = to_numpy(values), to_numpy(want)
    key = lambda a: np.sort_complex(np.round(a, 3))  # noqa: E731
    np.testing.assert_allclose(key(got_v), key(want_v), rtol=1e-2, atol=1e-2)
    if name == "eig":
        vectors = to_numpy(out[1])
        assert dtype_name(backend.xp, out[1].dtype) == complex_name
        assert field_names(out) == ("eigenvalues", "eigenvectors")
        np.testing.assert_allclose(x @ vectors, vectors * got_v[..., None, :],
                                   rtol=1e-2, atol=1e-2 * max(1.0, float(np.abs(x).max())))


@given(data=st.data())
def test_svd(backend, ref, data):
    dtype, x = _matrices(data, backend, square=False)
    full = data.draw(st.booleans(), label="full_matrices")
    if backend.exact:
        check(backend, ref, "linalg.svd", x, full_matrices=full, tol=LOOSE, exact=False)
        return
    u, sv, vh = backend.xp.linalg.svd(backend.from_numpy(x), full_matrices=full)
    u, sv, vh = to_numpy(u), to_numpy(sv), to_numpy(vh)
    k = sv.shape[-1]
    np.testing.assert_allclose((u[..., :k] * sv[..., None, :]) @ vh[..., :k, :], x,
                               rtol=1e-3, atol=1e-3)
    check(backend, ref, "linalg.svdvals", x, tol=LOOSE, exact=False)


@given(data=st.data())
def test_svdvals(backend, ref, data):
    dtype, x = _matrices(data, backend, square=False)
    check(backend, ref, "linalg.svdvals", x, tol=LOOSE, exact=False)


@given(data=st.data())
def test_qr(backend, ref, data):
    dtype, x = _matrices(data, backend, square=False)
    mode = data.draw(st.sampled_from(["reduced", "complete"]), label="mode")
    if backend.exact:
        check(backend, ref, "linalg.qr", x, mode=mode, tol=LOOSE, exact=False)
        return
    q, r = (to_numpy(a) for a in backend.xp.linalg.qr(backend.from_numpy(x), mode=mode))
    np.testing.assert_allclose(q @ r, x, rtol=1e-3, atol=1e-3)
    np.testing.assert_allclose(np.triu(r), r, atol=1e-6)


@pytest.mark.parametrize("name", ["pinv", "matrix_rank"])
@given(data=st.data())
def test_pinv_rank(backend, ref, name, data):
    dtype, x = _matrices(data, backend, square=False)
    # Entries near the smallest normal number make singular values that a
    # library may keep subnormal or flush to zero; and rounding in pinv grows
    # with the condition number, so pinv compares well-conditioned matrices
    # (their zero signs are the SVD's, which the standard does not fix).
    x = np.where(np.abs(x) < 1e-6, x.dtype.type(0), x)
    if name == "pinv":
        k = min(x.shape[-2:])
        x = x.copy()
        x[..., range(k), range(k)] += x.dtype.type(4 * k)
    kwargs = {"rtol": None} if data.draw(st.booleans()) else {}
    check(backend, ref, f"linalg.{name}", x, tol=LOOSE, exact=False,
          zero_sign=name != "pinv", **kwargs)


@given(data=st.data())
def test_matrix_power(backend, ref, data):
    dtype, x = _matrices(data, backend, lo=-2, hi=2)
    n = data.draw(st.integers(-2, 4), label="n")
    a = _well_conditioned(x) if n < 0 else x
    check(backend, ref, "linalg.matrix_power", a, n, tol=LOOSE, exact=False)


@given(data=st.data())
def test_matrix_norm(backend, ref, data):
    dtype, x = _matrices(data, backend, square=False)
    ord_ = data.draw(st.sampled_from(["fro", "nuc", 1, -1, 2, -2, float("inf"),
                                      float("-inf")]), label="ord")
    check(backend, ref, "linalg.matrix_norm", x, ord=ord_,
          keepdims=data.draw(st.booleans()), tol=LOOSE, exact=False)


@given(data=st.data())
def test_vector_norm(backend, ref, data):
    dtype = data.draw(s.dtype_names("floating", backend.dtype_names))
    x = data.draw(s.arrays(dtype, s.shapes(min_dims=1, min_side=1), specials=False,
                           lo=-10, hi=10))
    axis = data.draw(st.none() | st.integers(-x.ndim, x.ndim - 1), label="axis")
    ord_ = data.draw(st.sampled_from([1, 2, 3, 0, float("inf"), float("-inf")]), label="ord")
    check(backend, ref, "linalg.vector_norm", x, axis=axis, ord=ord_,
          keepdims=data.draw(st.booleans()), tol=LOOSE, exact=False)


@given(data=st.data())
def test_cross_outer(backend, ref, data):
    d1, d2 = data.draw(s.dtype_pairs("numeric", backend.dtype_names))
    a = data.draw(s.arrays(d1, (3,), specials=False, lo=-10, hi=10))
    b = data.draw(s.arrays(d2, (3,), specials=False, lo=-10, hi=10))
    check(backend, ref, "linalg.cross", a, b, tol=LOOSE, exact=False)
    check(backend, ref, "linalg.outer", a, b, tol=LOOSE, exact=False)


@given(data=st.data())
def test_cross_of_broadcast_stacks(backend, ref, data):
    """The vectors along a negative ``axis``, the other axes broadcast (a 1
    against a 0 makes an empty result)."""
    d1, d2 = data.draw(s.dtype_pairs("numeric", backend.dtype_names))
    batch1, batch2 = data.draw(s.stack_shapes(), label="stacks")
    after = data.draw(st.integers(0, min(len(batch1), len(batch2))), label="axes after")

    def with_vectors(batch):
        cut = len(batch) - after
        return batch[:cut] + (3,) + batch[cut:]

    a = data.draw(s.arrays(d1, with_vectors(batch1), specials=False, lo=-10, hi=10))
    b = data.draw(s.arrays(d2, with_vectors(batch2), specials=False, lo=-10, hi=10))
    kwargs = {"axis": -1 - after} if after or data.draw(st.booleans()) else {}
    check(backend, ref, "linalg.cross", a, b, tol=LOOSE, exact=False, **kwargs)


@pytest.mark.parametrize("name", ["diagonal", "trace"])
@given(data=st.data())
def test_diagonal_trace(backend, ref, name, data):
    dtype, x = _matrices(data, backend, domain="numeric", square=False)
    offset = data.draw(st.integers(-3, 3), label="offset")
    check(backend, ref, f"linalg.{name}", x, offset=offset, tol=LOOSE, exact=False)


@pytest.mark.parametrize("name", ["matmul", "matrix_transpose", "tensordot", "vecdot"])
def test_linalg_aliases_agree_with_main_namespace(backend, name):
    a = backend.from_numpy(np.arange(6.0).reshape(2, 3))
    b = backend.from_numpy(np.arange(6.0).reshape(3, 2))
    args = {"matmul": (a, b), "matrix_transpose": (a,), "tensordot": (a, b),
            "vecdot": (a, a)}[name]
    kwargs = {"axes": 1} if name == "tensordot" else {}
    np.testing.assert_allclose(to_numpy(getattr(backend.xp.linalg, name)(*args, **kwargs)),
                               to_numpy(getattr(backend.xp, name)(*args, **kwargs)))


# --- fft ------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["fft", "ifft", "rfft", "ihfft"])
@given(data=st.data())
def test_fft_1d(backend, ref, name, data):
    domain = "complex floating" if name in ("fft", "ifft") else "real floating"
    dtype = data.draw(s.dtype_names(domain, backend.dtype_names))
    x = data.draw(s.arrays(dtype, s.shapes(min_dims=1, min_side=1), specials=False,
                           lo=-10, hi=10))
    kwargs = {"n": data.draw(st.none() | st.integers(1, 5)),
              "axis": data.draw(st.integers(-x.ndim, x.ndim - 1)),
              "norm": data.draw(st.sampled_from(["backward", "ortho", "forward"]))}
    # The sign of a zero component depends on the FFT algorithm; the
    # standard does not fix it.
    check(backend, ref, f"fft.{name}", x, tol=LOOSE, zero_sign=False, **kwargs)


@pytest.mark.parametrize("name", ["irfft", "hfft"])
@given(data=st.data())
def test_fft_1d_to_real(backend, ref, name, data):
    dtype = data.draw(s.dtype_names("complex floating", backend.dtype_names))
    x = data.draw(s.arrays(dtype, s.shapes(min_dims=1, min_side=2), specials=False,
                           lo=-10, hi=10))
    kwargs = {"n": data.draw(st.none() | st.integers(2, 6)),
              "axis": data.draw(st.integers(-x.ndim, x.ndim - 1)),
              "norm": data.draw(st.sampled_from(["backward", "ortho", "forward"]))}
    # The sign of a zero component depends on the FFT algorithm; the
    # standard does not fix it.
    check(backend, ref, f"fft.{name}", x, tol=LOOSE, zero_sign=False, **kwargs)


@pytest.mark.parametrize("name", ["fftn", "ifftn", "rfftn", "irfftn"])
@given(data=st.data())
def test_fft_nd(backend, ref, name, data):
    domain = {"fftn": "complex floating", "ifftn": "complex floating", "rfftn": "real floating",
              "irfftn": "complex floating"}[name]
    dtype = data.draw(s.dtype_names(domain, backend.dtype_names))
    x = data.draw(s.arrays(dtype, s.shapes(min_dims=1, min_side=2), specials=False,
                           lo=-10, hi=10))
    axes = data.draw(st.none() | hnp.valid_tuple_axes(x.ndim, min_size=1), label="axes")
    kwargs = {"norm": data.draw(st.sampled_from(["backward", "ortho", "forward"]))}
    if axes is not None:
        kwargs["axes"] = axes
        if data.draw(st.booleans(), label="with s"):
            kwargs["s"] = tuple(data.draw(st.integers(2, 5)) for _ in axes)
    # The sign of a zero component depends on the FFT algorithm; the
    # standard does not fix it.
    check(backend, ref, f"fft.{name}", x, tol=LOOSE, zero_sign=False, **kwargs)


@pytest.mark.parametrize("name", ["fftfreq", "rfftfreq"])
@given(data=st.data())
def test_fftfreq(backend, ref, name, data):
    n = data.draw(st.integers(1, 9), label="n")
    d = data.draw(st.sampled_from([1.0, 0.5, 2.0]), label="d")
    kwargs = {"d": d}
    dtype = data.draw(st.none() | s.dtype_names("real floating", backend.dtype_names))
    if dtype is not None:
        from conformance._harness import D

        kwargs["dtype"] = D(dtype)
    check(backend, ref, f"fft.{name}", n, tol=LOOSE, exact=False, **kwargs)


@pytest.mark.parametrize("name", ["fftshift", "ifftshift"])
@given(data=st.data())
def test_fftshift(backend, ref, name, data):
    dtype = data.draw(s.dtype_names("floating", backend.dtype_names))
    x = data.draw(s.arrays(dtype, s.shapes(min_dims=1)))
    axes = data.draw(st.none() | st.integers(-x.ndim, x.ndim - 1) |
                     hnp.valid_tuple_axes(x.ndim), label="axes")
    check(backend, ref, f"fft.{name}", x, axes=axes)

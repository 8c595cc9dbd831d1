"""The standard's ``linalg`` extension for MXNet arrays: ``mxnet.numpy.linalg``'s
own functions where they conform, thin wrappers elsewhere (named results,
``upper``/``rtol`` keywords, the standard's ``vector_norm``/``matrix_norm``,
functions MXNet lacks). MXNet's factorisations have float32/float64 kernels
only."""

from __future__ import annotations

from typing import Any

import mxnet as _mx

from .._common.namespace import populate as _populate
from .._common.namespace import reach_native as _reach_native
from .._common.results import EighResult, QRResult, SlogdetResult, SVDResult
from .._spec import names as _names
from . import _carriers, _dtypes, _shapes, _wrappers

Array = Any
_np: Any = _mx.np
_la: Any = _mx.np.linalg


def cholesky(x: Array, /, *, upper: bool = False) -> Array:
    """The Cholesky factor of a (stack of) symmetric positive-definite matrix.

    Deviation fixed: ``upper`` (MXNet returns the lower factor only).
    """
    lower = _la.cholesky(x)
    return _np.swapaxes(lower, -1, -2) if upper else lower


def det(x: Array, /) -> Array:
    """The determinant of a (stack of) square matrix.

    Deviation fixed: MXNet returns shape (1,) for a single matrix; here 0-d.
    """
    return _la.det(x).reshape(x.shape[:-2])


def eigh(x: Array, /) -> EighResult:
    """Eigenvalues (ascending) and eigenvectors of a (stack of) symmetric matrix.

    Deviation fixed: the standard's named tuple.
    """
    return EighResult(*_la.eigh(x))


def qr(x: Array, /, *, mode: str = "reduced") -> QRResult:
    """The QR decomposition of a (stack of) matrix.

    Deviation fixed: the standard's named tuple.
    """
    return QRResult(*_la.qr(x, mode=mode))


def slogdet(x: Array, /) -> SlogdetResult:
    """Sign and log absolute determinant of a (stack of) square matrix.

    Deviation fixed: the standard's named tuple (MXNet: a list, 1-element
    arrays for a single matrix).
    """
    sign, logabsdet = _la.slogdet(x)
    return SlogdetResult(sign.reshape(x.shape[:-2]), logabsdet.reshape(x.shape[:-2]))


def _reduced_svd(x: Array) -> tuple[Array, Array, Array]:
    # MXNet decomposes wide (or square) matrices only: a tall one through its
    # transpose, x.T = U S Vh, so x = Vh.T S U.T.
    if x.shape[-2] <= x.shape[-1]:
        u, s, vh = _la.svd(x)
        return u, s, vh
    u, s, vh = _la.svd(_np.swapaxes(x, -1, -2))
    return _np.swapaxes(vh, -1, -2), s, _np.swapaxes(u, -1, -2)


def svd(x: Array, /, *, full_matrices: bool = True) -> SVDResult:
    """The singular value decomposition ``x = U @ diag(S) @ Vh``.

    Deviations fixed: the standard's named tuple; tall matrices (MXNet takes
    wide ones only) through the transpose; ``full_matrices=True`` (MXNet
    computes the reduced decomposition only): ``U`` (or ``Vh``) is completed
    with an orthonormal basis of the complement, from the complete QR
    decomposition of the reduced factor; empty stacks and matrices.
    """
    m, n = x.shape[-2:]
    k = min(m, n)
    if x.size == 0:
        batch = x.shape[:-2]
        u = _np.broadcast_to(_np.eye(m, m if full_matrices else k, dtype=x.dtype, ctx=x.ctx),
                             (*batch, m, m if full_matrices else k))
        vh = _np.broadcast_to(_np.eye(n if full_matrices else k, n, dtype=x.dtype, ctx=x.ctx),
                              (*batch, n if full_matrices else k, n))
        return SVDResult(u.copy(), _np.zeros((*batch, k), dtype=x.dtype, ctx=x.ctx), vh.copy())
    u, s, vh = _reduced_svd(x)
    if full_matrices and m > n:
        q = _la.qr(u, mode="complete")[0]
        u = _np.concatenate([u, q[..., :, n:]], axis=-1)
    elif full_matrices and m < n:
        q = _la.qr(_np.swapaxes(vh, -1, -2), mode="complete")[0]
        vh = _np.concatenate([vh, _np.swapaxes(q[..., :, m:], -1, -2)], axis=-2)
    return SVDResult(u, s, vh)


def svdvals(x: Array, /) -> Array:
    """The singular values of a (stack of) matrix, descending.

    Deviation fixed: MXNet has no ``svdvals``.
    """
    return _reduced_svd(x)[1]


def _rtol(x: Array, rtol: Any) -> Any:
    if rtol is None:
        return max(x.shape[-2:]) * _dtypes.finfo(x.dtype).eps
    if isinstance(rtol, (int, float)):
        return rtol
    # MXNet multiplies arrays of one floating dtype only.
    return _np.expand_dims(rtol.astype(x.dtype, copy=False), -1)


def matrix_rank(x: Array, /, *, rtol: float | Array | None = None) -> Array:
    """The rank of a (stack of) matrix: singular values above ``rtol`` times
    the largest.

    Deviations fixed: ``rtol`` (MXNet takes an absolute ``tol``); empty stacks
    and matrices (MXNet's kernels fail on them).
    """
    if x.size == 0:
        return _np.zeros(x.shape[:-2], dtype="int64", ctx=x.ctx)
    values = svdvals(x)
    cutoff = _np.max(values, axis=-1, keepdims=True) * _rtol(x, rtol)
    return _np.sum(values > cutoff, axis=-1, dtype="int64")


def pinv(x: Array, /, *, rtol: float | Array | None = None) -> Array:
    """The pseudo-inverse of a (stack of) matrix.

    Deviations fixed: ``rtol`` (MXNet's ``rcond``, with another default); an
    array ``rtol`` of another floating dtype than ``x`` (MXNet fails on it).
    """
    if rtol is None:
        rtol = _rtol(x, rtol)
    elif not isinstance(rtol, (int, float)):
        rtol = rtol.astype(x.dtype, copy=False)
    return _la.pinv(x, rcond=rtol)


def solve(x1: Array, x2: Array, /) -> Array:
    """Solve ``x1 @ out = x2``; a 1-d ``x2`` is a vector, anything else a
    (stack of) matrix, batch dimensions broadcast.

    Deviations fixed: MXNet guesses vectors from the number of dimensions; a
    dtype MXNet's linalg has no kernel for (float16) raises ``TypeError``.
    """
    if x1.dtype.name not in ("float32", "float64"):
        raise TypeError(f"linalg.solve(): MXNet's linalg computes in float32 and float64 "
                        f"only; got {x1.dtype.name} (cast with astype first)")
    vector = x2.ndim == 1
    b = _np.expand_dims(x2, -1) if vector else x2
    batch = _shapes.broadcast_shapes(x1.shape[:-2], b.shape[:-2])
    out = _la.solve(_np.broadcast_to(x1, batch + x1.shape[-2:]),
                    _np.broadcast_to(b, batch + b.shape[-2:]))
    return out[..., 0] if vector else out


def diagonal(x: Array, /, *, offset: int = 0) -> Array:
    """The diagonal ``offset`` of each matrix of ``x``.

    Deviation fixed: boolean matrices (MXNet has no boolean kernel for it).
    """
    return _diagonal(x, offset=offset, axis1=-2, axis2=-1)


_diagonal = _carriers.bool_via_uint8(_np.diagonal)


def _no_complex(name: str) -> Any:
    def refuse(x: Array, /) -> Any:
        raise TypeError(
            f"linalg.{name}(): the standard's eigenvalues of a general matrix are complex "
            "(complex64/complex128), and MXNet has no complex dtypes (mxnet.numpy.linalg."
            f"{name} returns real parts and fails on complex eigenvalues); use linalg.eigh "
            "for symmetric matrices")

    refuse.__name__ = refuse.__qualname__ = name
    refuse.__doc__ = (f"Not available on MXNet: raises ``TypeError``.\n\nDeviation: the "
                      f"standard's ``{name}`` returns complex arrays, which MXNet cannot hold.")
    return refuse


def trace(x: Array, /, *, offset: int = 0, dtype: Any = None) -> Array:
    """The sum of the diagonal ``offset`` of each matrix of ``x``.

    Deviation fixed: ``dtype`` and the standard's accumulation dtype.
    """
    return _wrappers.MAIN["sum"](diagonal(x, offset=offset), axis=-1, dtype=dtype)


def outer(x1: Array, x2: Array, /) -> Array:
    """The outer product of two vectors.

    Deviation fixed: operands promote by the standard's rules; anything but
    two vectors raises ``ValueError``.
    """
    if x1.ndim != 1 or x2.ndim != 1:
        raise ValueError(f"outer() takes two 1-d arrays; got shapes {x1.shape} and {x2.shape}")
    return _wrappers.MAIN["multiply"](_np.expand_dims(x1, -1), _np.expand_dims(x2, 0))


def cross(x1: Array, x2: Array, /, *, axis: int = -1) -> Array:
    """The cross product of 3-vectors along ``axis``.

    Deviation fixed: MXNet has no ``cross``.
    """
    multiply, subtract = _wrappers.MAIN["multiply"], _wrappers.MAIN["subtract"]
    a = _np.moveaxis(x1, axis, -1)
    b = _np.moveaxis(x2, axis, -1)
    if a.shape[-1] != 3 or b.shape[-1] != 3:
        raise ValueError("cross() needs vectors of length 3 along axis")
    parts = [subtract(multiply(a[..., i], b[..., j]), multiply(a[..., j], b[..., i]))
             for i, j in ((1, 2), (2, 0), (0, 1))]
    return _np.moveaxis(_np.stack(parts, axis=-1), -1, axis)


def vector_norm(x: Array, /, *, axis: int | tuple[int, ...] | None = None,
                keepdims: bool = False, ord: int | float = 2) -> Array:  # noqa: A002
    """The vector ``ord``-norm of ``x`` over ``axis`` (a tuple: those axes
    together).

    Deviation fixed: MXNet's ``norm`` lacks the infinity norms and tuples of
    axes; every order here is a reduction of ``|x|``.
    """
    reduce_max, reduce_min, reduce_sum = (_wrappers.MAIN["max"], _wrappers.MAIN["min"],
                                          _wrappers.MAIN["sum"])
    a = _np.abs(x)
    if ord == float("inf"):
        return reduce_max(a, axis=axis, keepdims=keepdims)
    if ord == float("-inf"):
        return reduce_min(a, axis=axis, keepdims=keepdims)
    if ord == 0:
        return reduce_sum((a != 0).astype(x.dtype), axis=axis, keepdims=keepdims)
    if ord == 1:
        return reduce_sum(a, axis=axis, keepdims=keepdims)
    if ord == 2:
        return _np.sqrt(reduce_sum(a * a, axis=axis, keepdims=keepdims))
    return reduce_sum(a ** ord, axis=axis, keepdims=keepdims) ** (1.0 / ord)


def matrix_norm(x: Array, /, *, keepdims: bool = False,
                ord: int | float | str = "fro") -> Array:  # noqa: A002
    """The matrix norm ``ord`` of each matrix of ``x``.

    Deviation fixed: ``keepdims`` and the orders MXNet's ``norm`` lacks.
    """
    a = _np.abs(x)
    reduce_max, reduce_min, reduce_sum = (_wrappers.MAIN["max"], _wrappers.MAIN["min"],
                                          _wrappers.MAIN["sum"])
    if ord == "fro":
        out = _np.sqrt(reduce_sum(a * a, axis=(-2, -1)))
    elif ord == "nuc":
        out = reduce_sum(svdvals(x), axis=-1)
    elif ord in (1, -1):
        sums = reduce_sum(a, axis=-2)
        out = reduce_max(sums, axis=-1) if ord == 1 else reduce_min(sums, axis=-1)
    elif ord in (float("inf"), float("-inf")):
        sums = reduce_sum(a, axis=-1)
        out = reduce_max(sums, axis=-1) if ord > 0 else reduce_min(sums, axis=-1)
    elif ord in (2, -2):
        values = svdvals(x)
        out = values[..., 0] if ord == 2 else values[..., -1]
    else:
        raise ValueError(f"matrix_norm(): unknown ord {ord!r}")
    return out.reshape((*x.shape[:-2], 1, 1)) if keepdims else out


def _found() -> dict[str, Any]:
    main = _wrappers.MAIN
    return {
        "cholesky": cholesky, "det": det, "eigh": eigh, "eig": _no_complex("eig"),
        "eigvals": _no_complex("eigvals"), "qr": qr, "slogdet": slogdet,
        "svd": svd, "svdvals": svdvals, "matrix_rank": matrix_rank, "pinv": pinv,
        "solve": solve, "diagonal": diagonal, "trace": trace, "outer": outer, "cross": cross,
        "vector_norm": vector_norm, "matrix_norm": matrix_norm, "matmul": main["matmul"],
        "tensordot": main["tensordot"], "vecdot": main["vecdot"],
        "matrix_transpose": main["matrix_transpose"],
    }


_PROVENANCE = _populate(globals(), _la, _names.LINALG_NAMES[_names.LATEST_VERSION],
                        wrappers=_found())

__all__ = sorted(name for name, how in _PROVENANCE.items() if how != "missing")


def __dir__() -> list[str]:
    return __all__


# Names beyond the standard resolve to MXNet's own (mxnet.numpy.linalg).
_reach_native(globals(), _la)

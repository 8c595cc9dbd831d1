"""The standard's ``linalg`` extension for TensorFlow tensors.

``tf.linalg`` conforms for ``det``, ``inv`` and ``eigvals``;
the rest are thin wrappers: TensorFlow returns plain tuples (here the
standard's named tuples), has no ``upper``/``rtol``/``offset`` arguments, no
``matrix_norm``/``vector_norm`` in the standard's form, returns ``V`` rather
than ``Vh`` from ``svd``, and broadcasts no batch dimensions in ``solve``.
"""

from __future__ import annotations

from typing import Any

import numpy as _np
import tensorflow as _tf

from .._common.namespace import populate as _populate
from .._common.namespace import reach_native as _reach_native
from .._common.results import EighResult, EigResult, QRResult, SlogdetResult, SVDResult
from .._spec import names as _names
from ._manipulation import broadcast_shapes as _broadcast_shapes
from ._operands import COMPLEX as _COMPLEX
from ._operands import FLOATING as _FLOATING
from ._operands import REAL_OF as _REAL_OF
from ._operands import dims as _dims
from ._operands import operand_pair as _operand_pair
from ._operands import rank as _rank
from ._products import matmul, tensordot, vecdot
from ._statistics import reduction_axes as _reduction_axes
from ._statistics import sum as _sum

Array = Any
matrix_transpose = _tf.linalg.matrix_transpose


def cholesky(x: Array, /, *, upper: bool = False) -> Array:
    """The Cholesky factor of a (stack of) Hermitian positive-definite matrix:
    lower-triangular ``L`` with ``x = L @ L^H``, or ``U = L^H`` for ``upper``.

    Deviation fixed: ``tf.linalg.cholesky`` has no ``upper``.
    """
    lower = _tf.linalg.cholesky(x)
    return _tf.linalg.adjoint(lower) if upper else lower


def cross(x1: Array, x2: Array, /, *, axis: int = -1) -> Array:
    """Cross product of 3-element vectors along ``axis``; the other axes
    broadcast.

    Deviations fixed: ``tf.linalg.cross`` needs the vectors on the last axis,
    operands of one shape and dtype, and has no complex kernel; a length other
    than 3 raises ``ValueError``.
    """
    x1, x2 = _operand_pair(x1, x2)
    n1, n2 = x1.shape[axis], x2.shape[axis]
    if (n1 is not None and n1 != 3) or (n2 is not None and n2 != 3):
        raise ValueError(f"cross(): the vectors along axis {axis} must have 3 elements, "
                         f"got {n1} and {n2}")
    ndim = max(_rank(x1), _rank(x2))
    axis = axis - ndim if axis >= 0 else axis
    a = [_tf.gather(x1, i, axis=axis) for i in range(3)]
    b = [_tf.gather(x2, i, axis=axis) for i in range(3)]
    parts = [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
    return _tf.stack(parts, axis=axis)


def diagonal(x: Array, /, *, offset: int = 0) -> Array:
    """The ``offset``-th diagonal of (each matrix of) ``x``.

    Deviations fixed: ``tf.linalg.diag_part`` calls ``offset`` ``k`` and raises
    for an offset outside the matrix (the standard: an empty diagonal).
    """
    n_rows, n_cols = x.shape[-2], x.shape[-1]
    if n_rows is not None and n_cols is not None and not -n_rows < offset < n_cols:
        return _tf.zeros([*_dims(x)[:-2], 0], dtype=x.dtype)
    return _tf.linalg.diag_part(x, k=offset)


def eigh(x: Array, /) -> EighResult:
    """Eigenvalues and eigenvectors of a (stack of) Hermitian matrix.

    Deviations fixed: ``tf.linalg.eigh`` returns a plain tuple, with complex
    eigenvalues for complex input (the standard: real).
    """
    values, vectors = _tf.linalg.eigh(x)
    return EighResult(_real(values), vectors)


def _real(x: Array) -> Array:
    return _tf.math.real(x) if x.dtype in _COMPLEX else x


def eigvalsh(x: Array, /) -> Array:
    """The eigenvalues (ascending, real) of a (stack of) Hermitian matrix.

    Deviation fixed: ``tf.linalg.eigvalsh`` returns complex eigenvalues for
    complex input; the standard: real.
    """
    return _real(_tf.linalg.eigvalsh(x))


def eig(x: Array, /) -> EigResult:
    """Eigenvalues and eigenvectors of a (stack of) general square matrix, always
    complex.

    Deviation fixed: ``tf.linalg.eig`` returns a plain tuple.
    """
    values, vectors = _tf.linalg.eig(x)
    return EigResult(values, vectors)


def qr(x: Array, /, *, mode: str = "reduced") -> QRResult:
    """The QR decomposition of (each matrix of) ``x``; ``mode`` is
    ``"reduced"`` or ``"complete"``.

    Deviations fixed: ``tf.linalg.qr`` takes ``full_matrices`` and returns a
    plain tuple.
    """
    if mode not in ("reduced", "complete"):
        raise ValueError(f"qr(): mode must be 'reduced' or 'complete', got {mode!r}")
    q, r = _tf.linalg.qr(x, full_matrices=mode == "complete")
    return QRResult(q, r)


def slogdet(x: Array, /) -> SlogdetResult:
    """The sign and ``log|det|`` of (each matrix of) ``x`` (sign 0 and ``-inf``
    for a singular matrix).

    Deviations fixed: ``tf.linalg.slogdet`` returns a tuple with other field
    names, and a complex ``logabsdet`` for complex input (the standard: real).
    """
    sign, logabsdet = _tf.linalg.slogdet(x)
    return SlogdetResult(sign, _real(logabsdet))


def svd(x: Array, /, *, full_matrices: bool = True) -> SVDResult:
    """The singular value decomposition ``x = U @ diag(S) @ Vh`` of (each matrix
    of) ``x``; singular values descending.

    Deviations fixed: ``tf.linalg.svd`` returns ``(S, U, V)`` with ``V`` not
    conjugate-transposed; here ``(U, S, Vh)`` as a named tuple.
    """
    s, u, v = _tf.linalg.svd(x, full_matrices=full_matrices)
    return SVDResult(u, s, _tf.linalg.adjoint(v))


def svdvals(x: Array, /) -> Array:
    """The singular values of (each matrix of) ``x``, descending.

    Deviation fixed: TensorFlow's is ``tf.linalg.svd(x, compute_uv=False)``.
    """
    return _tf.linalg.svd(x, compute_uv=False)


def _broadcast_batch(a: Array, b: Array) -> tuple[Array, Array]:
    batch = _broadcast_shapes(tuple(a.shape.as_list()[:-2]), tuple(b.shape.as_list()[:-2]))
    if any(n is None for n in batch):
        shape = _tf.broadcast_dynamic_shape(_tf.shape(a)[:-2], _tf.shape(b)[:-2])
        return (_tf.broadcast_to(a, _tf.concat([shape, _tf.shape(a)[-2:]], 0)),
                _tf.broadcast_to(b, _tf.concat([shape, _tf.shape(b)[-2:]], 0)))
    if tuple(a.shape.as_list()[:-2]) != batch:
        a = _tf.broadcast_to(a, [*batch, *_dims(a)[-2:]])
    if tuple(b.shape.as_list()[:-2]) != batch:
        b = _tf.broadcast_to(b, [*batch, *_dims(b)[-2:]])
    return a, b


def solve(x1: Array, x2: Array, /) -> Array:
    """The solution ``X`` of ``x1 @ X = x2`` for square ``x1``; a 1-d ``x2`` is a
    vector, any other ``x2`` a (stack of) matrix; stacks broadcast.

    Deviations fixed: ``tf.linalg.solve`` needs a matrix right-hand side, equal
    batch dimensions and one dtype (they promote here). TensorFlow has
    ``float16`` kernels only under XLA (``jit_compile=True``); elsewhere an
    eager call raises ``TypeError`` saying so (TensorFlow's own error is a
    ``NotFoundError`` listing kernels).
    """
    x1, x2 = _operand_pair(x1, x2)
    vector = _rank(x2) == 1
    rhs = x2[:, None] if vector else x2
    a, b = _broadcast_batch(x1, rhs)
    try:
        out = _tf.linalg.solve(a, b)
    except _tf.errors.NotFoundError as exc:
        if a.dtype != _tf.float16:
            raise
        raise TypeError("solve(): TensorFlow has no float16 kernel for linalg.solve outside "
                        "XLA; cast both operands to float32 or float64 with astype() "
                        "first") from exc
    return out[..., 0] if vector else out


def _real_dtype(x: Array) -> Any:
    return _REAL_OF.get(x.dtype, x.dtype)


def _default_rtol(x: Array) -> Array:
    m, n = x.shape[-2], x.shape[-1]
    eps = float(_np.finfo(_real_dtype(x).as_numpy_dtype).eps)
    if m is not None and n is not None:
        return _tf.constant(max(m, n) * eps, _real_dtype(x))
    shape = _tf.shape(x)
    return _tf.cast(_tf.maximum(shape[-1], shape[-2]), _real_dtype(x)) * eps


def _rtol(x: Array, rtol: Any) -> Array:
    if rtol is None:
        return _default_rtol(x)
    rtol = _tf.cast(rtol, _real_dtype(x)) if isinstance(rtol, (_tf.Tensor, _tf.Variable)) \
        else _tf.constant(rtol, _real_dtype(x))
    return rtol


def matrix_rank(x: Array, /, *, rtol: float | Array | None = None) -> Array:
    """The number of singular values of (each matrix of) ``x`` above
    ``rtol * largest singular value`` (``int64``); ``rtol`` defaults to
    ``max(M, N) * eps``.

    Deviation fixed: ``tf.linalg.matrix_rank`` takes an absolute ``tol``.
    """
    s = svdvals(x)
    tol = _rtol(x, rtol)[..., None] * _tf.reduce_max(s, axis=-1, keepdims=True)
    return _tf.math.count_nonzero(s > tol, axis=-1, dtype=_tf.int64)


def pinv(x: Array, /, *, rtol: float | Array | None = None) -> Array:
    """The Moore-Penrose pseudo-inverse of (each matrix of) ``x``; singular
    values at or below ``rtol * largest`` count as zero (default
    ``max(M, N) * eps``).

    Deviations fixed: ``tf.linalg.pinv`` rejects complex matrices and calls
    ``rtol`` ``rcond`` (default ``10 * max(M, N) * eps``); this is computed from
    ``tf.linalg.svd``.
    """
    s, u, v = _tf.linalg.svd(x, full_matrices=False)
    cutoff = _rtol(x, rtol)[..., None] * _tf.reduce_max(s, axis=-1, keepdims=True)
    inverse = _tf.where(s > cutoff, 1 / s, _tf.zeros_like(s))
    if x.dtype in _COMPLEX:
        inverse = _tf.cast(inverse, x.dtype)
    return _tf.linalg.matmul(v * inverse[..., None, :], u, adjoint_b=True)


def _keep(out: Array, keepdims: bool) -> Array:
    return out[..., None, None] if keepdims else out


def matrix_norm(x: Array, /, *, keepdims: bool = False,
                ord: str | float = "fro") -> Array:  # noqa: A002 - the standard's name
    """The ``ord``-norm of (each matrix of) ``x``: ``'fro'``, ``'nuc'``, 1, -1,
    2, -2, inf or -inf.

    Deviation fixed: ``tf.norm`` supports only some orders (no ``'nuc'``, -1,
    -2, -inf) and has no complex spectral norms; here each is computed from
    its definition (singular values for 2, -2 and ``'nuc'``).
    """
    a = _tf.math.abs(x)
    if ord == "fro":
        out = _tf.math.sqrt(_tf.reduce_sum(a * a, axis=[-2, -1]))
    elif ord == "nuc":
        out = _tf.reduce_sum(svdvals(x), axis=-1)
    elif ord in (2, -2):
        s = svdvals(x)
        out = _tf.reduce_max(s, axis=-1) if ord == 2 else _tf.reduce_min(s, axis=-1)
    elif ord in (1, -1, float("inf"), float("-inf")):
        sums = _tf.reduce_sum(a, axis=-2 if ord in (1, -1) else -1)
        out = _tf.reduce_max(sums, axis=-1) if ord > 0 else _tf.reduce_min(sums, axis=-1)
    else:
        raise ValueError(f"matrix_norm(): unsupported ord {ord!r}; use 'fro', 'nuc', 1, -1, "
                         "2, -2, inf or -inf")
    return _keep(out, keepdims)


def vector_norm(x: Array, /, *, axis: int | tuple[int, ...] | None = None,
                keepdims: bool = False, ord: float = 2) -> Array:  # noqa: A002
    """The ``ord``-norm of ``x`` over ``axis`` (all elements for ``None``;
    ``axis=()`` takes each element alone). Complex input gives a real result.

    Deviation fixed: ``tf.norm`` has no ``ord=0`` or negative orders and takes
    at most two axes.
    """
    if ord == 2 and axis != () and x.dtype in _FLOATING:
        # One kernel: sqrt(sum(x * x)), as tf.norm computes it in three.
        return _tf.raw_ops.EuclideanNorm(input=x, axis=_reduction_axes(x, axis),
                                         keep_dims=bool(keepdims))
    reduce_axis = list(axis) if isinstance(axis, tuple) else axis
    a = _tf.math.abs(x)
    inf = float("inf")
    if ord == inf:
        return _tf.reduce_max(a, axis=reduce_axis, keepdims=keepdims)
    if ord == -inf:
        return _tf.reduce_min(a, axis=reduce_axis, keepdims=keepdims)
    if ord == 0:
        return _tf.reduce_sum(_tf.cast(a != 0, a.dtype), axis=reduce_axis, keepdims=keepdims)
    if ord == 1:
        return _tf.reduce_sum(a, axis=reduce_axis, keepdims=keepdims)
    if ord == 2:
        return _tf.math.sqrt(_tf.reduce_sum(a * a, axis=reduce_axis, keepdims=keepdims))
    p = _tf.constant(ord, a.dtype)
    total = _tf.reduce_sum(_tf.math.pow(a, p), axis=reduce_axis, keepdims=keepdims)
    return _tf.math.pow(total, 1 / p)


def matrix_power(x: Array, n: int, /) -> Array:
    """``x`` (a stack of square matrices) to the integer power ``n``
    (``n < 0``: of the inverse; ``n == 0``: the identity).

    Deviation fixed: TensorFlow has no ``matrix_power``; this is repeated
    squaring with ``matmul``.
    """
    if not isinstance(n, int):
        raise TypeError(f"matrix_power(): n must be a Python int, got {type(n).__name__}")
    if n == 0:
        size = _dims(x)[-1]
        eye = _tf.eye(size, dtype=x.dtype)
        return _tf.broadcast_to(eye, _tf.shape(x))
    base = _tf.linalg.inv(x) if n < 0 else x
    result = None
    k = abs(n)
    while k:
        if k & 1:
            result = base if result is None else matmul(result, base)
        k >>= 1
        if k:
            base = matmul(base, base)
    return result


def outer(x1: Array, x2: Array, /) -> Array:
    """The outer product of the 1-d ``x1`` and ``x2``.

    Deviation fixed: TensorFlow has no ``outer`` (``tf.tensordot(x1, x2, 0)``
    needs one dtype); the dtypes promote.
    """
    x1, x2 = _operand_pair(x1, x2)
    if _rank(x1) != 1 or _rank(x2) != 1:
        raise ValueError("outer() takes two 1-d arrays")
    return x1[:, None] * x2[None, :]


def trace(x: Array, /, *, offset: int = 0, dtype: Any = None) -> Array:
    """Sum of the ``offset``-th diagonal of (each matrix of) ``x``; integers
    accumulate like :func:`xport.tensorflow.sum`.

    Deviations fixed: ``tf.linalg.trace`` has no ``offset`` or ``dtype``.
    """
    return _sum(diagonal(x, offset=offset), axis=-1, dtype=dtype)


_WRAPPERS = {
    "cholesky": cholesky, "cross": cross, "diagonal": diagonal, "eigh": eigh, "eig": eig,
    "eigvalsh": eigvalsh,
    "qr": qr, "slogdet": slogdet, "svd": svd, "svdvals": svdvals, "solve": solve,
    "matrix_rank": matrix_rank, "pinv": pinv, "matrix_norm": matrix_norm,
    "vector_norm": vector_norm, "matrix_power": matrix_power, "outer": outer,
    "trace": trace, "matmul": matmul, "tensordot": tensordot, "vecdot": vecdot,
}

_PROVENANCE = _populate(
    globals(),
    _tf.linalg,
    _names.LINALG_NAMES[_names.LATEST_VERSION],
    wrappers=_WRAPPERS,
)

__all__ = sorted(_names.LINALG_NAMES[_names.LATEST_VERSION])


def __dir__() -> list[str]:
    return __all__


# Names beyond the standard resolve to the library's own (tensorflow.linalg).
_reach_native(globals(), _tf.linalg)

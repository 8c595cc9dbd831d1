"""``linalg`` wrappers NumPy and CuPy share: NumPy 1.26's deviations (which
CuPy keeps: no ``upper``/``rtol`` keywords, plain tuples for results, missing
functions), complex results for ``eig``/``eigvals``, and a faster Euclidean
norm of a whole array."""

from __future__ import annotations

import functools
from collections.abc import Callable
from types import ModuleType
from typing import Any

from ..results import EigResult
from . import by_name

Array = Any
_F = Callable[..., Any]


def legacy_wrappers(xp: ModuleType) -> dict[str, _F]:
    """``linalg`` functions NumPy 1.26 lacks or spells differently, over ``xp``
    (``cholesky``, ``pinv``, ``matrix_rank``, ``solve``, ``svdvals``,
    ``diagonal``, ``trace``, ``cross``, ``outer``, ``tensordot``,
    ``matrix_norm``, ``vector_norm``)."""

    def cholesky(x: Array, /, *, upper: bool = False) -> Array:
        """Cholesky factor of a Hermitian positive-definite matrix (``upper`` is new)."""
        lower = xp.linalg.cholesky(x)
        return xp.conj(xp.swapaxes(lower, -1, -2)) if upper else lower

    def default_rtol(x: Array) -> Any:
        return max(x.shape[-2:]) * xp.finfo(x.dtype).eps

    def pinv(x: Array, /, *, rtol: Any = None) -> Array:
        """Pseudo-inverse; ``rtol`` relative to the largest singular value (NumPy < 2
        names it ``rcond`` with another default)."""
        x = xp.asarray(x)
        return xp.linalg.pinv(x, rcond=default_rtol(x) if rtol is None else rtol)

    def matrix_rank(x: Array, /, *, rtol: Any = None) -> Array:
        """Rank by singular values above ``rtol`` times the largest one (NumPy < 2
        takes an absolute ``tol``)."""
        x = xp.asarray(x)
        values = xp.linalg.svd(x, compute_uv=False)
        rtol = default_rtol(x) if rtol is None else xp.asarray(rtol)[..., None]
        cutoff = xp.max(values, axis=-1, keepdims=True, initial=0.0) * rtol
        return xp.count_nonzero(values > cutoff, axis=-1)

    def solve(x1: Array, x2: Array, /) -> Array:
        """Solve ``x1 @ out = x2``; a 1-D ``x2`` is a vector, anything else a (stack
        of) matrix, with batch dimensions broadcast (NumPy < 2 guesses from ndim)."""
        x1, x2 = xp.asarray(x1), xp.asarray(x2)
        vector = x2.ndim == 1
        b = x2[:, None] if vector else x2
        batch = xp.broadcast_shapes(x1.shape[:-2], b.shape[:-2])
        out = xp.linalg.solve(xp.broadcast_to(x1, batch + x1.shape[-2:]),
                              xp.broadcast_to(b, batch + b.shape[-2:]))
        return out[..., 0] if vector else out

    def svdvals(x: Array, /) -> Array:
        """Singular values of a (stack of) matrix."""
        return xp.linalg.svd(x, compute_uv=False)

    def diagonal(x: Array, /, *, offset: int = 0) -> Array:
        """Diagonal of the last two axes."""
        return xp.diagonal(x, offset=offset, axis1=-2, axis2=-1)

    def trace(x: Array, /, *, offset: int = 0, dtype: Any = None) -> Array:
        """Sum of the diagonal of the last two axes."""
        return xp.trace(x, offset=offset, axis1=-2, axis2=-1, dtype=dtype)

    def cross(x1: Array, x2: Array, /, *, axis: int = -1) -> Array:
        """Cross product of 3-vectors along ``axis``."""
        return xp.cross(x1, x2, axis=axis)

    def outer(x1: Array, x2: Array, /) -> Array:
        """Outer product of two vectors."""
        return xp.outer(x1, x2)

    def tensordot(x1: Array, x2: Array, /, *, axes: Any = 2) -> Array:
        """Tensor contraction over ``axes``."""
        return xp.tensordot(x1, x2, axes=axes)

    def matrix_norm(x: Array, /, *, keepdims: bool = False,
                    ord: Any = "fro") -> Array:  # noqa: A002
        """Matrix norm over the last two axes."""
        return xp.linalg.norm(x, ord=ord, axis=(-2, -1), keepdims=keepdims)

    def vector_norm(x: Array, /, *, axis: Any = None, keepdims: bool = False,
                    ord: Any = 2) -> Array:  # noqa: A002
        """Vector norm over ``axis`` (None: all axes; a tuple: those axes together)."""
        x = xp.asarray(x)
        axes = tuple(range(x.ndim)) if axis is None else (axis,) if isinstance(axis, int) \
            else axis
        axes = tuple(a % x.ndim for a in axes)
        rest = [a for a in range(x.ndim) if a not in axes]
        moved = xp.transpose(x, rest + list(axes)).reshape([x.shape[a] for a in rest] + [-1])
        out = xp.linalg.norm(moved, ord=ord, axis=-1)
        if keepdims:
            out = out.reshape([1 if a in axes else x.shape[a] for a in range(x.ndim)])
        return out

    return by_name(cholesky, pinv, matrix_rank, solve, svdvals, diagonal, trace, cross, outer,
                   tensordot, matrix_norm, vector_norm)


def named(result_type: type[Any], native: _F) -> _F:
    """``native`` (a decomposition returning a plain tuple) returning the
    standard's named tuple ``result_type``; naming a named tuple again is harmless."""

    @functools.wraps(native)
    def decomposition(*args: Any, **kwargs: Any) -> Any:
        return result_type(*native(*args, **kwargs))

    decomposition.__doc__ = (f"NumPy's ``linalg.{native.__name__}`` returning the standard's "
                             f"named tuple {result_type.__name__} (NumPy < 2 returns a tuple).")
    return decomposition


def complex_eig(xp: ModuleType) -> dict[str, _F]:
    """``eig`` and ``eigvals`` over ``xp.linalg``'s, whose results are complex always."""
    complex_of = {xp.dtype("float32"): xp.dtype("complex64"),
                  xp.dtype("float64"): xp.dtype("complex128")}

    def as_complex(a: Array) -> Array:
        target = complex_of.get(a.dtype)
        return a if target is None else a.astype(target)

    def eig(x: Array, /) -> EigResult:
        """Eigenvalues and eigenvectors of a (stack of) square matrix.

        Deviation fixed: NumPy returns real arrays when every eigenvalue happens to be
        real; the standard always returns complex results of ``x``'s precision.
        """
        values, vectors = xp.linalg.eig(x)
        return EigResult(as_complex(values), as_complex(vectors))

    def eigvals(x: Array, /) -> Array:
        """Eigenvalues of a (stack of) square matrix, always complex (see :func:`eig`)."""
        return as_complex(xp.linalg.eigvals(x))

    return by_name(eig, eigvals)


def fast_vector_norm(xp: ModuleType, vector_norm: _F, total: _F | None = None) -> _F:
    """``vector_norm`` by fewer passes where that is faster, for the Euclidean
    norm of a real ``float32``/``float64`` ``xp.ndarray``: of the whole array
    by one dot product, over one axis by a sum of squares (``total``, default
    ``xp.sum``, called as ``total(a, axis=, keepdims=)``); every other call is
    ``vector_norm``'s (the library's own, or a wrapper of it)."""
    ndarray, sqrt, dot = xp.ndarray, xp.sqrt, xp.dot
    squares_total: _F = xp.sum if total is None else total
    dot_dtypes = frozenset({xp.dtype("float32"), xp.dtype("float64")})

    def vector_norm_(x: Array, /, *, axis: Any = None, keepdims: bool = False,
                     ord: Any = 2) -> Array:  # noqa: A002 - the standard's name
        """The ``ord``-norm of ``x`` over ``axis`` (all elements for ``None``).

        Not a deviation: for a real ``float32``/``float64`` array, the Euclidean
        norm of the whole array is ``sqrt(dot(x, x))`` (as ``numpy.linalg.norm``
        computes it), 3-5x faster than ``numpy.linalg.vector_norm``'s sum of
        squared magnitudes and as accurate to a few units in the last place;
        over one axis it is ``sqrt(sum(x * x))``, the very values of NumPy's
        ``(x.conj() * x).real`` without its copy for the conjugate. Every other
        call is ``numpy.linalg.vector_norm``'s.
        """
        if ord == 2 and type(x) is ndarray and x.dtype in dot_dtypes:
            if axis is None and not keepdims:
                flat = x.reshape(-1)
                return sqrt(dot(flat, flat))
            if type(axis) is int:
                return sqrt(squares_total(x * x, axis=axis, keepdims=keepdims))
        return vector_norm(x, axis=axis, keepdims=keepdims, ord=ord)

    vector_norm_.__name__ = vector_norm_.__qualname__ = "vector_norm"
    return vector_norm_

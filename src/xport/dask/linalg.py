"""The standard's ``linalg`` extension for Dask arrays.

The standard's linear algebra works on stacks of matrices (``(..., M, N)``).
Here the decompositions and other per-matrix functions are generalised
ufuncs over the stack (``dask.array.apply_gufunc``): the two matrix axes are
merged into one chunk, the stack axes keep their chunks, and each block goes
to :mod:`xport.numpy`'s function, lazily. A stack of many small matrices is
thus spread over the workers; one huge matrix is a single task (Dask's own
``dask.array.linalg`` algorithms for large 2-D matrices, such as tall-skinny
QR, remain available under ``dask.array.linalg``). ``matmul``,
``tensordot``, ``vecdot``, ``matrix_transpose``, ``diagonal``, ``trace``,
``outer`` and ``vector_norm`` are Dask operations on the chunked array.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Literal

import dask.array as _dask_array
import numpy as _np

from .. import numpy as _xnp_module
from .._common.namespace import populate as _populate
from .._common.namespace import reach_native as _reach_native
from .._common.results import EighResult, EigResult, QRResult, SlogdetResult, SVDResult
from .._spec import names as _names
from . import _wrappers

Array = Any
# Untyped library and a namespace populated at import: calls through Any.
_da: Any = _dask_array
_xnp: Any = _xnp_module


_DTYPES: dict[tuple[str, tuple[Any, ...], tuple[Any, ...]], tuple[Any, ...]] = {}


def _probe(ndim: int, dtype: Any) -> Any:
    return _np.eye(3, dtype=dtype) if ndim == 2 else _np.ones((3,) * ndim, dtype=dtype)


def _output_dtypes(name: str, numpy_func: Callable[..., Any], arrays: tuple[Any, ...],
                   core_ndims: tuple[int, ...], options: dict[str, Any]) -> tuple[Any, ...]:
    """The dtypes of NumPy's results for inputs of these dtypes (a 3x3 probe,
    cached: metadata only, never the data)."""
    key = (name, tuple(a.dtype for a in arrays), tuple(sorted(options.items())))
    found = _DTYPES.get(key)
    if found is None:
        out = numpy_func(*(_probe(n, a.dtype) for n, a in zip(core_ndims, arrays, strict=True)),
                         **options)
        found = tuple(o.dtype for o in out) if isinstance(out, tuple) else (out.dtype,)
        _DTYPES[key] = found
    return found


def _gufunc(name: str, signature: str, arrays: tuple[Any, ...], numpy_func: Callable[..., Any],
            *, sizes: dict[str, int] | None = None, result: Any = None,
            axes: list[tuple[int, ...]] | None = None, **options: Any) -> Any:
    ins = signature.split("->", maxsplit=1)[0]
    core_ndims = tuple(len(part.strip("()").split(",")) if part.strip("()") else 0
                       for part in ins.replace("),(", ")|(").split("|"))
    if axes is None and _known_empty(arrays):
        # Dask's rechunking divides by zero-length chunks. Empty arrays hold
        # no data, so NumPy's answer for stand-ins is the whole answer.
        out = numpy_func(*(_stand_in(a) for a in arrays), **options)
        out = tuple(map(_one_chunk, out)) if isinstance(out, tuple) else _one_chunk(out)
        return result(*out) if result is not None else out
    dtypes = _output_dtypes(name, numpy_func, arrays, core_ndims, options)
    out = _da.apply_gufunc(numpy_func, signature, *arrays,
                           output_dtypes=dtypes[0] if len(dtypes) == 1 else list(dtypes),
                           output_sizes=sizes, allow_rechunk=True, axes=axes, **options)
    return result(*out) if result is not None else out


def _stand_in(x: Any) -> Any:
    """A NumPy array of ``x``'s shape and dtype that every function here takes:
    identity matrices where the last two axes are square (not singular, positive
    definite), ones elsewhere. Beside an empty operand the result is empty or
    fixed by the shapes, but a non-empty operand must not be garbage: solve
    raised LinAlgError for an uninitialised ``x1`` beside an empty ``x2``."""
    if x.ndim >= 2 and x.shape[-1] == x.shape[-2]:
        return _np.broadcast_to(_np.eye(x.shape[-1], dtype=x.dtype), x.shape)
    return _np.ones(x.shape, dtype=x.dtype)


def _one_chunk(host: Any) -> Any:
    """The NumPy array ``host`` as a Dask array of one chunk (Dask's automatic
    chunking divides by zero on some empty shapes)."""
    return _da.asarray(host, chunks=host.shape)


def _known_empty(arrays: tuple[Any, ...]) -> bool:
    shapes = [a.shape for a in arrays]
    return (any(0 in shape for shape in shapes)
            and not any(math.isnan(n) for shape in shapes for n in shape))


def _no_dask_keywords(name: str, kwargs: dict[str, Any]) -> None:
    """Refuse the extra keywords that array-api-compat's ``linalg.<name>``
    accepts and passes to ``dask.array.linalg``: here the matrices go to NumPy
    per block, and there is no Dask call to pass them to."""
    if kwargs:
        raise TypeError(f"linalg.{name}() got unexpected keyword arguments {sorted(kwargs)}: "
                        "it runs NumPy per matrix and has no dask.array.linalg call to pass "
                        "them to")


def _square(x: Array, name: str) -> None:
    if x.ndim < 2 or x.shape[-1] != x.shape[-2]:
        raise ValueError(f"linalg.{name}() needs a (stack of) square matrix; got shape "
                         f"{tuple(x.shape)}")


def cholesky(x: Array, /, *, upper: bool = False, **kwargs: Any) -> Array:
    """The Cholesky factor of a (stack of) Hermitian positive-definite matrix.

    Deviation fixed: ``dask.array.linalg.cholesky`` takes one 2-D matrix and
    calls ``upper`` ``lower`` (inverted). Per matrix, lazily. Other keywords
    (which array-api-compat passes to ``dask.array.linalg.cholesky``: its
    ``lower=``) raise ``TypeError``: there is no Dask call to pass them to.
    """
    _no_dask_keywords("cholesky", kwargs)
    _square(x, "cholesky")
    return _gufunc("cholesky", "(m,m)->(m,m)", (x,), _xnp.linalg.cholesky, upper=upper)


def det(x: Array, /) -> Array:
    """The determinant of a (stack of) square matrix, lazily per matrix."""
    _square(x, "det")
    return _gufunc("det", "(m,m)->()", (x,), _xnp.linalg.det)


def eigh(x: Array, /) -> EighResult:
    """Eigenvalues (ascending) and eigenvectors of a (stack of) Hermitian matrix."""
    _square(x, "eigh")
    out: EighResult = _gufunc("eigh", "(m,m)->(m),(m,m)", (x,), _xnp.linalg.eigh,
                              result=EighResult)
    return out


def eigvalsh(x: Array, /) -> Array:
    """Eigenvalues (ascending) of a (stack of) Hermitian matrix."""
    _square(x, "eigvalsh")
    return _gufunc("eigvalsh", "(m,m)->(m)", (x,), _xnp.linalg.eigvalsh)


def eig(x: Array, /) -> EigResult:
    """Eigenvalues and eigenvectors of a (stack of) square matrix, always complex."""
    _square(x, "eig")
    out: EigResult = _gufunc("eig", "(m,m)->(m),(m,m)", (x,), _xnp.linalg.eig,
                             result=EigResult)
    return out


def eigvals(x: Array, /) -> Array:
    """Eigenvalues of a (stack of) square matrix, always complex."""
    _square(x, "eigvals")
    return _gufunc("eigvals", "(m,m)->(m)", (x,), _xnp.linalg.eigvals)


def inv(x: Array, /) -> Array:
    """The inverse of a (stack of) square matrix, lazily per matrix."""
    _square(x, "inv")
    return _gufunc("inv", "(m,m)->(m,m)", (x,), _xnp.linalg.inv)


def matrix_power(x: Array, n: int, /) -> Array:
    """``x`` raised to the integer power ``n`` (negative: of the inverse)."""
    _square(x, "matrix_power")
    return _gufunc("matrix_power", "(m,m)->(m,m)", (x,), _power, n=n)


def _power(x: Any, n: int) -> Any:
    return _xnp.linalg.matrix_power(x, n)


def _with_tolerance(name: str, signature: str, x: Array, rtol: Any,
                    numpy_func: Callable[..., Any]) -> Array:
    if isinstance(rtol, _da.Array):
        ins, outs = signature.split("->")
        return _gufunc(name, f"{ins},()->{outs}", (x, rtol.astype(_np.result_type(
            x.dtype.char.lower() if x.dtype.kind == "c" else x.dtype, rtol.dtype))),
            lambda a, r: numpy_func(a, rtol=r))
    return _gufunc(name, signature, (x,), numpy_func, rtol=rtol)


def matrix_rank(x: Array, /, *, rtol: float | Array | None = None, **kwargs: Any) -> Array:
    """The rank of a (stack of) matrix: singular values above
    ``rtol * max(M, N) * largest``, lazily per matrix.

    Other keywords raise ``TypeError``, as in array-api-compat (which passes
    them to its ``svdvals``, which takes none).
    """
    _no_dask_keywords("matrix_rank", kwargs)
    return _with_tolerance("matrix_rank", "(m,n)->()", x, rtol, _xnp.linalg.matrix_rank)


def pinv(x: Array, /, *, rtol: float | Array | None = None) -> Array:
    """The Moore-Penrose pseudo-inverse of a (stack of) matrix."""
    return _with_tolerance("pinv", "(m,n)->(n,m)", x, rtol, _xnp.linalg.pinv)


def qr(x: Array, /, *, mode: Literal["reduced", "complete"] = "reduced",
       **kwargs: Any) -> QRResult:
    """The QR decomposition of a (stack of) matrix.

    Deviations fixed: ``dask.array.linalg.qr`` takes one tall-and-skinny 2-D
    matrix and has no ``mode``. Per matrix, lazily. Other keywords raise
    ``TypeError``, as in array-api-compat (which passes them to
    ``dask.array.linalg.qr``, which takes none).
    """
    _no_dask_keywords("qr", kwargs)
    m, n = x.shape[-2:]
    if mode == "complete":
        out: QRResult = _gufunc("qr", "(m,n)->(m,p),(m,n)", (x,), _xnp.linalg.qr,
                                sizes={"p": m}, result=QRResult, mode=mode)
    else:
        out = _gufunc("qr", "(m,n)->(m,k),(k,n)", (x,), _xnp.linalg.qr,
                      sizes={"k": min(m, n)}, result=QRResult, mode=mode)
    return out


def slogdet(x: Array, /) -> SlogdetResult:
    """Sign and natural log of the absolute determinant of a (stack of) square matrix."""
    _square(x, "slogdet")
    out: SlogdetResult = _gufunc("slogdet", "(m,m)->(),()", (x,), _xnp.linalg.slogdet,
                                 result=SlogdetResult)
    return out


def solve(x1: Array, x2: Array, /) -> Array:
    """The solution of ``x1 @ out = x2`` for a (stack of) square ``x1``; ``x2``
    is a vector only when it is 1-d (2024.12).

    Deviation fixed: ``dask.array.linalg.solve`` takes 2-D matrices only.
    """
    _square(x1, "solve")
    if x2.ndim == 1:
        return _gufunc("solve", "(m,m),(m)->(m)", (x1, x2), _xnp.linalg.solve)
    return _gufunc("solve", "(m,m),(m,k)->(m,k)", (x1, x2), _xnp.linalg.solve)


def svd(x: Array, /, *, full_matrices: bool = True, **kwargs: Any) -> SVDResult:
    """The singular value decomposition of a (stack of) matrix.

    Deviations fixed: ``dask.array.linalg.svd`` takes one tall-and-skinny 2-D
    matrix and defaults to ``full_matrices=False``. Per matrix, lazily. Other
    keywords raise ``TypeError``, as in array-api-compat (which passes them to
    ``dask.array.linalg.svd`` beside its own ``coerce_signs=False``, the one
    keyword left there).
    """
    _no_dask_keywords("svd", kwargs)
    m, n = x.shape[-2:]
    k = min(m, n)
    if full_matrices:
        out: SVDResult = _gufunc("svd", "(m,n)->(m,p),(k),(q,n)", (x,), _xnp.linalg.svd,
                                 sizes={"p": m, "k": k, "q": n}, result=SVDResult,
                                 full_matrices=True)
    else:
        out = _gufunc("svd", "(m,n)->(m,k),(k),(k,n)", (x,), _xnp.linalg.svd,
                      sizes={"k": k}, result=SVDResult, full_matrices=False)
    return out


def svdvals(x: Array, /) -> Array:
    """The singular values of a (stack of) matrix, descending."""
    m, n = x.shape[-2:]
    return _gufunc("svdvals", "(m,n)->(k)", (x,), _xnp.linalg.svdvals,
                   sizes={"k": min(m, n)})


def matrix_norm(x: Array, /, *, keepdims: bool = False,
                ord: int | float | Literal["fro", "nuc"] | None = "fro") -> Array:  # noqa: A002
    """A matrix norm of a (stack of) matrix, lazily per matrix."""
    out = _gufunc("matrix_norm", "(m,n)->()", (x,), _xnp.linalg.matrix_norm, ord=ord)
    return out[..., None, None] if keepdims else out


def cross(x1: Array, x2: Array, /, *, axis: int = -1) -> Array:
    """The cross product of 3-element vectors along ``axis``.

    Deviation fixed: ``dask.array`` has no ``cross``; per block, lazily. The
    other axes broadcast; where they broadcast to an empty stack (a length 1
    against a 0, which ``dask.array.apply_gufunc`` refuses) the empty result
    is made directly.
    """
    if x1.shape[axis] != 3 or x2.shape[axis] != 3:
        raise ValueError(f"linalg.cross() needs 3 elements along axis {axis}; got shapes "
                         f"{tuple(x1.shape)} and {tuple(x2.shape)}")
    if _known_empty((x1, x2)):
        return _one_chunk(_xnp.linalg.cross(_stand_in(x1), _stand_in(x2), axis=axis))
    return _gufunc("cross", "(k),(k)->(k)", (x1, x2), _cross, axes=[(axis,), (axis,), (axis,)])


def _cross(x1: Any, x2: Any) -> Any:
    # apply_gufunc moves the vector axis last
    return _xnp.linalg.cross(x1, x2, axis=-1)


def diagonal(x: Array, /, *, offset: int = 0, **kwargs: Any) -> Array:
    """The ``offset``-th diagonal of each matrix of ``x`` (a Dask operation).

    Other keywords go to ``dask.array.diagonal``, as in array-api-compat (it
    takes none but the axes this sets: they raise ``TypeError``).
    """
    return _da.diagonal(x, offset, axis1=-2, axis2=-1, **kwargs)


def trace(x: Array, /, *, offset: int = 0, dtype: Any = None, **kwargs: Any) -> Array:
    """The sum of the ``offset``-th diagonal of each matrix of ``x``, with
    ``sum``'s accumulation dtype.

    Dask's own keywords go to the ``dask.array.sum`` that adds the diagonal
    up (``split_every=``); array-api-compat passes them to ``dask.array.trace``,
    which takes none but the ones set here.
    """
    return _da.sum(_da.diagonal(x, offset, axis1=-2, axis2=-1), axis=-1, dtype=dtype, **kwargs)


def outer(x1: Array, x2: Array, /) -> Array:
    """The outer product of two vectors."""
    if x1.ndim != 1 or x2.ndim != 1:
        raise ValueError("linalg.outer() needs two 1-d arrays; got "
                         f"{x1.ndim} and {x2.ndim} dimensions")
    return _da.multiply(x1[:, None], x2[None, :])


def vector_norm(x: Array, /, *, axis: int | tuple[int, ...] | None = None,
                keepdims: bool = False, ord: int | float = 2) -> Array:  # noqa: A002
    """A vector norm of ``x`` over ``axis`` (every axis when None), as Dask
    reductions on the chunked array."""
    a = _da.abs(x)
    if ord == math.inf:
        return _da.max(a, axis=axis, keepdims=keepdims)
    if ord == -math.inf:
        return _da.min(a, axis=axis, keepdims=keepdims)
    if ord == 0:
        return _da.sum(a != 0, axis=axis, keepdims=keepdims).astype(a.dtype)
    if ord == 1:
        return _da.sum(a, axis=axis, keepdims=keepdims)
    if ord == 2:
        return _da.sqrt(_da.sum(a * a, axis=axis, keepdims=keepdims))
    return _da.sum(a ** ord, axis=axis, keepdims=keepdims) ** (1.0 / ord)


_WRAPPERS: dict[str, Any] = {
    "cholesky": cholesky, "cross": cross, "det": det, "diagonal": diagonal, "eig": eig,
    "eigh": eigh, "eigvals": eigvals, "eigvalsh": eigvalsh, "inv": inv,
    "matmul": _wrappers.matmul, "matrix_norm": matrix_norm, "matrix_power": matrix_power,
    "matrix_rank": matrix_rank, "matrix_transpose": _wrappers.matrix_transpose,
    "outer": outer, "pinv": pinv, "qr": qr, "slogdet": slogdet, "solve": solve, "svd": svd,
    "svdvals": svdvals, "tensordot": _wrappers.tensordot, "trace": trace,
    "vecdot": _wrappers.vecdot, "vector_norm": vector_norm,
}

_PROVENANCE = _populate(
    globals(),
    _da.linalg,
    _names.LINALG_NAMES[_names.LATEST_VERSION],
    wrappers=_WRAPPERS,
)

__all__ = sorted(_names.LINALG_NAMES[_names.LATEST_VERSION])


def __dir__() -> list[str]:
    return __all__


# Names beyond the standard resolve to the library's own (dask.array.linalg).
_reach_native(globals(), _dask_array.linalg)

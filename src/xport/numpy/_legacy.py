"""What NumPy 1.26 lacks or does differently, and NumPy 2 fixed.

Every wrapper here is installed only when a probe of the installed NumPy shows
the deviation (a missing function or keyword, a tuple where a namedtuple is
due, value-based casting), so on NumPy 2 none of this is used. The wrappers
for the deviations CuPy shares are ``_common/numpylike``'s (``legacy``,
``linalg``), bound to NumPy; those NumPy alone needs are written here.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import numpy as np

from .._common.kinds import KIND_OF_LETTER, contains
from .._common.numpylike import legacy as _shared_legacy
from .._common.numpylike import linalg as _shared_linalg
from .._common.numpylike.main import aliases
from .._common.results import (
    EighResult,
    QRResult,
    SlogdetResult,
    SVDResult,
    UniqueAllResult,
    UniqueCountsResult,
    UniqueInverseResult,
)
from .._common.signatures import accepts as _accepts
from .._common.signatures import with_device
from .._spec.dtypes import KIND_MEMBERS
from ._info import DTYPES, dtype_name
from ._info import check_device as _check_device

Array = Any
_F = Callable[..., Any]

# NumPy 1.26's deviations CuPy shares (clip, nonzero, matrix_transpose, unstack,
# vecdot), bound to NumPy once: the main namespace and linalg share vecdot and
# matrix_transpose.
_SHARED = _shared_legacy.wrappers(np)


# --- creation: the device= keyword ---------------------------------------------------

def _with_device(native: _F) -> _F:
    """``native`` plus the standard's keyword-only ``device`` ('cpu' or None)."""

    def wrapper(*args: Any, device: Any = None, **kwargs: Any) -> Any:
        _check_device(device)
        return native(*args, **kwargs)

    wrapper.__name__ = wrapper.__qualname__ = native.__name__
    # A builtin without a text signature keeps (*args, device, **kwargs).
    signature = with_device(native)
    if signature is not None:
        wrapper.__signature__ = signature  # type: ignore[attr-defined]
    wrapper.__doc__ = (f"NumPy's ``{native.__name__}`` with the standard's ``device`` keyword "
                       "(NumPy < 2 has none; only 'cpu' is accepted).")
    return wrapper


_CREATION = ("arange", "empty", "empty_like", "eye", "full", "full_like", "linspace", "ones",
             "ones_like", "zeros", "zeros_like")


def asarray(obj: Any, /, *, dtype: Any = None, device: Any = None,
            copy: bool | None = None) -> Array:
    """Convert ``obj`` to an array.

    Deviation fixed (NumPy < 2): no ``copy`` keyword; ``copy=False`` raises
    ``ValueError`` when a copy cannot be avoided.
    """
    _check_device(device)
    if copy is True:
        return np.array(obj, dtype=dtype, copy=True)
    out = np.asarray(obj, dtype=dtype)
    if copy is False and not (isinstance(obj, np.ndarray) and np.shares_memory(out, obj)):
        raise ValueError("asarray(copy=False) cannot avoid a copy here")
    return out


def from_dlpack(x: Any, /, *, device: Any = None, copy: bool | None = None) -> Array:
    """Import ``x`` through DLPack.

    Deviation fixed (NumPy < 2.1): no ``device``/``copy`` keywords.
    """
    _check_device(device)
    out = np.from_dlpack(x)
    return np.array(out, copy=True) if copy else out


# --- functions NumPy 1.26 does not have -------------------------------------------------

def isdtype(dtype: Any, kind: Any) -> bool:
    """Whether ``dtype`` is of ``kind`` (a dtype, a kind name or a tuple of them);
    dtypes outside the standard (float16) are of their kind, as in NumPy 2's."""
    if isinstance(kind, tuple):
        return any(isdtype(dtype, k) for k in kind)
    if isinstance(kind, str):
        if kind not in KIND_MEMBERS:
            raise ValueError(f"unknown dtype kind {kind!r}")
        name = dtype_name(dtype)
        if name is not None:
            return name in KIND_MEMBERS[kind]
        base = KIND_OF_LETTER.get(np.dtype(dtype).kind)
        return base is not None and contains(kind, base)
    return bool(np.dtype(dtype) == np.dtype(kind))


def permute_dims(x: Array, /, axes: tuple[int, ...]) -> Array:
    """Permute the axes of ``x``."""
    return np.transpose(x, axes)


def _cumulative(accumulate: _F, identity: int) -> _F:
    def cumulative(x: Array, /, *, axis: int | None = None, dtype: Any = None,
                   include_initial: bool = False) -> Array:
        x = np.asarray(x)
        if axis is None:
            if x.ndim > 1:
                raise ValueError("axis is required for arrays of more than one dimension")
            axis = 0
        out = accumulate(x, axis=axis, dtype=dtype)
        if include_initial:
            shape = list(out.shape)
            shape[axis] = 1
            out = np.concatenate([np.full(shape, identity, dtype=out.dtype), out], axis=axis)
        return out

    return cumulative


cumulative_sum = _cumulative(np.cumsum, 0)
cumulative_sum.__name__ = cumulative_sum.__qualname__ = "cumulative_sum"
cumulative_sum.__doc__ = "Cumulative sum along ``axis`` (NumPy < 2.1 has only ``cumsum``)."
cumulative_prod = _cumulative(np.cumprod, 1)
cumulative_prod.__name__ = cumulative_prod.__qualname__ = "cumulative_prod"
cumulative_prod.__doc__ = "Cumulative product along ``axis`` (NumPy < 2.1 has only ``cumprod``)."


def _unique(x: Array, **flags: bool) -> Any:
    x = np.asarray(x)
    unique: Any = np.unique  # its overloads cannot type **flags
    return unique(x.reshape(-1), equal_nan=False, **flags)


def unique_values(x: Array, /) -> Array:
    """The distinct values of ``x`` (every NaN distinct)."""
    return _unique(x)


def unique_counts(x: Array, /) -> UniqueCountsResult:
    """The distinct values of ``x`` and how often each occurs."""
    values, counts = _unique(x, return_counts=True)
    return UniqueCountsResult(values, counts)


def unique_inverse(x: Array, /) -> UniqueInverseResult:
    """The distinct values of ``x`` and the indices that rebuild ``x`` from them."""
    values, inverse = _unique(x, return_inverse=True)
    return UniqueInverseResult(values, inverse.reshape(np.shape(x)))


def unique_all(x: Array, /) -> UniqueAllResult:
    """Distinct values, first-occurrence indices, inverse indices and counts."""
    values, indices, inverse, counts = _unique(x, return_index=True, return_inverse=True,
                                               return_counts=True)
    return UniqueAllResult(values, indices, inverse.reshape(np.shape(x)), counts)


# --- semantics that changed in NumPy 2 -----------------------------------------------------

def sign(x: Array, /) -> Array:
    """Sign of ``x``; ``x / |x|`` for complex input (NumPy < 2 uses the sign of
    the real part)."""
    x = np.asarray(x)
    if x.dtype.kind != "c":
        return np.sign(x)
    magnitude = np.abs(x)
    with np.errstate(invalid="ignore", divide="ignore"):
        out = x / np.where(magnitude == 0, 1, magnitude)
    return np.where(np.isnan(x), complex(np.nan, np.nan), out).astype(x.dtype)


_PYTHON_SCALARS = (bool, int, float, complex)
_COMPLEX_OF = {np.dtype(np.float32): np.dtype(np.complex64),
               np.dtype(np.float64): np.dtype(np.complex128)}


def _standard_operands(x1: Any, x2: Any) -> tuple[Any, Any]:
    """Cast 0-d operands so that NumPy < 2's value-based casting gives the
    standard's result: a 0-d array promotes like any array, and a Python scalar
    takes the other operand's dtype (the complex one of its precision for a
    complex scalar beside real floats)."""
    arr = (np.ndarray, np.generic)
    if isinstance(x1, arr) and isinstance(x2, arr):
        if x1.dtype != x2.dtype and (np.ndim(x1) == 0 or np.ndim(x2) == 0):
            common = np.promote_types(x1.dtype, x2.dtype)
            return np.asarray(x1, dtype=common), np.asarray(x2, dtype=common)
        return x1, x2
    for operand, scalar, array_first in ((x1, x2, True), (x2, x1, False)):
        # Every array, not only 0-d: NumPy < 2 also widens an array for a scalar
        # whose value it judges not to fit (complex64 beside ``infj``).
        if isinstance(operand, arr) and isinstance(scalar, _PYTHON_SCALARS):
            dtype = operand.dtype
            if isinstance(scalar, complex) and dtype.kind == "f":
                dtype = _COMPLEX_OF[dtype]
            elif (isinstance(scalar, float) and dtype.kind in "biu") or (
                    isinstance(scalar, int) and dtype.kind == "b" and type(scalar) is not bool):
                return x1, x2  # mixed kinds: the standard leaves these open
            array = np.asarray(operand, dtype=dtype)
            converted = np.asarray(scalar, dtype=dtype)
            return (array, converted) if array_first else (converted, array)
    return x1, x2


def _promoting_binary(native: _F) -> _F:
    """``native`` with the standard's promotion for 0-d operands (NumPy < 2 casts
    0-d arrays, NumPy scalars and Python scalars by value)."""

    def binary(x1: Any, x2: Any, /, **kwargs: Any) -> Any:
        if np.ndim(x1) == 0 or np.ndim(x2) == 0:
            x1, x2 = _standard_operands(x1, x2)
        return native(x1, x2, **kwargs)

    binary.__name__ = binary.__qualname__ = getattr(native, "__name__", "binary")
    binary.__doc__ = (f"NumPy's ``{binary.__name__}`` following the standard's promotion "
                      "table for 0-d operands (NumPy < 2 casts them by value); NumPy's "
                      "own keywords (``out=``, ...) go to it, as array-api-compat passes "
                      "them.")
    return binary


def where(condition: Array, x1: Any, x2: Any, /) -> Array:
    """Elements of ``x1`` where ``condition`` holds, else of ``x2``, promoted by the
    standard's table (NumPy < 2 casts 0-d operands by value)."""
    if np.ndim(x1) == 0 or np.ndim(x2) == 0:
        x1, x2 = _standard_operands(x1, x2)
    return np.where(condition, x1, x2)


_BINARY = ("add", "atan2", "bitwise_and", "bitwise_left_shift", "bitwise_or",
           "bitwise_right_shift", "bitwise_xor", "copysign", "divide", "equal", "floor_divide",
           "greater", "greater_equal", "hypot", "less", "less_equal", "logaddexp",
           "logical_and", "logical_or", "logical_xor", "maximum", "minimum", "multiply",
           "nextafter", "not_equal", "pow", "remainder", "subtract")


def _nonzero_accepts_0d() -> bool:
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            np.nonzero(np.asarray(1))
        except ValueError:
            return False
    return True


def _zeros_takes_device() -> bool:
    # Called, not read from a signature: numpy.zeros has none before NumPy 2.4
    # (NumPy 2.0-2.3 take device= but would look as if they did not).
    try:
        np.zeros(1, device="cpu")
    except TypeError:
        return False
    return True


def _value_based_casting() -> bool:
    return bool(np.add(np.ones(1, np.int8), np.asarray(1, np.int64)).dtype == np.int8)


def main_wrappers() -> dict[str, Any]:
    """Wrappers the installed NumPy needs in the main namespace (empty on NumPy 2)."""
    found: dict[str, Any] = {}
    if not _zeros_takes_device():
        found.update({name: _with_device(getattr(np, name)) for name in _CREATION
                      if not _accepts(getattr(np, name), "device")})
    if not _accepts(np.asarray, "copy"):
        found["asarray"] = asarray
    if not _accepts(np.from_dlpack, "copy"):
        found["from_dlpack"] = from_dlpack
    if not _accepts(np.std, "correction"):
        found["std"] = _shared_legacy.std_var(np.std)
        found["var"] = _shared_legacy.std_var(np.var)
    if np.ceil(np.ones(1, np.int8)).dtype != np.int8:
        for name in ("ceil", "floor", "trunc"):
            found[name] = _shared_legacy.integer_identity(np, getattr(np, name))
    if _nonzero_accepts_0d():
        found["nonzero"] = _SHARED["nonzero"]
    if np.sign(np.complex128(3 + 4j)) != 0.6 + 0.8j:
        found["sign"] = sign
    if _value_based_casting():
        found["clip"] = _SHARED["clip"]
        old_names = aliases(np)
        for name in _BINARY:
            found[name] = _promoting_binary(getattr(np, old_names.get(name, name)))
        found["where"] = where
    missing = {
        "isdtype": isdtype, "matrix_transpose": _SHARED["matrix_transpose"],
        "permute_dims": permute_dims, "unstack": _SHARED["unstack"],
        "vecdot": _SHARED["vecdot"], "cumulative_sum": cumulative_sum,
        "cumulative_prod": cumulative_prod, "unique_values": unique_values,
        "unique_counts": unique_counts, "unique_inverse": unique_inverse,
        "unique_all": unique_all,
    }
    found.update({name: fn for name, fn in missing.items() if not hasattr(np, name)})
    return found


# --- linalg --------------------------------------------------------------------------------

def linalg_wrappers() -> dict[str, Any]:
    """Wrappers the installed NumPy needs in ``linalg`` (empty on NumPy 2)."""
    la = np.linalg
    shared = _shared_linalg.legacy_wrappers(np)
    found: dict[str, Any] = {}
    if not _accepts(la.cholesky, "upper"):
        found["cholesky"] = shared["cholesky"]
    if not _accepts(la.pinv, "rtol"):
        found["pinv"] = shared["pinv"]
    if not _accepts(la.matrix_rank, "rtol"):
        found["matrix_rank"] = shared["matrix_rank"]
    if la.solve(np.ones((2, 2, 2)) + np.eye(2), np.ones((2, 2))).shape != (2, 2, 2):
        found["solve"] = shared["solve"]
    if not hasattr(la.svd(np.eye(1)), "_fields"):
        found["eigh"] = _shared_linalg.named(EighResult, la.eigh)
        found["qr"] = _shared_linalg.named(QRResult, la.qr)
        found["slogdet"] = _shared_linalg.named(SlogdetResult, la.slogdet)
        found["svd"] = _shared_linalg.named(SVDResult, la.svd)
    missing = {
        **{name: shared[name] for name in ("svdvals", "diagonal", "trace", "cross", "outer",
                                           "tensordot", "matrix_norm", "vector_norm")},
        "vecdot": _SHARED["vecdot"], "matrix_transpose": _SHARED["matrix_transpose"],
        "matmul": np.matmul,
    }
    found.update({name: fn for name, fn in missing.items() if not hasattr(la, name)})
    return found


# --- fft ----------------------------------------------------------------------------------

_COMPLEX_FOR = {DTYPES["float32"]: DTYPES["complex64"], DTYPES["complex64"]: DTYPES["complex64"]}
_REAL_FOR = {DTYPES["float32"]: DTYPES["float32"], DTYPES["complex64"]: DTYPES["float32"]}
_TO_REAL = frozenset({"irfft", "irfftn", "hfft"})


def _single_precision_kept(native: _F, real_output: bool) -> _F:
    table = _REAL_FOR if real_output else _COMPLEX_FOR

    @functools.wraps(native)
    def transform(x: Array, /, *args: Any, **kwargs: Any) -> Array:
        target = table.get(np.asarray(x).dtype)
        out = native(x, *args, **kwargs)
        return out if target is None else out.astype(target, copy=False)

    transform.__doc__ = (f"NumPy's ``fft.{native.__name__}`` keeping single precision (NumPy < 2 "
                         "computes and returns double precision).")
    return transform


def fft_wrappers() -> dict[str, Any]:
    """Wrappers the installed NumPy needs in ``fft`` (empty on NumPy 2)."""
    if np.fft.fft(np.ones(2, np.complex64)).dtype == np.complex64:
        return {}
    names = ("fft", "ifft", "fftn", "ifftn", "rfft", "irfft", "rfftn", "irfftn", "hfft",
             "ihfft")
    return {name: _single_precision_kept(getattr(np.fft, name), name in _TO_REAL)
            for name in names}

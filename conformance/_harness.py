"""Run one call on a backend and on array_api_strict, and compare the results.

Inputs are described with NumPy arrays (converted to each library before the
call) and :class:`D` dtype placeholders (resolved to each namespace's dtype).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
from hypothesis import reject

from conformance._backends import Backend, to_numpy
from xport._spec.dtypes import DTYPE_NAMES


@dataclass(frozen=True)
class D:
    """A dtype by its standard name, resolved per namespace."""

    name: str

    def __repr__(self) -> str:
        return self.name


def resolve(xp: Any) -> Callable[[str], Any]:
    """``name -> function`` for dotted names such as ``"linalg.det"``."""
    def get(name: str) -> Any:
        obj: Any = xp
        for part in name.split("."):
            obj = getattr(obj, part)
        return obj
    return get


def _convert(backend: Backend, value: Any) -> Any:
    if isinstance(value, np.ndarray):
        return backend.from_numpy(value)
    if isinstance(value, D):
        return getattr(backend.xp, value.name)
    if isinstance(value, tuple):
        return tuple(_convert(backend, v) for v in value)
    if isinstance(value, list):
        return [_convert(backend, v) for v in value]
    return value


def _arrays_in(value: Any) -> list[Any]:
    if isinstance(value, (tuple, list)):
        return [a for v in value for a in _arrays_in(v)]
    # Not a class: NumPy's scalar types (xport.numpy's dtypes) have shape and dtype
    # attributes too.
    if not isinstance(value, type) and hasattr(value, "shape") and hasattr(value, "dtype"):
        return [value]
    return []


def dtype_name(xp: Any, dtype: Any) -> str:
    """The standard name of a namespace's dtype object (one of its dtype
    attributes, whether or not its inspection API lists it as supported)."""
    for name, candidate in xp.__array_namespace_info__().dtypes().items():
        if candidate == dtype:
            return str(name)
    for name in DTYPE_NAMES:
        if getattr(xp, name, None) == dtype:
            return name
    raise AssertionError(f"{dtype!r} is not a dtype of {xp.__name__}")


def field_names(result: Any) -> tuple[str, ...] | None:
    """The field names of a named tuple: a ``collections.namedtuple`` or a
    struct sequence (``torch.return_types.*``), or None for a plain tuple."""
    fields = getattr(result, "_fields", None)
    if fields is None and isinstance(result, tuple):
        fields = getattr(type(result), "__match_args__", None)
    return None if fields is None else tuple(fields)


def call(backend: Backend, name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    """Call ``name`` on ``backend`` with the described inputs, checking that the
    inputs are not mutated."""
    bargs = _convert(backend, args)
    bkwargs = {k: _convert(backend, v) for k, v in kwargs.items()}
    inputs = _arrays_in((bargs, tuple(bkwargs.values())))
    before = [to_numpy(a).copy() for a in inputs]
    out = resolve(backend.xp)(name)(*bargs, **bkwargs)
    for i, (a, b) in enumerate(zip(inputs, before, strict=True)):
        after = to_numpy(a)
        assert after.shape == b.shape and np.array_equal(after, b, equal_nan=True), (
            f"{backend.name}.{name} mutated its input {i}")
    return out


@dataclass(frozen=True)
class Tolerance:
    """Relative/absolute tolerance for backends that are not bit-exact."""

    rtol32: float = 1e-5
    rtol64: float = 1e-10
    atol: float = 0.0


DEFAULT_TOLERANCE = Tolerance()


def _scale(want: np.ndarray) -> float:
    finite = np.abs(want[np.isfinite(want)]) if want.dtype.kind in "fc" else np.abs(want)
    return float(finite.max()) if finite.size else 0.0


def _same_values(got: np.ndarray, want: np.ndarray, exact: bool, tol: Tolerance,
                 where: str, zero_sign: bool = True, scale: float | None = None) -> None:
    """Compare values; inexact comparisons allow an absolute error of the
    relative tolerance times the result's magnitude (``scale``), so rounding
    noise in a component near zero is not a failure."""
    assert got.shape == want.shape, f"{where}: shape {got.shape} != {want.shape}"
    if want.dtype.kind == "c":
        scale = _scale(want)
        _same_values(got.real, want.real, exact, tol, where + ".real", zero_sign, scale)
        _same_values(got.imag, want.imag, exact, tol, where + ".imag", zero_sign, scale)
        return
    if want.dtype.kind != "f":
        assert np.array_equal(got, want), f"{where}: {got!r} != {want!r}"
        return
    nan_g, nan_w = np.isnan(got), np.isnan(want)
    assert np.array_equal(nan_g, nan_w), f"{where}: NaN positions differ: {got!r} vs {want!r}"
    inf_w = np.isinf(want)
    assert np.array_equal(got[inf_w], want[inf_w]) and np.array_equal(
        np.isinf(got), inf_w), f"{where}: infinities differ: {got!r} vs {want!r}"
    finite = ~(nan_w | inf_w)
    if exact:
        assert np.array_equal(got[finite], want[finite]), f"{where}: {got!r} != {want!r}"
    else:
        rtol = tol.rtol32 if want.dtype.itemsize <= 4 else tol.rtol64
        magnitude = _scale(want) if scale is None else scale
        np.testing.assert_allclose(got[finite], want[finite], rtol=rtol,
                                   atol=tol.atol + rtol * magnitude, err_msg=where)
    if zero_sign:
        zeros = finite & (want == 0) & (got == 0)
        assert np.array_equal(np.signbit(got[zeros]), np.signbit(want[zeros])), (
            f"{where}: signed zeros differ: {got!r} vs {want!r}")


def assert_matches(backend: Backend, got: Any, ref_xp: Any, want: Any, *,
                   tol: Tolerance = DEFAULT_TOLERANCE, where: str = "result",
                   exact: bool | None = None, zero_sign: bool = True,
                   defaults: dict[str, str] | None = None) -> None:
    """``got`` (from ``backend``) has the structure, shapes, dtypes and values of
    ``want`` (from array_api_strict). ``defaults`` (see :func:`default_dtype_map`)
    lets a result made from Python scalars alone have the backend's default
    dtype where the reference has its own."""
    if isinstance(want, tuple):
        assert isinstance(got, tuple), f"{where}: expected a tuple, got {type(got).__name__}"
        assert len(got) == len(want), f"{where}: length {len(got)} != {len(want)}"
        fields = field_names(want)
        if fields is not None:
            assert field_names(got) == fields, f"{where}: fields differ"
        for i, (g, w) in enumerate(zip(got, want, strict=True)):
            assert_matches(backend, g, ref_xp, w, tol=tol, where=f"{where}[{i}]",
                           exact=exact, zero_sign=zero_sign, defaults=defaults)
        return
    if isinstance(want, list):
        assert isinstance(got, list), f"{where}: expected a list, got {type(got).__name__}"
        assert len(got) == len(want)
        for i, (g, w) in enumerate(zip(got, want, strict=True)):
            assert_matches(backend, g, ref_xp, w, tol=tol, where=f"{where}[{i}]",
                           exact=exact, zero_sign=zero_sign, defaults=defaults)
        return
    if isinstance(want, (bool, int, float, complex)) or want is None:
        if isinstance(want, float) and math.isnan(want):
            assert isinstance(got, float) and math.isnan(got), f"{where}: {got!r} != nan"
        else:
            assert type(got) is type(want) and got == want, f"{where}: {got!r} != {want!r}"
        return
    want_dtype = dtype_name(ref_xp, want.dtype)
    got_dtype = dtype_name(backend.xp, got.dtype)
    want_values = to_numpy(want)
    if got_dtype != want_dtype and defaults and defaults.get(want_dtype) == got_dtype:
        # Computed at the reference's precision: compare inexactly, and
        # ignore the signs of values that underflow to zero in the cast.
        want_values = want_values.astype(to_numpy(got).dtype)
        exact, zero_sign = False, False
    else:
        assert got_dtype == want_dtype, f"{where}: dtype {got_dtype} != {want_dtype}"
    got_shape = tuple(got.shape)
    if any(isinstance(n, float) and math.isnan(n) for n in got_shape):
        # Dask reports data-dependent sizes as NaN until computed.
        got_shape = to_numpy(got).shape
    assert got_shape == tuple(want.shape), (
        f"{where}: shape {got_shape} != {tuple(want.shape)}")
    _same_values(to_numpy(got), want_values, backend.exact if exact is None else exact,
                 tol, where, zero_sign)


def default_dtype_map(backend: Backend, ref: Backend) -> dict[str, str]:
    """Reference default dtype name -> the backend's, per kind (e.g. float64 ->
    float32 on PyTorch): what a result made from Python scalars alone has."""
    mine = backend.xp.__array_namespace_info__().default_dtypes()
    theirs = ref.xp.__array_namespace_info__().default_dtypes()
    names = {dtype_name(ref.xp, theirs[k]): dtype_name(backend.xp, mine[k])
             for k in ("real floating", "complex floating", "integral")
             if mine[k] is not None}  # None: no such kind (MXNet has no complex)
    # Unsigned sums accumulate in the unsigned integer of the default's width.
    names["u" + dtype_name(ref.xp, theirs["integral"])] = (
        "u" + dtype_name(backend.xp, mine["integral"]))
    return names


def check(backend: Backend, ref: Backend, name: str, *args: Any,
          tol: Tolerance = DEFAULT_TOLERANCE, exact: bool | None = None,
          zero_sign: bool = True, reference_may_raise: tuple[type[Exception], ...] = (),
          **kwargs: Any) -> Any:
    """Call ``name`` on both namespaces and assert the results match. Returns the
    backend's result.

    ``exact=False`` compares with ``tol`` even on bit-exact backends (where the
    reference computes by another formula); ``zero_sign=False`` ignores the sign
    of zeros (where the standard leaves it open). When the reference raises one
    of ``reference_may_raise`` the behaviour is unspecified and the example is
    rejected.
    """
    try:
        want = call(ref, name, args, kwargs)
    except reference_may_raise:
        reject()
    got = call(backend, name, args, kwargs)
    from_scalars = not _arrays_in((args, tuple(kwargs.values()))) and kwargs.get("dtype") is None
    # A backend without the reference's 64-bit defaults (JAX without x64) must
    # give its own defaults wherever the reference gives those.
    narrow = not {"int64", "float64", "complex128"} <= backend.dtype_names
    try:
        assert_matches(backend, got, ref.xp, want, tol=tol, where=name, exact=exact,
                       zero_sign=zero_sign,
                       defaults=default_dtype_map(backend, ref) if from_scalars or narrow
                       else None)
    except AssertionError as exc:
        raise AssertionError(f"{exc}\n  call: {name}(*{args!r}, **{kwargs!r})\n"
                             f"  got:  {got!r}\n  want: {want!r}") from None
    return got

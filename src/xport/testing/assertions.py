"""Assertions on arrays of any backend: ``assert_close``, ``assert_equal``,
``assert_less``.

Each compares, in this order, the library (namespace), dtype, shape and device
of ``actual`` and ``desired``, then their values, and raises ``AssertionError``
saying which differs. The values are compared on the host with NumPy (which
the assertions import when called): lazy arrays (Dask) are computed, GPU arrays
copied, NaNs are equal to NaNs. A failure names the backend, dtype, shape and
device, counts the differing elements and lists the worst of them.
"""

from __future__ import annotations

import importlib
import math
from dataclasses import dataclass
from typing import Any

from .. import backend_of, convert, device, is_array, namespace_of
from .._registry import HOST_LIBRARY
from ._devices import device_label

# A NumPy array (NumPy is imported when an assertion runs, and not needed to type-check).
Host = Any

__all__ = ["assert_close", "assert_equal", "assert_less"]

# How many differing elements a failure lists.
_SHOWN = 5


def assert_close(actual: Any, desired: Any, *, rtol: float | None = None, atol: float = 0,
                 check_namespace: bool = True, check_dtype: bool = True,
                 check_shape: bool = True, check_device: bool = True,
                 err_msg: str = "") -> None:
    """Assert that ``actual`` and ``desired`` are arrays of one library, dtype,
    shape and device whose elements agree to ``|actual - desired| <= atol +
    rtol * |desired|`` (NaN agrees with NaN, an infinity with the same one).

    ``rtol=None`` takes it from the dtype's precision: ``4 * sqrt(eps)`` of the
    dtype (of the less precise one, with ``check_dtype=False``), e.g. 1.4e-3 for
    float32 and 6e-8 for float64; 0 (exact) for integer and boolean dtypes.

    ``check_namespace=False`` compares arrays of two libraries (or an array
    with a Python scalar or list); the devices of two libraries are not
    compared. ``check_dtype=False`` compares values of different dtypes;
    ``check_shape=False`` broadcasts the two against each other. ``err_msg``
    is added to the failure message.
    """
    __tracebackhide__ = True
    pair = _Pair.checked(actual, desired, check_namespace=check_namespace,
                         check_dtype=check_dtype, check_shape=check_shape,
                         check_device=check_device, err_msg=err_msg)
    np = _numpy()
    a, d = pair.actual, pair.desired
    if rtol is None:
        rtol = _default_rtol(pair)
    exact = rtol == 0 and atol == 0
    if a.dtype.kind in "biu" and d.dtype.kind in "biu" and exact:
        agree = a == d
    else:
        a, d = _inexact(a), _inexact(d)
        agree = np.isclose(a, d, rtol=rtol, atol=atol, equal_nan=True)
    pair.fail_where(np.logical_not(agree), f"Not close (rtol={rtol:.3g}, atol={atol:.3g})")


def assert_equal(actual: Any, desired: Any, *, check_namespace: bool = True,
                 check_dtype: bool = True, check_shape: bool = True,
                 check_device: bool = True, err_msg: str = "") -> None:
    """Assert that ``actual`` and ``desired`` are arrays of one library, dtype,
    shape and device with equal elements (NaN equals NaN; ``-0.0`` equals
    ``0.0``). The options are those of :func:`assert_close`."""
    __tracebackhide__ = True
    pair = _Pair.checked(actual, desired, check_namespace=check_namespace,
                         check_dtype=check_dtype, check_shape=check_shape,
                         check_device=check_device, err_msg=err_msg)
    np = _numpy()
    a, d = pair.actual, pair.desired
    agree = (a == d) | (_isnan(a) & _isnan(d))
    pair.fail_where(np.logical_not(agree), "Not equal")


def assert_less(actual: Any, desired: Any, *, check_namespace: bool = True,
                check_dtype: bool = True, check_shape: bool = True,
                check_device: bool = True, err_msg: str = "") -> None:
    """Assert that every element of ``actual`` is less than that of ``desired``
    (where both are NaN counts as in order), after the checks of
    :func:`assert_close`, whose options these are."""
    __tracebackhide__ = True
    pair = _Pair.checked(actual, desired, check_namespace=check_namespace,
                         check_dtype=check_dtype, check_shape=check_shape,
                         check_device=check_device, err_msg=err_msg)
    np = _numpy()
    a, d = pair.actual, pair.desired
    in_order = (a < d) | (_isnan(a) & _isnan(d))
    pair.fail_where(np.logical_not(in_order), "Not less", "are not less than desired")


@dataclass
class _Pair:
    """``actual`` and ``desired`` on the host, with what a message says of them."""

    actual: Host
    desired: Host
    described: str  # "torch, dtype float32, shape (2, 3), device cpu"
    eps: float  # of the less precise floating dtype; 0 if neither is one
    err_msg: str

    @classmethod
    def checked(cls, actual: Any, desired: Any, *, check_namespace: bool, check_dtype: bool,
                check_shape: bool, check_device: bool, err_msg: str) -> _Pair:
        """Both on the host, after the checks of library, dtype, shape and device."""
        __tracebackhide__ = True
        np = _numpy()
        fail = _Failer(err_msg)
        library_a, library_d = _library(actual), _library(desired)
        if check_namespace:
            if library_a is None or library_d is None:
                fail(f"namespace mismatch: actual is {_kind_of(actual, library_a)}, desired "
                     f"{_kind_of(desired, library_d)}; both must be arrays (or pass "
                     "check_namespace=False)")
            if library_a != library_d:
                fail(f"namespace mismatch: actual is {_kind_of(actual, library_a)}, desired "
                     f"{_kind_of(desired, library_d)} (pass check_namespace=False to compare "
                     "arrays of two libraries)")
        same_library = library_a is not None and library_a == library_d
        name_a, name_d = _dtype_name(actual), _dtype_name(desired)
        if check_dtype and library_a is not None and library_d is not None:
            same = actual.dtype == desired.dtype if same_library else name_a == name_d
            if not same:
                fail(f"dtype mismatch: actual {name_a}, desired {name_d} (on {library_a}"
                     f"{'' if library_a == library_d else f' and {library_d}'})")
        a, d = _host(actual), _host(desired)
        if check_shape and a.shape != d.shape:
            fail(f"shape mismatch: actual {a.shape}, desired {d.shape} (dtype {name_a})")
        if not check_shape:
            try:
                a, d = np.broadcast_arrays(a, d)
            except ValueError:
                fail(f"shapes do not broadcast: actual {a.shape}, desired {d.shape}")
        where_a = _device_of(actual)
        if check_device and same_library:
            where_d = _device_of(desired)
            if where_a != where_d:
                fail(f"device mismatch: actual {where_a}, desired {where_d} (on {library_a})")
        described = f"{library_a or type(actual).__name__}, dtype {name_a}, shape {a.shape}" \
            + (f", device {where_a}" if where_a else "")
        return cls(a, d, described, _eps(actual, desired), err_msg)

    def fail_where(self, wrong: Host, verdict: str, what: str = "differ") -> None:
        """Raise ``AssertionError`` if any element of ``wrong`` is true, listing
        the worst of them (by absolute difference)."""
        __tracebackhide__ = True
        np = _numpy()
        count = int(np.count_nonzero(wrong))
        if count == 0:
            return
        total = wrong.size
        a, d = self.actual, self.desired
        lines = [f"{verdict}: {count} of {total} elements {what} ({100 * count / total:.3g} %)",
                 f"  on {self.described}"]
        difference = _difference(a, d)
        if difference is not None:
            masked = np.where(wrong, difference, -1.0)
            order = np.argsort(-masked, axis=None, kind="stable")[:min(count, _SHOWN)]
            worst = np.unravel_index(order[0], a.shape)
            lines.append(f"  largest absolute difference {masked.flat[order[0]]:.6g} at "
                         f"{_index(worst)}" + _relative(a, d, wrong))
        else:
            order = np.flatnonzero(wrong)[:_SHOWN]
        lines.append("  worst elements (index: actual, desired):" if difference is not None
                     else "  first differing elements (index: actual, desired):")
        for flat in order:
            index = np.unravel_index(flat, a.shape)
            lines.append(f"    {_index(index)}: {a[index].item()!r}, {d[index].item()!r}")
        if self.err_msg:
            lines.append(self.err_msg)
        raise AssertionError("\n".join(lines))


class _Failer:
    def __init__(self, err_msg: str) -> None:
        self.err_msg = err_msg

    def __call__(self, message: str) -> None:
        __tracebackhide__ = True
        raise AssertionError(message + (f"\n{self.err_msg}" if self.err_msg else ""))


def _numpy() -> Any:
    """The host library the assertions compare values with (NumPy)."""
    try:
        return importlib.import_module(HOST_LIBRARY)
    except ImportError as exc:  # pragma: no cover - every tested backend brings NumPy
        raise ImportError("xport.testing's assertions compare values with NumPy: "
                          "pip install numpy") from exc


def _library(x: Any) -> str | None:
    """The library of array ``x`` (``"torch"``), or None for non-arrays."""
    if not is_array(x):
        return None
    try:
        return backend_of(x)
    except TypeError:  # another library's __array_namespace__
        return str(getattr(namespace_of(x), "__name__", type(x).__module__))


def _kind_of(x: Any, library: str | None) -> str:
    if library is not None:
        return f"{'an' if library[0] in 'aeiou' else 'a'} {library} array"
    return f"a Python {type(x).__name__}" if type(x).__module__ == "builtins" \
        else f"a {type(x).__module__}.{type(x).__qualname__}, not an array"


# The standard's dtypes, to name a dtype the same way on every backend.
_DTYPE_NAMES = ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
                "uint64", "float32", "float64", "complex64", "complex128")


def _dtype_name(x: Any) -> str:
    """The standard's name of ``x``'s dtype (``float32``), else the library's."""
    if not is_array(x):
        return type(x).__name__
    dtype = x.dtype
    xp = namespace_of(x)
    for name in _DTYPE_NAMES:
        candidate = getattr(xp, name, None)
        if candidate is not None and dtype == candidate:
            return name
    return str(getattr(dtype, "name", dtype)).rpartition(".")[2]


def _device_of(x: Any) -> str:
    return device_label(device(x)) if is_array(x) else ""


def _host(x: Any) -> Host:
    """``x`` as a NumPy array (lazy arrays computed), in a dtype NumPy
    computes with (bfloat16 and the like become float64)."""
    np = _numpy()
    if not is_array(x):
        return np.asarray(x)
    try:
        host = np.asarray(convert(x, HOST_LIBRARY))
    except (TypeError, RuntimeError):  # a dtype NumPy lacks (torch.bfloat16)
        xp = namespace_of(x)
        host = np.asarray(convert(xp.astype(x, xp.float32), HOST_LIBRARY))
    if host.dtype.kind not in "biufc":
        host = host.astype(np.float64)
    return host


def _inexact(a: Host) -> Host:
    return a if a.dtype.kind in "fc" else a.astype(_numpy().float64)


def _isnan(a: Host) -> Host:
    np = _numpy()
    return np.isnan(a) if a.dtype.kind in "fc" else np.zeros(a.shape, dtype=bool)


def _eps(*arrays: Any) -> float:
    """eps of the least precise floating dtype among ``arrays``; 0 if none."""
    found = 0.0
    for x in arrays:
        if not is_array(x):
            continue
        xp = namespace_of(x)
        if xp.isdtype(x.dtype, ("real floating", "complex floating")):
            found = max(found, float(xp.finfo(x.dtype).eps))
    return found


def _default_rtol(pair: _Pair) -> float:
    if pair.eps == 0 and (pair.actual.dtype.kind in "fc" or pair.desired.dtype.kind in "fc"):
        # A floating Python scalar or list compared with check_namespace=False.
        return 4 * math.sqrt(float(_numpy().finfo(_numpy().float64).eps))
    return 4 * math.sqrt(pair.eps)


def _difference(a: Host, d: Host) -> Host | None:
    """|a - d| in float64, infinite where one is NaN; None for booleans."""
    np = _numpy()
    if a.dtype.kind == "b" or d.dtype.kind == "b":
        return None
    wide = np.complex128 if "c" in (a.dtype.kind, d.dtype.kind) else np.float64
    with np.errstate(all="ignore"):
        difference = np.abs(a.astype(wide) - d.astype(wide))
    return np.where(np.isnan(difference), np.inf, difference)


def _relative(a: Host, d: Host,
              wrong: Host) -> str:
    np = _numpy()
    difference = _difference(a, d)
    if difference is None:
        return ""
    with np.errstate(all="ignore"):
        relative = difference / np.abs(_inexact(d))
    relative = np.where(wrong & np.isfinite(relative), relative, -1.0)
    flat = int(np.argmax(relative))
    if relative.flat[flat] < 0:
        return ""
    return (f"; largest relative difference {relative.flat[flat]:.6g} at "
            f"{_index(np.unravel_index(flat, a.shape))}")


def _index(index: tuple[Any, ...]) -> str:
    return "(" + ", ".join(str(int(i)) for i in index) + ("," if len(index) == 1 else "") + ")"

"""Wrappers for the NumPy functions that deviate from the standard.

Each deviation is detected from the installed NumPy (a missing keyword, a
missing function, a list where a tuple is due), never from its version
string, so the same file serves NumPy 1.26 and every 2.x. Where NumPy
conforms, nothing here is used and the namespace binds NumPy's own function.
"""

from __future__ import annotations

import importlib
import inspect
from typing import Any

import numpy as np

from .._common.dtype_info import make_can_cast
from .._common.dtype_limits import make_finfo, make_iinfo
from .._common.numpylike import main as _shared_main
from .._common.signatures import accepts as _accepts
from . import _legacy
from ._info import check_device as _check_device
from ._info import dtype_name

Array = Any
Device = Any
DType = Any

# The wrappers NumPy shares with CuPy (diff, take_along_axis, meshgrid,
# broadcast_arrays, reshape), bound to NumPy.
_SHARED = _shared_main.wrappers(np)

# --- data type functions -------------------------------------------------------

finfo = make_finfo(np.finfo, np.dtype)
iinfo = make_iinfo(np.iinfo, np.dtype)
can_cast = make_can_cast(dtype_name, np.can_cast)


# --- elementwise -----------------------------------------------------------------

# NumPy's clip ufunc: numpy.clip reaches it through three layers of Python
# (its dispatcher, fromnumeric.clip, and ndarray.clip's _methods._clip, which
# only treats None bounds and integer x specially).
def _find_clip_ufunc() -> Any:
    for module in ("numpy._core.umath", "numpy.core.umath"):  # NumPy 2, NumPy 1
        try:
            found = importlib.import_module(module).clip
        except (ImportError, AttributeError):
            continue
        if isinstance(found, np.ufunc):
            return found
    return np.clip  # the same answer, the long way


_clip_ufunc = _find_clip_ufunc()


def clip(x: Array, /, min: Array | float | None = None,  # noqa: A002
         max: Array | float | None = None, **kwargs: Any) -> Array:  # noqa: A002
    """Clamp ``x`` to ``[min, max]``.

    Deviation fixed: NumPy names the bounds ``a_min``/``a_max``. Keywords
    beyond the standard's (``out=``, the ufunc keywords) go to ``numpy.clip``,
    as array-api-compat forwards them. A floating-point ``x`` with both
    bounds given is the ``clip`` ufunc itself, as ``numpy.clip`` ends in.
    """
    if min is not None and max is not None and not kwargs and type(x) is _ndarray \
            and x.dtype.kind == "f":
        return _clip_ufunc(x, min, max)
    return np.clip(x, min, max, **kwargs)


# --- statistics / utility --------------------------------------------------------

# Bound once: NumPy's module has a __getattr__, so CPython reads np.<name>
# slower than a global, which weighs on a call this small.
_count_nonzero, _asarray, _intp, _ndarray = np.count_nonzero, np.asarray, np.intp, np.ndarray
# Whether a Python int becomes an intp array by default (not on NumPy 1 for Windows),
# which asarray does faster than when told the dtype.
_INT_IS_INTP = np.asarray(0).dtype == np.intp


def count_nonzero(x: Array, /, *, axis: int | tuple[int, ...] | None = None,
                  keepdims: bool = False) -> Array:
    """Count the non-zero elements of ``x`` along ``axis``.

    Deviation fixed: NumPy returns a Python ``int`` for ``axis=None``; this
    returns a 0-d array of the default index dtype.
    """
    if axis is None and not keepdims:
        count = _count_nonzero(x)
        return _asarray(count) if _INT_IS_INTP else _asarray(count, dtype=_intp)
    return _count_nonzero(x, axis=axis, keepdims=keepdims)


# --- sorting -----------------------------------------------------------------------

def _sort_kind(stable: bool, kwargs: dict[str, Any]) -> Any:
    return kwargs.pop("kind", "stable" if stable else "quicksort")


def _restore_tie_order(out: Array, x: Array, axis: int) -> None:
    """Put the elements of ``out`` (``x`` sorted along ``axis`` by any
    algorithm) that compare equal but differ in their bits back in their order
    in ``x``, which makes ``out`` the stable sort's result bit for bit.

    Among real floats only the zeros (``-0.0 == +0.0``) and the NaNs (sorted
    last, whatever their sign and payload) are such elements: each forms one
    run per row of ``out``, and boolean indexing reads and writes rows in
    order, so one masked copy per kind restores them.
    """
    if axis not in (-1, x.ndim - 1):
        out, x = np.moveaxis(out, axis, -1), np.moveaxis(x, axis, -1)
    zeros = x == 0
    if zeros.any():
        out[out == 0] = x[zeros]
    nans = np.isnan(x)
    if nans.any():
        out[np.isnan(out)] = x[nans]


# Below this many elements a stable sort of floats costs less than the
# fix-up's few passes (measured: 2048 float32, both about 25 us).
_FLOAT_FIXUP_FROM = 2048


def sort(x: Array, /, *, axis: int = -1, descending: bool = False,
         stable: bool = True, **kwargs: Any) -> Array:
    """Sort ``x`` along ``axis``.

    Deviations fixed: NumPy has no ``descending`` and is unstable by default.
    NumPy's own keywords (``kind=``, ``order=``) are passed on, as
    array-api-compat does.

    A stable sort of booleans and integers gives the same values as any sort,
    so those take NumPy's fastest (its default, unstable) algorithm; so do
    real floats, whose only equal elements that differ (``-0.0``/``+0.0``,
    NaNs) are then put back in their stable order (a stable sort of floats is
    3-7x slower than NumPy's default; below 2048 elements the stable sort is
    the cheaper one and is used). Complex input is sorted stably.
    """
    kind = x.dtype.kind if stable and "kind" not in kwargs else None
    if kind is None or kind not in "biuf" or (kind == "f" and x.size < _FLOAT_FIXUP_FROM):
        if descending and kind is not None:
            # Stable and descending: equal elements keep their order, so the
            # reversed input is sorted and the result reversed.
            flipped = np.sort(np.flip(x, axis=axis), axis=axis, kind="stable", **kwargs)
            return np.flip(flipped, axis=axis)
        out = np.sort(x, axis=axis, kind=_sort_kind(stable, kwargs), **kwargs)
        return np.flip(out, axis=axis) if descending else out
    out = np.sort(x, axis=axis, **kwargs)
    if descending:
        out = np.flip(out, axis=axis)
    if kind == "f":
        _restore_tie_order(out, x, axis)
    return out


def argsort(x: Array, /, *, axis: int = -1, descending: bool = False,
            stable: bool = True, **kwargs: Any) -> Array:
    """Indices that sort ``x`` along ``axis``.

    Deviations fixed: NumPy has no ``descending`` and is unstable by default. A
    descending sort keeps equal elements in their original order. NumPy's own
    keywords (``kind=``, ``order=``) are passed on.
    """
    kind = _sort_kind(stable, kwargs)
    if not descending:
        return np.argsort(x, axis=axis, kind=kind, **kwargs)
    x = np.asarray(x)
    flipped = np.flip(np.argsort(np.flip(x, axis=axis), axis=axis, kind=kind, **kwargs),
                      axis=axis)
    last = x.shape[axis] - 1 if x.ndim else 0
    return last - flipped


# --- sets ----------------------------------------------------------------------------

def unique_values(x: Array, /) -> Array:
    """The distinct values of ``x``, ascending, NaNs last (each NaN distinct).

    Deviation fixed (NumPy >= 2.3): ``numpy.unique_values`` finds the values by
    hashing and returns them unordered; the standard leaves the order open, but
    ``numpy.unique``, the other ``unique_*`` functions and array-api-compat give
    them sorted, and code built on them (``setdiff1d``, label encoders) relies
    on it. Only the distinct values are sorted, after hashing.
    """
    return np.sort(np.unique_values(x))


# --- creation / manipulation that changed across 2.x --------------------------------

def astype(x: Array, dtype: DType, /, *, copy: bool = True,
           device: Device | None = None) -> Array:
    """Cast ``x`` to ``dtype``.

    Deviation fixed (NumPy < 2.1): no ``device`` keyword. On every NumPy this
    is the array's own ``astype`` method, which costs a third of
    ``numpy.astype``'s call on small arrays.
    """
    if device is not None:
        _check_device(device)
    if not copy:
        return x.astype(dtype, copy=False)
    return x.astype(dtype)


# Names whose native NumPy function deviates on *every* supported NumPy.
ALWAYS: dict[str, Any] = {
    "can_cast": can_cast,
    "finfo": finfo,
    "iinfo": iinfo,
    "clip": clip,
    "count_nonzero": count_nonzero,
    "diff": _SHARED["diff"],
    "sort": sort,
    "argsort": argsort,
}


def _detected() -> dict[str, Any]:
    """Wrappers needed only by the installed NumPy."""
    found: dict[str, Any] = {}
    if inspect.signature(np.take_along_axis).parameters["axis"].default != -1:
        found["take_along_axis"] = _SHARED["take_along_axis"]
    probe = np.zeros(1)
    if not isinstance(np.meshgrid(probe), tuple):
        found["meshgrid"] = _SHARED["meshgrid"]
    if not isinstance(np.broadcast_arrays(probe), tuple):
        found["broadcast_arrays"] = _SHARED["broadcast_arrays"]
    found["astype"] = astype  # numpy.astype, where it exists, is slower than the method
    if not _accepts(np.reshape, "copy"):
        found["reshape"] = _SHARED["reshape"]
    if _accepts(np.unique, "sorted"):  # NumPy 2.3 made unique_values hash-based
        found["unique_values"] = unique_values
    return found


# NumPy 1.26 spells these differently; the alias is NumPy's own function.
ALIASES: dict[str, str] = _shared_main.aliases(np)
MAIN: dict[str, Any] = {**ALWAYS, **_detected(), **_legacy.main_wrappers()}

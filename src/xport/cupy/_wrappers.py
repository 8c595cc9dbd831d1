"""Wrappers for the CuPy functions that deviate from the standard.

CuPy follows NumPy, so most of its deviations are NumPy's (or NumPy 1.26's):
those wrappers are the ones ``xport.numpy`` uses too, made for CuPy by the
factories of ``_common/numpylike`` (closures over the ``cupy`` module). What
differs is written here: devices (CuPy's creation functions take none; arrays
are made on the current device), sorting (CuPy's sorts are stable and take no
``kind``) and the few functions CuPy gives other keywords. Nothing is probed by
calling CuPy, which needs a GPU: the choices are read from signatures and from
CuPy's documented behaviour (CuPy 13-14).
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any

import cupy as cp

from .._common.dtype_info import make_can_cast
from .._common.dtype_limits import make_finfo, make_iinfo
from .._common.numpylike import legacy as _shared_legacy
from .._common.numpylike import main as _shared_main
from .._common.signatures import accepts as _accepts
from .._common.signatures import with_device
from . import _info

Array = Any
_F = Callable[..., Any]
# NumPy 1.26's deviations CuPy keeps (clip, nonzero, matrix_transpose, unstack,
# vecdot), for CuPy: the main namespace and linalg share them.
LEGACY: dict[str, _F] = _shared_legacy.wrappers(cp)


def on_device(native: _F, *, like: bool = False) -> _F:
    """``native`` plus the standard's ``device`` keyword: the array is made with
    ``device`` current (for ``*_like`` functions, by default ``x``'s device)."""

    @functools.wraps(native)
    def wrapper(*args: Any, device: Any = None, **kwargs: Any) -> Any:
        if device is None and like and args:
            device = getattr(args[0], "device", None)
            if not isinstance(device, cp.cuda.Device):
                device = None
        with _info.on(device):
            return native(*args, **kwargs)

    del wrapper.__wrapped__  # the signature below, not the native one
    signature = with_device(native)
    if signature is not None:  # NumPy's return annotation is not CuPy's
        wrapper.__signature__ = signature.replace(  # type: ignore[attr-defined]
            return_annotation=inspect.Signature.empty)
    wrapper.__doc__ = (f"``{native.__name__}`` with the standard's ``device`` keyword "
                       "(a cupy.cuda.Device; CuPy makes arrays on the current device).")
    return wrapper


_CREATION = ("arange", "empty", "eye", "full", "linspace", "ones", "zeros")
_CREATION_LIKE = ("empty_like", "full_like", "ones_like", "zeros_like")


def asarray(obj: Any, /, *, dtype: Any = None, device: Any = None,
            copy: bool | None = None) -> Array:
    """Convert ``obj`` to a CuPy array on ``device`` (None: ``obj``'s own, or
    the current one).

    Deviation fixed: ``cupy.asarray`` has no ``device``; an array of another
    device is copied there (``copy=False`` then raises ``ValueError``).
    """
    if device is not None and isinstance(obj, cp.ndarray) and obj.device != device:
        if copy is False:
            raise ValueError(f"asarray(copy=False) cannot move an array from {obj.device} "
                             f"to {device}")
        copy = True
    with _info.on(device):
        if copy is True:
            return cp.array(obj, dtype=dtype, copy=True)
        return cp.asarray(obj, dtype=dtype, copy=copy)


def astype(x: Array, dtype: Any, /, *, copy: bool = True, device: Any = None) -> Array:
    """Cast ``x`` to ``dtype`` (on ``device`` if given).

    Deviation fixed: no ``device`` keyword in CuPy.
    """
    out = x.astype(dtype, copy=copy)
    if device is None or out.device == device:
        return out
    with _info.on(device):
        return cp.array(out, copy=True)


def count_nonzero(x: Array, /, *, axis: int | tuple[int, ...] | None = None,
                  keepdims: bool = False) -> Array:
    """Count the non-zero elements of ``x`` along ``axis``.

    Deviation fixed: ``cupy.count_nonzero`` has no ``keepdims``.
    """
    out = cp.count_nonzero(x, axis=axis)
    if not keepdims:
        return out
    axes = range(x.ndim) if axis is None else (axis,) if isinstance(axis, int) else axis
    return cp.expand_dims(out, tuple(a % x.ndim for a in axes))


def sort(x: Array, /, *, axis: int = -1, descending: bool = False,
         stable: bool = True) -> Array:
    """Sort ``x`` along ``axis`` (always stably: CuPy's sorts are stable).

    Deviation fixed: CuPy has no ``descending``; a descending sort keeps equal
    elements in their order, as the standard's stable sort does.
    """
    if not descending:
        return cp.sort(x, axis=axis)
    return cp.flip(cp.sort(cp.flip(x, axis=axis), axis=axis), axis=axis)


def argsort(x: Array, /, *, axis: int = -1, descending: bool = False,
            stable: bool = True) -> Array:
    """Indices that sort ``x`` along ``axis`` (stably: CuPy's sorts are).

    Deviation fixed: CuPy has no ``descending``; equal elements keep their
    order.
    """
    if not descending:
        return cp.argsort(x, axis=axis)
    flipped = cp.flip(cp.argsort(cp.flip(x, axis=axis), axis=axis), axis=axis)
    return (x.shape[axis] - 1 if x.ndim else 0) - flipped


def sign(x: Array, /) -> Array:
    """Sign of ``x``; ``x / |x|`` for complex input (0 at 0, NaN at NaN).

    Deviation fixed: CuPy's complex sign is the sign of the real part, as
    NumPy < 2 had it.
    """
    if x.dtype.kind != "c":
        return cp.sign(x)
    magnitude = cp.abs(x)
    out = x / cp.where(magnitude == 0, 1, magnitude)
    return cp.where(cp.isnan(x), complex(cp.nan, cp.nan), out).astype(x.dtype)


def _main() -> dict[str, Any]:
    shared = _shared_main.wrappers(cp)
    found: dict[str, Any] = {
        # CuPy's dtypes are NumPy's, and so are its finfo and iinfo.
        "finfo": make_finfo(cp.finfo, cp.dtype), "iinfo": make_iinfo(cp.iinfo, cp.dtype),
        "can_cast": make_can_cast(_info.dtype_name, cp.can_cast),
        "asarray": asarray, "astype": astype, "count_nonzero": count_nonzero, "sort": sort,
        "argsort": argsort, "sign": sign,
        # Deviations CuPy shares with NumPy (some with NumPy 1.26 only).
        "clip": LEGACY["clip"], "nonzero": LEGACY["nonzero"],
        **{name: shared[name] for name in ("diff", "take_along_axis", "meshgrid",
                                           "broadcast_arrays", "reshape")},
    }
    # Functions older CuPy lacks (NumPy 1.26's wrappers, where the installed one does).
    found.update({name: LEGACY[name] for name in ("unstack", "vecdot") if not hasattr(cp, name)})
    found.update({name: on_device(getattr(cp, name)) for name in _CREATION
                  if not _accepts(getattr(cp, name), "device")})
    found.update({name: on_device(getattr(cp, name), like=True) for name in _CREATION_LIKE
                  if not _accepts(getattr(cp, name), "device")})
    if not _accepts(cp.std, "correction"):
        found["std"], found["var"] = _shared_legacy.std_var(cp.std), _shared_legacy.std_var(cp.var)
    # CuPy's rounding functions return floats for integer input (as NumPy < 2).
    for name in ("ceil", "floor", "trunc"):
        found[name] = _shared_legacy.integer_identity(cp, getattr(cp, name))
    return found


MAIN: dict[str, Any] = _main()
ALIASES: dict[str, str] = _shared_main.aliases(cp)

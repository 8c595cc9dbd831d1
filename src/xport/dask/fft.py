"""The standard's ``fft`` extension for Dask arrays.

``dask.array.fft`` transforms an axis only when it is one chunk; these
wrappers merge the chunks along the transformed axes first (the other axes
keep theirs) and otherwise call ``dask.array.fft``'s own functions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Literal

import dask.array as _dask_array

from .._common.axis_args import normalize_axes
from .._common.namespace import populate as _populate
from .._common.namespace import reach_native as _reach_native
from .._spec import names as _names
from ._info import check_device as _check_device

Array = Any
_da: Any = _dask_array  # untyped library: calls through Any
Norm = Literal["backward", "ortho", "forward"]


def _along(x: Array, axes: Sequence[int]) -> Array:
    wanted = {a: -1 for a in normalize_axes(axes, x.ndim) if x.numblocks[a] > 1}
    return x.rechunk(wanted) if wanted else x


def _one_axis(name: str) -> Callable[..., Array]:
    native = getattr(_da.fft, name)

    def transform(x: Array, /, *, n: int | None = None, axis: int = -1,
                  norm: Norm = "backward") -> Array:
        return native(_along(x, (axis,)), n=n, axis=axis, norm=norm)

    transform.__name__ = transform.__qualname__ = name
    transform.__doc__ = (f"The standard's ``fft.{name}`` along ``axis``: ``dask.array.fft."
                         f"{name}`` after merging the chunks along ``axis``.")
    return transform


def _many_axes(name: str) -> Callable[..., Array]:
    native = getattr(_da.fft, name)

    def transform(x: Array, /, *, s: Sequence[int] | None = None,
                  axes: Sequence[int] | None = None, norm: Norm = "backward") -> Array:
        if axes is None:
            axes = tuple(range(x.ndim)) if s is None else tuple(range(-len(s), 0))
        return native(_along(x, axes), s=s, axes=axes, norm=norm)

    transform.__name__ = transform.__qualname__ = name
    transform.__doc__ = (f"The standard's ``fft.{name}`` over ``axes``: ``dask.array.fft."
                         f"{name}`` after merging the chunks along ``axes``.")
    return transform


def fftfreq(n: int, /, *, d: float = 1.0, dtype: Any = None, device: Any = None) -> Array:
    """Sample frequencies of a length-``n`` discrete Fourier transform.

    Deviation fixed: ``dask.array.fft.fftfreq`` has no ``dtype``/``device``.
    """
    _check_device(device)
    out = _da.fft.fftfreq(n, d)
    return out if dtype is None else out.astype(dtype)


def rfftfreq(n: int, /, *, d: float = 1.0, dtype: Any = None, device: Any = None) -> Array:
    """Sample frequencies of a length-``n`` real discrete Fourier transform
    (see :func:`fftfreq`)."""
    _check_device(device)
    out = _da.fft.rfftfreq(n, d)
    return out if dtype is None else out.astype(dtype)


_WRAPPERS: dict[str, Any] = {
    **{name: _one_axis(name) for name in ("fft", "ifft", "rfft", "irfft", "hfft", "ihfft")},
    **{name: _many_axes(name) for name in ("fftn", "ifftn", "rfftn", "irfftn")},
    "fftfreq": fftfreq,
    "rfftfreq": rfftfreq,
}

_PROVENANCE = _populate(
    globals(),
    _da.fft,
    _names.FFT_NAMES[_names.LATEST_VERSION],
    wrappers=_WRAPPERS,
)

__all__ = sorted(_names.FFT_NAMES[_names.LATEST_VERSION])


def __dir__() -> list[str]:
    return __all__


# Names beyond the standard resolve to the library's own (dask.array.fft).
_reach_native(globals(), _dask_array.fft)

"""The standard's ``fft`` extension for PyTorch tensors.

The one-dimensional transforms and ``fftfreq``/``rfftfreq`` are PyTorch's own
(PyTorch accepts ``axis=`` for ``dim=``); the n-dimensional ones and the shifts
call the standard's ``axes`` ``dim``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Literal

import torch as _torch

from .._common.namespace import populate as _populate
from .._common.namespace import reach_native as _reach_native
from .._spec import names as _names

Array = Any
Norm = Literal["backward", "ortho", "forward"]


def _nd(native: Callable[..., Array], name: str, what: str) -> Callable[..., Array]:
    def transform(x: Array, /, *, s: Sequence[int] | None = None,
                  axes: Sequence[int] | None = None, norm: Norm = "backward",
                  **kwargs: Any) -> Array:
        return native(x, s=s, dim=axes, norm=norm, **kwargs)

    transform.__name__ = transform.__qualname__ = name
    transform.__doc__ = (f"The {what} over ``axes`` (the last ``len(s)`` axes, or all, "
                         f"for ``None``).\n\n    Deviation fixed: ``torch.fft.{name}`` calls "
                         "``axes`` ``dim``.\n\n    PyTorch's own keywords (``out=``) are passed "
                         f"on to ``torch.fft.{name}``, as\n    array-api-compat does.\n    ")
    return transform


fftn = _nd(_torch.fft.fftn, "fftn", "n-dimensional discrete Fourier transform")
ifftn = _nd(_torch.fft.ifftn, "ifftn", "n-dimensional inverse discrete Fourier transform")
rfftn = _nd(_torch.fft.rfftn, "rfftn", "n-dimensional discrete Fourier transform of real input")
irfftn = _nd(_torch.fft.irfftn, "irfftn",
             "inverse of rfftn (an n-dimensional transform with real output)")


def fftshift(x: Array, /, *, axes: int | Sequence[int] | None = None,
             **kwargs: Any) -> Array:
    """``x`` with the zero-frequency term moved to the centre of ``axes`` (all
    axes for ``None``).

    Deviations fixed: ``torch.fft.fftshift`` calls ``axes`` ``dim`` and fails
    for ``axes=()`` (the standard: no shift).

    Other keywords are passed on to ``torch.fft.fftshift``, as array-api-compat
    does (to ``torch.clone`` for ``axes=()``).
    """
    if axes == ():
        return _torch.clone(x, **kwargs)
    return _torch.fft.fftshift(x, dim=axes, **kwargs)


def ifftshift(x: Array, /, *, axes: int | Sequence[int] | None = None,
              **kwargs: Any) -> Array:
    """The inverse of :func:`fftshift`.

    Deviations fixed: as for :func:`fftshift`.

    Other keywords are passed on to ``torch.fft.ifftshift``, as array-api-compat
    does (to ``torch.clone`` for ``axes=()``).
    """
    if axes == ():
        return _torch.clone(x, **kwargs)
    return _torch.fft.ifftshift(x, dim=axes, **kwargs)


_PROVENANCE = _populate(
    globals(),
    _torch.fft,
    _names.FFT_NAMES[_names.LATEST_VERSION],
    wrappers={"fftn": fftn, "ifftn": ifftn, "rfftn": rfftn, "irfftn": irfftn,
              "fftshift": fftshift, "ifftshift": ifftshift},
)

__all__ = sorted(_names.FFT_NAMES[_names.LATEST_VERSION])


def __dir__() -> list[str]:
    return __all__


# Names beyond the standard resolve to the library's own (torch.fft).
_reach_native(globals(), _torch.fft)

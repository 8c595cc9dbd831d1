"""The standard's ``fft`` extension for NumPy arrays."""

from __future__ import annotations

from typing import Any

import numpy as _np

from .._common.namespace import native_fallback as _native_fallback
from .._common.namespace import populate as _populate
from .._spec import names as _names
from . import _legacy

Array = Any


def _check_device(device: Any) -> None:
    if device is not None and device != "cpu":
        raise ValueError(f"NumPy arrays live on the 'cpu' device only; got device={device!r}")


def fftfreq(n: int, /, *, d: float = 1.0, dtype: Any = None, device: Any = None) -> Array:
    """Sample frequencies of a length-``n`` discrete Fourier transform.

    Deviation fixed: NumPy has no ``dtype`` keyword (added in 2024.12).
    """
    _check_device(device)
    out = _np.fft.fftfreq(n, d)
    return out if dtype is None else out.astype(dtype, copy=False)


def rfftfreq(n: int, /, *, d: float = 1.0, dtype: Any = None, device: Any = None) -> Array:
    """Sample frequencies of a length-``n`` real discrete Fourier transform.

    Deviation fixed: NumPy has no ``dtype`` keyword (added in 2024.12).
    """
    _check_device(device)
    out = _np.fft.rfftfreq(n, d)
    return out if dtype is None else out.astype(dtype, copy=False)


_PROVENANCE = _populate(
    globals(),
    _np.fft,
    _names.FFT_NAMES[_names.LATEST_VERSION],
    wrappers={**_legacy.fft_wrappers(), "fftfreq": fftfreq, "rfftfreq": rfftfreq},
)

__all__ = sorted(_names.FFT_NAMES[_names.LATEST_VERSION])


def __dir__() -> list[str]:
    return __all__


# Names beyond the standard resolve to the library's own (numpy.fft).
__getattr__ = _native_fallback(globals(), _np.fft)

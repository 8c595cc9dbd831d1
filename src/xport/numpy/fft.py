"""The standard's ``fft`` extension for NumPy arrays."""

from __future__ import annotations

import numpy as _np

from .._common.namespace import populate as _populate
from .._common.namespace import reach_native as _reach_native
from .._common.numpylike.fft import frequencies as _frequencies
from .._spec import names as _names
from . import _legacy
from ._info import check_device as _check_device

_PROVENANCE = _populate(
    globals(),
    _np.fft,
    _names.FFT_NAMES[_names.LATEST_VERSION],
    # fftfreq and rfftfreq: NumPy has no dtype keyword (added in 2024.12).
    wrappers={**_legacy.fft_wrappers(), **_frequencies(_np, _check_device)},
)

__all__ = sorted(_names.FFT_NAMES[_names.LATEST_VERSION])


def __dir__() -> list[str]:
    return __all__


# Names beyond the standard resolve to the library's own (numpy.fft).
_reach_native(globals(), _np.fft)

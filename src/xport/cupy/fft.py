"""The standard's ``fft`` extension for CuPy arrays: CuPy's transforms (which
keep single precision), and ``fftfreq``/``rfftfreq`` with the standard's
``dtype`` and ``device`` (``xport.numpy``'s wrappers rebound to CuPy, run
with ``device`` current)."""

from __future__ import annotations

import cupy as _cp

from .._common.namespace import native_fallback as _native_fallback
from .._common.namespace import populate as _populate
from .._common.rebind import rebound
from .._spec import names as _names
from ..numpy import fft as _numpy_fft
from ._wrappers import NAMES, on_device

_PROVENANCE = _populate(
    globals(), _cp.fft, _names.FFT_NAMES[_names.LATEST_VERSION],
    wrappers={name: on_device(rebound(getattr(_numpy_fft, name), NAMES, __name__))
              for name in ("fftfreq", "rfftfreq")},
)

__all__ = sorted(_names.FFT_NAMES[_names.LATEST_VERSION])


def __dir__() -> list[str]:
    return __all__


# Names beyond the standard resolve to the library's own (cupy.fft).
__getattr__ = _native_fallback(globals(), _cp.fft)

"""The standard's ``fft`` extension for CuPy arrays: CuPy's transforms (which
keep single precision), and ``fftfreq``/``rfftfreq`` with the standard's
``dtype`` and ``device`` (the wrappers ``xport.numpy`` uses too, made for CuPy
by ``_common/numpylike``, run with ``device`` current)."""

from __future__ import annotations

import cupy as _cp

from .._common.namespace import populate as _populate
from .._common.namespace import reach_native as _reach_native
from .._common.numpylike.fft import frequencies as _frequencies
from .._spec import names as _names
from ._info import check_device as _check_device
from ._wrappers import on_device

_PROVENANCE = _populate(
    globals(), _cp.fft, _names.FFT_NAMES[_names.LATEST_VERSION],
    wrappers={name: on_device(wrapper)
              for name, wrapper in _frequencies(_cp, _check_device).items()},
)

__all__ = sorted(_names.FFT_NAMES[_names.LATEST_VERSION])


def __dir__() -> list[str]:
    return __all__


# Names beyond the standard resolve to the library's own (cupy.fft).
_reach_native(globals(), _cp.fft)

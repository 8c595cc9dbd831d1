"""``fft`` wrappers NumPy and CuPy share: the sample frequencies with the
standard's ``dtype`` and ``device`` keywords."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

from . import by_name

Array = Any


def frequencies(xp: ModuleType,
                check_device: Callable[[Any], None]) -> dict[str, Callable[..., Any]]:
    """``fftfreq`` and ``rfftfreq`` over ``xp.fft``'s; ``check_device`` raises
    for a ``device`` the library's arrays cannot be on."""

    def fftfreq(n: int, /, *, d: float = 1.0, dtype: Any = None, device: Any = None) -> Array:
        """Sample frequencies of a length-``n`` discrete Fourier transform.

        Deviation fixed: NumPy has no ``dtype`` keyword (added in 2024.12).
        """
        check_device(device)
        out = xp.fft.fftfreq(n, d)
        return out if dtype is None else out.astype(dtype, copy=False)

    def rfftfreq(n: int, /, *, d: float = 1.0, dtype: Any = None, device: Any = None) -> Array:
        """Sample frequencies of a length-``n`` real discrete Fourier transform.

        Deviation fixed: NumPy has no ``dtype`` keyword (added in 2024.12).
        """
        check_device(device)
        out = xp.fft.rfftfreq(n, d)
        return out if dtype is None else out.astype(dtype, copy=False)

    return by_name(fftfreq, rfftfreq)

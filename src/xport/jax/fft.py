"""The standard's ``fft`` extension for JAX arrays."""

from __future__ import annotations

import jax.numpy as _jnp

from .._common.namespace import populate as _populate
from .._common.namespace import reach_native as _reach_native
from .._spec import names as _names

_PROVENANCE = _populate(
    globals(),
    _jnp.fft,
    _names.FFT_NAMES[_names.LATEST_VERSION],
    wrappers={},
)

__all__ = sorted(_names.FFT_NAMES[_names.LATEST_VERSION])


def __dir__() -> list[str]:
    return __all__


# Names beyond the standard resolve to the library's own (jax.numpy.fft).
_reach_native(globals(), _jnp.fft)

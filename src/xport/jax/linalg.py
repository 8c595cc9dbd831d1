"""The standard's ``linalg`` extension for JAX arrays.

``eig`` and ``eigvals`` are ``jax.numpy.linalg``'s own: always complex, as the
standard wants, but implemented on CPU only (JAX raises on other devices).
``vector_norm`` is ``jax.numpy.linalg``'s, run eagerly as one compiled program
(it is not compiled itself: eagerly it was four dispatches, 3.5x
``jnp.linalg.norm``).
"""

from __future__ import annotations

import jax.numpy as _jnp

from .._common.namespace import populate as _populate
from .._common.namespace import reach_native as _reach_native
from .._spec import names as _names
from ._eager import eager_compiled as _eager_compiled

_PROVENANCE = _populate(
    globals(),
    _jnp.linalg,
    _names.LINALG_NAMES[_names.LATEST_VERSION],
    wrappers={"vector_norm": _eager_compiled(_jnp.linalg.vector_norm,
                                             ("axis", "keepdims", "ord"))},
)

__all__ = sorted(_names.LINALG_NAMES[_names.LATEST_VERSION])


def __dir__() -> list[str]:
    return __all__


# Names beyond the standard resolve to the library's own (jax.numpy.linalg).
_reach_native(globals(), _jnp.linalg)

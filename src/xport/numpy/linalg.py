"""The standard's ``linalg`` extension for NumPy arrays."""

from __future__ import annotations

import numpy as _np

from .._common.namespace import populate as _populate
from .._common.namespace import reach_native as _reach_native
from .._common.numpylike import linalg as _shared_linalg
from .._spec import names as _names
from . import _legacy

_LEGACY = _legacy.linalg_wrappers()

_PROVENANCE = _populate(
    globals(),
    _np.linalg,
    _names.LINALG_NAMES[_names.LATEST_VERSION],
    wrappers={
        **_LEGACY,
        # Complex results always, as the standard says (NumPy's are real when
        # every eigenvalue is), and the Euclidean norm of a real array by one
        # dot product or one sum of squares (not a deviation: fewer passes).
        **_shared_linalg.complex_eig(_np),
        "vector_norm": _shared_linalg.fast_vector_norm(
            _np, _LEGACY.get("vector_norm") or _np.linalg.vector_norm, _np.add.reduce),
    },
)

__all__ = sorted(_names.LINALG_NAMES[_names.LATEST_VERSION])


def __dir__() -> list[str]:
    return __all__


# Names beyond the standard resolve to the library's own (numpy.linalg).
_reach_native(globals(), _np.linalg)

"""The standard's ``linalg`` extension for NumPy arrays."""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as _np

from .._common.namespace import native_fallback as _native_fallback
from .._common.namespace import populate as _populate
from .._spec import names as _names
from . import _legacy

Array = Any
_COMPLEX_OF = {_np.dtype("float32"): _np.dtype("complex64"),
               _np.dtype("float64"): _np.dtype("complex128")}


class EigResult(NamedTuple):
    """Eigenvalues and right eigenvectors of a general square matrix."""

    eigenvalues: Array
    eigenvectors: Array


def _as_complex(a: Array) -> Array:
    target = _COMPLEX_OF.get(a.dtype)
    return a if target is None else a.astype(target)


def eig(x: Array, /) -> EigResult:
    """Eigenvalues and eigenvectors of a (stack of) square matrix.

    Deviation fixed: NumPy returns real arrays when every eigenvalue happens to be
    real; the standard always returns complex results of ``x``'s precision.
    """
    values, vectors = _np.linalg.eig(x)
    return EigResult(_as_complex(values), _as_complex(vectors))


def eigvals(x: Array, /) -> Array:
    """Eigenvalues of a (stack of) square matrix, always complex (see :func:`eig`)."""
    return _as_complex(_np.linalg.eigvals(x))


_PROVENANCE = _populate(
    globals(),
    _np.linalg,
    _names.LINALG_NAMES[_names.LATEST_VERSION],
    wrappers={**_legacy.linalg_wrappers(), "eig": eig, "eigvals": eigvals},
)

__all__ = sorted(_names.LINALG_NAMES[_names.LATEST_VERSION])


def __dir__() -> list[str]:
    return __all__


# Names beyond the standard resolve to the library's own (numpy.linalg).
__getattr__ = _native_fallback(globals(), _np.linalg)

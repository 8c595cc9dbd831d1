"""The standard's ``linalg`` extension for CuPy arrays: CuPy's own functions
where they conform, else ``xport.numpy``'s wrappers rebound to CuPy (NumPy
1.26's deviations are CuPy's: no ``upper``/``rtol`` keywords, plain tuples for
results, several functions missing)."""

from __future__ import annotations

import cupy as _cp

from .._common.namespace import native_fallback as _native_fallback
from .._common.namespace import populate as _populate
from .._common.rebind import rebound, rebound_all
from .._common.results import EighResult, QRResult, SlogdetResult, SVDResult
from .._common.signatures import accepts as _accepts
from .._spec import names as _names
from ..numpy import _legacy
from ..numpy import linalg as _numpy_linalg
from ._wrappers import NAMES

_HERE = __name__


def _wrappers() -> dict[str, object]:
    la = _cp.linalg
    legacy = rebound_all({
        "cholesky": _legacy.cholesky, "pinv": _legacy.pinv, "matrix_rank": _legacy.matrix_rank,
        "solve": _legacy.solve, "svdvals": _legacy.svdvals, "diagonal": _legacy.diagonal,
        "trace": _legacy.trace, "cross": _legacy.cross, "outer": _legacy.outer,
        "tensordot": _legacy.tensordot, "matrix_norm": _legacy.matrix_norm,
        "vector_norm": _legacy.vector_norm, "vecdot": _legacy.vecdot,
        "matrix_transpose": _legacy.matrix_transpose,
    }, NAMES, _HERE)
    found: dict[str, object] = {}
    for keyword, name in (("upper", "cholesky"), ("rtol", "pinv"), ("rtol", "matrix_rank")):
        if not _accepts(getattr(la, name), keyword):
            found[name] = legacy[name]
    # CuPy's solve follows NumPy 1.26's broadcasting of a stack of vectors.
    found["solve"] = legacy["solve"]
    found.update({name: fn for name, fn in legacy.items() if not hasattr(la, name)})
    # Named results (plain tuples in CuPy 13); naming a named tuple again is harmless.
    named = rebound(_legacy._named, NAMES, _HERE)
    for result, name in ((EighResult, "eigh"), (QRResult, "qr"), (SlogdetResult, "slogdet"),
                         (SVDResult, "svd")):
        found[name] = named(result, getattr(la, name))
    # Complex results always, as the standard says (xport.numpy's fix).
    names = {**NAMES, "_any_vector_norm": found.get("vector_norm", getattr(la, "vector_norm",
                                                                           None))}
    found.update(rebound_all({"eig": _numpy_linalg.eig, "eigvals": _numpy_linalg.eigvals,
                              "vector_norm": _numpy_linalg.vector_norm}, names, _HERE))
    return found


_PROVENANCE = _populate(globals(), _cp.linalg, _names.LINALG_NAMES[_names.LATEST_VERSION],
                        wrappers=_wrappers())

__all__ = sorted(_names.LINALG_NAMES[_names.LATEST_VERSION])


def __dir__() -> list[str]:
    return __all__


# Names beyond the standard resolve to the library's own (cupy.linalg).
__getattr__ = _native_fallback(globals(), _cp.linalg)

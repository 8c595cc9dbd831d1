"""The standard's ``linalg`` extension for CuPy arrays: CuPy's own functions
where they conform, else the wrappers ``xport.numpy`` uses too, made for CuPy
by ``_common/numpylike`` (NumPy 1.26's deviations are CuPy's: no
``upper``/``rtol`` keywords, plain tuples for results, several functions
missing)."""

from __future__ import annotations

from typing import Any

import cupy as _cp

from .._common.namespace import populate as _populate
from .._common.namespace import reach_native as _reach_native
from .._common.numpylike import linalg as _shared_linalg
from .._common.results import EighResult, QRResult, SlogdetResult, SVDResult
from .._common.signatures import accepts as _accepts
from .._spec import names as _names
from ._wrappers import LEGACY as _LEGACY


def _linalg_wrappers() -> dict[str, Any]:
    la = _cp.linalg
    legacy = {**_shared_linalg.legacy_wrappers(_cp), "vecdot": _LEGACY["vecdot"],
              "matrix_transpose": _LEGACY["matrix_transpose"]}
    found: dict[str, Any] = {}
    for keyword, name in (("upper", "cholesky"), ("rtol", "pinv"), ("rtol", "matrix_rank")):
        if not _accepts(getattr(la, name), keyword):
            found[name] = legacy[name]
    # CuPy's solve follows NumPy 1.26's broadcasting of a stack of vectors.
    found["solve"] = legacy["solve"]
    found.update({name: fn for name, fn in legacy.items() if not hasattr(la, name)})
    # Named results (plain tuples in CuPy 13); naming a named tuple again is harmless.
    for result, name in ((EighResult, "eigh"), (QRResult, "qr"), (SlogdetResult, "slogdet"),
                         (SVDResult, "svd")):
        found[name] = _shared_linalg.named(result, getattr(la, name))
    # Complex results always, as the standard says (xport.numpy's fix), and
    # xport.numpy's faster Euclidean norm of a whole array.
    found.update(_shared_linalg.complex_eig(_cp))
    found["vector_norm"] = _shared_linalg.fast_vector_norm(
        _cp, found.get("vector_norm") or la.vector_norm)
    return found


_PROVENANCE = _populate(globals(), _cp.linalg, _names.LINALG_NAMES[_names.LATEST_VERSION],
                        wrappers=_linalg_wrappers())

__all__ = sorted(_names.LINALG_NAMES[_names.LATEST_VERSION])


def __dir__() -> list[str]:
    return __all__


# Names beyond the standard resolve to the library's own (cupy.linalg).
_reach_native(globals(), _cp.linalg)

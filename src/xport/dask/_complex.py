"""Complex ``expm1`` and ``tanh`` with the standard's special cases, lazily.

NumPy's complex ``expm1`` (which ``dask.array.expm1`` runs per block) gives
NaN where the standard's table gives an infinity or ``-1 + 0j``, and its
complex ``tanh`` gives C99's ``1 + 0j * sin(2b)`` for ``+infinity + bj``
where the standard says ``1 + 0j`` (``1 - 0j`` for negative ``b``). The shared
mechanism of :mod:`xport._common.complex_functions` (fold, call the native,
patch the table, unfold) runs here on Dask arrays, as a few more elementwise
layers of the graph. Real input goes to ``dask.array``'s function untouched.
"""

from __future__ import annotations

import types
from typing import Any

import dask.array as _dask_array
import numpy as np

from .._common.complex_functions import ComplexOps, make_complex_function

da: Any = _dask_array  # untyped library: calls through Any

_XP = types.ModuleType("xport.dask._complex_xp")
_XP.__dict__.update({
    name: getattr(da, name) for name in (
        "real", "imag", "where", "abs", "signbit", "isnan", "isinf", "isfinite", "cos", "sin",
        "tan", "log", "log1p", "hypot", "logical_and", "logical_or", "logical_not",
        "not_equal", "negative")
})
_XP.__dict__["atan2"] = da.arctan2


def _complex_block(re: Any, im: Any) -> Any:
    """A complex block from its parts, without arithmetic (``inf * 1j`` is NaN)."""
    out = np.empty(np.broadcast_shapes(re.shape, im.shape),
                   dtype=np.result_type(re.dtype, im.dtype, np.complex64))
    out.real, out.imag = re, im
    return out


def _make(re: Any, im: Any) -> Any:
    dtype = np.result_type(re.dtype, im.dtype, np.complex64)
    return da.map_blocks(_complex_block, re, im, dtype=dtype)


def _is_complex(x: Any) -> bool:
    return getattr(getattr(x, "dtype", None), "kind", None) == "c"


OPS = ComplexOps(xp=_XP, make=_make, is_complex=_is_complex)

WRAPPERS: dict[str, Any] = {
    "expm1": make_complex_function("expm1", da.expm1, OPS),
    "tanh": make_complex_function("tanh", da.tanh, OPS),
}

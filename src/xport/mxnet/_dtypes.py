"""Data type functions: ``astype``, ``can_cast``, ``finfo``, ``iinfo``,
``isdtype``, ``result_type``.

``result_type`` is the standard's promotion table bound to MXNet's dtypes;
``undefined`` is the rule for the pairs the standard leaves undefined (and for
int8 with uint8, whose int16 MXNet lacks): the narrowest MXNet dtype that holds
both. ``astype`` is a function here (MXNet has the method only).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .._common.dtype_info import make_can_cast
from .._common.dtype_limits import make_finfo, make_iinfo
from .._common.kinds import KIND_OF_LETTER, make_isdtype
from .._common.promotion import make_result_type
from . import _info
from ._info import DTYPES, context, dtype_name

Array = Any
DType = Any
Device = Any


# Where MXNet has no kernel for a pair the standard leaves undefined (or one
# whose standard result it lacks, int8 with uint8 -> int16), the narrowest
# MXNet dtype that holds both.
_WIDER: dict[str, str] = {"int16": "int32", "uint16": "int32", "uint32": "int64",
                          "uint64": "float64", "float16": "float32"}


def undefined(a: Any, b: Any) -> Any:
    """MXNet's dtype for the pair ``a``, ``b`` that the standard leaves undefined."""
    name = np.promote_types(a, b).name
    return DTYPES[_WIDER.get(name, name)]


result_type = make_result_type(
    DTYPES, dtype_name, defaults=lambda device: {
        "integral": _info.default_dtype("integral"),
        "real floating": _info.default_dtype("real floating"),
        "complex floating": None},
    native=undefined, dtype_of_type=np.dtype)


finfo = make_finfo(np.finfo, np.dtype)
iinfo = make_iinfo(np.iinfo, np.dtype)
can_cast = make_can_cast(dtype_name)
def _kind_of_other(dtype: Any) -> str | None:
    """float16 (MXNet's dtypes are NumPy's): real floating."""
    try:
        return KIND_OF_LETTER.get(np.dtype(dtype).kind)
    except TypeError:
        return None


isdtype = make_isdtype(dtype_name, _kind_of_other, dtypes=DTYPES)


def astype(x: Array, dtype: DType, /, *, copy: bool = True,
           device: Device | None = None) -> Array:
    """Cast ``x`` to ``dtype`` (and move it to ``device``).

    Deviation fixed: a function (MXNet has the method only), with ``device``.
    """
    out = x.astype(dtype, copy=copy)
    ctx = context(device)
    return out if ctx is None or out.ctx == ctx else out.as_in_ctx(ctx)

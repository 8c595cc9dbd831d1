"""The standard's operand rules bound to MXNet.

MXNet's binary functions promote few mixed pairs (``int32 * int64`` fails),
its functions of several arrays none (``concatenate``, ``stack``, ``where``),
and it makes float32 of Python numbers. ``OPERANDS`` holds the standard's rules
for the binary functions (see ``_common.elementwise``); ``promoted``,
``as_dtype``, ``SCALARS`` and ``default_of_scalar`` are what the other rooms
share for lists of arrays and for Python scalars.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import mxnet as mx

from .._common.elementwise import Operands
from . import _info
from ._dtypes import result_type, undefined
from ._info import DTYPES, dtype_name

Array = Any
mnp: Any = mx.np


def default_of_scalar(value: Any) -> Any:
    """The standard's default dtype for the Python scalar ``value``."""
    if isinstance(value, bool):
        return DTYPES["bool"]
    if isinstance(value, int):
        return _info.default_dtype("integral")
    return _info.default_dtype("real floating")


def _scalar_array(value: Any, dtype: Any, like: Any) -> Array:
    return mnp.array(value, dtype=default_of_scalar(value) if dtype is None else dtype,
                     ctx=like.ctx)


class _Dtypes(dict[str, Any]):
    """MXNet's dtypes by name; the standard's others raise a clear TypeError
    (a complex scalar beside a float array would need complex64)."""

    def __missing__(self, name: str) -> Any:
        raise TypeError(f"MXNet has no {name} dtype (its dtypes: {', '.join(self)}); "
                        "the standard's result of this operation cannot be represented")


OPERANDS = Operands(dtypes=_Dtypes(DTYPES), name_of=dtype_name, cast=lambda x, d: x.astype(d),
                    scalar_array=_scalar_array, native_right=(), is_0d=lambda x: x.ndim == 0,
                    undefined=undefined, array_type=mx.np.ndarray)


SCALARS = frozenset({bool, int, float})


def as_dtype(x: Any, dtype: Any, like: Any) -> Array:
    """``x`` as an array of ``dtype``: a Python scalar made on ``like``'s
    context, an array cast where its dtype differs."""
    if type(x) in SCALARS:
        return mnp.array(x, dtype=dtype, ctx=like.ctx)
    return x if x.dtype == dtype else x.astype(dtype)


def promoted(arrays: Sequence[Array]) -> list[Array]:
    """``arrays`` cast to their result type (by the standard's promotion)."""
    dtype = result_type(*arrays)
    return [a if a.dtype == dtype else a.astype(dtype) for a in arrays]

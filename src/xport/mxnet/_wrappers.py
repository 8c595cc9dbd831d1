"""The main namespace's wrappers, by standard name, and the standard names that
``mxnet.numpy`` spells differently (bound to MXNet's own function).

MXNet's ``mx.np`` follows NumPy's API, but an older and narrower NumPy:
creation functions take ``ctx=`` (not ``device=``) and make float32 unless
told otherwise (``arange(3)``, ``array([1, 2])``, ``full(s, 1)``); binary
functions promote few mixed pairs (``int32 * int64`` fails) and no mixed
lists (``concatenate``, ``stack``, ``where``); reductions of booleans give
float32; several functions lack keywords (``keepdims`` of argmax, ``copy`` of
reshape, ``descending`` of sorts) or are missing (``floor_divide``,
``logaddexp``, ``logical_and``, ``triu``, ``vecdot``, ...). The wrappers use
the shared mechanisms (``_common``): the standard's promotion tables bound to
MXNet's dtypes, the binary-operand rules, the axis-tuple reductions, the
named results. They read array values on the host only where a result's shape
depends on them (``repeat`` with an array of counts, the number of NaNs in
``unique_*``).

Each module here has one job; where MXNet conforms, nothing here is used and
the namespace binds ``mxnet.numpy``'s own function. The rooms share
``_dtypes`` (the standard's promotion bound to MXNet's dtypes), ``_operands``
(the operand rules), ``_carriers`` (data movement for boolean arrays too) and
``_shapes``.
"""

from __future__ import annotations

from typing import Any

from .._common.namespace import functions_of
from . import (
    _creation,
    _dtypes,
    _elementwise,
    _indexing,
    _manipulation,
    _products,
    _sets,
    _shapes,
    _sorting,
    _statistics,
)

MAIN: dict[str, Any] = {
    **_elementwise.BINARY,
    **functions_of(_elementwise, "conj", "imag", "positive", "real", "sign", "square", "clip"),
    **functions_of(_dtypes, "astype", "can_cast", "finfo", "iinfo", "isdtype", "result_type"),
    **functions_of(_creation, "arange", "asarray", "empty", "empty_like", "eye", "from_dlpack",
                 "full", "full_like", "linspace", "meshgrid", "ones", "ones_like", "tril",
                 "triu", "zeros", "zeros_like"),
    **functions_of(_manipulation, "broadcast_arrays", "broadcast_to", "concat", "expand_dims",
                 "flip", "moveaxis", "permute_dims", "repeat", "reshape", "roll", "squeeze",
                 "stack", "tile", "unstack"),
    **functions_of(_shapes, "broadcast_shapes"),
    **functions_of(_statistics, "sum", "prod", "mean", "var", "std", "max", "min", "all", "any",
                 "count_nonzero", "cumulative_sum", "cumulative_prod", "diff"),
    **functions_of(_indexing, "take", "take_along_axis", "nonzero", "where", "argmax", "argmin",
                 "searchsorted"),
    **functions_of(_sorting, "sort", "argsort"),
    **functions_of(_sets, "unique_values", "unique_counts", "unique_inverse", "unique_all"),
    **functions_of(_products, "matmul", "matrix_transpose", "tensordot", "vecdot"),
}

# Standard names whose mxnet.numpy function has another name.
ALIASES: dict[str, str] = {
    "acos": "arccos", "acosh": "arccosh", "asin": "arcsin", "asinh": "arcsinh",
    "atan": "arctan", "atanh": "arctanh", "bitwise_invert": "invert",
}

"""The main namespace's wrappers, by standard name.

Each module here has one job; where TensorFlow conforms (the elementwise
functions of ``tf.math`` with floating-point kernels, ``tf.broadcast_to``,
``tf.linalg.matrix_transpose``), nothing here is used and the namespace binds
TensorFlow's own function.
"""

from __future__ import annotations

from typing import Any

from .._common.namespace import functions_of
from . import (
    _complex,
    _creation,
    _dtypes,
    _elementwise,
    _indexing,
    _manipulation,
    _products,
    _sets,
    _sorting,
    _statistics,
)

MAIN: dict[str, Any] = {
    **_elementwise.BINARY,
    **_elementwise.UNARY,
    **_complex.WRAPPERS,
    **functions_of(_dtypes, "astype", "can_cast", "finfo", "iinfo", "isdtype", "result_type"),
    **functions_of(_creation, "arange", "asarray", "empty", "empty_like", "eye", "from_dlpack",
                 "full", "full_like", "linspace", "meshgrid", "ones", "ones_like", "tril",
                 "triu", "zeros", "zeros_like"),
    **functions_of(_manipulation, "broadcast_arrays", "broadcast_shapes", "concat",
                 "expand_dims", "flip", "moveaxis", "permute_dims", "repeat", "reshape", "roll",
                 "squeeze", "stack", "tile", "unstack"),
    **functions_of(_statistics, "sum", "prod", "mean", "var", "std", "max", "min", "all", "any",
                 "count_nonzero", "cumulative_sum", "cumulative_prod", "diff"),
    **functions_of(_indexing, "take", "take_along_axis", "nonzero", "where", "argmax", "argmin",
                 "searchsorted"),
    **functions_of(_sorting, "sort", "argsort"),
    **functions_of(_sets, "unique_values", "unique_counts", "unique_inverse", "unique_all",
                 "isin"),
    **functions_of(_products, "matmul", "tensordot", "vecdot"),
}

"""The main namespace's wrappers, by standard name.

Each module here has one job; where TensorFlow conforms (the elementwise
functions of ``tf.math`` with floating-point kernels, ``tf.broadcast_to``,
``tf.linalg.matrix_transpose``), nothing here is used and the namespace binds
TensorFlow's own function.
"""

from __future__ import annotations

from typing import Any

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


def _functions(module: Any, *names: str) -> dict[str, Any]:
    return {name: getattr(module, name) for name in names}


MAIN: dict[str, Any] = {
    **_elementwise.BINARY,
    **_elementwise.UNARY,
    **_complex.WRAPPERS,
    **_functions(_dtypes, "astype", "can_cast", "finfo", "iinfo", "isdtype", "result_type"),
    **_functions(_creation, "arange", "asarray", "empty", "empty_like", "eye", "from_dlpack",
                 "full", "full_like", "linspace", "meshgrid", "ones", "ones_like", "tril",
                 "triu", "zeros", "zeros_like"),
    **_functions(_manipulation, "broadcast_arrays", "broadcast_shapes", "concat",
                 "expand_dims", "flip", "moveaxis", "permute_dims", "repeat", "reshape", "roll",
                 "squeeze", "stack", "tile", "unstack"),
    **_functions(_statistics, "sum", "prod", "mean", "var", "std", "max", "min", "all", "any",
                 "count_nonzero", "cumulative_sum", "cumulative_prod", "diff"),
    **_functions(_indexing, "take", "take_along_axis", "nonzero", "where", "argmax", "argmin",
                 "searchsorted"),
    **_functions(_sorting, "sort", "argsort"),
    **_functions(_sets, "unique_values", "unique_counts", "unique_inverse", "unique_all",
                 "isin"),
    **_functions(_products, "matmul", "tensordot", "vecdot"),
}

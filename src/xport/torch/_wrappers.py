"""The main namespace's wrappers, by standard name, and the standard names that
PyTorch spells differently (bound to PyTorch's own function).

Each module here has one job; where PyTorch conforms, nothing here is used and
the namespace binds PyTorch's own function.
"""

from __future__ import annotations

from typing import Any

import torch

from .._common.namespace import functions_of
from . import (
    _creation,
    _dtypes,
    _elementwise,
    _indexing,
    _manipulation,
    _products,
    _sets,
    _sorting,
    _statistics,
    _unsigned,
)

MAIN: dict[str, Any] = {
    **_elementwise.BINARY,
    **functions_of(_elementwise, "acos", "expm1", "log1p", "negative", "tanh", "sign", "round",
                 "clip"),
    **functions_of(_dtypes, "astype", "can_cast", "finfo", "iinfo", "isdtype", "result_type"),
    **functions_of(_creation, "arange", "asarray", "empty", "zeros", "ones", "full", "eye",
                 "linspace", "meshgrid", "tril", "triu"),
    **functions_of(_manipulation, "broadcast_arrays", "broadcast_shapes", "broadcast_to",
                 "concat", "expand_dims", "flip", "permute_dims", "repeat", "reshape", "roll",
                 "squeeze", "stack"),
    **functions_of(_statistics, "sum", "prod", "mean", "var", "std", "max", "min", "argmax",
                 "argmin", "all", "any", "count_nonzero", "cumulative_sum", "cumulative_prod"),
    **functions_of(_indexing, "take", "take_along_axis", "nonzero", "where"),
    **functions_of(_sorting, "sort", "argsort"),
    **functions_of(_sets, "unique_values", "unique_counts", "unique_inverse", "unique_all"),
    **functions_of(_products, "matmul", "matrix_transpose", "tensordot", "vecdot"),
}

# Standard names whose PyTorch function has another name.
ALIASES: dict[str, str] = {
    "bitwise_invert": "bitwise_not",
    # torch.conj only sets a lazy conjugation bit, which NumPy and DLPack reject.
    "conj": "conj_physical",
    "unstack": "unbind",
}

# The functions PyTorch lacks uint16/uint32/uint64 kernels for, routed through
# signed carriers (the binary ones route their native, in _elementwise; cross
# is linalg's; the others named here test for those dtypes on their own fast
# paths and route their general ones).
_ROUTE_THEMSELVES = {"cross", *_elementwise.ROUTES_ITSELF, *_statistics.ROUTES_ITSELF}
MAIN.update({
    name: _unsigned.routed(name, MAIN.get(name) or getattr(torch, ALIASES.get(name, name)))
    for name in _unsigned.ROUTES.keys() - _elementwise.BINARY.keys() - _ROUTE_THEMSELVES
})

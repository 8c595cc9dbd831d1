"""``sort`` and ``argsort``."""

from __future__ import annotations

from typing import Any

import torch

Array = Any


def sort(x: Array, /, *, axis: int = -1, descending: bool = False,
         stable: bool = True, **kwargs: Any) -> Array:
    """``x`` sorted along ``axis``; NaNs sort as the largest values.

    Deviations fixed: ``torch.sort`` returns (values, indices) and is not
    stable by default.

    PyTorch's own keywords (``out=``, ...) are passed on to ``torch.sort``, as
    array-api-compat does.
    """
    return torch.sort(x, dim=axis, descending=descending, stable=stable, **kwargs).values


def argsort(x: Array, /, *, axis: int = -1, descending: bool = False,
            stable: bool = True, **kwargs: Any) -> Array:
    """Indices that sort ``x`` along ``axis``; a stable descending sort keeps
    equal elements in their original order.

    Deviation fixed: ``torch.argsort`` is not stable by default.

    Other keywords are passed on to ``torch.argsort``, as array-api-compat does.
    """
    return torch.argsort(x, dim=axis, descending=descending, stable=stable, **kwargs)

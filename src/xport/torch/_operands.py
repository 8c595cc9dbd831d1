"""The standard's operand rules (Python scalars, promotion) bound to PyTorch.

PyTorch promotes two tensors like the standard except in two places: a 0-d
tensor does not take part in promotion within its kind (``int8`` (2,) with
``int64`` () gives ``int8``; the standard says ``int64``), and ``uint16``,
``uint32``, ``uint64`` promote with nothing. Python scalars are accepted by
some natives only, and only in some positions.
"""

from __future__ import annotations

from typing import Any

import torch

from .._common.elementwise import Operands, make_promote_pair, make_scalar_operand
from .._common.promotion import promotion_lookup
from ._info import DTYPES, dtype_name


def _natively_right() -> set[tuple[torch.dtype, torch.dtype]]:
    """The pairs ``torch.promote_types`` promotes to the standard's dtype."""
    right = set()
    for (a, b), result in promotion_lookup(DTYPES).items():
        try:
            if torch.promote_types(a, b) == result:
                right.add((a, b))
        except RuntimeError:  # uint16/uint32/uint64 promote with nothing
            pass
    return right


def _cast(x: Any, dtype: torch.dtype) -> Any:
    return x.to(dtype)


def _scalar_array(value: Any, dtype: torch.dtype | None, like: Any) -> Any:
    # A 0-d CPU tensor is a valid operand beside a tensor on any device (PyTorch
    # passes it to the kernel as a scalar), so no host-to-device copy is made.
    if dtype is None:  # a mix the standard leaves open: PyTorch's own inference
        return torch.tensor(value)
    return torch.scalar_tensor(value, dtype=dtype)


def _is_0d(x: Any) -> bool:
    return bool(x.ndim == 0)


ELEMENTWISE = Operands(dtypes=DTYPES, name_of=dtype_name, cast=_cast,
                       scalar_array=_scalar_array, native_right=_natively_right(),
                       is_0d=_is_0d, array_type=torch.Tensor)
# Matrix products and solvers require equal dtypes: every differing pair is
# cast, mixed kinds (undefined by the standard) by PyTorch's own rule.
SAME_DTYPE = Operands(dtypes=DTYPES, name_of=dtype_name, cast=_cast,
                      scalar_array=_scalar_array, native_right=(), is_0d=_is_0d,
                      undefined=torch.promote_types)

promote_pair = make_promote_pair(ELEMENTWISE)
promote_to_common = make_promote_pair(SAME_DTYPE)
scalar_operand = make_scalar_operand(ELEMENTWISE)

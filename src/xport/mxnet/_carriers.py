"""``mxnet.numpy``'s data movement for boolean arrays too: ``mv``.

MXNet has no boolean kernels for data movement (flip, transpose, roll, tile,
take, ...: "Unknown type enum 7") nor bitwise functions, no int8 kernel for
``take_along_axis``, and its ``where`` aborts the process on empty operands.
``bool_via_uint8`` carries such arrays through a dtype the kernel has; ``mv``
holds ``mxnet.numpy``'s data movement functions so wrapped, for every room.
"""

from __future__ import annotations

import functools
import types
from collections.abc import Callable, Sequence
from typing import Any

import mxnet as mx
import numpy as np

from ._shapes import broadcast_shapes

Array = Any
_F = Callable[..., Any]
mnp: Any = mx.np


def bool_via_uint8(native: _F, carriers: dict[Any, str] | None = None) -> _F:
    """``native`` for boolean arrays too: MXNet has no boolean kernels for
    data movement (flip, transpose, roll, tile, take, ...: "Unknown type enum
    7") nor bitwise functions; booleans travel as uint8 and come back as bool.
    ``carriers`` maps other dtypes a kernel lacks to the dtype they travel as."""
    via = {BOOL: "uint8", **(carriers or {})}

    @functools.wraps(native)
    def wrapper(x: Any, *args: Any, **kwargs: Any) -> Any:
        dtype = getattr(x, "dtype", None)
        carrier = via.get(dtype)
        if carrier is None:
            return native(x, *args, **kwargs)
        args = tuple(a.astype(carrier) if getattr(a, "dtype", None) == dtype else a
                     for a in args)
        out = native(x.astype(carrier), *args, **kwargs)
        if isinstance(out, (tuple, list)):
            return type(out)(o.astype(dtype) for o in out)
        return out.astype(dtype)

    return wrapper


BOOL = np.dtype("bool")


def _bool_list_via_uint8(native: _F) -> _F:
    """``native`` over a list of arrays, for boolean lists too (see above)."""

    @functools.wraps(native)
    def wrapper(arrays: Sequence[Any], *args: Any, **kwargs: Any) -> Any:
        if not arrays or arrays[0].dtype != BOOL:
            return native(arrays, *args, **kwargs)
        return native([a.astype("uint8") for a in arrays], *args, **kwargs).astype("bool")

    return wrapper


def _where(condition: Array, x1: Array, x2: Array) -> Array:
    # MXNet's where crashes the process (a C++ abort) on empty operands.
    shape = broadcast_shapes(condition.shape, x1.shape, x2.shape)
    if 0 in shape:
        return mnp.zeros(shape, dtype=x1.dtype, ctx=x1.ctx)
    if x1.dtype != BOOL:
        return mnp.where(condition, x1, x2)
    return mnp.where(condition, x1.astype("uint8"), x2.astype("uint8")).astype("bool")


# mxnet.numpy's data movement, for boolean arrays too.
mv: Any = types.SimpleNamespace(
    **{name: bool_via_uint8(getattr(mnp, name)) for name in (
        "flip", "moveaxis", "transpose", "roll", "tile", "take", "swapaxes", "repeat",
        "sort", "broadcast_to", "expand_dims", "squeeze")},
    # take_along_axis has no int8 kernel either.
    take_along_axis=bool_via_uint8(mnp.take_along_axis, {np.dtype("int8"): "int32"}),
    concatenate=_bool_list_via_uint8(mnp.concatenate),
    stack=_bool_list_via_uint8(mnp.stack), where=_where)

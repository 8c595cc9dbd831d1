"""Manipulation functions where PyTorch deviates from the standard."""

from __future__ import annotations

from typing import Any

import torch

from .._common.axis_args import new_axis_positions, normalize_axes
from .._common.copying import make_reshape
from ._dtypes import result_type
from ._host import compiler, dynamo_compiling
from ._unsigned import SHELL_UNSIGNED

Array = Any


def _joinable(arrays: tuple[Array, ...] | list[Array]) -> tuple[Array, ...] | list[Array]:
    """``arrays``, promoted to one dtype by the standard's table where one is a
    ``uint16``/``uint32``/``uint64`` PyTorch will not promote with another."""
    for a in arrays:  # the common case, no such dtype, in one pass
        dtype = a.dtype
        if not dtype.is_floating_point and dtype in SHELL_UNSIGNED:
            break
    else:
        return arrays
    dtypes = {a.dtype for a in arrays}
    if len(dtypes) < 2:
        return arrays
    common = result_type(*dtypes)
    return [a.to(common) for a in arrays]


def broadcast_arrays(*arrays: Array) -> tuple[Array, ...]:
    """``arrays`` broadcast to one shape (views, as ``torch.broadcast_tensors``).

    Deviation fixed: shapes that do not broadcast raise :func:`broadcast_shapes`'
    ``ValueError`` ("... Attempting to broadcast a dimension of length ...",
    the words array-api-compat's users match) instead of the kernel's
    ``RuntimeError`` ("The size of tensor a ...").
    """
    try:
        out: tuple[Array, ...] = torch.broadcast_tensors(*arrays)  # type: ignore[no-untyped-call]
        return out
    except RuntimeError:
        broadcast_shapes(*(tuple(a.shape) for a in arrays))
        raise


def broadcast_shapes(*shapes: tuple[int, ...]) -> tuple[int, ...]:
    """The shape that ``shapes`` broadcast to.

    Deviations fixed: ``torch.broadcast_shapes`` raises ``RuntimeError`` for
    incompatible shapes (the standard: ``ValueError``) and returns a
    ``torch.Size``.
    """
    try:
        return tuple(torch.broadcast_shapes(*shapes))  # type: ignore[no-untyped-call]
    except RuntimeError as exc:
        raise ValueError(f"shapes {', '.join(map(str, shapes))} do not broadcast: "
                         f"{exc}") from None


def broadcast_to(x: Array, /, shape: tuple[int, ...], **kwargs: Any) -> Array:
    """``x`` broadcast to ``shape`` (a view).

    Deviation fixed: ``torch.broadcast_to`` calls the shape ``size``.

    Other keywords are passed on to ``torch.broadcast_to``, as array-api-compat
    does.
    """
    return torch.broadcast_to(x, shape, **kwargs)


def concat(arrays: tuple[Array, ...] | list[Array], /, *, axis: int | None = 0,
           **kwargs: Any) -> Array:
    """Join ``arrays`` along ``axis``; ``axis=None`` joins them flattened.

    Deviations fixed: ``torch.cat`` rejects ``axis=None`` and will not
    promote ``uint16``/``uint32``/``uint64`` with other dtypes.

    PyTorch's own keywords (``out=``, ...) are passed on to ``torch.cat``, as
    array-api-compat does.
    """
    # torch.cat, not its alias torch.concat, which dispatches once more.
    if axis is not None and not kwargs and not (dynamo_compiling() or compiler._is_compiling_flag):
        # Eagerly the kernel itself refuses the dtypes it will not promote (reading
        # each array's dtype first costs every call); traced, nothing would refuse.
        try:
            return torch.cat(arrays, axis)
        except RuntimeError:
            pass  # promoted below (a genuine error is raised again there)
    arrays = _joinable(arrays)
    if axis is None:
        return torch.cat([torch.flatten(a) for a in arrays], **kwargs)
    if kwargs:
        return torch.cat(arrays, dim=axis, **kwargs)
    return torch.cat(arrays, axis)


def expand_dims(x: Array, /, axis: int | tuple[int, ...] = 0) -> Array:
    """``x`` with new axes of length one at the positions ``axis`` (in the
    result's numbering).

    Deviation fixed: PyTorch's ``unsqueeze`` takes a single int; 2025.12 allows
    a tuple.
    """
    if isinstance(axis, int):
        return torch.unsqueeze(x, axis)
    for position in sorted(new_axis_positions(axis, x.ndim)):
        x = torch.unsqueeze(x, position)
    return x


def flip(x: Array, /, *, axis: int | tuple[int, ...] | None = None, **kwargs: Any) -> Array:
    """Reverse the order of elements along ``axis`` (every axis for ``None``).

    Deviation fixed: ``torch.flip`` needs a tuple of dims.

    Other keywords are passed on to ``torch.flip``, as array-api-compat does.
    """
    dims = tuple(range(x.ndim)) if axis is None else (axis,) if isinstance(axis, int) else axis
    # Without kwargs, no empty ** (the builtin parses one measurably slower).
    return torch.flip(x, dims, **kwargs) if kwargs else torch.flip(x, dims)


def repeat(x: Array, repeats: int | Array, /, *, axis: int | None = None) -> Array:
    """Repeat each element of ``x`` ``repeats`` times along ``axis`` (of the
    flattened ``x`` for ``None``).

    Deviation fixed: PyTorch's ``repeat_interleave`` rejects repeat counts that
    are not ``int64``/``int32``; other integer tensors are cast.
    """
    if isinstance(repeats, torch.Tensor) and repeats.dtype not in (torch.int64, torch.int32):
        repeats = repeats.to(torch.int64)
    return torch.repeat_interleave(x, repeats, dim=axis)


def roll(x: Array, /, shift: int | tuple[int, ...], *,
         axis: int | tuple[int, ...] | None = None, **kwargs: Any) -> Array:
    """Rotate the elements of ``x`` by ``shift`` along ``axis`` (of the
    flattened ``x`` for ``None``).

    Deviations fixed: ``torch.roll`` calls the arguments ``shifts``/``dims``,
    rejects one int shift for several axes (the standard applies it to each)
    and fails for ``axis=()`` (the standard: no roll).

    Other keywords are passed on to ``torch.roll``, as array-api-compat does (to
    ``torch.clone`` for ``axis=()``).
    """
    if isinstance(axis, tuple):
        if not axis:
            return torch.clone(x, **kwargs)
        if isinstance(shift, int) and len(axis) > 1:  # PyTorch takes one int for one axis
            shift = (shift,) * len(axis)
    if kwargs:
        return torch.roll(x, shift, axis, **kwargs)  # type: ignore[arg-type] # None: flattened
    return torch.roll(x, shift, axis)  # type: ignore[arg-type]


def permute_dims(x: Array, /, axes: tuple[int, ...]) -> Array:
    """``x`` with its axes permuted: output axis ``i`` is input axis ``axes[i]``.

    Deviation fixed: ``torch.permute`` calls ``axes`` ``dims``.
    """
    return torch.permute(x, axes)


def squeeze(x: Array, /, axis: int | tuple[int, ...]) -> Array:
    """Remove the axes ``axis``, each of which must have length one.

    Deviation fixed: ``torch.squeeze`` silently keeps an axis whose length is
    not one; the standard raises ``ValueError``.
    """
    axes = (axis,) if isinstance(axis, int) else axis
    for a in normalize_axes(axes, x.ndim, name="axis"):
        if x.shape[a] != 1:
            raise ValueError(f"squeeze(): axis {a} has length {x.shape[a]}, not 1")
    return torch.squeeze(x, axis)


def _view(x: Array, shape: tuple[int, ...]) -> Array:
    return x.view(shape)


reshape = make_reshape(torch.reshape, _view, torch.clone, (RuntimeError,))


def stack(arrays: tuple[Array, ...] | list[Array], /, *, axis: int = 0, **kwargs: Any) -> Array:
    """Join ``arrays`` (of one shape) along a new axis ``axis``.

    Deviation fixed: ``torch.stack`` will not promote ``uint16``/``uint32``/
    ``uint64`` with other dtypes.

    PyTorch's own keywords (``out=``) are passed on to ``torch.stack``, as
    array-api-compat does.
    """
    if kwargs:
        return torch.stack(_joinable(arrays), dim=axis, **kwargs)
    if not (dynamo_compiling() or compiler._is_compiling_flag):  # as in concat
        try:
            return torch.stack(arrays, axis)
        except RuntimeError:
            pass
    return torch.stack(_joinable(arrays), axis)

"""Checks of how the shapes of a call's inputs relate (broadcasting, matrix
products, joins, reshapes), by the names ``_spec.rules.SHAPE_RELATIONS`` gives.
Sizes that are unknown (Dask's NaN, traced dimensions) satisfy every check."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from .._spec.rules import BROADCAST_OPERANDS
from .checks import Call, check_axes
from .errors import AxisError, known_shape, shape_text

Shape = tuple[int | None, ...]


def _shape(x: Any) -> Shape:
    return known_shape(x.shape)


def broadcast_shapes(call: Call, shapes: Sequence[Shape], what: str) -> Shape:
    """The broadcast of ``shapes``; ValueError naming them if they do not broadcast."""
    ndim = max((len(s) for s in shapes), default=0)
    result: list[int | None] = []
    for i in range(-ndim, 0):
        sizes = {s[i] for s in shapes if len(s) >= -i} - {1}
        known = sizes - {None}
        if len(known) > 1:
            raise call.error(ValueError, f"{what} of shapes "
                             + " and ".join(str(s) for s in shapes)
                             + " do not broadcast together",
                             "make each size equal, or 1, from the right")
        result.append(next(iter(known)) if known else (None if None in sizes else 1))
    return tuple(result)


def _arrays(call: Call, names: Sequence[str]) -> list[Any]:
    return [call.arguments[n] for n in names
            if n in call.arguments and call.target.is_array(call.arguments[n])]


def _broadcast(call: Call) -> None:
    arrays = _arrays(call, BROADCAST_OPERANDS[call.function])
    if len(arrays) > 1:
        broadcast_shapes(call, [_shape(a) for a in arrays], "operands")


def _broadcast_all(call: Call) -> None:
    broadcast_shapes(call, [_shape(a) for a in call.arguments.get("arrays", ())], "arrays")


def _broadcast_to(call: Call) -> None:
    source, target = _shape(call.arguments["x"]), tuple(call.arguments["shape"])
    ok = len(source) <= len(target) and all(
        s in (1, t, None) for s, t in zip(source[::-1], target[::-1], strict=False))
    if not ok:
        raise call.error(ValueError, f"x of shape {shape_text(source)} cannot be broadcast "
                         f"to shape {target}",
                         "each size of x must equal the target's or be 1, from the right")


def _matmul(call: Call) -> None:
    a, b = _shape(call.arguments["x1"]), _shape(call.arguments["x2"])
    if len(a) == 0 or len(b) == 0:
        raise call.error(ValueError, f"matmul needs arrays of at least one dimension, got "
                         f"shapes {shape_text(a)} and {shape_text(b)}",
                         "use xp.multiply for 0-d operands")
    inner_a, inner_b = a[-1], b[-2] if len(b) > 1 else b[-1]
    if None not in (inner_a, inner_b) and inner_a != inner_b:
        raise call.error(ValueError, f"shapes {shape_text(a)} and {shape_text(b)} do not "
                         f"match for a matrix product ({inner_a} != {inner_b})",
                         "the last size of x1 must equal the second-to-last of x2")
    if len(a) > 2 and len(b) > 2:
        broadcast_shapes(call, [a[:-2], b[:-2]], "batch dimensions")


def _vecdot(call: Call) -> None:
    a, b = _shape(call.arguments["x1"]), _shape(call.arguments["x2"])
    axis = call.arguments.get("axis", -1)
    ndim = min(len(a), len(b))
    if not isinstance(axis, int) or not ndim:
        return
    check_axes(call, "axis", (axis,), ndim)
    if None not in (a[axis], b[axis]) and a[axis] != b[axis]:
        raise call.error(ValueError, f"x1 {shape_text(a)} and x2 {shape_text(b)} differ in "
                         f"the size of axis {axis}", "the contracted sizes must be equal")
    broadcast_shapes(call, [a, b], "x1 and x2")


def _tensordot(call: Call) -> None:
    a, b = _shape(call.arguments["x1"]), _shape(call.arguments["x2"])
    axes = call.arguments.get("axes", 2)
    if isinstance(axes, int) and type(axes) is not bool:
        if not 0 <= axes <= min(len(a), len(b)):
            raise call.error(ValueError, f"axes={axes} is not in [0, {min(len(a), len(b))}] for "
                             f"shapes {shape_text(a)} and {shape_text(b)}",
                             "contract at most as many axes as the smaller array has")
        pairs = list(zip(range(len(a) - axes, len(a)), range(axes), strict=True))
    elif isinstance(axes, (tuple, list)) and len(axes) == 2:
        first, second = (tuple(v) if isinstance(v, (tuple, list)) else (v,) for v in axes)
        if len(first) != len(second):
            raise call.error(ValueError, f"axes {axes} pairs {len(first)} axes of x1 with "
                             f"{len(second)} of x2", "give as many axes for each")
        first = check_axes(call, "axes[0]", first, len(a))
        second = check_axes(call, "axes[1]", second, len(b))
        pairs = list(zip(first, second, strict=True))
    else:
        raise call.error(TypeError, f"axes must be an int or a pair of sequences, got {axes!r}",
                         "pass axes=2 or axes=((...), (...))")
    for i, j in pairs:
        if None not in (a[i], b[j]) and a[i] != b[j]:
            raise call.error(ValueError, f"x1 {shape_text(a)} axis {i} and x2 {shape_text(b)} "
                             f"axis {j} differ in size", "the contracted sizes must be equal")


def _cross(call: Call) -> None:
    _vecdot(call)
    a = _shape(call.arguments["x1"])
    axis = call.arguments.get("axis", -1)
    if a and isinstance(axis, int) and a[axis] not in (3, None):
        raise call.error(ValueError, f"axis {axis} of x1 {shape_text(a)} has size {a[axis]}",
                         "the cross product needs size 3 there")


def _vectors(call: Call) -> None:
    names = ("x1", "x2") if "x1" in call.arguments else ()
    arrays = _arrays(call, names) if names else list(call.arguments.get("arrays", ()))
    for x in arrays:
        if len(_shape(x)) != 1:
            raise call.error(ValueError, f"got an array of shape {shape_text(x.shape)}",
                             "pass one-dimensional arrays")


def _concat(call: Call) -> None:
    arrays = list(call.arguments["arrays"])
    axis = call.arguments.get("axis", 0)
    if not arrays or axis is None:
        return
    first = _shape(arrays[0])
    if not first:
        raise call.error(ValueError, "cannot join 0-d arrays along an axis",
                         "use xp.stack, or axis=None")
    (axis,) = check_axes(call, "axis", (axis,), len(first))
    for i, x in enumerate(arrays[1:], 1):
        shape = _shape(x)
        if len(shape) != len(first) or any(
                None not in (s, f) and s != f
                for k, (s, f) in enumerate(zip(shape, first, strict=False)) if k != axis):
            raise call.error(ValueError, f"arrays[{i}] has shape {shape_text(shape)} and "
                             f"arrays[0] {shape_text(first)}",
                             f"all sizes but axis {axis} must be equal")


def _same_shapes(call: Call) -> None:
    arrays = list(call.arguments["arrays"])
    if arrays:
        first = _shape(arrays[0])
        for i, x in enumerate(arrays[1:], 1):
            shape = _shape(x)
            if len(shape) != len(first) or any(None not in (s, f) and s != f
                                               for s, f in zip(shape, first, strict=True)):
                raise call.error(ValueError, f"arrays[{i}] has shape {shape_text(shape)} and "
                                 f"arrays[0] {shape_text(first)}",
                                 "stack arrays of one shape")


def _reshape(call: Call) -> None:
    x, shape = call.arguments["x"], call.arguments["shape"]
    dims = tuple(shape) if isinstance(shape, (tuple, list)) else (shape,)
    if any(type(d) is bool or not isinstance(d, int) for d in dims):
        raise call.error(TypeError, f"shape must be a tuple of ints, got {shape!r}",
                         "pass integer sizes")
    if any(d < -1 for d in dims) or dims.count(-1) > 1:
        raise call.error(ValueError, f"shape {dims} has a negative size other than one -1",
                         "sizes must be >= 0, with at most one -1")
    size = _size(_shape(x))
    known = math.prod(d for d in dims if d != -1)
    if size is None:
        return
    if (-1 not in dims and known != size) or (-1 in dims and (known == 0 or size % known)):
        raise call.error(ValueError, f"cannot reshape an array of shape "
                         f"{shape_text(x.shape)} ({size} elements) to {dims}",
                         "the new shape must have as many elements")


def _size(shape: Shape) -> int | None:
    return None if None in shape else math.prod(d for d in shape if d is not None)


def _axes_of(call: Call, name: str) -> tuple[int, ...]:
    value = call.arguments.get(name)
    if value is None:
        return ()
    return tuple(value) if isinstance(value, (tuple, list)) else (value,)


def _squeeze(call: Call) -> None:
    shape = _shape(call.arguments["x"])
    for axis in _axes_of(call, "axis"):
        if -len(shape) <= axis < len(shape) and shape[axis] not in (1, None):
            raise call.error(ValueError, f"axis {axis} of shape {shape_text(shape)} has size "
                             f"{shape[axis]}", "squeeze only axes of size 1")


def _permutation(call: Call) -> None:
    ndim = len(_shape(call.arguments["x"]))
    axes = _axes_of(call, "axes")
    if len(axes) != ndim:
        raise call.error(AxisError, f"axes {axes} has {len(axes)} entries for an array of "
                         f"{ndim} dimensions", "give a permutation of all the axes")


def _moveaxis(call: Call) -> None:
    if len(_axes_of(call, "source")) != len(_axes_of(call, "destination")):
        raise call.error(ValueError, "source and destination have different lengths",
                         "move as many axes as you name destinations")


def _roll(call: Call) -> None:
    shift, axis = call.arguments["shift"], call.arguments.get("axis")
    if isinstance(shift, (tuple, list)) and (
            axis is None or len(shift) != len(_axes_of(call, "axis"))):
        raise call.error(ValueError, f"shift {tuple(shift)} needs one axis per entry, got "
                         f"axis={axis!r}", "give a tuple of axes as long as shift")


def _take(call: Call) -> None:
    indices = call.arguments["indices"]
    if len(_shape(indices)) != 1:
        raise call.error(ValueError, f"indices has shape {shape_text(indices.shape)}",
                         "take takes one-dimensional indices")


def _take_along_axis(call: Call) -> None:
    x, indices = call.arguments["x"], call.arguments["indices"]
    if len(_shape(indices)) != len(_shape(x)):
        raise call.error(ValueError, f"indices has {len(_shape(indices))} dimensions and x "
                         f"{len(_shape(x))}", "give indices as many dimensions as x")


def _searchsorted(call: Call) -> None:
    if len(_shape(call.arguments["x1"])) != 1:
        raise call.error(ValueError, f"x1 has shape {shape_text(call.arguments['x1'].shape)}",
                         "searchsorted searches a one-dimensional sorted array")


def _at_least_1d(call: Call) -> None:
    if not _shape(call.arguments["x"]):
        raise call.error(ValueError, "x is 0-d", "pass an array of at least one dimension")


def _matrices(call: Call) -> None:
    shape = _shape(call.arguments["x"])
    if len(shape) < 2:
        raise call.error(ValueError, f"x has shape {shape_text(shape)}",
                         "pass a matrix or a stack of matrices (at least two dimensions)")


def _square_matrices(call: Call) -> None:
    _matrices(call)
    shape = _shape(call.arguments["x"])
    if None not in shape[-2:] and shape[-1] != shape[-2]:
        raise call.error(ValueError, f"x has shape {shape_text(shape)}, whose matrices are "
                         "not square", "pass square matrices")


def _solve(call: Call) -> None:
    a, b = _shape(call.arguments["x1"]), _shape(call.arguments["x2"])
    if len(a) < 2 or (None not in a[-2:] and a[-1] != a[-2]):
        raise call.error(ValueError, f"x1 has shape {shape_text(a)}, not square matrices",
                         "x1 must be square matrices")
    rows = b[0] if len(b) == 1 else (b[-2] if b else None)
    if not b or (None not in (rows, a[-1]) and rows != a[-1]):
        raise call.error(ValueError, f"x2 of shape {shape_text(b)} does not match x1 of "
                         f"shape {shape_text(a)}", "x2's rows must equal x1's size")


RELATIONS: dict[str, Callable[[Call], None]] = {
    "broadcast": _broadcast, "broadcast all": _broadcast_all, "broadcast to": _broadcast_to,
    "matmul": _matmul, "vecdot": _vecdot, "tensordot": _tensordot, "cross": _cross,
    "vectors": _vectors, "concat": _concat, "same shapes": _same_shapes, "reshape": _reshape,
    "squeeze": _squeeze, "permutation": _permutation, "moveaxis": _moveaxis, "roll": _roll,
    "take": _take, "take along axis": _take_along_axis, "searchsorted": _searchsorted,
    "at least 1-d": _at_least_1d, "matrices": _matrices, "square matrices": _square_matrices,
    "solve": _solve,
}

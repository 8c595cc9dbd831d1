"""PyTorch's part of ``xport.at`` and the segment reductions.

``set`` is indexed assignment on a clone. The accumulating operations find the
flat positions ``idx`` selects (an integer tensor into a 1-d array is used
as it is; other forms gather from ``arange(numel).reshape(shape)[idx]``, so
every index form PyTorch accepts works) and apply ``index_add`` /
``scatter_reduce`` to the flat array, which applies every duplicate. All of
it is autograd-, ``torch.func``- and ``torch.compile``-friendly and stays on
the input's device.

Negative positions (and, for the segment reductions, ids out of range) need
an extra elementwise pass. On a CPU tensor outside any tracing or ``torch.func``
transform, where an error can be caught without a device sync and nothing is
baked into a graph, the kernel first runs on the indices as given (PyTorch's
CPU kernels check every index) and the pass runs only if it raised; everywhere
else the pass always runs, so there is never a host sync the native call
would not have. The segment reductions, which read no index on the host, take
the first way under ``torch.jit.trace`` too (as ``take`` does): a trace made
with ids in range records the kernel alone, which raises for ids out of range.

PyTorch rejects negative slice steps; such slices are rewritten as positive
steps on a flipped copy (same elements, same order).

PyTorch has no index or scatter kernels for ``uint16``/``uint32``/``uint64``:
those run in their signed carriers (``_unsigned``; by rank for ``min``/``max``)
and are carried back.
"""

from __future__ import annotations

from typing import Any

import torch

from .._common.promotion import PYTHON_SCALARS
from ._host import compiler, dynamo_compiling, host_reads, transforms_active
from ._info import INDEX_DTYPES
from ._unsigned import SHELL_UNSIGNED, carry, uncarry

MUTABLE = True

_REDUCE = {"multiply": "prod", "min": "amin", "max": "amax"}
_INT64 = torch.int64


def _consumed(part: Any) -> int:
    """How many axes of the indexed tensor an index component consumes."""
    if part is None or part is Ellipsis:
        return 0
    if isinstance(part, torch.Tensor) and part.dtype == torch.bool:
        return part.ndim
    return 1


def _positive_steps(x: Any, idx: Any) -> tuple[Any, Any, tuple[int, ...]]:
    """``(x', idx', flipped_axes)`` with every negative-step slice of ``idx``
    turned into a positive-step slice on ``x`` flipped along that axis."""
    parts = idx if isinstance(idx, tuple) else (idx,)
    if not any(isinstance(p, slice) and p.step is not None and p.step < 0 for p in parts):
        return x, idx, ()
    ellipsis = next((i for i, p in enumerate(parts) if p is Ellipsis), None)
    before = parts if ellipsis is None else parts[:ellipsis]
    after = () if ellipsis is None else parts[ellipsis + 1:]
    axes: list[int | None] = []
    axis = 0
    for part in before:
        axes.append(axis if isinstance(part, slice) else None)
        axis += _consumed(part)
    axis = x.ndim
    tail: list[int | None] = []
    for part in reversed(after):
        axis -= _consumed(part)
        tail.append(axis if isinstance(part, slice) else None)
    axes += ([None] if ellipsis is not None else []) + tail[::-1]
    new_parts = list(parts)
    flipped = []
    for i, (part, dim) in enumerate(zip(parts, axes, strict=True)):
        if isinstance(part, slice) and part.step is not None and part.step < 0 and dim is not None:
            n = x.shape[dim]
            start, stop, step = part.indices(n)
            length = len(range(start, stop, step))
            first = n - 1 - start
            new_parts[i] = slice(first, first + length * -step, -step) if length else slice(0, 0)
            flipped.append(dim)
    flipped_axes = tuple(flipped)
    new_idx = tuple(new_parts) if isinstance(idx, tuple) else new_parts[0]
    return torch.flip(x, flipped_axes), new_idx, flipped_axes


def _as_values(values: Any, like: torch.Tensor) -> torch.Tensor:
    if isinstance(values, torch.Tensor):
        return values if values.dtype == like.dtype else values.to(dtype=like.dtype)
    return torch.as_tensor(values, dtype=like.dtype, device=like.device)


def _integer_tensor(idx: Any) -> bool:
    return (isinstance(idx, torch.Tensor) and not idx.dtype.is_floating_point
            and not idx.dtype.is_complex and idx.dtype != torch.bool)


def _flat_positions(out: torch.Tensor, idx: Any) -> tuple[torch.Tensor, bool]:
    """The positions in ``out.reshape(-1)`` that ``idx`` selects, shaped as
    ``out[idx]``, and whether they may still be negative. An integer tensor
    into a 1-d ``out`` is its own answer (made non-negative unless its values
    are readable, see the module's docstring); other index forms gather from
    an ``arange``."""
    if out.ndim == 1 and _integer_tensor(idx):
        positions: torch.Tensor = idx
        if positions.dtype not in INDEX_DTYPES or positions.device != out.device:
            positions = positions.to(device=out.device, dtype=_INT64)
        if host_reads(positions):
            return positions, True
        return _non_negative(positions, out.shape[0]), False
    return torch.arange(out.numel(), device=out.device).reshape(out.shape)[idx], False


def _non_negative(positions: torch.Tensor, n: int) -> torch.Tensor:
    positions = positions.to(_INT64)
    return torch.where(positions < 0, positions + n, positions)


def _scattered(flat: torch.Tensor, positions: torch.Tensor, op: str,
               vals: torch.Tensor) -> torch.Tensor:
    """``flat`` with ``vals`` combined in at ``positions`` by ``op``."""
    # Out-of-place forms: each copies ``flat`` once (the copy ``x`` needs
    # anyway), and unlike the in-place ones they work under torch.func.vmap
    # when only the index or the values are batched.
    if op in ("add", "subtract"):
        # index_add applies every duplicate, as index_put_(accumulate=True)
        # does, and is several times faster on CPU.
        return flat.index_add(0, positions, vals if op == "add" else -vals)
    if op in _REDUCE:
        return flat.scatter_reduce(0, positions.to(_INT64), vals, reduce=_REDUCE[op],
                                   include_self=True)
    # Dividing (or raising) by v1 then v2 is dividing by (raising to) v1 * v2:
    # collect the product of every occurrence, then apply once.
    factors = torch.ones_like(flat).scatter_reduce(0, positions.to(_INT64), vals,
                                                   reduce="prod", include_self=True)
    return flat / factors if op == "divide" else torch.pow(flat, factors)


# What PyTorch's CPU kernels raise for a position outside [0, n).
_OUT_OF_RANGE = (IndexError, RuntimeError)


def _accumulate(out: torch.Tensor, idx: Any, op: str, values: Any) -> torch.Tensor:
    positions, maybe_negative = _flat_positions(out, idx)
    if maybe_negative and positions.ndim == 1:
        # Eager, 1-d positions into a 1-d out (only those may be negative): no
        # reshapes, values broadcast only where their shape differs.
        flat, vals = out, _as_values(values, out)
        if vals.shape != positions.shape:
            vals = torch.broadcast_to(vals, positions.shape)
    else:
        vals = torch.broadcast_to(_as_values(values, out), positions.shape).reshape(-1)
        flat, positions = out.reshape(-1), positions.reshape(-1)
    if maybe_negative:
        # The kernels check every position: try as given (no extra pass when
        # none is negative); on failure, make them non-negative and retry, so
        # that a position out of range raises PyTorch's own error.
        try:
            scattered = _scattered(flat, positions, op, vals)
        except _OUT_OF_RANGE:
            positions = _non_negative(positions, flat.shape[0])
        else:
            return scattered if flat is out else scattered.reshape(out.shape)
    scattered = _scattered(flat, positions, op, vals)
    return scattered if flat is out else scattered.reshape(out.shape)


def update(x: Any, idx: Any, op: str, values: Any, in_place: bool) -> Any:
    """``x`` updated at ``idx`` by ``op`` with ``values``; a copy unless ``in_place``."""
    dtype = x.dtype
    if dtype in SHELL_UNSIGNED:
        order = op in ("min", "max")
        vals = carry(_as_values(values, x), dtype, order=order)
        out = uncarry(_update(carry(x, dtype, order=order), idx, op, vals, False), dtype,
                      order=order)
        return x.copy_(out) if in_place else out
    return _update(x, idx, op, values, in_place)


def _update(x: Any, idx: Any, op: str, values: Any, in_place: bool) -> Any:
    work, work_idx, flipped = _positive_steps(x, idx)
    if op == "set":
        out = work.clone() if work is x else work
        # A Python scalar as it is: the assignment casts it as as_tensor would.
        out[work_idx] = values if type(values) in PYTHON_SCALARS else _as_values(values, out)
    else:
        out = _accumulate(work, work_idx, op, values)
    if flipped:
        out = torch.flip(out, flipped)
    if in_place:
        return x.copy_(out)
    return out


def segment(op: str, data: Any, segment_ids: Any, num_segments: int) -> Any:
    """Reduce the rows of ``data`` into ``num_segments`` buckets; ids outside
    the range go to a spare bucket that is dropped (only when needed where that
    is known without a host sync, see the module's docstring)."""
    dtype = data.dtype
    if not dtype.is_floating_point and dtype in SHELL_UNSIGNED:
        # The carrier's fill values carry back to the unsigned ones: its
        # maximum (minimum) has the low bits of the unsigned maximum (0).
        order = op != "sum"
        out = segment(op, carry(data, dtype, order=order), segment_ids, num_segments)
        return uncarry(out, dtype, order=order)
    ids_dtype = segment_ids.dtype
    ids = (segment_ids if ids_dtype is _INT64 or ids_dtype in INDEX_DTYPES
           else segment_ids.to(_INT64))
    # The result's shape as a list: slicing a torch.Size builds another one.
    shape = list(data.shape)
    shape[0] = num_segments
    if data.is_cpu and ids.is_cpu and not (
            dynamo_compiling() or compiler._is_compiling_flag or transforms_active()):
        # The kernels check every id: with all in range (the usual case) no
        # extra pass; otherwise fall through to the spare bucket. In place into
        # the fresh buffer (as the hand-written version does); torch.func
        # transforms, excluded here, refuse that for batched data. (Not
        # plain_eager(), which also asks for torch.jit's tracing state: a
        # pybind11 call that this route, reading no index on the host, does
        # not need; see the module's docstring.)
        try:
            if op == "sum":
                return data.new_zeros(shape).index_add_(0, ids, data)
            return _segment_into(data.new_full(shape, _fill(op, dtype)), op, ids, data,
                                 in_place=True)
        except _OUT_OF_RANGE:
            pass
    if ids.device != data.device:
        ids = ids.to(data.device)
    valid = (ids >= 0) & (ids < num_segments)
    ids = torch.where(valid, ids.to(_INT64), num_segments)
    shape[0] = num_segments + 1
    # new_zeros clears memory where new_full would run a fill kernel.
    out = data.new_zeros(shape) if op == "sum" else data.new_full(shape, _fill(op, dtype))
    return _segment_into(out, op, ids, data, in_place=False)[:num_segments]


def _fill(op: str, dtype: torch.dtype) -> Any:
    """What an empty bucket of segment ``op`` (``"min"`` or ``"max"``) holds."""
    if dtype.is_floating_point or dtype.is_complex:
        return float("-inf") if op == "max" else float("inf")
    if dtype == torch.bool:
        return op == "min"
    info = torch.iinfo(dtype)
    return info.min if op == "max" else info.max


def _segment_into(out: torch.Tensor, op: str, ids: torch.Tensor, data: torch.Tensor, *,
                  in_place: bool) -> torch.Tensor:
    if op == "sum":
        return out.index_add_(0, ids, data) if in_place else out.index_add(0, ids, data)
    expanded = ids.to(_INT64).reshape(-1, *([1] * (data.ndim - 1))).expand_as(data)
    reduce = "amax" if op == "max" else "amin"
    if in_place:
        return out.scatter_reduce_(0, expanded, data, reduce=reduce, include_self=True)
    return out.scatter_reduce(0, expanded, data, reduce=reduce, include_self=True)

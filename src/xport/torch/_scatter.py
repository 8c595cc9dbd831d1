"""PyTorch's part of ``xport.at`` and the segment reductions.

``set`` is indexed assignment on a clone. The accumulating operations find the
flat positions ``idx`` selects (an integer tensor into a 1-d array is used
as it is; other forms gather from ``arange(numel).reshape(shape)[idx]``, so
every index form PyTorch accepts works) and apply ``index_add_`` /
``scatter_reduce_`` on the flat clone, which applies every duplicate. All of
it is autograd-, ``torch.func``- and ``torch.compile``-friendly and stays on
the input's device.

PyTorch rejects negative slice steps; such slices are rewritten as positive
steps on a flipped copy (same elements, same order).
"""

from __future__ import annotations

from typing import Any

import torch

MUTABLE = True

_REDUCE = {"multiply": "prod", "min": "amin", "max": "amax"}


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
        return values.to(dtype=like.dtype)
    return torch.as_tensor(values, dtype=like.dtype, device=like.device)


def _flat_positions(out: torch.Tensor, idx: Any) -> torch.Tensor:
    """The positions in ``out.reshape(-1)`` that ``idx`` selects, shaped as
    ``out[idx]``. An integer tensor into a 1-d ``out`` is its own answer (made
    non-negative); other index forms gather from an ``arange``."""
    if (out.ndim == 1 and isinstance(idx, torch.Tensor) and not idx.dtype.is_floating_point
            and not idx.dtype.is_complex and idx.dtype != torch.bool):
        idx = idx.to(device=out.device, dtype=torch.int64)
        return torch.where(idx < 0, idx + out.shape[0], idx)
    return torch.arange(out.numel(), device=out.device).reshape(out.shape)[idx]


def _accumulate(out: torch.Tensor, idx: Any, op: str, values: Any) -> torch.Tensor:
    positions = _flat_positions(out, idx)
    flat_positions = positions.reshape(-1)
    vals = torch.broadcast_to(_as_values(values, out), positions.shape).reshape(-1)
    flat = out.reshape(-1).clone()
    if op in ("add", "subtract"):
        # index_add_ applies every duplicate, as index_put_(accumulate=True)
        # does, and is several times faster on CPU.
        flat.index_add_(0, flat_positions, vals if op == "add" else -vals)
    elif op in _REDUCE:
        flat.scatter_reduce_(0, flat_positions, vals, reduce=_REDUCE[op], include_self=True)
    else:
        # Dividing (or raising) by v1 then v2 is dividing by (raising to) v1 * v2:
        # collect the product of every occurrence, then apply once.
        factors = torch.ones_like(flat)
        factors.scatter_reduce_(0, flat_positions, vals, reduce="prod", include_self=True)
        flat = flat / factors if op == "divide" else torch.pow(flat, factors)
    return flat.reshape(out.shape)


def update(x: Any, idx: Any, op: str, values: Any, in_place: bool) -> Any:
    """``x`` updated at ``idx`` by ``op`` with ``values``; a copy unless ``in_place``."""
    work, work_idx, flipped = _positive_steps(x, idx)
    if op == "set":
        out = work.clone() if work is x else work
        out[work_idx] = _as_values(values, out)
    else:
        out = _accumulate(work, work_idx, op, values)
    if flipped:
        out = torch.flip(out, flipped)
    if in_place:
        return x.copy_(out)
    return out


def segment(op: str, data: Any, segment_ids: Any, num_segments: int) -> Any:
    """Reduce the rows of ``data`` into ``num_segments`` buckets; ids outside
    the range go to a spare bucket that is dropped (no host sync)."""
    dtype = data.dtype
    if op == "sum":
        fill: Any = 0
    elif dtype.is_floating_point or dtype.is_complex:
        fill = float("-inf") if op == "max" else float("inf")
    elif dtype == torch.bool:
        fill = op == "min"
    else:
        info = torch.iinfo(dtype)
        fill = info.min if op == "max" else info.max
    out = torch.full((num_segments + 1, *data.shape[1:]), fill, dtype=dtype, device=data.device)
    valid = (segment_ids >= 0) & (segment_ids < num_segments)
    ids = torch.where(valid, segment_ids, num_segments).to(torch.int64)
    if op == "sum":
        out = out.index_add(0, ids, data)
    else:
        expanded = ids.reshape(-1, *([1] * (data.ndim - 1))).expand_as(data)
        out = out.scatter_reduce(0, expanded, data, reduce="amax" if op == "max" else "amin",
                                 include_self=True)
    return out[:num_segments]

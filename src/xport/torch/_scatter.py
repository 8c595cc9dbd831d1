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
transform, where reading a value costs no device sync and bakes nothing into
a graph, one reduction checks whether that pass is needed; everywhere else the
pass always runs, so there is never a host sync the native call would not have.

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


_INDEX_DTYPES = (torch.int64, torch.int32)


def _readable(t: torch.Tensor) -> bool:
    """Whether ``t``'s values can be read on the host for free: a plain CPU
    tensor, outside ``torch.compile``/``torch.jit`` tracing and ``torch.func``."""
    return (t.device.type == "cpu" and not torch.compiler.is_compiling()
            and torch._C._get_tracing_state() is None
            and not torch._C._functorch.is_functorch_wrapped_tensor(t))


def _flat_positions(out: torch.Tensor, idx: Any) -> torch.Tensor:
    """The positions in ``out.reshape(-1)`` that ``idx`` selects, shaped as
    ``out[idx]``. An integer tensor into a 1-d ``out`` is its own answer (made
    non-negative); other index forms gather from an ``arange``."""
    if (out.ndim == 1 and isinstance(idx, torch.Tensor) and not idx.dtype.is_floating_point
            and not idx.dtype.is_complex and idx.dtype != torch.bool):
        if idx.dtype not in _INDEX_DTYPES or idx.device != out.device:
            idx = idx.to(device=out.device, dtype=torch.int64)
        positions: torch.Tensor = idx
        if _readable(positions) and (positions.numel() == 0 or int(positions.min()) >= 0):
            return positions
        positions = positions.to(torch.int64)
        return torch.where(positions < 0, positions + out.shape[0], positions)
    return torch.arange(out.numel(), device=out.device).reshape(out.shape)[idx]


def _accumulate(out: torch.Tensor, idx: Any, op: str, values: Any) -> torch.Tensor:
    positions = _flat_positions(out, idx)
    flat_positions = positions.reshape(-1)
    vals = torch.broadcast_to(_as_values(values, out), positions.shape).reshape(-1)
    flat = out.reshape(-1)
    # Out-of-place forms: each copies ``flat`` once (the copy ``x`` needs
    # anyway), and unlike the in-place ones they work under torch.func.vmap
    # when only the index or the values are batched.
    if op in ("add", "subtract"):
        # index_add applies every duplicate, as index_put_(accumulate=True)
        # does, and is several times faster on CPU.
        flat = flat.index_add(0, flat_positions, vals if op == "add" else -vals)
    elif op in _REDUCE:
        flat = flat.scatter_reduce(0, flat_positions, vals, reduce=_REDUCE[op],
                                   include_self=True)
    else:
        # Dividing (or raising) by v1 then v2 is dividing by (raising to) v1 * v2:
        # collect the product of every occurrence, then apply once.
        factors = torch.ones_like(flat).scatter_reduce(0, flat_positions, vals, reduce="prod",
                                                       include_self=True)
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
    the range go to a spare bucket that is dropped (checked first where that
    costs no host sync, see the module's docstring)."""
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
    ids = segment_ids.to(device=data.device)
    spare = 1
    if ids.dtype not in _INDEX_DTYPES:
        ids = ids.to(torch.int64)
    if _readable(ids) and _within(ids, num_segments):
        spare = 0
    else:
        valid = (ids >= 0) & (ids < num_segments)
        ids = torch.where(valid, ids.to(torch.int64), num_segments)
    out = torch.full((num_segments + spare, *data.shape[1:]), fill, dtype=dtype,
                     device=data.device)
    if op == "sum":
        out = out.index_add(0, ids, data)
    else:
        expanded = ids.to(torch.int64).reshape(-1, *([1] * (data.ndim - 1))).expand_as(data)
        out = out.scatter_reduce(0, expanded, data, reduce="amax" if op == "max" else "amin",
                                 include_self=True)
    return out[:num_segments] if spare else out


def _within(ids: torch.Tensor, n: int) -> bool:
    if ids.numel() == 0:
        return True
    low, high = torch.aminmax(ids)
    return int(low) >= 0 and int(high) < n

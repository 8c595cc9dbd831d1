"""Streams: a draw's values as a function of its flat counters.

Element ``i`` of a draw of ``shape`` encrypts the counter pair
``(i >> 32, i & 0xffffffff)`` of its row-major flat index (JAX's
``jax_threefry_partitionable``), so any run of counters can be computed on
its own: a stream program computes the values of a run, and a draw runs it
over all its counters, in one piece, block by block or compiled, as the
backend's ``RandomHooks`` say (``block`` / ``blockwise``,
``compiled_stream``). The counters make every block's numbers those of the
whole draw.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Final, TypeVar

from .words import Words

# Counters are built with a 32-bit arange, so one draw holds fewer elements.
MAX_SIZE: Final = 1 << 31

# A stream program ``(fn, args)``: the values of the counters start .. stop - 1
# are ``fn(target, start, stop, device, *args)``. ``fn`` is a function of a
# module of the engine (compiled code is cached by it) and ``args`` hold 0-d
# arrays and constants (kind names, dtypes, flags), never Python numbers that vary.
Program = tuple[Callable[..., Any], tuple[Any, ...]]

_F = TypeVar("_F", bound=Callable[..., Any])
_ROUNDING_IN_FLOAT64: set[Callable[..., Any]] = set()


def rounds_in_float64(fn: _F) -> _F:
    """Mark the program function ``fn`` as one whose float32 steps round
    through float64 (``xla_float32``'s fused multiply-adds), for compilers
    whose code for such conversions differs in speed (``rounding_in_float64``)."""
    _ROUNDING_IN_FLOAT64.add(fn)
    return fn


def rounding_in_float64(fn: Callable[..., Any]) -> bool:
    """Whether the program function ``fn`` was marked by :func:`rounds_in_float64`."""
    return fn in _ROUNDING_IN_FLOAT64


def draw_size(shape: tuple[int, ...]) -> int:
    """The number of elements of a draw of ``shape`` (``ValueError`` from 2**31)."""
    size = math.prod(shape)
    if size >= MAX_SIZE:
        raise ValueError(f"xport.random draws fewer than 2**31 numbers per call; "
                         f"shape {shape} asks for {size}. Split the key and draw in parts.")
    return size


def stream(w: Words, shape: tuple[int, ...], device: Any, program: Program,
           offset: int = 0) -> Any:
    """``program``'s values for the flat counters offset .. offset+size-1 of
    ``shape``, reshaped to ``shape``. A nonzero ``offset`` draws one part of a
    larger draw."""
    size = draw_size(shape)
    if offset + size > MAX_SIZE:
        raise ValueError("xport.random draws fewer than 2**31 numbers per call")
    run = eager_stream
    if w.target.hooks.compiled_stream is not None:  # not `or`: Dynamo before torch 2.5
        run = w.target.hooks.compiled_stream
    return w.xp.reshape(run(w, program, offset, size, device), shape)


def eager_stream(w: Words, program: Program, start: int, size: int, device: Any) -> Any:
    """The flat stream of ``program`` from counter ``start``, block by block
    where the backend's ``blockwise(device)`` says so, else in one piece.

    Eager libraries on the CPU run large draws block by block: hundreds of
    operations per element then touch cache-sized temporaries instead of
    fresh memory. Accelerators, lazy and traced libraries get whole-array
    operations: a fixed number of kernels per draw, whatever its size."""
    target = w.target
    xp = w.xp
    fn, args = program
    hooks = target.hooks
    block, blockwise = hooks.block, hooks.blockwise
    if blockwise is None or size <= block or not blockwise(device):
        return fn(target, start, start + size, device, *args)
    # Eager libraries take slice assignment: blocks land in the output directly.
    first = fn(target, start, start + block, device, *args)
    out = xp.empty((size,), dtype=first.dtype, device=device)
    out[:block] = first
    for at in range(block, size, block):
        out[at:at + block] = fn(target, start + at, start + min(size, at + block), device,
                                *args)
    return out

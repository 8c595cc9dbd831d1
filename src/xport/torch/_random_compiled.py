"""Eager PyTorch draws as one compiled kernel, once compiling pays.

Eager, a draw runs the cipher and its sampler as ~150 to ~400 tensor
operations: one kernel launch each on a GPU, and on the CPU passes over the
draw that keep its cache busy. ``torch.compile`` (inductor) fuses a stream
program (see ``_common/random/streams.Program``) into one kernel, C++ on the CPU and
Triton on GPUs, with the same numbers.

Compiling takes seconds (about 3 s per program with inductor's on-disk cache
warm, about 20 s cold, on a 2-core machine), which a process drawing a few
numbers never gets back. So a program is compiled only once its eager draws
have taken ``XPORT_RANDOM_COMPILE`` seconds in this process (default 2, about
what compiling costs: ``_common/random/budget.py``); ``always`` compiles at the
first draw and ``never`` never does. Draws inside ``torch.compile``, ``torch.func``
transforms, tracing or a ``TorchDispatchMode`` run the program as it is.

The first run of each compiled variant (program, device type, argument
dtypes and constants) is compared bit for bit with the eager program on the
same counters. A failure to compile or a difference warns once and keeps that
variant eager: a slower draw, never a different number.
"""

from __future__ import annotations

import math
import os
import sys
import warnings
from collections.abc import Callable
from typing import Any, Final

import torch

from .._common.random.budget import ENVIRONMENT, Specialisation, seconds_before_specialising
from .._common.random.streams import Program, eager_stream, rounding_in_float64
from .._common.random.words import Words
from ._host import plain_eager

_DEFAULT_SECONDS: Final = 2.0
# Counters checked against the eager program at a variant's first run: more
# than a few of inductor's vector widths, and a remainder for its tail loop.
_CHECKED: Final = 4099
_FIRST_SIZE: Final = 1 << 20
_MAX_COUNTER: Final = 1 << 31


class _Program(Specialisation):
    """One program's eager time so far, its compiled function once made
    (``made``), and its variants: True once checked, False where compiling
    failed or differed (they stay eager)."""

    __slots__ = ("variants",)

    def __init__(self) -> None:
        super().__init__()
        self.variants: dict[tuple[Any, ...], bool] = {}


_programs: dict[Callable[..., Any], _Program] = {}


def _compilable(device: Any, args: tuple[Any, ...]) -> bool:
    return (plain_eager(*args) and not torch._C._len_torch_dispatch_stack()
            and getattr(device, "type", "cpu") != "meta")


def _variant(device: Any, args: tuple[Any, ...]) -> tuple[Any, ...]:
    return (getattr(device, "type", "cpu"),
            *(a.dtype if isinstance(a, torch.Tensor) else a for a in args))


def stream(w: Words, program: Program, start: int, size: int, device: Any) -> Any:
    """The flat stream of ``program`` for counters ``start .. start+size-1``:
    compiled where that is ready and checked, else eager (timed towards
    compiling)."""
    fn, args = program
    # Traced code (checked first: Dynamo reads no environment) draws eagerly.
    if not _compilable(device, args):
        return eager_stream(w, program, start, size, device)
    budget = seconds_before_specialising(_DEFAULT_SECONDS)
    if budget == math.inf:
        return eager_stream(w, program, start, size, device)
    state = _programs.get(fn)
    if state is None:
        state = _programs[fn] = _Program()
    compiled = state.made_once_paid(
        budget, lambda: torch.compile(fn, dynamic=True, fullgraph=True,
                                      options=_compile_options(fn)))
    if compiled is None:
        return state.timed(lambda: eager_stream(w, program, start, size, device))
    variant = _variant(device, args)
    if variant not in state.variants:
        state.variants[variant] = _first_run_agrees(compiled, fn, variant,
                                                    (w.target, start, size, device, *args))
    if state.variants[variant]:
        return _call(compiled, w.target, start, start + size, device, *args)
    return eager_stream(w, program, start, size, device)


def _compile_options(fn: Callable[..., Any]) -> dict[str, Any] | None:
    """Inductor's options for the program ``fn``: 256-bit vectors in CPU code
    where the machine has wider ones, for programs that round through float64.
    Inductor's 512-bit conversions between float32 and float64 vectors make
    such a kernel 3-5x slower than its 256-bit ones (normals on AVX-512), while
    the integer programs gain from the width."""
    if not rounding_in_float64(fn):
        return None
    try:
        from torch._inductor.cpu_vec_isa import pick_vec_isa
        width = pick_vec_isa().bit_width()
    except Exception:  # a PyTorch without the probe, or a failing one: its defaults
        return None
    return {"cpp.simdlen": 256} if width > 256 else None


def _first_run_agrees(compiled: Callable[..., Any], fn: Callable[..., Any],
                      variant: tuple[Any, ...], draw: tuple[Any, ...]) -> bool:
    """Run the compiled variant once for ``draw`` (target, start, size,
    device and the program's arguments) and compare it with the eager
    program; warn where they differ or compiling fails."""
    target, start, size, device, *args = draw
    try:
        # Inductor decides how to split a kernel over threads by the sizes of
        # its first run: a large one, as most compiled draws are.
        stop = min(start + max(size, _FIRST_SIZE), _MAX_COUNTER)
        got = _call(compiled, target, start, stop, device, *args)[:_CHECKED]
        agrees = _same_bits(got, fn(target, start, start + got.shape[0], device, *args))
        problem = "gave other numbers than its eager code"
    except Exception as error:
        agrees = False
        first_line = (str(error).strip().splitlines() or [""])[0][:200]
        problem = f"failed: {type(error).__name__}: {first_line}"
    if not agrees:
        warnings.warn(f"xport.random: torch.compile of {fn.__name__} for {variant} {problem}; "
                      f"these draws stay eager (slower, the same numbers). Set "
                      f"{ENVIRONMENT}=never to skip compiling.", RuntimeWarning,
                      stacklevel=_caller_level())
    return agrees


def _call(compiled: Callable[..., Any], *args: Any) -> Any:
    """``compiled(*args)``, with Python floats (the samplers' coefficients) taken
    as constants should Dynamo trace: lifted to inputs, as torch 2.13 does with
    ``dynamic=True``, they cost 0.2 ms a call and 10 % of the kernel's speed."""
    config = torch._dynamo.config
    if not hasattr(config, "specialize_float"):
        return compiled(*args)
    before = config.specialize_float
    config.specialize_float = True
    try:
        return compiled(*args)
    finally:
        config.specialize_float = before


def _caller_level() -> int:
    """The stack level of the first caller outside xport, for a warning."""
    package = os.path.dirname(os.path.dirname(__file__))
    frame, level = sys._getframe(1), 1
    while frame.f_back is not None and frame.f_code.co_filename.startswith(package):
        frame, level = frame.f_back, level + 1
    return level


def _same_bits(a: Any, b: Any) -> bool:
    if a.shape != b.shape or a.dtype != b.dtype:
        return False
    if a.is_floating_point():
        # Bit for bit, NaN payloads included.
        bits = torch.int64 if a.element_size() == 8 else torch.int32
        a, b = a.view(bits), b.view(bits)
    return bool(torch.equal(a, b))

"""Small timing helpers: best-of-N per-call time in microseconds."""

from __future__ import annotations

import argparse
import ctypes
import functools
import gc
import importlib.util
import random
import statistics
import time
import timeit
import types
from collections.abc import Callable, Iterator
from typing import Any


def _completed(fn: Callable[[], Any], sync: Callable[[Any], Any] | None) -> Callable[[], Any]:
    """``fn``, with ``sync`` (e.g. ``block_until_ready``) applied to each result
    where given, so that asynchronous backends are timed to completion."""
    return fn if sync is None else (lambda: sync(fn()))


def best_us(fn: Callable[[], Any], *, repeat: int = 7, min_time: float = 0.05,
            sync: Callable[[Any], Any] | None = None) -> float:
    """Best per-call time of ``fn`` over ``repeat`` runs of at least ``min_time``
    seconds each. ``sync`` (e.g. ``block_until_ready``) is applied to each
    result, so asynchronous backends are timed to completion."""
    call = _completed(fn, sync)
    call()  # warm up (compilation, caches)
    number = 1
    while True:
        elapsed = timeit.timeit(call, number=number)
        if elapsed >= min_time or number >= 1 << 22:
            break
        number *= 2
    runs = timeit.repeat(call, number=number, repeat=repeat)
    return min(runs) / number * 1e6


def table(rows: list[dict[str, Any]], columns: list[tuple[str, str]]) -> str:
    """Render ``rows`` as a fixed-width text table with ``(key, header)`` columns."""
    def cell(value: Any) -> str:
        if isinstance(value, float):
            return f"{value:.3f}" if abs(value) < 100 else f"{value:.1f}"
        return "-" if value is None else str(value)

    rendered = [[cell(row.get(key)) for key, _ in columns] for row in rows]
    widths = [max(len(header), *(len(r[i]) for r in rendered)) if rendered else len(header)
              for i, (_, header) in enumerate(columns)]
    lines = ["  ".join(h.ljust(w) for (_, h), w in zip(columns, widths, strict=True)),
             "  ".join("-" * w for w in widths)]
    lines += ["  ".join(c.rjust(w) for c, w in zip(r, widths, strict=True)) for r in rendered]
    return "\n".join(lines)


def compare_us(fns: dict[str, Callable[[], Any]], *, repeat: int = 7, min_time: float = 0.05,
               sync: Callable[[Any], Any] | None = None) -> dict[str, float]:
    """Best per-call time (microseconds) of each of ``fns``, measured
    *interleaved*: every repeat times each function once in turn, so a burst of
    load from other processes hits all of them alike (on a busy machine the
    ratios are then far steadier than with :func:`best_us` one after another),
    in an order shuffled afresh each round (:func:`_round_orders`).
    Each function is warmed up and gets its own calls-per-run count, as in
    :func:`best_us`."""
    calls = {name: _completed(f, sync) for name, f in fns.items()}
    numbers = {}
    for name, call in calls.items():
        call()  # warm up (compilation, caches)
        number = 1
        while timeit.timeit(call, number=number) < min_time and number < 1 << 22:
            number *= 2
        numbers[name] = number
    best = dict.fromkeys(calls, float("inf"))
    for order in _round_orders(list(calls), repeat):
        for name in order:
            call = calls[name]
            best[name] = min(best[name], timeit.timeit(call, number=numbers[name]) / numbers[name])
    return {name: t * 1e6 for name, t in best.items()}


def _round_orders(names: list[str], rounds: int | None = None) -> Iterator[list[str]]:
    """The order in which each round times the contenders ``names``: a fresh
    shuffle per round (seeded, so every run has the same sequence), endless
    where ``rounds`` is None. What a call leaves behind (freed buffers, the
    allocator's free lists, caches) is met by whichever contender runs next;
    a fixed cycle, even one that starts each round with another contender,
    gives each contender the same predecessor in nearly every round, and so
    charges one of them the cost of another."""
    rng = random.Random(0)
    order = list(names)
    done = 0
    while rounds is None or done < rounds:
        rng.shuffle(order)
        yield list(order)
        done += 1


def compare_paired(fns: dict[str, Callable[[], Any]], *, baseline: str, budget: float = 4.0,
                   chunk: float = 0.005, min_rounds: int = 15,
                   sync: Callable[[Any], Any] | None = None
                   ) -> tuple[dict[str, float], dict[str, float]]:
    """Each of ``fns`` against ``fns[baseline]``, for calls long enough that a
    percent matters (milliseconds): ``(ratios, times)``, where ``ratios[name]``
    is the median over rounds of the per-call time of ``name`` divided by the
    baseline's *in the same round*, and ``times[name]`` the median per-call
    time in microseconds.

    A round times each function once in turn, for about ``chunk`` seconds each
    (whole calls), in an order shuffled afresh each round (:func:`_round_orders`:
    no contender always runs after the same other one); rounds repeat
    for ``budget`` seconds (at least ``min_rounds``). On a shared machine the
    speed of the same code moves in bursts: the best of a few rounds (as in
    :func:`compare_us`) then picks whichever contender met a fast burst, and
    two copies of one function can differ by tens of percent. Adjacent chunks share
    the machine's state, so their ratio cancels it, and the median drops the
    rounds a burst split. ``sync`` is applied to each result, as in
    :func:`compare_us`.
    """
    calls = {name: _completed(f, sync) for name, f in fns.items()}
    numbers = {}
    for name, call in calls.items():
        call()  # warm up (compilation, caches)
        start = time.perf_counter()
        call()
        numbers[name] = max(1, int(chunk / max(time.perf_counter() - start, 1e-9)))
    order = list(calls)
    per_call: dict[str, list[float]] = {name: [] for name in order}
    enabled = gc.isenabled()
    gc.disable()  # as timeit does: a collection lands in one contender's chunk
    try:
        deadline = time.perf_counter() + budget
        for round_, round_order in enumerate(_round_orders(order)):
            if round_ >= min_rounds and time.perf_counter() >= deadline:
                break
            for name in round_order:
                call, number = calls[name], numbers[name]
                start = time.perf_counter()
                for _ in range(number):
                    call()
                per_call[name].append((time.perf_counter() - start) / number)
    finally:
        if enabled:
            gc.enable()
    base = per_call[baseline]
    ratios = {name: statistics.median(t / b for t, b in zip(times, base, strict=True))
              for name, times in per_call.items()}
    return ratios, {name: statistics.median(times) * 1e6 for name, times in per_call.items()}


def add_torch_threads_option(parser: Any) -> None:
    """``--torch-threads`` (default 1): on a few shared cores, multi-threaded
    PyTorch kernels make interleaved ratios erratic (a case moved from +2 %
    to +29 % between two runs on 2 cores)."""
    parser.add_argument("--torch-threads", type=int, default=1,
                        help="PyTorch's CPU threads (default 1: steadier ratios)")


def set_torch_threads(threads: int, backends: list[str]) -> None:
    """Apply ``--torch-threads`` when PyTorch is among ``backends``."""
    if "torch" in backends:
        import torch

        torch.set_num_threads(threads)


def steady_allocator() -> bool:
    """Keep freed blocks of up to 32 MiB in the process (glibc ``mallopt``: no
    ``mmap`` per large block, no trimming). glibc's adaptive threshold
    otherwise maps and unmaps the temporaries of some runs and not others:
    the same two PyTorch programs timed 4.9 ms in one process and 6.7 ms in
    the next, and one contender of a pair could pay the page faults alone
    (+28 % for identical kernels). False where there is no glibc."""
    try:
        libc = ctypes.CDLL("libc.so.6")
    except OSError:
        return False
    m_trim_threshold, m_mmap_threshold = -1, -3
    limit = 32 << 20  # glibc's largest mmap threshold on 64-bit
    return bool(libc.mallopt(m_mmap_threshold, limit)) and \
        bool(libc.mallopt(m_trim_threshold, 2 * limit))


def parse_run_options(description: str, backends: str, argv: list[str] | None,
                      more: Callable[[argparse.ArgumentParser], object] | None = None,
                      ) -> tuple[argparse.Namespace, list[str]]:
    """The options every interleaved benchmark takes (``--backends``,
    ``--quick``, ``--json``, ``--torch-threads``, and what ``more`` adds to
    the parser), parsed, and the backends asked for that are installed;
    applies the PyTorch threads and :func:`steady_allocator`."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--backends", default=backends)
    parser.add_argument("--quick", action="store_true", help="smaller inputs, fewer rounds")
    parser.add_argument("--json", metavar="PATH", help="also write the rows as JSON")
    add_torch_threads_option(parser)
    if more is not None:
        more(parser)
    args = parser.parse_args(argv)
    wanted = [b for b in args.backends.split(",") if importlib.util.find_spec(b) is not None]
    set_torch_threads(args.torch_threads, wanted)
    steady_allocator()
    return args, wanted


def own_code(f: Callable[..., Any]) -> Callable[..., Any]:
    """``f`` with a code object of its own. torch.compile caches compiled code
    per code object: two compiled functions sharing one (closures made by one
    factory, or one function compiled twice) slow each other's calls by up
    to 2x, which would show as overhead of whichever is timed second."""
    twin = types.FunctionType(f.__code__.replace(), f.__globals__, f.__name__,
                              f.__defaults__, f.__closure__)
    return functools.update_wrapper(twin, f)

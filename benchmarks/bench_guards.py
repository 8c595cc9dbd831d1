"""What ``torch.compile``'d code pays per call for xport: the guards.

Before each call of a compiled function, Dynamo checks the guards it recorded
while tracing: that every global the trace read (module, function, table,
default value) is still what it was. Code that calls xport reads more of them
than hand-written code (the dispatch table, each wrapper's module and
defaults), so its guards take longer to check; that is xport's whole per-call
cost in compiled code wherever the graphs are the same.

Run with ``python -m benchmarks.bench_guards`` (``--quick`` for smaller
inputs). Rows: ``namespace_of(x)`` and one reduction against the same
reduction written with torch and with array-api-compat's ``array_namespace``,
then each example function (``examples/``, as ``benchmarks.bench_examples``
compiles them, after an eager call) against its hand-written twin. Each
function is compiled with ``torch.compile(fullgraph=True, backend="eager")``
(the guards are Dynamo's; inductor adds a few of its own, for shapes, to
every function alike) and its guard check is timed on its own, interleaved
with the others of its row (``check us``), and again right after 4 MiB were
copied, in paired rounds (``cold us``): in use, each call's kernels evict the
guards' objects from the caches before the next call's check, which then
costs several times as much, so ``cold us`` is the nearer to what a compiled
call pays.
``guards`` counts the checks; ``in Python`` counts those Dynamo could not
express in C++ (an object reached by two routes), which run as one Python
function.

``--record`` / ``--check`` record the ratios of the check times timed alone
(xport's over torch's: the steadier figure) in
``benchmarks/baseline/guards.json`` or fail when one grew by more than half
over it (``benchmarks/guard.py``; CI runs ``--check``).

Reads Dynamo's cache entries (a private API, as PyTorch 2.4 to 2.13 have it);
prints why not where the installed PyTorch has none.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from examples.native import NATIVE

import xport
from benchmarks import bench_examples, guard
from benchmarks._record import environment
from benchmarks._timing import compare_paired, compare_us, own_code, set_torch_threads, table

BASELINE = Path(__file__).resolve().parent / "baseline" / "guards.json"

# Dynamo's own Python check of saved-tensor hooks is made by every trace.
_IN_PYTHON = re.compile(r"\+- LAMBDA_GUARD: (?!torch\._functorch)")
_LEAF = re.compile(r"\+- (?!GuardManager|DictGuardManager|RootGuardManager|KeyValueManager"
                   r"|KeyManager|ValueManager)[A-Z_]+:")


def _guard_check(compiled: Callable[..., Any], f: Callable[..., Any],
                 args: tuple[Any, ...]) -> tuple[Callable[[], Any], str]:
    """(a call that checks the guards ``compiled`` recorded for ``f`` with the
    frame's variables for ``args``, the guards as Dynamo prints them)."""
    from torch._dynamo.eval_frame import _debug_get_cache_entry_list

    compiled(*args)
    entries = _debug_get_cache_entry_list(f.__code__)
    if len(entries) != 1:
        raise RuntimeError(f"{f.__name__}: {len(entries)} compiled entries, expected one")
    # PyTorch 2.4 calls it check_fn; later versions, guard_manager.
    manager = getattr(entries[0], "guard_manager", None) or entries[0].check_fn
    code = f.__code__
    count = code.co_argcount
    frame = dict(zip(code.co_varnames[:count], args[:count], strict=True))
    if code.co_flags & 0x04:  # *args
        frame[code.co_varnames[count]] = args[count:]
    frame.update((name, cell.cell_contents)
                 for name, cell in zip(code.co_freevars, f.__closure__ or (), strict=True))
    if not manager.check(frame):
        raise RuntimeError(f"{f.__name__}: its guards fail on the arguments it was compiled for")
    return (lambda: manager.check(frame)), str(manager)


def _row(case: str, functions: dict[str, Callable[..., Any]], args: tuple[Any, ...],
         quick: bool) -> list[dict[str, object]]:
    import torch

    checks, printed = {}, {}
    for name, function in functions.items():
        f = own_code(function)
        checks[name], printed[name] = _guard_check(
            torch.compile(f, fullgraph=True, backend="eager"), f, args)
    times = compare_us(checks, repeat=5 if quick else 11, min_time=0.01 if quick else 0.02)
    cold = _cold_us(checks, quick)
    return [{"case": case, "code": name, "guards": len(_LEAF.findall(printed[name])),
             "in Python": len(_IN_PYTHON.findall(printed[name])),
             "check us": times[name], "over torch us": times[name] - times["torch"],
             "ratio": times[name] / times["torch"] if name == "xport" else None,
             "cold us": cold[name], "cold over torch us": cold[name] - cold["torch"]}
            for name in functions]


def _cold_us(checks: dict[str, Callable[[], Any]], quick: bool) -> dict[str, float]:
    """Each guard check's time right after 4 MiB were copied (us): every
    call's kernels evict the guards' objects from the caches, and a check then
    costs several times what it does timed alone. Timed as the copy followed
    by the check, in paired rounds with the copy alone (``compare_paired``:
    the median over rounds of the ratio, steadier than a best-of under bursts
    of load); the check's time is that ratio's excess times the copy's."""
    import torch

    source = torch.zeros(1 << 20)
    target = torch.empty_like(source)

    def copy() -> None:
        target.copy_(source)

    timed: dict[str, Callable[[], Any]] = {"copy": copy}
    for name, check in checks.items():
        timed[name] = lambda check=check: (copy(), check())
    ratios, times = compare_paired(timed, baseline="copy", budget=0.5 if quick else 2.0,
                                   chunk=0.002)
    return {name: (ratios[name] - 1) * times["copy"] for name in checks}


def rows(quick: bool) -> list[dict[str, object]]:
    """The dispatch row, then one row per example function."""
    import torch

    x = torch.linspace(0.0, 1.0, 8)
    functions: dict[str, Callable[..., Any]] = {
        "torch": lambda x: torch.sum(x, dim=0),
        "xport": lambda x: xport.namespace_of(x).sum(x, axis=0),
    }
    try:
        from array_api_compat import array_namespace
    except ImportError:
        pass
    else:
        functions["compat"] = lambda x: array_namespace(x).sum(x, axis=0)
    for f in functions.values():
        f(x)  # the eager call first: the steady state
    out = _row("namespace_of(x).sum(x, axis=0)", functions, (x,), quick)
    xp = xport.namespace("torch")
    for name, (ours, inputs) in bench_examples.FUNCTIONS.items():
        args = inputs(xp, True)
        native = NATIVE[name]["torch"]()
        if name == "mechanics.step":
            native = bench_examples._step(native)
        ours(*args)
        native(*args)
        arrays = tuple(a for a in args if hasattr(a, "shape"))
        out += _row(name, {"torch": bench_examples._closed(native, args),
                           "xport": bench_examples._closed(ours, args)}, arrays, quick)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer rounds")
    parser.add_argument("--check", nargs="?", const=str(BASELINE), metavar="BASELINE",
                        help="fail (exit 1) when a ratio grew by more than half over the one "
                        "recorded (default benchmarks/baseline/guards.json)")
    parser.add_argument("--record", nargs="?", const=str(BASELINE), metavar="BASELINE",
                        help="record this run's ratios as the baseline --check compares to")
    args = parser.parse_args(argv)
    try:
        import torch
        from torch._dynamo.eval_frame import _debug_get_cache_entry_list  # noqa: F401
    except ImportError as e:
        print(f"bench_guards needs PyTorch with Dynamo's cache entries: {e}")
        return 0
    set_torch_threads(1, ["torch"])
    torch._dynamo.config.cache_size_limit = max(torch._dynamo.config.cache_size_limit, 64)
    measured = rows(args.quick)
    print(table(measured, [("case", "case"), ("code", "code"), ("guards", "guards"),
                           ("in Python", "in Python"), ("check us", "check us"),
                           ("over torch us", "over torch us"), ("ratio", "over torch x"),
                           ("cold us", "cold us"), ("cold over torch us", "cold over torch us")]))
    ratios = guard.ratios({"guards": measured})
    if args.record:
        guard.record(Path(args.record), ratios, environment())
        print(f"\nrecorded {len(ratios)} ratios in {args.record}")
    if args.check:
        return guard.check(Path(args.check), ratios,
                           lambda: guard.ratios({"guards": rows(args.quick)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())

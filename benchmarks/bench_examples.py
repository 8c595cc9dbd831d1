"""Overhead of the example libraries (``examples/``) against hand-written native
code (``examples/native.py``), as Ivy's paper measured its libraries (issue #22).

Run with ``python -m benchmarks.bench_examples`` (``--backends numpy,torch``
restricts; ``--quick`` for smaller inputs; ``--json PATH`` writes the rows;
``--processes N`` times each backend in N fresh processes and reports medians).
Per function and backend: time(xport) / time(native) - 1, eager and compiled
(``jax.jit``, ``torch.compile(fullgraph=True)`` with inductor,
``tf.function``), timed interleaved in one process: the median over rounds of
each contender's time over the hand-written one's in the same round
(``_timing.compare_paired``). Goal: <= 1 % eager and
<= 0.1 % compiled (median per backend), no function above 3 % eager.
Compiled rows also time xport's function through ``xport.jit`` (``xport.jit
%``), the way ``examples/`` compiles its own (``mechanics.compiled_step``): on
PyTorch it drops Dynamo's guards on xport's modules, which a plain
``torch.compile`` checks before every call.

Each row also times the hand-written function against a second copy of itself
(``A/A %``): the same program, so whatever that column shows is the clock's
spread in this run, the resolution below which the overhead column says nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from typing import Any

import numpy as np
from examples import mechanics, stats, vision
from examples.native import NATIVE

import xport
from benchmarks._record import write_json
from benchmarks._timing import (
    compare_paired,
    own_code,
    parse_run_options,
    table,
)

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

Inputs = Callable[[Any, bool], tuple[Any, ...]]


def _floats(xp: Any, values: Any) -> Any:
    return xp.asarray(np.asarray(values, dtype=np.float32))


def _step_inputs(xp: Any, quick: bool) -> tuple[Any, ...]:
    side = 16 if quick else 48
    x, v, springs = mechanics.cloth(xp, side, side, dtype=xp.float32)
    return x, v, springs


def _sample_inputs(xp: Any, quick: bool) -> tuple[Any, ...]:
    rng = np.random.default_rng(0)
    side, n = (64, 4096) if quick else (256, 65536)
    return (_floats(xp, rng.normal(size=(side, side, 3))),
            _floats(xp, rng.uniform(-1, side, size=(n, 2))))


def _kde_inputs(xp: Any, quick: bool) -> tuple[Any, ...]:
    rng = np.random.default_rng(1)
    samples, points = (500, 200) if quick else (4000, 1000)
    return _floats(xp, rng.normal(size=samples)), _floats(xp, np.linspace(-4, 4, points)), 0.3


def _step(step: Callable[..., Any]) -> Callable[..., Any]:
    def stepped(x: Any, v: Any, springs: mechanics.Springs) -> Any:
        return step(x, v, springs, stiffness=50.0, damping=0.05, dt=0.002)
    return stepped


FUNCTIONS: dict[str, tuple[Callable[..., Any], Inputs]] = {
    "mechanics.step": (_step(mechanics.step), _step_inputs),
    "vision.bilinear_sample": (vision.bilinear_sample, _sample_inputs),
    "stats.gaussian_kde": (stats.gaussian_kde, _kde_inputs),
}
GATHER_SCATTER = ("mechanics.step", "vision.bilinear_sample")


def _compiler(backend: str) -> tuple[Callable[[Callable[..., Any]], Any], Any] | None:
    """(compile, sync) of the backend's tracing compiler."""
    if backend == "jax":
        import jax

        return jax.jit, jax.block_until_ready
    if backend == "torch":
        import torch

        return (lambda f: torch.compile(f, fullgraph=True)), None
    if backend == "tensorflow":
        import tensorflow as tf

        return tf.function, None
    return None


def _eager_sync(backend: str) -> Callable[[Any], Any] | None:
    """What completes an eager call: JAX dispatches asynchronously, Dask only
    builds a graph (timed here with its computation)."""
    if backend == "jax":
        import jax

        return jax.block_until_ready
    if backend == "dask":
        import dask

        return dask.compute
    return None


def _closed(f: Callable[..., Any], args: tuple[Any, ...]) -> Callable[..., Any]:
    """``f`` of the array arguments only (what a compiler traces); the rest
    (springs, constants) closed over."""
    arrays = [i for i, a in enumerate(args) if hasattr(a, "shape")]

    def g(*traced: Any) -> Any:
        full = list(args)
        for i, a in zip(arrays, traced, strict=True):
            full[i] = a
        return f(*full)
    return g


INDEXING = ("numpy", "torch", "jax", "dask")  # backends whose gathers a user may write as a[i]


def rows(backends: list[str], quick: bool) -> list[dict[str, object]]:
    """One row per function, backend and mode: the native version with the
    library's own take, a second copy of it (the A/A control), xport's (and,
    compiled, xport's through ``xport.jit``), and (where a user may write it)
    the native version gathering by integer-array indexing, timed interleaved."""
    out: list[dict[str, object]] = []
    budget = 1.0 if quick else 4.0  # seconds of rounds per row
    for name, (ours, inputs) in FUNCTIONS.items():
        for backend in backends:
            args = inputs(xport.namespace(backend), quick)
            # A second copy of the hand-written function: the A/A control.
            contenders = {"native": NATIVE[name][backend](), "again": NATIVE[name][backend]()}
            if name in GATHER_SCATTER and backend in INDEXING:
                contenders["indexing"] = NATIVE[name][backend](indexing=True)
            if name == "mechanics.step":
                contenders = {k: _step(f) for k, f in contenders.items()}
            contenders["xport"] = ours
            modes = [("eager", contenders, args, _eager_sync(backend))]
            compiled = _compiler(backend)
            if compiled is not None:
                compile_, csync = compiled
                compiled_fns = {k: compile_(own_code(_closed(f, args)))
                                for k, f in contenders.items()}
                compiled_fns["xport.jit"] = xport.jit(own_code(_closed(ours, args)))
                modes.append(("compiled", compiled_fns,
                              tuple(a for a in args if hasattr(a, "shape")), csync))
            for mode, fns, call_args, sync in modes:
                ratios, times = compare_paired(
                    {k: lambda f=f, c=call_args: f(*c) for k, f in fns.items()},
                    baseline="native", budget=budget, sync=sync)
                out.append({"function": name, "backend": backend, "mode": mode,
                            "native us": times["native"], "xport us": times["xport"],
                            "overhead %": 100 * (ratios["xport"] - 1),
                            "A/A %": 100 * (ratios["again"] - 1),
                            "xport.jit %": (100 * (ratios["xport.jit"] - 1)
                                            if "xport.jit" in ratios else ""),
                            "vs a[i] %": (100 * (ratios["xport"] / ratios["indexing"] - 1)
                                          if "indexing" in ratios else "")})
    return out


def summary(measured: list[dict[str, object]]) -> list[dict[str, object]]:
    """Per mode, the mean and median overhead over every backend's functions and
    over the gather/scatter ones, then per backend (the goal is per backend: a
    pooled median lets one backend's gains hide another's costs), with the
    largest A/A difference among the same cases (the clock's spread)."""
    result = []
    backends = list(dict.fromkeys(str(r["backend"]) for r in measured))
    for mode in ("eager", "compiled"):
        groups = [("all", "all", tuple(FUNCTIONS), backends),
                  ("all", "gather/scatter", GATHER_SCATTER, backends)]
        groups += [(backend, "all", tuple(FUNCTIONS), [backend]) for backend in backends]
        for backend_label, label, names, among in groups:
            group = [r for r in measured
                     if r["mode"] == mode and r["function"] in names and r["backend"] in among]
            values = [float(r["overhead %"]) for r in group]  # type: ignore[arg-type]
            controls = [abs(float(r["A/A %"])) for r in group]  # type: ignore[arg-type]
            jitted = [float(r["xport.jit %"]) for r in group  # type: ignore[arg-type]
                      if r.get("xport.jit %", "") != ""]
            if values:
                result.append({"mode": mode, "backends": backend_label, "functions": label,
                               "mean overhead %": statistics.fmean(values),
                               "median %": statistics.median(values),
                               "xport.jit median %": statistics.median(jitted) if jitted else "",
                               "worst %": max(values), "A/A worst |%|": max(controls),
                               "cases": len(values)})
    return result


def _add_processes_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--processes", type=int, default=1, metavar="N",
        help="with N > 1, time each backend in N fresh processes of its own and report "
             "each row's median over them (and their spread)")


def _in_processes(backends: list[str], args: argparse.Namespace) -> list[dict[str, object]]:
    """Each backend timed in ``args.processes`` fresh processes of its own,
    one after another; per row the median over them of each figure, and the
    spread (largest minus smallest) of the overhead. Paired rounds cancel what
    moves *during* a run; what one process's memory layout gives a contender
    for the whole run, only other processes show."""
    runs: dict[tuple[str, str, str], list[dict[str, Any]]] = {}
    with tempfile.TemporaryDirectory() as folder:
        for i in range(args.processes):
            for backend in backends:
                path = os.path.join(folder, f"{backend}-{i}.json")
                command = [sys.executable, "-m", "benchmarks.bench_examples", "--backends",
                           backend, "--json", path, "--torch-threads", str(args.torch_threads)]
                done = subprocess.run(command + (["--quick"] if args.quick else []),
                                      capture_output=True, text=True, check=False)
                if done.returncode != 0:
                    raise RuntimeError(f"{' '.join(command)} failed:\n{done.stderr}")
                with open(path, encoding="utf-8") as file:
                    for row in json.load(file)["sections"]["rows"]:
                        runs.setdefault((row["function"], row["backend"], row["mode"]),
                                        []).append(row)
    out: list[dict[str, object]] = []
    for (function, backend, mode), group in runs.items():
        row: dict[str, object] = {"function": function, "backend": backend, "mode": mode}
        for key in ("native us", "xport us", "overhead %", "A/A %", "xport.jit %", "vs a[i] %"):
            values = [r[key] for r in group if r[key] != ""]
            row[key] = statistics.median(values) if values else ""
        overheads = [float(r["overhead %"]) for r in group]
        row["spread %"] = max(overheads) - min(overheads)
        out.append(row)
    return out


def main(argv: list[str] | None = None) -> None:
    args, wanted = parse_run_options(__doc__.splitlines()[0],
                                     "numpy,torch,jax,tensorflow,dask", argv,
                                     more=_add_processes_option)
    several = args.processes > 1
    measured = _in_processes(wanted, args) if several else rows(wanted, args.quick)
    print(table(measured, [("function", "function"), ("backend", "backend"), ("mode", "mode"),
                           ("native us", "native us"), ("xport us", "xport us"),
                           ("overhead %", "overhead %"), ("A/A %", "A/A %"),
                           *([("spread %", "spread %")] if several else []),
                           ("xport.jit %", "xport.jit %"), ("vs a[i] %", "vs a[i] %")]))
    means = summary(measured)
    print()
    print(table(means, [("mode", "mode"), ("backends", "backends"), ("functions", "functions"),
                        ("mean overhead %", "mean %"), ("median %", "median %"),
                        ("xport.jit median %", "xport.jit median %"), ("worst %", "worst %"),
                        ("A/A worst |%|", "A/A worst |%|"), ("cases", "cases")]))
    if args.json:
        write_json(args.json, "examples",
                   {"backends": wanted, "quick": args.quick, "processes": args.processes},
                   {"rows": measured, "summary": means})


if __name__ == "__main__":
    main()

"""Overhead of the example libraries (``examples/``) against hand-written native
code (``examples/native.py``), as Ivy's paper measured its libraries (issue #22).

Run with ``python -m benchmarks.bench_examples`` (``--backends numpy,torch``
restricts; ``--quick`` for smaller inputs; ``--json PATH`` writes the rows).
Per function and backend: time(xport) / time(native) - 1, eager and compiled
(``jax.jit``, ``torch.compile(fullgraph=True)`` with inductor,
``tf.function``), timed interleaved in one process. Goal: <= 1 % eager and
<= 0.1 % compiled on average, <= 2 % for the gather/scatter-heavy functions
(``mechanics.step``, ``vision.bilinear_sample``).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
from collections.abc import Callable
from typing import Any

import numpy as np
from examples import mechanics, stats, vision
from examples.native import NATIVE

import xport
from benchmarks._record import write_json
from benchmarks._timing import compare_us, table

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


def rows(backends: list[str], quick: bool) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    for name, (ours, inputs) in FUNCTIONS.items():
        for backend in backends:
            args = inputs(xport.namespace(backend), quick)
            native = NATIVE[name][backend]()
            if name == "mechanics.step":
                native = _step(native)
            sync = _compiler(backend)[1] if backend == "jax" else None
            modes: list[tuple[str, Callable[..., Any], Callable[..., Any], Any]] = [
                ("eager", native, ours, sync)]
            compiled = _compiler(backend)
            if compiled is not None:
                compile_, csync = compiled
                # Array arguments traced; the rest (springs, constants) closed over.
                arrays = [i for i, a in enumerate(args) if hasattr(a, "shape")]

                def closed(f: Callable[..., Any], args: tuple[Any, ...] = args,
                           arrays: list[int] = arrays) -> Callable[..., Any]:
                    def g(*traced: Any) -> Any:
                        full = list(args)
                        for i, a in zip(arrays, traced, strict=True):
                            full[i] = a
                        return f(*full)
                    return g

                modes.append(("compiled", compile_(closed(native)), compile_(closed(ours)),
                              csync))
            for mode, nat, mine, sync_ in modes:
                call_args = args if mode == "eager" else tuple(
                    a for a in args if hasattr(a, "shape"))
                times = compare_us({"native": lambda n=nat, c=call_args: n(*c),
                                    "xport": lambda m=mine, c=call_args: m(*c)},
                                   repeat=15, min_time=0.1, sync=sync_)
                out.append({"function": name, "backend": backend, "mode": mode,
                            "native us": times["native"], "xport us": times["xport"],
                            "overhead %": 100 * (times["xport"] / times["native"] - 1)})
    return out


def summary(measured: list[dict[str, object]]) -> list[dict[str, object]]:
    """Mean overhead per mode, over all functions and over the gather/scatter ones."""
    result = []
    for mode in ("eager", "compiled"):
        for label, names in (("all", tuple(FUNCTIONS)), ("gather/scatter", GATHER_SCATTER)):
            values = [float(r["overhead %"]) for r in measured  # type: ignore[arg-type]
                      if r["mode"] == mode and r["function"] in names]
            if values:
                result.append({"mode": mode, "functions": label,
                               "mean overhead %": statistics.fmean(values),
                               "median %": statistics.median(values), "cases": len(values)})
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backends", default="numpy,torch,jax,tensorflow")
    parser.add_argument("--quick", action="store_true", help="smaller inputs")
    parser.add_argument("--json", metavar="PATH", help="also write the rows as JSON")
    args = parser.parse_args(argv)
    wanted = [b for b in args.backends.split(",") if importlib.util.find_spec(b) is not None]
    measured = rows(wanted, args.quick)
    print(table(measured, [("function", "function"), ("backend", "backend"), ("mode", "mode"),
                           ("native us", "native us"), ("xport us", "xport us"),
                           ("overhead %", "overhead %")]))
    means = summary(measured)
    print()
    print(table(means, [("mode", "mode"), ("functions", "functions"),
                        ("mean overhead %", "mean %"), ("median %", "median %"),
                        ("cases", "cases")]))
    if args.json:
        write_json(args.json, "examples", {"backends": wanted, "quick": args.quick},
                   {"rows": measured, "summary": means})


if __name__ == "__main__":
    main()

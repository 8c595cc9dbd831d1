"""What method chaining costs: the same chains of standard calls written nested
(``xp.sqrt(xp.sum(...))``), fluent (``xport.fluent(x).sum().sqrt()``) and, where
it is installed, with EagerPy's wrapper tensors.

Run with ``python -m benchmarks.bench_fluent`` (``--backends numpy,torch`` to
pick backends, ``--json PATH`` to write the rows as data). Per backend two
chains of 10 calls on ``(8,)`` float32 arrays, where the Python layer weighs
most, timed interleaved (``compare_us``): ``mixed`` (operators, reductions,
``clip``) and ``elementwise`` (ten cheap unary functions, the worst case for a
wrapper). Every contender's result is first checked to be the nested one, bit
for bit. Dask calls build the task graph (nothing is computed).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np

import xport
from benchmarks._record import write_json
from benchmarks._timing import compare_us, table

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

BACKENDS = ("numpy", "torch", "jax", "tensorflow", "dask")
EAGERPY_BACKENDS = frozenset({"numpy", "torch", "jax", "tensorflow"})


def mixed_nested(xp: Any, x: Any, y: Any) -> Any:
    z = xp.sqrt(xp.abs(xp.add(xp.multiply(x, 1.5), y)))
    z = xp.subtract(z, xp.mean(z))
    return xp.clip(xp.sqrt(xp.sum(xp.square(z))), 0.0, 10.0)


def mixed_fluent(x: Any, y: Any) -> Any:
    z = (xport.fluent(x) * 1.5 + y).abs().sqrt()
    return (z - z.mean()).square().sum().sqrt().clip(0.0, 10.0).raw


def mixed_eagerpy(ep: Any, x: Any, y: Any) -> Any:
    z = (ep.astensor(x) * 1.5 + ep.astensor(y)).abs().sqrt()
    return (z - z.mean()).square().sum().sqrt().clip(0.0, 10.0).raw


def elementwise_nested(xp: Any, x: Any, y: Any) -> Any:
    z = xp.log1p(xp.tanh(xp.exp(xp.negative(xp.abs(x)))))
    return xp.square(xp.sqrt(xp.abs(xp.tanh(xp.exp(z)))))


def elementwise_fluent(x: Any, y: Any) -> Any:
    z = xport.fluent(x).abs().negative().exp().tanh().log1p()
    return z.exp().tanh().abs().sqrt().square().raw


def elementwise_eagerpy(ep: Any, x: Any, y: Any) -> Any:
    z = (-ep.astensor(x).abs()).exp().tanh().log1p()
    return z.exp().tanh().abs().sqrt().square().raw


CHAINS: dict[str, tuple[Callable[..., Any], Callable[..., Any], Callable[..., Any]]] = {
    "mixed": (mixed_nested, mixed_fluent, mixed_eagerpy),
    "elementwise": (elementwise_nested, elementwise_fluent, elementwise_eagerpy),
}


def _bits(value: Any) -> bytes:
    if hasattr(value, "compute"):
        value = value.compute()
    return np.asarray(value).tobytes()


def rows(backends: list[str]) -> list[dict[str, object]]:
    ep = importlib.import_module("eagerpy") if importlib.util.find_spec("eagerpy") else None
    out: list[dict[str, object]] = []
    for name in backends:
        xp = xport.namespace(name)
        x = xp.asarray([0.5, -1.0, 2.0, 3.5, -0.25, 1.0, 4.0, -2.0], dtype=xp.float32)
        y = xp.asarray([1.0, 2.0, -3.0, 0.5, 0.25, -1.5, 2.0, 1.0], dtype=xp.float32)
        for chain, (nested, fluent, eager) in CHAINS.items():
            fns = {"nested": lambda n=nested, xp=xp, x=x, y=y: n(xp, x, y),
                   "fluent": lambda f=fluent, x=x, y=y: f(x, y)}
            if ep is not None and name in EAGERPY_BACKENDS:
                fns["eagerpy"] = lambda e=eager, x=x, y=y: e(ep, x, y)
            expected = _bits(fns["nested"]())
            for label, fn in fns.items():
                if _bits(fn()) != expected:
                    raise AssertionError(f"{name} {chain}: {label} differs from nested")
            times = compare_us(fns, min_time=0.05)
            row: dict[str, object] = {"backend": name, "chain": chain,
                                      "nested_us": times["nested"],
                                      "fluent_us": times["fluent"],
                                      "fluent_ratio": times["fluent"] / times["nested"],
                                      "per_call_us": (times["fluent"] - times["nested"]) / 10}
            if "eagerpy" in times:
                row["eagerpy_us"] = times["eagerpy"]
                row["eagerpy_ratio"] = times["eagerpy"] / times["nested"]
            out.append(row)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backends", default=",".join(BACKENDS))
    parser.add_argument("--json", metavar="PATH", help="also write the rows, with the date, "
                        "machine and versions, as JSON")
    args = parser.parse_args(argv)
    backends = [b for b in args.backends.split(",") if importlib.util.find_spec(b) is not None]
    warnings.simplefilter("ignore")
    measured = rows(backends)
    print("chains of 10 standard calls on (8,) float32: microseconds per chain "
          "(best of 7, interleaved); ratios against nested")
    print(table(measured, [("backend", "backend"), ("chain", "chain"),
                           ("nested_us", "nested"), ("fluent_us", "fluent"),
                           ("fluent_ratio", "fluent/nested"), ("per_call_us", "added per call"),
                           ("eagerpy_us", "eagerpy"), ("eagerpy_ratio", "eagerpy/nested")]))
    if args.json:
        write_json(args.json, "fluent", {"backends": backends, "shape": "8"},
                   {"chains": measured})
    return 0


if __name__ == "__main__":
    sys.exit(main())

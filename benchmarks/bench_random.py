"""Throughput of xport.random.normal against each library's own generator.

Run with ``python -m benchmarks.bench_random`` (``--n`` sets the count,
default 1e7 float32 normals; ``--backends numpy,torch`` restricts; ``--json PATH``
writes the rows as data). Per
installed backend: the library's generator (NumPy ``Generator.standard_normal``,
``torch.randn``, ``jax.random.normal``, ``tf.random.normal``, Dask's
``default_rng().standard_normal``, computed), xport eagerly,
and xport inside the library's compiler where it has one (``torch.compile``,
``tf.function(jit_compile=True)``; on JAX xport *is* ``jax.random``). Target
(issue #8): xport >= 0.2x native throughput while giving JAX's numbers.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
from collections.abc import Callable
from typing import Any

import xport
import xport.random as xr
from benchmarks._record import write_json
from benchmarks._timing import compare_us, table

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

Case = tuple[str, Callable[[], Any]]


def _numpy(n: int) -> tuple[list[Case], Any]:
    import numpy as np

    generator = np.random.default_rng(0)
    key = xr.key(0, xp=xport.namespace("numpy"))
    return [("native", lambda: generator.standard_normal(n, dtype=np.float32)),
            ("xport", lambda: xr.normal(key, (n,)))], None


def _torch(n: int) -> tuple[list[Case], Any]:
    import torch

    key = xr.key(0, xp=xport.namespace("torch"))
    compiled = torch.compile(lambda k: xr.normal(k, (n,)), fullgraph=True)
    return [("native", lambda: torch.randn(n)),
            ("xport", lambda: xr.normal(key, (n,))),
            ("xport, torch.compile", lambda: compiled(key))], None


def _jax(n: int) -> tuple[list[Case], Any]:
    import jax

    key = xr.key(0, xp=xport.namespace("jax"))
    native_key = jax.random.key(0)
    return [("native", lambda: jax.random.normal(native_key, (n,))),
            ("xport", lambda: xr.normal(key, (n,)))], lambda x: x.block_until_ready()


def _tensorflow(n: int) -> tuple[list[Case], Any]:
    import tensorflow as tf

    key = xr.key(0, xp=xport.namespace("tensorflow"))
    compiled = tf.function(lambda k: xr.normal(k, (n,)), jit_compile=True)
    return [("native", lambda: tf.random.normal((n,))),
            ("xport", lambda: xr.normal(key, (n,))),
            ("xport, tf.function(jit_compile)", lambda: compiled(key))], None


def _dask(n: int) -> tuple[list[Case], Any]:
    import dask.array as da

    generator = da.random.default_rng(0)
    key = xr.key(0, xp=xport.namespace("dask"))
    # Both computed with Dask's default scheduler, chunked as Dask chooses.
    return [("native", lambda: generator.standard_normal(n, dtype="float32").compute()),
            ("xport", lambda: xr.normal(key, (n,)).compute())], None


BACKENDS: dict[str, Callable[[int], tuple[list[Case], Any]]] = {
    "numpy": _numpy, "torch": _torch, "jax": _jax, "tensorflow": _tensorflow, "dask": _dask}


def rows(backends: list[str], n: int) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    for name in backends:
        cases, sync = BACKENDS[name](n)
        # Interleaved: a burst of load elsewhere hits native and xport alike.
        times = compare_us(dict(cases), repeat=3, min_time=0.0, sync=sync)
        native = times["native"]
        for label, us in times.items():
            out.append({"backend": name, "route": label, "ms": us / 1e3,
                        "Mnormals/s": n / us, "vs native": native / us})
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=float, default=1e7, help="normals per call")
    parser.add_argument("--backends", default="numpy,torch,jax,tensorflow,dask")
    parser.add_argument("--json", metavar="PATH", help="also write the rows, with the date, "
                        "machine and versions, as JSON (the docs build draws them)")
    args = parser.parse_args(argv)
    wanted = [b for b in args.backends.split(",") if importlib.util.find_spec(b) is not None]
    print(f"{int(args.n):,} float32 normals per call; best of 3, interleaved")
    measured = rows(wanted, int(args.n))
    print(table(measured, [("backend", "backend"), ("route", "route"),
                                            ("ms", "ms"), ("Mnormals/s", "Mnormals/s"),
                                            ("vs native", "x native")]))
    if args.json:
        write_json(args.json, "random", {"backends": wanted, "n": int(args.n),
                                         "dtype": "float32"}, {"normal": measured})


if __name__ == "__main__":
    main()

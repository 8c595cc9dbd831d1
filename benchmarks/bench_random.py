"""Throughput of xport.random.normal (or uniform) against each library's own generator.

Run with ``python -m benchmarks.bench_random`` (``--n`` sets the count,
default 1e7 float32 numbers; ``--sampler uniform`` draws uniforms; ``--backends
numpy,torch`` restricts; ``--json PATH`` writes the rows as data). Per
installed backend: the library's generator (NumPy ``Generator.standard_normal``
/ ``random``, ``torch.randn`` / ``rand``, ``jax.random``, ``tf.random``, Dask's
``default_rng()``, computed), xport eagerly, and xport compiled where the
library has a compiler: on PyTorch the eager call's compiled stream
(``XPORT_RANDOM_COMPILE=always``, which an eager process reaches after 2 s of
draws; normals then come from their table, the lookup compiled) and the draw
inside ``torch.compile``; on NumPy the float32 normals'
table (``always``; an eager process reaches it after 0.5 s of normal draws;
uniforms have none, so both rows draw eagerly); TensorFlow's
``tf.function(jit_compile=True)``; on JAX xport *is* ``jax.random``. Targets:
issue #8, xport >= 0.2x native while giving JAX's numbers; issue #20, eager
PyTorch >= 0.5x ``torch.rand``/``randn``; issue #37, eager NumPy normals >= 0.3x
``Generator.standard_normal``.
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


def _numpy(n: int, sampler: str) -> tuple[list[Case], Any]:
    import numpy as np

    generator = np.random.default_rng(0)
    native = generator.standard_normal if sampler == "normal" else generator.random
    key = xr.key(0, xp=xport.namespace("numpy"))
    draw = getattr(xr, sampler)
    return [("native", lambda: native(n, dtype=np.float32)),
            ("xport, eager", with_compile_setting("never", lambda: draw(key, (n,)))),
            ("xport, tabulated", with_compile_setting("always", lambda: draw(key, (n,))))], None


_COMPILE_SETTING = "XPORT_RANDOM_COMPILE"


def with_compile_setting(value: str, draw: Callable[[], Any]) -> Callable[[], Any]:
    """``draw`` run with XPORT_RANDOM_COMPILE set to ``value``."""
    def run() -> Any:
        before = os.environ.get(_COMPILE_SETTING)
        os.environ[_COMPILE_SETTING] = value
        try:
            return draw()
        finally:
            if before is None:
                del os.environ[_COMPILE_SETTING]
            else:
                os.environ[_COMPILE_SETTING] = before
    return run


def _torch(n: int, sampler: str) -> tuple[list[Case], Any]:
    import torch

    key = xr.key(0, xp=xport.namespace("torch"))
    draw = getattr(xr, sampler)
    native = torch.randn if sampler == "normal" else torch.rand
    compiled = torch.compile(lambda k: draw(k, (n,)), fullgraph=True)
    return [("native", lambda: native(n)),
            ("xport, eager", with_compile_setting("never", lambda: draw(key, (n,)))),
            ("xport, compiled stream", with_compile_setting("always",
                                                             lambda: draw(key, (n,)))),
            ("xport, torch.compile", lambda: compiled(key))], None


def _jax(n: int, sampler: str) -> tuple[list[Case], Any]:
    import jax

    key = xr.key(0, xp=xport.namespace("jax"))
    native_key = jax.random.key(0)
    native = getattr(jax.random, sampler)
    draw = getattr(xr, sampler)
    return [("native", lambda: native(native_key, (n,))),
            ("xport", lambda: draw(key, (n,)))], lambda x: x.block_until_ready()


def _tensorflow(n: int, sampler: str) -> tuple[list[Case], Any]:
    import tensorflow as tf

    key = xr.key(0, xp=xport.namespace("tensorflow"))
    draw = getattr(xr, sampler)
    native = getattr(tf.random, sampler)
    compiled = tf.function(lambda k: draw(k, (n,)), jit_compile=True)
    return [("native", lambda: native((n,))),
            ("xport", lambda: draw(key, (n,))),
            ("xport, tf.function(jit_compile)", lambda: compiled(key))], None


def _dask(n: int, sampler: str) -> tuple[list[Case], Any]:
    import dask.array as da

    generator = da.random.default_rng(0)
    native = generator.standard_normal if sampler == "normal" else generator.random
    key = xr.key(0, xp=xport.namespace("dask"))
    draw = getattr(xr, sampler)
    # Both computed with Dask's default scheduler, chunked as Dask chooses.
    return [("native", lambda: native(n, dtype="float32").compute()),
            ("xport", lambda: draw(key, (n,)).compute())], None


BACKENDS: dict[str, Callable[[int, str], tuple[list[Case], Any]]] = {
    "numpy": _numpy, "torch": _torch, "jax": _jax, "tensorflow": _tensorflow, "dask": _dask}


def rows(backends: list[str], n: int, sampler: str = "normal") -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    for name in backends:
        cases, sync = BACKENDS[name](n, sampler)
        # Interleaved: a burst of load elsewhere hits native and xport alike.
        times = compare_us(dict(cases), repeat=3, min_time=0.0, sync=sync)
        native = times["native"]
        for label, us in times.items():
            out.append({"backend": name, "route": label, "ms": us / 1e3,
                        "M/s": n / us, "vs native": native / us})
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=float, default=1e7, help="numbers per call")
    parser.add_argument("--sampler", choices=("normal", "uniform"), default="normal")
    parser.add_argument("--backends", default="numpy,torch,jax,tensorflow,dask")
    parser.add_argument("--json", metavar="PATH", help="also write the rows, with the date, "
                        "machine and versions, as JSON (the docs build draws them)")
    args = parser.parse_args(argv)
    wanted = [b for b in args.backends.split(",") if importlib.util.find_spec(b) is not None]
    print(f"{int(args.n):,} float32 {args.sampler}s per call; best of 3, interleaved")
    measured = rows(wanted, int(args.n), args.sampler)
    print(table(measured, [("backend", "backend"), ("route", "route"), ("ms", "ms"),
                           ("M/s", f"M {args.sampler}s/s"), ("vs native", "x native")]))
    if args.json:
        write_json(args.json, "random", {"backends": wanted, "n": int(args.n),
                                         "dtype": "float32"}, {args.sampler: measured})


if __name__ == "__main__":
    main()

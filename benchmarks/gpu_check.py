"""One prepared check of xport on an accelerator (issue #20), for a single
device call: ``python -m benchmarks.gpu_check [--device cuda] [--quick]``.

It prints, for PyTorch tensors on ``--device`` (and JAX's default device):

1. placement: every standard function of ``xport.torch`` that takes an array
   first, called on device inputs, and whether its result stays there;
2. host syncs: the same calls under ``torch.cuda.set_sync_debug_mode("warn")``
   against the native call on the same inputs (inputs built first; a
   host-to-device copy counts as a sync);
3. per-op overhead against the native call (``benchmarks.cases``' table);
4. random numbers: 1e7 float32 uniforms and normals through ``xport.random``
   against ``jax.random`` (jitted) and ``torch.rand``/``torch.randn``;
5. ``torch.compile`` with the inductor backend of a fluent chain on the device;
6. the offline conformance suite's counts for torch (``XPORT_DEVICE``), JAX and
   CuPy (its current GPU).

On a machine without a GPU ``--device cpu`` runs the same steps (the sync
check then has nothing to watch): the smoke test that the script works.
"""

from __future__ import annotations

import argparse
import importlib.util
import inspect
import os
import subprocess
import sys
import time
import warnings
from typing import Any

import xport
from benchmarks._timing import best_us
from benchmarks.bench_random import with_compile_setting
from xport._fluent import table

os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")


def _calls(xp: Any, device: Any) -> dict[str, tuple[Any, tuple[Any, ...], dict[str, Any]]]:
    """name -> (function, arguments, keywords) for every array-first function
    that needs at most one other array (its other inputs the standard's
    defaults, or the few set below)."""
    import torch

    x = torch.linspace(0.25, 2.0, 12, device=device).reshape(3, 4)
    y = torch.linspace(1.0, 3.0, 12, device=device).reshape(3, 4)
    xi, yi = torch.arange(12, device=device).reshape(3, 4), torch.full((3, 4), 2, device=device)
    special: dict[str, tuple[tuple[Any, ...], dict[str, Any]]] = {
        "take": ((x, torch.tensor([0, 2], device=device)), {"axis": 1}),
        "matmul": ((x, x.mT), {}),
        "meshgrid": ((x[0], y[0]), {}),
        "imag": ((x.to(torch.complex64),), {}),
        "repeat": ((x, 2), {}),
        "cumulative_sum": ((x,), {"axis": 1}),
        "cumulative_prod": ((x,), {"axis": 1}),
    }
    calls = {}
    for method in table.methods():
        if method.view != "FluentMethods":
            continue
        function = getattr(xp, method.name, None)
        required = [p for p in method.signature.parameters.values()
                    if p.default is inspect.Parameter.empty and p.kind is not p.VAR_POSITIONAL]
        if function is None:
            continue
        if method.name in special:
            calls[method.name] = (function, *special[method.name])
            continue
        if len(required) > 1 or (required and required[0].name not in method.arrays):
            continue
        ints = method.name.startswith("bitwise_")
        first, second = (xi, yi) if ints else (x, y)
        calls[method.name] = (function, (first, second) if required else (first,), {})
    return calls


def placement(device: str) -> None:
    import torch

    xp = xport.torch
    moved, failed = [], []
    calls = _calls(xp, device)
    for name, (function, args, kwargs) in calls.items():
        try:
            out = function(*args, **kwargs)
        except Exception as error:  # reported; the check goes on
            failed.append(f"{name} ({type(error).__name__})")
            continue
        outs = out if isinstance(out, tuple) else (out,)
        if any(isinstance(o, torch.Tensor) and o.device.type != torch.device(device).type
               for o in outs):
            moved.append(name)
    total = len(calls)
    print(f"placement: {total - len(moved) - len(failed)}/{total} stay on {device}; "
          f"moved: {moved or 'none'}; raised: {failed or 'none'}")


def host_syncs(device: str) -> None:
    import torch

    if not device.startswith("cuda"):
        print("host syncs: skipped (no CUDA device)")
        return
    xp = xport.torch
    calls = _calls(xp, device)
    extra = []
    for name, (function, args, kwargs) in calls.items():
        native = getattr(torch, name, None)
        counts = []
        for fn in (function, native):
            if fn is None:
                counts.append(None)
                continue
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                torch.cuda.set_sync_debug_mode("warn")
                try:
                    fn(*args, **kwargs)
                except Exception:  # the native may not take these
                    pass
                finally:
                    torch.cuda.set_sync_debug_mode(0)
            counts.append(len(caught))
        if counts[1] is not None and counts[0] > counts[1]:
            extra.append(f"{name} ({counts[0]} vs native {counts[1]})")
    print(f"host syncs: {len(calls)} functions; more syncs than native: {extra or 'none'}")


def overhead(device: str, quick: bool) -> None:
    import torch

    from benchmarks.cases import STANDARD_OPS

    xp = xport.torch
    x = torch.rand(64, 64, device=device)
    y = torch.rand(64, 64, device=device)
    i = torch.tensor([0, 3, 1], device=device)
    sync = (lambda out: torch.cuda.synchronize()) if device.startswith("cuda") else None
    rows = []
    for name, op in list(STANDARD_OPS.items())[: 6 if quick else None]:
        args = {"x": (x,), "xy": (x, y), "xi": (x, i)}[op.inputs]
        rows.append((name, best_us(lambda op=op, a=args: op.call(xp, *a), sync=sync,
                                   min_time=0.02, repeat=3)))
    print("per-op time through xport.torch at (64, 64), us: "
          + ", ".join(f"{n} {t:.1f}" for n, t in rows))


def random_speed(device: str, quick: bool) -> None:
    import torch

    import xport.random as xr
    from xport.torch import _random_compiled as _torch_compiled

    n = 10**5 if quick else 10**7
    key = xr.key(0, xp=xport.torch, device=device)
    sync = (lambda out: torch.cuda.synchronize()) if device.startswith("cuda") else None
    uniform, normal = (lambda: xr.uniform(key, (n,))), (lambda: xr.normal(key, (n,)))
    times = {
        "xport uniform eager": best_us(with_compile_setting("never", uniform), sync=sync,
                                       repeat=3),
        "xport normal eager": best_us(with_compile_setting("never", normal), sync=sync,
                                      repeat=3),
        "xport uniform compiled": best_us(with_compile_setting("always", uniform), sync=sync,
                                          repeat=3),
        "xport normal compiled": best_us(with_compile_setting("always", normal), sync=sync,
                                         repeat=3),
        "torch.rand": best_us(lambda: torch.rand(n, device=device), sync=sync, repeat=3),
        "torch.randn": best_us(lambda: torch.randn(n, device=device), sync=sync, repeat=3),
    }
    if importlib.util.find_spec("jax") is not None:
        import jax

        jkey = jax.random.key(0)
        jax_uniform = jax.jit(lambda k: jax.random.uniform(k, (n,)))
        jax_normal = jax.jit(lambda k: jax.random.normal(k, (n,)))
        times["jax uniform (jit)"] = best_us(lambda: jax_uniform(jkey).block_until_ready(),
                                             repeat=3)
        times["jax normal (jit)"] = best_us(lambda: jax_normal(jkey).block_until_ready(),
                                            repeat=3)
    print(f"random, {n} float32 on {device}, us: "
          + ", ".join(f"{k} {v:.0f}" for k, v in times.items()))
    checked = {fn.__name__: state.variants for fn, state in _torch_compiled._programs.items()}
    print(f"random, compiled samplers and their bit-for-bit check: {checked}")


def compiled(device: str) -> None:
    import torch

    def chain(x: Any) -> Any:
        f = xport.fluent(x)
        return ((f * 2.0 + 1.0).square().sum(axis=-1).sqrt()).at[0].add(1.0).raw

    x = torch.rand(256, 256, device=device)
    start = time.perf_counter()
    out = torch.compile(chain, fullgraph=True)(x)
    seconds = time.perf_counter() - start
    same = torch.allclose(out, chain(x))
    print(f"torch.compile (inductor, fullgraph) of a fluent chain on {device}: "
          f"{'equal' if same else 'DIFFERENT'}, compiled in {seconds:.1f} s")


def conformance(device: str, quick: bool) -> None:
    for backend in ("torch", "jax", "cupy"):
        if importlib.util.find_spec(backend) is None:
            continue
        env = {**os.environ, "XPORT_BACKENDS": backend, "XPORT_DEVICE": device}
        args = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "conformance"]
        if quick:
            args += ["-k", "abs or add or sum"]
        run = subprocess.run(args, capture_output=True, text=True, check=False, env=env)
        last = run.stdout.strip().splitlines()[-1] if run.stdout.strip() else run.stderr[-300:]
        print(f"offline conformance, {backend}: {last}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--device", default="cuda")
    parser.add_argument("--quick", action="store_true", help="small sizes, a few tests")
    args = parser.parse_args(argv)
    import torch

    print(f"torch {torch.__version__}, device {args.device}, xport {xport.__version__}")
    steps = [lambda: placement(args.device), lambda: host_syncs(args.device),
             lambda: overhead(args.device, args.quick),
             lambda: random_speed(args.device, args.quick), lambda: compiled(args.device),
             lambda: conformance(args.device, args.quick)]
    for step in steps:
        try:
            step()
        except Exception as error:  # one failed step must not hide the rest
            print(f"step failed: {type(error).__name__}: {error}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

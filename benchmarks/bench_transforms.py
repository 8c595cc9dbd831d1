"""``xport.jit`` and ``xport.vmap`` against each backend's own transforms
applied to the same function (issue #24; goal: within 5 %).

Run with ``python -m benchmarks.bench_transforms`` (``--backends jax,torch``
restricts; ``--quick`` for smaller inputs; ``--json PATH`` writes the rows).
Cases, each timed interleaved with its native twin in one process:

* ``jit step``: one step of the example cloth (``examples.mechanics.step``,
  48 x 48 particles), ``xport.jit`` against ``jax.jit`` /
  ``torch.compile(fullgraph=True)`` / ``tf.function``;
* ``jit small``: a three-operation function of 8 numbers, where the per-call
  cost of the transform itself shows;
* ``per-example grads``: the gradients of a two-layer perceptron's loss for
  each of 128 examples, ``xport.vmap(xport.autodiff.grad(loss))`` against
  ``jax.vmap(jax.grad)``, ``torch.func.vmap(torch.func.grad)`` and
  ``tf.vectorized_map`` over a ``GradientTape``, eager and compiled;
* ``vmap loop``: NumPy's and Dask's loop-and-stack against the loop written
  by hand.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import numpy as np
from examples import mechanics

import xport
from benchmarks._record import write_json
from benchmarks._timing import (
    compare_us,
    own_code,
    parse_run_options,
    table,
)
from xport.autodiff import grad

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

Row = dict[str, object]


def mlp_loss(params: tuple[Any, Any], x: Any, y: Any) -> Any:
    """Squared error of a two-layer perceptron (the function both sides transform)."""
    w1, w2 = params
    xp = xport.namespace_of(w1, x)
    return xp.mean((xp.matmul(xp.tanh(xp.matmul(x, w1)), w2) - y) ** 2)


def _native(backend: str) -> tuple[Callable[..., Any], Callable[..., Any],
                                   Callable[[Any], Any] | None]:
    """(jit, per-example-gradient transform, sync) of the backend, by hand."""
    if backend == "jax":
        import jax

        def jax_per_example(f: Callable[..., Any]) -> Callable[..., Any]:
            return jax.vmap(jax.grad(f), in_axes=(None, 0, 0))

        return jax.jit, jax_per_example, jax.block_until_ready
    if backend == "torch":
        import torch

        def torch_per_example(f: Callable[..., Any]) -> Callable[..., Any]:
            return torch.func.vmap(torch.func.grad(f), in_dims=(None, 0, 0))

        return (lambda f: torch.compile(f, fullgraph=True)), torch_per_example, None
    import tensorflow as tf

    def tf_per_example(f: Callable[..., Any]) -> Callable[..., Any]:
        def per_example(params: Any, x: Any, y: Any) -> Any:
            def one(example: tuple[Any, Any]) -> Any:
                with tf.GradientTape() as tape:
                    tape.watch(params)
                    value = f(params, *example)
                return tuple(tape.gradient(value, params))
            return tf.vectorized_map(one, (x, y))
        return per_example

    return tf.function, tf_per_example, None


def _time(case: str, backend: str, mode: str, native: Callable[[], Any],  # noqa: PLR0917
          ours: Callable[[], Any], sync: Callable[[Any], Any] | None, quick: bool) -> Row:
    times = compare_us({"native": native, "xport": ours}, repeat=5 if quick else 15,
                       min_time=0.05 if quick else 0.1, sync=sync)
    return {"case": case, "backend": backend, "mode": mode, "native us": times["native"],
            "xport us": times["xport"], "overhead %": 100 * (times["xport"] / times["native"] - 1)}


def compiled_rows(backend: str, quick: bool) -> list[Row]:
    xp = xport.namespace(backend)
    native_jit, native_per_example, sync = _native(backend)
    side = 16 if quick else 48
    x, v, springs = mechanics.cloth(xp, side, side, dtype=xp.float32)

    def step(x: Any, v: Any) -> Any:
        return mechanics.step(x, v, springs, stiffness=50.0, damping=0.05, dt=0.002)

    def small(a: Any) -> Any:
        return xport.namespace_of(a).sum(a * 2.0 + 1.0)

    a = xp.asarray(np.linspace(0, 1, 8, dtype=np.float32))
    rng = np.random.default_rng(0)
    batch, features, hidden = (32, 8, 16) if quick else (128, 32, 64)
    params = tuple(xp.asarray(rng.normal(size=s).astype(np.float32) / 4)
                   for s in ((features, hidden), (hidden,)))
    bx = xp.asarray(rng.normal(size=(batch, features)).astype(np.float32))
    by = xp.asarray(rng.normal(size=batch).astype(np.float32))

    def ours() -> Callable[..., Any]:
        return xport.vmap(grad(mlp_loss), in_axes=(None, 0, 0))

    # Eager first, and fresh function objects for each mode: a function that
    # torch.compile has seen is not timed again eagerly.
    theirs_eager, ours_eager = native_per_example(mlp_loss), ours()
    eager = _time("per-example grads", backend, "eager",
                  lambda: theirs_eager(params, bx, by), lambda: ours_eager(params, bx, by),
                  sync, quick)
    jitted = {name: (native_jit(f), xport.jit(g)) for name, f, g in (
        ("step", step, own_code(step)), ("small", small, own_code(small)),
        ("grads", native_per_example(mlp_loss), ours()))}
    return [
        _time("jit step", backend, "compiled", lambda: jitted["step"][0](x, v),
              lambda: jitted["step"][1](x, v), sync, quick),
        _time("jit small", backend, "compiled", lambda: jitted["small"][0](a),
              lambda: jitted["small"][1](a), sync, quick),
        eager,
        _time("per-example grads", backend, "compiled",
              lambda: jitted["grads"][0](params, bx, by),
              lambda: jitted["grads"][1](params, bx, by), sync, quick),
    ]


def loop_rows(backend: str, quick: bool) -> list[Row]:
    """The loop-and-stack vmap of a library without a vectorising transform."""
    xp = xport.namespace(backend)
    rng = np.random.default_rng(1)
    n = 16 if quick else 64
    rows_, m = (xp.asarray(rng.normal(size=s).astype(np.float32)) for s in ((n, 32), (32, 32)))

    def f(r: Any, mat: Any) -> Any:
        ns = xport.namespace_of(r, mat)
        return ns.tanh(ns.matmul(mat, r))

    def by_hand() -> Any:
        return xp.stack([f(rows_[i, ...], m) for i in range(n)], axis=0)

    mapped = xport.vmap(f, in_axes=(0, None))
    sync = None
    if backend == "dask":
        import dask

        sync = dask.compute
    return [_time("vmap loop", backend, "eager", by_hand, lambda: mapped(rows_, m), sync,
                  quick)]


def main(argv: list[str] | None = None) -> None:
    args, wanted = parse_run_options(__doc__.splitlines()[0],
                                     "jax,torch,tensorflow,numpy,dask", argv)
    measured: list[Row] = []
    for backend in wanted:
        if backend in ("jax", "torch", "tensorflow"):
            measured += compiled_rows(backend, args.quick)
        else:
            measured += loop_rows(backend, args.quick)
    print(table(measured, [("case", "case"), ("backend", "backend"), ("mode", "mode"),
                           ("native us", "native us"), ("xport us", "xport us"),
                           ("overhead %", "overhead %")]))
    if args.json:
        write_json(args.json, "transforms", {"backends": wanted, "quick": args.quick},
                   {"rows": measured})


if __name__ == "__main__":
    main()

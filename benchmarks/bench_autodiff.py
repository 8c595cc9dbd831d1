"""``xport.autodiff.value_and_grad`` against each library's own gradient API.

Run with ``python -m benchmarks.bench_autodiff`` (``--backends torch,jax`` to
pick backends). The loss is a two-layer MLP (256 inputs, 256 hidden units with
``tanh``, 10 outputs, mean squared error) on a float32 batch of 128, written
once against the standard namespace (``xport.namespace_of``); its gradient with
respect to the four parameter arrays (a tuple, so a pytree) is taken

* through ``xport.autodiff.value_and_grad(loss)``, and
* through the native API on the same loss: PyTorch ``torch.func.grad_and_value``
  (and, for reference, ``loss.backward()`` on leaf tensors); JAX
  ``jax.value_and_grad``, eagerly and under ``jax.jit``; TensorFlow
  ``tf.GradientTape``, eagerly and inside ``tf.function`` (traced once).

A ``native ops`` row runs the native API on the same MLP written with the
library's own functions, which shows what writing the loss against the standard
namespace costs. Ratios are against the group's first (native API) row; the
target is xport within 5%. Times are the best of several repeats, the routes
of a mode timed interleaved (``compare_us`` in ``_timing.py``) so that load
from other processes hits them alike; results are waited for (``tf.function``
without AutoGraph).
"""

from __future__ import annotations

import argparse
import sys
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

import xport
import xport.autodiff as ad
from benchmarks._timing import compare_us, table
from benchmarks.bench_overhead import available, header
from benchmarks.cases import tf_function

BATCH, IN, HIDDEN, OUT = 128, 256, 256, 10
BACKENDS = ("torch", "jax", "tensorflow")


def loss(params: tuple[Any, ...], x: Any, y: Any) -> Any:
    """Mean squared error of a tanh MLP, against the standard namespace."""
    w1, b1, w2, b2 = params
    xp = xport.namespace_of(x, w1)
    h = xp.tanh(xp.matmul(x, w1) + b1)
    d = xp.matmul(h, w2) + b2 - y
    return xp.mean(d * d)


@dataclass(frozen=True)
class Route:
    group: str
    label: str
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    sync: Callable[[Any], Any] | None = None
    grad_first: bool = False  # returns (gradient, value), as torch.func.grad_and_value


def _data() -> tuple[tuple[np.ndarray, ...], np.ndarray, np.ndarray]:
    rng = np.random.default_rng(0)

    def f32(*shape: int, scale: float = 1.0) -> np.ndarray:
        return (rng.standard_normal(shape) * scale).astype(np.float32)

    params = (f32(IN, HIDDEN, scale=IN ** -0.5), f32(HIDDEN), f32(HIDDEN, OUT,
              scale=HIDDEN ** -0.5), f32(OUT))
    return params, f32(BATCH, IN), f32(BATCH, OUT)


def torch_routes(params_np: tuple[np.ndarray, ...], x_np: np.ndarray,
                 y_np: np.ndarray) -> list[Route]:
    import torch
    import torch.func

    params = tuple(torch.from_numpy(p) for p in params_np)
    x, y = torch.from_numpy(x_np), torch.from_numpy(y_np)
    leaves = tuple(p.clone().requires_grad_() for p in params)

    def native_loss(params: tuple[Any, ...], x: Any, y: Any) -> Any:
        w1, b1, w2, b2 = params
        d = torch.tanh(x @ w1 + b1) @ w2 + b2 - y
        return torch.mean(d * d)

    def backward(x: Any, y: Any) -> Any:
        for p in leaves:
            p.grad = None
        value = loss(leaves, x, y)
        value.backward()
        return value.detach(), tuple(p.grad for p in leaves)

    xport_vg = ad.value_and_grad(loss)
    grad_and_value = torch.func.grad_and_value(loss)
    native_gv = torch.func.grad_and_value(native_loss)
    return [
        Route("eager", "torch.func.grad_and_value", grad_and_value, (params, x, y),
              grad_first=True),
        Route("eager", "xport value_and_grad", xport_vg, (params, x, y)),
        Route("eager", "loss.backward()", backward, (x, y)),
        Route("eager", "native ops, torch.func", native_gv, (params, x, y), grad_first=True),
    ]


def jax_routes(params_np: tuple[np.ndarray, ...], x_np: np.ndarray,
               y_np: np.ndarray) -> list[Route]:
    import jax
    import jax.numpy as jnp

    params = tuple(jnp.asarray(p) for p in params_np)
    x, y = jnp.asarray(x_np), jnp.asarray(y_np)

    def native_loss(params: tuple[Any, ...], x: Any, y: Any) -> Any:
        w1, b1, w2, b2 = params
        d = jnp.tanh(x @ w1 + b1) @ w2 + b2 - y
        return jnp.mean(d * d)

    sync = jax.block_until_ready
    routes = []
    for mode, wrap in (("eager", lambda f: f), ("jit", jax.jit)):
        routes += [
            Route(mode, "jax.value_and_grad", wrap(jax.value_and_grad(loss)),
                  (params, x, y), sync),
            Route(mode, "xport value_and_grad", wrap(ad.value_and_grad(loss)),
                  (params, x, y), sync),
            Route(mode, "native ops, jax", wrap(jax.value_and_grad(native_loss)),
                  (params, x, y), sync),
        ]
    return routes


def tensorflow_routes(params_np: tuple[np.ndarray, ...], x_np: np.ndarray,
                      y_np: np.ndarray) -> list[Route]:
    import tensorflow as tf

    params = tuple(tf.constant(p) for p in params_np)
    x, y = tf.constant(x_np), tf.constant(y_np)

    def native_loss(params: tuple[Any, ...], x: Any, y: Any) -> Any:
        w1, b1, w2, b2 = params
        d = tf.tanh(x @ w1 + b1) @ w2 + b2 - y
        return tf.reduce_mean(d * d)

    def tape(f: Callable[..., Any]) -> Callable[..., Any]:
        def value_and_grad(params: tuple[Any, ...], x: Any, y: Any) -> Any:
            with tf.GradientTape() as t:
                t.watch(params)
                value = f(params, x, y)
            return value, tuple(t.gradient(value, params))
        return value_and_grad

    def sync(result: Any) -> Any:
        value, grads = result
        return value.numpy(), [g.numpy() for g in grads]

    routes = []
    for mode, wrap in (("eager", lambda f: f), ("tf.function", tf_function)):
        routes += [
            Route(mode, "GradientTape", wrap(tape(loss)), (params, x, y), sync),
            Route(mode, "xport value_and_grad", wrap(ad.value_and_grad(loss)),
                  (params, x, y), sync),
            Route(mode, "native ops, GradientTape", wrap(tape(native_loss)),
                  (params, x, y), sync),
        ]
    return routes


ROUTES: dict[str, Callable[..., list[Route]]] = {
    "torch": torch_routes, "jax": jax_routes, "tensorflow": tensorflow_routes,
}


def _agrees(result: Any, expected: tuple[float, list[np.ndarray]]) -> str:
    value, grads = result
    ok = np.allclose(np.asarray(value), expected[0], rtol=1e-4) and all(
        np.allclose(np.asarray(g), e, rtol=1e-3, atol=1e-5)
        for g, e in zip(grads, expected[1], strict=True))
    return "yes" if ok else "no"


def rows(backends: list[str], repeat: int) -> list[dict[str, object]]:
    params, x, y = _data()
    expected: tuple[float, list[np.ndarray]] | None = None
    out: list[dict[str, object]] = []
    for name in backends:
        groups: dict[str, list[Route]] = {}
        for route in ROUTES[name](params, x, y):
            groups.setdefault(route.group, []).append(route)
        for group, routes in groups.items():
            group_rows = []
            for route in routes:
                result = route.fn(*route.args)
                if route.grad_first:
                    result = (result[1], result[0])
                result = (np.asarray(result[0]), [np.asarray(g) for g in result[1]])
                if expected is None:
                    expected = result
                group_rows.append({"backend": name, "mode": group, "route": route.label,
                                   "ok": _agrees(result, expected)})
            times = compare_us({r.label: lambda r=r: r.fn(*r.args) for r in routes},
                               sync=routes[0].sync, repeat=repeat)
            base = times[routes[0].label]
            for row in group_rows:
                t = times[str(row["route"])]
                row.update({"us": t, "ratio": t / base})
            out += group_rows
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backends", default=",".join(BACKENDS),
                        help="comma-separated backends (default: all installed)")
    parser.add_argument("--repeat", type=int, default=7, help="timing repeats (best is kept)")
    args = parser.parse_args(argv)
    backends = [b for b in available(args.backends) if b in ROUTES]
    warnings.simplefilter("ignore")
    header(backends)
    print(f"\nvalue_and_grad of an MLP loss ({IN}-{HIDDEN}-{OUT}, tanh, batch {BATCH}, "
          "float32) w.r.t. 4 parameter arrays (us per call; ratio: against the mode's "
          "first route; ok: value and gradients agree with the first route measured)")
    print(table(rows(backends, args.repeat), [
        ("backend", "backend"), ("mode", "mode"), ("route", "route"), ("us", "us"),
        ("ratio", "ratio"), ("ok", "ok")]))
    return 0


if __name__ == "__main__":
    sys.exit(main())

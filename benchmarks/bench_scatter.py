"""Scatter-add and segment_sum: xport against each library's own route.

Run with ``python -m benchmarks.bench_scatter`` (``--backends numpy,torch`` to
pick backends). Adds 1e6 float32 updates at random integer indices (with many
duplicates, which must all count) into 1e5 slots:

* ``xport.at(x, idx).add(v)`` against the native route: NumPy ``np.add.at`` on
  a copy; PyTorch ``index_put_(accumulate=True)`` (and ``index_add_``) on a
  clone; JAX ``x.at[idx].add(v)``, eager and under ``jax.jit``; TensorFlow
  ``tf.tensor_scatter_nd_add``, eager and inside ``tf.function``; and against
  ``array_api_extra.at(x, idx).add(v)`` where it supports the backend;
* ``xport.scatter.segment_sum(v, idx, 1e5)`` against ``np.add.at`` into zeros,
  ``torch.index_add_``, ``jax.ops.segment_sum``, ``tf.math.unsorted_segment_sum``.

Each route's result is checked against ``np.add.at`` (column ``ok``: ``no``
means that route does not accumulate duplicate indices). Ratios are against
the first (native) route of each group; the target is xport within 10%.
``array_api_extra.at`` is called with ``copy=True`` (by default it updates a
writeable NumPy array or PyTorch tensor in place). Times are the best of
several repeats, the routes of a group timed interleaved (``compare_us`` in
``_timing.py``) so that load from other processes hits them alike; results are
waited for.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

import xport
from benchmarks._timing import compare_us, table
from benchmarks.bench_overhead import available, header
from benchmarks.cases import tf_function

SLOTS = 100_000
UPDATES = 1_000_000
BACKENDS = ("numpy", "torch", "jax", "tensorflow")


@dataclass(frozen=True)
class Route:
    group: str  # routes of a group compute the same thing; the first is the reference
    label: str
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    sync: Callable[[Any], Any] | None = None


def _data() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(0)
    x = rng.standard_normal(SLOTS).astype(np.float32)
    idx = rng.integers(0, SLOTS, UPDATES)
    v = rng.standard_normal(UPDATES).astype(np.float32)
    return x, idx, v


def _have_xpx() -> bool:
    return importlib.util.find_spec("array_api_extra") is not None


def numpy_routes(x: np.ndarray, idx: np.ndarray, v: np.ndarray) -> list[Route]:
    def add_at(x: Any, i: Any, v: Any) -> Any:
        out = x.copy()
        np.add.at(out, i, v)
        return out

    def add_at_zeros(v: Any, i: Any) -> Any:
        out = np.zeros(SLOTS, v.dtype)
        np.add.at(out, i, v)
        return out

    routes = [
        Route("at.add", "np.add.at(copy)", add_at, (x, idx, v)),
        Route("at.add", "x + np.bincount (f64)",
              lambda x, i, v: x + np.bincount(i, v, SLOTS).astype(np.float32), (x, idx, v)),
        Route("at.add", "xport.at", lambda x, i, v: xport.at(x, i).add(v), (x, idx, v)),
    ]
    if _have_xpx():
        import array_api_extra as xpx
        routes.append(Route("at.add", "xpx.at", lambda x, i, v: xpx.at(x, i).add(v, copy=True),
                            (x, idx, v)))
    routes += [
        Route("segment_sum", "np.add.at(zeros)", add_at_zeros, (v, idx)),
        Route("segment_sum", "np.bincount (f64)",
              lambda v, i: np.bincount(i, v, SLOTS).astype(np.float32), (v, idx)),
        Route("segment_sum", "xport", lambda v, i: xport.scatter.segment_sum(v, i, SLOTS),
              (v, idx)),
    ]
    return routes


def torch_routes(x_np: np.ndarray, idx_np: np.ndarray, v_np: np.ndarray) -> list[Route]:
    import torch

    x, idx, v = (torch.from_numpy(a) for a in (x_np, idx_np, v_np))
    routes = [
        Route("at.add", "index_put_(acc)(clone)",
              lambda x, i, v: x.clone().index_put_((i,), v, accumulate=True), (x, idx, v)),
        Route("at.add", "index_add_(clone)",
              lambda x, i, v: x.clone().index_add_(0, i, v), (x, idx, v)),
        Route("at.add", "xport.at", lambda x, i, v: xport.at(x, i).add(v), (x, idx, v)),
    ]
    if _have_xpx():
        import array_api_extra as xpx
        routes.append(Route("at.add", "xpx.at", lambda x, i, v: xpx.at(x, i).add(v, copy=True),
                            (x, idx, v)))
    routes += [
        Route("segment_sum", "zeros.index_add_",
              lambda v, i: torch.zeros(SLOTS, dtype=v.dtype).index_add_(0, i, v), (v, idx)),
        Route("segment_sum", "xport", lambda v, i: xport.scatter.segment_sum(v, i, SLOTS),
              (v, idx)),
    ]
    return routes


def jax_routes(x_np: np.ndarray, idx_np: np.ndarray, v_np: np.ndarray) -> list[Route]:
    import jax
    import jax.numpy as jnp

    x, idx, v = jnp.asarray(x_np), jnp.asarray(idx_np.astype(np.int32)), jnp.asarray(v_np)
    sync = jax.block_until_ready
    at_fns: list[tuple[str, Callable[..., Any]]] = [
        ("x.at[idx].add", lambda x, i, v: x.at[i].add(v)),
        ("xport.at", lambda x, i, v: xport.at(x, i).add(v)),
    ]
    if _have_xpx():
        import array_api_extra as xpx
        at_fns.append(("xpx.at", lambda x, i, v: xpx.at(x, i).add(v, copy=True)))
    seg_fns: list[tuple[str, Callable[..., Any]]] = [
        ("jax.ops.segment_sum", lambda v, i: jax.ops.segment_sum(v, i, num_segments=SLOTS)),
        ("xport", lambda v, i: xport.scatter.segment_sum(v, i, SLOTS)),
    ]
    routes = []
    for mode, wrap in (("eager", lambda f: f), ("jit", jax.jit)):
        routes += [Route(f"at.add {mode}", label, wrap(f), (x, idx, v), sync)
                   for label, f in at_fns]
        routes += [Route(f"segment_sum {mode}", label, wrap(f), (v, idx), sync)
                   for label, f in seg_fns]
    return routes


def tensorflow_routes(x_np: np.ndarray, idx_np: np.ndarray, v_np: np.ndarray) -> list[Route]:
    import tensorflow as tf

    x, idx, v = (tf.constant(a) for a in (x_np, idx_np, v_np))

    def sync(result: Any) -> Any:
        return result.numpy()

    at_fns: list[tuple[str, Callable[..., Any]]] = [
        ("tensor_scatter_nd_add",
         lambda x, i, v: tf.tensor_scatter_nd_add(x, tf.reshape(i, [-1, 1]), v)),
        ("xport.at", lambda x, i, v: xport.at(x, i).add(v)),
    ]
    if _have_xpx():
        import array_api_extra as xpx
        at_fns.append(("xpx.at", lambda x, i, v: xpx.at(x, i).add(v, copy=True)))
    seg_fns: list[tuple[str, Callable[..., Any]]] = [
        ("unsorted_segment_sum", lambda v, i: tf.math.unsorted_segment_sum(v, i, SLOTS)),
        ("xport", lambda v, i: xport.scatter.segment_sum(v, i, SLOTS)),
    ]
    routes = []
    for mode, wrap in (("eager", lambda f: f), ("tf.function", tf_function)):
        routes += [Route(f"at.add {mode}", label, wrap(f), (x, idx, v), sync)
                   for label, f in at_fns]
        routes += [Route(f"segment_sum {mode}", label, wrap(f), (v, idx), sync)
                   for label, f in seg_fns]
    return routes


ROUTES: dict[str, Callable[[np.ndarray, np.ndarray, np.ndarray], list[Route]]] = {
    "numpy": numpy_routes, "torch": torch_routes, "jax": jax_routes,
    "tensorflow": tensorflow_routes,
}


def _agrees(result: Any, expected: np.ndarray) -> str:
    got = np.asarray(result)
    return "yes" if got.shape == expected.shape and np.allclose(got, expected, rtol=1e-4,
                                                                atol=1e-4) else "no"


def rows(backends: list[str], repeat: int) -> list[dict[str, object]]:
    x, idx, v = _data()
    expected = {"at.add": x.copy(), "segment_sum": np.zeros(SLOTS, np.float32)}
    np.add.at(expected["at.add"], idx, v)
    np.add.at(expected["segment_sum"], idx, v)
    out: list[dict[str, object]] = []
    for name in backends:
        groups: dict[str, list[Route]] = {}
        for route in ROUTES[name](x.copy(), idx.copy(), v.copy()):
            groups.setdefault(route.group, []).append(route)
        for group, routes in groups.items():
            group_rows: dict[str, dict[str, object]] = {}
            timed: dict[str, Callable[[], Any]] = {}
            for route in routes:
                row: dict[str, object] = {"backend": name, "group": group,
                                          "route": route.label}
                group_rows[route.label] = row
                try:
                    result = route.fn(*route.args)
                except Exception as exc:  # reported in the table
                    row["us"] = f"fails ({type(exc).__name__})"
                    continue
                row["ok"] = _agrees(result, expected[group.split()[0]])
                timed[route.label] = lambda r=route: r.fn(*r.args)
            times = compare_us(timed, sync=routes[0].sync, repeat=repeat)
            base = times.get(routes[0].label)
            for label, t in times.items():
                group_rows[label].update({"us": t, "ratio": t / base if base else None})
            out += group_rows.values()
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
    print(f"\nscatter-add of {UPDATES:.0e} float32 updates into {SLOTS:.0e} slots, random "
          "indices with duplicates (us per call; ratio: against the group's first route; "
          "ok: result equals np.add.at)")
    print(table(rows(backends, args.repeat), [
        ("backend", "backend"), ("group", "group"), ("route", "route"), ("us", "us"),
        ("ratio", "ratio"), ("ok", "ok")]))
    return 0


if __name__ == "__main__":
    sys.exit(main())

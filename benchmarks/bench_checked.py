"""What checked mode costs: calls through a checked namespace against the same
calls through the plain one.

Run with ``python -m benchmarks.bench_checked`` (``--backends numpy,torch`` to
pick backends, ``--json PATH`` to write the rows as data). Per installed
backend, a few representative calls on small arrays (shape (8, 8), where the
checks weigh most), timed interleaved (``compare_us``); the difference is what
the checks add. Checked mode is for tests and debugging: it binds every call to
the standard's signature and checks each argument, so it costs microseconds,
not nanoseconds.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
import warnings
from collections.abc import Callable
from typing import Any

import xport
from benchmarks._record import write_json
from benchmarks._timing import compare_us, table

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

# label -> call(xp, x, i) with x float32 (8, 8) and i int32 (8,)
CALLS: dict[str, Callable[[Any, Any, Any], Any]] = {
    "add(x, x)": lambda xp, x, i: xp.add(x, x),
    "add(x, 1.5)": lambda xp, x, i: xp.add(x, 1.5),
    "sum(x, axis=0)": lambda xp, x, i: xp.sum(x, axis=0),
    "matmul(x, x)": lambda xp, x, i: xp.matmul(x, x),
    "reshape(x, (64,))": lambda xp, x, i: xp.reshape(x, (64,)),
    "take(x, i, axis=1)": lambda xp, x, i: xp.take(x, i, axis=1),
    "zeros((8, 8))": lambda xp, x, i: xp.zeros((8, 8), dtype=xp.float32),
    "concat([x, x])": lambda xp, x, i: xp.concat([x, x], axis=0),
}
BACKENDS = ("numpy", "torch", "jax", "tensorflow", "dask")


def rows(backends: list[str]) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    for name in backends:
        plain, checked = xport.namespace(name), xport.namespace(name, checked=True)
        x = plain.ones((8, 8), dtype=plain.float32)
        i = plain.asarray([0, 1, 2, 3, 4, 5, 6, 7], dtype=plain.int32)
        for label, call in CALLS.items():
            times = compare_us(
                {"plain": lambda call=call, xp=plain, x=x, i=i: call(xp, x, i),
                 "checked": lambda call=call, xp=checked, x=x, i=i: call(xp, x, i)},
                min_time=0.02)
            out.append({"backend": name, "call": label, "plain_us": times["plain"],
                        "checked_us": times["checked"],
                        "added_us": times["checked"] - times["plain"]})
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backends", default=",".join(BACKENDS))
    parser.add_argument("--json", metavar="PATH", help="also write the rows, with the date, "
                        "machine and versions, as JSON (the docs build draws them)")
    args = parser.parse_args(argv)
    backends = [b for b in args.backends.split(",") if importlib.util.find_spec(b) is not None]
    warnings.simplefilter("ignore")
    measured = rows(backends)
    print("checked vs plain namespace, microseconds per call (best of 7, interleaved)")
    print(table(measured, [("backend", "backend"), ("call", "call"), ("plain_us", "plain"),
                           ("checked_us", "checked"), ("added_us", "added")]))
    if args.json:
        write_json(args.json, "checked", {"backends": backends, "shape": "8x8"},
                   {"calls": measured})
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Overhead of xport against the native call and against array-api-compat.

Run with ``nox -s benchmarks`` or ``python -m benchmarks.bench_overhead``.
Prints, per installed backend: the cost of ``namespace_of`` for 1 and 3 arrays
beside ``array_api_compat.array_namespace``, and for every wrapped function the
time through xport, through array-api-compat and natively, at shapes (8,) and
(1000, 1000). Targets (issue #2): namespace_of <= 0.2x array_namespace; wrapped
ops within 1 us of native on (8,) and within 1% at (1000, 1000).
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import platform
import sys

import xport
from benchmarks._timing import best_us, table
from benchmarks.cases import CASES

SHAPES = ((8,), (1000, 1000))


def dispatch_rows(backends: list[str]) -> list[dict[str, object]]:
    have_compat = importlib.util.find_spec("array_api_compat") is not None
    if have_compat:
        import array_api_compat
    rows = []
    for name in backends:
        cases = CASES[name]()
        x = cases.make((8,))
        for n in (1, 3):
            args = (x,) * n
            ours = best_us(lambda args=args: xport.namespace_of(*args))
            theirs = (best_us(lambda args=args: array_api_compat.array_namespace(*args))
                      if have_compat else None)
            rows.append({"backend": name, "arrays": n, "xport": ours, "compat": theirs,
                         "ratio": ours / theirs if theirs else None})
    return rows


def op_rows(backends: list[str], shapes: tuple[tuple[int, ...], ...]) -> list[dict[str, object]]:
    rows = []
    for name in backends:
        cases = CASES[name]()
        ns = xport.namespace(name)
        compat = importlib.import_module(cases.compat) if cases.compat and \
            importlib.util.find_spec("array_api_compat") else None
        for op, (through_ns, through_native) in cases.ops.items():
            for shape in shapes:
                x = cases.make(shape)
                native_t = best_us(lambda x=x, f=through_native, m=cases.native: f(m, x),
                                   sync=cases.sync)
                ours_t = best_us(lambda x=x, f=through_ns, m=ns: f(m, x), sync=cases.sync)
                compat_t = (best_us(lambda x=x, f=through_ns, m=compat: f(m, x),
                                    sync=cases.sync) if compat is not None else None)
                rows.append({
                    "backend": name, "op": op, "shape": "x".join(map(str, shape)),
                    "native_us": native_t, "xport_us": ours_t, "compat_us": compat_t,
                    "xport/native": ours_t / native_t,
                    "xport-native_us": ours_t - native_t,
                    "compat/native": compat_t / native_t if compat_t else None,
                })
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backends", default=",".join(CASES),
                        help="comma-separated backends (default: all with cases)")
    parser.add_argument("--small-only", action="store_true", help="skip (1000, 1000)")
    args = parser.parse_args(argv)
    wanted = [b for b in args.backends.split(",") if importlib.util.find_spec(b)]
    backends = [b for b in wanted if b in CASES]
    print(f"python {platform.python_version()} on {platform.machine()}, "
          f"xport {xport.__version__}")
    for b in backends:
        print(f"  {b} {importlib.import_module(b).__version__}")

    print("\nnamespace_of vs array_api_compat.array_namespace (us per call)")
    print(table(dispatch_rows(backends), [("backend", "backend"), ("arrays", "arrays"),
                                           ("xport", "xport"), ("compat", "compat"),
                                           ("ratio", "xport/compat")]))
    shapes = SHAPES[:1] if args.small_only else SHAPES
    print("\nwrapped functions: xport vs native vs array-api-compat (us per call)")
    print(table(op_rows(backends, shapes), [
        ("backend", "backend"), ("op", "op"), ("shape", "shape"), ("native_us", "native"),
        ("xport_us", "xport"), ("compat_us", "compat"), ("xport/native", "xport/native"),
        ("xport-native_us", "xport-native"), ("compat/native", "compat/native")]))
    return 0


if __name__ == "__main__":
    sys.exit(main())

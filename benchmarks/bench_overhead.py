"""Overhead of xport against the native call and against array-api-compat.

Run with ``nox -s benchmarks`` or ``python -m benchmarks.bench_overhead``
(``--backends numpy,torch`` to pick backends, ``--small-only`` to skip the
(1000, 1000) inputs, ``--json PATH`` to write the rows as data). Prints, per
installed backend: the cost of ``namespace_of`` for 1 and 3 arrays beside
``array_api_compat.array_namespace`` and of xport's copies of compat's other
helpers (``is_numpy_array``, ``size``, ``device``, ...) beside compat's own
(where array-api-compat supports the backend; it has no TensorFlow support)
and beside the array's own ``__array_namespace__`` (NumPy, JAX), and for a
representative set of wrapped functions (see ``benchmarks/cases.py``) the time
through xport, through array-api-compat and natively, at shapes (8,) and
(1000, 1000). JAX is timed eagerly and under ``jax.jit`` (compiled once, the
compiled call timed), TensorFlow eagerly and inside ``tf.function`` (traced
once, without AutoGraph); results are waited for (``block_until_ready``,
``.numpy()``). Times are the best of several repeats; native, xport and compat
calls of a row are timed interleaved (``compare_us`` in ``_timing.py``) so that
load from other processes hits them alike. Targets (issue #2):
namespace_of <= 0.2x array_namespace; wrapped ops within 1 us of native on (8,)
and within 1% at (1000, 1000); compiled ratios ~1.0 (same program).
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import os
import platform
import sys
import warnings
from typing import Any

import xport
from benchmarks._record import write_json
from benchmarks._timing import best_us, compare_us, table
from benchmarks.cases import CASES, BackendCases, as_op

SHAPES = ((8,), (1000, 1000))
# (repeat, min_time) of best_us for the small and the large shape: enough
# repeats for microsecond overheads, few for calls of milliseconds (keeps the
# whole run near 3 minutes).
TIMING = {(8,): (7, 0.02), (1000, 1000): (3, 0.02)}


def _compat_dispatch() -> Any:
    if importlib.util.find_spec("array_api_compat") is None:
        return None
    import array_api_compat
    return array_api_compat.array_namespace


def dispatch_rows(backends: list[str]) -> list[dict[str, object]]:
    array_namespace = _compat_dispatch()
    rows = []
    for name in backends:
        cases = CASES[name]()
        x = cases.make((8,))
        xport.namespace_of(x)  # import the namespace before timing
        for n in (1, 3):
            args = (x,) * n
            ours = best_us(lambda args=args: xport.namespace_of(*args))
            theirs = None
            if array_namespace is not None:
                try:
                    array_namespace(*args)
                except TypeError:  # array-api-compat does not know this library
                    pass
                else:
                    theirs = best_us(lambda args=args: array_namespace(*args))
            own = None
            if n == 1 and hasattr(x, "__array_namespace__"):
                own = best_us(x.__array_namespace__)
            rows.append({"backend": name, "arrays": n, "xport": ours, "compat": theirs,
                         "own": own, "ratio": ours / theirs if theirs else None})
    return rows


# array-api-compat's helpers, timed on an array of each backend: (label, call).
HELPERS = (
    ("is_numpy_array(x)", lambda h, x, ns: h.is_numpy_array(x)),
    ("is_<backend>_array(x)", lambda h, x, ns: getattr(h, f"is_{ns}_array")(x)),
    ("is_array_api_obj(x)", lambda h, x, ns: h.is_array_api_obj(x)),
    ("is_lazy_array(x)", lambda h, x, ns: h.is_lazy_array(x)),
    ("is_writeable_array(x)", lambda h, x, ns: h.is_writeable_array(x)),
    ("size(x)", lambda h, x, ns: h.size(x)),
    ("device(x)", lambda h, x, ns: h.device(x)),
    ("is_<backend>_namespace(xp)", None),
)


def helper_rows(backends: list[str]) -> list[dict[str, object]]:
    """xport's and array-api-compat's helpers on the same array, timed interleaved."""
    if importlib.util.find_spec("array_api_compat") is None:
        return []
    import array_api_compat

    rows = []
    for name in backends:
        x = CASES[name]().make((8,))
        has_compat = name != "tensorflow"  # compat has no TensorFlow helpers
        for label, call in HELPERS:
            fns: dict[str, Any] = {}
            for key, helpers in (("xport", xport), ("compat", array_api_compat)):
                if key == "compat" and not has_compat:
                    continue
                if call is None:
                    xp = helpers.array_namespace(x)
                    check = getattr(helpers, f"is_{name}_namespace")
                    fns[key] = lambda check=check, xp=xp: check(xp)
                else:
                    fns[key] = lambda call=call, helpers=helpers, x=x, name=name: call(
                        helpers, x, name)
            times = compare_us(fns, min_time=0.02)
            theirs = times.get("compat")
            rows.append({"backend": name, "helper": label, "xport": times["xport"],
                         "compat": theirs,
                         "ratio": times["xport"] / theirs if theirs else None})
    return rows


def _timed(fns: dict[str, Any], args: tuple[Any, ...], sync: Any, shape: tuple[int, ...]
           ) -> dict[str, float | str]:
    """Interleaved best times of ``fns`` on ``args``; a function that fails is
    reported as such instead of timed."""
    repeat, min_time = TIMING.get(shape, (7, 0.05))
    results: dict[str, float | str] = {}
    working = {}
    for name, fn in fns.items():
        try:
            fn(*args)
        except Exception as exc:  # reported in the table, not raised
            results[name] = f"fails ({type(exc).__name__})"
        else:
            working[name] = lambda fn=fn: fn(*args)
    results.update(compare_us(working, sync=sync, repeat=repeat, min_time=min_time))
    return results


def _compat_module(cases: BackendCases) -> Any:
    if cases.compat is None or importlib.util.find_spec("array_api_compat") is None:
        return None
    return importlib.import_module(cases.compat)


def op_rows(backends: list[str], shapes: tuple[tuple[int, ...], ...]) -> list[dict[str, object]]:
    rows = []
    for name in backends:
        cases = CASES[name]()
        ns = xport.namespace(name)
        compat = _compat_module(cases)
        for mode, compile_ in cases.modes.items():
            for op_name, entry in cases.ops.items():
                op = as_op(entry)
                if mode != "eager" and not op.compiles:
                    continue
                for shape in shapes if op.large else shapes[:1]:
                    args = op.args(cases.make(shape))
                    native_fn = compile_(lambda *a, f=op.native, m=cases.native: f(m, *a))
                    ours_fn = compile_(lambda *a, f=op.ours, m=ns: f(m, *a))
                    fns = {"native": native_fn, "xport": ours_fn}
                    if compat is not None and mode == "eager":
                        fns["compat"] = lambda *a, f=op.ours, m=compat: f(m, *a)
                    times = _timed(fns, args, cases.sync, shape)
                    native_t, ours_t = times["native"], times["xport"]
                    compat_t = times.get("compat")
                    both = isinstance(native_t, float) and isinstance(ours_t, float)
                    rows.append({
                        "backend": name, "mode": mode, "op": op_name,
                        "shape": "x".join(map(str, shape)),
                        "native_us": native_t, "xport_us": ours_t, "compat_us": compat_t,
                        "xport/native": ours_t / native_t if both else None,  # type: ignore[operator]
                        "xport-native_us": ours_t - native_t if both else None,  # type: ignore[operator]
                        "compat/native": compat_t / native_t  # type: ignore[operator]
                        if isinstance(compat_t, float) and isinstance(native_t, float) else None,
                    })
    return rows


def available(requested: str) -> list[str]:
    """The backends of ``requested`` (comma-separated) that are installed and
    have cases, in order."""
    names = [b.strip() for b in requested.split(",") if b.strip()]
    unknown = [b for b in names if b not in CASES]
    if unknown:
        raise SystemExit(f"unknown backend(s) {unknown}; known: {', '.join(CASES)}")
    return [b for b in names if importlib.util.find_spec(b)]


def header(backends: list[str]) -> None:
    print(f"python {platform.python_version()} on {platform.machine()} "
          f"({os.cpu_count()} CPUs), xport {xport.__version__}")
    for b in backends:
        print(f"  {b} {importlib.import_module(b).__version__}")
    if importlib.util.find_spec("array_api_compat"):
        import array_api_compat
        print(f"  array_api_compat {array_api_compat.__version__}")
    print("times: best of repeats, microseconds per call")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backends", default=",".join(CASES),
                        help="comma-separated backends (default: all with cases)")
    parser.add_argument("--small-only", action="store_true", help="skip (1000, 1000)")
    parser.add_argument("--json", metavar="PATH", help="also write the rows, with the date, "
                        "machine and versions, as JSON (the docs build draws them)")
    args = parser.parse_args(argv)
    backends = available(args.backends)
    warnings.simplefilter("ignore")  # e.g. JAX's int64 -> int32 truncation notices
    header(backends)
    shapes = SHAPES[:1] if args.small_only else SHAPES
    sections = {"dispatch": dispatch_rows(backends), "helpers": helper_rows(backends),
                "ops": op_rows(backends, shapes)}

    print("\nnamespace_of vs array_api_compat.array_namespace (us per call; "
          "own: x.__array_namespace__(), where the array has it; "
          "compat '-': array-api-compat does not support the backend)")
    print(table(sections["dispatch"], [("backend", "backend"), ("arrays", "arrays"),
                                           ("xport", "xport"), ("compat", "compat"),
                                           ("own", "own"), ("ratio", "xport/compat")]))
    print("\narray-api-compat's helpers: xport vs array-api-compat (us per call)")
    print(table(sections["helpers"], [("backend", "backend"), ("helper", "helper"),
                                        ("xport", "xport"), ("compat", "compat"),
                                        ("ratio", "xport/compat")]))
    print("\nwrapped functions: xport vs native vs array-api-compat (us per call; "
          "compat only eager and where array_api_compat.<backend> exists)")
    print(table(sections["ops"], [
        ("backend", "backend"), ("mode", "mode"), ("op", "op"), ("shape", "shape"),
        ("native_us", "native"), ("xport_us", "xport"), ("compat_us", "compat"),
        ("xport/native", "xport/native"), ("xport-native_us", "xport-native"),
        ("compat/native", "compat/native")]))
    if args.json:
        write_json(args.json, "overhead", {"backends": backends,
                                           "shapes": ["x".join(map(str, s)) for s in shapes]},
                   sections)
    return 0


if __name__ == "__main__":
    sys.exit(main())

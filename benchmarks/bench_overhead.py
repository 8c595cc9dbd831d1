"""Overhead of xport against the native call and against array-api-compat.

Run with ``nox -s benchmarks`` or ``python -m benchmarks.bench_overhead``
(``--backends numpy,torch`` to pick backends, ``--small-only`` to skip the
(1000, 1000) inputs and the chain, ``--json PATH`` to write the rows as data,
``--record`` / ``--check`` to record the ratios as the baseline or to fail when
one grew by more than half over it: see ``benchmarks/guard.py``).
Prints, per installed backend:

* the cost of ``namespace_of`` for one array, three arrays and an array with
  two Python scalars beside ``array_api_compat.array_namespace`` (and the
  array's own ``__array_namespace__`` where it has one), timed interleaved,
  and of xport's copies of compat's other helpers beside compat's own;
* for the 26 standard calls of ``benchmarks/cases.py`` (the same calls on every
  backend) the time through xport, through array-api-compat's namespace (for
  JAX: ``jax.numpy``, which is what compat hands out) and through the library's
  own spelling, at shapes (8,) and (1000, 1000), plus a backend's extra rows;
* an 18-call chain of them at 1e6 elements;
* per backend, mode and shape, the geometric means of xport/native,
  compat/native and xport/compat over the calls the standard does not make
  costlier than the native default (``stricter`` in cases.py), the worst call,
  and issue #19's goals beside them.

JAX is timed eagerly and under ``jax.jit`` (compiled once, the compiled call
timed), TensorFlow eagerly and inside ``tf.function`` (traced once, without
AutoGraph), Dask computed; results are waited for (``block_until_ready``,
``.numpy()``, ``.compute()``). Times are the best of several repeats; the
contenders of a row are timed interleaved (``compare_us`` in ``_timing.py``)
so that load from other processes hits them alike. Measure on a quiet machine.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import math
import os
import platform
import sys
import warnings
from pathlib import Path
from typing import Any

import xport
from benchmarks import guard
from benchmarks._record import environment, write_json
from benchmarks._timing import compare_us, table
from benchmarks.cases import (
    CASES,
    PIPELINE_SHAPE,
    PIPELINE_STEPS,
    STANDARD_OPS,
    BackendCases,
    pipeline,
)

SHAPES = ((8,), (1000, 1000))
# (repeat, min_time) of best_us for the small and the large shape: enough
# repeats for microsecond overheads, few for calls of milliseconds (keeps the
# whole run near 3 minutes).
TIMING = {(8,): (7, 0.02), (1000, 1000): (5, 0.02)}


def _compat_dispatch() -> Any:
    if importlib.util.find_spec("array_api_compat") is None:
        return None
    import array_api_compat
    return array_api_compat.array_namespace


def dispatch_rows(backends: list[str]) -> list[dict[str, object]]:
    """namespace_of beside compat's array_namespace (timed interleaved) for one
    array, three arrays, and an array with two Python scalars."""
    array_namespace = _compat_dispatch()
    namespace_of = xport.namespace_of  # looked up as compat's is: once
    rows = []
    for name in backends:
        cases = CASES[name]()
        x = cases.make((8,))
        for label, args in (("x", (x,)), ("x, x, x", (x, x, x)), ("x, 1.0, 2", (x, 1.0, 2))):
            fns: dict[str, Any] = {"xport": lambda args=args: namespace_of(*args)}
            fns["xport"]()  # resolve the types (and import the namespace) before timing
            if array_namespace is not None:
                try:
                    array_namespace(*args)
                except TypeError:  # array-api-compat does not know this library
                    pass
                else:
                    fns["compat"] = lambda args=args: array_namespace(*args)
            if label == "x" and hasattr(x, "__array_namespace__"):
                fns["own"] = x.__array_namespace__
            times = compare_us(fns, repeat=9, min_time=0.02)
            theirs = times.get("compat")
            rows.append({"backend": name, "arrays": label, "xport": times["xport"],
                         "compat": theirs, "own": times.get("own"),
                         "ratio": times["xport"] / theirs if theirs else None})
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
    repeat, min_time = TIMING.get(shape, (3, 0.02))
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


def _ratio(a: object, b: object) -> float | None:
    return a / b if isinstance(a, float) and isinstance(b, float) else None


def _row(backend: str, mode: str, op: str, shape: tuple[int, ...], times: dict[str, Any], *,
         stricter: str | None = None, standard: bool = True) -> dict[str, object]:
    native_t, ours_t, compat_t = times.get("native"), times["xport"], times.get("compat")
    return {
        "backend": backend, "mode": mode, "op": op, "shape": "x".join(map(str, shape)),
        "standard": standard, "stricter": stricter,
        "native_us": native_t, "xport_us": ours_t, "compat_us": compat_t,
        "xport/native": _ratio(ours_t, native_t),
        "xport-native_us": ours_t - native_t  # type: ignore[operator]
        if _ratio(ours_t, native_t) is not None else None,
        "compat/native": _ratio(compat_t, native_t),
        "xport/compat": _ratio(ours_t, compat_t),
    }


def _contenders(cases: BackendCases, compile_: Any, mode: str, *, ns: Any, compat: Any,
                ours: Any, native: Any) -> dict[str, Any]:
    """native / xport / compat callables of one row, compiled by ``compile_``."""
    fns = {}
    if native is not None:
        module = cases.native  # a closure variable, as ns and compat are: no attribute load
        fns["native"] = compile_(lambda *a: native(module, *a))
    fns["xport"] = compile_(lambda *a: ours(ns, *a))
    if compat is not None and (mode == "eager" or cases.compat == "jax.numpy"):
        fns["compat"] = compile_(lambda *a: ours(compat, *a))
    return fns


def op_rows(backends: list[str], shapes: tuple[tuple[int, ...], ...]) -> list[dict[str, object]]:
    """One row per (backend, mode, op, shape): STANDARD_OPS first, then the
    backend's extra rows."""
    rows = []
    for name in backends:
        cases = CASES[name]()
        ns = xport.namespace(name)
        compat = _compat_module(cases)
        for mode, compile_ in cases.modes.items():
            for op_name, std in STANDARD_OPS.items():
                if mode != "eager" and not std.compiles:
                    continue
                for shape in shapes if std.large else shapes[:1]:
                    fns = _contenders(cases, compile_, mode, ns=ns, compat=compat,
                                      ours=std.call, native=cases.natives.get(op_name))
                    times = _timed(fns, cases.inputs(std.inputs, shape), cases.sync, shape)
                    rows.append(_row(name, mode, op_name, shape, times, stricter=std.stricter))
            for op_name, op in cases.extra.items():
                if mode != "eager" and not op.compiles:
                    continue
                for shape in shapes if op.large else shapes[:1]:
                    fns = _contenders(cases, compile_, mode, ns=ns, compat=compat,
                                      ours=op.ours, native=op.native)
                    times = _timed(fns, op.args(cases.make(shape)), cases.sync, shape)
                    rows.append(_row(name, mode, op_name, shape, times, standard=False))
    return rows


def _chain(module: Any) -> Any:
    """cases.pipeline through the standard namespace ``module``."""
    return lambda x, y: pipeline(lambda op, *a: STANDARD_OPS[op].call(module, *a), x, y)


def _native_chain(cases: BackendCases) -> Any:
    """cases.pipeline through the backend's native spellings."""
    natives, module = cases.natives, cases.native
    return lambda x, y: pipeline(lambda op, *a: natives[op](module, *a), x, y)


def pipeline_rows(backends: list[str]) -> list[dict[str, object]]:
    """The 18-call chain of ``cases.pipeline`` at PIPELINE_SHAPE, per backend and mode."""
    rows = []
    for name in backends:
        cases = CASES[name]()
        ns = xport.namespace(name)
        compat = _compat_module(cases)
        if any(step not in cases.natives for step in PIPELINE_STEPS):
            continue
        for mode, compile_ in cases.modes.items():
            fns = {"native": compile_(_native_chain(cases)), "xport": compile_(_chain(ns))}
            if compat is not None and (mode == "eager" or cases.compat == "jax.numpy"):
                fns["compat"] = compile_(_chain(compat))
            times = _timed(fns, cases.inputs("xy", PIPELINE_SHAPE), cases.sync, PIPELINE_SHAPE)
            rows.append(_row(name, mode, f"pipeline of {len(PIPELINE_STEPS)} calls",
                             PIPELINE_SHAPE, times))
    return rows


def _geomean(values: list[float]) -> float | None:
    return math.exp(sum(map(math.log, values)) / len(values)) if values else None


# The goals (#19), per shape: geometric mean of xport/native over the
# standard rows, and the worst single row.
GOALS = {"8": (1.10, 1.5), "1000x1000": (1.02, 1.10)}


def summary_rows(ops: list[dict[str, Any]]) -> list[dict[str, object]]:
    """Per (backend, mode, shape): geometric means of xport/native and
    compat/native over the standard rows the standard does not make stricter,
    the worst of them, and the geometric mean of xport/compat."""
    rows = []
    keys = dict.fromkeys((r["backend"], r["mode"], r["shape"]) for r in ops if r["standard"])
    for backend, mode, shape in keys:
        group = [r for r in ops if r["standard"] and (r["backend"], r["mode"], r["shape"])
                 == (backend, mode, shape) and not r["stricter"]]
        ours = [r["xport/native"] for r in group if r["xport/native"] is not None]
        theirs = [r["compat/native"] for r in group if r["compat/native"] is not None]
        versus = [r["xport/compat"] for r in group if r["xport/compat"] is not None]
        worst = max(group, key=lambda r: r["xport/native"] or 0.0)
        goal_mean, goal_worst = GOALS.get(shape, (None, None))
        rows.append({
            "backend": backend, "mode": mode, "shape": shape, "ops": len(ours),
            "xport/native": _geomean(ours), "compat/native": _geomean(theirs),
            "xport/compat": _geomean(versus),
            "worst": f"{worst['op']} {worst['xport/native']:.2f}"
            if worst["xport/native"] is not None else None,
            "goal": f"<= {goal_mean}, worst <= {goal_worst}" if goal_mean else None,
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
    parser.add_argument("--check", nargs="?", const=str(guard.BASELINE), metavar="BASELINE",
                        help="fail (exit 1) when a ratio grew by more than half over the one "
                        "recorded (default benchmarks/baseline/overhead.json)")
    parser.add_argument("--record", nargs="?", const=str(guard.BASELINE), metavar="BASELINE",
                        help="record this run's ratios as the baseline --check compares to")
    args = parser.parse_args(argv)
    backends = available(args.backends)
    warnings.simplefilter("ignore")  # e.g. JAX's int64 -> int32 truncation notices
    header(backends)
    shapes = SHAPES[:1] if args.small_only else SHAPES
    sections = measure(backends, shapes, pipeline=not args.small_only)
    sections["summary"] = summary_rows(sections["ops"])

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
    print("\nstandard functions: xport vs native vs array-api-compat (us per call; compat: "
          "array_api_compat's namespace for the backend, jax.numpy for JAX; '*': the "
          "standard asks for more than the native default, see cases.py)")
    op_columns = [
        ("backend", "backend"), ("mode", "mode"), ("label", "op"), ("shape", "shape"),
        ("native_us", "native"), ("xport_us", "xport"), ("compat_us", "compat"),
        ("xport/native", "xport/native"), ("compat/native", "compat/native"),
        ("xport/compat", "xport/compat")]
    labelled = [{**r, "label": f"{r['op']}{'*' if r['stricter'] else ''}"
                 f"{'' if r['standard'] else ' (extra)'}"} for r in sections["ops"]]
    print(table(labelled, op_columns))
    if sections["pipeline"]:
        print(f"\nthe {len(PIPELINE_STEPS)}-call chain of cases.pipeline at "
              f"{PIPELINE_SHAPE} float32 ({', '.join(PIPELINE_STEPS)})")
        print(table([{**r, "label": r["op"]} for r in sections["pipeline"]], op_columns))
    print("\ngeometric means over the standard rows ('*' rows left out), per backend, "
          "mode and shape; goals of issue #19 in the last column")
    print(table(sections["summary"], [
        ("backend", "backend"), ("mode", "mode"), ("shape", "shape"), ("ops", "ops"),
        ("xport/native", "xport/native"), ("compat/native", "compat/native"),
        ("xport/compat", "xport/compat"), ("worst", "worst xport/native"), ("goal", "goal")]))
    if args.json:
        write_json(args.json, "overhead", {"backends": backends,
                                           "shapes": ["x".join(map(str, s)) for s in shapes]},
                   sections)
    if args.record:
        measured = guard.ratios(sections)
        guard.record(Path(args.record), measured, environment())
        print(f"\nrecorded {len(measured)} ratios in {args.record}")
    if args.check:
        return check(Path(args.check), sections, backends, shapes)
    return 0


def measure(backends: list[str], shapes: tuple[tuple[int, ...], ...], *,
            pipeline: bool) -> dict[str, list[dict[str, object]]]:
    """Every section of the benchmark: dispatch, helpers, ops (and the chain)."""
    sections: dict[str, list[dict[str, object]]] = {
        "dispatch": dispatch_rows(backends), "helpers": helper_rows(backends),
        "ops": op_rows(backends, shapes)}
    sections["pipeline"] = pipeline_rows(backends) if pipeline else []
    return sections


def check(baseline: Path, sections: dict[str, list[dict[str, object]]], backends: list[str],
          shapes: tuple[tuple[int, ...], ...]) -> int:
    """The regression guard (benchmarks/guard.py): exit status 1 when a ratio grew
    by more than half over the recorded one, in this run and in one re-measurement."""
    return guard.check(baseline, guard.ratios(sections),
                       lambda: guard.ratios(measure(backends, shapes, pipeline=False)))


if __name__ == "__main__":
    sys.exit(main())

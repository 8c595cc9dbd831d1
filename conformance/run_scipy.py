"""Run SciPy's own array-API tests on its vendored array-api-compat, or on xport in its place.

SciPy vendors array-api-compat as ``scipy._lib.array_api_compat`` and imports its
helpers (``array_namespace``, ``device``, ``size``, ``is_*_namespace``, the
``numpy`` wrapper namespace, ``common._helpers`` ...) throughout; its vendored
array-api-extra reaches them through ``scipy._lib._array_api_compat_vendor``. With
``SCIPY_ARRAY_API=1`` SciPy's tests (shipped in the wheel) run every array-API-aware
function on each installed backend (the ``xp`` fixture of ``scipy/conftest.py``:
numpy, array_api_strict, torch, jax.numpy, dask.array). Running a set of them twice,
once stock and once with xport standing in for ``scipy._lib.array_api_compat``, shows
whether xport is a drop-in replacement for SciPy::

    python conformance/run_scipy.py --stock           # SciPy's vendored compat
    python conformance/run_scipy.py                   # xport in its place
    python conformance/run_scipy.py --both            # both, then the comparison
    python conformance/run_scipy.py --modules scipy.fft scipy/cluster/tests/test_vq.py
    python conformance/run_scipy.py --backends numpy,torch  # SCIPY_ARRAY_API='["numpy","torch"]'
    python conformance/run_scipy.py --compare conformance/results/scipy-stock.json \\
        conformance/results/scipy-xport.json
    python conformance/run_scipy.py -- -k "not slow"  # pytest arguments (after --)

Each run is ``python -m pytest --pyargs <modules>`` (a module given as a path
``scipy/x/tests/test_y.py`` is resolved in the installed SciPy) from a scratch folder,
with ``SCIPY_ARRAY_API=1`` (or the chosen backends), ``-p no:cacheprovider``,
``-p _extra_outcomes`` (per-test outcomes to JSON) and ``-n 2``; in xport mode also
``-p _scipy_xport_as_compat`` (``conformance/_scipy_xport_as_compat.py``). It writes
``conformance/results/scipy-<mode>.json`` (+ ``.meta.json``; xport mode also
``scipy-xport-shim.jsonl``).

The comparison is ``run_extra.compare`` (counts, outcome changes, every test that
passes stock and fails/errors/is missing with xport, grouped by backend), followed by
the same regressions grouped by cause (their normalised one-line error).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

import run_extra
from run_extra import BROKEN, PASSING, format_counts, load, meta_path

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
PLUGIN_SHIM = "_scipy_xport_as_compat"
PLUGIN_OUTCOMES = "_extra_outcomes"
DEFAULT_MODULES = [
    "scipy/_lib/tests/test_array_api.py",
    "scipy/special/tests/test_support_alternative_backends.py",
    "scipy/cluster",
    "scipy/fft",
]
# scipy/conftest.py's xp parameter ids; run_extra.backend_of groups by these.
SCIPY_BACKENDS = ("numpy", "array_api_strict", "torch", "cupy", "jax.numpy", "dask.array")
VERSIONED = ("scipy", "xport", "numpy", "torch", "jax", "dask", "array-api-strict", "pytest",
             "hypothesis")
SETUP_ERROR = 3


def fail(message: str) -> None:
    print(f"run_scipy: {message}", file=sys.stderr)
    sys.exit(SETUP_ERROR)


def scipy_root() -> Path:
    import importlib.util
    spec = importlib.util.find_spec("scipy")
    if spec is None or spec.origin is None:
        fail("scipy is not installed")
    return Path(spec.origin).parent  # type: ignore[union-attr]


def targets(modules: list[str]) -> list[str]:
    """pytest arguments: paths inside the installed scipy, or dotted names (--pyargs)."""
    root = scipy_root()
    out = []
    for module in modules:
        path, sep, rest = module.partition("::")
        if path.startswith("scipy/") or path.endswith(".py"):
            full = root.parent / path
            if not full.exists():
                fail(f"{full} does not exist")
            out.append(str(full) + sep + rest)
        else:
            out.append(module)
    return out


def versions(env: dict[str, str]) -> dict[str, str | None]:
    code = ("import importlib.metadata as m, json\n"
            "def v(name):\n"
            "    try: return m.version(name)\n"
            "    except m.PackageNotFoundError: return None\n"
            f"print(json.dumps({{n: v(n) for n in {VERSIONED!r}}}))")
    out = subprocess.run([sys.executable, "-c", code], env=env, text=True,
                         capture_output=True, check=False)
    return json.loads(out.stdout) if out.returncode == 0 else {}


def run_mode(args: argparse.Namespace, xport_mode: bool) -> int:
    mode = "xport" if xport_mode else "stock"
    results = Path(args.results).resolve()
    results.mkdir(parents=True, exist_ok=True)
    outcomes_file = results / f"scipy-{mode}.json"
    shim_log = results / f"scipy-{mode}-shim.jsonl"
    print(f"== SciPy array-API tests; mode: {mode}; modules: {' '.join(args.modules)}",
          flush=True)
    with tempfile.TemporaryDirectory(prefix="xport-scipy-") as tmp:
        scratch = Path(tmp)
        site = scratch / "site"
        site.mkdir()
        for plugin in (PLUGIN_OUTCOMES, PLUGIN_SHIM, "_xport_as_compat"):
            (site / f"{plugin}.py").symlink_to(HERE / f"{plugin}.py")
        work = scratch / "work"
        work.mkdir()
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(
            [str(site)] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env["HYPOTHESIS_STORAGE_DIRECTORY"] = str(scratch / "hypothesis")
        env["SCIPY_ARRAY_API"] = (json.dumps(args.backends.split(",")) if args.backends
                                  else "1")
        env["EXTRA_OUTCOMES_FILE"] = str(outcomes_file)
        if xport_mode:
            env["XPORT_AS_COMPAT_LOG"] = str(shim_log)
            shim_log.unlink(missing_ok=True)
        # SciPy's wheel ships no pytest.ini: an empty one, so that no outer project's
        # configuration (found upwards from the venv) applies; ids start at scipy/.
        ini = scratch / "pytest.ini"
        ini.write_text("[pytest]\n")
        command = [sys.executable, "-m", "pytest", "-c", str(ini),
                   "--rootdir", str(scipy_root().parent), "-p", "no:cacheprovider",
                   "-p", PLUGIN_OUTCOMES]
        if xport_mode:
            command += ["-p", PLUGIN_SHIM]
        if args.workers not in ("", "0"):
            command += ["-n", args.workers]
        command += ["-q", "--no-header", "-rN", "--tb=no", "--pyargs",
                    *targets(args.modules), *args.pytest_args]
        print("$ SCIPY_ARRAY_API=" + env["SCIPY_ARRAY_API"], " ".join(command), flush=True)
        outcomes_file.unlink(missing_ok=True)
        start = time.perf_counter()
        proc = subprocess.Popen(command, cwd=work, env=env, text=True,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        tail: list[str] = []
        assert proc.stdout is not None
        for line in proc.stdout:
            print(line, end="", flush=True)
            tail = [*tail[-200:], line.rstrip("\n")]
        status = proc.wait()
        wall = time.perf_counter() - start
        print(f"== pytest exit {status}, {wall:.0f} s wall", flush=True)
        if not outcomes_file.exists():
            # pytest could not start (e.g. scipy/conftest.py failed to import): record
            # that as one session-level error; every stock test is then "missing".
            errors = [line[1:].strip() for line in tail if line.startswith("E ")]
            message = errors[-1] if errors else (tail[-1] if tail else "no output")
            print(f"run_scipy: pytest exited {status} and wrote no outcomes; recording the "
                  f"session as one error: {message}", file=sys.stderr)
            outcomes_file.write_text(json.dumps({"scipy": {
                "outcome": "error", "when": "session", "message": f"pytest exit {status}: "
                f"{message}", "duration": 0}}, indent=0) + "\n")
        outcomes = json.loads(outcomes_file.read_text())
        meta = {"mode": mode, "head": f"scipy {versions(env).get('scipy')}",
                "modules": args.modules, "pytest_args": [*args.modules, *args.pytest_args],
                "backends": env["SCIPY_ARRAY_API"], "workers": args.workers,
                "vendoring": False,
                "finished": time.strftime("%Y-%m-%d %H:%M:%S"), "wall_s": round(wall),
                "exit": status, "versions": versions(env)}
        meta_path(outcomes_file).write_text(json.dumps(meta, indent=1) + "\n")
    counts = defaultdict(int)
    for o in outcomes.values():
        counts[o["outcome"]] += 1
    from collections import Counter
    print(f"== {mode}: {format_counts(Counter(counts))}; {wall:.0f} s wall; "
          f"results in {outcomes_file}")
    if xport_mode and shim_log.exists():
        report_shim(shim_log)
    return status


def report_shim(log: Path) -> None:
    records = [json.loads(line) for line in log.read_text().splitlines() if line.strip()]
    used = [r for r in records if r["extra_uses_xport"] is not None]
    requests: dict[str, str | None] = {}
    for record in records:
        requests.update(record["requests"])
    print(f"== shim: {len(records)} processes; scipy._lib.array_api_compat is xport in all: "
          f"{all(r['compat_is_xport'] for r in records)}; vendored array-api-extra's helpers "
          f"are xport's in all {len(used)} that imported it: "
          f"{all(r['extra_uses_xport'] for r in used)}; its array_namespace: "
          f"{sorted({r['vendor_array_namespace'] for r in used})}")
    print("   submodules imported:",
          ", ".join(f"{k} -> {v}" for k, v in requests.items()) or "none")


def cause_key(message: str) -> str:
    """A one-line error, normalised so that the same cause groups together."""
    parts = message.split(" | ")
    text = " | ".join(parts[:3]) if parts[0].endswith(":") else parts[0]
    text = re.sub(r"with shape \S+", "with shape …", text)
    text = re.sub(r"0x[0-9a-f]+", "0x…", text)
    text = re.sub(r"\d+(\.\d+)?(e[-+]?\d+)?", "N", text)
    text = re.sub(r"\[[^\]]{40,}\]", "[…]", text)
    return text[:200]


def compare(stock_path: Path, xport_path: Path) -> int:
    run_extra.BACKENDS = SCIPY_BACKENDS  # backend_of() reads this global
    status = run_extra.compare(stock_path, xport_path)
    stock, xport = load(stock_path), load(xport_path)
    collect_errors = {k: v for k, v in xport.items()
                      if v["outcome"] == "error" and "[" not in k and k not in stock}
    causes: dict[str, list[str]] = defaultdict(list)
    for nodeid in sorted(stock):
        before = stock[nodeid]["outcome"]
        after = xport[nodeid]["outcome"] if nodeid in xport else "missing"
        if before in PASSING and after in BROKEN:
            message = xport[nodeid]["message"] if nodeid in xport else next(
                (f"not collected: {k}: {v['message']}" for k, v in collect_errors.items()
                 if nodeid.startswith(k)), "not run")
            causes[cause_key(message)].append(nodeid)
    print(f"\n   the same regressions grouped by cause ({len(causes)} causes):")
    for key, nodeids in sorted(causes.items(), key=lambda kv: -len(kv[1])):
        print(f"\n   [{len(nodeids)}] {key}")
        for nodeid in nodeids:
            print(f"       {nodeid}")
    return status


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=(__doc__ or "").split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="\n\n".join((__doc__ or "").split("\n\n")[1:]))
    parser.add_argument("--stock", action="store_true", help="SciPy's vendored compat only")
    parser.add_argument("--both", action="store_true", help="stock, then xport, then compare")
    parser.add_argument("--modules", nargs="+", default=DEFAULT_MODULES,
                        help="test modules: scipy/... paths or dotted --pyargs names")
    parser.add_argument("--backends", default="",
                        help="comma-separated xp ids (default: every installed backend)")
    parser.add_argument("-n", "--workers", default="2", help="pytest-xdist workers (0: none)")
    parser.add_argument("--results", default=str(RESULTS))
    parser.add_argument("--compare", nargs=2, metavar=("STOCK", "XPORT"))
    parser.add_argument("pytest_args", nargs="*", help="extra pytest arguments (after --)")
    args = parser.parse_args(argv)
    if args.compare:
        return compare(Path(args.compare[0]), Path(args.compare[1]))
    results = Path(args.results).resolve()
    xmode = "xport"
    if args.both or args.stock:
        status = run_mode(args, xport_mode=False)
    if args.both or not args.stock:
        status = run_mode(args, xport_mode=True) or (status if args.both else 0)
    stock, xport = results / "scipy-stock.json", results / f"scipy-{xmode}.json"
    if stock.exists() and xport.exists():
        compare(stock, xport)
    return status


if __name__ == "__main__":
    sys.exit(main())

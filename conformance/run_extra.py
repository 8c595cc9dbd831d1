"""Run array-api-extra's own test suite on array-api-compat, or on xport in its place.

array-api-extra (data-apis/array-api-extra) is a real consumer of array-api-compat:
``src/array_api_extra/_lib/_compat.py`` imports compat's helpers (``array_namespace``,
``device``, ``is_*_array`` ...) and its tests run every function on NumPy, PyTorch,
JAX, Dask and array-api-strict through them. Running that suite twice, once on the
real compat (``--stock``) and once with ``xport`` standing in for ``array_api_compat``
(the default), shows whether xport is a drop-in replacement::

    export ARRAY_API_EXTRA_DIR=/path/to/array-api-extra    # a git checkout (main)
    python conformance/run_extra.py --stock                # real array-api-compat
    python conformance/run_extra.py                        # xport as array_api_compat
    python conformance/run_extra.py --compare conformance/results/extra-stock.json \\
        conformance/results/extra-xport.json               # (also printed after a run)
    python conformance/run_extra.py -- -k dask             # pytest arguments (after --)
                                                           # go to the tests/main run

Each run:

- runs ``python -m pytest tests/main tests/run_deps`` from the checkout's root, so its
  pyproject configuration applies (``filterwarnings = error``, ``xfail_strict``), with
  ``-p no:cacheprovider`` and ``-n 2`` (``-n 0``: no xdist). The checkout's ``src/``
  comes first on ``PYTHONPATH``, ahead of any installed array-api-extra, and a
  ``.dist-info`` with the checkout's version shadows the installed one's metadata (its
  ``test_version`` compares the two). Nothing is written into the checkout (no
  bytecode, no pytest cache, Hypothesis' database in a scratch folder);
- in xport mode loads ``-p _xport_as_compat`` (``conformance/_xport_as_compat.py``):
  ``sys.modules["array_api_compat"]`` is ``xport``, and ``array_api_compat.numpy`` /
  ``.torch`` / ``.dask.array`` are ``xport.numpy`` / ``.torch`` / ``.dask``;
- runs ``tests/vendoring`` in a scratch copy outside both repositories: it needs a
  vendored ``array_api_compat`` and ``array_api_extra`` next to it (upstream copies
  them in with ``pixi run tests-vendoring``). Stock mode vendors the installed
  array-api-compat, xport mode vendors the xport package under compat's name; both
  vendor the checkout's ``array_api_extra``, whose ``_compat.py`` then goes through the
  vendor hook ``tests/vendoring/_array_api_compat_vendor.py``. ``--no-vendoring``
  skips it;
- writes ``conformance/results/extra-<mode>.json`` (test id -> pytest's outcome
  category and a one-line message, from ``conformance/_extra_outcomes.py``; the
  vendoring tests merged in), ``extra-<mode>.meta.json`` (pytest arguments, checkout
  commit, wall time, package versions) and JUnit XML ``extra-<mode>.xml`` /
  ``extra-<mode>-vendoring.xml``; in xport mode also ``extra-xport-shim.jsonl`` (per
  process: the shim was in place, which ``array_api_compat.*`` names were imported).

``--compare STOCK XPORT`` (JSON from this runner, or JUnit XML: there an XPASS counts
as a pass) prints the counts of each mode and every test that passes on stock but
fails, errors or is missing with xport, grouped by backend parameter; it exits 1 when
there is any. A run prints the same comparison when the other mode's results exist
(``--no-compare``: not). A run exits with pytest's status (tests/main's, else the
vendoring run's), or 3 when it could not run or record the suite.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from collections import Counter, defaultdict
from pathlib import Path
from typing import NoReturn

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
PLUGIN_SHIM = "_xport_as_compat"
PLUGIN_OUTCOMES = "_extra_outcomes"
TEST_PATHS = ["tests/main", "tests/run_deps"]
CATEGORIES = ("passed", "failed", "error", "skipped", "xfailed", "xpassed")
# Parameter ids of array-api-extra's Backend enum (tests/main/conftest.py).
BACKENDS = ("array_api_strict", "array_api_strictest", "numpy", "numpy:readonly", "cupy",
            "torch", "torch:gpu", "dask", "sparse", "jax", "jax:gpu")
VERSIONED = ("array_api_extra", "array-api-compat", "xport", "numpy", "torch", "jax", "dask",
             "array-api-strict", "pytest", "hypothesis")
PASSING = ("passed", "xpassed")
SETUP_ERROR = 3  # the runner's own exit status when it cannot run or record the suite
BROKEN = ("failed", "error", "missing")


# --- running ---------------------------------------------------------------------

def fail(message: str) -> NoReturn:
    print(f"run_extra: {message}", file=sys.stderr)
    sys.exit(SETUP_ERROR)


def checkout_version(extra: Path) -> str:
    text = (extra / "src" / "array_api_extra" / "__init__.py").read_text()
    match = re.search(r'^__version__\s*=\s*["\']([^"\']+)["\']', text, re.MULTILINE)
    if match is None:
        fail("no __version__ in the checkout's array_api_extra/__init__.py")
    return match.group(1)


def make_site(scratch: Path, extra: Path, xport_mode: bool) -> Path:
    """A folder for PYTHONPATH: the plugins, and metadata naming the checkout's version."""
    site = scratch / "site"
    site.mkdir()
    plugins = [PLUGIN_OUTCOMES, PLUGIN_SHIM] if xport_mode else [PLUGIN_OUTCOMES]
    for plugin in plugins:
        (site / f"{plugin}.py").symlink_to(HERE / f"{plugin}.py")
    version = checkout_version(extra)
    info = site / f"array_api_extra-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: array_api_extra\nVersion: {version}\n")
    return site


def environment(scratch: Path, pythonpath: list[Path]) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(p) for p in pythonpath] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env["HYPOTHESIS_STORAGE_DIRECTORY"] = str(scratch / "hypothesis")
    return env


PROBE = """
import importlib.metadata, sys
{shim}
import array_api_extra, array_api_extra._lib._compat as helpers
print("array_api_extra", array_api_extra.__version__, "from", array_api_extra.__file__)
print("  metadata version:", importlib.metadata.version("array_api_extra"))
compat = sys.modules["array_api_compat"]
print("  array_api_compat is", compat.__name__, compat.__file__)
print("  _compat.array_namespace is", helpers.array_namespace.__module__ + "."
      + helpers.array_namespace.__qualname__)
"""


def probe(env: dict[str, str], extra: Path, xport_mode: bool) -> None:
    """Print where array_api_extra and array_api_compat come from; insist on the checkout."""
    code = PROBE.format(shim=f"import {PLUGIN_SHIM}" if xport_mode else "")
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=extra, text=True,
                         capture_output=True, check=False)
    print(out.stdout + out.stderr, end="", flush=True)
    expected = str(extra / "src" / "array_api_extra" / "__init__.py")
    if out.returncode or expected not in out.stdout:
        fail(f"array_api_extra does not come from {expected}")
    if xport_mode and "array_api_compat is xport" not in out.stdout:
        fail("the xport shim is not in place")


def vendor_tree(scratch: Path, extra: Path, xport_mode: bool) -> Path:
    """A copy of tests/vendoring with compat (or xport, under compat's name) and the
    checkout's array_api_extra vendored next to it, as ``pixi run tests-vendoring``."""
    import importlib.util

    root = scratch / "vendoring"
    vendoring = root / "tests" / "vendoring"
    shutil.copytree(extra / "tests" / "vendoring", vendoring,
                    ignore=shutil.ignore_patterns("__pycache__", "meson.build"))
    shutil.copy(extra / "tests" / "__init__.py", root / "tests" / "__init__.py")
    shutil.copy(extra / "pyproject.toml", root / "pyproject.toml")
    package = "xport" if xport_mode else "array_api_compat"
    spec = importlib.util.find_spec(package)
    if spec is None or spec.origin is None:
        fail(f"{package} is not installed")
    shutil.copytree(Path(spec.origin).parent, vendoring / "array_api_compat",
                    ignore=shutil.ignore_patterns("__pycache__", "tests", "vendor_tests"))
    shutil.copytree(extra / "src" / "array_api_extra", vendoring / "array_api_extra",
                    ignore=shutil.ignore_patterns("__pycache__"))
    return root


def versions(env: dict[str, str], extra: Path) -> dict[str, str | None]:
    """Versions of the packages a run depends on, as the run saw them."""
    code = ("import importlib.metadata as m, json\n"
            "def v(name):\n"
            "    try: return m.version(name)\n"
            "    except m.PackageNotFoundError: return None\n"
            f"print(json.dumps({{n: v(n) for n in {VERSIONED!r}}}))")
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=extra, text=True,
                         capture_output=True, check=False)
    return json.loads(out.stdout) if out.returncode == 0 else {}


def meta_path(outcomes: Path) -> Path:
    return outcomes.with_name(outcomes.stem + ".meta.json")


def pytest_command(xport_mode: bool, workers: str, junit: Path) -> list[str]:
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", PLUGIN_OUTCOMES]
    if xport_mode:
        command += ["-p", PLUGIN_SHIM]
    if workers not in ("", "0"):
        command += ["-n", workers]
    return [*command, f"--junitxml={junit}"]


def run(args: argparse.Namespace) -> int:
    extra = Path(args.extra).expanduser().resolve()
    if not (extra / "src" / "array_api_extra").is_dir() or not (extra / "tests" / "main").is_dir():
        fail(f"{extra} is not a checkout of data-apis/array-api-extra")
    mode = "stock" if args.stock else "xport"
    xport_mode = not args.stock
    results = Path(args.results).resolve()
    results.mkdir(parents=True, exist_ok=True)
    outcomes_file = results / f"extra-{mode}.json"
    shim_log = results / "extra-xport-shim.jsonl"
    head = subprocess.run(["git", "-C", str(extra), "rev-parse", "--short", "HEAD"],
                          capture_output=True, text=True, check=False).stdout.strip()
    print(f"== array-api-extra {head or '(not a git checkout)'} at {extra}; mode: {mode}",
          flush=True)

    with tempfile.TemporaryDirectory(prefix="xport-extra-") as tmp:
        scratch = Path(tmp)
        site = make_site(scratch, extra, xport_mode)
        env = environment(scratch, [extra / "src", site])
        if xport_mode:
            env["XPORT_AS_COMPAT_LOG"] = str(shim_log)
            shim_log.unlink(missing_ok=True)
        probe(env, extra, xport_mode)

        command = [*pytest_command(xport_mode, args.workers, results / f"extra-{mode}.xml"),
                   *TEST_PATHS, *args.pytest_args]
        print("$ cd", extra, "&&", " ".join(command), flush=True)
        env["EXTRA_OUTCOMES_FILE"] = str(outcomes_file)
        outcomes_file.unlink(missing_ok=True)
        start = time.perf_counter()
        status = subprocess.run(command, cwd=extra, env=env, check=False).returncode
        wall = time.perf_counter() - start
        print(f"== tests/main: pytest exit {status}, {wall:.0f} s wall", flush=True)
        if not outcomes_file.exists():
            fail(f"pytest exited {status} and wrote no outcomes to {outcomes_file}")
        outcomes = json.loads(outcomes_file.read_text())

        if not args.no_vendoring:
            root = vendor_tree(scratch, extra, xport_mode)
            vendor_env = environment(scratch, [site])
            vendor_env.pop("XPORT_AS_COMPAT_LOG", None)
            vendor_file = scratch / "vendoring.json"
            vendor_env["EXTRA_OUTCOMES_FILE"] = str(vendor_file)
            # The vendored copies alone: no shim, nothing of the checkout on the path.
            vcommand = [*pytest_command(False, "0", results / f"extra-{mode}-vendoring.xml"),
                        "tests/vendoring"]
            print("$ cd <scratch copy> &&", " ".join(vcommand), flush=True)
            vstart = time.perf_counter()
            vstatus = subprocess.run(vcommand, cwd=root, env=vendor_env, check=False).returncode
            print(f"== tests/vendoring: pytest exit {vstatus}, "
                  f"{time.perf_counter() - vstart:.0f} s wall", flush=True)
            if vendor_file.exists():
                outcomes.update(json.loads(vendor_file.read_text()))
            status = status or vstatus
        outcomes_file.write_text(json.dumps(dict(sorted(outcomes.items())), indent=0) + "\n")
        meta = {"mode": mode, "checkout": str(extra), "head": head, "pytest_args": args.pytest_args,
                "workers": args.workers, "vendoring": not args.no_vendoring,
                "finished": time.strftime("%Y-%m-%d %H:%M:%S"),
                "wall_s": round(wall), "versions": versions(env, extra)}
        meta_path(outcomes_file).write_text(json.dumps(meta, indent=1) + "\n")

    print(f"== {mode}: {format_counts(Counter(o['outcome'] for o in outcomes.values()))}; "
          f"tests/main {wall:.0f} s wall; results in {outcomes_file}")
    if xport_mode and shim_log.exists():
        report_shim(shim_log)
    other = results / f"extra-{'xport' if args.stock else 'stock'}.json"
    if not args.no_compare and other.exists():
        stock, xport = (outcomes_file, other) if args.stock else (other, outcomes_file)
        compare(stock, xport)
    return status


def report_shim(log: Path) -> None:
    records = [json.loads(line) for line in log.read_text().splitlines() if line.strip()]
    ok = all(r["array_api_compat_is_xport"] for r in records)
    used = [r for r in records if r["extra_uses_xport"] is not None]
    files = sorted({r["array_api_extra"] for r in used})
    requests: dict[str, str | None] = {}
    for record in records:
        requests.update(record["requests"])
    print(f"== shim: {len(records)} processes, array_api_compat is xport in all: {ok}; "
          f"array_api_extra's helpers are xport's in all {len(used)} that imported it: "
          f"{all(r['extra_uses_xport'] for r in used)} ({', '.join(files)})")
    print("   array_api_compat submodules imported:",
          ", ".join(f"{k} -> {v}" for k, v in requests.items()) or "none")


# --- comparing -------------------------------------------------------------------

def load(path: Path) -> dict[str, dict[str, str]]:
    """Test id -> {"outcome", "message"} from this runner's JSON or from JUnit XML."""
    if path.suffix == ".json":
        loaded: dict[str, dict[str, str]] = json.loads(path.read_text())
        return loaded
    outcomes: dict[str, dict[str, str]] = {}
    for case in ET.parse(path).getroot().iter("testcase"):
        parts = (case.get("classname") or "").split(".")
        cut = next((i + 1 for i, part in enumerate(parts) if part.startswith("test_")),
                   len(parts))
        nodeid = "::".join(["/".join(parts[:cut]) + ".py", *parts[cut:], case.get("name", "")])
        outcome, message = "passed", ""
        for child in case:
            if child.tag in ("failure", "error", "skipped"):
                message = next(iter((child.get("message") or "").strip().splitlines()), "")
                if child.tag == "failure":
                    outcome = "failed"
                elif child.tag == "error":
                    outcome = "error"
                else:
                    outcome = "xfailed" if child.get("type") == "pytest.xfail" else "skipped"
        if outcomes.get(nodeid, {}).get("outcome") not in ("failed", "error"):
            outcomes[nodeid] = {"outcome": outcome, "message": message}
    return outcomes


def format_counts(counts: Counter[str]) -> str:
    return ", ".join(f"{counts.get(c, 0)} {c}" for c in CATEGORIES) + \
        f" ({sum(counts.values())} ids)"


def backend_of(nodeid: str) -> str:
    """The Backend parameter of a test id ("jax", "numpy:readonly", ...), or "-"."""
    _, bracket, params = nodeid.partition("[")
    if not bracket:
        return "-"
    tokens = params.rstrip("]").split("-")
    return next((t for t in tokens if t in BACKENDS), "-")


def compare(stock_path: Path, xport_path: Path) -> int:
    stock, xport = load(stock_path), load(xport_path)
    print(f"\n== comparison: stock {stock_path.name} vs xport {xport_path.name}")
    metas = []
    for path in (stock_path, xport_path):
        if path.suffix == ".json" and meta_path(path).exists():
            meta = json.loads(meta_path(path).read_text())
            metas.append(meta)
            print(f"   {meta['mode']}: {meta['finished']}, {meta['head']}, "
                  f"pytest args {meta['pytest_args']}, {meta['wall_s']} s wall; "
                  + ", ".join(f"{k} {v}" for k, v in meta["versions"].items() if v))
    if len(metas) == 2 and any(metas[0].get(key) != metas[1].get(key)
                               for key in ("head", "pytest_args", "vendoring")):
        print("   WARNING: the two runs differ in checkout, pytest arguments or vendoring")
    width = max(len(c) for c in CATEGORIES)
    print(f"   {'':7}" + "".join(f"{c:>{width + 2}}" for c in (*CATEGORIES, "total")))
    for name, outcomes in (("stock", stock), ("xport", xport)):
        counts = Counter(o["outcome"] for o in outcomes.values())
        print(f"   {name:7}" + "".join(f"{counts.get(c, 0):>{width + 2}}" for c in CATEGORIES)
              + f"{sum(counts.values()):>{width + 2}}")

    def outcome(outcomes: dict[str, dict[str, str]], nodeid: str) -> str:
        return outcomes[nodeid]["outcome"] if nodeid in outcomes else "missing"

    # Missing with xport: say which collection error swallowed it, if any.
    collect_errors = {k: v for k, v in xport.items() if v["outcome"] == "error" and "[" not in k
                      and k not in stock}
    transitions: Counter[tuple[str, str]] = Counter()
    regressions: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
    for nodeid in sorted(set(stock) | set(xport)):
        before, after = outcome(stock, nodeid), outcome(xport, nodeid)
        if before == after:
            continue
        transitions[before, after] += 1
        if before in PASSING and after in BROKEN:
            message = xport[nodeid]["message"] if nodeid in xport else next(
                (f"not collected: {k}: {v['message']}" for k, v in collect_errors.items()
                 if nodeid.startswith(k)), "not run")
            regressions[backend_of(nodeid)].append((nodeid, after, message))

    print("\n   outcome changes stock -> xport:")
    for (before, after), count in sorted(transitions.items()):
        print(f"   {count:6}  {before} -> {after}")
    if not transitions:
        print("        none: every test id has the same outcome")
    total = sum(len(v) for v in regressions.values())
    print(f"\n   {total} tests pass on stock and fail, error or are missing with xport"
          + (":" if total else "."))
    for backend in sorted(regressions):
        print(f"\n   [{backend}] {len(regressions[backend])}")
        for nodeid, after, message in regressions[backend]:
            print(f"     {after:7} {nodeid}\n             {message}")
    better = [(n, outcome(stock, n)) for n in sorted(set(stock) & set(xport))
              if outcome(stock, n) in ("failed", "error", "xfailed")
              and outcome(xport, n) in PASSING]
    if better:
        print(f"\n   fail or xfail on stock, pass with xport ({len(better)}):")
        for nodeid, before in better:
            print(f"     {before} -> pass  {nodeid}\n             {stock[nodeid]['message']}")
    others = [(n, outcome(stock, n), outcome(xport, n)) for n in sorted(set(stock) | set(xport))
              if outcome(stock, n) != outcome(xport, n)
              and not (outcome(stock, n) in PASSING and outcome(xport, n) in BROKEN)
              and outcome(xport, n) not in PASSING]
    if others:
        print(f"\n   other changes to a non-pass outcome ({len(others)}):")
        for nodeid, before, after in others:
            message = xport[nodeid]["message"] if nodeid in xport else ""
            print(f"     {before} -> {after}  {nodeid}\n             {message}")
    return 1 if total else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=(__doc__ or "").split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="\n\n".join((__doc__ or "").split("\n\n")[1:]))
    parser.add_argument("--extra", default=os.environ.get("ARRAY_API_EXTRA_DIR"),
                        help="checkout of data-apis/array-api-extra (or ARRAY_API_EXTRA_DIR)")
    parser.add_argument("--stock", action="store_true",
                        help="run on the real array-api-compat (default: xport in its place)")
    parser.add_argument("-n", "--workers", default="2", help="pytest-xdist workers (0: none)")
    parser.add_argument("--no-vendoring", action="store_true", help="skip tests/vendoring")
    parser.add_argument("--no-compare", action="store_true",
                        help="do not compare with the other mode's results after a run")
    parser.add_argument("--results", default=str(RESULTS), help="folder for the results")
    parser.add_argument("--compare", nargs=2, metavar=("STOCK", "XPORT"),
                        help="compare two result files (.json from this runner, or JUnit .xml)")
    parser.add_argument("pytest_args", nargs="*", help="extra pytest arguments (after --)")
    args = parser.parse_args(argv)
    if args.compare:
        return compare(Path(args.compare[0]), Path(args.compare[1]))
    if not args.extra:
        parser.error("set ARRAY_API_EXTRA_DIR or pass --extra")
    return run(args)


if __name__ == "__main__":
    sys.exit(main())

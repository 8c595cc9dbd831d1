"""Run a consumer library's own array-API tests with xport vendored in place of its compat.

SciPy (``scipy/_lib/array_api_compat``) and scikit-learn
(``sklearn/externals/array_api_compat``) vendor array-api-compat inside their
package. ``run_scipy.py`` and ``run_sklearn.py`` describe a consumer (a `Consumer`)
and hand it to `main`, which for each mode and each leg (a set of backends with its
environment, e.g. JAX with and without 64-bit types):

1. copies the installed package into a scratch ``site`` folder (hard links where the
   file system allows; files are never written through them);
2. in ``--vendored`` mode, replaces the copy's compat folder with a copy of xport's
   ``src/xport``, as a library vendoring xport would: relative imports only, so the
   namespaces are ``<package>.<...>.array_api_compat.numpy`` and so on;
3. runs pytest on the copy (``--pyargs <package>``, ``PYTHONPATH`` = the site
   folder first) with ``SCIPY_ARRAY_API`` set, the leg's selection, ``-n 2``,
   per-test outcomes to ``conformance/results/<consumer>-<mode>-<leg>.json``
   (``_extra_outcomes``), and ``_vendored_proof`` checking, in every process, where
   the compat package was imported from and that no module named ``xport`` was;
4. with both modes on disk, compares them test by test (``run_extra.compare``) and
   groups the tests that pass stock and fail vendored by their normalised error.

The exit status is pytest's (``--both``: the comparison's, 1 when a stock pass
fails vendored); 3 when the runner itself cannot run.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import run_extra
from run_extra import BROKEN, PASSING, format_counts, load, meta_path

HERE = Path(__file__).resolve().parent
SRC_XPORT = HERE.parent / "src" / "xport"
RESULTS = HERE / "results"
PLUGINS = ("_extra_outcomes", "_vendored_proof", "_uses_fixture")
SETUP_ERROR = 3
MODES = ("stock", "vendored")


@dataclass(frozen=True)
class Leg:
    """One pytest session: its name, SCIPY_ARRAY_API, other environment, pytest args."""

    name: str
    array_api: str
    env: dict[str, str] = field(default_factory=dict)
    pytest_args: tuple[str, ...] = ()


@dataclass(frozen=True)
class Consumer:
    """A library that vendors array-api-compat, and how its array-API tests are run."""

    package: str  # import name: "scipy"
    compat: str  # the vendored compat's folder inside the package
    legs: tuple[Leg, ...]
    backend_ids: tuple[str, ...]  # parameter ids naming a backend in its test ids
    versioned: tuple[str, ...]  # distributions whose versions are recorded; its own first
    selection: tuple[str, ...] = ()  # pytest args selecting the array-API tests
    fixture: str = ""  # select only the tests using this fixture (SciPy's xp)


def fail(message: str) -> None:
    print(f"run: {message}", file=sys.stderr)
    sys.exit(SETUP_ERROR)


def installed(package: str) -> Path:
    spec = importlib.util.find_spec(package)
    if spec is None or spec.origin is None:
        fail(f"{package} is not installed")
    return Path(spec.origin).parent  # type: ignore[union-attr]


def _link_or_copy(src: str, dst: str) -> object:
    try:
        os.link(src, dst)
        return dst
    except OSError:
        return shutil.copy2(src, dst)


def make_site(scratch: Path, consumer: Consumer, vendored: bool) -> Path:
    """A folder for PYTHONPATH: the package's copy (xport in compat's place when
    ``vendored``) and the runner's plugins."""
    site = scratch / "site"
    site.mkdir()
    copy = site / consumer.package
    shutil.copytree(installed(consumer.package), copy, copy_function=_link_or_copy,
                    ignore=shutil.ignore_patterns("__pycache__"))
    # Wheels repaired by auditwheel load their bundled shared libraries from
    # <distribution>.libs next to the package, found relative to the extension modules.
    libs = installed(consumer.package).parent / f"{consumer.versioned[0].replace('-', '_')}.libs"
    if libs.is_dir():
        shutil.copytree(libs, site / libs.name, copy_function=_link_or_copy)
    compat = copy / consumer.compat
    if not compat.is_dir():
        fail(f"{compat} is not a folder: has {consumer.package} stopped vendoring compat?")
    if vendored:
        shutil.rmtree(compat)
        shutil.copytree(SRC_XPORT, compat, ignore=shutil.ignore_patterns("__pycache__"))
    for plugin in PLUGINS:
        shutil.copy(HERE / f"{plugin}.py", site / f"{plugin}.py")
    return site


def versions(env: dict[str, str], names: Sequence[str]) -> dict[str, str | None]:
    code = ("import importlib.metadata as m, json\n"
            "def v(name):\n"
            "    try: return m.version(name)\n"
            "    except m.PackageNotFoundError: return None\n"
            f"print(json.dumps({{n: v(n) for n in {tuple(names)!r}}}))")
    out = subprocess.run([sys.executable, "-c", code], env=env, text=True,
                         capture_output=True, check=False)
    return json.loads(out.stdout) if out.returncode == 0 else {}


def outcomes_path(results: Path, consumer: Consumer, mode: str, leg: Leg) -> Path:
    return results / f"{consumer.package}-{mode}-{leg.name}.json"


def run_leg(consumer: Consumer, leg: Leg, mode: str, args: argparse.Namespace) -> int:
    results = Path(args.results).resolve()
    results.mkdir(parents=True, exist_ok=True)
    outcomes_file = outcomes_path(results, consumer, mode, leg)
    proof_file = outcomes_file.with_name(outcomes_file.stem + ".proof.jsonl")
    for stale in (outcomes_file, proof_file):
        stale.unlink(missing_ok=True)
    print(f"== {consumer.package}, {mode}, leg {leg.name}", flush=True)
    with tempfile.TemporaryDirectory(prefix=f"xport-{consumer.package}-") as tmp:
        scratch = Path(tmp)
        site = make_site(scratch, consumer, vendored=mode == "vendored")
        work = scratch / "work"
        work.mkdir()
        env = dict(os.environ)
        env.pop("PYTHONPATH", None)
        env.update({"PYTHONPATH": str(site), "PYTHONDONTWRITEBYTECODE": "1",
                    "HYPOTHESIS_STORAGE_DIRECTORY": str(scratch / "hypothesis"),
                    "SCIPY_ARRAY_API": leg.array_api, "EXTRA_OUTCOMES_FILE": str(outcomes_file),
                    "VENDORED_PROOF_FILE": str(proof_file),
                    "VENDORED_COMPAT": f"{consumer.package}.{consumer.compat.replace('/', '.')}",
                    "VENDORED_EXPECT": "xport" if mode == "vendored" else "array_api_compat",
                    "SELECT_FIXTURE": consumer.fixture,
                    **leg.env})
        # The wheels ship no pytest configuration: an empty one, so that no outer
        # project's applies.
        ini = scratch / "pytest.ini"
        ini.write_text("[pytest]\n")
        command = [sys.executable, "-m", "pytest", "-c", str(ini), "--rootdir", str(site),
                   "-p", "no:cacheprovider", "-p", "no:xport.testing"]
        for plugin in PLUGINS:
            command += ["-p", plugin]
        if args.workers not in ("", "0"):
            command += ["-n", args.workers]
        command += ["-q", "--no-header", "-rN", "--tb=no", "--continue-on-collection-errors",
                    *consumer.selection, *leg.pytest_args, *args.pytest_args,
                    "--pyargs", *(args.modules or [consumer.package])]
        shown = " ".join(f"{k}={v!r}" for k, v in {"SCIPY_ARRAY_API": leg.array_api,
                                                   **leg.env}.items())
        print(f"$ {shown} {' '.join(command)}", flush=True)
        start = time.perf_counter()
        status = subprocess.run(command, cwd=work, env=env, check=False).returncode
        wall = time.perf_counter() - start
        distribution = consumer.versioned[0]
        meta = {"mode": mode, "leg": leg.name, "head": f"{distribution} "
                f"{versions(env, [distribution]).get(distribution)}",
                "array_api": leg.array_api, "env": leg.env,
                "pytest_args": [*consumer.selection, *leg.pytest_args, *args.pytest_args],
                "modules": args.modules or [consumer.package], "workers": args.workers,
                "finished": time.strftime("%Y-%m-%d %H:%M:%S"), "wall_s": round(wall),
                "exit": status, "versions": versions(env, consumer.versioned)}
    if not outcomes_file.exists():
        fail(f"pytest exited {status} and wrote no outcomes ({outcomes_file})")
    meta_path(outcomes_file).write_text(json.dumps(meta, indent=1) + "\n")
    counts = Counter(o["outcome"] for o in json.loads(outcomes_file.read_text()).values())
    print(f"== {mode} {leg.name}: {format_counts(counts)}; {wall:.0f} s wall; "
          f"results in {outcomes_file}", flush=True)
    report_proof(proof_file, mode)
    return status


def report_proof(path: Path, mode: str) -> None:
    if not path.exists():
        fail(f"no process wrote {path}: the proof plugin did not run")
    records = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    used = [r for r in records if r["compat_is_expected"] is not None]
    good = (bool(used) and all(r["compat_is_expected"] for r in used)
            and not any(r["xport_imported"] for r in records))
    print(f"== proof: {len(used)} of {len(records)} processes imported compat; it is the "
          f"{mode} copy in all and no module named xport was imported: {good}; from "
          f"{sorted({r['compat_file'] for r in used})}", flush=True)
    if not good:
        fail(f"the {mode} run did not use the {mode} compat (see {path})")


def cause_key(message: str) -> str:
    """A one-line error, normalised so that the same cause groups together."""
    parts = message.split(" | ")
    text = " | ".join(parts[:3]) if parts[0].endswith(":") else parts[0]
    text = re.sub(r"with shape \S+", "with shape …", text)
    text = re.sub(r"0x[0-9a-f]+", "0x…", text)
    text = re.sub(r"\d+(\.\d+)?(e[-+]?\d+)?", "N", text)
    text = re.sub(r"\[[^\]]{40,}\]", "[…]", text)
    return text[:200]


def restricted(stock_path: Path, vendored_path: Path) -> Path:
    """``stock_path``, or a copy holding only the modules the vendored run ran
    (its ``--modules``), so that a partial run compares like with like."""
    meta = json.loads(meta_path(vendored_path).read_text())
    prefixes = tuple(m.replace(".", "/") + ("" if m.endswith(".py") else "/")
                     for m in meta["modules"] if "." in m)
    if not prefixes:
        return stock_path
    subset = {k: v for k, v in json.loads(stock_path.read_text()).items()
              if k.startswith(prefixes)}
    out = stock_path.with_name(stock_path.stem + "-restricted.json")
    out.write_text(json.dumps(subset) + "\n")
    meta_path(out).write_text(meta_path(stock_path).read_text())
    print(f"== the vendored run ran {', '.join(meta['modules'])} only: comparing the "
          f"{len(subset)} stock results of those")
    return out


def compare(consumer: Consumer, stock_path: Path, vendored_path: Path) -> int:
    """run_extra's comparison, then the regressions grouped by cause."""
    run_extra.BACKENDS = consumer.backend_ids  # backend_of() reads this global
    stock_path = restricted(stock_path, vendored_path)
    status = run_extra.compare(stock_path, vendored_path)
    stock, vendored = load(stock_path), load(vendored_path)
    causes: dict[str, list[str]] = defaultdict(list)
    for nodeid in sorted(stock):
        before = stock[nodeid]["outcome"]
        after = vendored[nodeid]["outcome"] if nodeid in vendored else "missing"
        if before in PASSING and after in BROKEN:
            message = vendored[nodeid]["message"] if nodeid in vendored else "not run"
            causes[cause_key(message)].append(nodeid)
    print(f"\n   the same regressions grouped by cause ({len(causes)} causes):")
    for key, nodeids in sorted(causes.items(), key=lambda kv: -len(kv[1])):
        print(f"\n   [{len(nodeids)}] {key}")
        for nodeid in nodeids[:40]:
            print(f"       {nodeid}")
        if len(nodeids) > 40:
            print(f"       ... and {len(nodeids) - 40} more")
    return status


def main(consumer: Consumer, doc: str, argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=doc.split("\n\n", maxsplit=1)[0], epilog="\n\n".join(doc.split("\n\n")[1:]),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--stock", action="store_true", help="the package as installed only")
    which.add_argument("--vendored", action="store_true",
                       help="xport copied in place of the vendored compat only")
    which.add_argument("--both", action="store_true",
                       help="stock, then vendored, then the comparison (the default)")
    which.add_argument("--compare-only", action="store_true",
                       help="compare the results on disk")
    parser.add_argument("--legs", default=",".join(leg.name for leg in consumer.legs),
                        help="comma-separated legs (default: all: "
                        f"{', '.join(leg.name for leg in consumer.legs)})")
    parser.add_argument("--modules", nargs="+", default=[],
                        help=f"dotted test packages/modules (default: {consumer.package})")
    parser.add_argument("-n", "--workers", default="2", help="pytest-xdist workers (0: none)")
    parser.add_argument("--results", default=str(RESULTS))
    parser.add_argument("pytest_args", nargs="*", help="extra pytest arguments (after --)")
    args = parser.parse_args(argv)
    by_name = {leg.name: leg for leg in consumer.legs}
    unknown = set(args.legs.split(",")) - set(by_name)
    if unknown:
        fail(f"unknown legs {sorted(unknown)}; known: {sorted(by_name)}")
    legs = [by_name[name] for name in args.legs.split(",")]
    modes = (["stock"] if args.stock else ["vendored"] if args.vendored
             else [] if args.compare_only else list(MODES))
    status = 0
    for mode in modes:
        for leg in legs:
            status = run_leg(consumer, leg, mode, args) or status
    results = Path(args.results).resolve()
    if args.both or args.compare_only or not modes or len(modes) == 2:
        status = 0
        for leg in legs:
            paths = [outcomes_path(results, consumer, mode, leg) for mode in MODES]
            if all(p.exists() for p in paths):
                print(f"\n== leg {leg.name}")
                status = compare(consumer, *paths) or status
    return status

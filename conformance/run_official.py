"""Run the official Array API test suite (data-apis/array-api-tests) against an
xport namespace.

The suite is not on PyPI: check it out at the pinned commit (``SUITE_COMMIT``)
with the spec stubs of data-apis/array-api in its ``array-api/`` folder, and
point ``ARRAY_API_TESTS_DIR`` (or ``--suite``) at it::

    ARRAY_API_TESTS_DIR=/path/to/array-api-tests \\
        python conformance/run_official.py xport.numpy

Our xfail files (``conformance/xfails/<backend>.txt``) carry a reason on every
line, ``<test id>  # <reason>``; this runner checks that and hands the suite the
bare ids. ``--no-xfails`` measures the raw counts.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

SUITE_COMMIT = "55fcc60179efa2680ddd6cd926ddf17b83530e2b"
HERE = Path(__file__).resolve().parent
# Depths: "deep" (the default) is what conformance/README.md records per backend;
# "quick" is the shallow run for a fast look. Both are seeded, and neither
# shrinks (a failing example is reported as drawn): shrinking only makes a
# failure's example smaller, and through slow eager ops (TensorFlow) it took
# most of a run.
DEPTHS = {
    "deep": ["--max-examples=200", "--hypothesis-seed=7"],
    "quick": ["--max-examples=10", "--hypothesis-seed=0"],
}
# JAX compiles each new shape and dtype on first use, so a test's first
# examples can overrun Hypothesis' 800 ms deadline on a loaded machine: timing,
# not conformance, and a different set of tests each run. PyTorch too: on a
# loaded 2-core machine a first call (``broadcast_shapes(())``) took 1.8 s.
# Dask builds and runs a task graph for every call the suite makes. The
# library's own namespace (or array-api-compat's) gets the same settings.
NO_DEADLINE = ["--hypothesis-disable-deadline"]
BACKEND_SETTINGS = {name: NO_DEADLINE for name in (
    "jax", "jax.numpy", "torch", "array_api_compat.torch", "dask", "array_api_compat.dask.array")}
# MXNet has no complex dtypes, which the suite cannot skip at this commit
# without the plugin, and reports errors asynchronously (see _mxnet_official.py).
BACKEND_SETTINGS["mxnet"] = ["-p", "conformance._mxnet_official"]


def read_xfails(path: Path) -> list[str]:
    """The test ids of an xfail file; every entry must give a reason."""
    ids = []
    for number, raw in enumerate(path.read_text().splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        test_id, sep, reason = line.rpartition("  # ")
        if not sep or not reason.strip() or not test_id.strip():
            raise SystemExit(f"{path}:{number}: every xfail needs '  # <reason>': {line!r}")
        ids.append(test_id.strip())
    return ids


def backend_of_module(module: str) -> str:
    return module.rpartition(".")[2] if module.startswith("xport.") else module


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("module", help="namespace to test, e.g. xport.numpy")
    parser.add_argument("--suite", default=os.environ.get("ARRAY_API_TESTS_DIR"),
                        help="checkout of data-apis/array-api-tests (or ARRAY_API_TESTS_DIR)")
    parser.add_argument("--xfails", help="xfail file (default: conformance/xfails/<backend>.txt)")
    parser.add_argument("--no-xfails", action="store_true", help="measure raw counts")
    parser.add_argument("--depth", choices=sorted(DEPTHS), default="deep",
                        help="deep: 200 examples per test, seed 7 (default); quick: 10, seed 0")
    parser.add_argument("-n", "--workers", default="2", help="pytest-xdist workers")
    parser.add_argument("pytest_args", nargs="*",
                        help="extra pytest arguments (after --); test paths "
                             "(array_api_tests/...) replace the whole suite")
    args, unknown = parser.parse_known_args(argv)
    pytest_args = [a for a in (*args.pytest_args, *unknown) if a != "--"]
    paths = [a for a in pytest_args if a.startswith("array_api_tests")]
    if not args.suite:
        parser.error("set ARRAY_API_TESTS_DIR or pass --suite")
    suite = Path(args.suite).expanduser().resolve()
    if not (suite / "array_api_tests").is_dir():
        parser.error(f"{suite} is not a checkout of data-apis/array-api-tests")
    head = subprocess.run(["git", "-C", str(suite), "rev-parse", "HEAD"], capture_output=True,
                          text=True, check=False).stdout.strip()
    if head and head != SUITE_COMMIT:
        print(f"warning: suite at {head}, pinned commit is {SUITE_COMMIT}", file=sys.stderr)

    command = [sys.executable, "-m", "pytest", *(paths or ["array_api_tests"]),
               *DEPTHS[args.depth],
               "-p", "conformance._no_shrink",
               *BACKEND_SETTINGS.get(backend_of_module(args.module), []), "-q",
               "-p", "no:cacheprovider", "-n", args.workers,
               *(a for a in pytest_args if a not in paths)]
    xfail_path = Path(args.xfails) if args.xfails else (
        HERE / "xfails" / f"{backend_of_module(args.module)}.txt")
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as bare:
        if not args.no_xfails and xfail_path.exists():
            # Entries for the offline suite (conformance/...) are not the suite's.
            ids = [i for i in read_xfails(xfail_path) if not i.startswith("conformance/")]
            bare.write("\n".join(ids) + "\n")
        bare_path = bare.name
    command += ["--xfails-file", bare_path]
    # The suite runs from its checkout; the plugin is found through this repository.
    path = os.pathsep.join(filter(None, [str(HERE.parent), os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "ARRAY_API_TESTS_MODULE": args.module, "PYTHONPATH": path}
    print(f"$ ARRAY_API_TESTS_MODULE={args.module} {' '.join(command[1:])}", flush=True)
    result = subprocess.run(command, cwd=suite, env=env, capture_output=True, text=True,
                            check=False)
    os.unlink(bare_path)
    sys.stdout.write(result.stdout[-20000:])
    sys.stderr.write(result.stderr[-5000:])
    summary = [line for line in result.stdout.splitlines()
               if re.search(r"\d+ (passed|failed)", line)]
    if summary:
        print(f"\nsummary for {args.module}: {summary[-1].strip('= ')}")
    return result.returncode


if __name__ == "__main__":
    raise SystemExit(main())

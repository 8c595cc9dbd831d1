"""Development sessions: ``nox -l`` lists them.

The official conformance suite is not on PyPI: the ``official-*`` sessions take
its checkout from ``ARRAY_API_TESTS_DIR`` (see conformance/README.md).
"""

from __future__ import annotations

import os
import shutil

import nox

nox.options.sessions = ["lint", "tests"]
nox.options.reuse_existing_virtualenvs = True

TORCH = "torch==2.13.0"  # the CPU build this project's machines carry; users: any >= 2.4
BACKENDS = {"numpy": ["numpy"], "torch": [TORCH], "jax": ["jax"], "tensorflow": ["tensorflow"],
            "dask": ["dask[array,distributed]"]}
# array-api-compat is the oracle of tests/test_compat_helpers.py; never a runtime dependency.
TEST_DEPS = ["pytest>=8", "pytest-xdist>=3", "hypothesis>=6.100", "array-api-strict>=2.3",
             "array-api-compat>=1.16"]


@nox.session
def lint(session: nox.Session) -> None:
    """ruff on everything, mypy --strict on src/."""
    session.install("ruff", "mypy", "pyright[nodejs]", "import-linter>=2.1", "numpy")
    session.install("-e", ".")
    session.run("ruff", "check", "src", "tests", "conformance", "benchmarks", "docs",
                "examples", "noxfile.py")
    session.run("mypy")
    session.run("pyright")
    session.run("lint-imports")


@nox.session
def tests(session: nox.Session) -> None:
    """Unit tests and the offline conformance suite on every backend."""
    session.install(*TEST_DEPS, *(d for deps in BACKENDS.values() for d in deps))
    session.install("-e", ".")
    session.run("python", "-m", "pytest", "-n", "2", *session.posargs)


@nox.session
def checked(session: nox.Session) -> None:
    """The offline conformance suite on the checked namespaces (XPORT_CHECKED=1):
    checked mode must accept every call the standard allows."""
    session.install(*TEST_DEPS, *(d for deps in BACKENDS.values() for d in deps))
    session.install("-e", ".")
    session.run("python", "-m", "pytest", "-n", "2", "conformance", *session.posargs,
                env={"XPORT_CHECKED": "1"})


# Older releases CI tests, one backend each: release -> (backend, requirements).
OLDER_RELEASES = {
    "numpy-1.26": ("numpy", ["numpy==1.26.*"]),  # the oldest NumPy supported
    "jax-0.9": ("jax", ["jax==0.9.*", "jaxlib==0.9.*"]),  # the minor before the newest
}


@nox.session
@nox.parametrize("release", list(OLDER_RELEASES))
def older(session: nox.Session, release: str) -> None:
    """One backend on an older release (NumPy 1.26, JAX 0.9), as CI runs it."""
    backend, requirements = OLDER_RELEASES[release]
    session.install(*TEST_DEPS, *requirements)
    session.install("-e", ".")
    session.run("python", "-m", "pytest", "-n", "2", *session.posargs,
                env={"XPORT_BACKENDS": backend})


# MXNet 1.9.1, its last release, pins NumPy < 1.24: xport.mxnet has an
# environment of its own, as in CI.
MXNET = ["mxnet==1.9.1", "numpy==1.23.5"]


@nox.session
def mxnet(session: nox.Session) -> None:
    """xport.mxnet in its own environment (mxnet 1.9.1, NumPy 1.23.5): the unit
    tests and the offline conformance suite on MXNet alone, whose reference is
    array-api-strict over NumPy 1.23; MXNet's synchronous engine raises each
    error at the call that caused it (posargs go to pytest)."""
    session.install(*MXNET, *TEST_DEPS)
    session.install("-e", ".")
    session.run("python", "-m", "xport")
    session.run("python", "-m", "pytest", "-n", "2", "-p", "no:cacheprovider", "tests",
                "conformance", *session.posargs,
                env={"XPORT_BACKENDS": "mxnet", "MXNET_ENGINE_TYPE": "NaiveEngine"})


# torch.compile's tracer (Dynamo) changes with every release: the oldest torch
# pyproject allows and 2.11 (where a break was reported, #20). Each pulls a
# multi-GB CUDA build, so CI runs only its own torch; results in the note of #20.
TORCH_RELEASES = ("2.4.0", "2.11.0")


@nox.session
@nox.parametrize("torch_release", list(TORCH_RELEASES))
def torch_versions(session: nox.Session, torch_release: str) -> None:
    """The torch.compile tests, the PyTorch namespace's and extensions' tests and
    xport.random's compiled streams on an older PyTorch (without JAX, the
    streams are held to the eager route's numbers)."""
    session.install(f"torch=={torch_release}", "numpy<2.3", "pytest")
    session.install("-e", ".")
    session.run("python", "-m", "pytest", "tests/test_torch_compile.py", "tests/test_fluent.py",
                "tests/test_random_compiled.py", "tests/test_torch_namespace.py",
                "tests/test_torch_extensions.py", "tests/test_torch_unsigned.py",
                "-k", "compile or torch or random or unsigned",
                # pytest's log capture makes torch < 2.5 print compiled graphs for a
                # debug log, and its printer has no names for uint16/32/64.
                "-p", "no:logging",
                *session.posargs, env={"XPORT_BACKENDS": "torch"})


@nox.session
def cupy_cpu(session: nox.Session) -> None:
    """xport.cupy against the real CuPy on a machine without a GPU: it imports,
    binds every standard name from CuPy's signatures and shows in ``python -m
    xport`` (arrays need a GPU: ``benchmarks/gpu_check.py`` runs the offline
    suite on CuPy there)."""
    session.install("cupy-cuda13x", "pytest")
    session.install("-e", ".")
    session.run("python", "-m", "pytest", "tests/test_cupy.py", *session.posargs)
    session.run("python", "-m", "xport", "--names")


@nox.session
@nox.parametrize("backend", [*BACKENDS, "mxnet"])
def official(session: nox.Session, backend: str) -> None:
    """The official data-apis/array-api-tests suite against xport.<backend>, at the
    deep depth (200 examples, seed 7; ``-- --depth quick`` for 10), with the
    backend's xfail list (``-- --no-xfails`` for raw counts). JAX runs with
    64-bit types on, as its xfail list was measured; MXNet in its own
    environment, through conformance/_mxnet_official.py."""
    suite = os.environ.get("ARRAY_API_TESTS_DIR")
    if not suite:
        session.error("set ARRAY_API_TESTS_DIR to a checkout of data-apis/array-api-tests")
    session.install("pytest", "pytest-xdist", "hypothesis>=6.151", "ndindex>=1.8",
                    "pytest-json-report", *{**BACKENDS, "mxnet": MXNET}[backend])
    session.install("-e", ".")
    env = {"JAX_ENABLE_X64": "1"} if backend == "jax" else {}
    session.run("python", "conformance/run_official.py", f"xport.{backend}", *session.posargs,
                env=env)


@nox.session
def extra(session: nox.Session) -> None:
    """array-api-extra's own test suite on array-api-compat, then on xport as
    array_api_compat, and the tests that pass on the first and fail on the second
    (posargs go to pytest, after --)."""
    checkout = os.environ.get("ARRAY_API_EXTRA_DIR")
    if not checkout:
        session.error("set ARRAY_API_EXTRA_DIR to a checkout of data-apis/array-api-extra")
    session.install(*TEST_DEPS, "array-api-compat", "numpy", TORCH, "jax", "dask[array]")
    session.install("-e", ".")
    runner = ["python", "conformance/run_extra.py", "--extra", checkout, "--no-compare"]
    pytest_args = ["--", *session.posargs] if session.posargs else []
    # Failures are counted, not fatal: the comparison decides (exit 1: a stock pass fails).
    session.run(*runner, "--stock", *pytest_args, success_codes=[0, 1, 2])
    session.run(*runner, *pytest_args, success_codes=[0, 1, 2])
    session.run("python", "conformance/run_extra.py", "--compare",
                "conformance/results/extra-stock.json", "conformance/results/extra-xport.json")


@nox.session
def scipy(session: nox.Session) -> None:
    """SciPy's own array-API tests (every test taking its xp fixture, shipped in
    its wheel) on its vendored array-api-compat, then with xport copied in its
    place, and the comparison (posargs go to pytest, after --)."""
    session.install(*TEST_DEPS, "scipy", "numpy", TORCH, "jax", "dask[array]")
    session.install("-e", ".")
    pytest_args = ["--", *session.posargs] if session.posargs else []
    session.run("python", "conformance/run_scipy.py", "--both", *pytest_args,
                success_codes=[0, 1])


@nox.session
def sklearn(session: nox.Session) -> None:
    """scikit-learn's array-API tests on its vendored array-api-compat, then with
    xport copied in its place, and the comparison (posargs go to pytest, after --)."""
    session.install(*TEST_DEPS, "scikit-learn", "scipy", "numpy", TORCH)
    session.install("-e", ".")
    pytest_args = ["--", *session.posargs] if session.posargs else []
    session.run("python", "conformance/run_sklearn.py", "--both", *pytest_args,
                success_codes=[0, 1])


@nox.session
def benchmarks(session: nox.Session) -> None:
    """Overhead ratios against native calls and array-api-compat; scatter-add and
    autodiff against native routes; torch.compile's guard checks (posargs go to
    bench_overhead)."""
    session.install("array-api-compat", "array-api-extra",
                    *(d for deps in BACKENDS.values() for d in deps))
    session.install("-e", ".")
    session.run("python", "-m", "benchmarks.bench_overhead", *session.posargs)
    session.run("python", "-m", "benchmarks.bench_scatter")
    session.run("python", "-m", "benchmarks.bench_autodiff")
    session.run("python", "-m", "benchmarks.bench_random")
    session.run("python", "-m", "benchmarks.bench_checked")
    session.run("python", "-m", "benchmarks.bench_guards")


@nox.session
def docs(session: nox.Session) -> None:
    """The documentation: every code example runs (doctest), then the HTML with its
    charts, measured while building (about two minutes; ``XPORT_DOCS_MEASUREMENTS=off``
    skips them, a directory uses the JSON recorded there); warnings are errors. Every
    backend is installed so that the support matrix is complete. With Chromium on
    the PATH the built pages are checked for clipped tables and code."""
    session.install(TORCH)  # the CPU build, before the extras ask for torch
    session.install("-e", ".[docs,all]")
    for builder in ("doctest", "html"):
        session.run("sphinx-build", "-W", "--keep-going", "-b", builder,
                    "-d", "docs/_build/doctrees", "docs", f"docs/_build/{builder}",
                    *session.posargs)
    if shutil.which("chromium"):
        session.run("python", "docs/check_pages.py", "docs/_build/html",
                    "--screenshots", "docs/_build/screenshots")
    else:
        session.warn("chromium not found: the built pages were not checked for clipping")

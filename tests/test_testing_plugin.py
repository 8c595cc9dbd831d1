"""xport.testing: the pytest plugin run on throwaway projects (pytester), its
assertions, lazy mode and Hypothesis strategies, and the docs page's example.

The throwaway projects run in this process (pytester's in-process runs), on
the quick backends (NumPy, array_api_strict) unless a test is about another.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

import xport
from xport.testing import LazyModeError, assert_close, assert_equal, assert_less, lazy
from xport.testing.plugin import BACKENDS

pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "testing-your-library.md"
QUICK = "numpy,array_api_strict"
INSTALLED = [b for b in BACKENDS if importlib.util.find_spec(b) is not None]
MISSING = [b for b in BACKENDS if b not in INSTALLED]

needs_numpy = pytest.mark.skipif("numpy" not in INSTALLED, reason="needs NumPy")
needs_strict = pytest.mark.skipif("array_api_strict" not in INSTALLED,
                                  reason="needs array_api_strict")
needs_jax = pytest.mark.skipif("jax" not in INSTALLED, reason="needs JAX")
needs_dask = pytest.mark.skipif("dask" not in INSTALLED, reason="needs Dask")
needs_torch = pytest.mark.skipif("torch" not in INSTALLED, reason="needs PyTorch")


@pytest.fixture
def project(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    """A throwaway project whose conftest loads the plugin, in a clean environment."""
    for name in ("XPORT_TEST_BACKENDS", "XPORT_TEST_DEVICE", "XPORT_CHECKED"):
        monkeypatch.delenv(name, raising=False)
    pytester.makeconftest('pytest_plugins = ["xport.testing"]')
    return pytester


def run(project: pytest.Pytester, *args: str) -> pytest.RunResult:
    return project.runpytest("-p", "no:cacheprovider", "-ra", "-v", *args)


def python(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run this Python with the xport under test importable, wherever it is."""
    source = str(Path(xport.__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [source, *filter(None, [os.environ.get("PYTHONPATH")])])}
    return subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True,
                          text=True, check=False)


# -- the xp fixture and its options ------------------------------------------------

def test_xp_runs_once_per_installed_backend(project: pytest.Pytester) -> None:
    project.makepyfile("""
        import xport

        def test_backend(xp):
            x = xp.asarray([1.0, 2.0])
            assert xport.namespace_of(x) is xp
    """)
    result = run(project)
    result.assert_outcomes(passed=len(INSTALLED), skipped=len(MISSING))
    for backend in INSTALLED:
        result.stdout.fnmatch_lines([f"*test_backend?{backend}? PASSED*"])
    for backend in MISSING:
        result.stdout.fnmatch_lines([f"SKIPPED*{backend} is not installed"])


@needs_numpy
@needs_strict
def test_xp_option_and_environment_choose_the_backends(
        project: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    project.makepyfile("def test_backend(xp):\n    pass\n")
    result = run(project, "--xp", QUICK)
    result.assert_outcomes(passed=2)
    result.stdout.fnmatch_lines(["*test_backend?numpy? PASSED*",
                                 "*test_backend?array_api_strict? PASSED*"])
    monkeypatch.setenv("XPORT_TEST_BACKENDS", "array_api_strict")
    run(project).assert_outcomes(passed=1)
    run(project, "--xp", "numpy").stdout.fnmatch_lines(["*test_backend?numpy? PASSED*"])


def test_unknown_backend_is_a_usage_error(project: pytest.Pytester) -> None:
    project.makepyfile("def test_backend(xp):\n    pass\n")
    result = run(project, "--xp", "numpy,jaxx")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--xp: no backend called 'jaxx'; known: numpy, torch*"])


@pytest.mark.skipif(not MISSING, reason="every backend is installed")
def test_backend_not_installed_is_skipped_with_the_reason(project: pytest.Pytester) -> None:
    project.makepyfile("def test_backend(xp):\n    pass\n")
    result = run(project, "--xp", MISSING[0])
    result.assert_outcomes(skipped=1)
    result.stdout.fnmatch_lines([f"SKIPPED*{MISSING[0]} is not installed"])


@needs_numpy
def test_a_projects_own_xp_fixture_or_parametrisation_wins(project: pytest.Pytester) -> None:
    project.makepyfile(test_own_fixture="""
        import pytest

        @pytest.fixture
        def xp():
            return "mine"

        def test_mine(xp):
            assert xp == "mine"
    """, test_own_parameters="""
        import pytest

        @pytest.mark.parametrize("xp", ["a", "b"])
        def test_mine(xp):
            assert xp in ("a", "b")
    """)
    run(project, "--xp", "numpy").assert_outcomes(passed=3)


def test_no_array_library_is_imported_until_a_test_takes_xp(
        project: pytest.Pytester) -> None:
    project.makepyfile("""
        import sys

        def test_plain():
            loaded = {"numpy", "torch", "jax", "tensorflow", "dask", "array_api_strict"}
            assert not loaded & set(sys.modules)
    """)
    done = python("-m", "pytest", "-p", "no:cacheprovider", "-q", "--xp", "all",
                  cwd=project.path)
    assert done.returncode == 0, done.stdout + done.stderr


def test_import_xport_imports_neither_the_plugin_nor_pytest() -> None:
    probe = ("import sys, xport\n"
             "print(sorted(m for m in ('xport.testing', 'pytest', 'hypothesis') "
             "if m in sys.modules))\n"
             "import xport.testing\n"
             "print(sorted(m for m in ('pytest', 'hypothesis', 'numpy') if m in sys.modules))")
    done = python("-c", probe)
    assert done.stdout.split("\n")[:2] == ["[]", "[]"], done.stderr


# -- markers -----------------------------------------------------------------------

@needs_numpy
@needs_strict
def test_skip_and_xfail_marks_show_their_reason_per_backend(project: pytest.Pytester) -> None:
    project.makepyfile("""
        import pytest

        @pytest.mark.skip_xp("numpy", reason="numpy is too lenient here")
        def test_skipped(xp):
            pass

        @pytest.mark.xfail_xp("array_api_strict", reason="refuses it", strict=True)
        def test_xfailed(xp):
            assert xp.__name__ != "array_api_strict"
    """)
    result = run(project, "--xp", QUICK)
    result.assert_outcomes(passed=2, skipped=1, xfailed=1)
    result.stdout.fnmatch_lines([
        "SKIPPED*skip_xp(numpy): numpy is too lenient here",
        "XFAIL*test_xfailed?array_api_strict? - xfail_xp(array_api_strict): refuses it"])


@needs_numpy
@pytest.mark.parametrize(("mark", "message"), [
    ('skip_xp("numpy")', 'reason="..." is required'),
    ('xfail_xp("numpy", reason="  ")', 'reason="..." is required'),
    ('skip_xp("nump", reason="typo")', "no backend called 'nump'"),
    ('skip_xp(reason="which?")', "name the backends"),
    ('skip_xp("numpy", reason="r", strict=True)', "unexpected keyword strict"),
])
def test_a_wrong_mark_stops_the_run_naming_the_test(project: pytest.Pytester, mark: str,
                                                    message: str) -> None:
    project.makepyfile(f"""
        import pytest

        @pytest.mark.{mark}
        def test_marked(xp):
            pass
    """)
    result = run(project, "--xp", "numpy")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([f"*test_marked?numpy?: @pytest.mark.*{message}*"])


# -- checked namespaces, devices, dtypes -------------------------------------------

@needs_numpy
def test_xp_checked_runs_the_checked_namespaces(project: pytest.Pytester) -> None:
    project.makepyfile("""
        def test_dtype_by_name(xp):
            xp.asarray([1.0], dtype="float32")   # NumPy accepts it; the standard does not
    """)
    run(project, "--xp", "numpy").assert_outcomes(passed=1)
    result = run(project, "--xp", "numpy", "--xp-checked")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*TypeError*"])
    result.stdout.fnmatch_lines(["xport.testing: xp on numpy; devices default; checked*"])


@needs_numpy
def test_xp_checked_checks_the_librarys_own_calls(project: pytest.Pytester) -> None:
    # A library function finds its namespace itself: --xp-checked reaches it too,
    # and the session after it gets plain namespaces again.
    project.makepyfile("""
        import xport

        def library_mean(x):
            xp = xport.namespace_of(x)
            return xp.sum(x, dtype="float64") / x.shape[0]   # a dtype by name: not portable

        def test_library(xp):
            library_mean(xp.asarray([1.0, 2.0]))
    """)
    run(project, "--xp", "numpy").assert_outcomes(passed=1)
    result = run(project, "--xp", "numpy", "--xp-checked")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*TypeError*dtype*"])
    import numpy as np

    assert xport.namespace_of(np.ones(2)) is xport.namespace("numpy", checked=False)


@needs_numpy
@needs_strict
def test_device_is_the_default_device_unless_told(project: pytest.Pytester) -> None:
    project.makepyfile("""
        import xport

        def test_device(xp, device):
            assert device == xp.__array_namespace_info__().default_device()
            assert xport.device(xp.asarray([1.0], device=device)) == device
    """)
    result = run(project, "--xp", QUICK)
    result.assert_outcomes(passed=2)
    result.stdout.fnmatch_lines(["*test_device?numpy? PASSED*"])


@needs_strict
def test_xp_device_all_runs_on_every_device(project: pytest.Pytester) -> None:
    import array_api_strict

    devices = array_api_strict.__array_namespace_info__().devices()
    project.makepyfile("""
        import xport

        def test_device(xp, device):
            assert xport.device(xp.asarray([1.0], device=device)) == device

        def test_no_device(xp):
            pass
    """)
    result = run(project, "--xp", "array_api_strict", "--xp-device", "all")
    # array_api_strict has no default device to set: a test without `device`
    # runs once, not once per device.
    result.assert_outcomes(passed=len(devices) + 1)
    result.stdout.fnmatch_lines(["*test_device?array_api_strict-device1? PASSED*"])


@needs_numpy
def test_a_device_kind_the_backend_lacks_is_skipped(project: pytest.Pytester) -> None:
    project.makepyfile("def test_device(xp, device):\n    pass\n")
    result = run(project, "--xp", "numpy", "--xp-device", "cuda")
    result.assert_outcomes(skipped=1)
    result.stdout.fnmatch_lines(["SKIPPED*test_*.py:1: numpy has no cuda device (it has cpu)"])


@needs_numpy
def test_dtype_fixtures_give_each_dtype_of_the_kind(project: pytest.Pytester) -> None:
    project.makepyfile("""
        def test_kinds(xp, real_floating_dtype, complex_floating_dtype):
            assert xp.isdtype(real_floating_dtype, "real floating")
            assert xp.isdtype(complex_floating_dtype, "complex floating")

        def test_integers(xp, signed_integer_dtype, unsigned_integer_dtype):
            assert xp.isdtype(signed_integer_dtype, "signed integer")
            assert xp.isdtype(unsigned_integer_dtype, "unsigned integer")
    """)
    result = run(project, "--xp", "numpy")
    result.assert_outcomes(passed=2 * 2 + 4 * 4)
    result.stdout.fnmatch_lines(["*test_kinds?numpy-float32-complex64? PASSED*"])


@needs_jax
def test_a_dtype_the_backend_lacks_is_skipped_with_the_reason(
        project: pytest.Pytester) -> None:
    import jax

    if jax.config.read("jax_enable_x64"):
        pytest.skip("JAX has float64 here")
    project.makepyfile("def test_floats(xp, real_floating_dtype):\n    pass\n")
    result = run(project, "--xp", "jax")
    result.assert_outcomes(passed=1, skipped=1)
    result.stdout.fnmatch_lines(["SKIPPED*jax has no float64 (JAX_ENABLE_X64 is off)"])


# -- lazy mode ---------------------------------------------------------------------

LIBRARY = """
import xport

def scale(x, factor=2.0):
    xp = xport.namespace_of(x)
    return x * xp.asarray(factor, dtype=x.dtype)

def clip_negative(x):
    xp = xport.namespace_of(x)
    if bool(xp.any(x < 0)):            # eager only: needs the values
        return xp.where(x < 0, xp.zeros_like(x), x)
    return x

def positives(x):
    return x[x > 0]                   # a shape that depends on the data
"""


@needs_jax
@needs_dask
def test_lazy_mode_catches_bool_of_an_array_under_jax_and_dask(
        project: pytest.Pytester) -> None:
    project.makepyfile(mylib=LIBRARY, test_lazy="""
        import xport
        from mylib import clip_negative, positives, scale
        from xport.testing import assert_close, lazy_xp_function

        lazy_xp_function(scale)
        lazy_xp_function(clip_negative)
        lazy_xp_function(positives, backends=("jax",))

        def test_scale(xp):
            y = scale(xp.asarray([1.0, 2.0]), factor=3.0)
            assert xport.is_lazy_array(y) == (xport.backend_of(y) in ("jax", "dask"))
            assert_close(y, xp.asarray([3.0, 6.0]))

        def test_clip(xp):
            clip_negative(xp.asarray([-1.0, 2.0]))

        def test_positives(xp):
            positives(xp.asarray([-1.0, 2.0]))
    """)
    result = run(project, "--xp", "numpy,jax,dask")
    # positives runs lazily on JAX only: on Dask, eagerly, it passes.
    result.assert_outcomes(passed=6, failed=3)
    result.stdout.fnmatch_lines([
        "E *LazyModeError: clip_negative() cannot run lazily on jax (jax.jit): it converts "
        "an array to a Python bool*",
        "E *TracerBoolConversionError: *",
        "E *LazyModeError: positives() cannot run lazily on jax (jax.jit): it makes an "
        "array whose shape depends on the data*",
        "E *LazyModeError: clip_negative() computed a Dask array while running lazily on "
        "dask (computation 1, 0 allowed)*",
    ], consecutive=False)


@needs_dask
def test_allow_dask_compute_lets_that_many_computations_through(
        project: pytest.Pytester) -> None:
    project.makepyfile(mylib=LIBRARY, test_lazy="""
        from mylib import clip_negative
        from xport.testing import lazy_xp_function

        lazy_xp_function(clip_negative, allow_dask_compute=1)

        def test_clip(xp):
            clip_negative(xp.asarray([-1.0, 2.0]))
    """)
    run(project, "--xp", "dask").assert_outcomes(passed=1)


@needs_jax
@needs_numpy
def test_lazy_wraps_a_function_for_one_call() -> None:
    import jax.numpy as jnp
    import numpy as np

    def total(x, axis=None):
        xp = xport.namespace_of(x)
        return xp.sum(x, axis=axis)

    def first_positive(x):
        return float(x[0]) > 0

    lazily = lazy(total)
    assert_close(lazily(jnp.asarray([[1.0, 2.0]]), axis=1), jnp.asarray([3.0]))
    assert_close(lazily(np.asarray([1.0, 2.0])), np.asarray(3.0))  # NumPy: called as it is
    with pytest.raises(LazyModeError, match=r"first_positive\(\) cannot run lazily on jax "
                       r"\(jax.jit\): it needs an array's value in Python") as caught:
        lazy(first_positive)(jnp.asarray([1.0]))
    assert type(caught.value.__cause__).__name__ == "ConcretizationTypeError"
    with pytest.raises(ValueError, match="no lazy mode for 'numpy'"):
        lazy(total, backends=("numpy",))


@pytest.mark.parametrize(("library", "compiler", "what"), [
    ("tensorflow", "tf.function", "uses a tensor as a Python bool"),
    ("torch", "torch.compile", "does something only eager code can"),
])
def test_lazy_compiles_with_torch_and_tensorflow_on_request(library: str, compiler: str,
                                                            what: str) -> None:
    if library not in INSTALLED:
        pytest.skip(f"needs {library}")
    xp = xport.namespace(library)

    def branches(x: Any) -> Any:
        return x if bool(xp.any(x > 1)) else -x

    branches(xp.asarray([1.0, 2.0]))  # eagerly, fine
    with pytest.raises(LazyModeError, match=re.escape(
            f"branches() cannot run lazily on {library} ({compiler}): it {what}")):
        lazy(branches, backends=(library,))(xp.asarray([1.0, 2.0]))


# -- assertions ----------------------------------------------------------------------

def _failure(call: object, *args: object, **kwargs: object) -> str:
    with pytest.raises(AssertionError) as caught:
        call(*args, **kwargs)  # type: ignore[operator]
    return str(caught.value)


@needs_numpy
def test_assert_close_names_the_worst_elements() -> None:
    xp = xport.namespace("numpy")
    message = _failure(assert_close, xp.asarray([[1.0, 2.0], [3.0, 4.0]]),
                       xp.asarray([[1.0, 2.5], [float("nan"), 4.0]]), err_msg="while X")
    assert message == textwrap.dedent("""\
        Not close (rtol=5.96e-08, atol=0): 2 of 4 elements differ (50 %)
          on numpy, dtype float64, shape (2, 2), device cpu
          largest absolute difference inf at (1, 0); largest relative difference 0.2 at (0, 1)
          worst elements (index: actual, desired):
            (1, 0): 3.0, nan
            (0, 1): 2.0, 2.5
        while X""")


@needs_numpy
@needs_strict
def test_assert_close_says_which_of_namespace_dtype_shape_device_differs() -> None:
    import array_api_strict as strict

    np_ = xport.namespace("numpy")
    x = np_.asarray([1.0, 2.0])
    assert _failure(assert_close, x, strict.asarray([1.0, 2.0])) == (
        "namespace mismatch: actual is a numpy array, desired an array_api_strict array (pass "
        "check_namespace=False to compare arrays of two libraries)")
    assert _failure(assert_close, x, [1.0, 2.0]).startswith(
        "namespace mismatch: actual is a numpy array, desired a Python list")
    assert _failure(assert_close, np_.asarray([1.0], dtype=np_.float32), np_.asarray([1.0])) \
        == "dtype mismatch: actual float32, desired float64 (on numpy)"
    assert _failure(assert_close, x, np_.asarray([[1.0, 2.0]])) == (
        "shape mismatch: actual (2,), desired (1, 2) (dtype float64)")
    on_device1 = strict.asarray([1.0], device=strict.Device("device1"))
    assert _failure(assert_close, strict.asarray([1.0]), on_device1) == (
        "device mismatch: actual cpu_device, desired device1 (on array_api_strict)")
    # Each check can be turned off.
    assert_close(x, strict.asarray([1.0, 2.0]), check_namespace=False)
    assert_close(x, [1.0, 2.0], check_namespace=False)
    assert_close(np_.asarray([1.0], dtype=np_.float32), np_.asarray([1.0]), check_dtype=False)
    assert_close(x, np_.asarray([[1.0, 2.0]]), check_shape=False)
    assert_close(strict.asarray([1.0]), on_device1, check_device=False)


@needs_numpy
def test_assert_close_default_tolerance_follows_the_dtype() -> None:
    xp = xport.namespace("numpy")
    for dtype, close, far in ((xp.float32, 1e-4, 1e-2), (xp.float64, 1e-9, 1e-6)):
        one = xp.asarray([1.0], dtype=dtype)
        assert_close(one + xp.asarray(close, dtype=dtype), one)
        _failure(assert_close, one + xp.asarray(far, dtype=dtype), one)
    assert_close(xp.asarray([1.0]), xp.asarray([1.1]), rtol=0.2)
    assert_close(xp.asarray([1.0]), xp.asarray([1.1]), atol=0.2)
    # Integers are compared exactly, with the difference shown.
    message = _failure(assert_close, xp.asarray([1, 2**40]), xp.asarray([1, 2**40 + 1]))
    assert "(1,): 1099511627776, 1099511627777" in message


@needs_numpy
def test_assert_equal_and_assert_less() -> None:
    xp = xport.namespace("numpy")
    nan = float("nan")
    assert_equal(xp.asarray([1.0, nan, -0.0]), xp.asarray([1.0, nan, 0.0]))
    assert_equal(xp.asarray([True, False]), xp.asarray([True, False]))
    message = _failure(assert_equal, xp.asarray([True, False]), xp.asarray([True, True]))
    assert message.splitlines()[0] == "Not equal: 1 of 2 elements differ (50 %)"
    assert "first differing elements (index: actual, desired):" in message
    assert_less(xp.asarray([1.0, nan]), xp.asarray([2.0, nan]))
    message = _failure(assert_less, xp.asarray([1.0, 3.0]), xp.asarray([2.0, 3.0]))
    assert message.splitlines()[0] == "Not less: 1 of 2 elements are not less than desired (50 %)"
    assert "(1,): 3.0, 3.0" in message


@needs_dask
def test_assertions_compute_lazy_arrays() -> None:
    import dask.array as da

    x = da.asarray([1.0, -2.0, 3.0])
    assert_close(x[x > 0], da.asarray([1.0, 3.0]))      # unknown shape until computed
    message = _failure(assert_equal, x, da.asarray([1.0, 2.0, 3.0]))
    assert "on dask, dtype float64, shape (3,), device cpu" in message


@needs_torch
def test_assertions_take_dtypes_numpy_lacks() -> None:
    import torch

    x = torch.asarray([1.0, 2.0], dtype=torch.bfloat16)
    assert_close(x, x)
    # (bfloat16's default rtol, 4 * sqrt(eps), is 0.35: 2 against 8 is far.)
    message = _failure(assert_close, x, torch.asarray([1.0, 8.0], dtype=torch.bfloat16))
    assert "on torch, dtype bfloat16, shape (2,), device cpu" in message


# -- Hypothesis strategies -------------------------------------------------------------

@needs_numpy
@needs_strict
def test_strategies_draw_arrays_of_the_namespace() -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from xport.testing import strategies as xps

    def draws_arrays_of(name: str) -> None:
        xp = xport.namespace(name)

        @settings(max_examples=15, database=None, deadline=None)
        @given(x=xps.arrays(xp, "real floating", xps.shapes(max_dims=2, max_side=3)),
               dtype=xps.dtypes(name, "integral"), data=st.data())
        def drawn(x: Any, dtype: Any, data: st.DataObject) -> None:
            assert xport.backend_of(x) == name
            assert xp.isdtype(x.dtype, "real floating")
            assert xp.isdtype(dtype, "integral")
            y = data.draw(xps.arrays(xp, dtype, 3))
            assert y.shape == (3,)

        drawn()

    draws_arrays_of("numpy")
    draws_arrays_of("array_api_strict")


@needs_jax
def test_strategies_draw_only_dtypes_the_backend_has() -> None:
    import jax
    from hypothesis import given, settings

    from xport.testing import strategies as xps

    if jax.config.read("jax_enable_x64"):
        pytest.skip("JAX has float64 here")

    @settings(max_examples=10, database=None, deadline=None)
    @given(x=xps.arrays("jax", "real floating", 2))
    def drawn(x: Any) -> None:
        assert str(x.dtype) == "float32"

    drawn()


# -- installed, vendored, and the docs page ----------------------------------------------

@needs_numpy
def test_the_entry_point_and_pytest_plugins_load_it_once(project: pytest.Pytester) -> None:
    info = project.path / "site" / "xport_testing_example-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: xport-testing-example\n"
                                   "Version: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[pytest11]\nxport.testing = xport.testing\n")  # as pyproject.toml declares it
    project.syspathinsert(project.path / "site")
    project.makepyfile("def test_backend(xp):\n    pass\n")
    run(project, "--xp", "numpy").assert_outcomes(passed=1)
    (project.path / "conftest.py").unlink()                 # the entry point alone
    run(project, "--xp", "numpy").assert_outcomes(passed=1)
    result = run(project, "-p", "no:xport.testing", "--xp", "numpy")
    assert result.ret == pytest.ExitCode.USAGE_ERROR        # switched off: no --xp


@needs_numpy
@needs_jax
def test_a_vendored_copy_loads_by_its_own_path_beside_the_installed_one(
        project: pytest.Pytester) -> None:
    package = project.path / "mypkg"
    shutil.copytree(Path(xport.__file__).parent, package / "_vendor" / "xport",
                    ignore=shutil.ignore_patterns("__pycache__"))
    (package / "__init__.py").write_text("")
    (package / "_vendor" / "__init__.py").write_text("")
    (package / "core.py").write_text(textwrap.dedent("""
        from ._vendor import xport

        def sign_of_sum(x):
            xp = xport.namespace_of(x)
            return 1.0 if bool(xp.sum(x) > 0) else -1.0
    """))
    project.makeconftest('pytest_plugins = ["mypkg._vendor.xport.testing"]')
    project.makepyfile("""
        from mypkg._vendor.xport.testing import lazy_xp_function
        from mypkg.core import sign_of_sum

        lazy_xp_function(sign_of_sum)

        def test_sign(xp):
            assert sign_of_sum(xp.asarray([1.0])) == 1.0
    """)
    project.syspathinsert()
    try:
        for extra in ([], ["-p", "xport.testing"]):  # alone, and with the installed copy
            result = run(project, "--xp", "numpy,jax", *extra)
            result.assert_outcomes(passed=1, failed=1)
            result.stdout.fnmatch_lines(["E *LazyModeError: sign_of_sum() cannot run lazily "
                                         "on jax*"])
    finally:
        for name in [n for n in sys.modules if n == "mypkg" or n.startswith("mypkg.")]:
            del sys.modules[name]


def _page_files() -> dict[str, str]:
    """The files the docs page shows: its ``{code-block}`` blocks with a caption."""
    blocks = re.findall(r"```\{code-block\} python\n:caption: (\S+)\n\n(.*?)```",
                        PAGE.read_text(encoding="utf-8"), flags=re.DOTALL)
    return dict(blocks)


def test_the_docs_page_shows_a_complete_project() -> None:
    assert set(_page_files()) == {"mylib.py", "conftest.py", "test_mylib.py"}


@needs_numpy
@needs_strict
@needs_jax
@needs_dask
def test_the_docs_page_example_runs_as_shown(project: pytest.Pytester) -> None:
    for name, code in _page_files().items():
        (project.path / name).write_text(code, encoding="utf-8")
    project.syspathinsert()
    try:
        result = run(project, "--xp", "numpy,jax,dask,array_api_strict")
    finally:
        sys.modules.pop("mylib", None)
    jax_float64 = 0 if importlib.import_module("jax").config.read("jax_enable_x64") else 1
    # Per backend: test_standardize, test_standardize_keeps_the_dtype (2 dtypes),
    # test_count_outliers, test_standardize_has_zero_mean (2 dtypes).
    result.assert_outcomes(passed=4 * 6 - 2 - 2 - 2 * jax_float64, xfailed=2,
                           skipped=2 + 2 * jax_float64)
    if jax_float64:  # the page's run: its summary line is this one
        shown = re.search(r"(\d+) passed, (\d+) skipped, (\d+) xfailed", PAGE.read_text())
        assert shown is not None
        outcomes = result.parseoutcomes()
        assert [outcomes.get(k) for k in ("passed", "skipped", "xfailed")] == [
            int(n) for n in shown.groups()]
    result.stdout.fnmatch_lines([
        "*skip_xp(array_api_strict): the reference needs no property test",
        "XFAIL*test_count_outliers?jax? - xfail_xp(jax): count_outliers returns a Python int",
    ], consecutive=False)

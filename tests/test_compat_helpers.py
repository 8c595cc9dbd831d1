"""xport as a drop-in for array-api-compat: every public helper of compat gives
compat's answer on every installed backend (compat itself is the oracle here;
it is a test dependency only), and the namespaces reach the whole library."""

from __future__ import annotations

import importlib
import inspect
import subprocess
import sys
import types
import warnings

import array_api_compat as compat
import array_api_strict
import numpy as np
import pytest
from array_api_compat.common import _helpers as compat_helpers
from conformance._backends import to_numpy

import xport

COMPAT_NAMES = tuple(compat_helpers.__all__)
ARRAY_CHECKS = tuple(n for n in COMPAT_NAMES if n.startswith("is_") and n.endswith("_array"))
NAMESPACE_CHECKS = tuple(n for n in COMPAT_NAMES
                         if n.startswith("is_") and n.endswith("_namespace"))
# Helpers taking one object, compared on every sample below.
ONE_OBJECT = (*ARRAY_CHECKS, "is_array_api_obj", "is_lazy_array", "is_writeable_array")


def _installed(name: str) -> bool:
    try:
        importlib.import_module(name)
    except ImportError:
        return False
    return True


# --- the surface ------------------------------------------------------------------

def test_every_compat_helper_is_in_xport_all_with_compat_parameters():
    missing = [n for n in COMPAT_NAMES if n not in xport.__all__]
    assert not missing, f"array-api-compat helpers missing from xport.__all__: {missing}"
    for name in COMPAT_NAMES:
        ours = inspect.signature(getattr(xport, name)).parameters.values()
        theirs = inspect.signature(getattr(compat, name)).parameters.values()
        # The name of *arrays does not matter to a caller; everything else does.
        assert [(p.kind, p.kind == p.VAR_POSITIONAL or p.name) for p in ours] == \
               [(p.kind, p.kind == p.VAR_POSITIONAL or p.name) for p in theirs], name


def test_star_import_brings_the_helpers():
    scope: dict[str, object] = {}
    exec("from xport import *", scope)
    for name in (*COMPAT_NAMES, "is_tensorflow_array", "is_tensorflow_namespace"):
        assert callable(scope[name]), name


def test_array_namespace_answers_as_compat(backend):
    x = backend.from_numpy(np.ones(2))
    ours = xport.array_namespace(x)
    assert xport.get_namespace is xport.array_namespace
    if backend.name == "jax":
        # compat's JAX namespace is jax.numpy itself, and code keys on it (SciPy)
        assert ours is importlib.import_module("jax.numpy") is compat.array_namespace(x)
        assert xport.array_namespace(x, use_compat=True) is xport.jax is xport.namespace_of(x)
    else:
        assert ours is xport.namespace_of(x) is backend.xp
    if backend.name not in ("tensorflow", "mxnet"):  # compat has no TensorFlow or MXNet
        check = getattr(xport, f"is_{backend.name}_namespace")
        assert check(ours) and check(compat.array_namespace(x))


def test_array_namespace_of_a_jax_zero_gradient_is_jax_numpy_as_compat():
    jax = pytest.importorskip("jax")
    import jax.numpy as jnp

    grad = jax.vmap(jax.grad(lambda v: 1.0 * v, allow_int=True))(jnp.asarray([1, 2]))
    assert grad.dtype == jax.dtypes.float0 and isinstance(grad, np.ndarray)
    assert xport.array_namespace(grad) is jnp is compat.array_namespace(grad)
    assert xport.array_namespace(grad, use_compat=False) is jnp
    assert xport.array_namespace(grad, use_compat=True) is xport.jax
    assert xport.namespace_of(grad) is xport.numpy  # dispatch itself: by type only


def test_helpers_import_no_array_library():
    code = (
        "import sys, xport\n"
        "objs = [1, 2.0, None, 'a', [1], object(), xport]\n"
        "for name in xport.__all__:\n"
        "    if name.startswith('is_'):\n"
        "        f = getattr(xport, name)\n"
        "        [f(o) for o in objs]\n"
        "[xport.size(type('A', (), {'shape': (2, 3)})()) for _ in range(2)]\n"
        "loaded = {'numpy', 'torch', 'jax', 'tensorflow', 'dask', 'cupy'} & set(sys.modules)\n"
        "assert not loaded, loaded\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# --- one object in, compat's answer out ---------------------------------------------

def _samples() -> list[tuple[str, object]]:
    found: list[tuple[str, object]] = []
    readonly = np.arange(3.0)
    readonly.flags.writeable = False
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PendingDeprecationWarning)
        matrix = np.asmatrix(np.eye(2))
    found += [
        ("np-1d", np.arange(3)), ("np-0d", np.asarray(1.5)), ("np-scalar", np.float32(2)),
        ("np-readonly", readonly), ("np-matrix", matrix),
        ("np-subclass", np.ma.masked_array([1, 2])),
        ("strict", array_api_strict.asarray([1, 2])),
        ("int", 1), ("float", 2.0), ("complex", 1j), ("bool", True), ("none", None),
        ("list", [1, 2]), ("str", "a"), ("object", object()),
    ]
    if _installed("torch"):
        import torch

        found += [("torch", torch.ones(2)), ("torch-0d", torch.tensor(1)),
                  ("torch-param", torch.nn.Parameter(torch.ones(2))),
                  ("torch-meta", torch.empty(2, device="meta"))]
    if _installed("jax"):
        import jax
        import jax.numpy as jnp

        found += [("jax", jnp.ones(2)), ("jax-0d", jnp.asarray(1.0)),
                  ("jax-float0", np.zeros((2,), dtype=jax.dtypes.float0))]
    if _installed("dask.array"):
        import dask.array as da

        found += [("dask", da.ones(4, chunks=2)),
                  ("dask-nan-shape", da.unique(da.ones(4, chunks=2)))]
    return found


SAMPLES = _samples()


@pytest.mark.parametrize("helper", ONE_OBJECT)
@pytest.mark.parametrize(("label", "obj"), SAMPLES, ids=[s[0] for s in SAMPLES])
def test_one_object_helpers_agree_with_compat(helper, label, obj):
    assert getattr(xport, helper)(obj) == getattr(compat, helper)(obj), (helper, label)


ARRAYS = [(label, obj) for label, obj in SAMPLES if compat.is_array_api_obj(obj)]


@pytest.mark.parametrize(("label", "obj"), ARRAYS, ids=[s[0] for s in ARRAYS])
def test_size_and_device_agree_with_compat(label, obj):
    assert xport.size(obj) == compat.size(obj)
    assert xport.device(obj) == compat.device(obj)


@pytest.mark.parametrize(("label", "obj"), ARRAYS, ids=[s[0] for s in ARRAYS])
def test_array_namespace_use_compat_false_gives_the_native_module_as_compat(label, obj):
    native = compat.array_namespace(obj, use_compat=False)
    assert xport.array_namespace(obj, use_compat=False) is native


def test_array_namespace_arguments_as_compat():
    x = np.ones(2)
    assert xport.array_namespace(x, 1.0, None) is xport.numpy
    assert xport.array_namespace(array_api_strict.asarray(1)) is array_api_strict
    for bad in ("yes", 2, "False"):
        with pytest.raises(ValueError, match="use_compat must be None, True, or False"):
            xport.array_namespace(x, use_compat=bad)
        with pytest.raises(ValueError):
            compat.array_namespace(x, use_compat=bad)
    with pytest.raises(TypeError):
        xport.array_namespace()
    with pytest.raises(TypeError):
        xport.array_namespace(1.0, 2)
    with pytest.raises(ValueError, match="api_version"):
        xport.array_namespace(x, api_version="2020.12")
    for old in ("2021.12", "2022.12", "2023.12", "2024.12", "2025.12"):
        assert xport.array_namespace(x, api_version=old) is xport.numpy


# --- namespaces ----------------------------------------------------------------------

def _namespace_samples() -> list[tuple[str, object]]:
    found: list[tuple[str, object]] = [
        ("numpy", np), ("compat-numpy", importlib.import_module("array_api_compat.numpy")),
        ("strict", array_api_strict), ("math", importlib.import_module("math")),
        ("compat", compat),
    ]
    for module in ("torch", "array_api_compat.torch", "jax.numpy", "jax", "dask.array",
                   "array_api_compat.dask.array", "dask"):
        try:
            found.append((module, importlib.import_module(module)))
        except ImportError:
            pass
    return found


NAMESPACES = _namespace_samples()


@pytest.mark.parametrize("helper", NAMESPACE_CHECKS)
@pytest.mark.parametrize(("label", "xp"), NAMESPACES, ids=[s[0] for s in NAMESPACES])
def test_namespace_helpers_agree_with_compat(helper, label, xp):
    assert getattr(xport, helper)(xp) == getattr(compat, helper)(xp), (helper, label)


def test_xport_namespaces_count_as_their_library(backend):
    xp = backend.xp
    check = getattr(xport, f"is_{backend.name}_namespace")
    assert check(xp)
    others = [n for n in NAMESPACE_CHECKS if n != f"is_{backend.name}_namespace"]
    assert not any(getattr(xport, n)(xp) for n in others)
    assert check(xport.namespace_of(backend.from_numpy(np.ones(2))))


def test_vendored_namespaces_are_recognised_by_name():
    def module(name):
        return types.ModuleType(name)

    assert xport.is_numpy_namespace(module("scipy._lib.array_api_compat.numpy"))
    assert xport.is_dask_namespace(module("sklearn.externals.array_api_compat.dask.array"))
    assert xport.is_torch_namespace(module("somelib._vendor.xport.torch"))
    assert not xport.is_numpy_namespace(module("numpyish"))
    assert not xport.is_numpy_namespace(object())  # no __name__: not a namespace


def test_namespace_checks_read_the_name_through_proxies():
    class ReadOnly:  # array-api-extra's NumPyReadOnly forwards every attribute
        def __getattr__(self, name):
            return getattr(xport.numpy, name)

    assert xport.is_numpy_namespace(ReadOnly())


# --- what compat does not cover: TensorFlow -------------------------------------------

def test_tensorflow_helpers():
    tf = pytest.importorskip("tensorflow")
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    assert xport.is_tensorflow_array(x) and xport.is_tensorflow_array(tf.Variable(x))
    assert not xport.is_tensorflow_array(np.ones(2))
    assert xport.is_array_api_obj(x)
    assert xport.is_tensorflow_namespace(tf) and xport.is_tensorflow_namespace(xport.tensorflow)
    assert xport.is_tensorflow_namespace(tf.experimental.numpy)
    assert not xport.is_lazy_array(x) and not xport.is_writeable_array(x)
    assert xport.size(x) == 4
    assert xport.device(x) == x.device
    assert xport.array_namespace(x, use_compat=False) is tf.experimental.numpy
    moved = xport.to_device(x, "CPU:0")
    assert moved.device.endswith("CPU:0")
    np.testing.assert_array_equal(moved.numpy(), x.numpy())
    seen = {}

    @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
    def traced(t):
        seen["lazy"] = xport.is_lazy_array(t)
        seen["size"] = xport.size(t)
        seen["is_tf"] = xport.is_tensorflow_array(t)
        return t * 2

    traced(x)
    assert seen == {"lazy": True, "size": None, "is_tf": True}


# --- to_device -------------------------------------------------------------------------

def test_to_device_as_compat():
    x = np.arange(3)
    assert xport.to_device(x, "cpu") is x is compat.to_device(x, "cpu")
    for bad in ("gpu", "cuda:0"):
        with pytest.raises(ValueError, match=repr(bad)):
            xport.to_device(x, bad)
        with pytest.raises(ValueError):
            compat.to_device(x, bad)
    with pytest.raises(ValueError, match="stream"):
        xport.to_device(x, "cpu", stream=1)
    strict = array_api_strict.asarray([1, 2])
    device1 = array_api_strict.Device("device1")

    def moved(helpers):
        try:
            return helpers.to_device(strict, device1).device
        except TypeError as exc:  # array-api-strict's own to_device needs NumPy >= 2
            return type(exc)

    assert moved(xport) == moved(compat)


def test_to_device_torch_and_jax_and_dask():
    if _installed("torch"):
        import torch

        t = torch.ones(2)
        assert xport.to_device(t, "meta").device == compat.to_device(t, "meta").device
        assert xport.to_device(t, torch.device("cpu")) is t
    if _installed("jax"):
        import jax
        import jax.numpy as jnp

        cpu = jax.devices("cpu")[0]
        a = jnp.ones(2)
        assert xport.to_device(a, cpu).device == compat.to_device(a, cpu).device == cpu
    if _installed("dask.array"):
        import dask.array as da

        d = da.ones(2)
        assert xport.to_device(d, "cpu") is d is compat.to_device(d, "cpu")
        with pytest.raises(ValueError, match="'gpu'"):
            xport.to_device(d, "gpu")


# --- under compilers --------------------------------------------------------------------

def test_helpers_trace_under_jax_jit():
    jax = pytest.importorskip("jax")
    import jax.numpy as jnp

    seen = {}

    @jax.jit
    def f(x):
        for name in ONE_OBJECT:
            seen[name] = (getattr(xport, name)(x), getattr(compat, name)(x))
        seen["size"] = (xport.size(x), compat.size(x))
        xp = xport.array_namespace(x)
        seen["ns"] = (xport.is_jax_namespace(xp), True)
        return xp.sum(x) * xport.size(x)

    assert float(f(jnp.ones(3))) == 9.0
    for name, (ours, theirs) in seen.items():
        assert ours == theirs, name


def test_helpers_compile_with_torch_fullgraph():
    torch = pytest.importorskip("torch")

    def f(x):
        xp = xport.array_namespace(x)
        if not (xport.is_torch_array(x) and xport.is_torch_namespace(xp)):
            return x - 1
        if xport.is_lazy_array(x) or not xport.is_writeable_array(x):
            return x - 2
        assert not xport.is_numpy_array(x) and xport.is_array_api_obj(x)
        return xp.sum(x) * xport.size(x) + (1 if xport.device(x) == x.device else 0)

    compiled = torch.compile(f, fullgraph=True, backend="eager")
    assert float(compiled(torch.ones(3))) == 10.0


# --- namespaces reach the whole library ------------------------------------------------

FALLBACKS = {
    "numpy": [("float16", "numpy", "float16"), ("ndarray", "numpy", "ndarray"),
              ("atleast_1d", "numpy", "atleast_1d"), ("linalg.lstsq", "numpy.linalg", "lstsq"),
              ("fft.fftshift", "numpy.fft", "fftshift")],
    "torch": [("testing", "torch", "testing"), ("float16", "torch", "float16"),
              ("get_default_device", "torch", "get_default_device"),
              ("linalg.lstsq", "torch.linalg", "lstsq")],
    "jax": [("float16", "jax.numpy", "float16"), ("atleast_1d", "jax.numpy", "atleast_1d"),
            ("linalg.lstsq", "jax.numpy.linalg", "lstsq")],
    "tensorflow": [("float16", "tensorflow", "float16"), ("bfloat16", "tensorflow", "bfloat16"),
                   ("atleast_1d", "tensorflow.experimental.numpy", "atleast_1d")],
    "dask": [("atleast_1d", "dask.array", "atleast_1d"), ("linalg.lstsq", "dask.array.linalg",
                                                          "lstsq")],
    "mxnet": [("float16", "mxnet.numpy", "float16"), ("atleast_1d", "mxnet.numpy", "atleast_1d"),
              ("linalg.lstsq", "mxnet.numpy.linalg", "lstsq")],
}


def test_namespaces_reach_the_whole_library(backend):
    xp = backend.xp
    for path, module, name in FALLBACKS[backend.name]:
        obj = xp
        for part in path.split("."):
            obj = getattr(obj, part)
        assert obj is getattr(importlib.import_module(module), name), path
    assert "float16" not in dir(xp) and "float16" not in xp.__all__
    provenance = xp._PROVENANCE
    assert all(name in xp.__all__ or name == "__array_namespace_info__"
               for name, how in provenance.items() if how != "missing")
    with pytest.raises(AttributeError, match=rf"module '{xp.__name__}' has no attribute 'nope'"):
        xp.nope  # noqa: B018


def test_namespaces_bind_the_library_names_at_import(backend):
    # A module __getattr__ keeps CPython (3.11 on) from specializing xp.name,
    # which every call through the namespace reads. MXNet keeps one for its
    # absent dtypes' message.
    modules = [backend.xp, *(getattr(backend.xp, sub) for sub in ("linalg", "fft")
                             if isinstance(getattr(backend.xp, sub, None), types.ModuleType))]
    for module in modules:
        if module.__name__.startswith("xport.") and backend.name != "mxnet":
            assert "__getattr__" not in vars(module), module.__name__


def test_standard_names_still_win():
    assert xport.numpy.sort is not np.sort
    assert xport.numpy.sort.__module__.startswith("xport")


# --- semantics consumers rely on ---------------------------------------------------------

UNIQUE_INPUTS = [
    [3.0, 1.0, 2.0, float("nan"), 5.0, 4.0, 9.0, 7.0, float("nan"), 6.0, 1.0],
    [3, 1, 2, 1, 5, 4, 9, 7, 8, 6] * 7,
    [True, False, True],
]


@pytest.mark.parametrize("values", UNIQUE_INPUTS, ids=["float-nan", "int", "bool"])
def test_unique_values_ascending_nan_last(backend, values):
    xp = backend.xp
    x = backend.from_numpy(np.asarray(values))
    expected = np.unique(np.asarray(values), equal_nan=False)  # ascending, each NaN last
    for name in ("unique_values", "unique_counts", "unique_inverse", "unique_all"):
        out = getattr(xp, name)(x)
        got = to_numpy(out if name == "unique_values" else out.values)
        np.testing.assert_array_equal(got, expected, err_msg=name)
    inverse = xp.unique_inverse(x)
    np.testing.assert_array_equal(to_numpy(inverse.values)[to_numpy(inverse.inverse_indices)],
                                  np.asarray(values))


def test_result_type_takes_python_scalars_as_compat():
    cases = [(1.0, 2.0), (1, 2), (True, False), (1j, 1.0), ("int8", 1.5), ("float16", 1.5),
             ("int8", 1000), ("bool", 1), ("float32", True), ("int8", 1.5, 1j)]
    libraries = {"numpy": (np, np.dtype)}
    if _installed("torch"):
        import torch

        libraries["torch"] = (torch, lambda name: getattr(torch, name))
    if _installed("dask.array"):
        import dask.array as da

        libraries["dask"] = (da, np.dtype)
    for name, (module, dtype) in libraries.items():
        ours = xport.namespace(name)
        theirs = compat.array_namespace(module.empty(0))
        for case in cases:
            args = [dtype(a) if isinstance(a, str) else a for a in case]
            assert ours.result_type(*args) == theirs.result_type(*args), (name, case)


def test_tensorflow_result_type_with_scalars():
    tf = pytest.importorskip("tensorflow")
    xp = xport.tensorflow
    assert xp.result_type(1.0, 2.0) == tf.float32
    assert xp.result_type(1, 2) == tf.int64
    assert xp.result_type(tf.int8, 1.5) == tf.float32
    assert xp.result_type(tf.float16, 1.5) == tf.float16
    with pytest.raises(TypeError, match="float16"):
        xp.result_type(tf.float16, 1j)


def test_devices_concatenate_with_lists(backend):
    devices = backend.xp.__array_namespace_info__().devices()
    assert isinstance(devices, tuple)  # 2025.12
    assert devices + [None] == [*devices, None]
    assert [None] + devices == [None, *devices]
    assert devices + (None,) == (*devices, None)


def test_numpy_functions_take_numpy_keywords_as_compat():
    xp = xport.numpy
    out = np.empty(4)
    assert xp.clip(np.arange(4.0), 1, 2, out=out) is out
    np.testing.assert_array_equal(out, [1, 1, 2, 2])
    np.testing.assert_array_equal(xp.sort(np.array([3, 1, 2]), kind="heapsort"), [1, 2, 3])
    np.testing.assert_array_equal(xp.argsort(np.array([3, 1, 2]), descending=True,
                                             kind="stable"), [0, 2, 1])


def test_errors_open_with_compats_words():
    # Consumers' tests match these (array-api-extra: "array_namespace requires .* array input").
    with pytest.raises(TypeError, match=r"array_namespace requires .* array input"):
        xport.array_namespace(1, 2.0)
    with pytest.raises(TypeError, match=r"^list is not a supported array type"):
        xport.array_namespace([1, 2])
    if _installed("torch"):
        import torch

        with pytest.raises(TypeError, match=r"^Multiple namespaces for array inputs"):
            xport.array_namespace(np.ones(1), torch.ones(1))


def test_native_keywords_reach_the_library_where_compat_hands_out_the_library():
    if _installed("jax"):
        import jax
        import jax.numpy as jnp

        # compat's JAX namespace is jax.numpy, whose unique_* take size= (array-api-extra's
        # nunique uses it); under jit too.
        counts = jax.jit(lambda x: xport.jax.unique_counts(x, size=3, fill_value=0))(
            jnp.asarray([5, 1, 5, 2]))
        np.testing.assert_array_equal(np.asarray(counts.values), [1, 2, 5])
        np.testing.assert_array_equal(np.asarray(counts.counts), [1, 1, 2])
        np.testing.assert_array_equal(
            np.asarray(xport.jax.nonzero(jnp.asarray([0, 3, 0]), size=2)[0]), [1, 0])
    if _installed("dask.array"):
        import dask.array as da

        found = xport.dask.isin(da.asarray([1, 2, 3]), da.asarray([2, 3]), assume_unique=True)
        np.testing.assert_array_equal(found.compute(), [False, True, True])


def test_compat_module_name_strips_to_the_library_name():
    # SciPy's get_native_namespace_name: xp.__name__ without compat's package prefix
    from xport.common._helpers import _compat_module_name

    prefix = f"{_compat_module_name()}."
    assert xport.numpy.__name__.removeprefix(prefix) == "numpy"
    assert xport.numpy.__version__ == np.__version__  # read by SciPy on NumPy


def test_compats_module_layout():
    import xport.common
    import xport.common._helpers
    import xport.common._typing

    for name in COMPAT_NAMES:
        assert getattr(xport.common._helpers, name) is getattr(xport, name), name
        assert getattr(xport.common, name) is getattr(xport, name), name
    assert xport.common._typing.Array is xport.Array
    assert xport.common._typing.Namespace is xport.Namespace


# Wrapped functions of xport's namespaces whose array-api-compat counterpart takes
# **kwargs but xport's does not, by backend. PyTorch's reshape comes from the shared
# factory in _common/copying.py: torch.reshape / Tensor.view take no keywords, so any
# keyword raises TypeError under compat too.
NO_VAR_KEYWORD = {"numpy": set(), "torch": {"reshape"}, "dask": set()}
COMPAT_NAMESPACES = {"numpy": "array_api_compat.numpy", "torch": "array_api_compat.torch",
                     "dask": "array_api_compat.dask.array"}


def _takes_var_keyword(fn):
    return any(p.kind is p.VAR_KEYWORD for p in inspect.signature(fn).parameters.values())


def test_wrappers_take_keywords_where_array_api_compat_does(backend, request):
    if backend.name not in COMPAT_NAMESPACES:
        pytest.skip(f"array-api-compat has no {backend.name} namespace")
    if backend.name == "numpy" and np.lib.NumpyVersion(np.__version__) < "2.0.0":
        request.applymarker(pytest.mark.xfail(strict=True, reason=(
            "NumPy < 2's wrappers (xport/numpy/_legacy.py) do not take NumPy's keywords yet")))
    compat_ns = importlib.import_module(COMPAT_NAMESPACES[backend.name])
    lacking, checked = set(), 0
    for prefix in ("", "linalg.", "fft."):
        ours = getattr(backend.xp, prefix[:-1]) if prefix else backend.xp
        theirs = getattr(compat_ns, prefix[:-1]) if prefix else compat_ns
        for name, provenance in ours._PROVENANCE.items():
            ref = getattr(theirs, name, None)
            if provenance != "wrapped" or ref is None:
                continue
            try:
                wants = _takes_var_keyword(ref)
                has = _takes_var_keyword(getattr(ours, name))
            except (TypeError, ValueError):  # a builtin without a signature (a NumPy
                continue                     # 1.26 ufunc takes its keywords anyway)
            checked += 1
            if wants and not has:
                lacking.add(prefix + name)
    assert checked > (50 if backend.name == "torch" else 5)
    assert lacking == NO_VAR_KEYWORD[backend.name]

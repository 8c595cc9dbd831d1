"""xport.jit and xport.vmap (#24) on every backend: compiled results equal the
eager function's, vectorised results equal the function applied example by
example (computed here with a plain loop), per-example gradients equal
gradients taken one example at a time, and the errors name their cause."""

from __future__ import annotations

import numpy as np
import pytest
from conformance._backends import to_numpy

import xport
import xport.random as xr
from xport.autodiff import grad

_DIFFERENTIABLE = ("torch", "jax", "tensorflow")
_COMPILING = ("torch", "jax", "tensorflow")
_RNG = np.random.default_rng(24)
_W, _X, _Y = (_RNG.normal(size=3), _RNG.normal(size=(5, 3)), _RNG.normal(size=5))


def _f32(backend, values):
    return backend.xp.asarray(np.asarray(values, dtype=np.float32))


def loss(w, x, y):
    xp = xport.namespace_of(w, x, y)
    return xp.mean((xp.matmul(x, w) - y) ** 2)


def _close(got, want, rtol=1e-5):
    np.testing.assert_allclose(np.asarray(to_numpy(got), dtype=np.float64),
                               np.asarray(to_numpy(want), dtype=np.float64),
                               rtol=rtol, atol=1e-6)


# -- jit ---------------------------------------------------------------------------

def test_jit_computes_what_the_function_computes(backend):
    def f(tree, scale):
        xp = xport.namespace_of(tree["a"])
        return {"sum": xp.sum(tree["a"] * scale), "b": (tree["b"] - 1.0,)}

    tree = {"a": _f32(backend, [[1.0, 2.0], [3.0, 4.0]]), "b": _f32(backend, [5.0])}
    got = xport.jit(f)(tree, 2.0)
    assert set(got) == {"sum", "b"}
    _close(got["sum"], 20.0)
    _close(got["b"][0], [4.0])


def test_jit_traces_once_per_backend_and_shape(backend):
    traces = []

    def f(x):
        traces.append(1)
        return x * 2.0

    x = _f32(backend, [1.0, 2.0])
    if backend.name == "torch":
        from torch._dynamo.utils import counters

        before = counters["stats"]["unique_graphs"]
        # Dynamo replays (and guards on) the list's mutation: count graphs.
        jitted = xport.jit(lambda x: x * 2.0)
    else:
        jitted = xport.jit(f)
    for _ in range(3):
        _close(jitted(x), [2.0, 4.0])
    if backend.name == "torch":
        assert counters["stats"]["unique_graphs"] - before == 1
    else:
        # A compiler traces f once; a library without one runs it at every call.
        assert len(traces) == (1 if backend.name in _COMPILING else 3)


def test_jit_static_arguments_steer_python_control_flow(backend):
    def power(x, n, mode):
        out = x
        for _ in range(n - 1):
            out = out * x
        return -out if mode == "negate" else out

    jitted = xport.jit(power, static_argnums=1, static_argnames="mode")
    x = _f32(backend, [1.0, 2.0, 3.0])
    _close(jitted(x, 3, mode="negate"), [-1.0, -8.0, -27.0])
    _close(jitted(x, 2, mode="keep"), [1.0, 4.0, 9.0])


def test_jit_takes_arrays_by_position_or_by_keyword(backend):
    def affine(x, shift, *, scale):
        return x * scale + shift

    jitted = xport.jit(affine)
    x, shift = _f32(backend, [1.0, 2.0]), _f32(backend, [10.0, 20.0])
    _close(jitted(x, shift, scale=3.0), [13.0, 26.0])
    _close(jitted(x, shift=shift, scale=-1.0), [9.0, 18.0])
    _close(jitted(x=x, shift=shift, scale=2.0), [12.0, 24.0])


def test_jit_refuses_unhashable_or_array_static_arguments(backend):
    jitted = xport.jit(lambda x, n: x, static_argnums=1)
    x = _f32(backend, [1.0])
    with pytest.raises(TypeError, match="static arguments must be hashable"):
        jitted(x, [1, 2])
    with pytest.raises(TypeError, match="static arguments must be hashable"):
        jitted(x, x)


@pytest.mark.parametrize("name", _COMPILING)
def test_jit_names_the_cause_when_python_branches_on_a_value(name):
    xp = _namespace_or_skip(name)

    def f(x):
        if bool(xp.sum(x) > 0):  # a value the compiler does not know while tracing
            return x
        return -x

    with pytest.raises(xport.CompileError, match=rf"jit\(.*f\): {name}'s compiler") as info:
        xport.jit(f)(xp.asarray([1.0, 2.0]))
    assert info.value.__cause__ is not None
    assert "static_argnums" in str(info.value)


def test_jit_without_arrays_says_where_the_backend_comes_from():
    with pytest.raises(TypeError, match="found no array among the arguments"):
        xport.jit(lambda a: a)(1.0)


@pytest.mark.parametrize("name", _DIFFERENTIABLE)
def test_jit_composes_with_grad_both_ways(name):
    xp = _namespace_or_skip(name)
    w, x, y = (xp.asarray(np.asarray(a, dtype=np.float32)) for a in (_W, _X, _Y))
    want = grad(loss)(w, x, y)
    _close(xport.jit(grad(loss))(w, x, y), want)
    _close(grad(xport.jit(loss))(w, x, y), want)


def test_jit_inside_the_callers_torch_compile():
    torch = pytest.importorskip("torch")
    inner = xport.jit(lambda x: x * 3.0)

    @torch.compile(fullgraph=True, backend="eager")
    def outer(x):
        return inner(x) + 1.0

    _close(outer(torch.ones(3)), [4.0, 4.0, 4.0])


def test_jit_called_before_then_inside_the_callers_torch_compile():
    torch = pytest.importorskip("torch")
    inner = xport.jit(lambda x: x * 3.0)
    scaled = xport.jit(lambda x, k: x * k, static_argnums=1)
    _close(inner(torch.ones(3)), [3.0, 3.0, 3.0])  # compiled for tensors, eagerly
    _close(scaled(torch.ones(3), 2), [2.0, 2.0, 2.0])

    @torch.compile(fullgraph=True, backend="eager")
    def outer(x):
        return inner(x) + scaled(x, 4)

    _close(outer(torch.ones(3)), [7.0, 7.0, 7.0])


def test_jit_draws_the_same_numbers_with_a_key_passed_in(backend):
    def noisy(key, x):
        return x + xr.normal(key, x.shape, dtype=x.dtype)

    key = xr.key(7, xp=backend.xp)
    x = _f32(backend, [0.0, 1.0, 2.0])
    _close(xport.jit(noisy)(key, x), noisy(key, x), rtol=1e-6)


# -- vmap --------------------------------------------------------------------------

def _loop(f, in_axes, args, out_axis=0):
    """The reference: f example by example, through NumPy, stacked."""
    n = next(np.asarray(a).shape[ax] for a, ax in zip(args, in_axes, strict=True)
             if ax is not None)
    outs = [to_numpy(f(*(a if ax is None else np.take(a, i, axis=ax)
                         for a, ax in zip(args, in_axes, strict=True))))
            for i in range(n)]
    return np.stack(outs, axis=out_axis)


def _row_stats(v, m):
    xp = xport.namespace_of(v, m)
    return xp.sum(xp.matmul(m, v) * v) + xp.max(v)


@pytest.mark.parametrize(("in_axes", "out_axes"), [
    ((0, None), 0), ((1, None), 0), ((-1, None), -1), ((0, None), -1)])
def test_vmap_is_the_function_stacked_example_by_example(backend, in_axes, out_axes):
    vs = _RNG.normal(size=(4, 4)).astype(np.float32)
    m = _RNG.normal(size=(4, 4)).astype(np.float32)

    def f(v, mat):
        xp = xport.namespace_of(v, mat)
        return xp.matmul(mat, v) * 2.0

    got = xport.vmap(f, in_axes=in_axes, out_axes=out_axes)(_f32(backend, vs), _f32(backend, m))
    want = _loop(lambda v, mat: f(xport.namespace("numpy").asarray(v), mat), in_axes,
                 (vs, m), out_axis=out_axes)
    _close(got, want)


def test_vmap_maps_pytrees_with_prefix_axes(backend):
    pairs = {"u": _RNG.normal(size=(3, 2)).astype(np.float32),
             "v": _RNG.normal(size=(2, 3)).astype(np.float32)}
    bias = np.float32(0.5)

    def f(tree, b):
        xp = xport.namespace_of(tree["u"])
        return {"dot": xp.sum(tree["u"] * tree["v"]) + b, "u": tree["u"]}

    args = ({k: _f32(backend, a) for k, a in pairs.items()}, bias)
    got = xport.vmap(f, in_axes=({"u": 0, "v": 1}, None), out_axes={"dot": 0, "u": 1})(*args)
    want_dot = np.sum(pairs["u"] * pairs["v"].T, axis=1) + bias
    _close(got["dot"], want_dot)
    _close(got["u"], pairs["u"].T)


def test_vmap_unmapped_outputs_must_not_vary(backend):
    x = _f32(backend, [[1.0, 2.0], [3.0, 4.0]])
    same = xport.vmap(lambda r, c: (r * 2.0, c), in_axes=(0, None), out_axes=(0, None))
    doubled, const = same(x, _f32(backend, [9.0]))
    _close(doubled, [[2.0, 4.0], [6.0, 8.0]])
    _close(const, [9.0])
    with pytest.raises(Exception, match=r"out_axes|out_dim"):
        to_numpy(xport.vmap(lambda r: r, out_axes=None)(x))


@pytest.mark.parametrize(("in_axes", "args", "message"), [
    ((0, 0), ((3, 2), (4, 2)), r"different lengths \[3, 4\]"),
    ((None, None), ((3,), (3,)), "no argument is mapped"),
    ((0,), ((3,), (3,)), "in_axes has 1 entries for 2 positional"),
    ((2, None), ((3,), (3,)), "cannot map axis 2"),
    (({"a": 0}, None), ((3,), (3,)), "does not fit the structure"),
])
def test_vmap_errors_name_the_axes(backend, in_axes, args, message):
    arrays = [backend.xp.ones(shape, dtype=backend.xp.float32) for shape in args]
    with pytest.raises(ValueError, match=message):
        xport.vmap(lambda a, b: a, in_axes=in_axes)(*arrays)


def test_vmap_refuses_axes_that_are_not_ints():
    with pytest.raises(TypeError, match="each entry is an int or None"):
        xport.vmap(lambda a: a, in_axes=(0.5,))


@pytest.mark.parametrize("name", _DIFFERENTIABLE)
@pytest.mark.parametrize("compiled", [False, True], ids=["eager", "jit"])
def test_per_example_gradients(name, compiled):
    xp = _namespace_or_skip(name)
    w, x, y = (xp.asarray(np.asarray(a, dtype=np.float32)) for a in (_W, _X, _Y))
    per_example = xport.vmap(grad(loss), in_axes=(None, 0, 0))
    if compiled:
        per_example = xport.jit(per_example)
    got = per_example(w, x, y)
    want = [to_numpy(grad(loss)(w, x[i:i + 1], y[i:i + 1])) for i in range(5)]
    _close(got, np.stack(want), rtol=1e-4)


def test_vmap_over_split_keys_draws_each_keys_numbers(backend):
    keys = xr.split(xr.key(3, xp=backend.xp), 4)

    def draw(key):
        return xr.uniform(key, (3,))

    got = xport.vmap(draw)(keys)
    want = np.stack([to_numpy(draw(keys[i])) for i in range(4)])
    _close(got, want, rtol=0)


def _namespace_or_skip(name):
    pytest.importorskip(name)
    return xport.namespace(name)


def _guards_of(torch, f):
    """The guards Dynamo checks before each call of compiled ``f``, as it prints them."""
    from torch._dynamo.eval_frame import _debug_get_cache_entry_list

    (entry,) = _debug_get_cache_entry_list(f.__code__)
    return str(entry.guard_manager)


def _in_python(printed):
    """The checks Dynamo makes in Python (two routes to one object), less the
    one on saved-tensor hooks every trace makes."""
    return [line for line in printed.splitlines()
            if "LAMBDA_GUARD" in line and "top_saved_tensors_hooks" not in line]


def test_jit_on_torch_drops_the_guards_on_xport_and_every_check_in_python():
    torch = pytest.importorskip("torch")
    if not hasattr(torch.compiler, "skip_guard_on_globals_unsafe"):
        pytest.skip("torch.compile filters guards from PyTorch 2.8")

    # Two copies of one function: Dynamo keeps its compiled entries per code object.
    def compiled(x):
        xp = xport.namespace_of(x)
        return xp.sum(xp.take(x, xp.asarray([0, -1]), axis=0), axis=0)

    def jitted(x):
        xp = xport.namespace_of(x)
        return xp.sum(xp.take(x, xp.asarray([0, -1]), axis=0), axis=0)

    def native(x):
        return torch.sum(torch.index_select(x, 0, torch.tensor([0, 2])), 0)

    x = torch.arange(6.0).reshape(3, 2)
    jitted(x)  # the eager call first: dispatch's tables as a program meets them
    _close(torch.compile(compiled, fullgraph=True)(x), [4.0, 6.0])
    _close(xport.jit(jitted)(x), [4.0, 6.0])
    _close(torch.compile(native, fullgraph=True)(x), [4.0, 6.0])
    plain, filtered = _guards_of(torch, compiled), _guards_of(torch, jitted)
    # Plain torch.compile: guards on xport's modules, and the dispatch table's
    # key checked in Python against torch.Tensor as asarray's module reaches it.
    assert "__import_xport" in plain
    assert any("_one_array_namespace_by_type" in line for line in _in_python(plain))
    assert "__import_xport" not in filtered
    # Through xport.jit, no more checks in Python than torch code written by hand.
    assert len(_in_python(filtered)) == len(_in_python(_guards_of(torch, native)))


def test_torch_compile_of_dispatch_on_tensors_makes_no_check_in_python():
    torch = pytest.importorskip("torch")
    if not hasattr(torch.compiler, "skip_guard_on_globals_unsafe"):
        pytest.skip("reads the guards as PyTorch 2.8 and later print them")

    def density(a, b):
        xp = xport.namespace_of(a, b)
        return xp.sum(xp.exp(a[:, None] - b[None, :]), axis=1)

    def scaled(a, b, c):
        xp = xport.namespace_of(a, b, c, 2.0)
        return xp.sum(a * b * c, axis=0)

    a, b, c = torch.tensor([0.0, 1.0]), torch.tensor([0.0, 1.0, 2.0]), torch.tensor([3.0, 4.0])
    density(a, b), scaled(a, c, c + 1)  # the eager calls first: dispatch's tables learn Tensor
    _close(torch.compile(density, fullgraph=True)(a, b), np.exp([[0.0, -1, -2], [1, 0, -1]]).sum(1))
    _close(torch.compile(scaled, fullgraph=True)(a, c, c + 1), [20.0])
    for f in (density, scaled):
        # Dynamo reaches the dispatch table's key, torch.Tensor, by no second
        # route (type(tensor) is one) that it would check in Python on every call.
        assert _in_python(_guards_of(torch, f)) == []


def test_jit_on_torch_does_not_recompile_when_dispatch_learns_a_type():
    torch = pytest.importorskip("torch")
    if not hasattr(torch.compiler, "skip_guard_on_globals_unsafe"):
        pytest.skip("torch.compile filters guards from PyTorch 2.8")
    from torch._dynamo.utils import counters

    def double(x):
        return xport.namespace_of(x).multiply(x, 2.0)

    jitted, x = xport.jit(double), torch.ones(3)
    _close(jitted(x), [2.0, 2.0, 2.0])
    graphs = counters["stats"]["unique_graphs"]
    for scalar_type in (np.float16, np.uint16, np.complex64):
        xport.namespace_of(scalar_type(1))  # new keys in dispatch's type caches
    _close(jitted(x), [2.0, 2.0, 2.0])
    assert counters["stats"]["unique_graphs"] == graphs

"""``xport.fluent``: every method is its namespace function, bit for bit, on
every backend; operators follow the standard; chains trace under every
compiler; the typed declarations are current and type checkers read them.

Expected values come from the namespace functions called nested (the code
users would write without fluent), never from the fluent layer itself.
"""

from __future__ import annotations

import inspect
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from conformance._backends import to_numpy

import xport
from xport import Fluent, fluent
from xport._fluent import table
from xport._spec.operators import BINARY_OPERATORS, REFLECTED_OPERATORS, UNARY_OPERATORS


def _same(got: object, expected: object) -> bool:
    g, e = np.asarray(to_numpy(got)), np.asarray(to_numpy(expected))
    return g.dtype == e.dtype and g.shape == e.shape and g.tobytes() == e.tobytes()


def test_api_declarations_are_current() -> None:
    # api.py is generated: `python -m xport._fluent` rewrites it
    assert table.API_PATH.read_text() == table.api_source(table.methods())


def test_every_standard_function_that_takes_an_array_first_is_a_method() -> None:
    from xport._checked.roles import PROTOCOLS, spec

    expected = set()
    for prefix, protocol in PROTOCOLS.items():
        for name, member in vars(protocol).items():
            s = spec(prefix + name) if inspect.isfunction(member) else None
            if s is not None and s.parameters and s.parameters[0].role in (
                    "array", "array or scalar"):
                expected.add(prefix + name)
    assert {m.qualified for m in table.methods()} == expected
    assert {"sum", "matmul", "astype", "where", "linalg.vector_norm", "fft.fft",
            "broadcast_arrays"} <= expected
    assert not {"asarray", "arange", "concat", "finfo"} & expected


def _arguments(name: str, xp: object, x: object) -> tuple[tuple[object, ...], dict[str, object]]:
    """Arguments after the array for the functions that need some."""
    extra: dict[str, tuple[tuple[object, ...], dict[str, object]]] = {
        "astype": ((xp.float64,), {}),  # type: ignore[attr-defined]
        "broadcast_to": (((2, 3),), {}),
        "full_like": ((2.5,), {}),
        "reshape": (((6,),), {}),
        "permute_dims": (((1, 0),), {}),
        "expand_dims": ((), {"axis": 0}),
        "moveaxis": ((0, 1), {}),
        "repeat": ((2,), {}),
        "roll": ((1,), {}),
        "tile": (((2, 1),), {}),
        "take": ((xp.asarray([1, 0]),), {"axis": 1}),  # type: ignore[attr-defined]
        "take_along_axis": ((xp.asarray([[1, 0, 2], [0, 0, 1]]),), {"axis": 1}),  # type: ignore[attr-defined]
        "where": ((x, 0.5), {}),
        "clip": ((0.5, 2.0), {}),
        "tensordot": ((x,), {"axes": ((0, 1), (0, 1))}),
        "vecdot": ((x,), {}),
        "matmul": ((xp.permute_dims(x, (1, 0)),), {}),  # type: ignore[attr-defined]
    }
    return extra.get(name, ((), {}))


def test_methods_are_the_namespace_functions_bit_for_bit(backend) -> None:
    xp = backend.xp
    x = backend.from_numpy(np.array([[0.5, 1.25, 2.0], [3.0, 0.75, 1.5]], np.float32))
    other = backend.from_numpy(np.array([[1.0, 2.0, 0.5], [0.25, 1.5, 3.0]], np.float32))
    tried = compared = 0
    for method in table.methods():
        if method.view != "FluentMethods" or method.name in ("searchsorted",):
            continue
        function = getattr(xp, method.name, None)
        if function is None:
            continue
        binary = any(p.default is inspect.Parameter.empty and p.kind is not p.VAR_POSITIONAL
                     for p in method.signature.parameters.values())
        args, kwargs = _arguments(method.name, xp, x)
        if binary and not args and not kwargs:
            args = (other,)
        tried += 1
        try:
            expected = function(x, *args, **kwargs)
        except Exception as error:  # the method must fail alike
            with pytest.raises(type(error)):
                getattr(fluent(x), method.name)(*args, **kwargs)
            continue
        got = getattr(fluent(x), method.name)(*args, **kwargs)
        if isinstance(expected, tuple):
            assert type(got) is type(expected) or isinstance(got, tuple)
            assert all(isinstance(g, Fluent) for g in got)
            assert all(_same(g.raw, e) for g, e in zip(got, expected, strict=True)), method.name
        elif method.name == "empty_like":  # uninitialised values
            assert isinstance(got, Fluent) and got.dtype == expected.dtype
        elif hasattr(expected, "shape") or hasattr(expected, "dtype"):
            assert isinstance(got, Fluent), method.name
            assert _same(got.raw, expected), method.name
        else:
            assert got == expected, method.name
        compared += 1
    assert compared > 100 and tried - compared < 15


def test_linalg_and_fft_methods(backend) -> None:
    xp = backend.xp
    a = backend.from_numpy(np.array([[2.0, 1.0], [1.0, 3.0]], np.float64))
    f = fluent(a)
    assert _same(f.linalg.vector_norm().raw, xp.linalg.vector_norm(a))
    assert _same(f.linalg.inv().raw, xp.linalg.inv(a))
    assert _same(f.linalg.matmul(a).raw, xp.linalg.matmul(a, a))
    assert _same(f.linalg.eigh().eigenvalues.raw, xp.linalg.eigh(a).eigenvalues)
    if hasattr(xp, "fft"):
        assert _same(f.fft.rfft().raw, xp.fft.rfft(a))


@pytest.mark.parametrize("dunder", sorted({**BINARY_OPERATORS, **REFLECTED_OPERATORS}))
def test_operators_are_the_standards_functions(backend, dunder: str) -> None:
    xp = backend.xp
    name = {**BINARY_OPERATORS, **REFLECTED_OPERATORS}[dunder]
    function = getattr(xp, name)
    ints = name.startswith("bitwise_")
    if ints:
        x = backend.from_numpy(np.array([[1, 6], [3, 12]], np.int32))
        y, scalar = backend.from_numpy(np.array([[2, 3], [1, 2]], np.int32)), 2
    else:
        x = backend.from_numpy(np.array([[1.5, -2.0], [0.0, 4.0]], np.float32))
        y, scalar = backend.from_numpy(np.array([[2.0, 3.0], [-1.0, 0.5]], np.float32)), 2.5
    reflected = dunder in REFLECTED_OPERATORS
    # Python calls a reflected operator only when the left operand is not fluent
    operands = (y, scalar) if reflected else (y, scalar, fluent(y))
    if name == "matmul":  # takes no Python scalars
        operands = tuple(o for o in operands if o is not scalar)
    for operand in operands:
        raw = operand.raw if isinstance(operand, Fluent) else operand
        expected = function(raw, x) if reflected else function(x, raw)
        got = getattr(fluent(x), dunder)(operand)
        assert isinstance(got, Fluent) and _same(got.raw, expected)


def test_operators_with_native_operands_on_either_side(backend) -> None:
    if backend.name == "mxnet":
        pytest.xfail("MXNet's ndarray operators raise TypeError for a fluent operand instead "
                     "of returning NotImplemented, so Python never asks the fluent array")
    xp = backend.xp
    x = backend.from_numpy(np.array([1.5, -2.0, 0.0, 4.0], np.float32))
    y = backend.from_numpy(np.array([2.0, 3.0, -1.0, 0.5], np.float32))
    f = fluent(x)
    cases = [(y + f, xp.add(y, x)), (f + y, xp.add(x, y)), (y // f, xp.floor_divide(y, x)),
             (y % f, xp.remainder(y, x)), (f < y, xp.less(x, y)), (2 ** f, xp.pow(2, x)),
             (-f, xp.negative(x)), (abs(f), xp.abs(x)), (+f, xp.positive(x))]
    for got, expected in cases:
        assert isinstance(got, Fluent) and _same(got.raw, expected)
    assert set(UNARY_OPERATORS) == {"__neg__", "__pos__", "__abs__", "__invert__"}
    assert _same((~fluent(backend.from_numpy(np.array([5], np.int8)))).raw,
                 xp.bitwise_invert(backend.from_numpy(np.array([5], np.int8))))


def test_tensorflow_comparison_with_a_native_left_operand_says_what_to_write() -> None:
    tf = pytest.importorskip("tensorflow")
    t = tf.constant([1.0, 2.0])
    with pytest.raises((TypeError, ValueError), match="right operand"):
        _ = t < fluent(t)
    assert _same((fluent(t) > t).raw, tf.greater(t, t))


def test_indexing_takes_the_standards_indices(backend) -> None:
    xp = backend.xp
    a = np.arange(12, dtype=np.float32).reshape(3, 4)
    x, f = backend.from_numpy(a), fluent(backend.from_numpy(a))
    assert _same(f[1].raw, a[1])
    assert _same(f[1:, ::2].raw, a[1:, ::2])
    assert _same(f[..., -1].raw, a[..., -1])
    assert _same(f[xp.asarray([2, 0])].raw, a[[2, 0]])
    assert _same(f[fluent(xp.asarray([2, 0])), 1].raw, a[[2, 0], 1])
    if backend.name != "dask":  # boolean masks have data-dependent shapes
        assert _same(f[x > 5].raw, a[a > 5])


def test_at_updates_functionally_and_chains_never_mutate(backend) -> None:
    xp = backend.xp
    a = np.array([1.0, 2.0, 3.0, 4.0], np.float32)
    x = backend.from_numpy(a)
    got = fluent(x).at[xp.asarray([0, 0, 2])].add(1.0)
    assert isinstance(got, Fluent)
    assert _same(got.raw, xport.at(x)[xp.asarray([0, 0, 2])].add(1.0))
    assert _same(fluent(x).at[1].set(9.0).raw, xport.at(x)[1].set(9.0))
    assert _same(fluent(x).at[1:].get().raw, a[1:])
    fluent(x).square().at[0].multiply(3.0)
    assert _same(x, a)


def test_properties_conversions_and_unwrapping(backend) -> None:
    xp = backend.xp
    x = backend.from_numpy(np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], np.float32))
    f = fluent(x)
    assert f.raw is x and f.unwrap() is x and fluent(f) is f
    assert f.dtype == xp.float32 and f.ndim == 2 and tuple(f.shape) == (2, 3)
    assert f.size == 6 and f.device == xport.device(x)
    assert _same(f.T.raw, xp.permute_dims(x, (1, 0)))
    assert _same(f.mT.raw, xp.matrix_transpose(x))
    one = fluent(xp.sum(x))
    assert float(one) == 21.0 and int(one) == 21 and bool(one) and complex(one) == 21
    assert repr(f).startswith("fluent(")
    with pytest.raises(TypeError, match="unhashable"):
        hash(f)
    with pytest.raises(ValueError, match="2-d"):
        _ = fluent(xp.sum(x, axis=0)).T


def test_fluent_of_something_else_names_it() -> None:
    with pytest.raises(TypeError, match="list"):
        fluent([1, 2, 3])


def test_a_missing_function_says_so() -> None:
    class Partial(Fluent):  # a backend namespace without sum
        __slots__ = ()

    p = Partial()
    p.raw = np.ones(3)
    with pytest.raises(AttributeError, match="has no sum"):
        Fluent.sum(p)


def _chain(x: object) -> object:
    f = fluent(x)
    return ((f * 2.0 + 1.0).square().sum(axis=-1).sqrt() / f.shape[0]).at[0].add(1.0).raw


def test_chains_trace_under_torch_compile_without_graph_breaks() -> None:
    torch = pytest.importorskip("torch")
    x = torch.arange(6.0).reshape(2, 3)
    torch._dynamo.reset()
    explained = torch._dynamo.explain(_chain)(x)
    assert explained.graph_break_count == 0, explained.break_reasons
    assert torch.equal(torch.compile(_chain, fullgraph=True)(x), _chain(x))


def test_chains_trace_under_jax_and_tensorflow() -> None:
    jax = pytest.importorskip("jax")
    jnp = jax.numpy
    x = jnp.arange(6.0).reshape(2, 3)
    assert _same(jax.jit(_chain)(x), _chain(x))
    grad = jax.grad(lambda v: fluent(v).square().sum().raw)(jnp.arange(3.0))
    assert _same(grad, jnp.asarray([0.0, 2.0, 4.0]))
    returned = jax.jit(lambda v: fluent(v).exp())(jnp.arange(3.0))  # a pytree
    assert isinstance(returned, Fluent) and _same(returned.raw, jnp.exp(jnp.arange(3.0)))
    tf = pytest.importorskip("tensorflow")
    t = tf.reshape(tf.range(6.0), (2, 3))
    assert _same(tf.function(_chain)(t), _chain(t))


@pytest.mark.parametrize("name", ["torch", "jax", "tensorflow"])
def test_chains_differentiate_with_xport_autodiff(name: str) -> None:
    pytest.importorskip(name)
    xp = xport.namespace(name)
    x = xp.asarray([1.0, 2.0, 3.0])
    grad = xport.autodiff.grad(lambda v: fluent(v).square().sum().raw)(x)
    assert _same(grad, xp.multiply(x, 2.0))


TYPED_USER_CODE = """
import xport

class MyArray:
    dtype: object

def chain(x: MyArray) -> MyArray:
    y = xport.fluent(x).square().sum(axis=-1).sqrt()
    reveal_type(y)
    reveal_type((y + 1.0) @ y)
    reveal_type(xport.fluent(x).linalg.vector_norm().raw)
    reveal_type(xport.fluent(x).broadcast_arrays(x))
    return y.raw
"""


def test_type_checkers_infer_through_a_chain(tmp_path: Path) -> None:
    pytest.importorskip("mypy")
    code = tmp_path / "user.py"
    code.write_text(TYPED_USER_CODE)
    src = Path(xport.__file__).resolve().parents[1]
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--config-file", "",
         "--cache-dir", str(tmp_path / ".mypy_cache"), "--follow-imports", "silent", str(code)],
        capture_output=True, text=True, check=False, cwd=tmp_path,
        env={**os.environ, "MYPYPATH": str(src)})
    revealed = [line.split("Revealed type is ")[1].replace("builtins.", "")
                for line in run.stdout.splitlines() if "Revealed type is" in line]
    assert revealed == ['"xport._fluent.core.Fluent[user.MyArray]"'] * 2 + [
        '"user.MyArray"', '"tuple[xport._fluent.core.Fluent[user.MyArray], ...]"'], \
        run.stdout
    assert "error" not in run.stdout.replace("Revealed", ""), run.stdout
    code.write_text(TYPED_USER_CODE.replace(".sum(axis=-1)", ".sum(dim=-1)"))
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--config-file", "",
         "--cache-dir", str(tmp_path / ".mypy_cache"), "--follow-imports", "silent", str(code)],
        capture_output=True, text=True, check=False, cwd=tmp_path,
        env={**os.environ, "MYPYPATH": str(src)})
    assert 'Unexpected keyword argument "dim"' in run.stdout, run.stdout

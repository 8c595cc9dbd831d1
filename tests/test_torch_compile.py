"""torch.compile(fullgraph=True) traces xport's front doors with no graph break:
dispatch, namespace functions, xport.at / scatter / random / autodiff, fluent
arrays, array-api-compat's helpers (each once called eagerly first; a fresh
interpreter's first sighting of a tensor inside the compiled function has a
test of its own). CI
runs this on the torch it installs; ``nox -s torch_versions`` on the oldest
torch pyproject allows and on 2.11 (#20).
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

torch = pytest.importorskip("torch")

import xport  # noqa: E402
import xport.random as xr  # noqa: E402
from xport import fluent  # noqa: E402

X = torch.arange(6.0).reshape(2, 3)
I = torch.tensor([0, 2])  # noqa: E741


def _namespace_of(x):
    xp = xport.namespace_of(x)
    return xp.sum(xp.square(x), axis=-1)


def _namespace_of_two(x):
    xp = xport.namespace_of(x, x)
    return xp.add(x, x)


def _namespace_functions(x):
    xp = xport.torch
    y = xp.clip(x, 1.0, 3.0) + xp.floor_divide(x, 2.0) + xp.remainder(x, 2.0)
    return xp.concat([y, xp.take(y, I, axis=1)], axis=1).mean() + xp.linalg.vector_norm(x)


def _at(x):
    return xport.at(x)[:, I].add(1.0) + xport.at(x, (0, I)).set(5.0)


def _scatter(x):
    return xport.scatter.segment_sum(x[0], torch.tensor([0, 0, 1]), 2)


def _random(x):
    k1, k2 = xr.split(xr.key(0, xp=xport.namespace_of(x)))
    return xr.uniform(k1, (3,)) + xr.normal(k2, (3,)) + x[0]


def _autodiff(x):
    return xport.autodiff.grad(lambda v: (v * v).sum())(x)


def _fluent(x):
    f = fluent(x)
    return ((f * 2.0 + 1.0).square().sum(axis=-1).sqrt() / f.shape[0]).at[0].add(1.0).raw


def _fluent_views(x):
    return fluent(x).linalg.vector_norm(axis=-1).raw + fluent(x)[:, 0].raw


def _compat_helpers(x):
    xp = xport.array_namespace(x)
    return xp.sum(x) + xport.size(x)


def _inspection(x):
    info = xport.namespace_of(x).__array_namespace_info__()
    index = info.default_dtypes()["indexing"]
    wide = len(info.dtypes(kind="integral")) + info.capabilities()["max dimensions"]
    return xport.torch.astype(x, index) + wide


CASES = [_namespace_of, _namespace_of_two, _namespace_functions, _at, _scatter, _random,
         _autodiff, _fluent, _fluent_views, _compat_helpers, _inspection]


@pytest.mark.parametrize("function", CASES, ids=[f.__name__.strip("_") for f in CASES])
def test_compiles_with_no_graph_break(function) -> None:
    expected = function(X)
    torch._dynamo.reset()
    explained = torch._dynamo.explain(function)(X)
    assert explained.graph_break_count == 0, explained.break_reasons
    torch._dynamo.reset()
    got = torch.compile(function, fullgraph=True, backend="eager")(X)
    assert torch.equal(got, expected)


FIRST_SIGHTING = """
import torch, xport
import xport.random as xr
def f(x):
    f = xport.fluent(x)
    # Python scalars and None beside the tensor, first or not, change nothing.
    assert xport.namespace_of(1.0, x, None) is xport.namespace_of(x, 2, x)
    k = xr.key(0, xp=xport.namespace_of(x))
    moved = xport.to_device(x, xport.device(x)) * xport.size(x)
    return (f.square().sum().raw + xport.at(x)[0].add(1.0).sum() + xr.uniform(k, (3,))
            + moved.sum())
x = torch.arange(6.0).reshape(2, 3)
out = torch.compile(f, fullgraph=True, backend="eager")(x)
assert torch.equal(out, f(x)), (out, f(x))
assert xport.namespace_of(x, 1.0) is xport.namespace("torch")
print("ok")
"""


def test_first_sighting_inside_a_compiled_function() -> None:
    # A fresh interpreter: the namespace, the dispatch caches and the fluent
    # class are all made while torch.compile traces.
    run = subprocess.run([sys.executable, "-c", textwrap.dedent(FIRST_SIGHTING)],
                         capture_output=True, text=True, check=False, timeout=600)
    assert run.returncode == 0 and run.stdout.strip().endswith("ok"), run.stderr[-3000:]


@pytest.mark.parametrize("library", ["numpy", "tensorflow"])
def test_segment_sum_compiles_after_another_librarys_ids(library) -> None:
    # Dtypes of other libraries met as segment ids before (TensorFlow's, whose
    # hash Dynamo cannot trace) stay out of what the compiled call reads.
    pytest.importorskip(library)
    from xport.scatter import segment_sum

    other = xport.namespace(library)
    segment_sum(other.ones((3, 2)), other.asarray([0, 1, 0]), 2)

    def summed(x, ids):
        return segment_sum(x, ids, 2)

    x, ids = torch.ones(3, 2), torch.tensor([0, 1, 0])
    torch._dynamo.reset()
    explained = torch._dynamo.explain(summed)(x, ids)
    assert explained.graph_break_count == 0, explained.break_reasons
    torch._dynamo.reset()
    got = torch.compile(summed, fullgraph=True, backend="eager")(x, ids)
    assert torch.equal(got, torch.tensor([[2.0, 2.0], [1.0, 1.0]]))


def _unsigned(u, i):
    xp = xport.torch
    return (xp.concat([u, i], axis=0), xp.clip(u, 1, 5), xp.max(u, axis=0), xp.argmax(u),
            xp.count_nonzero(u), xp.add(u, u), xp.take(u, torch.tensor([3, -1, 0])))


@pytest.mark.parametrize("dtype", ["uint16", "uint32", "uint64"])
def test_unsigned_routes_compile_to_the_eager_result(dtype) -> None:
    # The uint routes test dtypes, which the trace reads: calling PyTorch's
    # own first and catching its refusal would trace no refusal (fake tensors
    # have no kernels to lack) and give another dtype, or fail when run.
    u = torch.tensor([7, 2**15 + 3, 0, 4], dtype=getattr(torch, dtype))
    i = torch.tensor([255, 9], dtype=torch.uint8)  # promotes to u's dtype
    expected = _unsigned(u, i)
    torch._dynamo.reset()
    got = torch.compile(_unsigned, fullgraph=True, backend="eager")(u, i)
    for g, e in zip(got, expected, strict=True):
        assert g.dtype == e.dtype and torch.equal(g, e), (g, e)

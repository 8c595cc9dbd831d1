"""xport.at and xport.autodiff inside torch.compile(fullgraph=True) and torch.func."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

torch = pytest.importorskip("torch")

import xport  # noqa: E402
import xport.autodiff as ad  # noqa: E402


def scatter_loss(x):
    xp = xport.namespace_of(x)
    y = xport.at(x, xp.asarray([0, 0, 2])).add(xp.sin(x[:3]))
    y = xport.at(y)[1:].multiply(2.0)
    return xp.sum(y * y)


def test_at_compiles_without_graph_breaks():
    x = torch.linspace(-1.0, 1.0, 5, dtype=torch.float64)
    compiled = torch.compile(scatter_loss, fullgraph=True, backend="eager")
    torch.testing.assert_close(compiled(x), scatter_loss(x))


def test_at_under_vmap_and_grad():
    xs = torch.stack([torch.linspace(-1.0, 1.0, 5, dtype=torch.float64)] * 3) * torch.arange(
        1.0, 4.0, dtype=torch.float64)[:, None]
    batched = torch.func.vmap(scatter_loss)(xs)
    for row, value in zip(xs, batched, strict=True):
        torch.testing.assert_close(value, scatter_loss(row))
    g = torch.func.grad(scatter_loss)(xs[0])
    eps = 1e-6
    fd = np.array([(float(scatter_loss(xs[0] + eps * e)) - float(scatter_loss(xs[0] - eps * e)))
                   / (2 * eps) for e in torch.eye(5, dtype=torch.float64)])
    np.testing.assert_allclose(g.numpy(), fd, rtol=1e-6, atol=1e-8)


def test_negative_indices_and_stray_segment_ids_compile_without_graph_breaks():
    # Eagerly on CPU the range checks read one value on the host; compiled (and
    # under torch.func) they must stay elementwise passes with no graph break.
    def f(x, idx, ids):
        return xport.at(x, idx).add(1.0), xport.scatter.segment_sum(x, ids, 3)

    x = torch.arange(5.0)
    idx = torch.tensor([-1, 0, -1, 4])
    ids = torch.tensor([0, -1, 2, 3, 2])
    want = (torch.tensor([1.0, 1.0, 2.0, 3.0, 7.0]), torch.tensor([0.0, 0.0, 6.0]))
    for fn in (f, torch.compile(f, fullgraph=True, backend="eager")):
        for got, expected in zip(fn(x, idx, ids), want, strict=True):
            torch.testing.assert_close(got, expected)


class _SegmentAndTake(torch.nn.Module):
    def forward(self, x, ids):
        rows = xport.namespace_of(x).take(x[:, None], ids, axis=0)
        return xport.scatter.segment_sum(x, ids, 3), rows


@pytest.mark.parametrize("route", ["compile", "export", "strict export"])
def test_graphs_traced_with_ids_in_range_still_count_stray_ones(route):
    # The eager routes try the kernel on the ids as given; a graph traced from
    # ids in range must not keep that route (which a stray id then breaks).
    x = torch.arange(5.0)
    module = _SegmentAndTake()
    module(x, torch.zeros(5, dtype=torch.int64))  # xport.torch imported before tracing
    in_range, stray = torch.tensor([0, 1, 2, 2, 0]), torch.tensor([0, -1, 2, 3, 2])
    if route == "compile":
        traced = torch.compile(module, fullgraph=True, backend="eager")
        traced(x, in_range)
    else:
        traced = torch.export.export(module, (x, in_range),
                                     strict=route == "strict export").module()
    sums, rows = traced(x, stray)
    torch.testing.assert_close(sums, torch.tensor([0.0, 0.0, 6.0]))
    torch.testing.assert_close(rows[:, 0], torch.tensor([0.0, 4.0, 2.0, 3.0, 2.0]))


def test_a_jit_trace_made_with_ids_in_range_raises_for_stray_ones():
    # Eagerly the segment reductions try the kernel on the ids as given, and
    # torch.jit.trace records that route: other ids in range replay right, a
    # stray one raises (never a silently wrong sum).
    x = torch.arange(5.0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the tracer's own deprecation and constant notices
        traced = torch.jit.trace(lambda x, ids: xport.scatter.segment_sum(x, ids, 3),
                                 (x, torch.tensor([0, 1, 2, 2, 0])))
    torch.testing.assert_close(traced(x, torch.tensor([2, 2, 1, 0, 0])),
                               torch.tensor([7.0, 2.0, 1.0]))
    with pytest.raises(RuntimeError, match="out of range"):
        traced(x, torch.tensor([0, -1, 2, 3, 2]))


def test_batched_indices_under_vmap():
    x = torch.arange(4.0)
    idxs = torch.tensor([[0, -1], [1, 1], [-4, 3]])
    got = torch.func.vmap(lambda i: xport.at(x, i).add(10.0))(idxs)
    want = torch.stack([xport.at(x, i).add(10.0) for i in idxs])
    torch.testing.assert_close(got, want)
    ids = torch.tensor([[0, 5], [1, -1], [1, 1]])
    got = torch.func.vmap(lambda i: xport.scatter.segment_sum(x[:2], i, 2))(ids)
    torch.testing.assert_close(got, torch.tensor([[0.0, 0.0], [0.0, 0.0], [0.0, 1.0]]))


def test_grad_compiles_without_graph_breaks():
    def loss(x):
        xp = xport.namespace_of(x)
        return xp.sum(xp.exp(x) * x)

    x = torch.linspace(0.0, 1.0, 4, dtype=torch.float64)
    compiled = torch.compile(ad.grad(loss), fullgraph=True, backend="eager")
    torch.testing.assert_close(compiled(x), torch.exp(x) * (1 + x))


def test_custom_vjp_under_torch_func_vmap():
    @ad.custom_vjp
    def square(x):
        return x * x

    square.defvjp(lambda x: (x * x, x), lambda x, ct: (ct * 100.0 * x,))
    xs = torch.arange(1.0, 4.0, dtype=torch.float64)
    per_example = torch.func.vmap(torch.func.grad(square))(xs)
    torch.testing.assert_close(per_example, 100.0 * xs)

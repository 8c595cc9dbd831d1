"""Every function of the standard on PyTorch's ``uint16``, ``uint32`` and
``uint64``, bit for bit against NumPy, which has kernels for all three.

PyTorch lacks most kernels for these dtypes; ``xport.torch`` computes them
through signed carriers (``xport.torch._unsigned``). The inputs include the
values where the carriers could go wrong: the top bit set, the maximum, shift
amounts and exponents at and beyond the width.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

torch = pytest.importorskip("torch")
import xport.numpy as xnp  # noqa: E402
import xport.torch as xtorch  # noqa: E402

DTYPES = ("uint16", "uint32", "uint64")


def _values(dtype: str) -> np.ndarray:
    top = np.iinfo(dtype).max
    half = top // 2
    rng = np.random.default_rng(7)
    drawn = rng.integers(0, top, size=8, dtype=dtype, endpoint=True)
    edges = np.array([0, 1, 2, 3, 7, half, half + 1, top - 1, top, 5, half - 3, 1000],
                     dtype=dtype)
    return np.concatenate([edges, drawn])


def _operands(dtype: str) -> dict[str, np.ndarray]:
    a = _values(dtype)
    b = np.roll(a, 5)
    bits = np.iinfo(dtype).bits
    return {
        "a": a,
        "b": b,
        "nonzero_b": np.where(b == 0, np.array(3, dtype=dtype), b),
        "shift": np.array([0, 1, bits - 1, bits, bits + 1, 2 * bits, 3, 5, 7, 9, 11, 13,
                           np.iinfo(dtype).max, np.iinfo(dtype).max // 2 + 1, 2, 4, 6, 8,
                           10, 12], dtype=dtype),
        "m": a[:12].reshape(3, 4),
        "v3": a[:6].reshape(2, 3),
        "w3": b[:6].reshape(2, 3),
        "index": np.array([3, 0, 19, 8, 8, 1], dtype=np.int64),
        "index2": np.array([[3, 0], [1, 1], [2, 0]], dtype=np.int64),
        "mask": (a % 3 == 0),
    }


Case = Callable[[Any, dict[str, Any], str], Any]

CASES: dict[str, Case] = {
    # elementwise, unary
    "abs": lambda xp, o, d: xp.abs(o["a"]),
    "bitwise_invert": lambda xp, o, d: xp.bitwise_invert(o["a"]),
    "negative": lambda xp, o, d: xp.negative(o["a"]),
    "positive": lambda xp, o, d: xp.positive(o["a"]),
    "sign": lambda xp, o, d: xp.sign(o["a"]),
    "square": lambda xp, o, d: xp.square(o["a"]),
    "ceil": lambda xp, o, d: xp.ceil(o["a"]),
    "floor": lambda xp, o, d: xp.floor(o["a"]),
    "round": lambda xp, o, d: xp.round(o["a"]),
    "trunc": lambda xp, o, d: xp.trunc(o["a"]),
    "isfinite": lambda xp, o, d: xp.isfinite(o["a"]),
    "isnan": lambda xp, o, d: xp.isnan(o["a"]),
    # elementwise, binary
    "add": lambda xp, o, d: xp.add(o["a"], o["b"]),
    "subtract": lambda xp, o, d: xp.subtract(o["a"], o["b"]),
    "multiply": lambda xp, o, d: xp.multiply(o["a"], o["b"]),
    "floor_divide": lambda xp, o, d: xp.floor_divide(o["a"], o["nonzero_b"]),
    "remainder": lambda xp, o, d: xp.remainder(o["a"], o["nonzero_b"]),
    "pow": lambda xp, o, d: xp.pow(o["a"], o["shift"]),
    "pow large exponents": lambda xp, o, d: xp.pow(o["a"], o["b"]),
    "maximum": lambda xp, o, d: xp.maximum(o["a"], o["b"]),
    "minimum": lambda xp, o, d: xp.minimum(o["a"], o["b"]),
    "equal": lambda xp, o, d: xp.equal(o["a"], o["b"]),
    "not_equal": lambda xp, o, d: xp.not_equal(o["a"], o["b"]),
    "less": lambda xp, o, d: xp.less(o["a"], o["b"]),
    "less_equal": lambda xp, o, d: xp.less_equal(o["a"], o["b"]),
    "greater": lambda xp, o, d: xp.greater(o["a"], o["b"]),
    "greater_equal": lambda xp, o, d: xp.greater_equal(o["a"], o["b"]),
    "bitwise_and": lambda xp, o, d: xp.bitwise_and(o["a"], o["b"]),
    "bitwise_or": lambda xp, o, d: xp.bitwise_or(o["a"], o["b"]),
    "bitwise_xor": lambda xp, o, d: xp.bitwise_xor(o["a"], o["b"]),
    "bitwise_left_shift": lambda xp, o, d: xp.bitwise_left_shift(o["a"], o["shift"]),
    "bitwise_right_shift": lambda xp, o, d: xp.bitwise_right_shift(o["a"], o["shift"]),
    # Python scalars on either side, the largest value included
    "add scalar": lambda xp, o, d: xp.add(o["a"], int(np.iinfo(d).max)),
    "subtract scalar first": lambda xp, o, d: xp.subtract(5, o["a"]),
    "less scalar": lambda xp, o, d: xp.less(o["a"], int(np.iinfo(d).max // 2 + 1)),
    "greater_equal scalar first": lambda xp, o, d: xp.greater_equal(
        int(np.iinfo(d).max // 2), o["a"]),
    "maximum scalar": lambda xp, o, d: xp.maximum(o["a"], int(np.iinfo(d).max // 2)),
    "floor_divide scalar": lambda xp, o, d: xp.floor_divide(o["a"], int(np.iinfo(d).max - 2)),
    "remainder scalar first": lambda xp, o, d: xp.remainder(int(np.iinfo(d).max), o["nonzero_b"]),
    "pow scalar": lambda xp, o, d: xp.pow(o["a"], int(np.iinfo(d).max)),
    "right_shift scalar": lambda xp, o, d: xp.bitwise_right_shift(o["a"], 3),
    "clip": lambda xp, o, d: xp.clip(o["a"], 3, int(np.iinfo(d).max // 2 + 1)),
    "clip arrays": lambda xp, o, d: xp.clip(o["a"], min=o["b"]),
    "clip max only": lambda xp, o, d: xp.clip(o["a"], max=int(np.iinfo(d).max - 1)),
    # promotion between unsigned dtypes
    "add uint8": lambda xp, o, d: xp.add(o["a"], xp.astype(o["b"], xp.uint8)),
    "less uint8": lambda xp, o, d: xp.less(xp.astype(o["b"], xp.uint8), o["a"]),
    # reductions and statistics
    "sum": lambda xp, o, d: xp.sum(o["a"]),
    "prod": lambda xp, o, d: xp.prod(o["m"], axis=1),
    "max": lambda xp, o, d: xp.max(o["m"], axis=0),
    "min": lambda xp, o, d: xp.min(o["a"]),
    "argmax": lambda xp, o, d: xp.argmax(o["m"], axis=1),
    "argmin": lambda xp, o, d: xp.argmin(o["a"]),
    "cumulative_sum": lambda xp, o, d: xp.cumulative_sum(o["a"]),
    "cumulative_prod": lambda xp, o, d: xp.cumulative_prod(o["m"], axis=1),
    "count_nonzero": lambda xp, o, d: xp.count_nonzero(o["m"], axis=0),
    "all": lambda xp, o, d: xp.all(o["a"]),
    "any": lambda xp, o, d: xp.any(o["m"], axis=1),
    "diff": lambda xp, o, d: xp.diff(o["a"]),
    "diff prepend": lambda xp, o, d: xp.diff(o["m"], axis=1, prepend=o["m"][:, :1]),
    # searching, sorting, sets
    "sort": lambda xp, o, d: xp.sort(o["a"], descending=True),
    "argsort": lambda xp, o, d: xp.argsort(o["a"], stable=True),
    "searchsorted": lambda xp, o, d: xp.searchsorted(xp.sort(o["a"]), o["b"], side="right"),
    "nonzero": lambda xp, o, d: xp.nonzero(o["m"]),
    "where": lambda xp, o, d: xp.where(o["mask"], o["a"], o["b"]),
    "unique_values": lambda xp, o, d: xp.unique_values(xp.concat([o["a"], o["b"]])),
    "unique_counts": lambda xp, o, d: xp.unique_counts(xp.concat([o["a"], o["a"]])),
    "unique_inverse": lambda xp, o, d: xp.unique_inverse(o["m"]),
    "isin": lambda xp, o, d: xp.isin(o["a"], o["b"][:7]),
    "isin scalar": lambda xp, o, d: xp.isin(o["a"], int(np.iinfo(d).max)),
    "isin uint8 first": lambda xp, o, d: xp.isin(xp.astype(o["a"], xp.uint8), o["b"]),
    # manipulation and indexing
    "flip": lambda xp, o, d: xp.flip(o["m"], axis=1),
    "roll": lambda xp, o, d: xp.roll(o["a"], 3),
    "concat": lambda xp, o, d: xp.concat([o["m"], o["m"]], axis=1),
    "stack": lambda xp, o, d: xp.stack([o["a"], o["b"]]),
    "repeat": lambda xp, o, d: xp.repeat(o["a"], 2),
    "repeat arrays": lambda xp, o, d: xp.repeat(o["m"], xp.asarray([1, 0, 2]), axis=0),
    "tile": lambda xp, o, d: xp.tile(o["m"], (2, 1)),
    "take": lambda xp, o, d: xp.take(o["a"], o["index"]),
    "take_along_axis": lambda xp, o, d: xp.take_along_axis(o["m"], o["index2"], axis=1),
    "tril": lambda xp, o, d: xp.tril(o["m"], k=1),
    "triu": lambda xp, o, d: xp.triu(o["m"]),
    "moveaxis": lambda xp, o, d: xp.moveaxis(o["m"], 0, 1),
    "broadcast_to": lambda xp, o, d: xp.broadcast_to(o["a"][:4], (2, 4)),
    "reshape": lambda xp, o, d: xp.reshape(o["a"], (4, 5)),
    "unstack": lambda xp, o, d: xp.unstack(o["m"]),
    # products and linalg
    "matmul": lambda xp, o, d: xp.matmul(o["m"], xp.matrix_transpose(o["m"])),
    "tensordot": lambda xp, o, d: xp.tensordot(o["m"], o["m"], axes=([1], [1])),
    "vecdot": lambda xp, o, d: xp.vecdot(o["m"], o["m"]),
    "linalg.cross": lambda xp, o, d: xp.linalg.cross(o["v3"], o["w3"]),
    "linalg.outer": lambda xp, o, d: xp.linalg.outer(o["a"][:3], o["b"][:4]),
    "linalg.trace": lambda xp, o, d: xp.linalg.trace(o["m"]),
    "linalg.diagonal": lambda xp, o, d: xp.linalg.diagonal(o["m"], offset=1),
    # creation
    "eye": lambda xp, o, d: xp.eye(3, 4, k=1, dtype=getattr(xp, d)),
    "arange": lambda xp, o, d: xp.arange(2, 11, 3, dtype=getattr(xp, d)),
    "full": lambda xp, o, d: xp.full((2,), int(np.iinfo(d).max), dtype=getattr(xp, d)),
    "asarray": lambda xp, o, d: xp.asarray([int(np.iinfo(d).max), 0, 1], dtype=getattr(xp, d)),
    "asarray of 0-d arrays": lambda xp, o, d: xp.asarray([[o["m"][i, j] for i in range(3)]
                                                          for j in range(4)]),
    "zeros_like": lambda xp, o, d: xp.zeros_like(o["a"]),
    "full_like": lambda xp, o, d: xp.full_like(o["a"], int(np.iinfo(d).max)),
    "astype": lambda xp, o, d: xp.astype(o["a"], xp.uint8),
}


def _to_numpy(result: Any) -> Any:
    if isinstance(result, tuple):
        return tuple(_to_numpy(r) for r in result)
    if isinstance(result, torch.Tensor):
        return result.numpy()
    return np.asarray(result)


def _assert_same(got: Any, expected: Any) -> None:
    if isinstance(expected, tuple):
        assert isinstance(got, tuple) and len(got) == len(expected)
        for g, e in zip(got, expected, strict=True):
            _assert_same(g, e)
        return
    assert got.dtype == expected.dtype, (got.dtype, expected.dtype)
    np.testing.assert_array_equal(got, expected, strict=True)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("case", sorted(CASES))
def test_unsigned_matches_numpy(case: str, dtype: str) -> None:
    operands = _operands(dtype)
    expected = _to_numpy(CASES[case](xnp, operands, dtype))
    tensors = {k: torch.from_numpy(v.copy()) for k, v in operands.items()}
    got = _to_numpy(CASES[case](xtorch, tensors, dtype))
    _assert_same(got, expected)
    for k, v in tensors.items():
        np.testing.assert_array_equal(v.numpy(), operands[k], err_msg=f"{case} mutated {k}")


def test_info_lists_the_unsigned_dtypes() -> None:
    dtypes = xtorch.__array_namespace_info__().dtypes(kind="unsigned integer")
    assert dtypes == {"uint8": torch.uint8, "uint16": torch.uint16,
                      "uint32": torch.uint32, "uint64": torch.uint64}


@pytest.mark.parametrize("name", ["add", "less", "maximum", "floor_divide",
                                  "bitwise_right_shift", "pow"])
def test_routes_compile_without_graph_breaks(name: str) -> None:
    torch._dynamo.reset()  # one compilation per dtype below, not the session's others
    function = getattr(xtorch, name)
    compiled = torch.compile(function, fullgraph=True, backend="eager")
    for dtype in DTYPES:
        operands = _operands(dtype)
        a, b = torch.from_numpy(operands["a"]), torch.from_numpy(operands["nonzero_b"])
        expected = getattr(xnp, name)(operands["a"], operands["nonzero_b"])
        _assert_same(compiled(a, b).numpy(), expected)


def test_routed_functions_keep_their_signatures() -> None:
    import inspect

    from xport.torch import _unsigned

    for name in _unsigned.ROUTES:
        function = getattr(xtorch.linalg if name == "cross" else xtorch, name)
        try:
            parameters = inspect.signature(function).parameters
        except ValueError:  # PyTorch's own builtin, routed: as unreadable as before
            continue
        assert "args" not in parameters, f"{name} shows the route's (*args, **kwargs)"
    assert list(inspect.signature(xtorch.flip).parameters) == ["x", "axis", "kwargs"]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", ["abs", "bitwise_invert", "square"])
def test_routed_builtins_fill_out(name: str, dtype: str) -> None:
    # PyTorch's out= (passed on, as array-api-compat does) gets the routed result.
    a = _operands(dtype)["a"]
    expected = getattr(xnp, name)(a)
    out = torch.zeros(3, dtype=getattr(torch, dtype))  # resized, as PyTorch's out= is
    got = getattr(xtorch, name)(torch.from_numpy(a), out=out)
    assert got is out
    _assert_same(out.numpy(), expected)
    refused = torch.zeros(3, dtype=torch.bool)  # as PyTorch refuses an integer result there
    with pytest.raises(RuntimeError, match=f"{name}.*can't be cast.*torch.bool"):
        getattr(xtorch, name)(torch.from_numpy(a), out=refused)
    assert not refused.any()


@pytest.mark.parametrize("name", ["abs", "square"])
def test_routed_builtins_compile(name: str) -> None:
    torch._dynamo.reset()
    compiled = torch.compile(getattr(xtorch, name), fullgraph=True, backend="eager")
    for dtype in DTYPES:
        a = _operands(dtype)["a"]
        _assert_same(compiled(torch.from_numpy(a)).numpy(), getattr(xnp, name)(a))
    floats = np.array([-1.5, 2.0, -0.0], dtype=np.float32)
    _assert_same(compiled(torch.from_numpy(floats)).numpy(), getattr(np, name)(floats))

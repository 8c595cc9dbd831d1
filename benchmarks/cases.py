"""What the overhead benchmark times, per backend.

One table of standard calls (:data:`STANDARD_OPS`), written once against a
namespace, and for every backend the closest native spelling a user would write
instead (same result): that pair is a row of the overhead table, and the rows of
all backends are the same functions, so their geometric means compare. The set
mixes functions every backend binds natively (their overhead is zero by
construction: the attribute is the native function) with the ones some backend
wraps; :data:`PIPELINE` chains 18 of them on a large input.

For every backend: how to make an input of a shape and an index array, how to
wait for a result, and how to compile a function (``jax.jit``,
``tf.function``) where the library can. A backend may add extra rows of its own
(``extra``), e.g. a wrapped function with an argument only it needs fixed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Call = Callable[..., Any]  # (namespace-or-native module, *inputs) -> result
INDEX = [3, 0, 7, 1, 1, 6, 2, 5]  # take's indices at (8,): repeats one


def take_rows(n: int) -> list[int]:
    """take's indices along an axis of length ``n``: ``INDEX`` for 8, else half
    the rows, distinct and out of order."""
    return INDEX if n == len(INDEX) else [(37 * i + 11) % n for i in range(n // 2)]


@dataclass(frozen=True)
class StandardOp:
    """One standard call, ``call(namespace, *inputs)``.

    ``inputs``: ``"x"``, ``"xy"`` (two float arrays of the shape) or ``"xi"``
    (an array and an int64 index array of 8 rows). ``stricter``: why the
    standard asks for more work than the native default spelling (such rows
    are reported but kept out of the goals' geometric means).
    """

    call: Call
    inputs: str = "x"
    compiles: bool = True  # False: data-dependent output shape, eager only
    large: bool = True  # False: timed on the small shape only
    stricter: str | None = None


def _sorted_stably(what: str) -> str:
    return (f"the standard's {what} is stable by default, the native default is not "
            "(for floating-point input the stable algorithm is the slower one)")


STANDARD_OPS: dict[str, StandardOp] = {
    "add": StandardOp(lambda xp, x, y: xp.add(x, y), "xy"),
    "multiply(x, 1.5)": StandardOp(lambda xp, x: xp.multiply(x, 1.5)),
    "exp": StandardOp(lambda xp, x: xp.exp(x)),
    "abs": StandardOp(lambda xp, x: xp.abs(x)),
    "floor_divide": StandardOp(lambda xp, x, y: xp.floor_divide(x, y), "xy"),
    "remainder": StandardOp(lambda xp, x, y: xp.remainder(x, y), "xy", stricter=(
        "the standard gives a zero result the divisor's sign, where PyTorch, JAX and "
        "TensorFlow give the dividend's (xport fixes it in more passes: copysign)")),
    "clip": StandardOp(lambda xp, x: xp.clip(x, -0.5, 0.5)),
    "where": StandardOp(lambda xp, x, y: xp.where(x > 0, x, y), "xy"),
    "sum": StandardOp(lambda xp, x: xp.sum(x)),
    "sum(axis=0)": StandardOp(lambda xp, x: xp.sum(x, axis=0)),
    "mean": StandardOp(lambda xp, x: xp.mean(x)),
    "std": StandardOp(lambda xp, x: xp.std(x, correction=1)),
    "max(axis=0)": StandardOp(lambda xp, x: xp.max(x, axis=0)),
    "argmax(axis=0)": StandardOp(lambda xp, x: xp.argmax(x, axis=0)),
    "vector_norm": StandardOp(lambda xp, x: xp.linalg.vector_norm(x)),
    "cumulative_sum": StandardOp(lambda xp, x: xp.cumulative_sum(x, axis=0)),
    "sort": StandardOp(lambda xp, x: xp.sort(x), stricter=_sorted_stably("sort")),
    "argsort": StandardOp(lambda xp, x: xp.argsort(x), stricter=_sorted_stably("argsort")),
    "take": StandardOp(lambda xp, x, i: xp.take(x, i, axis=0), "xi"),
    "astype(int32)": StandardOp(lambda xp, x: xp.astype(x, xp.int32)),
    "matmul": StandardOp(lambda xp, x: xp.matmul(x, x)),
    "concat": StandardOp(lambda xp, x, y: xp.concat([x, y], axis=0), "xy"),
    "reshape(-1)": StandardOp(lambda xp, x: xp.reshape(x, (-1,))),
    "expand_dims": StandardOp(lambda xp, x: xp.expand_dims(x, axis=0)),
    "count_nonzero": StandardOp(lambda xp, x: xp.count_nonzero(x)),
    "unique_values": StandardOp(lambda xp, x: xp.unique_values(x), compiles=False,
                                large=False),
}

# 18 standard calls in a chain (elementwise, then reductions of the result), timed
# at 1e6 elements: what a numerical function does, where per-call overhead should
# vanish and any extra pass of a wrapper shows. Each step names a STANDARD_OPS row.
PIPELINE_SHAPE = (1000, 1000)


def pipeline(op: Callable[..., Any], x: Any, y: Any) -> tuple[Any, ...]:
    """The chain, with ``op(name, *inputs)`` calling one STANDARD_OPS row."""
    z = op("multiply(x, 1.5)", x)
    z = op("add", z, y)
    z = op("clip", z)
    z = op("where", z, y)
    z = op("abs", z)
    z = op("exp", z)
    z = op("floor_divide", z, y)
    z = op("remainder", z, y)
    return (op("cumulative_sum", z), op("sum", z), op("sum(axis=0)", z), op("mean", z),
            op("std", z), op("max(axis=0)", z), op("argmax(axis=0)", z),
            op("vector_norm", z), op("count_nonzero", z), op("astype(int32)", z))


@dataclass(frozen=True)
class Op:
    """An extra row: ``ours(namespace, *inputs(x))`` against
    ``native(native_module, *inputs(x))``."""

    ours: Call
    native: Call
    inputs: Callable[[Any], tuple[Any, ...]] | None = None  # x -> inputs; default (x,)
    compiles: bool = True
    large: bool = True

    def args(self, x: Any) -> tuple[Any, ...]:
        return (x,) if self.inputs is None else self.inputs(x)


def _eager(fn: Call) -> Call:
    return fn


def tf_function(fn: Call) -> Call:
    """``tf.function(fn)`` without AutoGraph: the timed functions have no
    Python control flow on tensors, so the graph is the same, and AutoGraph's
    warnings about lambdas stay out of the output."""
    import tensorflow as tf

    return tf.function(fn, autograph=False)


@dataclass
class BackendCases:
    name: str
    make: Callable[[tuple[int, ...]], Any]
    index: Callable[[list[int]], Any]  # an int64 index array of the backend
    native: Any
    # the array_api_compat module that wraps the backend, or what compat hands
    # out for it (jax.numpy); None where compat does not support the backend
    compat: str | None
    # STANDARD_OPS row -> the native spelling, (native module, *inputs) -> result;
    # a row without one (the library has no such function) is timed against compat
    natives: dict[str, Call]
    sync: Callable[[Any], Any] | None = None
    extra: dict[str, Op] = field(default_factory=dict)
    # mode name -> how to compile a function of arrays ("eager": as is)
    modes: dict[str, Callable[[Call], Call]] = field(
        default_factory=lambda: {"eager": _eager})

    def inputs(self, kind: str, shape: tuple[int, ...]) -> tuple[Any, ...]:
        x = self.make(shape)
        if kind == "x":
            return (x,)
        if kind == "xy":
            return x, self.make(shape)
        return x, self.index(take_rows(shape[0]))


def _numpy_like_natives() -> dict[str, Call]:
    """Native spellings shared by NumPy, JAX and Dask (NumPy's names)."""
    return {
        "add": lambda m, x, y: m.add(x, y),
        "multiply(x, 1.5)": lambda m, x: m.multiply(x, 1.5),
        "exp": lambda m, x: m.exp(x),
        "abs": lambda m, x: m.abs(x),
        "floor_divide": lambda m, x, y: m.floor_divide(x, y),
        "remainder": lambda m, x, y: m.remainder(x, y),
        "clip": lambda m, x: m.clip(x, -0.5, 0.5),
        "where": lambda m, x, y: m.where(x > 0, x, y),
        "sum": lambda m, x: m.sum(x),
        "sum(axis=0)": lambda m, x: m.sum(x, axis=0),
        "mean": lambda m, x: m.mean(x),
        "std": lambda m, x: m.std(x, ddof=1),
        "max(axis=0)": lambda m, x: m.max(x, axis=0),
        "argmax(axis=0)": lambda m, x: m.argmax(x, axis=0),
        "vector_norm": lambda m, x: m.linalg.norm(x.reshape(-1)),
        "cumulative_sum": lambda m, x: m.cumsum(x, axis=0),
        "sort": lambda m, x: m.sort(x),
        "argsort": lambda m, x: m.argsort(x),
        "take": lambda m, x, i: m.take(x, i, axis=0),
        "astype(int32)": lambda m, x: x.astype(m.int32),
        "matmul": lambda m, x: m.matmul(x, x),
        "concat": lambda m, x, y: m.concatenate([x, y], axis=0),
        "reshape(-1)": lambda m, x: m.reshape(x, (-1,)),
        "expand_dims": lambda m, x: m.expand_dims(x, axis=0),
        "count_nonzero": lambda m, x: m.count_nonzero(x),
        "unique_values": lambda m, x: m.unique(x),
    }


def numpy_cases() -> BackendCases:
    import numpy as np

    rng = np.random.default_rng(0)
    return BackendCases(
        name="numpy",
        make=lambda shape: rng.standard_normal(shape, dtype=np.float32),
        index=lambda rows: np.asarray(rows, dtype=np.int64),
        native=np,
        compat="array_api_compat.numpy",
        natives=_numpy_like_natives(),
        extra={
            "sort(int64)": Op(lambda xp, x: xp.sort(x), lambda np_, x: np_.sort(x),
                              inputs=lambda x: ((x * 1000).astype(np.int64),)),
            "can_cast": Op(lambda xp, x: xp.can_cast(x.dtype, xp.float32),
                           lambda np_, x: np_.can_cast(x.dtype, np_.float32), large=False),
            "finfo": Op(lambda xp, x: xp.finfo(x.dtype).eps,
                        lambda np_, x: np_.finfo(x.dtype).eps, large=False),
        },
    )


def torch_cases() -> BackendCases:
    import torch

    gen = torch.Generator().manual_seed(0)
    negative = torch.arange(-8, 0)  # 8 rows counted from the end, valid for both shapes

    def cumsum_with_zero(t: Any, x: Any) -> Any:
        return t.cat((x.new_zeros((1, *x.shape[1:])), t.cumsum(x, dim=0)))

    def matmul(t: Any, x: Any) -> Any:
        return t.matmul(x, x)

    return BackendCases(
        name="torch",
        make=lambda shape: torch.randn(shape, generator=gen),
        index=lambda rows: torch.tensor(rows, dtype=torch.int64),
        native=torch,
        compat="array_api_compat.torch",
        natives={
            **_numpy_like_natives(),  # where PyTorch's spelling is NumPy's
            "multiply(x, 1.5)": lambda t, x: t.mul(x, 1.5),
            "clip": lambda t, x: t.clamp(x, -0.5, 0.5),
            "sum(axis=0)": lambda t, x: t.sum(x, dim=0),
            "std": lambda t, x: t.std(x, correction=1),
            "max(axis=0)": lambda t, x: t.amax(x, dim=0),
            "argmax(axis=0)": lambda t, x: t.argmax(x, dim=0),
            "vector_norm": lambda t, x: t.linalg.vector_norm(x),
            "cumulative_sum": lambda t, x: t.cumsum(x, dim=0),
            "sort": lambda t, x: t.sort(x).values,
            "take": lambda t, x, i: t.index_select(x, 0, i),
            "astype(int32)": lambda t, x: x.to(t.int32),
            "matmul": matmul,
            "concat": lambda t, x, y: t.cat([x, y], dim=0),
            "expand_dims": lambda t, x: t.unsqueeze(x, 0),
            "unique_values": lambda t, x: t.unique(x),
        },
        extra={
            "sum(axis=tuple)": Op(lambda xp, x: xp.sum(x, axis=tuple(range(x.ndim))),
                                  lambda t, x: t.sum(x, dim=tuple(range(x.ndim)))),
            "take(negative idx)": Op(lambda xp, x, i: xp.take(x, i, axis=0),
                                     lambda t, x, i: x[i], inputs=lambda x: (x, negative)),
            "cumulative_sum(incl)": Op(
                lambda xp, x: xp.cumulative_sum(x, axis=0, include_initial=True),
                cumsum_with_zero),
            "sort(int64)": Op(lambda xp, x: xp.sort(x), lambda t, x: t.sort(x).values,
                              inputs=lambda x: ((x * 1000).to(torch.int64),)),
        },
    )


def jax_cases() -> BackendCases:
    import jax
    import jax.numpy as jnp
    import numpy as np

    rng = np.random.default_rng(0)

    def make(shape: tuple[int, ...]) -> Any:
        return jnp.asarray(rng.standard_normal(shape), dtype=jnp.float32)

    def with_sorted(x: Any) -> tuple[Any, Any]:
        flat = x.reshape(-1)
        return jnp.sort(flat), flat[:1000]  # 1000 queries at most

    natives = _numpy_like_natives()
    natives["vector_norm"] = lambda j, x: j.linalg.vector_norm(x)
    natives["unique_values"] = lambda j, x: j.unique_values(x)
    return BackendCases(
        name="jax",
        make=make,
        index=jnp.asarray,
        native=jnp,
        compat="jax.numpy",  # what array_api_compat.array_namespace gives for JAX
        natives=natives,
        sync=jax.block_until_ready,
        modes={"eager": _eager, "jit": jax.jit},
        extra={
            "pow(x, x)": Op(lambda xp, x: xp.pow(x, x), lambda j, x: j.pow(x, x)),
            "searchsorted": Op(lambda xp, s, v: xp.searchsorted(s, v),
                               lambda j, s, v: j.searchsorted(s, v), inputs=with_sorted),
        },
    )


def tensorflow_cases() -> BackendCases:
    import numpy as np
    import tensorflow as tf

    rng = np.random.default_rng(0)

    def make(shape: tuple[int, ...]) -> Any:
        return tf.constant(rng.standard_normal(shape), dtype=tf.float32)

    def sync(result: Any) -> Any:
        return result.numpy() if hasattr(result, "numpy") else result

    def std(t: Any, x: Any) -> Any:
        n = t.cast(t.size(x), x.dtype)
        return t.sqrt(t.reduce_sum(t.square(x - t.reduce_mean(x))) / (n - 1))

    def matmul(t: Any, x: Any) -> Any:
        return t.tensordot(x, x, 1) if x.shape.rank == 1 else t.linalg.matmul(x, x)

    negative = tf.range(-8, 0, dtype=tf.int64)

    return BackendCases(
        name="tensorflow",
        make=make,
        index=lambda rows: tf.constant(rows, dtype=tf.int64),
        native=tf,
        compat=None,  # array-api-compat has no TensorFlow support
        natives={
            "add": lambda t, x, y: t.add(x, y),
            "multiply(x, 1.5)": lambda t, x: t.multiply(x, 1.5),
            "exp": lambda t, x: t.exp(x),
            "abs": lambda t, x: t.abs(x),
            "floor_divide": lambda t, x, y: t.math.floordiv(x, y),
            "remainder": lambda t, x, y: t.math.floormod(x, y),
            "clip": lambda t, x: t.clip_by_value(x, -0.5, 0.5),
            "where": lambda t, x, y: t.where(x > 0, x, y),
            "sum": lambda t, x: t.reduce_sum(x),
            "sum(axis=0)": lambda t, x: t.reduce_sum(x, axis=0),
            "mean": lambda t, x: t.reduce_mean(x),
            "std": std,
            "max(axis=0)": lambda t, x: t.reduce_max(x, axis=0),
            "argmax(axis=0)": lambda t, x: t.argmax(x, axis=0),
            "vector_norm": lambda t, x: t.norm(x),
            "cumulative_sum": lambda t, x: t.cumsum(x, axis=0),
            "sort": lambda t, x: t.sort(x),
            "argsort": lambda t, x: t.argsort(x),
            "take": lambda t, x, i: t.gather(x, i, axis=0),
            "astype(int32)": lambda t, x: t.cast(x, t.int32),
            "matmul": matmul,
            "concat": lambda t, x, y: t.concat([x, y], axis=0),
            "reshape(-1)": lambda t, x: t.reshape(x, (-1,)),
            "expand_dims": lambda t, x: t.expand_dims(x, axis=0),
            "count_nonzero": lambda t, x: t.math.count_nonzero(x),
            "unique_values": lambda t, x: t.unique(t.reshape(x, [-1])).y,
        },
        sync=sync,
        modes={"eager": _eager, "tf.function": tf_function},
        extra={
            "add(f32, f64)": Op(lambda xp, a, b: xp.add(a, b),
                                lambda t, a, b: t.add(t.cast(a, t.float64), b),
                                inputs=lambda x: (x, tf.cast(x, tf.float64))),
            "take(negative idx)": Op(
                lambda xp, x, i: xp.take(x, i, axis=0),
                lambda t, x, i: t.gather(x, i % t.shape(x, out_type=t.int64)[0], axis=0),
                inputs=lambda x: (x, negative)),
        },
    )


def dask_cases() -> BackendCases:
    import dask.array as da
    import numpy as np

    rng = np.random.default_rng(0)

    def make(shape: tuple[int, ...]) -> Any:
        return da.from_array(rng.standard_normal(shape, dtype=np.float32), chunks=-1)

    natives = _numpy_like_natives()
    del natives["sort"], natives["argsort"]  # Dask has neither
    natives["vector_norm"] = lambda d, x: d.linalg.norm(x.reshape(-1))
    natives["unique_values"] = lambda d, x: d.unique(x)
    return BackendCases(
        name="dask",
        make=make,
        index=lambda rows: da.from_array(np.asarray(rows, dtype=np.int64)),
        native=da,
        compat="array_api_compat.dask.array",
        natives=natives,
        # Computed: a lazy graph is built in microseconds either way, and what a
        # wrapper adds to the graph (an extra task) shows only when it runs.
        sync=lambda result: result.compute() if hasattr(result, "compute") else result,
    )


CASES: dict[str, Callable[[], BackendCases]] = {
    "numpy": numpy_cases,
    "torch": torch_cases,
    "jax": jax_cases,
    "tensorflow": tensorflow_cases,
    "dask": dask_cases,
}


def _pipeline_steps() -> tuple[str, ...]:
    steps: list[str] = []
    pipeline(lambda op, *_: steps.append(op), None, None)
    return tuple(steps)


PIPELINE_STEPS = _pipeline_steps()  # the STANDARD_OPS rows of the chain, in order

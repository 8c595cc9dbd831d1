"""What the overhead benchmark times, per backend.

For every backend: how to make an input of a shape, how to wait for a result,
how to compile a function (``jax.jit``, ``tf.function``) where the library
can, and for a representative set of *wrapped* standard functions the closest
native spelling a user would write instead (same result). Functions bound
natively need no row: their overhead is zero by construction (the attribute is
the native function).

An op is a pair ``(through a standard namespace, through the native library)``
of callables ``(module, x) -> result``, or an :class:`Op` when it needs more
than ``x`` (a second operand, an index array) or cannot be compiled.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Call = Callable[..., Any]  # (namespace-or-native module, *inputs) -> result


@dataclass(frozen=True)
class Op:
    """One timed operation: ``ours(namespace, *inputs(x))`` against
    ``native(native_module, *inputs(x))``."""

    ours: Call
    native: Call
    inputs: Callable[[Any], tuple[Any, ...]] | None = None  # x -> inputs; default (x,)
    compiles: bool = True  # False: data-dependent output shape, eager only
    large: bool = True  # False: timed on the small shape only (too slow on 1e6 elements)

    def args(self, x: Any) -> tuple[Any, ...]:
        return (x,) if self.inputs is None else self.inputs(x)


def as_op(entry: Op | tuple[Call, Call]) -> Op:
    return entry if isinstance(entry, Op) else Op(*entry)


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
    native: Any
    compat: str | None  # array_api_compat module name, if it wraps the backend
    sync: Callable[[Any], Any] | None = None
    # op -> (call through a standard namespace, call through the native library)
    ops: dict[str, Op | tuple[Call, Call]] = field(default_factory=dict)
    # mode name -> how to compile a function of arrays ("eager": as is)
    modes: dict[str, Callable[[Call], Call]] = field(
        default_factory=lambda: {"eager": _eager})


def numpy_cases() -> BackendCases:
    import numpy as np

    rng = np.random.default_rng(0)
    return BackendCases(
        name="numpy",
        make=rng.standard_normal,
        native=np,
        compat="array_api_compat.numpy",
        ops={
            "sort": (lambda xp, x: xp.sort(x), lambda np_, x: np_.sort(x, kind="stable")),
            "argsort": (lambda xp, x: xp.argsort(x),
                        lambda np_, x: np_.argsort(x, kind="stable")),
            "clip": (lambda xp, x: xp.clip(x, -0.5, 0.5), lambda np_, x: np_.clip(x, -0.5, 0.5)),
            "count_nonzero": (lambda xp, x: xp.count_nonzero(x),
                              lambda np_, x: np_.count_nonzero(x)),
            "diff": (lambda xp, x: xp.diff(x), lambda np_, x: np_.diff(x)),
            "can_cast": (lambda xp, x: xp.can_cast(x.dtype, xp.float32),
                         lambda np_, x: np_.can_cast(x.dtype, np_.float32)),
            "finfo": (lambda xp, x: xp.finfo(x.dtype).eps,
                      lambda np_, x: np_.finfo(x.dtype).eps),
        },
    )


def torch_cases() -> BackendCases:
    import torch

    gen = torch.Generator().manual_seed(0)
    negative = torch.arange(-8, 0)  # 8 rows counted from the end, valid for both shapes

    def with_negative(x: Any) -> tuple[Any, Any]:
        return x, negative

    def cumsum_with_zero(t: Any, x: Any) -> Any:
        return t.cat((x.new_zeros((1, *x.shape[1:])), t.cumsum(x, dim=0)))

    return BackendCases(
        name="torch",
        make=lambda shape: torch.randn(shape, generator=gen),
        native=torch,
        compat="array_api_compat.torch",
        ops={
            "std(correction=1)": (lambda xp, x: xp.std(x, correction=1),
                                  lambda t, x: t.std(x, correction=1)),
            "sum(axis=tuple)": (lambda xp, x: xp.sum(x, axis=tuple(range(x.ndim))),
                                lambda t, x: t.sum(x, dim=tuple(range(x.ndim)))),
            "clip(scalars)": (lambda xp, x: xp.clip(x, -0.5, 0.5),
                              lambda t, x: t.clamp(x, -0.5, 0.5)),
            "sort(stable)": (lambda xp, x: xp.sort(x, axis=-1, stable=True),
                             lambda t, x: t.sort(x, dim=-1, stable=True).values),
            "take(negative idx)": Op(lambda xp, x, i: xp.take(x, i, axis=0),
                                     lambda t, x, i: x[i], inputs=with_negative),
            "cumulative_sum(incl)": (
                lambda xp, x: xp.cumulative_sum(x, axis=0, include_initial=True),
                cumsum_with_zero),
            "astype(float64)": (lambda xp, x: xp.astype(x, xp.float64),
                                lambda t, x: x.to(t.float64)),
            "add(x, 1.5)": (lambda xp, x: xp.add(x, 1.5), lambda t, x: t.add(x, 1.5)),
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

    return BackendCases(
        name="jax",
        make=make,
        native=jnp,
        compat=None,  # array_api_compat.array_namespace gives jax.numpy itself
        sync=jax.block_until_ready,
        modes={"eager": _eager, "jit": jax.jit},
        ops={
            "exp": (lambda xp, x: xp.exp(x), lambda j, x: j.exp(x)),
            "abs": (lambda xp, x: xp.abs(x), lambda j, x: j.abs(x)),
            "add(x, 1.5)": (lambda xp, x: xp.add(x, 1.5), lambda j, x: j.add(x, 1.5)),
            "pow(x, x)": (lambda xp, x: xp.pow(x, x), lambda j, x: j.pow(x, x)),
            "argmax(axis=0)": (lambda xp, x: xp.argmax(x, axis=0),
                               lambda j, x: j.argmax(x, axis=0)),
            "cumulative_prod": (lambda xp, x: xp.cumulative_prod(x, axis=0),
                                lambda j, x: j.cumulative_prod(x, axis=0)),
            "searchsorted": Op(lambda xp, s, v: xp.searchsorted(s, v),
                               lambda j, s, v: j.searchsorted(s, v), inputs=with_sorted),
            "astype(int32)": (lambda xp, x: xp.astype(x, xp.int32),
                              lambda j, x: x.astype(j.int32)),
            "unique_values": Op(lambda xp, x: xp.unique_values(x),
                                lambda j, x: j.unique_values(x), compiles=False,
                                large=False),
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

    def with_float64(x: Any) -> tuple[Any, Any]:
        return x, tf.cast(x, tf.float64)

    negative = tf.range(-8, 0, dtype=tf.int64)

    def with_negative(x: Any) -> tuple[Any, Any]:
        return x, negative

    return BackendCases(
        name="tensorflow",
        make=make,
        native=tf,
        compat=None,  # array-api-compat has no TensorFlow support
        sync=sync,
        modes={"eager": _eager, "tf.function": tf_function},
        ops={
            "add(f32, f64)": Op(lambda xp, a, b: xp.add(a, b),
                                lambda t, a, b: t.add(t.cast(a, t.float64), b),
                                inputs=with_float64),
            "sort": (lambda xp, x: xp.sort(x), lambda t, x: t.sort(x)),
            "unique_values": Op(lambda xp, x: xp.unique_values(x),
                                lambda t, x: t.unique(t.reshape(x, [-1])).y, large=False),
            "take(negative idx)": Op(
                lambda xp, x, i: xp.take(x, i, axis=0),
                lambda t, x, i: t.gather(x, i % t.shape(x, out_type=t.int64)[0], axis=0),
                inputs=with_negative),
            "clip(scalars)": (lambda xp, x: xp.clip(x, -0.5, 0.5),
                              lambda t, x: t.clip_by_value(x, -0.5, 0.5)),
            "sum": (lambda xp, x: xp.sum(x), lambda t, x: t.reduce_sum(x)),
            "cumulative_sum": (lambda xp, x: xp.cumulative_sum(x, axis=0),
                               lambda t, x: t.cumsum(x, axis=0)),
        },
    )


CASES: dict[str, Callable[[], BackendCases]] = {
    "numpy": numpy_cases,
    "torch": torch_cases,
    "jax": jax_cases,
    "tensorflow": tensorflow_cases,
}

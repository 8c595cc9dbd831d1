"""Error parity (#18): a table of bad calls, run on every installed backend.

In checked mode every bad call raises, with the same exception class and the
same message on every backend. In default mode, the calls that break the
standard (``Kind.INVALID``) raise on every backend or on none: no backend
returns a value where another raises. The calls that only rely on one library's
leniency (``Kind.NON_PORTABLE``: a library keyword, a dtype by name, mixed-kind
promotion, a dtype outside the standard's domain) are what checked mode is for;
default mode keeps each library's answer for them. ``Kind.UNGUARDED`` calls are
run in checked mode only (default mode would abort the process on JAX).

Arrays are float32/int32 (every backend has them, JAX without 64-bit types too).
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest
from conformance._backends import available, to_numpy
from hypothesis import given, settings
from hypothesis import strategies as st

import xport
from xport import AxisError

_BACKENDS = available()
_NAMES = [b.name for b in _BACKENDS]


class Kind(enum.Enum):
    # Outside the standard, and no library gives it a meaning: default mode
    # raises on every backend (Dask: by the time the result is computed).
    INVALID = "breaks the standard"
    # Outside the standard, but some libraries give it a meaning of their own
    # (NumPy's axis=0 on a 0-d array, take without an axis flattening, a library
    # keyword, a dtype by name, mixed-kind promotion): default mode keeps each
    # library's answer; checked mode refuses it everywhere.
    NON_PORTABLE = "works on some libraries only"
    # Default mode hands it to the library's own (native) function, which may not
    # return at all: jnp.zeros((2**62,)) aborts the process. Checked mode only.
    UNGUARDED = "checked mode only"


@dataclass(frozen=True)
class Bad:
    id: str
    call: Callable[[Any], Any]
    error: type[Exception]
    kind: Kind = Kind.INVALID


def f32(xp: Any, *shape: int) -> Any:
    return xp.ones(shape, dtype=xp.float32)


def i32(xp: Any, *shape: int) -> Any:
    return xp.ones(shape, dtype=xp.int32)


def b8(xp: Any, *shape: int) -> Any:
    return xp.ones(shape, dtype=xp.bool)


def c64(xp: Any, *shape: int) -> Any:
    return xp.ones(shape, dtype=xp.complex64)


N = Kind.NON_PORTABLE
BAD: list[Bad] = [
    # axes out of range or repeated: AxisError (an IndexError and a ValueError)
    *(Bad(f"{name}-axis-{axis}", lambda xp, name=name, axis=axis: getattr(xp, name)(
        f32(xp, 2, 3), axis=axis), AxisError)
      for name in ("sum", "prod", "max", "min", "mean", "std", "var", "all", "any",
                   "count_nonzero", "argmax", "argmin", "sort", "argsort", "flip",
                   "cumulative_sum", "cumulative_prod", "diff", "unstack")
      for axis in (2, -3)),
    Bad("sum-axis-repeated", lambda xp: xp.sum(f32(xp, 2, 3), axis=(0, 0)), AxisError),
    Bad("sum-axis-0d", lambda xp: xp.sum(f32(xp), axis=0), AxisError, N),
    Bad("expand_dims-axis-3", lambda xp: xp.expand_dims(f32(xp, 2, 3), axis=3), AxisError),
    Bad("expand_dims-axis--4", lambda xp: xp.expand_dims(f32(xp, 2, 3), axis=-4), AxisError),
    Bad("stack-axis-3", lambda xp: xp.stack([f32(xp, 2, 3)] * 2, axis=3), AxisError),
    Bad("concat-axis-2", lambda xp: xp.concat([f32(xp, 2, 3)] * 2, axis=2), AxisError),
    Bad("take-axis-2", lambda xp: xp.take(f32(xp, 2, 3), xp.asarray([0]), axis=2), AxisError),
    Bad("roll-axis-2", lambda xp: xp.roll(f32(xp, 2, 3), 1, axis=2), AxisError),
    Bad("squeeze-axis-2", lambda xp: xp.squeeze(f32(xp, 2, 1), axis=2), AxisError),
    Bad("moveaxis-source-2", lambda xp: xp.moveaxis(f32(xp, 2, 3), 2, 0), AxisError),
    Bad("permute_dims-repeated", lambda xp: xp.permute_dims(f32(xp, 2, 3), (0, 0)), AxisError),
    Bad("vector_norm-axis-2", lambda xp: xp.linalg.vector_norm(f32(xp, 2, 3), axis=2),
        AxisError),
    Bad("fft-axis-2", lambda xp: xp.fft.fft(c64(xp, 2, 3), axis=2), AxisError),
    Bad("vecdot-axis--3", lambda xp: xp.vecdot(f32(xp, 2, 3), f32(xp, 2, 3), axis=-3),
        AxisError),
    Bad("take_along_axis-axis-2", lambda xp: xp.take_along_axis(
        f32(xp, 2, 3), xp.zeros((2, 3), dtype=xp.int32), axis=2), AxisError),
    # axes of the wrong type
    Bad("sum-axis-float", lambda xp: xp.sum(f32(xp, 2, 3), axis=1.0), TypeError),
    Bad("argmax-axis-tuple", lambda xp: xp.argmax(f32(xp, 2, 3), axis=(0, 1)), TypeError),
    # shapes that do not fit together: ValueError
    Bad("reshape-size", lambda xp: xp.reshape(f32(xp, 2, 3), (4,)), ValueError),
    Bad("reshape-two-minus-ones", lambda xp: xp.reshape(f32(xp, 2, 3), (-1, -1)), ValueError),
    Bad("reshape-minus-two", lambda xp: xp.reshape(f32(xp, 2, 3), (-2, -3)), ValueError),
    Bad("broadcast_to", lambda xp: xp.broadcast_to(f32(xp, 2, 3), (3, 3)), ValueError),
    Bad("broadcast_to-fewer-dims", lambda xp: xp.broadcast_to(f32(xp, 2, 3), (3,)),
        ValueError),
    Bad("broadcast_arrays", lambda xp: xp.broadcast_arrays(f32(xp, 2, 3), f32(xp, 4)),
        ValueError),
    *(Bad(f"{name}-broadcast", lambda xp, name=name: getattr(xp, name)(
        f32(xp, 2, 3), f32(xp, 4)), ValueError)
      for name in ("add", "multiply", "equal", "maximum", "atan2", "less")),
    Bad("where-broadcast", lambda xp: xp.where(b8(xp, 2, 3), f32(xp, 2, 3), f32(xp, 4)),
        ValueError),
    Bad("matmul-inner", lambda xp: xp.matmul(f32(xp, 2, 3), f32(xp, 2, 3)), ValueError),
    Bad("matmul-0d", lambda xp: xp.matmul(f32(xp), f32(xp, 3)), ValueError),
    Bad("matmul-batch", lambda xp: xp.matmul(f32(xp, 2, 2, 3), f32(xp, 3, 3, 2)), ValueError),
    Bad("tensordot-sizes", lambda xp: xp.tensordot(f32(xp, 2, 3), f32(xp, 2, 3), axes=1),
        ValueError),
    Bad("tensordot-too-many", lambda xp: xp.tensordot(f32(xp, 2, 3), f32(xp, 3, 2), axes=3),
        ValueError),
    Bad("vecdot-sizes", lambda xp: xp.vecdot(f32(xp, 2, 3), f32(xp, 2, 4)), ValueError),
    Bad("concat-shapes", lambda xp: xp.concat([f32(xp, 2, 3), f32(xp, 3, 3)], axis=1),
        ValueError),
    Bad("concat-ndim", lambda xp: xp.concat([f32(xp, 2, 3), f32(xp, 3)]), ValueError),
    Bad("concat-0d", lambda xp: xp.concat([f32(xp), f32(xp)]), ValueError),
    Bad("concat-empty", lambda xp: xp.concat([]), ValueError),
    Bad("stack-shapes", lambda xp: xp.stack([f32(xp, 2, 3), f32(xp, 3)]), ValueError),
    Bad("squeeze-size-2", lambda xp: xp.squeeze(f32(xp, 2, 3), axis=0), ValueError),
    Bad("permute_dims-length", lambda xp: xp.permute_dims(f32(xp, 2, 3), (0,)), ValueError),
    Bad("moveaxis-lengths", lambda xp: xp.moveaxis(f32(xp, 2, 3), (0, 1), (0,)), ValueError),
    Bad("take-2d-indices", lambda xp: xp.take(f32(xp, 3), xp.zeros((1, 1), dtype=xp.int32),
                                              axis=0), ValueError, N),
    Bad("take-no-axis", lambda xp: xp.take(f32(xp, 2, 3), xp.asarray([0])), ValueError, N),
    Bad("cumulative_sum-no-axis", lambda xp: xp.cumulative_sum(f32(xp, 2, 3)), ValueError),
    Bad("take_along_axis-ndim", lambda xp: xp.take_along_axis(
        f32(xp, 2, 3), xp.zeros((3,), dtype=xp.int32), axis=0), ValueError),
    Bad("searchsorted-2d", lambda xp: xp.searchsorted(f32(xp, 2, 3), f32(xp, 2)), ValueError),
    Bad("meshgrid-2d", lambda xp: xp.meshgrid(f32(xp, 2, 3), f32(xp, 2)), ValueError, N),
    Bad("unstack-0d", lambda xp: xp.unstack(f32(xp)), ValueError),
    Bad("inv-not-square", lambda xp: xp.linalg.inv(f32(xp, 2, 3)), ValueError),
    Bad("det-1d", lambda xp: xp.linalg.det(f32(xp, 3)), ValueError),
    Bad("cholesky-not-square", lambda xp: xp.linalg.cholesky(f32(xp, 2, 3)), ValueError),
    Bad("eigh-not-square", lambda xp: xp.linalg.eigh(f32(xp, 3, 2)), ValueError),
    Bad("slogdet-1d", lambda xp: xp.linalg.slogdet(f32(xp, 2)), ValueError),
    Bad("solve-sizes", lambda xp: xp.linalg.solve(f32(xp, 3, 3), f32(xp, 2, 1)), ValueError),
    Bad("cross-size-2", lambda xp: xp.linalg.cross(f32(xp, 2), f32(xp, 2)), ValueError),
    Bad("outer-2d", lambda xp: xp.linalg.outer(f32(xp, 2, 2), f32(xp, 2)), ValueError),
    Bad("svd-1d", lambda xp: xp.linalg.svd(f32(xp, 3)), ValueError),
    Bad("matrix_norm-1d", lambda xp: xp.linalg.matrix_norm(f32(xp, 3)), ValueError),
    Bad("trace-1d", lambda xp: xp.linalg.trace(f32(xp, 3)), ValueError),
    Bad("matrix_transpose-1d", lambda xp: xp.matrix_transpose(f32(xp, 3)), ValueError),
    # sizes: ValueError
    Bad("zeros-negative", lambda xp: xp.zeros(-1), ValueError),
    Bad("ones-negative", lambda xp: xp.ones((2, -1)), ValueError),
    Bad("empty-negative", lambda xp: xp.empty((-3,)), ValueError),
    Bad("full-negative", lambda xp: xp.full((-1,), 1.0), ValueError),
    Bad("eye-negative", lambda xp: xp.eye(-1), ValueError),
    Bad("eye-negative-cols", lambda xp: xp.eye(2, -1), ValueError),
    Bad("linspace-negative-num", lambda xp: xp.linspace(0.0, 1.0, -1), ValueError),
    Bad("zeros-too-large", lambda xp: xp.zeros((2**62,), dtype=xp.float32), ValueError,
        Kind.UNGUARDED),
    Bad("fftfreq-zero", lambda xp: xp.fft.fftfreq(0), ValueError, N),
    Bad("diff-negative-n", lambda xp: xp.diff(f32(xp, 3), n=-1), ValueError),
    # arguments of the wrong type: TypeError
    Bad("sum-list", lambda xp: xp.sum([1.0, 2.0]), TypeError, N),
    Bad("add-list", lambda xp: xp.add(f32(xp, 3), [1.0, 2.0, 3.0]), TypeError, N),
    Bad("unique_values-list", lambda xp: xp.unique_values([1, 2]), TypeError, N),
    Bad("sum-keepdims-int", lambda xp: xp.sum(f32(xp, 3), keepdims=1), TypeError, N),
    Bad("sort-descending-str", lambda xp: xp.sort(f32(xp, 3), descending="yes"), TypeError, N),
    Bad("linspace-num-float", lambda xp: xp.linspace(0.0, 1.0, 2.5), TypeError),
    Bad("eye-float", lambda xp: xp.eye(2.0), TypeError, N),
    Bad("zeros-float-shape", lambda xp: xp.zeros((2.0, 3)), TypeError),
    Bad("matrix_power-float", lambda xp: xp.linalg.matrix_power(f32(xp, 2, 2), 1.5),
        TypeError),
    Bad("full-fill-list", lambda xp: xp.full((2,), [1.0, 2.0]), TypeError, N),
    Bad("qr-mode", lambda xp: xp.linalg.qr(f32(xp, 2, 2), mode="full"), ValueError, N),
    Bad("meshgrid-indexing", lambda xp: xp.meshgrid(f32(xp, 2), indexing="xyz"), ValueError),
    Bad("searchsorted-side", lambda xp: xp.searchsorted(f32(xp, 3), f32(xp, 2),
                                                        side="middle"), ValueError),
    # dtypes: TypeError
    *(Bad(f"{name}-int", lambda xp, name=name: getattr(xp, name)(i32(xp, 3)), TypeError, N)
      for name in ("mean", "std", "var", "sqrt", "exp", "sin", "log", "atan", "reciprocal",
                   "signbit", "imag")),
    *(Bad(f"{name}-float", lambda xp, name=name: getattr(xp, name)(f32(xp, 3), f32(xp, 3)),
          TypeError, N)
      for name in ("logical_and", "bitwise_and", "bitwise_left_shift")),
    Bad("logical_not-float", lambda xp: xp.logical_not(f32(xp, 3)), TypeError, N),
    Bad("bitwise_invert-float", lambda xp: xp.bitwise_invert(f32(xp, 3)), TypeError),
    Bad("atan2-int", lambda xp: xp.atan2(i32(xp, 3), i32(xp, 3)), TypeError, N),
    Bad("floor-complex", lambda xp: xp.floor(c64(xp, 3)), TypeError, N),
    Bad("argmax-complex", lambda xp: xp.argmax(c64(xp, 3)), TypeError, N),
    Bad("sort-complex", lambda xp: xp.sort(c64(xp, 3)), TypeError, N),
    Bad("max-bool", lambda xp: xp.max(b8(xp, 3)), TypeError, N),
    Bad("sum-bool", lambda xp: xp.sum(b8(xp, 3)), TypeError, N),
    Bad("inv-int", lambda xp: xp.linalg.inv(i32(xp, 2, 2)), TypeError, N),
    Bad("where-float-condition", lambda xp: xp.where(f32(xp, 3), f32(xp, 3), f32(xp, 3)),
        TypeError, N),
    Bad("take-float-indices", lambda xp: xp.take(f32(xp, 3), f32(xp, 1), axis=0), TypeError),
    Bad("rfft-complex", lambda xp: xp.fft.rfft(c64(xp, 4)), TypeError, N),
    Bad("fft-real", lambda xp: xp.fft.fft(f32(xp, 4)), TypeError, N),
    Bad("astype-name", lambda xp: xp.astype(f32(xp, 3), "float64"), TypeError, N),
    Bad("zeros-dtype-name", lambda xp: xp.zeros(3, dtype="int32"), TypeError, N),
    Bad("astype-python-type", lambda xp: xp.astype(f32(xp, 3), float), TypeError, N),
    Bad("isdtype-name", lambda xp: xp.isdtype("float32", "real floating"), TypeError, N),
    # operands the standard does not combine: TypeError (ValueError when out of range)
    Bad("add-int-float-arrays", lambda xp: xp.add(i32(xp, 3), f32(xp, 3)), TypeError, N),
    Bad("multiply-bool-int-arrays", lambda xp: xp.multiply(b8(xp, 3), i32(xp, 3)), TypeError,
        N),
    Bad("add-bool-array-int", lambda xp: xp.add(b8(xp, 3), 1), TypeError, N),
    Bad("add-int-array-float", lambda xp: xp.add(i32(xp, 3), 1.5), TypeError, N),
    Bad("less-float-array-complex", lambda xp: xp.less(f32(xp, 3), 1j), TypeError, N),
    Bad("clip-int-float-bound", lambda xp: xp.clip(i32(xp, 3), 0.5), TypeError, N),
    Bad("add-int8-out-of-range", lambda xp: xp.add(xp.ones(3, dtype=xp.int8), 300), ValueError,
        N),
    Bad("add-two-scalars", lambda xp: xp.add(1.0, 2.0), TypeError, N),
    # keywords the standard does not have: TypeError
    Bad("sum-dim", lambda xp: xp.sum(f32(xp, 3), dim=0), TypeError, N),
    Bad("argsort-kind", lambda xp: xp.argsort(f32(xp, 3), kind="stable"), TypeError, N),
    Bad("clip-out", lambda xp: xp.clip(f32(xp, 3), 0.0, 1.0, out=None), TypeError, N),
    Bad("sum-x-keyword", lambda xp: xp.sum(x=f32(xp, 3)), TypeError, N),
]


def _outcome(bad: Bad, xp: Any, compute: bool = False) -> tuple[type[Exception], str] | None:
    """(exception class, message) of the call, or None when it returned. With
    ``compute``, lazy (Dask) results are computed, so that an error Dask defers
    to then counts as raised."""
    try:
        result = bad.call(xp)
        if compute:
            to_numpy(result) if not isinstance(result, (tuple, list)) else [
                to_numpy(r) for r in result]
    except Exception as exc:  # the point: which exception, with which words
        return type(exc), str(exc)
    return None


def test_the_table_is_large() -> None:
    assert len(BAD) >= 100
    assert len({b.id for b in BAD}) == len(BAD)


def _expressible(bad: Bad) -> list[Any]:
    """The backends whose namespace has what the call is built from: complex
    dtypes and the fft extension (MXNet has neither); skip where none has."""
    needs_complex = "complex" in bad.id or "fft" in bad.id
    found = [b for b in _BACKENDS if not needs_complex
             or (hasattr(b.xp, "complex64") and "fft" in vars(b.xp))]
    if not found:
        pytest.skip("no backend selected here has complex dtypes and fft")
    return found


@pytest.mark.parametrize("bad", BAD, ids=[b.id for b in BAD])
def test_checked_mode_raises_the_same_everywhere(bad: Bad) -> None:
    outcomes = {b.name: _outcome(bad, xport.namespace(b.name, checked=True))
                for b in _expressible(bad)}
    returned = [name for name, outcome in outcomes.items() if outcome is None]
    assert not returned, f"checked mode returned a value on {returned}"
    distinct = set(outcomes.values())
    assert len(distinct) == 1, f"different errors per backend: {outcomes}"
    ((kind, message),) = distinct
    assert issubclass(kind, bad.error), f"{kind.__name__}: {message}"


@pytest.mark.parametrize("bad", [b for b in BAD if b.kind is Kind.INVALID],
                         ids=[b.id for b in BAD if b.kind is Kind.INVALID])
def test_default_mode_raises_everywhere_or_nowhere(bad: Bad) -> None:
    outcomes = {b.name: _outcome(bad, b.xp, compute=True) for b in _BACKENDS}
    returned = sorted(name for name, outcome in outcomes.items() if outcome is None)
    raised = sorted(name for name, outcome in outcomes.items() if outcome is not None)
    assert not (returned and raised), (
        f"returned a value on {returned} but raised on {raised}: "
        + "; ".join(f"{n}: {outcomes[n]}" for n in raised))


# --- generated: invalid axes, shapes and dtypes ---------------------------------------

AXIS_FUNCTIONS = ("sum", "prod", "max", "min", "mean", "any", "all", "flip", "count_nonzero")


@settings(max_examples=25, deadline=None)
@given(ndim=st.integers(0, 3), function=st.sampled_from(AXIS_FUNCTIONS), data=st.data())
def test_generated_axes_out_of_range(ndim: int, function: str, data: st.DataObject) -> None:
    axis = data.draw(st.one_of(st.integers(ndim, ndim + 5), st.integers(-ndim - 5, -ndim - 1)))
    seen = set()
    for backend in _BACKENDS:
        xp = xport.namespace(backend.name, checked=True)
        with pytest.raises(AxisError) as info:
            getattr(xp, function)(f32(xp, *([2] * ndim)), axis=axis)
        seen.add(str(info.value))
    assert len(seen) == 1, seen


@settings(max_examples=25, deadline=None)
@given(shape=st.lists(st.integers(-5, 4), min_size=1, max_size=3).filter(
    lambda s: min(s) < 0), function=st.sampled_from(("zeros", "ones", "empty")))
def test_generated_negative_shapes(shape: list[int], function: str) -> None:
    seen = set()
    for backend in _BACKENDS:
        xp = xport.namespace(backend.name, checked=True)
        with pytest.raises(ValueError, match="negative size") as info:
            getattr(xp, function)(tuple(shape))
        seen.add(str(info.value))
    assert len(seen) == 1, seen


@settings(max_examples=25, deadline=None)
@given(dtype=st.one_of(
    st.sampled_from(["float32", "int8", "bool", "complex64", "float16", "f4"]),
    st.sampled_from([np.float16, np.longdouble, np.dtype("float16"), float, int,
                     None.__class__])))
def test_generated_foreign_dtypes(dtype: object) -> None:
    seen = set()
    for backend in _BACKENDS:
        xp = xport.namespace(backend.name, checked=True)
        with pytest.raises(TypeError, match="is not a dtype of this namespace") as info:
            xp.zeros(2, dtype=dtype)
        seen.add(str(info.value))
    assert len(seen) == 1, seen


# --- checked mode accepts what the standard allows -------------------------------------

@pytest.mark.parametrize("name", _NAMES)
def test_checked_mode_leaves_valid_calls_alone(name: str) -> None:
    xp = xport.namespace(name, checked=True)
    x = f32(xp, 2, 3)
    assert tuple(xp.sum(x, axis=(0, 1), keepdims=True).shape) == (1, 1)
    assert tuple(xp.add(x, 1).shape) == (2, 3)  # int scalar with a float array
    assert tuple(xp.add(i32(xp, 3), 2).shape) == (3,)
    assert tuple(xp.expand_dims(x, axis=-3).shape) == (1, 2, 3)
    assert tuple(xp.stack([x, x], axis=-1).shape) == (2, 3, 2)
    assert tuple(xp.reshape(x, (-1,)).shape) == (6,)
    assert tuple(xp.matmul(x, f32(xp, 3, 4)).shape) == (2, 4)
    assert tuple(xp.concat([x, x], axis=None).shape) == (12,)
    assert tuple(xp.where(b8(xp, 2, 3), x, 0.5).shape) == (2, 3)
    assert tuple(xp.zeros((0, 2), dtype=xp.int32).shape) == (0, 2)
    assert tuple(xp.linalg.vector_norm(x, axis=(0, 1)).shape) == ()
    assert xp.isdtype(xp.float32, "real floating")
    assert xp.float32 == xport.namespace(name).float32


@pytest.mark.parametrize("name", _NAMES)
def test_checked_namespace_refuses_non_standard_names(name: str) -> None:
    xp = xport.namespace(name, checked=True)
    with pytest.raises(AttributeError, match="not a name of the Array API standard"):
        _ = xp.float16


def test_arrays_of_another_library_are_refused() -> None:
    others = [b for b in _BACKENDS if b.name != "numpy"]
    if not others:
        pytest.skip("needs a second backend")
    xp = xport.namespace(others[0].name, checked=True)
    with pytest.raises(TypeError, match="must be an array of this namespace"):
        xp.sum(np.ones(3, dtype=np.float32))


@pytest.mark.parametrize("name", _NAMES)
def test_checked_namespaces_carry_the_extension_hooks(name: str) -> None:
    # Every extension asks the namespace of its inputs for the backend's
    # descriptor: the checked one must hold the fast one's, hooks and all.
    fast, checked = xport.namespace(name), xport.namespace(name, checked=True)
    assert checked is not fast
    assert checked.__xport_backend__ is fast.__xport_backend__
    assert checked.__xport_backend__.name == name


def test_extensions_work_on_a_checked_test_run() -> None:
    import importlib.util
    import os
    import subprocess
    import sys

    if importlib.util.find_spec("torch") is None or "torch" not in _NAMES:
        pytest.skip("needs PyTorch")
    code = ("import torch, xport\n"
            "from xport.autodiff import grad\n"
            "assert xport.namespace_of(torch.ones(2)).__name__ == 'xport.checked.torch'\n"
            "print(float(grad(lambda x: (x * x).sum())(torch.ones(2) * 3).sum()))\n"
            "print(xport.at(torch.zeros(3), torch.tensor([0, 0])).add(1.0).tolist())\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={**os.environ, "XPORT_CHECKED": "1"}, check=True).stdout.split()
    assert out == ["12.0", "[2.0,", "0.0,", "0.0]"]


_ROUTES_PROBE = """
import sys, types, xport
import xport.random as xr
from xport._hooks import descriptor

for name in sys.argv[1:]:
    checked = xport.namespace(name)  # XPORT_CHECKED=1: the checked twin
    plain = xport.namespace(name, checked=False)
    x = checked.asarray([1.0, 2.0])
    ns = xport.namespace_of(x)
    assert ns is checked and ns is not plain, (name, ns)
    hooks, own = descriptor(ns), plain.__xport_backend__
    assert hooks is own, name
    for kind in ("scatter", "autodiff", "transforms", "random", "fluent"):
        assert getattr(hooks, kind) is getattr(own, kind), (name, kind)
    calls = []
    route = own.random.route
    spied = isinstance(route, types.ModuleType)  # a library's own sampler module
    if spied:  # it must be the one called
        original = route.normal
        route.normal = lambda *a, **k: calls.append(1) or original(*a, **k)
    xr.normal(xr.key(0, xp=ns), (3,))
    assert len(calls) == spied, (name, calls)
    print(name, "ok", "native" if spied else "portable" if route is None else "own route")
"""


def test_checked_test_runs_take_the_plain_routes() -> None:
    # Under XPORT_CHECKED=1 every extension gets the plain namespace's
    # descriptor, so it takes the same route (random on checked JAX is
    # jax.random, not the portable samplers).
    import os
    import subprocess
    import sys

    names = [n for n in _NAMES if n != "array_api_strict"]
    out = subprocess.run([sys.executable, "-c", _ROUTES_PROBE, *names], capture_output=True,
                         text=True, env={**os.environ, "XPORT_CHECKED": "1"}, check=False)
    assert out.returncode == 0, out.stderr[-2000:]
    lines = out.stdout.split("\n")
    assert [line.split()[:2] for line in lines if line] == [[n, "ok"] for n in names]
    if "jax" in names:
        assert "jax ok native" in lines


def test_import_statement_finds_a_checked_namespace_built_before() -> None:
    # namespace(..., checked=True) builds xport.checked.<name> before the
    # xport.checked package is imported; the import statement must find it.
    import subprocess
    import sys

    code = ("import xport\n"
            f"built = xport.namespace({_NAMES[0]!r}, checked=True)\n"
            f"import xport.checked.{_NAMES[0]} as imported\n"
            "assert imported is built, (imported, built)\n")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_checked_mode_switches_for_a_session() -> None:
    import os

    if os.environ.get("XPORT_CHECKED", "") not in ("", "0"):
        pytest.skip("the run is checked from start-up")
    target = _BACKENDS[0]
    x = target.from_numpy(np.ones(2, dtype=np.float32))
    plain = xport.namespace(target.name, checked=False)
    assert xport.namespace_of(x) is plain
    try:
        xport.checked.enable()
        assert xport.namespace_of(x) is xport.namespace(target.name, checked=True)
        assert xport.namespace(target.name) is not plain
    finally:
        xport.checked.enable(False)
    assert xport.namespace_of(x) is plain and xport.namespace(target.name) is plain


@pytest.mark.parametrize("name", [n for n in _NAMES if n != "array_api_strict"])
def test_checked_namespaces_count_as_their_library(name: str) -> None:
    checked = xport.namespace(name, checked=True)
    assert getattr(xport, f"is_{name}_namespace")(checked)
    others = [n for n in _NAMES if n not in (name, "array_api_strict")]
    assert not any(getattr(xport, f"is_{n}_namespace")(checked) for n in others)

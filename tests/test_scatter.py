"""xport.at and the segment reductions, against an independent reference: NumPy
indexing to find the positions, then one Python-level update per position, in
order (so duplicate indices apply every occurrence)."""

from __future__ import annotations

import numpy as np
import pytest
from conformance._backends import to_numpy
from hypothesis import given, settings
from hypothesis import strategies as st

import xport

_SCALAR_OPS = {
    "set": lambda a, v: v, "add": np.add, "subtract": np.subtract, "multiply": np.multiply,
    "divide": np.divide, "power": np.power, "min": np.minimum, "max": np.maximum,
}


def reference(x: np.ndarray, idx, op: str, values) -> np.ndarray:
    out = x.copy()
    positions = np.arange(x.size).reshape(x.shape)[idx]
    vals = np.broadcast_to(np.asarray(values, dtype=x.dtype), positions.shape)
    flat = out.reshape(-1)
    fn = _SCALAR_OPS[op]
    for p, v in zip(positions.reshape(-1), vals.reshape(-1), strict=True):
        flat[p] = fn(flat[p], v)
    return out


@st.composite
def index_for(draw, shape):
    """An index NumPy accepts for ``shape``: per axis an int, a slice or an
    integer array (duplicates and negatives included), or a boolean mask, with
    ``...`` and ``None`` sprinkled in."""
    if draw(st.integers(0, 5)) == 0:
        mask_dims = draw(st.integers(1, len(shape)))
        return draw(st.lists(st.booleans(), min_size=int(np.prod(shape[:mask_dims])),
                             max_size=int(np.prod(shape[:mask_dims])))
                    .map(lambda bits: np.asarray(bits).reshape(shape[:mask_dims])))
    n_axes = draw(st.integers(1, len(shape)))
    length = draw(st.integers(1, 5))
    parts: list[object] = []
    for n in shape[:n_axes]:
        kind = draw(st.sampled_from(["int", "slice", "array"]))
        if kind == "int":
            parts.append(draw(st.integers(-n, n - 1)))
        elif kind == "slice":
            parts.append(slice(draw(st.none() | st.integers(-n, n)),
                               draw(st.none() | st.integers(-n, n)),
                               draw(st.sampled_from([None, 1, 2, -1]))))
        else:
            parts.append(np.asarray(draw(st.lists(st.integers(-n, n - 1), min_size=length,
                                                  max_size=length)), dtype=np.int64))
    if draw(st.booleans()) and n_axes < len(shape):
        parts.append(Ellipsis)
    if draw(st.booleans()):
        parts.insert(draw(st.integers(0, len(parts))), None)
    return tuple(parts) if len(parts) > 1 or draw(st.booleans()) else parts[0]


def _to_backend(backend, value):
    if isinstance(value, np.ndarray):
        return backend.from_numpy(value)
    if isinstance(value, tuple):
        return tuple(_to_backend(backend, v) for v in value)
    return value


@st.composite
def update_case(draw):
    op = draw(st.sampled_from(sorted(_SCALAR_OPS)))
    dtype = draw(st.sampled_from(["float64", "float32"] if op == "divide"
                                 else ["float64", "float32", "int32", "int64"]))
    shape = tuple(draw(st.lists(st.integers(1, 4), min_size=1, max_size=3)))
    small = op in ("power", "multiply")
    if dtype.startswith("int"):
        elems = st.integers(0, 3) if small else st.integers(-50, 50)
    else:
        elems = st.floats(0.5, 2.0) if small else st.floats(-100, 100, width=32)
    x = np.asarray(draw(st.lists(elems, min_size=int(np.prod(shape)),
                                 max_size=int(np.prod(shape)))), dtype=dtype).reshape(shape)
    if op == "divide":
        # Divisors of the size where dividing by each duplicate in turn and by
        # their product (what most backends do) cannot overflow differently.
        elems = elems.filter(lambda v: v == 0 or abs(v) >= 2.0**-20)
    idx = draw(index_for(shape))
    target = np.empty(shape)[idx].shape
    values_shape = target[draw(st.integers(0, len(target))):]
    if draw(st.booleans()):
        values = draw(elems)
        values = float(values) if dtype.startswith("float") else int(values)
    else:
        values = np.asarray(draw(st.lists(elems, min_size=int(np.prod(values_shape)),
                                          max_size=int(np.prod(values_shape)))),
                            dtype=dtype).reshape(values_shape)
    return op, x, idx, values


_NARROW = {"float64": "float32", "int64": "int32"}


def _has_duplicates(x: np.ndarray, idx) -> bool:
    positions = np.arange(x.size).reshape(x.shape)[idx].reshape(-1)
    return len(set(positions.tolist())) != positions.size


@settings(max_examples=60, deadline=None)
@given(case=update_case())
def test_updates_match_the_reference(backend, case):
    op, x, idx, values = case
    if x.dtype.name not in backend.dtype_names:  # JAX without x64: 32-bit arrays only
        x = x.astype(_NARROW[x.dtype.name])
        if isinstance(values, np.ndarray):
            values = values.astype(x.dtype)
    xb = backend.from_numpy(x)
    before = to_numpy(xb).copy()
    got = getattr(xport.at(xb, _to_backend(backend, idx)), op)(_to_backend(backend, values))
    np.testing.assert_array_equal(to_numpy(xb), before)  # x untouched
    want = reference(x, idx, op, values)
    assert to_numpy(got).dtype == want.dtype
    if op == "set" and _has_duplicates(x, idx) and backend.name != "numpy":
        # Which duplicate wins is up to the library: check the rest.
        positions = np.arange(x.size).reshape(x.shape)[idx]
        untouched = np.ones(x.size, bool)
        untouched[positions.reshape(-1)] = False
        np.testing.assert_array_equal(to_numpy(got).reshape(-1)[untouched],
                                      want.reshape(-1)[untouched])
        return
    rtol = 1e-5 if x.dtype == np.float32 else 1e-12
    np.testing.assert_allclose(to_numpy(got), want, rtol=rtol, atol=rtol)


@pytest.mark.parametrize(("x", "mask", "values"), [
    ([0.0], [True], [2.0]), ([0.0], [False], [2.0]), ([0.0, 1.0], [True, False], [2.0]),
    ([0.0, 1.0], [True, True], [2.0, 3.0])])
def test_set_through_a_boolean_mask_with_an_array_of_values(backend, x, mask, values):
    # Dask's own __setitem__ accepts these calls and fails (or broadcasts to a
    # NaN length) when the result is computed.
    x, mask, values = np.asarray(x), np.asarray(mask), np.asarray(values)
    got = xport.at(backend.from_numpy(x), backend.from_numpy(mask)).set(backend.from_numpy(values))
    np.testing.assert_array_equal(to_numpy(got), reference(x, mask, "set", values))


def test_at_bracket_form_and_get(backend):
    x = backend.from_numpy(np.arange(6.0).reshape(2, 3))
    np.testing.assert_array_equal(to_numpy(xport.at(x)[:, 1].set(-1.0)),
                                  [[0, -1, 2], [3, -1, 5]])
    np.testing.assert_array_equal(to_numpy(xport.at(x, (1, 2)).get()), 5.0)
    with pytest.raises(TypeError, match="indexes twice"):
        xport.at(x, 0)[1]
    with pytest.raises(TypeError, match="needs an index"):
        xport.at(x).add(1.0)


def test_values_must_keep_the_dtype(backend):
    x = backend.from_numpy(np.zeros(3, dtype=np.int32))
    with pytest.raises(TypeError, match="would not keep x's dtype"):
        xport.at(x, 0).add(1.5)
    wide = backend.from_numpy(np.ones(1, dtype=np.int64))
    if backend.xp.__array_namespace_info__().dtypes().get("int64") is not None:
        with pytest.raises(TypeError, match="would not keep x's dtype"):
            xport.at(x, 0).set(wide)
    with pytest.raises(TypeError, match="floating-point x"):
        xport.at(x, 0).divide(2)
    with pytest.raises(TypeError, match="takes an array or a Python scalar"):
        xport.at(x, 0).set([1, 2])


def test_copy_false_updates_in_place_only_where_arrays_are_mutable(backend):
    x = backend.from_numpy(np.zeros(3))
    from xport._hooks import descriptor

    if descriptor(backend.xp).scatter.MUTABLE:
        out = xport.at(x, 1).add(2.0, copy=False)
        np.testing.assert_array_equal(to_numpy(x), [0.0, 2.0, 0.0])
        np.testing.assert_array_equal(to_numpy(out), [0.0, 2.0, 0.0])
    else:
        with pytest.raises(ValueError, match="immutable"):
            xport.at(x, 1).add(2.0, copy=False)


@pytest.mark.parametrize("op", ["sum", "max", "min"])
def test_segment_reductions(backend, op):
    rng = np.random.default_rng(0)
    data = rng.standard_normal((10, 3))
    ids = np.asarray([0, 3, 3, 1, 0, -1, 5, 3, 1, 0])  # -1 and 5 are dropped
    got = getattr(xport.scatter, f"segment_{op}")(backend.from_numpy(data),
                                                  backend.from_numpy(ids), 4)
    empty = {"sum": 0.0, "max": -np.inf, "min": np.inf}[op]
    reduce = {"sum": np.sum, "max": np.max, "min": np.min}[op]
    want = np.stack([reduce(data[ids == s], axis=0) if np.any(ids == s)
                     else np.full(3, empty) for s in range(4)])
    got = to_numpy(got)
    np.testing.assert_allclose(got, want, rtol=1e-5 if got.dtype == np.float32 else 1e-12)


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_segment_reductions_match_the_reference(backend, data):
    op = data.draw(st.sampled_from(["sum", "max", "min"]))
    rows = data.draw(st.integers(0, 12))
    num_segments = data.draw(st.integers(0, 5))
    # Half the cases keep every id in range (no id to drop), half allow strays.
    low, high = (0, num_segments - 1) if data.draw(st.booleans()) else (-2, num_segments + 1)
    if high < low:
        low, high = -2, num_segments + 1
    ids = np.asarray(data.draw(st.lists(st.integers(low, high), min_size=rows, max_size=rows)),
                     dtype=data.draw(st.sampled_from(["int32", "int64"])))
    values = np.asarray(data.draw(st.lists(st.floats(-100, 100, width=32), min_size=2 * rows,
                                           max_size=2 * rows)), np.float32).reshape(rows, 2)
    got = getattr(xport.scatter, f"segment_{op}")(backend.from_numpy(values),
                                                  backend.from_numpy(ids), num_segments)
    empty = {"sum": 0.0, "max": -np.inf, "min": np.inf}[op]
    want = np.full((num_segments, 2), empty, np.float32)
    combine = {"sum": np.add, "max": np.maximum, "min": np.minimum}[op]
    for row, s in zip(values, ids.tolist(), strict=True):
        if 0 <= s < num_segments:
            want[s] = combine(want[s], row)
    got = to_numpy(got)
    assert got.shape == want.shape and got.dtype == want.dtype
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-4)


def test_segment_argument_errors():
    with pytest.raises(TypeError, match="integer segment_ids"):
        xport.scatter.segment_sum(np.ones(3), np.ones(3), 2)
    with pytest.raises(ValueError, match="one id per row"):
        xport.scatter.segment_sum(np.ones(3), np.zeros(2, dtype=np.int64), 2)
    with pytest.raises(ValueError, match="non-negative Python int"):
        xport.scatter.segment_sum(np.ones(3), np.zeros(3, dtype=np.int64), -1)


@pytest.mark.filterwarnings("ignore:the matrix subclass:PendingDeprecationWarning")
def test_segment_checks_hold_after_a_call_that_passed_them():
    # A call that passed the checks must not let later calls skip them: float
    # or bool ids of the same array type, and data of a subclass, each get
    # their own answer.
    data = np.ones((3, 2))
    good = np.asarray([0, 1, 0])
    for _ in range(2):
        np.testing.assert_array_equal(xport.scatter.segment_sum(data, good, 2),
                                      [[2.0, 2.0], [1.0, 1.0]])
        with pytest.raises(TypeError, match="integer segment_ids; got float64"):
            xport.scatter.segment_sum(data, np.asarray([0.0, 1.0, 0.0]), 2)
        with pytest.raises(TypeError, match="integer segment_ids; got bool"):
            xport.scatter.segment_max(data, np.asarray([True, False, True]), 2)
        with pytest.raises(TypeError, match=r"numpy\.matrix"):
            xport.scatter.segment_sum(np.asmatrix(data), good, 2)


def test_segment_ids_of_another_library_with_the_same_dtype_are_refused():
    # Dask's ids have NumPy's dtypes: the answer stored for NumPy's data and
    # ids of that dtype must not serve them.
    da = pytest.importorskip("dask.array")
    data, good = np.ones((3, 2)), np.asarray([0, 1, 0])
    for _ in range(2):
        np.testing.assert_array_equal(xport.scatter.segment_sum(data, good, 2),
                                      [[2.0, 2.0], [1.0, 1.0]])
        with pytest.raises(TypeError, match="more than one library"):
            xport.scatter.segment_sum(data, da.asarray(good), 2)


def test_unsupported_namespace_is_a_clear_error():
    import array_api_strict

    with pytest.raises(TypeError, match="does not support arrays of array_api_strict"):
        xport.at(array_api_strict.asarray([1.0]), 0).set(2.0)


def test_xport_at_is_lazy():
    import subprocess
    import sys

    code = "import sys, xport; xport.at; print('numpy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "False"


@pytest.mark.parametrize("dtype", ["uint8", "uint16", "uint32", "uint64"])
@pytest.mark.parametrize("op", ["set", "add", "subtract", "multiply", "min", "max"])
def test_unsigned_updates_wrap_like_numpy(backend, dtype, op):
    if dtype not in backend.dtype_names:
        pytest.skip(f"{backend.name} has no {dtype}")
    top = int(np.iinfo(dtype).max)
    x = np.asarray([1, 2, top, 0, top // 2 + 1], dtype=dtype)
    idx = np.asarray([0, 2, 2, -1, 3])  # duplicates and a negative position
    values = np.asarray([5, top, 7, top - 1, top // 2 + 3], dtype=dtype)
    with np.errstate(over="ignore"):
        want = reference(x, idx, op, values)
    got = getattr(xport.at(backend.from_numpy(x), backend.from_numpy(idx)), op)(
        backend.from_numpy(values))
    got = to_numpy(got)
    assert got.dtype == want.dtype
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(to_numpy(backend.from_numpy(x)), x)


@pytest.mark.parametrize("dtype", ["uint16", "uint32", "uint64"])
@pytest.mark.parametrize("op", ["sum", "max", "min"])
def test_unsigned_segment_reductions(backend, dtype, op):
    if dtype not in backend.dtype_names:
        pytest.skip(f"{backend.name} has no {dtype}")
    top = int(np.iinfo(dtype).max)
    data = np.asarray([3, top, 1, top // 2 + 1, top - 2], dtype=dtype)
    ids = np.asarray([0, 0, 3, 3, 0])  # segments 1 and 2 are empty
    empty = {"sum": 0, "max": 0, "min": top}[op]
    combine = {"sum": np.add, "max": np.maximum, "min": np.minimum}[op]
    want = np.full(4, empty, dtype=dtype)
    with np.errstate(over="ignore"):
        for value, s in zip(data, ids.tolist(), strict=True):
            want[s] = combine(want[s], value)
    got = to_numpy(getattr(xport.scatter, f"segment_{op}")(
        backend.from_numpy(data), backend.from_numpy(ids), 4))
    assert got.dtype == want.dtype
    np.testing.assert_array_equal(got, want)

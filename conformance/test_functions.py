"""Differential tests against array_api_strict of the non-elementwise functions:
creation, data types, manipulation, searching, sets, sorting, statistics,
utility, indexing and the main-namespace linear algebra. Keyword arguments are
passed explicitly, defaults included, half the time."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from conformance import _strategies as s
from conformance._harness import D, Tolerance, check, default_dtype_map, dtype_name
from xport._spec.dtypes import DTYPE_NAMES, KIND_MEMBERS

KINDS = sorted(KIND_MEMBERS)


def _maybe(data, kwargs, defaults):
    """Add each default explicitly with probability 1/2 (explicit defaults must
    behave like omitted ones)."""
    out = dict(kwargs)
    for key, value in defaults.items():
        if key not in out and data.draw(st.booleans(), label=f"explicit {key}"):
            out[key] = value
    return out


def _axis(data, ndim, *, none=True, tuples=True, min_size=0):
    options = []
    if none:
        options.append(st.none())
    if ndim:
        options.append(st.integers(-ndim, ndim - 1))
        if tuples:
            options.append(hnp.valid_tuple_axes(ndim, min_size=min_size))
    return data.draw(st.one_of(options), label="axis") if options else None


# --- creation ---------------------------------------------------------------------

@given(data=st.data())
def test_arange(backend, ref, data):
    start = data.draw(st.integers(-10, 10), label="start")
    stop = data.draw(st.none() | st.integers(-10, 10), label="stop")
    step = data.draw(st.sampled_from([1, 2, 3, -1, -2]), label="step")
    dtype = data.draw(st.none() | st.sampled_from(
        [n for n in ("int32", "int64", "float32", "float64") if n in backend.dtype_names]))
    kwargs = {} if dtype is None else {"dtype": D(dtype)}
    check(backend, ref, "arange", start, stop, step, **kwargs)


@given(data=st.data())
def test_arange_float(backend, ref, data):
    start = data.draw(st.floats(-10, 10), label="start")
    stop = data.draw(st.floats(-10, 10), label="stop")
    step = data.draw(st.sampled_from([0.5, 0.25, -0.5, 1.5]), label="step")
    check(backend, ref, "arange", start, stop, step)


_SCALARS = st.one_of(st.booleans(), st.integers(-100, 100), st.floats(-1e3, 1e3),
                     st.builds(complex, st.floats(-10, 10), st.floats(-10, 10)))


@given(data=st.data())
def test_asarray_python_objects(backend, ref, data):
    kind = data.draw(st.sampled_from([st.booleans(), st.integers(-100, 100),
                                      st.floats(-1e3, 1e3) | st.just(float("nan")),
                                      st.builds(complex, st.floats(-10, 10),
                                                st.floats(-10, 10))]))
    nested = data.draw(st.one_of(kind, st.lists(kind, max_size=4),
                                 st.lists(st.lists(kind, min_size=2, max_size=2), max_size=3)))
    check(backend, ref, "asarray", nested)


@given(data=st.data())
def test_asarray_with_dtype(backend, ref, data):
    dtype = data.draw(s.dtype_names("numeric", backend.dtype_names), label="dtype")
    values = data.draw(st.lists(st.integers(0, 10), max_size=4), label="values")
    check(backend, ref, "asarray", values, dtype=D(dtype))


@pytest.mark.parametrize("name", ["zeros", "ones", "empty"])
@given(data=st.data())
def test_zeros_ones_empty(backend, ref, name, data):
    shape = data.draw(st.one_of(s.shapes(), st.integers(0, 4)), label="shape")
    dtype = data.draw(st.none() | s.dtype_names("any", backend.dtype_names), label="dtype")
    kwargs = _maybe(data, {} if dtype is None else {"dtype": D(dtype)}, {"device": None})
    got = backend.xp.__getattribute__(name)(shape, **{k: (getattr(backend.xp, v.name)
                                                          if isinstance(v, D) else v)
                                                      for k, v in kwargs.items()})
    want = getattr(ref.xp, name)(shape, **{k: (getattr(ref.xp, v.name) if isinstance(v, D)
                                               else v) for k, v in kwargs.items()})
    assert tuple(got.shape) == tuple(want.shape)
    expected = dtype_name(ref.xp, want.dtype)
    if dtype is None:
        expected = default_dtype_map(backend, ref).get(expected, expected)
    assert dtype_name(backend.xp, got.dtype) == expected
    if name != "empty":
        check(backend, ref, name, shape, **kwargs)


@given(data=st.data())
def test_full(backend, ref, data):
    shape = data.draw(s.shapes(), label="shape")
    fill = data.draw(_SCALARS, label="fill_value")
    dtype = data.draw(st.none() | s.dtype_names("any", backend.dtype_names), label="dtype")
    if dtype is not None:
        kind = s.kind_of(dtype)
        assume({bool: kind == "bool", int: kind != "bool",
                float: "floating" in kind, complex: kind == "complex floating"}[type(fill)])
        assume(not (isinstance(fill, int) and not isinstance(fill, bool)
                    and "unsigned" in kind and fill < 0))
        assume(not (type(fill) is int and dtype == "int8" and abs(fill) > 100))
    kwargs = {} if dtype is None else {"dtype": D(dtype)}
    check(backend, ref, "full", shape, fill, **kwargs)


@pytest.mark.parametrize("name", ["zeros_like", "ones_like", "empty_like", "full_like"])
@given(data=st.data())
def test_like(backend, ref, name, data):
    dtype = data.draw(s.dtype_names("any", backend.dtype_names), label="dtype")
    x = data.draw(s.arrays(dtype), label="x")
    out_dtype = data.draw(st.none() | s.dtype_names("real", backend.dtype_names))
    kwargs = _maybe(data, {} if out_dtype is None else {"dtype": D(out_dtype)},
                    {"device": None})
    args = (x, 1) if name == "full_like" else (x,)
    if name == "empty_like":
        got = backend.xp.empty_like(backend.from_numpy(x), **{
            k: getattr(backend.xp, v.name) if isinstance(v, D) else v for k, v in kwargs.items()})
        assert tuple(got.shape) == x.shape
        expected = out_dtype or dtype
        assert dtype_name(backend.xp, got.dtype) == expected
    else:
        check(backend, ref, name, *args, **kwargs)


@given(data=st.data())
def test_eye(backend, ref, data):
    n_rows = data.draw(st.integers(0, 5), label="n_rows")
    n_cols = data.draw(st.none() | st.integers(0, 5), label="n_cols")
    k = data.draw(st.integers(-5, 5), label="k")
    dtype = data.draw(st.none() | s.dtype_names("numeric", backend.dtype_names), label="dtype")
    kwargs = _maybe(data, {"k": k} if dtype is None else {"k": k, "dtype": D(dtype)},
                    {"device": None})
    check(backend, ref, "eye", n_rows, n_cols, **kwargs)


@given(data=st.data())
def test_linspace(backend, ref, data):
    start = data.draw(st.integers(-10, 10) | st.floats(-10, 10), label="start")
    stop = data.draw(st.integers(-10, 10) | st.floats(-10, 10), label="stop")
    num = data.draw(st.integers(0, 8), label="num")
    endpoint = data.draw(st.booleans(), label="endpoint")
    dtype = data.draw(st.none() | s.dtype_names("real floating", backend.dtype_names))
    kwargs = _maybe(data, {"endpoint": endpoint} if dtype is None else
                    {"endpoint": endpoint, "dtype": D(dtype)}, {"device": None})
    # A value that underflows to zero gets its sign from the precision it is
    # computed in (the reference computes in float64): signs of zeros are open.
    check(backend, ref, "linspace", start, stop, num, exact=False, zero_sign=False, **kwargs)


@given(data=st.data())
def test_meshgrid(backend, ref, data):
    dtype = data.draw(s.dtype_names("numeric", backend.dtype_names), label="dtype")
    n = data.draw(st.integers(1, 3), label="n")
    arrays = [data.draw(s.arrays(dtype, s.shapes(min_dims=1, max_dims=1))) for _ in range(n)]
    kwargs = _maybe(data, {}, {"indexing": data.draw(st.sampled_from(["xy", "ij"]))})
    check(backend, ref, "meshgrid", *arrays, **kwargs)


@pytest.mark.parametrize("name", ["tril", "triu"])
@given(data=st.data())
def test_tril_triu(backend, ref, name, data):
    dtype = data.draw(s.dtype_names("numeric", backend.dtype_names), label="dtype")
    x = data.draw(s.arrays(dtype, s.shapes(min_dims=2)), label="x")
    kwargs = _maybe(data, {}, {"k": data.draw(st.integers(-4, 4))})
    check(backend, ref, name, x, **kwargs)


# --- data types --------------------------------------------------------------------

def _castable(src, dst):
    ks, kd = s.kind_of(src), s.kind_of(dst)
    if ks == "complex floating" and kd != "complex floating":
        return False  # unspecified
    return not ("floating" in ks and kd in ("signed integer", "unsigned integer", "bool"))


@given(data=st.data())
def test_astype(backend, ref, data):
    src = data.draw(s.dtype_names("any", backend.dtype_names), label="from")
    dst = data.draw(s.dtype_names("any", backend.dtype_names), label="to")
    assume(_castable(src, dst))
    x = data.draw(s.arrays(src, ints="nonnegative"), label="x")
    kwargs = _maybe(data, {}, {"copy": True})
    check(backend, ref, "astype", x, D(dst), **kwargs)


def test_can_cast(backend, ref):
    for a in sorted(backend.dtype_names):
        for b in sorted(backend.dtype_names):
            got = backend.xp.can_cast(getattr(backend.xp, a), getattr(backend.xp, b))
            want = ref.xp.can_cast(getattr(ref.xp, a), getattr(ref.xp, b))
            assert bool(got) == bool(want), f"can_cast({a}, {b}) = {got}, want {want}"


@pytest.mark.parametrize("name", ["finfo", "iinfo"])
def test_finfo_iinfo(backend, ref, name):
    kinds = ("real floating", "complex floating") if name == "finfo" else ("integral",)
    fields = ("bits", "eps", "max", "min", "smallest_normal") if name == "finfo" else (
        "bits", "max", "min")
    for dtype in sorted(set().union(*(KIND_MEMBERS[k] for k in kinds)) & backend.dtype_names):
        want = getattr(ref.xp, name)(getattr(ref.xp, dtype))
        for arg in (getattr(backend.xp, dtype), backend.from_numpy(np.ones(2, dtype))):
            got = getattr(backend.xp, name)(arg)
            for field in fields:
                g, w = getattr(got, field), getattr(want, field)
                assert type(g) is type(w) and g == w, f"{name}({dtype}).{field}: {g!r} != {w!r}"
            assert dtype_name(backend.xp, got.dtype) == dtype_name(ref.xp, want.dtype)


def test_isdtype(backend, ref):
    for dtype in sorted(backend.dtype_names):
        for kind in [*KINDS, ("bool", "real floating")]:
            got = backend.xp.isdtype(getattr(backend.xp, dtype), kind)
            want = ref.xp.isdtype(getattr(ref.xp, dtype), kind)
            assert got == want, f"isdtype({dtype}, {kind!r}) = {got}"
        for other in sorted(backend.dtype_names):
            got = backend.xp.isdtype(getattr(backend.xp, dtype), getattr(backend.xp, other))
            assert got == (dtype == other), f"isdtype({dtype}, {other}) = {got}"


# --- manipulation ------------------------------------------------------------------

@given(data=st.data())
def test_broadcast_arrays_and_to(backend, ref, data):
    dtype = data.draw(s.dtype_names("any", backend.dtype_names), label="dtype")
    shapes = data.draw(hnp.mutually_broadcastable_shapes(num_shapes=3, max_side=3))
    arrays = [data.draw(s.arrays(dtype, shape)) for shape in shapes.input_shapes]
    check(backend, ref, "broadcast_arrays", *arrays)
    check(backend, ref, "broadcast_to", arrays[0], shapes.result_shape)


@given(data=st.data())
def test_broadcast_shapes(backend, ref, data):
    shapes = data.draw(hnp.mutually_broadcastable_shapes(num_shapes=3, max_side=3))
    assert backend.xp.broadcast_shapes(*shapes.input_shapes) == \
        ref.xp.broadcast_shapes(*shapes.input_shapes)


@pytest.mark.parametrize("name", ["concat", "stack"])
@given(data=st.data())
def test_concat_stack(backend, ref, name, data):
    d1, d2 = data.draw(s.dtype_pairs("any", backend.dtype_names), label="dtypes")
    shape = data.draw(s.shapes(min_dims=1), label="shape")
    x1 = data.draw(s.arrays(d1, shape))
    x2 = data.draw(s.arrays(d2, shape))
    ndim = len(shape) + (name == "stack")
    axis = data.draw(st.integers(-ndim, ndim - 1) | (st.none() if name == "concat" else
                                                     st.integers(0, 0)), label="axis")
    check(backend, ref, name, (x1, x2), axis=axis)


@given(data=st.data())
def test_expand_dims(backend, ref, data):
    dtype = data.draw(s.dtype_names("any", backend.dtype_names))
    x = data.draw(s.arrays(dtype))
    n = x.ndim + 1
    axis = data.draw(st.integers(-n, n - 1), label="axis")
    check(backend, ref, "expand_dims", x, axis=axis)


@given(data=st.data())
def test_expand_dims_tuple(backend, ref, data):
    """2025.12: a tuple of distinct positions in the output, from either end."""
    dtype = data.draw(s.dtype_names("any", backend.dtype_names))
    x = data.draw(s.arrays(dtype, s.shapes(max_dims=2)))
    axes = data.draw(s.expand_dims_axes(x.ndim), label="axis")
    check(backend, ref, "expand_dims", x, axis=axes)


@given(data=st.data())
def test_expand_dims_invalid_axis(backend, ref, data):
    """A position outside the output raises IndexError (the standard's
    "should"); a tuple repeating a position raises (the standard's "must"),
    ValueError or IndexError as for any invalid axis (not, say, StopIteration)."""
    x = data.draw(s.arrays("int8", s.shapes(max_dims=2)))
    k = data.draw(st.integers(1, 2), label="new axes")
    out = x.ndim + k
    valid = data.draw(st.lists(st.integers(-out, out - 1), min_size=k - 1, max_size=k - 1))
    repeated = data.draw(st.booleans(), label="repeated") and k == 2
    if repeated:
        axes = (valid[0], valid[0] % out - out if data.draw(st.booleans()) else valid[0] % out)
        expected: type[Exception] | tuple[type[Exception], ...] = (ValueError, IndexError)
    else:
        bad = data.draw(st.integers(out, out + 2) | st.integers(-out - 3, -out - 1),
                        label="out of range")
        axes = (*valid, bad)
        expected = IndexError
    axis = axes[0] if len(axes) == 1 and data.draw(st.booleans()) else axes
    with pytest.raises(expected):
        ref.xp.expand_dims(ref.from_numpy(x), axis=axis)
    with pytest.raises(expected):
        backend.xp.expand_dims(backend.from_numpy(x), axis=axis)


@given(data=st.data())
def test_flip(backend, ref, data):
    dtype = data.draw(s.dtype_names("any", backend.dtype_names))
    x = data.draw(s.arrays(dtype))
    kwargs = _maybe(data, {}, {"axis": _axis(data, x.ndim)})
    check(backend, ref, "flip", x, **kwargs)


@given(data=st.data())
def test_moveaxis(backend, ref, data):
    dtype = data.draw(s.dtype_names("any", backend.dtype_names))
    x = data.draw(s.arrays(dtype, s.shapes(min_dims=1)))
    n = x.ndim
    src = data.draw(st.integers(-n, n - 1))
    dst = data.draw(st.integers(-n, n - 1))
    check(backend, ref, "moveaxis", x, src, dst)


@given(data=st.data())
def test_permute_dims(backend, ref, data):
    dtype = data.draw(s.dtype_names("any", backend.dtype_names))
    x = data.draw(s.arrays(dtype))
    axes = data.draw(st.permutations(range(x.ndim)))
    # 2025.12: negative axes are allowed.
    axes = tuple(a - x.ndim if data.draw(st.booleans()) else a for a in axes)
    check(backend, ref, "permute_dims", x, axes)


@given(data=st.data())
def test_repeat(backend, ref, data):
    dtype = data.draw(s.dtype_names("any", backend.dtype_names))
    x = data.draw(s.arrays(dtype, s.shapes(min_dims=1)))
    axis = data.draw(st.none() | st.integers(-x.ndim, x.ndim - 1), label="axis")
    length = x.size if axis is None else x.shape[axis]
    repeats = data.draw(st.integers(0, 3) | s.arrays("int64", (length,), ints="nonnegative",
                                                      hi=3), label="repeats")
    kwargs = _maybe(data, {} if axis is None else {"axis": axis}, {"axis": None})
    if axis is None and x.ndim > 1:
        kwargs["axis"] = None
    check(backend, ref, "repeat", x, repeats, **kwargs)


@given(data=st.data())
def test_reshape(backend, ref, data):
    dtype = data.draw(s.dtype_names("any", backend.dtype_names))
    x = data.draw(s.arrays(dtype, s.shapes(min_side=1)))
    shape = [int(v) for v in data.draw(st.permutations(list(x.shape)))]
    if shape and data.draw(st.booleans()):
        shape[data.draw(st.integers(0, len(shape) - 1))] = -1
    kwargs = _maybe(data, {}, {"copy": data.draw(st.sampled_from([None, True]))})
    check(backend, ref, "reshape", x, tuple(shape), **kwargs)


@given(data=st.data())
def test_roll(backend, ref, data):
    dtype = data.draw(s.dtype_names("any", backend.dtype_names))
    x = data.draw(s.arrays(dtype))
    axis = _axis(data, x.ndim)
    if axis is None:
        shift = data.draw(st.integers(-5, 5))
    elif isinstance(axis, tuple):
        shift = tuple(data.draw(st.integers(-5, 5)) for _ in axis)
    else:
        shift = data.draw(st.integers(-5, 5))
    check(backend, ref, "roll", x, shift, axis=axis)


@given(data=st.data())
def test_squeeze(backend, ref, data):
    dtype = data.draw(s.dtype_names("any", backend.dtype_names))
    shape = data.draw(st.lists(st.sampled_from([1, 1, 2, 3]), min_size=1, max_size=4))
    x = data.draw(s.arrays(dtype, tuple(shape)))
    ones = [i for i, n in enumerate(shape) if n == 1]
    assume(ones)
    axis = data.draw(st.sampled_from(ones) | st.lists(st.sampled_from(ones), min_size=1,
                                                      unique=True).map(tuple))
    check(backend, ref, "squeeze", x, axis)


@given(data=st.data())
def test_tile(backend, ref, data):
    dtype = data.draw(s.dtype_names("any", backend.dtype_names))
    x = data.draw(s.arrays(dtype))
    reps = data.draw(st.lists(st.integers(0, 3), max_size=4).map(tuple))
    check(backend, ref, "tile", x, reps)


@given(data=st.data())
def test_unstack(backend, ref, data):
    dtype = data.draw(s.dtype_names("any", backend.dtype_names))
    x = data.draw(s.arrays(dtype, s.shapes(min_dims=1)))
    kwargs = _maybe(data, {}, {"axis": data.draw(st.integers(-x.ndim, x.ndim - 1))})
    check(backend, ref, "unstack", x, **kwargs)


# --- searching ---------------------------------------------------------------------

@pytest.mark.parametrize("name", ["argmax", "argmin"])
@given(data=st.data())
def test_argmax_argmin(backend, ref, name, data):
    dtype = data.draw(s.dtype_names("real", backend.dtype_names))
    x = data.draw(s.arrays(dtype, s.shapes(min_side=1), ints="full"))
    axis = _axis(data, x.ndim, tuples=False)
    kwargs = _maybe(data, {} if axis is None else {"axis": axis},
                    {"keepdims": data.draw(st.booleans())})
    check(backend, ref, name, x, **kwargs)


@given(data=st.data())
def test_count_nonzero(backend, ref, data):
    dtype = data.draw(s.dtype_names("any", backend.dtype_names))
    x = data.draw(s.arrays(dtype))
    kwargs = _maybe(data, {}, {"axis": _axis(data, x.ndim),
                               "keepdims": data.draw(st.booleans())})
    check(backend, ref, "count_nonzero", x, **kwargs)


@given(data=st.data())
def test_nonzero(backend, ref, data):
    dtype = data.draw(s.dtype_names("any", backend.dtype_names))
    x = data.draw(s.arrays(dtype, s.shapes(min_dims=1)))
    check(backend, ref, "nonzero", x)


@given(data=st.data())
def test_searchsorted(backend, ref, data):
    dtype = data.draw(s.dtype_names("real", backend.dtype_names))
    x1 = np.sort(data.draw(s.arrays(dtype, s.shapes(min_dims=1, max_dims=1),
                                    specials=False)))
    x2 = data.draw(s.arrays(dtype, specials=False) | s.scalar_for(
        dtype, allow_complex=False, specials=False), label="x2")
    if isinstance(x2, float) and "integer" in s.kind_of(dtype):
        x2 = int(x2)
    kwargs = _maybe(data, {}, {"side": data.draw(st.sampled_from(["left", "right"])),
                               "sorter": None})
    check(backend, ref, "searchsorted", x1, x2, **kwargs)


@given(data=st.data())
def test_where(backend, ref, data):
    d1, d2 = data.draw(s.dtype_pairs("any", backend.dtype_names))
    shapes = data.draw(hnp.mutually_broadcastable_shapes(num_shapes=3, max_side=3))
    cond = data.draw(s.arrays("bool", shapes.input_shapes[0]))
    x1 = data.draw(s.arrays(d1, shapes.input_shapes[1]))
    x2 = data.draw(s.arrays(d2, shapes.input_shapes[2]) | s.scalar_for(
        d2, allow_complex=False), label="x2")
    if isinstance(x2, float) and "integer" in s.kind_of(d2):
        x2 = int(x2)
    if isinstance(x2, (bool, int, float, complex)) and s.kind_of(d1) != s.kind_of(d2):
        x1 = x1.astype(d2)
    check(backend, ref, "where", cond, x1, x2)


# --- sets --------------------------------------------------------------------------

def _sorted_with_nans(a):
    a = np.asarray(a)
    return np.sort(a[~np.isnan(a)]) if a.dtype.kind == "f" else np.sort(a), (
        int(np.isnan(a).sum()) if a.dtype.kind == "f" else 0)


@pytest.mark.parametrize("name", ["unique_values", "unique_counts", "unique_inverse",
                                  "unique_all"])
@given(data=st.data())
def test_unique(backend, ref, name, data):
    """The standard leaves the order of unique values open: compare them as
    sets with array_api_strict, and check counts, inverse and first-occurrence
    indices by their definition."""
    from conformance._backends import to_numpy

    dtype = data.draw(s.dtype_names("real", backend.dtype_names))
    x = data.draw(s.arrays(dtype, ints="small", hi=3, lo=-3))
    got = getattr(backend.xp, name)(backend.from_numpy(x))
    want = getattr(ref.xp, name)(ref.from_numpy(x))
    if name == "unique_values":
        got, want = (got,), (want,)
    assert getattr(got, "_fields", None) == getattr(want, "_fields", None)
    values = to_numpy(got[0])
    assert values.ndim == 1 and dtype_name(backend.xp, got[0].dtype) == dtype
    v_sorted, v_nans = _sorted_with_nans(values)
    w_sorted, w_nans = _sorted_with_nans(to_numpy(want[0]))
    assert np.array_equal(v_sorted, w_sorted) and v_nans == w_nans, (values, want[0])
    flat = x.reshape(-1)
    fields = dict(zip(getattr(got, "_fields", ("values",)), got, strict=True))
    index = dtype_name(backend.xp,
                       backend.xp.__array_namespace_info__().default_dtypes()["indexing"])
    for field in ("indices", "inverse_indices", "counts"):
        if field in fields:
            assert dtype_name(backend.xp, fields[field].dtype) == index, field
    if "counts" in fields:
        counts = to_numpy(fields["counts"])
        expected = [1 if v != v else int(np.sum(flat == v)) for v in values]
        assert counts.tolist() == expected
    if "inverse_indices" in fields:
        inverse = to_numpy(fields["inverse_indices"])
        assert inverse.shape == x.shape
        np.testing.assert_array_equal(values[inverse], x)
    if "indices" in fields:
        indices = to_numpy(fields["indices"])
        np.testing.assert_array_equal(flat[indices], values)
        for i, v in zip(indices, values, strict=True):
            if v == v:
                assert i == int(np.argmax(flat == v)), "indices must be first occurrences"


@given(data=st.data())
def test_isin(backend, ref, data):
    dtype = data.draw(s.dtype_names("integral", backend.dtype_names))
    x1 = data.draw(s.arrays(dtype, ints="nonnegative") | st.integers(0, 10), label="x1")
    x2 = data.draw(s.arrays(dtype, ints="nonnegative") | st.integers(0, 10), label="x2")
    assume(not (isinstance(x1, int) and isinstance(x2, int)))
    invert = data.draw(st.booleans(), label="invert")
    got = check(backend, ref, "isin", x1, x2)
    # array_api_strict 2.6 ignores invert=; check it against the plain result.
    inverted = backend.xp.isin(*(backend.from_numpy(v) if isinstance(v, np.ndarray) else v
                                 for v in (x1, x2)), invert=invert)
    from conformance._backends import to_numpy

    expected = ~to_numpy(got) if invert else to_numpy(got)
    np.testing.assert_array_equal(to_numpy(inverted), expected)


# --- sorting -----------------------------------------------------------------------

@pytest.mark.parametrize("name", ["sort", "argsort"])
@given(data=st.data())
def test_sort(backend, ref, name, data):
    dtype = data.draw(s.dtype_names("real", backend.dtype_names))
    x = data.draw(s.arrays(dtype, s.shapes(min_dims=1), ints="small", hi=3, lo=-3))
    kwargs = _maybe(data, {}, {"axis": data.draw(st.integers(-x.ndim, x.ndim - 1)),
                               "descending": data.draw(st.booleans()), "stable": True})
    check(backend, ref, name, x, **kwargs)


# --- statistics --------------------------------------------------------------------

@pytest.mark.parametrize("name", ["sum", "prod"])
@given(data=st.data())
def test_sum_prod(backend, ref, name, data):
    dtype = data.draw(s.dtype_names("numeric", backend.dtype_names))
    options = {"ints": "small", "lo": -2, "hi": 2} if name == "prod" else {"ints": "small"}
    x = data.draw(s.arrays(dtype, **options))
    kwargs = _maybe(data, {}, {"axis": _axis(data, x.ndim), "dtype": None,
                               "keepdims": data.draw(st.booleans())})
    check(backend, ref, name, x, exact=False, **kwargs)


@pytest.mark.parametrize("name", ["sum", "prod"])
@given(data=st.data())
def test_sum_prod_of_integers_wrap_around(backend, ref, name, data):
    """Integers over their whole range (uint32 too): the accumulation dtype's
    wrap-around is the result, bit for bit."""
    dtype = data.draw(s.dtype_names("integral", backend.dtype_names))
    x = data.draw(s.arrays(dtype, ints="full"))
    kwargs = _maybe(data, {}, {"axis": _axis(data, x.ndim), "dtype": None,
                               "keepdims": data.draw(st.booleans())})
    check(backend, ref, name, x, **kwargs)


@pytest.mark.parametrize("name", ["max", "min"])
@given(data=st.data())
def test_max_min(backend, ref, name, data):
    dtype = data.draw(s.dtype_names("real", backend.dtype_names))
    x = data.draw(s.arrays(dtype, s.shapes(min_side=1), ints="full"))
    kwargs = _maybe(data, {}, {"axis": _axis(data, x.ndim),
                               "keepdims": data.draw(st.booleans())})
    # The standard leaves the order of signed zeros open: either zero may be
    # the maximum of [0.0, -0.0] (PyTorch and NumPy pick differently).
    check(backend, ref, name, x, zero_sign=False, **kwargs)


@given(data=st.data())
def test_mean(backend, ref, data):
    dtype = data.draw(s.dtype_names("floating", backend.dtype_names))
    # The reference divides a complex sum by n with complex division, which
    # turns an infinite part's partner into NaN and flips zero signs; the
    # standard fixes neither for mean.
    complex_mean = "complex" in dtype
    x = data.draw(s.arrays(dtype, s.shapes(min_side=1), specials=not complex_mean))
    kwargs = _maybe(data, {}, {"axis": _axis(data, x.ndim),
                               "keepdims": data.draw(st.booleans())})
    check(backend, ref, "mean", x, exact=False, zero_sign=not complex_mean, **kwargs)


@pytest.mark.parametrize("name", ["std", "var"])
@given(data=st.data())
def test_std_var(backend, ref, name, data):
    dtype = data.draw(s.dtype_names("real floating", backend.dtype_names))
    x = data.draw(s.arrays(dtype, s.shapes(min_side=2), lo=-100, hi=100))
    kwargs = _maybe(data, {}, {"axis": _axis(data, x.ndim),
                               "correction": data.draw(st.sampled_from([0, 1, 0.0, 1.0])),
                               "keepdims": data.draw(st.booleans())})
    # The spread of equal values is zero up to rounding of the mean, which is
    # relative to the values rather than to the (zero) result; and squared
    # deviations below the smallest normal number underflow in the reference.
    finite = np.abs(x[np.isfinite(x)])
    scale = float(finite.max()) if finite.size else 0.0
    info = np.finfo(x.dtype)
    atol = (8 * float(info.eps) * scale + float(np.sqrt(info.smallest_normal)) if name == "std"
            else 8 * float(info.eps) * scale * scale + float(info.smallest_normal))
    check(backend, ref, name, x, exact=False, tol=Tolerance(atol=atol), **kwargs)


@pytest.mark.parametrize("name", ["cumulative_sum", "cumulative_prod"])
@given(data=st.data())
def test_cumulative(backend, ref, name, data):
    dtype = data.draw(s.dtype_names("numeric", backend.dtype_names))
    # With include_initial the reference multiplies by 1 + 0j, which turns
    # complex infinities into NaNs and flips zero signs; the standard fixes neither.
    x = data.draw(s.arrays(dtype, s.shapes(min_dims=1), ints="small", lo=-2, hi=2,
                           specials="complex" not in dtype))
    axis = data.draw(st.integers(-x.ndim, x.ndim - 1)) if x.ndim > 1 or data.draw(
        st.booleans()) else None
    kwargs = _maybe(data, {} if axis is None else {"axis": axis},
                    {"dtype": None, "include_initial": data.draw(st.booleans())})
    check(backend, ref, name, x, exact=False, zero_sign=False, **kwargs)


# --- utility -----------------------------------------------------------------------

@pytest.mark.parametrize("name", ["all", "any"])
@given(data=st.data())
def test_all_any(backend, ref, name, data):
    dtype = data.draw(s.dtype_names("any", backend.dtype_names))
    x = data.draw(s.arrays(dtype))
    kwargs = _maybe(data, {}, {"axis": _axis(data, x.ndim),
                               "keepdims": data.draw(st.booleans())})
    check(backend, ref, name, x, **kwargs)


@given(data=st.data())
def test_diff(backend, ref, data):
    dtype = data.draw(s.dtype_names("real", backend.dtype_names))
    x = data.draw(s.arrays(dtype, s.shapes(min_dims=1), specials=False))
    axis = data.draw(st.integers(-x.ndim, x.ndim - 1))
    n = data.draw(st.integers(0, 2))
    edge_shape = x.shape[:axis % x.ndim] + (1,) + x.shape[axis % x.ndim + 1:]
    edge = st.none() | s.arrays(dtype, edge_shape, specials=False)
    kwargs = _maybe(data, {"axis": axis, "n": n},
                    {"prepend": data.draw(edge, label="prepend"),
                     "append": data.draw(edge, label="append")})
    check(backend, ref, "diff", x, **kwargs)


# --- indexing ----------------------------------------------------------------------

@given(data=st.data())
def test_take(backend, ref, data):
    dtype = data.draw(s.dtype_names("any", backend.dtype_names))
    x = data.draw(s.arrays(dtype, s.shapes(min_dims=1, min_side=1)))
    axis = data.draw(st.integers(-x.ndim, x.ndim - 1)) if x.ndim > 1 else data.draw(
        st.none() | st.just(0))
    n = x.shape[0 if axis is None else axis]
    # 2024.12: negative indices count from the end.
    indices = data.draw(s.arrays("int64", s.shapes(min_dims=1, max_dims=1), ints="full",
                                 lo=-n, hi=n - 1))
    kwargs = {} if axis is None else {"axis": axis}
    check(backend, ref, "take", x, indices, **kwargs)


@given(data=st.data())
def test_take_along_axis(backend, ref, data):
    dtype = data.draw(s.dtype_names("any", backend.dtype_names))
    x = data.draw(s.arrays(dtype, s.shapes(min_dims=1, min_side=1)))
    axis = data.draw(st.integers(-x.ndim, x.ndim - 1))
    n = x.shape[axis]
    shape = list(x.shape)
    shape[axis] = data.draw(st.integers(0, 4))
    indices = data.draw(s.arrays("int64", tuple(shape), ints="full", lo=-n, hi=n - 1))
    kwargs = _maybe(data, {} if axis == -1 else {"axis": axis}, {"axis": axis})
    check(backend, ref, "take_along_axis", x, indices, **kwargs)


# --- linear algebra (main namespace) ------------------------------------------------

@given(data=st.data())
def test_matmul(backend, ref, data):
    d1, d2 = data.draw(s.dtype_pairs("numeric", backend.dtype_names))
    m, k, n = (data.draw(st.integers(1, 3)) for _ in range(3))
    # Stacks broadcast; a 1 against a 0 makes an empty stack.
    batch1, batch2 = data.draw(s.stack_shapes(), label="stacks")
    shape1 = batch1 + (m, k) if data.draw(st.booleans()) else (k,)
    shape2 = batch2 + (k, n) if data.draw(st.booleans()) else (k,)
    x1 = data.draw(s.arrays(d1, shape1, specials=False, lo=-10, hi=10))
    x2 = data.draw(s.arrays(d2, shape2, specials=False, lo=-10, hi=10))
    check(backend, ref, "matmul", x1, x2, exact=False)


@pytest.mark.parametrize("name", ["matmul", "linalg.matmul"])
@given(data=st.data())
def test_matmul_of_shapes_that_do_not_fit(backend, ref, name, data):
    """An undefined product raises at the call, on lazy backends too (the
    shapes are known): no backend may broadcast an inner size of 1."""
    from conformance._harness import resolve

    shape1, shape2 = data.draw(s.unfit_matmul_shapes(), label="shapes")
    d1, d2 = data.draw(s.dtype_pairs("numeric", backend.dtype_names))
    x1, x2 = np.ones(shape1, dtype=d1), np.ones(shape2, dtype=d2)
    with pytest.raises(Exception):  # noqa: B017 - the standard fixes no exception type
        resolve(ref.xp)(name)(ref.from_numpy(x1), ref.from_numpy(x2))
    with pytest.raises(Exception):  # noqa: B017
        resolve(backend.xp)(name)(backend.from_numpy(x1), backend.from_numpy(x2))


@given(data=st.data())
def test_matrix_transpose(backend, ref, data):
    dtype = data.draw(s.dtype_names("any", backend.dtype_names))
    check(backend, ref, "matrix_transpose", data.draw(s.arrays(dtype, s.shapes(min_dims=2))))


@given(data=st.data())
def test_tensordot(backend, ref, data):
    d1, d2 = data.draw(s.dtype_pairs("numeric", backend.dtype_names))
    shape = data.draw(s.shapes(min_dims=1, max_dims=3, min_side=1, max_side=3))
    k = data.draw(st.integers(0, len(shape)))
    # Integers over their whole range: products and sums wrap around (uint32 too).
    x1 = data.draw(s.arrays(d1, shape, specials=False, lo=-10, hi=10, ints="full"))
    x2 = data.draw(s.arrays(d2, shape[len(shape) - k:] + (2,), specials=False, lo=-10,
                            hi=10, ints="full"))
    kwargs = _maybe(data, {} if k == 2 else {"axes": k}, {"axes": k})
    # The sign of a zero sum of products depends on the summation order; the
    # standard does not fix it.
    check(backend, ref, "tensordot", x1, x2, exact=False, zero_sign=False, **kwargs)


@given(data=st.data())
def test_tensordot_axis_sequences(backend, ref, data):
    """``axes`` as two sequences of axes in any order, negative ones included."""
    d1, d2 = data.draw(s.dtype_pairs("numeric", backend.dtype_names))
    shape1 = data.draw(s.shapes(min_dims=1, max_dims=3, min_side=1, max_side=3))
    contracted = tuple(a % len(shape1) for a in data.draw(hnp.valid_tuple_axes(len(shape1)),
                                                          label="axes of x1"))
    # x2 keeps two axes or more (dask.array.tensordot misplaces negative axes of x1 then).
    free = data.draw(s.shapes(min_dims=2, max_dims=3, min_side=1, max_side=2),
                     label="free axes of x2")
    order = data.draw(st.permutations(range(len(contracted) + len(free))), label="x2 layout")
    sizes = [shape1[a] for a in contracted] + list(free)
    shape2 = tuple(sizes[i] for i in order)
    second = tuple(order.index(i) for i in range(len(contracted)))
    first = tuple(a - len(shape1) if data.draw(st.booleans()) else a for a in contracted)
    second = tuple(a - len(shape2) if data.draw(st.booleans()) else a for a in second)
    x1 = data.draw(s.arrays(d1, shape1, specials=False, lo=-10, hi=10, ints="full"))
    x2 = data.draw(s.arrays(d2, shape2, specials=False, lo=-10, hi=10, ints="full"))
    check(backend, ref, "tensordot", x1, x2, axes=(first, second), exact=False,
          zero_sign=False)


@given(data=st.data())
def test_vecdot(backend, ref, data):
    d1, d2 = data.draw(s.dtype_pairs("numeric", backend.dtype_names))
    shapes = data.draw(hnp.mutually_broadcastable_shapes(num_shapes=2, min_dims=1,
                                                         max_side=3))
    n = data.draw(st.integers(1, 3))
    x1 = data.draw(s.arrays(d1, shapes.input_shapes[0] + (n,), specials=False, lo=-10, hi=10))
    x2 = data.draw(s.arrays(d2, shapes.input_shapes[1] + (n,), specials=False, lo=-10, hi=10))
    kwargs = _maybe(data, {}, {"axis": -1})
    # As in tensordot, the sign of a zero sum of products is the summation's.
    check(backend, ref, "vecdot", x1, x2, exact=False, zero_sign=False, **kwargs)


def test_every_standard_dtype_is_named(backend):
    for name in DTYPE_NAMES:
        if name in backend.dtype_names:
            assert dtype_name(backend.xp, getattr(backend.xp, name)) == name

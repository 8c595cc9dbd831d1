"""The backend-neutral mechanisms of ``xport._common``, bound here to NumPy
stand-ins for a library's natives, so that each flag and fallback is
exercised independently of any one backend."""

from __future__ import annotations

import numpy as np
import pytest

from xport._common.copying import make_reshape
from xport._common.elementwise import Operands, make_binary, make_promote_pair
from xport._common.kinds import make_isdtype
from xport._common.promotion import make_result_type, promotion_lookup, scalar_dtype_name
from xport._common.reductions import ShapeOps, kept_shape, make_reduction
from xport._spec.dtypes import DTYPE_NAMES

DTYPES = {name: np.dtype(name) for name in DTYPE_NAMES}
NAMES = {dtype: name for name, dtype in DTYPES.items()}


def name_of(dtype):
    return NAMES.get(np.dtype(getattr(dtype, "dtype", dtype)))


# --- promotion ---------------------------------------------------------------------------

def test_scalar_dtype_names_follow_the_2024_12_rules():
    assert scalar_dtype_name("int8", 3) == "int8"
    assert scalar_dtype_name("float32", 3) == "float32"
    assert scalar_dtype_name("float32", 2.5) == "float32"
    assert scalar_dtype_name("float64", 1j) == "complex128"
    assert scalar_dtype_name("complex64", 1.0) == "complex64"
    assert scalar_dtype_name("bool", True) == "bool"
    for undefined in (("int8", 2.5), ("bool", 1), ("int8", True), ("int8", 1j)):
        assert scalar_dtype_name(*undefined) is None


def test_promotion_lookup_holds_only_differing_defined_pairs():
    table = promotion_lookup(DTYPES)
    assert table[DTYPES["uint8"], DTYPES["int8"]] == DTYPES["int16"]
    assert (DTYPES["int8"], DTYPES["int8"]) not in table
    assert (DTYPES["int8"], DTYPES["float32"]) not in table
    assert (DTYPES["uint64"], DTYPES["int64"]) not in table


def _defaults(device):
    return {"integral": DTYPES["int32"], "real floating": DTYPES["float32"],
            "complex floating": DTYPES["complex64"]}


def test_result_type_without_a_native_fallback_raises_for_mixed_kinds():
    result_type = make_result_type(DTYPES, name_of, defaults=_defaults)
    assert result_type(DTYPES["int8"], np.ones(1, np.int16), 3) == DTYPES["int16"]
    assert result_type(DTYPES["float32"], 1j) == DTYPES["complex64"]
    with pytest.raises(TypeError, match="no promotion of int8 with float32"):
        result_type(DTYPES["int8"], DTYPES["float32"])
    fallback = make_result_type(DTYPES, name_of, defaults=_defaults, native=np.promote_types)
    assert fallback(DTYPES["int8"], DTYPES["float32"]) == DTYPES["float32"]


def test_result_type_scalars_the_standard_leaves_undefined_take_the_library_defaults():
    result_type = make_result_type(DTYPES, name_of, defaults=_defaults)
    # scalars alone: the default dtype of the highest kind among them
    assert result_type(1, 2) == DTYPES["int32"]
    assert result_type(1, 2.0) == DTYPES["float32"]
    assert result_type(True, 1j) == DTYPES["complex64"]
    assert result_type(True, False) == DTYPES["bool"]
    # a scalar of a higher kind than the array: its kind's default; of a lower kind: the array's
    assert result_type(DTYPES["int8"], 1.5) == DTYPES["float32"]
    assert result_type(DTYPES["bool"], 1) == DTYPES["int32"]
    assert result_type(DTYPES["float64"], True) == DTYPES["float64"]
    assert result_type(DTYPES["uint8"], 1j) == DTYPES["complex64"]
    with pytest.raises(TypeError, match="at least one array, dtype or Python scalar"):
        result_type()


# --- binary operands -----------------------------------------------------------------------

def _strict_maximum(x1, x2):
    """A native that, like torch.maximum, takes arrays only and no mixed dtypes."""
    assert isinstance(x1, np.ndarray) and isinstance(x2, np.ndarray)
    assert x1.dtype == x2.dtype, (x1.dtype, x2.dtype)
    return np.maximum(x1, x2)


OPS = Operands(dtypes=DTYPES, name_of=name_of, cast=lambda x, d: x.astype(d),
               scalar_array=lambda v, d, like: np.asarray(v, dtype=d),
               native_right=(), is_0d=lambda x: x.ndim == 0)


def test_binary_turns_scalars_into_arrays_of_the_standards_dtype():
    maximum = make_binary(_strict_maximum, OPS, name="maximum")
    x = np.array([1, 5], dtype=np.int8)
    assert maximum(x, 3).dtype == np.int8 and maximum(x, 3).tolist() == [3, 5]
    assert maximum(3, x).tolist() == [3, 5]
    assert maximum.__name__ == "maximum" and "Deviations fixed" in maximum.__doc__


def test_binary_promotes_0d_operands_by_the_table():
    maximum = make_binary(_strict_maximum, OPS, name="maximum")
    out = maximum(np.array([1, 2], dtype=np.int8), np.array(300, dtype=np.int16))
    assert out.dtype == np.int16 and out.tolist() == [300, 300]


def test_promote_pair_skips_natively_right_pairs_and_uses_the_undefined_rule():
    right = Operands(dtypes=DTYPES, name_of=name_of, cast=lambda x, d: x.astype(d),
                     scalar_array=OPS.scalar_array,
                     native_right=[(DTYPES["int8"], DTYPES["int16"])],
                     is_0d=lambda x: x.ndim == 0, undefined=np.promote_types)
    promote = make_promote_pair(right)
    a, b = np.ones(2, np.int8), np.ones(2, np.int16)
    assert promote(a, b)[0] is a  # both 1-d and natively right: untouched
    assert promote(a, np.ones((), np.int16))[0].dtype == np.int16  # 0-d: cast
    assert promote(a, np.ones(2, np.float32))[0].dtype == np.float32  # undefined rule
    assert make_promote_pair(OPS)(a, np.ones(2, np.float32))[0] is a  # no rule: untouched


# --- reductions ------------------------------------------------------------------------------

SHAPES = ShapeOps(expand_last=lambda x: x[..., None], reshape=np.reshape,
                  permute=np.transpose)


def _int_axis_prod(x, axis=None, **options):
    """A native like torch.prod: one int axis at most, no keepdims."""
    assert axis is None or isinstance(axis, int), axis
    assert "keepdims" not in options
    return np.prod(x, axis=axis, **options)


def test_reduction_flattens_tuple_axes_for_int_only_natives():
    prod = make_reduction(_int_axis_prod, SHAPES, tuple_axes=False, keepdims=False)
    x = np.arange(1.0, 25.0).reshape(2, 3, 4)
    np.testing.assert_array_equal(prod(x, (0, 2), False), np.prod(x, axis=(0, 2)))
    assert prod(x, (0, 2), True).shape == (1, 3, 1)
    assert prod(x, None, True).shape == (1, 1, 1)
    assert prod(x, 1, True).shape == (2, 1, 4)
    np.testing.assert_array_equal(prod(x, (), False), x)
    with pytest.raises(IndexError, match="out of range"):
        prod(x, (0, 3), False)


def test_reduction_over_no_axes_reduces_each_element_alone():
    def every_axis_for_empty(x, axis=None, keepdims=False, **options):
        # The PyTorch convention this fixes: dim=() means every axis.
        return np.sum(x, axis=None if axis == () else axis, keepdims=keepdims, **options)

    total = make_reduction(every_axis_for_empty, SHAPES)
    x = np.arange(6).reshape(2, 3)
    np.testing.assert_array_equal(total(x, (), False), x)
    assert total(x, None, True).shape == (1, 1)
    assert kept_shape((2, 3, 4), (0, 2)) == (1, 3, 1)



def test_reduction_hands_non_empty_tuples_to_natives_that_read_them():
    calls = []

    def like_torch_sum(x, axis=None, keepdims=False, **options):
        # PyTorch's reading of axes: () is every axis, a repeated one raises
        # RuntimeError.
        calls.append(axis)
        if isinstance(axis, tuple) and len(set(a % x.ndim for a in axis)) != len(axis):
            raise RuntimeError("dim appears multiple times")
        return np.sum(x, axis=None if axis == () else axis, keepdims=keepdims, **options)

    total = make_reduction(like_torch_sum, SHAPES, positional=True, native_tuples=True)
    x = np.arange(24.0).reshape(2, 3, 4)
    np.testing.assert_array_equal(total(x, (2, -3), True), np.sum(x, axis=(0, 2), keepdims=True))
    assert calls == [(2, -3)]  # as given: no normalising on the way
    np.testing.assert_array_equal(total(x, (), False), x)
    assert () not in calls
    with pytest.raises(ValueError, match="more than once"):
        total(x, (0, -3), False)
    with pytest.raises(IndexError, match="out of range"):
        total(x, (0, 3), False)
    with pytest.raises(ValueError, match="native_tuples"):
        make_reduction(like_torch_sum, SHAPES, tuple_axes=False, native_tuples=True)


# --- copy semantics and kinds ---------------------------------------------------------------------

def _numpy_view(x, shape):
    view = x.view()
    view.shape = shape
    return view


def test_reshape_copy_semantics():
    reshape = make_reshape(np.reshape, _numpy_view, np.copy, (AttributeError,))
    x = np.arange(6)
    assert np.shares_memory(reshape(x, (2, 3), copy=False), x)
    assert not np.shares_memory(reshape(x, (2, 3), copy=True), x)
    with pytest.raises(ValueError, match="copy=False needs a copy"):
        reshape(x.reshape(2, 3).T, (6,), copy=False)


def test_isdtype_by_names():
    isdtype = make_isdtype(name_of)
    assert isdtype(DTYPES["uint16"], "integral")
    assert isdtype(DTYPES["float32"], ("bool", "real floating"))
    assert not isdtype(np.dtype("float16"), "real floating")
    with pytest.raises(ValueError, match="unknown kind"):
        isdtype(DTYPES["int8"], "whole")
    # a dtype outside the standard, given its kind, is in every kind containing it
    half = np.dtype("float16")
    with_kinds = make_isdtype(name_of, lambda d: "real floating" if d == half else None)
    assert with_kinds(half, "real floating") and with_kinds(half, "numeric")
    assert not with_kinds(half, "integral") and not with_kinds(half, "complex floating")
    assert not with_kinds(np.dtype("V4"), "numeric")


_KINDS = ("bool", "signed integer", "unsigned integer", "integral", "real floating",
          "complex floating", "numeric")


def test_isdtype_from_dtype_tables_answers_as_by_names():
    by_names = make_isdtype(name_of)
    tabled = make_isdtype(name_of, dtypes=DTYPES)
    for dtype in (*DTYPES.values(), np.dtype("float16"), np.dtype(">i4")):
        for kind in (*_KINDS, ("bool", "integral"), DTYPES["int8"]):
            assert tabled(dtype, kind) == by_names(dtype, kind), (dtype, kind)
    assert tabled(DTYPES["int64"], "integral") and not tabled(DTYPES["float32"], "integral")
    assert tabled(DTYPES["uint16"], "unsigned integer")
    # Not a dtype, nor hashable: asked of name_of, which knows no name for it.
    def dtype_name(dtype):
        return name_of(dtype) if isinstance(dtype, np.dtype) else None
    assert not make_isdtype(dtype_name, dtypes=DTYPES)([1], "integral")
    with pytest.raises(ValueError, match="unknown kind"):
        tabled(DTYPES["int8"], "whole")


def test_guarded_wrapper_keeps_the_parameters_and_picks_the_path() -> None:
    import inspect

    from xport._common.forwarding import guarded

    calls = []

    def function(x, /, y=2, *, z=3, **kw):
        calls.append("fast")
        return (x, y, z, kw)

    def fallback(*args, **kwargs):
        calls.append("slow")
        return (args, kwargs)

    wrapped = guarded(function, fallback, "{first} > 0", {}, name="wrapped")
    assert wrapped.__name__ == "wrapped"
    assert inspect.signature(wrapped) == inspect.signature(function)
    assert wrapped(1) == (1, 2, 3, {}) and calls == ["fast"]
    assert wrapped(1, 5, z=6, extra=7) == (1, 5, 6, {"extra": 7})
    assert wrapped(-1, z=9) == ((-1, 2), {"z": 9}) and calls[-1] == "slow"
    with pytest.raises(TypeError):
        wrapped(x=1)  # positional-only stays positional-only

    builtin = guarded(abs, fallback, "{first} is not None", {}, name="absolute")
    assert builtin(-3) == 3
    assert builtin(None) == ((None,), {}) and calls[-1] == "slow"


def test_guarded_wrapper_of_a_builtin_takes_a_declared_signature() -> None:
    import inspect

    from xport._common.forwarding import guarded

    calls = []

    def builtin_like(x, **kwargs):  # stands in for a builtin: forwarded keywords are seen
        calls.append(("fast", kwargs))
        return -x

    def fallback(*args, **kwargs):
        calls.append(("slow", kwargs))
        return (args, kwargs)

    declared = inspect.Signature([
        inspect.Parameter("x", inspect.Parameter.POSITIONAL_ONLY),
        inspect.Parameter("out", inspect.Parameter.KEYWORD_ONLY, default=None)])
    wrapped = guarded(builtin_like, fallback, "{first} > 0", {}, name="negated",
                      signature=declared)
    assert str(inspect.signature(wrapped)) == "(x, /, *, out=None)"
    assert wrapped(2) == -2 and calls[-1] == ("fast", {})  # no keyword reaches the builtin
    assert wrapped(2, out="buffer") == ((2,), {"out": "buffer"}) and calls[-1][0] == "slow"
    assert wrapped(-2) == ((-2,), {}) and calls[-1] == ("slow", {})  # None: not given
    with pytest.raises(TypeError):
        wrapped(2, other=1)

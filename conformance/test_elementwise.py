"""Differential tests of the elementwise functions against array_api_strict:
values (NaN, infinities and signed zeros included), dtypes and shapes, for
arrays of every dtype pair the promotion table defines and for Python-scalar
operands."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conformance import _strategies as s
from conformance._harness import check
from xport._spec.dtypes import BITS

# name -> (domain, integer value policy)
UNARY: dict[str, tuple[str, str]] = {
    "abs": ("numeric", "small"), "acos": ("floating", "small"),
    "acosh": ("floating", "small"), "asin": ("floating", "small"),
    "asinh": ("floating", "small"), "atan": ("floating", "small"),
    "atanh": ("floating", "small"), "bitwise_invert": ("integral|bool", "full"),
    "ceil": ("real", "full"), "conj": ("numeric", "full"), "cos": ("floating", "small"),
    "cosh": ("floating", "small"), "exp": ("floating", "small"),
    "expm1": ("floating", "small"), "floor": ("real", "full"),
    "imag": ("complex floating", "small"), "isfinite": ("numeric", "full"),
    "isinf": ("numeric", "full"), "isnan": ("numeric", "full"), "log": ("floating", "small"),
    "log1p": ("floating", "small"), "log2": ("floating", "small"),
    "log10": ("floating", "small"), "logical_not": ("bool", "full"),
    "negative": ("numeric", "small"), "positive": ("numeric", "full"),
    "real": ("numeric", "full"), "reciprocal": ("floating", "small"),
    "round": ("numeric", "full"), "sign": ("numeric", "small"),
    "signbit": ("real floating", "full"), "sin": ("floating", "small"),
    "sinh": ("floating", "small"), "sqrt": ("floating", "small"),
    "square": ("numeric", "small"), "tan": ("floating", "small"),
    "tanh": ("floating", "small"), "trunc": ("real", "full"),
}

# name -> (domain, value policy of x1, value policy of x2)
BINARY: dict[str, tuple[str, str, str]] = {
    "add": ("numeric", "small", "small"), "atan2": ("real floating", "small", "small"),
    "bitwise_and": ("integral|bool", "full", "full"),
    "bitwise_or": ("integral|bool", "full", "full"),
    "bitwise_xor": ("integral|bool", "full", "full"),
    "copysign": ("real floating", "small", "small"), "divide": ("floating", "small", "small"),
    "equal": ("any", "full", "full"), "floor_divide": ("real", "small", "positive"),
    "greater": ("real", "full", "full"), "greater_equal": ("real", "full", "full"),
    "hypot": ("real floating", "small", "small"), "less": ("real", "full", "full"),
    "less_equal": ("real", "full", "full"), "logaddexp": ("real floating", "small", "small"),
    "logical_and": ("bool", "full", "full"), "logical_or": ("bool", "full", "full"),
    "logical_xor": ("bool", "full", "full"), "maximum": ("real", "full", "full"),
    "minimum": ("real", "full", "full"), "multiply": ("numeric", "small", "small"),
    "not_equal": ("any", "full", "full"), "pow": ("numeric", "small", "nonnegative"),
    "remainder": ("real", "small", "positive"), "subtract": ("numeric", "small", "small"),
}
SHIFTS = ("bitwise_left_shift", "bitwise_right_shift")
SCALAR_BINARY = sorted(set(BINARY) - {"nextafter"})
_COMPLEX_OK = {"add", "subtract", "multiply", "divide", "equal", "not_equal", "pow"}


def _pow_elements(dtype: str, policy: str) -> dict[str, object]:
    # Integer powers overflow quickly: keep bases and exponents tiny.
    if policy == "nonnegative":
        return {"ints": "nonnegative", "hi": 4}
    return {"ints": policy, "lo": -3, "hi": 3}


@pytest.mark.parametrize("name", sorted(UNARY))
@given(data=st.data())
def test_unary(backend, ref, name, data):
    domain, ints = UNARY[name]
    dtype = data.draw(s.dtype_names(domain, backend.dtype_names), label="dtype")
    options: dict[str, object] = {"ints": ints}
    if name == "sign" and dtype.startswith("complex"):
        # array_api_strict computes x/|x| literally, giving 0-0j for 0-0j (the
        # standard says 0+0j) and NaN at infinities; compare the defined part.
        options.update(specials=False, nonzero=True)
        x = data.draw(s.arrays(dtype, **options), label="x")
        check(backend, ref, name, x, exact=False, zero_sign=False)
        return
    x = data.draw(s.arrays(dtype, **options), label="x")
    check(backend, ref, name, x)


@pytest.mark.parametrize("name", sorted(BINARY))
@given(data=st.data())
def test_binary(backend, ref, name, data):
    domain, ints1, ints2 = BINARY[name]
    d1, d2 = data.draw(s.dtype_pairs(domain, backend.dtype_names), label="dtypes")
    shape1, shape2 = data.draw(s.two_shapes(), label="shapes")
    opt1 = _pow_elements(d1, ints1) if name == "pow" else {"ints": ints1}
    opt2 = _pow_elements(d2, ints2) if name == "pow" else {"ints": ints2}
    x1 = data.draw(s.arrays(d1, shape1, **opt1), label="x1")
    x2 = data.draw(s.arrays(d2, shape2, **opt2), label="x2")
    check(backend, ref, name, x1, x2)


@given(data=st.data())
def test_nextafter(backend, ref, data):
    d, _ = data.draw(s.dtype_pairs("real floating", backend.dtype_names, same=True))
    shape1, shape2 = data.draw(s.two_shapes())
    check(backend, ref, "nextafter", data.draw(s.arrays(d, shape1)), data.draw(s.arrays(d, shape2)))


@pytest.mark.parametrize("name", SHIFTS)
@given(data=st.data())
def test_shifts(backend, ref, name, data):
    d1, d2 = data.draw(s.dtype_pairs("integral", backend.dtype_names))
    shape1, shape2 = data.draw(s.two_shapes())
    x1 = data.draw(s.arrays(d1, shape1, ints="full"))
    # Shifting by the bit width or more is left unspecified by the standard.
    x2 = data.draw(s.arrays(d2, shape2, ints="nonnegative",
                            hi=min(BITS[d1], BITS[d2]) - 1))
    check(backend, ref, name, x1, x2)


@pytest.mark.parametrize("name", SCALAR_BINARY + list(SHIFTS))
@given(data=st.data())
def test_binary_with_python_scalar(backend, ref, name, data):
    """2024.12: one operand of a binary function may be a Python scalar; the
    result has the array's dtype (or the complex dtype of its precision)."""
    if name in SHIFTS:
        domain, ints1, ints2 = "integral", "full", "nonnegative"
    else:
        domain, ints1, ints2 = BINARY[name]
    dtype = data.draw(s.dtype_names(domain, backend.dtype_names), label="dtype")
    scalar_first = data.draw(st.booleans(), label="scalar_first")
    array_ints, scalar_ints = (ints2, ints1) if scalar_first else (ints1, ints2)
    if name == "pow":
        x = data.draw(s.arrays(dtype, **_pow_elements(dtype, array_ints)), label="x")
        scalar_opts = _pow_elements(dtype, scalar_ints)
    else:
        x = data.draw(s.arrays(dtype, ints=array_ints), label="x")
        scalar_opts = {"ints": scalar_ints}
    if name in SHIFTS:
        scalar_opts["hi"] = BITS[dtype] - 1
    scalar = data.draw(s.scalar_for(dtype, allow_complex=name in _COMPLEX_OK, **scalar_opts),
                       label="scalar")
    if isinstance(scalar, float) and s.kind_of(dtype) != "bool" and "integer" in s.kind_of(dtype):
        return
    args = (scalar, x) if scalar_first else (x, scalar)
    check(backend, ref, name, *args)


@given(data=st.data())
def test_clip(backend, ref, data):
    dtype = data.draw(s.dtype_names("real", backend.dtype_names))
    shape = data.draw(s.shapes())
    x = data.draw(s.arrays(dtype, shape, ints="small"))
    bound = st.one_of(st.none(), s.scalar_for(dtype, allow_complex=False, ints="small"),
                      s.arrays(dtype, st.sampled_from([(), shape[-1:]]), ints="small"))
    lo = data.draw(bound, label="min")
    hi = data.draw(bound, label="max")
    if isinstance(lo, float) and "integer" in s.kind_of(dtype):
        lo = None
    if isinstance(hi, float) and "integer" in s.kind_of(dtype):
        hi = None
    # min > max is unspecified (array_api_strict raises); so is the sign of a
    # zero clamped to a zero bound.
    options = {"zero_sign": False, "reference_may_raise": (ValueError,)}
    if data.draw(st.booleans(), label="as_keywords"):
        check(backend, ref, "clip", x, min=lo, max=hi, **options)
    else:
        check(backend, ref, "clip", x, lo, hi, **options)

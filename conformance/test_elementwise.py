"""Differential tests of the elementwise functions against array_api_strict:
values (NaN, infinities and signed zeros included), dtypes and shapes, for
arrays of every dtype pair the promotion table defines and for Python-scalar
operands."""

from __future__ import annotations

import cmath

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from conformance import _strategies as s
from conformance._harness import DEFAULT_TOLERANCE, Tolerance, check
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


# Where array_api_strict (NumPy) and the standard's preferred special cases
# part (floor_divide with an infinite operand: Python's NaN or -1, which the
# standard allows, against its preferred floor(x1 / x2); complex expm1 at
# infinities), a backend may follow either: those inputs are replaced by zeros
# here and left to the official suite's test_special_cases.
_REFERENCE_DEPARTS = {"floor_divide": np.isinf,
                      # complex expm1: NumPy's NaNs at infinities, and at a real part
                      # whose exp overflows beside a zero imaginary part (inf*0).
                      "expm1": lambda a: ~np.isfinite(a) | (
                          (a.imag == 0) & (a.real > np.log(np.finfo(a.real.dtype).max))),
                      # complex tanh(+-inf + iy): the standard's table says 1 + 0j,
                      # NumPy (C99) 1 + 0j*sin(2y); tan(z) is -1j*tanh(1j*z).
                      "tanh": lambda a: np.isinf(a.real) & np.isfinite(a.imag),
                      "tan": lambda a: np.isinf(a.imag) & np.isfinite(a.real)}
_COMPLEX_ONLY_DEPARTS = frozenset({"expm1", "tanh", "tan"})
# The order of signed zeros is unspecified for maximum and minimum.
_ZERO_SIGN_OPEN = {"maximum", "minimum"}


def _exponent(name: str, value: object) -> object:
    """NumPy computes ``x ** 0.5`` as ``sqrt(x)``, which keeps ``-0`` where the
    standard's pow gives ``+0``: real exponents 0.5 become 0.25."""
    if name != "pow":
        return value
    if isinstance(value, np.ndarray) and value.dtype.kind == "f":
        return np.where(value == 0.5, value.dtype.type(0.25), value)
    return 0.25 if type(value) is float and value == 0.5 else value


def _standard_inputs(name: str, value: object) -> object:
    departs = _REFERENCE_DEPARTS.get(name)
    if departs is None:
        return value
    if name in _COMPLEX_ONLY_DEPARTS and not np.iscomplexobj(value):
        return value
    if isinstance(value, np.ndarray) and value.dtype.kind in "fc":
        return np.where(departs(value), value.dtype.type(0), value)
    if isinstance(value, float) and departs(value):
        return 0.0
    return value


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
    complex_reciprocal = name == "reciprocal" and dtype.startswith("complex")
    if complex_reciprocal:
        # Complex division by zero or infinity is implementation-defined (the
        # standard's note on divide: textbook formula or C99's one infinity),
        # and so is the sign of a zero part (textbook vs Smith's algorithm).
        options.update(specials=False, nonzero=True)
    x = data.draw(s.arrays(dtype, **options), label="x")
    # log1p(-0+0j): the standard fixes no sign for the zero real part (NumPy
    # gives +0 as log(1+z) does, others -0 as real log1p(-0) does).
    complex_log1p = name == "log1p" and dtype.startswith("complex")
    # expm1(-0+0j): the standard's table says 0 + 0j, NumPy gives -0 + 0j.
    complex_expm1 = name == "expm1" and dtype.startswith("complex")
    # NumPy's complex log1p is log(1 + x), off by up to eps absolutely.
    tol = Tolerance(atol=2 * float(np.finfo(dtype).eps)) if complex_log1p else DEFAULT_TOLERANCE
    check(backend, ref, name, _standard_inputs(name, x), tol=tol,
          zero_sign=not (complex_log1p or complex_reciprocal or complex_expm1))


@pytest.mark.parametrize("name", sorted(BINARY))
@given(data=st.data())
def test_binary(backend, ref, name, data):
    domain, ints1, ints2 = BINARY[name]
    d1, d2 = data.draw(s.dtype_pairs(domain, backend.dtype_names), label="dtypes")
    shape1, shape2 = data.draw(s.two_shapes(), label="shapes")
    opt1 = _pow_elements(d1, ints1) if name == "pow" else {"ints": ints1}
    opt2 = _pow_elements(d2, ints2) if name == "pow" else {"ints": ints2}
    complex_pow = name == "pow" and "complex" in d1 + d2
    if complex_pow:
        # Complex special cases (zero signs included) are "as if
        # exp(x2*log(x1))", which implementations may refine: compare finite,
        # nonzero bases only, and exponents as small as the bases (through
        # exp(x2*log(x1)), large ones under- or overflow by implementation).
        opt1.update(specials=False, nonzero=True)
        opt2.update(specials=False, lo=-4)
    complex_divide = name == "divide" and "complex" in d1 + d2
    if complex_divide:
        # Complex division with an infinite or NaN part, or by zero, is
        # implementation dependent (the standard's divide), and so is the sign
        # of a zero part (textbook formula vs Smith's algorithm).
        opt1.update(specials=False)
        opt2.update(specials=False, nonzero=True)
    x1 = data.draw(s.arrays(d1, shape1, **opt1), label="x1")
    x2 = data.draw(s.arrays(d2, shape2, **opt2), label="x2")
    x2 = _exponent(name, x2)
    check(backend, ref, name, _standard_inputs(name, x1), _standard_inputs(name, x2),
          zero_sign=name not in _ZERO_SIGN_OPEN and not complex_pow and not complex_divide)


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
    complex_pow = name == "pow" and dtype.startswith("complex")
    if name == "pow":
        array_opts = _pow_elements(dtype, array_ints)
        scalar_opts = _pow_elements(dtype, scalar_ints)
        if complex_pow:  # finite, nonzero bases and open zero signs, as in test_binary
            array_opts.update(specials=False, nonzero=not scalar_first)
            scalar_opts["specials"] = False
            (array_opts if scalar_first else scalar_opts).setdefault("lo", -4)  # exponent
        x = data.draw(s.arrays(dtype, **array_opts), label="x")
    else:
        # A shift array (scalar first) stays below the bit width, as in test_shifts.
        cap = {"hi": BITS[dtype] - 1} if name in SHIFTS and scalar_first else {}
        x = data.draw(s.arrays(dtype, ints=array_ints, **cap), label="x")
        scalar_opts = {"ints": scalar_ints}
    if name in SHIFTS:
        scalar_opts["hi"] = BITS[dtype] - 1
    scalar = data.draw(s.scalar_for(dtype, allow_complex=name in _COMPLEX_OK, **scalar_opts),
                       label="scalar")
    if isinstance(scalar, float) and s.kind_of(dtype) != "bool" and "integer" in s.kind_of(dtype):
        return
    if complex_pow and scalar_first and scalar == 0:
        scalar = 1
    if name == "pow" and isinstance(scalar, complex) and not complex_pow:
        # A complex scalar makes the result complex: the same open special cases.
        base = scalar if scalar_first else x
        assume(np.isfinite(x).all() and cmath.isfinite(scalar) and np.all(base != 0))
        complex_pow = True
    complex_divide = name == "divide" and (dtype.startswith("complex")
                                           or isinstance(scalar, complex))
    if complex_divide:  # finite parts, a nonzero divisor, open zero signs, as in test_binary
        x = np.where(np.isfinite(x) & (x != 0), x, x.dtype.type(1))
        scalar = scalar if scalar and np.isfinite(scalar) else 1
    args = (scalar, x) if scalar_first else (x, scalar)
    args = (args[0], _exponent(name, args[1]))
    check(backend, ref, name, *(_standard_inputs(name, a) for a in args),
          zero_sign=name not in _ZERO_SIGN_OPEN and not complex_pow and not complex_divide)


@given(data=st.data())
def test_clip(backend, ref, data):
    dtype = data.draw(s.dtype_names("real", backend.dtype_names))
    shape = data.draw(s.shapes())
    x = data.draw(s.arrays(dtype, shape, ints="small"))
    # Array bounds broadcast with x, to a larger shape too (the result has it).
    lo_shape, hi_shape = data.draw(hnp.mutually_broadcastable_shapes(
        num_shapes=2, base_shape=shape, max_dims=4, min_side=0, max_side=3).map(
            lambda r: r.input_shapes),
        label="bound shapes")

    def bound(bound_shape):
        return st.one_of(st.none(), s.scalar_for(dtype, allow_complex=False, ints="small"),
                         s.arrays(dtype, st.sampled_from([(), shape[-1:], bound_shape]),
                                  ints="small"))

    lo = data.draw(bound(lo_shape), label="min")
    hi = data.draw(bound(hi_shape), label="max")
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

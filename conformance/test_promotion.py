"""The standard's type promotion table, checked exhaustively for every binary
function on every dtype pair it defines, with 0-d operands too (NumPy 1.26's
value-based casting differs exactly there), and the Python-scalar rules."""

from __future__ import annotations

import numpy as np
import pytest

from conformance._harness import dtype_name
from conformance._strategies import DOMAINS
from conformance.test_elementwise import BINARY, SHIFTS
from xport._spec.dtypes import COMPLEX_OF_REAL, kind_of
from xport._spec.promotion import PROMOTION_TABLE

_BOOL_RESULT = {"equal", "not_equal", "greater", "greater_equal", "less", "less_equal",
                "logical_and", "logical_or", "logical_xor"}
_DOMAIN = {**{n: d for n, (d, _, _) in BINARY.items()},
           **{n: "integral" for n in SHIFTS}}


def _ones(backend, dtype, shape):
    return backend.from_numpy(np.ones(shape, dtype=np.dtype(dtype)))


@pytest.mark.parametrize("name", sorted(_DOMAIN))
def test_array_array_promotion(backend, name):
    fn = getattr(backend.xp, name)
    members = DOMAINS[_DOMAIN[name]] & backend.dtype_names
    wrong = []
    for (a, b), result in sorted(PROMOTION_TABLE.items()):
        if a not in members or b not in members or result not in backend.dtype_names:
            continue
        expected = "bool" if name in _BOOL_RESULT else result
        for shape_b in ((2,), ()):
            out = fn(_ones(backend, a, (2,)), _ones(backend, b, shape_b))
            got = dtype_name(backend.xp, out.dtype)
            if got != expected:
                wrong.append(f"{a} x {b}{list(shape_b)} -> {got} (want {expected})")
    assert not wrong, f"{name}: " + "; ".join(wrong)


def _scalar_cases(dtype):
    kind = kind_of(dtype)
    if kind == "bool":
        return [(True, "bool")]
    if "integer" in kind:
        return [(1, dtype)]
    cases = [(1, dtype), (1.0, dtype)]
    complex_dtype = dtype if kind == "complex floating" else COMPLEX_OF_REAL[dtype]
    return [*cases, (1j, complex_dtype)]


@pytest.mark.parametrize("name", sorted(_DOMAIN))
def test_python_scalar_promotion(backend, name):
    fn = getattr(backend.xp, name)
    members = DOMAINS[_DOMAIN[name]] & backend.dtype_names
    wrong = []
    for dtype in sorted(members):
        for scalar, result in _scalar_cases(dtype):
            if result not in members:
                continue
            expected = "bool" if name in _BOOL_RESULT else result
            for args in ((_ones(backend, dtype, (2,)), scalar),
                         (scalar, _ones(backend, dtype, (2,)))):
                got = dtype_name(backend.xp, fn(*args).dtype)
                if got != expected:
                    wrong.append(f"{args[0]!r:.20} x {args[1]!r:.20} -> {got} (want {expected})")
    assert not wrong, f"{name}: " + "; ".join(wrong)


def test_result_type_table(backend):
    xp = backend.xp
    for (a, b), result in PROMOTION_TABLE.items():
        if {a, b, result} <= backend.dtype_names:
            got = dtype_name(xp, xp.result_type(getattr(xp, a), getattr(xp, b)))
            assert got == result, f"result_type({a}, {b}) -> {got}, want {result}"


def test_result_type_with_scalars(backend):
    xp = backend.xp
    for dtype in sorted(backend.dtype_names):
        for scalar, result in _scalar_cases(dtype):
            if result in backend.dtype_names:
                got = dtype_name(xp, xp.result_type(getattr(xp, dtype), scalar))
                assert got == result, f"result_type({dtype}, {scalar!r}) -> {got}"

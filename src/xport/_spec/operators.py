"""The operators of the standard's array object and the functions they compute.

``x1 + x2`` is ``add(x1, x2)``, with the same type promotion and Python scalar
rules; a reflected operator (``2 + x``) computes the function with the operands
swapped back (``add(2, x)``). Comparisons have no reflected form: Python tries
the mirrored comparison instead (``2 < x`` is ``x > 2``).
"""

from __future__ import annotations

BINARY_OPERATORS: dict[str, str] = {
    "__add__": "add",
    "__sub__": "subtract",
    "__mul__": "multiply",
    "__truediv__": "divide",
    "__floordiv__": "floor_divide",
    "__mod__": "remainder",
    "__pow__": "pow",
    "__matmul__": "matmul",
    "__and__": "bitwise_and",
    "__or__": "bitwise_or",
    "__xor__": "bitwise_xor",
    "__lshift__": "bitwise_left_shift",
    "__rshift__": "bitwise_right_shift",
    "__lt__": "less",
    "__le__": "less_equal",
    "__gt__": "greater",
    "__ge__": "greater_equal",
    "__eq__": "equal",
    "__ne__": "not_equal",
}

REFLECTED_OPERATORS: dict[str, str] = {
    f"__r{dunder[2:]}": function for dunder, function in BINARY_OPERATORS.items()
    if function not in {"less", "less_equal", "greater", "greater_equal", "equal", "not_equal"}
}

UNARY_OPERATORS: dict[str, str] = {
    "__neg__": "negative",
    "__pos__": "positive",
    "__abs__": "abs",
    "__invert__": "bitwise_invert",
}

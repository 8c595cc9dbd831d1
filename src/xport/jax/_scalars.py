"""Python int operands beyond JAX's default integer.

JAX parses a Python ``int`` operand as a (weakly typed) default integer,
``int64`` (``int32`` without x64), and raises ``OverflowError`` for one
outside its range, such as ``2**63`` beside a ``uint64`` array, which the
standard's scalar rules (2024.12) allow: the scalar takes the array's dtype.
The wrappers here give such an int the array's dtype first; every other call
goes to the function unchanged, so a traced program gains nothing.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from ._info import x64_enabled

# The binary functions with integer operands (the others take floats only).
INTEGER_BINARY: tuple[str, ...] = (
    "add", "bitwise_and", "bitwise_left_shift", "bitwise_or", "bitwise_right_shift",
    "bitwise_xor", "equal", "floor_divide", "greater", "greater_equal", "less",
    "less_equal", "maximum", "minimum", "multiply", "not_equal", "pow", "remainder",
    "subtract",
)


def _wide(value: object) -> bool:
    if type(value) is not int:
        return False
    bits = 63 if x64_enabled() else 31  # JAX parses ints as its default integer
    return not -(2**bits) <= value < 2**bits


def make_wide_int_operands(function: Callable[[Any, Any], Any],
                           name: str) -> Callable[[Any, Any], Any]:
    """``function`` (``jax.numpy``'s or a wrapper) taking Python ints outside the
    int64 range beside an array of a dtype that holds them."""

    def binary(x1: Any, x2: Any, /) -> Any:
        if _wide(x1) and hasattr(x2, "dtype"):
            x1 = jnp.asarray(x1, dtype=x2.dtype)
        elif _wide(x2) and hasattr(x1, "dtype"):
            x2 = jnp.asarray(x2, dtype=x1.dtype)
        return function(x1, x2)

    own = getattr(function, "__module__", "").startswith("xport.")
    summary = inspect.cleandoc(function.__doc__ or "") if own else (
        f"``jax.numpy.{name}``: the standard's ``{name}``, elementwise.")
    binary.__name__ = binary.__qualname__ = name
    binary.__doc__ = (
        f"{summary}\n\n"
        "Deviation fixed: JAX parses a Python int operand as its default integer and "
        "overflows on one beyond it (``2**63`` beside a ``uint64`` array); here such "
        "an int takes the array's dtype, as the standard's scalar rules say."
    )
    return binary


def _overflows() -> bool:
    struct: Callable[..., Any] = jax.ShapeDtypeStruct
    try:
        jax.eval_shape(lambda x: jnp.bitwise_or(x, 2**63), struct((1,), np.dtype("uint64")))
    except OverflowError:
        return True
    return False


def wrap(functions: dict[str, Any]) -> dict[str, Any]:
    """``functions`` (name -> the namespace's function so far) with the
    integer binary functions made to take wide Python ints, where the installed
    JAX overflows on them."""
    if not _overflows():
        return {}
    return {name: make_wide_int_operands(functions.get(name, getattr(jnp, name)), name)
            for name in INTEGER_BINARY}

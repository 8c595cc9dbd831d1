"""The standard's result dtype of sums and products with ``dtype=None``.

``sum``, ``prod``, ``cumulative_sum`` and ``cumulative_prod`` accumulate
integers narrower than the default integer dtype in the default integer dtype
(unsigned ones in the unsigned integer of the same width) and booleans in the
default integer dtype; floating-point inputs keep their dtype.
"""

from __future__ import annotations

from .._spec.dtypes import BITS, kind_of


def accumulation_dtype_name(name: str, default_integer: str) -> str:
    """The dtype name a sum or product of a ``name`` array has under the
    standard when no ``dtype`` is given, for a library whose default integer
    dtype is ``default_integer``."""
    kind = kind_of(name)
    if kind == "bool":
        return default_integer
    if kind == "signed integer" and BITS[name] < BITS[default_integer]:
        return default_integer
    if kind == "unsigned integer" and BITS[name] < BITS[default_integer]:
        return f"uint{BITS[default_integer]}"
    return name

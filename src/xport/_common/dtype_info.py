"""``finfo`` / ``iinfo`` results with the standard's attribute types.

Native ``finfo`` objects often carry attributes as library scalars (e.g.
``numpy.float32``) rather than Python ``float``; these classes hold plain Python
numbers and the namespace's own dtype object.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .._spec.dtypes import DTYPE_NAMES
from .._spec.promotion import PROMOTION_TABLE


@dataclass(frozen=True)
class finfo_object:  # noqa: N801 - the standard's name
    """Machine limits of a floating-point dtype (the standard's ``finfo_object``)."""

    bits: int
    eps: float
    max: float
    min: float
    smallest_normal: float
    dtype: Any


@dataclass(frozen=True)
class iinfo_object:  # noqa: N801 - the standard's name
    """Machine limits of an integer dtype (the standard's ``iinfo_object``)."""

    bits: int
    max: int
    min: int
    dtype: Any


def make_can_cast(name_of: Callable[[Any], str | None],
                  native: Callable[[Any, Any], Any] | None = None) -> Callable[[Any, Any], bool]:
    """``can_cast`` by the standard's promotion lattice.

    ``name_of`` maps a dtype object of the backend (or an array) to its standard
    name, or ``None`` for a dtype the standard does not define; those fall back to
    ``native`` (the library's own ``can_cast``) when given. Native ``can_cast``
    functions allow casts the standard does not (``bool`` to numbers, integers
    to floats).
    """

    def _name(dtype: Any) -> str | None:
        # A standard dtype's name stands for the dtype, as NumPy and JAX take it.
        return dtype if isinstance(dtype, str) and dtype in DTYPE_NAMES else name_of(dtype)

    def can_cast(from_: Any, to: Any, /) -> bool:
        """True when ``from_`` (a dtype or an array) promotes to ``to`` under the
        standard's type promotion rules.

        Deviation fixed: the native ``can_cast`` follows the library's "safe"
        casting, which admits casts across kinds.
        """
        src, dst = _name(from_), _name(to)
        if src is None or dst is None:
            if native is None:
                raise TypeError(f"can_cast() got a dtype the standard does not define: "
                                f"{from_!r} -> {to!r}")
            return bool(native(from_, to))
        return PROMOTION_TABLE.get((src, dst)) == dst

    return can_cast

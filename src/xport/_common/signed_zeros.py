"""The standard's signs of zero results of ``floor_divide`` and ``remainder``.

Natives that compute floor division as ``(x1 - x1 % x2) / x2`` lose the sign
of a zero quotient (``-0 // 2`` gives ``+0``), and an ``fmod``-based remainder
keeps the dividend's sign where the standard (like Python's ``%``) wants the
divisor's (``-0 % 2`` gives ``-0``). The factories here patch only the zero
results of floating-point calls; integer calls go to the native untouched.

``xp`` is the library's own module, used for ``where``, ``signbit``,
``copysign`` and ``not_equal`` (spelled so in NumPy, PyTorch and JAX).
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any


def _is_float(x: Any) -> bool:
    kind = getattr(getattr(x, "dtype", None), "kind", None)
    if kind is not None:
        return bool(kind == "f")
    is_floating_point = getattr(x, "is_floating_point", None)
    return bool(is_floating_point()) if is_floating_point is not None else False


def make_floor_divide(native: Callable[[Any, Any], Any],
                      xp: ModuleType) -> Callable[[Any, Any], Any]:
    """``floor_divide`` whose zero results carry the sign of the quotient."""
    where, signbit, not_equal = xp.where, xp.signbit, xp.not_equal

    def floor_divide(x1: Any, x2: Any, /) -> Any:
        """The floor of ``x1 / x2``, elementwise.

        Deviation fixed: the native function gives ``+0`` for ``-0 // 2`` and
        ``-0`` for ``-0 // -2``; the standard gives a zero result the sign of
        the quotient (``-0`` when exactly one operand is negative). Where one
        operand is infinite it keeps Python's result (NaN, or -1 for
        ``1 // -inf``), which the standard allows. Integer calls are the
        native's own.
        """
        out = native(x1, x2)
        if not _is_float(out):
            return out
        negative = not_equal(signbit(x1), signbit(x2))
        return where(out == 0, where(negative, -0.0, 0.0), out)

    return floor_divide


def make_remainder(native: Callable[[Any, Any], Any],
                   xp: ModuleType) -> Callable[[Any, Any], Any]:
    """``remainder`` whose zero results carry the sign of the divisor."""
    where, copysign = xp.where, xp.copysign

    def remainder(x1: Any, x2: Any, /) -> Any:
        """The remainder of ``x1 / x2`` with the sign of ``x2``, elementwise
        (Python's ``%``).

        Deviation fixed: the native function gives a zero remainder the sign of
        ``x1`` (``-0 % 2`` is ``-0``); the standard gives it the sign of ``x2``.
        Integer calls are the native's own.
        """
        out = native(x1, x2)
        if not _is_float(out):
            return out
        return where(out == 0, copysign(out, x2), out)

    return remainder

"""The standard's signs of zero results of ``floor_divide`` and ``remainder``.

Natives that compute floor division as ``(x1 - x1 % x2) / x2`` lose the sign
of a zero quotient (``-0 // 2`` gives ``+0``), and an ``fmod``-based remainder
keeps the dividend's sign where the standard (like Python's ``%``) wants the
divisor's (``-0 % 2`` gives ``-0``).

Both are fixed by one ``copysign`` over the whole result, no mask: every
result of the standard's ``remainder`` that is not NaN has the sign of ``x2``
(zeros included, and the infinities of ``-5 % inf``), and every result of
``floor_divide`` the sign of the quotient ``x1 / x2``, which IEEE division
gives exactly for every pair (zeros and infinities included; where it is NaN,
so is the result). The native's magnitudes stand. Integer calls go to the
native untouched.

``xp`` is the library's own module, used for ``copysign`` and ``divide``
(spelled so in NumPy, PyTorch and JAX).
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
    copysign, divide = xp.copysign, xp.divide

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
        return copysign(out, divide(x1, x2))

    return floor_divide


def make_remainder(native: Callable[[Any, Any], Any], xp: ModuleType, *,
                   in_place: bool = False,
                   is_float: Callable[[Any], Any] = _is_float) -> Callable[[Any, Any], Any]:
    """``remainder`` whose zero results carry the sign of the divisor.

    ``in_place``: fix the signs in the native's fresh result (its
    ``copysign_`` method), which saves allocating a second result (PyTorch).
    ``is_float``: whether a result is real floating-point (the default reads
    ``dtype.kind``; torch.compile before 2.5 cannot trace its ``getattr`` of a
    tensor, so PyTorch passes ``torch.is_floating_point``).
    """
    copysign = xp.copysign

    def remainder(x1: Any, x2: Any, /) -> Any:
        """The remainder of ``x1 / x2`` with the sign of ``x2``, elementwise
        (Python's ``%``).

        Deviation fixed: the native function gives a zero remainder the sign of
        ``x1`` (``-0 % 2`` is ``-0``); the standard gives it the sign of ``x2``.
        Integer calls are the native's own.
        """
        out = native(x1, x2)
        if not is_float(out):
            return out
        return out.copysign_(x2) if in_place else copysign(out, x2)

    return remainder

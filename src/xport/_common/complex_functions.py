"""Complex elementary functions with the standard's symmetries and special cases.

Libraries whose complex kernels are not C99's (XLA's, for one) lose the sign
of a zero imaginary part (``sqrt(-1-0j)`` gives ``+1j``, which puts the result
on the wrong side of the branch cut) and return ``NaN + NaN j`` where the
standard's tables give an infinity or a zero. The mechanism here is one
pipeline per function, bound to a backend's elementwise operations:

1. **Fold** the input into the closed first quadrant (``|real|``, ``|imag|``)
   for odd and even functions, into the upper half-plane (``|imag|``) for the
   others. Every function here satisfies ``f(conj(z)) == conj(f(z))``; odd
   ones ``f(-z) == -f(z)``, even ones ``f(-z) == f(z)``.
2. Call the native function there, then **patch** the inputs the standard's
   special-case table lists (non-finite parts, and zero parts whose result
   sign the native gets wrong) with the table's values.
3. **Unfold** the result by the same symmetry, which gives every zero and
   infinity its sign.

``sin``, ``cos``, ``tan``, ``asin`` and ``atan`` are computed, as the standard
specifies their special cases, through the hyperbolic functions of ``i*z``
(an exact rotation). Real inputs go to the native function untouched: none
of this is traced for them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Literal

Symmetry = Literal["odd", "even", "conj"]
# A rule: (condition on the folded parts, real part, imaginary part). Each of
# the three takes ``(a, b, xp)``; the parts may also be Python floats.
Part = Callable[[Any, Any, ModuleType], Any] | float
Rule = tuple[Callable[[Any, Any, ModuleType], Any], Part, Part]

_INF = math.inf
_NAN = math.nan
_PI = math.pi


@dataclass(frozen=True)
class ComplexOps:
    """What the mechanism needs from a backend: ``xp`` is the library's module
    (``real``, ``imag``, ``where``, ``abs``, ``signbit``, ``isnan``, ``isinf``,
    ``isfinite``, ``cos``, ``sin``, ``tan``, ``log``, ``log1p``, ``hypot``,
    ``atan2``, ``logical_and``, ``logical_or``, ``logical_not``, ``not_equal``,
    ``negative`` under those names), ``make(re, im)`` builds a
    complex array from its parts without arithmetic (``inf * 1j`` would make
    NaNs), and ``is_complex(x)`` tells complex arrays apart."""

    xp: ModuleType
    make: Callable[[Any, Any], Any]
    is_complex: Callable[[Any], bool]


# --- conditions on the folded parts -------------------------------------------------

def _zero(v: Any, xp: ModuleType) -> Any:
    return v == 0


def _finite(v: Any, xp: ModuleType) -> Any:
    return xp.isfinite(v)


def _nonfinite(v: Any, xp: ModuleType) -> Any:
    return xp.logical_not(xp.isfinite(v))


def _both(p: Callable[[Any, ModuleType], Any], q: Callable[[Any, ModuleType], Any]
          ) -> Callable[[Any, Any, ModuleType], Any]:
    return lambda a, b, xp: xp.logical_and(p(a, xp), q(b, xp))


def _positive_finite(v: Any, xp: ModuleType) -> Any:
    return xp.logical_and(xp.isfinite(v), v > 0)


def _plus_inf(v: Any, xp: ModuleType) -> Any:
    return v == _INF


def _minus_inf(v: Any, xp: ModuleType) -> Any:
    return v == -_INF


def _inf(v: Any, xp: ModuleType) -> Any:
    return xp.isinf(v)


def _nan(v: Any, xp: ModuleType) -> Any:
    return xp.isnan(v)


def _nonzero(v: Any, xp: ModuleType) -> Any:
    return v != 0


# --- the tables ---------------------------------------------------------------------
# Only the entries the native kernels may get wrong are patched; the tests check
# the whole table of each function against the standard.

_SINH: list[Rule] = [
    (_both(_zero, _finite), lambda a, b, xp: a * xp.cos(b), lambda a, b, xp: xp.sin(b)),
    (_both(_zero, _nonfinite), 0.0, _NAN),
    (_both(_positive_finite, _nonfinite), _NAN, _NAN),
    (_both(_inf, _zero), _INF, 0.0),
    (_both(_inf, _positive_finite), lambda a, b, xp: a * xp.cos(b),
     lambda a, b, xp: a * xp.sin(b)),
    (_both(_inf, _nonfinite), _INF, _NAN),
    (_both(_nan, _zero), _NAN, 0.0),
    (_both(_nan, _nonzero), _NAN, _NAN),
]

_COSH: list[Rule] = [
    (_both(_zero, _finite), lambda a, b, xp: xp.cos(b), lambda a, b, xp: a * xp.sin(b)),
    (_both(_zero, _nonfinite), _NAN, 0.0),
    (_both(_positive_finite, _nonfinite), _NAN, _NAN),
    (_both(_inf, _zero), _INF, 0.0),
    (_both(_inf, _positive_finite), lambda a, b, xp: a * xp.cos(b),
     lambda a, b, xp: a * xp.sin(b)),
    (_both(_inf, _nonfinite), _INF, _NAN),
    (_both(_nan, _zero), _NAN, 0.0),
    (_both(_nan, _nonzero), _NAN, _NAN),
]

_TANH: list[Rule] = [
    (_both(_zero, _finite), lambda a, b, xp: a, lambda a, b, xp: xp.tan(b)),
    (_both(_zero, _nonfinite), 0.0, _NAN),
    (_both(_positive_finite, _nonfinite), _NAN, _NAN),
    (_both(_inf, _finite), 1.0, 0.0),
    (_both(_inf, _nonfinite), 1.0, 0.0),
    (_both(_nan, _zero), _NAN, 0.0),
    (_both(_nan, _nonzero), _NAN, _NAN),
]

_ASINH: list[Rule] = [
    (_both(_zero, _zero), 0.0, 0.0),
    (_both(_finite, _plus_inf), _INF, _PI / 2),
    (_both(_finite, _nan), _NAN, _NAN),
    (_both(_inf, _positive_finite), _INF, 0.0),
    (_both(_inf, _inf), _INF, _PI / 4),
    (_both(_nan, _zero), _NAN, 0.0),
    (_both(_nan, _positive_finite), _NAN, _NAN),
    (_both(_nan, _inf), _INF, _NAN),
    (_both(_nan, _nan), _NAN, _NAN),
]

_ATANH: list[Rule] = [
    (_both(_zero, _zero), 0.0, 0.0),
    (_both(_zero, _nan), 0.0, _NAN),
    (lambda a, b, xp: xp.logical_and(a == 1, b == 0), _INF, 0.0),
    (_both(_positive_finite, _inf), 0.0, _PI / 2),
    (_both(_positive_finite, _nan), _NAN, _NAN),
    (_both(_inf, _positive_finite), 0.0, _PI / 2),
    (_both(_inf, _inf), 0.0, _PI / 2),
    (_both(_inf, _nan), 0.0, _NAN),
    (_both(_nan, _finite), _NAN, _NAN),
    (_both(_nan, _inf), 0.0, _PI / 2),
    (_both(_nan, _nan), _NAN, _NAN),
]

# Functions with only the conjugate symmetry see the real part with its sign.
_ACOSH: list[Rule] = [
    (_both(_zero, _zero), 0.0, _PI / 2),
    (_both(_finite, _inf), _INF, _PI / 2),
    (lambda a, b, xp: xp.logical_and(xp.logical_and(xp.isfinite(a), a != 0), xp.isnan(b)),
     _NAN, _NAN),
    (_both(_zero, _nan), _NAN, _PI / 2),
    (_both(_minus_inf, _positive_finite), _INF, _PI),
    (_both(_plus_inf, _positive_finite), _INF, 0.0),
    (_both(_minus_inf, _inf), _INF, 3 * _PI / 4),
    (_both(_plus_inf, _inf), _INF, _PI / 4),
    (_both(_inf, _nan), _INF, _NAN),
    (_both(_nan, _finite), _NAN, _NAN),
    (_both(_nan, _inf), _INF, _NAN),
    (_both(_nan, _nan), _NAN, _NAN),
]

_ACOS: list[Rule] = [
    (_both(_zero, _zero), _PI / 2, -0.0),
    (_both(_zero, _nan), _PI / 2, _NAN),
    (_both(_finite, _inf), _PI / 2, -_INF),
    (lambda a, b, xp: xp.logical_and(xp.logical_and(xp.isfinite(a), a != 0), xp.isnan(b)),
     _NAN, _NAN),
    (_both(_minus_inf, _positive_finite), _PI, -_INF),
    (_both(_plus_inf, _positive_finite), 0.0, -_INF),
    (_both(_minus_inf, _inf), 3 * _PI / 4, -_INF),
    (_both(_plus_inf, _inf), _PI / 4, -_INF),
    (_both(_inf, _nan), _NAN, _INF),
    (_both(_nan, _finite), _NAN, _NAN),
    (_both(_nan, _inf), _NAN, -_INF),
    (_both(_nan, _nan), _NAN, _NAN),
]

_EXP: list[Rule] = [
    (_both(_zero, _zero), 1.0, 0.0),
    (_both(_finite, _nonfinite), _NAN, _NAN),
    (_both(_plus_inf, _zero), _INF, 0.0),
    (_both(_minus_inf, _finite), lambda a, b, xp: 0.0 * xp.cos(b),
     lambda a, b, xp: 0.0 * xp.sin(b)),
    (lambda a, b, xp: xp.logical_and(a == _INF, xp.logical_and(xp.isfinite(b), b != 0)),
     lambda a, b, xp: a * xp.cos(b), lambda a, b, xp: a * xp.sin(b)),
    (_both(_minus_inf, _nonfinite), 0.0, 0.0),
    (_both(_plus_inf, _nonfinite), _INF, _NAN),
    (_both(_nan, _zero), _NAN, 0.0),
    (_both(_nan, _nonzero), _NAN, _NAN),
]

_EXPM1: list[Rule] = [
    (_both(_zero, _zero), 0.0, 0.0),
    (_both(_finite, _nonfinite), _NAN, _NAN),
    (_both(_plus_inf, _zero), _INF, 0.0),
    (_both(_minus_inf, _finite), lambda a, b, xp: 0.0 * xp.cos(b) - 1.0,
     lambda a, b, xp: 0.0 * xp.sin(b)),
    (lambda a, b, xp: xp.logical_and(a == _INF, xp.logical_and(xp.isfinite(b), b != 0)),
     lambda a, b, xp: a * xp.cos(b) - 1.0, lambda a, b, xp: a * xp.sin(b)),
    (_both(_minus_inf, _nonfinite), -1.0, 0.0),
    (_both(_plus_inf, _nonfinite), _INF, _NAN),
    (_both(_nan, _zero), _NAN, 0.0),
    (_both(_nan, _nonzero), _NAN, _NAN),
]


def _log_rules(scale: float) -> list[Rule]:
    """log, log1p, log2 and log10 share their non-finite entries (imaginary
    parts divided by the log of the base, ``scale`` being its reciprocal); the
    pole (``log(+-0)``, ``log1p(-1)``) is left to the native (it is right there)."""
    return [
        (_both(_finite, _inf), _INF, lambda a, b, xp: _PI / 2 * scale),
        (_both(_finite, _nan), _NAN, _NAN),
        (_both(_minus_inf, _positive_finite), _INF, lambda a, b, xp: _PI * scale),
        (_both(_plus_inf, _positive_finite), _INF, 0.0),
        (_both(_minus_inf, _inf), _INF, lambda a, b, xp: 3 * _PI / 4 * scale),
        (_both(_plus_inf, _inf), _INF, lambda a, b, xp: _PI / 4 * scale),
        (_both(_inf, _nan), _INF, _NAN),
        (_both(_nan, _finite), _NAN, _NAN),
        (_both(_nan, _inf), _INF, _NAN),
        (_both(_nan, _nan), _NAN, _NAN),
    ]


_SQRT: list[Rule] = [
    (_both(_zero, _zero), 0.0, 0.0),
    (lambda a, b, xp: xp.isinf(b), _INF, _INF),
    (lambda a, b, xp: xp.logical_and(xp.isfinite(a), xp.isnan(b)), _NAN, _NAN),
    (_both(_minus_inf, _positive_finite), 0.0, _INF),
    (_both(_plus_inf, _positive_finite), _INF, 0.0),
    (_both(_minus_inf, _nan), _NAN, _INF),
    (_both(_plus_inf, _nan), _INF, _NAN),
    (lambda a, b, xp: xp.logical_and(xp.isnan(a), xp.logical_not(xp.isinf(b))), _NAN, _NAN),
]

TABLES: dict[str, tuple[Symmetry, list[Rule]]] = {
    "sinh": ("odd", _SINH), "cosh": ("even", _COSH), "tanh": ("odd", _TANH),
    "asinh": ("odd", _ASINH), "atanh": ("odd", _ATANH),
    "acosh": ("conj", _ACOSH), "acos": ("conj", _ACOS),
    "exp": ("conj", _EXP), "expm1": ("conj", _EXPM1),
    "log": ("conj", _log_rules(1.0)), "log1p": ("conj", _log_rules(1.0)),
    "log2": ("conj", _log_rules(1 / math.log(2))),
    "log10": ("conj", _log_rules(1 / math.log(10))),
    "sqrt": ("conj", _SQRT),
}
# Where the standard leaves the sign of a part open, C99's (and NumPy's) choice,
# applied to the unfolded result and the original parts.
AFTER: dict[str, list[Rule]] = {
    "sinh": [(_both(_inf, _nonfinite), _INF, _NAN)],
    "cosh": [(_both(_zero, _nonfinite), _NAN, 0.0),
             (_both(_nan, _zero), _NAN, lambda a, b, xp: b)],
    "sin": [(_both(_nonfinite, _inf), _NAN, _INF)],
    "acos": [(_both(_inf, _nan), _NAN, -_INF)],
}
# -1j * f(1j * z), computed with exact rotations: name -> (hyperbolic, factor).
ROTATED: dict[str, tuple[str, Literal["-1j", "1"]]] = {
    "sin": ("sinh", "-1j"), "tan": ("tanh", "-1j"), "asin": ("asinh", "-1j"),
    "atan": ("atanh", "-1j"), "cos": ("cosh", "1"),
}


def _value(part: Part, a: Any, b: Any, xp: ModuleType) -> Any:
    return part(a, b, xp) if callable(part) else part


def _patch(result: tuple[Any, Any], parts: tuple[Any, Any], rules: Sequence[Rule],
           xp: ModuleType) -> tuple[Any, Any]:
    """``result`` (real, imaginary) with each rule whose condition holds on the
    input ``parts`` applied."""
    re, im = result
    a, b = parts
    for condition, real_part, imag_part in rules:
        mask = condition(a, b, xp)
        re = xp.where(mask, _value(real_part, a, b, xp), re)
        im = xp.where(mask, _value(imag_part, a, b, xp), im)
    return re, im


def _fixed(native: Callable[[Any], Any], ops: ComplexOps, symmetry: Symmetry,
           rules: Sequence[Rule], after: Sequence[Rule] = ()) -> Callable[[Any], Any]:
    """The complex branch of a function: fold, call ``native``, patch, unfold."""
    xp, make = ops.xp, ops.make

    def fixed(z: Any) -> Any:
        a, b = xp.real(z), xp.imag(z)
        fa = a if symmetry == "conj" else xp.abs(a)
        fb = xp.abs(b)
        w = native(make(fa, fb))
        re, im = _patch((xp.real(w), xp.imag(w)), (fa, fb), rules, xp)
        flip_imag = xp.signbit(b)
        if symmetry == "odd":
            re = xp.where(xp.signbit(a), xp.negative(re), re)
        elif symmetry == "even":
            flip_imag = xp.not_equal(flip_imag, xp.signbit(a))
        re, im = _patch((re, xp.where(flip_imag, xp.negative(im), im)), (a, b), after, xp)
        return make(re, im)

    return fixed


def _rotated(name: str, hyperbolic: Callable[[Any], Any],
             ops: ComplexOps) -> Callable[[Any], Any]:
    """The complex branch of a trigonometric function: ``-1j * f(1j * z)`` (or
    ``f(1j * z)`` for ``cos``) through the fixed hyperbolic ``f``."""
    xp, make = ops.xp, ops.make
    base, factor = ROTATED[name]
    symmetry, rules = TABLES[base]
    inner = _fixed(hyperbolic, ops, symmetry, rules, AFTER.get(base, ()))
    outer = AFTER.get(name, ())

    def rotated(z: Any) -> Any:
        a, b = xp.real(z), xp.imag(z)
        w = inner(make(xp.negative(b), a))  # 1j * z
        if factor == "1":
            return w
        re, im = _patch((xp.imag(w), xp.negative(xp.real(w))), (a, b), outer, xp)  # -1j * w
        return make(re, im)

    return rotated


def log1p_kernel(ops: ComplexOps) -> Callable[[Any], Any]:
    """Complex ``log1p`` that keeps its accuracy where ``log(1 + z)`` loses it:
    ``0.5 * log1p(a*(2+a) + b*b)`` for small parts (``log1p(1e-300)`` is
    ``1e-300``, not 0), ``log(hypot(1+a, b))`` elsewhere (no squares to
    underflow near ``z = -1``); the imaginary part is ``atan2(b, 1+a)``."""
    xp, make = ops.xp, ops.make

    def log1p(z: Any) -> Any:
        a, b = xp.real(z), xp.imag(z)
        small = xp.logical_and(xp.abs(a) < 0.5, xp.abs(b) < 0.5)
        near = 0.5 * xp.log1p(a * (2.0 + a) + b * b)
        far = xp.log(xp.hypot(1.0 + a, b))
        return make(xp.where(small, near, far), xp.atan2(b, 1.0 + a))

    return log1p


def atanh_kernel(native: Callable[[Any], Any], ops: ComplexOps) -> Callable[[Any], Any]:
    """Complex ``atanh``: ``native``'s result where it is finite, else (it
    overflows near the poles, e.g. ``atanh(1 + 1e-21j)`` in single precision
    when ``|1 - z|**2`` is subnormal) ``(log1p(z) - log1p(-z)) / 2`` with the
    accurate :func:`log1p_kernel`."""
    xp, make = ops.xp, ops.make
    log1p = log1p_kernel(ops)

    def atanh(z: Any) -> Any:
        w = native(z)
        re, im = xp.real(w), xp.imag(w)
        finite_in = xp.logical_and(xp.isfinite(xp.real(z)), xp.isfinite(xp.imag(z)))
        finite_out = xp.logical_and(xp.isfinite(re), xp.isfinite(im))
        keep = xp.logical_or(finite_out, xp.logical_not(finite_in))
        p, q = log1p(z), log1p(xp.negative(z))
        re = xp.where(keep, re, 0.5 * (xp.real(p) - xp.real(q)))
        im = xp.where(keep, im, 0.5 * (xp.imag(p) - xp.imag(q)))
        return make(re, im)

    return atanh


def make_complex_function(name: str, native: Callable[[Any], Any], ops: ComplexOps, *,
                          hyperbolic: Callable[[Any], Any] | None = None,
                          kernel: Callable[[Any], Any] | None = None
                          ) -> Callable[[Any], Any]:
    """The standard's ``name`` over ``native``, fixed for complex inputs.

    For the trigonometric functions ``hyperbolic`` is the complex kernel of the
    hyperbolic counterpart (``sinh`` for ``sin``, ...), whose fixed form they go
    through. ``kernel`` replaces ``native`` for complex inputs (before the
    special cases are patched in); real inputs always go to ``native``.
    """
    is_complex = ops.is_complex
    if name in ROTATED:
        if hyperbolic is None:
            raise TypeError(f"make_complex_function({name!r}) needs the native "
                            f"{ROTATED[name][0]}")
        complex_branch = _rotated(name, hyperbolic, ops)
    else:
        symmetry, rules = TABLES[name]
        complex_branch = _fixed(kernel or native, ops, symmetry, rules, AFTER.get(name, ()))

    def function(x: Any, /, **kwargs: Any) -> Any:
        if is_complex(x):
            if kwargs:
                raise TypeError(f"{name}(): the library's own keywords ({', '.join(kwargs)}) "
                                "are taken for real input only; complex input goes through "
                                "xport's special-case handling")
            return complex_branch(x)
        return native(x, **kwargs) if kwargs else native(x)

    function.__name__ = function.__qualname__ = name
    function.__doc__ = (
        f"The standard's ``{name}``, elementwise.\n\n"
        f"Deviation fixed: for complex input the native ``{name}`` breaks the "
        "standard's symmetries (the sign of a zero or infinite part, e.g. which side "
        "of a branch cut ``-x - 0j`` lies on) and returns NaN where the standard's "
        "special-case table gives a value; here the input is folded by the symmetry, "
        "the table's entries are patched in and the result is unfolded. Real input "
        "goes to the native function unchanged, with the library's own keywords "
        "(``out=``, ...), as array-api-compat passes them; complex input takes none."
    )
    return function

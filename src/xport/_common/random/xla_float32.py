"""float32 arithmetic rounded as XLA's CPU backend rounds it.

JAX's float32 samplers are compiled by XLA, which contracts a multiply
followed by an add into one fused multiply-add (one rounding) and evaluates
``log1p`` and ``log`` with its own polynomials. To give the same floats with
the standard's operations, :func:`fma` computes ``a * b + c`` in float64 (the
product of two float32 values is exact there) and rounds once to float32, and
:func:`log1p` follows XLA's steps: a Cephes rational for ``|x| < sqrt(2) - 1``,
else Cephes' ``log`` (the vectorised version in XLA's CPU runtime, its
polynomial split in three) of ``1 + x``.
"""

from __future__ import annotations

import math
import struct
from typing import Any, Final

from .target import Target


def f32(value: float) -> float:
    """``value`` rounded to the nearest float32, as a Python float (XLA's
    constants are float32)."""
    return float(struct.unpack("f", struct.pack("f", value))[0])


class Ops:
    """How the float32 steps run: with the standard's operations (any
    namespace, traceable), both branches of a selection on every element.

    ``wide`` is float64, where products of float32 values are exact. On
    devices without float64 (``wide`` float32) each FMA rounds twice, and the
    numbers drift from JAX's by a few ulp.
    """

    gathers = False

    def __init__(self, xp: Any, wide: Any = None) -> None:
        self.xp = xp
        self.wide = xp.float64 if wide is None else wide

    def widen(self, x: Any) -> Any:
        """A float32 array in the wide dtype (exactly)."""
        return self.xp.astype(x, self.wide)

    def fma(self, a: Any, b: Any, c: Any) -> Any:
        """``a * b + c`` for wide arrays or Python floats holding float32
        values (at least one of ``a`` and ``b`` an array), rounded once to
        float32. The product is exact in float64; the sum rounded to float64
        and then to float32 can differ from one rounding in a tie, with odds
        near 2**-29."""
        return self.xp.astype(a * b + c, self.xp.float32)

    def horner(self, wide_x: Any, coefficients: tuple[float, ...]) -> Any:
        """The polynomial (highest power first) at ``wide_x`` (wide, holding
        float32 values) by Horner's rule, one FMA per step as XLA: float32."""
        p = self.fma(wide_x, coefficients[0], coefficients[1])
        for c in coefficients[2:]:
            p = self.fma(self.widen(p), wide_x, c)
        return p

    def frexp(self, y: Any) -> tuple[Any, Any]:
        """``(m, e)`` with ``y = m * 2**e``, ``m`` in [0.5, 1), both float32, for
        normal float32 ``y`` in (0, 1)."""
        # By halving the exponent range (the standard has no frexp or bit
        # casts); scaling by powers of two is exact. Selections are products
        # with 0/1 masks: NumPy's where is slow on unpredictable masks.
        xp = self.xp
        m, e = y, xp.zeros_like(y)
        for k in (64, 32, 16, 8, 4, 2, 1):
            low = xp.astype(m < 2.0 ** -k, m.dtype)
            m = m * (low * (2.0 ** k - 1.0) + 1.0)
            e = e - low * k
        return m, e


class BitcastOps(Ops):
    """The same steps for libraries whose arrays can be bit cast (NumPy and
    PyTorch: ``view(dtype)``, which torch.compile traces too): ``frexp`` reads
    the exponent bits, five operations instead of the halving's thirty-five."""

    def frexp(self, y: Any) -> tuple[Any, Any]:
        # The namespace's dtypes are the library's own.
        xp = self.xp
        bits = y.view(xp.int32)
        e = xp.astype(xp.bitwise_right_shift(bits, 23) - 126, xp.float32)
        m = xp.bitwise_or(xp.bitwise_and(bits, 0x007FFFFF), 0x3F000000).view(xp.float32)
        return m, e


class TracedOps(BitcastOps):
    """BitcastOps for code that a tracing compiler compiles (the backend's
    ``RandomHooks.compiling()``: torch.compile). Inductor before torch 2.13
    drops a float64 -> float32 -> float64 round trip (its
    ``pointless_convert`` pass) and with it the float32 rounding of every
    Horner step; an operation between the casts, a double negation (which the
    C compiler then removes), keeps it."""

    def widen(self, x: Any) -> Any:
        xp = self.xp
        return xp.astype(xp.negative(xp.negative(x)), self.wide)


class InPlaceOps(BitcastOps):
    """The steps for eager arrays on the CPU of a library whose arrays can
    also be indexed by value and written through ``out=`` of its ``native``
    module's functions (the backend's ``RandomHooks.in_place_native``: NumPy,
    PyTorch): each branch runs on its own elements, and Horner steps round
    through ``out=`` (on two buffers, no new arrays)."""

    gathers = True

    def __init__(self, xp: Any, native: Any, wide: Any = None) -> None:
        super().__init__(xp, wide)
        self.native = native

    def horner(self, wide_x: Any, coefficients: tuple[float, ...]) -> Any:
        native = self.native
        wide = wide_x * coefficients[0]
        native.add(wide, coefficients[1], out=wide)
        p = self.xp.astype(wide, self.xp.float32)
        for c in coefficients[2:]:
            wide[...] = p
            native.multiply(wide, wide_x, out=wide)
            native.add(wide, c, out=wide)
            p[...] = wide
        return p


# Device types without float64 (PyTorch's Apple GPU backend).
_NO_FLOAT64: Final = frozenset(("mps",))


def _has_float64(target: Target, x: Any) -> bool:
    """Whether the device of array ``x`` has float64."""
    # The device by the backend's device function (torch.compile before 2.5
    # cannot trace getattr with a default on a tensor); PyTorch's devices name
    # their type.
    return getattr(target.device(x), "type", None) not in _NO_FLOAT64


def takes_in_place(target: Target) -> bool:
    """Whether ``target``'s eager arrays are ones InPlaceOps serves (indexed
    and assigned by integer arrays, written through ``out=``): its backend
    names the native module (``RandomHooks.in_place_native``)."""
    return target.hooks.in_place_native is not None


def gathers(target: Target, x: Any) -> bool:
    """Whether erfinv may evaluate each branch on its own elements of ``x``:
    a 1-d array whose values may be read (``RandomHooks.reads_values``);
    :func:`ops_for` then serves the libraries that take integer-array
    assignment."""
    return x.ndim == 1 and target.hooks.reads_values(x)


def ops_for(target: Target, x: Any, *, in_place: bool) -> Ops:
    """``InPlaceOps`` where asked for and served, else ``BitcastOps`` where
    served (``TracedOps`` while the backend's compiler traces), else ``Ops``,
    for ``target``'s namespace and the device of the float32 array ``x``."""
    xp = target.xp
    wide = None if _has_float64(target, x) else xp.float32
    hooks = target.hooks
    native = hooks.in_place_native
    if native is None:
        return Ops(xp, wide)
    if in_place:
        return InPlaceOps(xp, native, wide)
    return TracedOps(xp, wide) if hooks.compiling() else BitcastOps(xp, wide)


# Cephes' rational log1p(x) = x - x**2/2 + x**3 * P(x) / Q(x), highest power first.
_LOG1P_NUMERATOR: Final = tuple(f32(c) for c in (
    4.5270000862445199635215e-5, 4.9854102823193375972212e-1, 6.5787325942061044846969e0,
    2.9911919328553073277375e1, 6.0949667980987787057556e1, 5.7112963590585538103336e1,
    2.0039553499201281259648e1))
_LOG1P_DENOMINATOR: Final = tuple(f32(c) for c in (
    1.0, 1.5062909083469192043167e1, 8.3047565967967209469434e1, 2.2176239823732856465394e2,
    3.0909872225312059774938e2, 2.1642788614495947685003e2, 6.0118660497603843919306e1))
_LOG1P_SMALL: Final = f32(math.sqrt(2.0) - 1.0)

# Cephes' logf polynomial, highest power first, and ln 2 split in two parts.
_LOG: Final = tuple(f32(c) for c in (
    7.0376836292e-2, -1.1514610310e-1, 1.1676998740e-1, -1.2420140846e-1, 1.4249322787e-1,
    -1.6668057665e-1, 2.0000714765e-1, -2.4999993993e-1, 3.3333331174e-1))
_LN2_LOW: Final = f32(-2.12194440e-4)
_LN2_HIGH: Final = 0.693359375
_SQRT_HALF: Final = f32(math.sqrt(0.5))
_SMALLEST_NORMAL: Final = 2.0 ** -126


def log(ops: Ops, y: Any) -> Any:
    """``log(y)`` for float32 ``y`` in (0, 1) (below the smallest normal, as
    for it; the caller handles 0 and NaN)."""
    xp = ops.xp
    m, e = ops.frexp(xp.maximum(y, _SMALLEST_NORMAL))
    below = xp.astype(m < _SQRT_HALF, m.dtype)
    m = (m - 1.0) + m * below
    e = e - below
    x2 = m * m
    x3 = ops.widen(x2 * m)
    wide_m = ops.widen(m)
    parts = [ops.widen(ops.horner(wide_m, _LOG[i:i + 3])) for i in (0, 3, 6)]
    poly = ops.widen(ops.fma(parts[0], x3, parts[1]))
    poly = ops.widen(ops.fma(poly, x3, parts[2]))
    poly = ops.fma(poly, x3, ops.widen(e * _LN2_LOW))
    # The last add as an FMA (e * ln2_high is exact, so it rounds the same):
    # TensorFlow's graph optimizer would otherwise regroup the chain of adds.
    return ops.fma(ops.widen(e), _LN2_HIGH, ops.widen(m - 0.5 * x2 + poly))


def _log1p_small(ops: Ops, x: Any) -> Any:
    """XLA's rational branch of ``log1p``, for ``|x| < sqrt(2) - 1``."""
    wide_x = ops.widen(x)
    x2 = x * x
    ratio = ops.horner(wide_x, _LOG1P_NUMERATOR) / ops.horner(wide_x, _LOG1P_DENOMINATOR)
    return x + ops.fma(-0.5, ops.widen(x2), ops.widen((x * x2) * ratio))


def _log1p_large(ops: Ops, x: Any) -> Any:
    return log(ops, x + 1.0)


def log1p(ops: Ops, x: Any) -> Any:
    """``log1p(x)`` for float32 ``x`` in (-1, 1], as XLA computes it (with
    ``InPlaceOps``, each branch only on its own elements of a 1-d ``x``)."""
    xp = ops.xp
    small = xp.abs(x) < _LOG1P_SMALL
    if not ops.gathers:
        return xp.where(small, _log1p_small(ops, x), _log1p_large(ops, x))
    out = xp.empty_like(x)
    for where, branch in ((small, _log1p_small), (~small, _log1p_large)):
        index = xp.nonzero(where)[0]
        out[index] = branch(ops, xp.take(x, index))
    return out

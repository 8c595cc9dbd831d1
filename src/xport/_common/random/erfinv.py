"""The inverse error function with the standard's elementwise operations.

The standard has no ``erfinv``. This is M. Giles' approximation ("Approximating
the erfinv function", GPU Computing Gems Jade Edition, 2011) with his published
coefficients: a polynomial in ``w = -log(1 - x**2)``, one piece per range of
``w``. In float32 it is evaluated exactly as XLA's CPU backend evaluates
``jax.lax.erf_inv``: the same ``log1p`` (a Cephes rational below 0.414, and
Cephes' ``log`` of ``1 + x`` above), the same polynomials in the same order, and
fused multiply-adds where XLA fuses, each one computed in float64 (the float32
product is exact there) and rounded once. So float32 normals are JAX's on CPU
(measured bit-identical on 12.6 million uniforms; an FMA rounded twice, odds
about 2**-29 per operation, could move one by an ulp). A library's own
``erfinv`` or ``log1p`` (more accurate, differently rounded) would drift by
several ulp where a piece boundary or the ``log1p`` threshold is crossed.
"""

from __future__ import annotations

import math
from typing import Any, Final

from . import xla_float32 as _xla
from .target import Target

# (w below which the piece applies, shift, whether the piece is in sqrt(w),
#  coefficients from the highest power down).
_Piece = tuple[float, float, bool, tuple[float, ...]]

# float32 pieces; XLA rounds the coefficients to float32 (below).
_GILES_FLOAT32: Final[tuple[_Piece, ...]] = (
    (5.0, 2.5, False, (
        2.81022636e-08, 3.43273939e-07, -3.5233877e-06, -4.39150654e-06,
        0.00021858087, -0.00125372503, -0.00417768164, 0.246640727, 1.50140941)),
    (math.inf, 3.0, True, (
        -0.000200214257, 0.000100950558, 0.00134934322, -0.00367342844,
        0.00573950773, -0.0076224613, 0.00943887047, 1.00167406, 2.83297682)),
)

_FLOAT32: Final[tuple[_Piece, ...]] = tuple(
    (bound, shift, in_sqrt, tuple(_xla.f32(c) for c in coefficients))
    for bound, shift, in_sqrt, coefficients in _GILES_FLOAT32)

_SQRT2: Final = math.sqrt(2.0)
_SQRT2_FLOAT32: Final = _xla.f32(_SQRT2)

_FLOAT64: Final[tuple[_Piece, ...]] = (
    (6.25, 3.125, False, (
        -3.6444120640178196996e-21, -1.685059138182016589e-19, 1.2858480715256400167e-18,
        1.115787767802518096e-17, -1.333171662854620906e-16, 2.0972767875968561637e-17,
        6.6376381343583238325e-15, -4.0545662729752068639e-14, -8.1519341976054721522e-14,
        2.6335093153082322977e-12, -1.2975133253453532498e-11, -5.4154120542946279317e-11,
        1.051212273321532285e-09, -4.1126339803469836976e-09, -2.9070369957882005086e-08,
        4.2347877827932403518e-07, -1.3654692000834678645e-06, -1.3882523362786468719e-05,
        0.0001867342080340571352, -0.00074070253416626697512, -0.0060336708714301490533,
        0.24015818242558961693, 1.6536545626831027356)),
    (16.0, 3.25, True, (
        2.2137376921775787049e-09, 9.0756561938885390979e-08, -2.7517406297064545428e-07,
        1.8239629214389227755e-08, 1.5027403968909827627e-06, -4.013867526981545969e-06,
        2.9234449089955446044e-06, 1.2475304481671778723e-05, -4.7318229009055733981e-05,
        6.8284851459573175448e-05, 2.4031110387097893999e-05, -0.0003550375203628474796,
        0.00095328937973738049703, -0.0016882755560235047313, 0.0024914420961078508066,
        -0.0037512085075692412107, 0.005370914553590063617, 1.0052589676941592334,
        3.0838856104922207635)),
    (math.inf, 5.0, True, (
        -2.7109920616438573243e-11, -2.5556418169965252055e-10, 1.5076572693500548083e-09,
        -3.7894654401267369937e-09, 7.6157012080783393804e-09, -1.4960026627149240478e-08,
        2.9147953450901080826e-08, -6.7711997758452339498e-08, 2.2900482228026654717e-07,
        -9.9298272942317002539e-07, 4.5260625972231537039e-06, -1.9681778105531670567e-05,
        7.5995277030017761139e-05, -0.00021503011930044477347, -0.00013871931833623122026,
        1.0103004648645343977, 4.8499064014085844221)),
)


def erfinv(target: Target, x: Any, *, open_interval: bool = False,
           gather: bool = False) -> Any:
    """``erfinv(x)`` for a float32 or float64 array ``x`` in [-1, 1] of
    ``target``'s namespace.

    Gives +-inf at +-1 and NaN outside [-1, 1]. ``open_interval=True`` promises
    ``-1 < x < 1`` and skips the endpoint handling. ``gather=True`` (a 1-d
    float32 ``x`` of a library that indexes by value eagerly) evaluates each
    branch only where it applies.
    """
    xp = target.xp
    if x.dtype == xp.float64:
        w = -xp.log1p(-(x * x))
        result = None
        for bound, shift, in_sqrt, coefficients in reversed(_FLOAT64):
            t = (xp.sqrt(w) if in_sqrt else w) - shift
            p = t * coefficients[0] + coefficients[1]
            for c in coefficients[2:]:
                p = p * t + c
            result = p if result is None else xp.where(w < bound, p, result)
        result = result * x
    else:
        result = _float32(target, x, gather) * x
    if open_interval:
        return result
    return xp.where(xp.abs(x) == 1.0, x * math.inf, result)


def sqrt2_erfinv(target: Target, x: Any, *, open_interval: bool = False,
                 gather: bool = False) -> Any:
    """``sqrt(2) * erfinv(x)``: standard normals from uniforms in (-1, 1).

    In float32 the product is formed in float64 (exact) and rounded once, which
    is the float32 product: the cast between the two products keeps
    TensorFlow's graph optimizer from reassociating the constant into
    ``erfinv``'s own last product.
    """
    xp = target.xp
    result = erfinv(target, x, open_interval=open_interval, gather=gather)
    if x.dtype == xp.float64:
        return _SQRT2 * result
    wide = _xla.ops_for(target, x, in_place=False).widen(result)
    return xp.astype(wide * _SQRT2_FLOAT32, xp.float32)


def _float32(target: Target, x: Any, gather: bool) -> Any:
    """XLA's float32 polynomial (before the multiplication by ``x``)."""
    xp = target.xp
    ops = _xla.ops_for(target, x, in_place=gather)
    w = -_xla.log1p(ops, -(x * x))
    (bound, shift, _, main), (_, tail_shift, _, tail) = _FLOAT32

    def tail_piece(w: Any) -> Any:
        # sqrt rounded from float64: some libraries' float32 sqrt is not
        # correctly rounded.
        root = xp.astype(xp.sqrt(ops.widen(w)), xp.float32)
        return ops.horner(ops.widen(root - tail_shift), tail)

    result = ops.horner(ops.widen(w - shift), main)
    in_tail = w >= bound
    if not ops.gathers:
        return xp.where(in_tail, tail_piece(w), result)
    index = xp.nonzero(in_tail)[0]
    result[index] = tail_piece(xp.take(w, index))
    return result

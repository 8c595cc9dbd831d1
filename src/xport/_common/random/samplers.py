"""The samplers, written once against the Array API standard.

Every function takes a :class:`~.target.Target` (a namespace ``xp`` and its
backend's ``RandomHooks``) first and computes JAX's streams
(``jax_threefry_partitionable``, JAX's default since 0.5) with ``xp``'s
operations: element ``i`` of a draw of ``shape`` encrypts the counter pair
``(i >> 32, i & 0xffffffff)`` of its row-major flat index, so the numbers do
not depend on how an array is chunked or laid out. Nothing is updated in
place and nothing branches on array values, so tracing compilers follow it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Final

from . import tables
from .erf import erf
from .erfinv import sqrt2_erfinv
from .floats import (
    above_minus_one,
    bound,
    exact_product,
    float_kind,
    scale,
    unit,
    unit_of_mantissas,
)
from .keys import KeyWords, encrypt, key_words, split_words
from .streams import draw_size, rounds_in_float64, stream
from .target import Target
from .words import MASK32, Words, words_for
from .xla_float32 import gathers

_SQRT2: Final = math.sqrt(2.0)


# -- bits --------------------------------------------------------------------

def bits_at(w: Words, kw: KeyWords, counters: Any) -> Any:
    """The 32 random bits of each counter (JAX's: the cipher's words xored)."""
    return w.xor(*encrypt(w, kw, counters))


def _bits_program(target: Target, start: int, stop: int, device: Any, *key: Any) -> Any:
    w = words_for(target)
    return bits_at(w, (key[0], key[1]), w.iota(start, stop, device))


def bit_words(w: Words, kw: KeyWords, shape: tuple[int, ...], device: Any,
              offset: int = 0) -> Any:
    """The 32 random bits of each element of a draw of ``shape``, as words."""
    return stream(w, shape, device, (_bits_program, kw), offset)


def bits(target: Target, key: Any, shape: tuple[int, ...], dtype: Any, *,
         offset: int = 0) -> Any:
    """Uniform random bits as unsigned integers of ``dtype`` (uint8 ... uint64)
    (``offset``: see streams.stream)."""
    xp = target.xp
    w = words_for(target)
    device = target.device_of(key)
    kw = key_words(w, key)
    dtype = xp.uint32 if dtype is None else dtype
    if dtype == xp.uint32:
        return w.uint32(bit_words(w, kw, shape, device, offset))
    if dtype in (xp.uint8, xp.uint16):
        # The low bits of the 32-bit draw, as JAX truncates.
        return xp.astype(w.wide(bit_words(w, kw, shape, device, offset)), dtype)
    if dtype == xp.uint64:
        return stream(w, shape, device, (_bits64_program, (*kw, dtype)), offset)
    raise TypeError(f"bits() takes an unsigned integer dtype; got {dtype}")


def _bits64_program(target: Target, start: int, stop: int, device: Any, *args: Any) -> Any:
    k0, k1, dtype = args
    xp = target.xp
    w = words_for(target)
    high, low = (xp.astype(w.wide(x), dtype)
                 for x in encrypt(w, (k0, k1), w.iota(start, stop, device)))
    return xp.bitwise_or(xp.bitwise_left_shift(high, 32), low)


# -- floats ------------------------------------------------------------------

def _uniform_program(target: Target, start: int, stop: int, device: Any, *args: Any) -> Any:
    k0, k1, kind, exact, low, high = args
    w = words_for(target)
    return scale(target, unit(w, (k0, k1), w.iota(start, stop, device), kind), low, high,
                 exact)


def _normal_then(target: Target, u: Any) -> Any:
    return sqrt2_erfinv(target, u, open_interval=True, gather=gathers(target, u))


@rounds_in_float64
def _normal_program(target: Target, start: int, stop: int, device: Any, *args: Any) -> Any:
    return _normal_then(target, _uniform_program(target, start, stop, device, *args))


@rounds_in_float64
def _normal_of_mantissas(target: Target, start: int, stop: int, device: Any, *args: Any
                         ) -> Any:
    """``_normal_program``'s values for the mantissas start .. stop - 1 (its
    table, see tables.py)."""
    exact, low, high = args
    w = words_for(target)
    units = unit_of_mantissas(w, w.iota(start, stop, device))
    return _normal_then(target, scale(target, units, low, high, exact))


def _truncated_then(target: Target, u: Any, above: Any, below: Any) -> Any:
    return target.xp.clip(sqrt2_erfinv(target, u, gather=gathers(target, u)), above, below)


@rounds_in_float64
def _truncated_program(target: Target, start: int, stop: int, device: Any, *args: Any) -> Any:
    above, below, *uniform = args
    return _truncated_then(target, _uniform_program(target, start, stop, device, *uniform),
                           above, below)


def _gumbel_then(target: Target, u: Any) -> Any:
    xp = target.xp
    return -xp.log(-xp.log(u))


def _gumbel_program(target: Target, start: int, stop: int, device: Any, *args: Any) -> Any:
    return _gumbel_then(target, _uniform_program(target, start, stop, device, *args))


# What follows a uniform draw: (its function of the uniforms and extra arrays,
# and the stream program that draws and applies it). One program each, so
# compiled code caches a few variants per program.
_Finish = tuple[Callable[..., Any], Callable[..., Any]]
_NO_FINISH: Final[_Finish] = (lambda target, u: u, _uniform_program)
_NORMAL: Final[_Finish] = (_normal_then, _normal_program)
_TRUNCATED: Final[_Finish] = (_truncated_then, _truncated_program)
_GUMBEL: Final[_Finish] = (_gumbel_then, _gumbel_program)


def _scaling(xp: Any, minval: Any, maxval: Any, dtype: Any, device: Any
             ) -> tuple[bool, Any, Any]:
    """A uniform draw's constants for ``floats.scale``: whether its product is
    exact, and its bounds as arrays of ``dtype``."""
    return (exact_product(minval, maxval), bound(xp, minval, dtype, device),
            bound(xp, maxval, dtype, device))


def _uniform(w: Words, kw: KeyWords, shape: tuple[int, ...], kind: str, *,
             minval: Any, maxval: Any, device: Any, finish: _Finish = _NO_FINISH,
             extra: tuple[Any, ...] = (), offset: int = 0) -> Any:
    """Uniform floats in [minval, maxval), then ``finish`` with the arrays
    ``extra`` (``offset``: see streams.stream; scalar bounds only)."""
    xp = w.xp
    exact, low, high = _scaling(xp, minval, maxval, getattr(xp, kind), device)
    then, program = finish
    if low.ndim == 0 and high.ndim == 0:
        return stream(w, shape, device, (program, (*extra, *kw, kind, exact, low, high)),
                      offset)
    if offset:
        raise ValueError("xport.random: a draw with an offset takes scalar bounds")
    # Array bounds broadcast with the whole draw, so it is not cut into blocks.
    units = xp.reshape(unit(w, kw, w.iota(0, draw_size(shape), device), kind), shape)
    return then(w.target, scale(w.target, units, low, high, exact), *extra)


def uniform(target: Target, key: Any, shape: tuple[int, ...], *, dtype: Any,
            minval: Any, maxval: Any, offset: int = 0) -> Any:
    """Floats in [minval, maxval), as ``jax.random.uniform`` (``offset``: see
    streams.stream; scalar bounds only)."""
    xp = target.xp
    w = words_for(target)
    kind = float_kind(xp, dtype, "uniform")
    return _uniform(w, key_words(w, key), shape, kind, minval=minval, maxval=maxval,
                    device=target.device_of(key), offset=offset)


def normal(target: Target, key: Any, shape: tuple[int, ...], dtype: Any, *,
           offset: int = 0) -> Any:
    """Standard normals, ``sqrt(2) * erfinv(u)`` for u uniform in (-1, 1);
    with ``offset``, the elements offset .. offset+size-1 of a larger flat draw."""
    xp = target.xp
    w = words_for(target)
    kind = float_kind(xp, dtype, "normal")
    lowest = above_minus_one(kind)
    device = target.device_of(key)
    kw = key_words(w, key)
    if kind == "float32" and target.hooks.tabulates(device):
        constants = _scaling(xp, lowest, 1.0, xp.float32, device)
        return tables.draw(w, kw, shape, device, offset,
                           eager=(_normal_program, (*kw, kind, *constants)),
                           of_mantissas=(_normal_of_mantissas, constants))
    return _uniform(w, kw, shape, kind, minval=lowest, maxval=1.0, device=device,
                    finish=_NORMAL, offset=offset)


def _gumbel(w: Words, kw: KeyWords, shape: tuple[int, ...], kind: str, device: Any) -> Any:
    xp = w.xp
    tiny = float(xp.finfo(getattr(xp, kind)).smallest_normal)
    return _uniform(w, kw, shape, kind, minval=tiny, maxval=1.0, device=device,
                    finish=_GUMBEL)


# -- integers ----------------------------------------------------------------

def _sampling_range(xp: Any, dtype: Any) -> tuple[int, int]:
    info = xp.iinfo(dtype)
    if info.bits == 64:
        # JAX's default configuration samples 64-bit requests at 32 bits.
        info = xp.iinfo(xp.int32 if info.min < 0 else xp.uint32)
    return int(info.min), int(info.max)


def _int64_bound(xp: Any, value: Any, device: Any) -> Any:
    if isinstance(value, int):
        return xp.asarray(value, dtype=xp.int64, device=device)
    if not xp.isdtype(value.dtype, "integral"):
        raise TypeError(f"integers() takes integer bounds; got dtype {value.dtype}")
    return xp.astype(value, xp.int64)


def integers(target: Target, key: Any, shape: tuple[int, ...], *, low: Any, high: Any,
             dtype: Any, offset: int = 0) -> Any:
    """Integers in [low, high) as ``jax.random.randint``, including its
    modulo arithmetic (and so its small bias when high - low is not a power of 2).
    ``offset``: see streams.stream; scalar bounds only."""
    xp = target.xp
    w = words_for(target)
    device = target.device_of(key)
    if not xp.isdtype(dtype, "integral"):
        raise TypeError(f"integers() takes an integer dtype; got {dtype}")
    smallest, largest = _sampling_range(xp, dtype)
    k1, k2 = split_words(w, key_words(w, key), device)
    # int64 arithmetic on values below 2**32, reduced mod 2**32 where JAX's
    # uint32 arithmetic wraps.
    lo = xp.clip(_int64_bound(xp, low, device), smallest, largest)
    hi = xp.clip(_int64_bound(xp, high, device), smallest, largest + 1)
    span = xp.bitwise_and(xp.where(hi > lo, hi - lo, xp.ones_like(hi)), MASK32)
    # A span of 2**32 wraps to 0; JAX's remainders by 0 then keep `lower`.
    full = span == 0
    safe = xp.where(full, xp.ones_like(span), span)
    multiplier = xp.remainder(xp.full_like(safe, 1 << 16), safe)
    multiplier = xp.remainder(xp.bitwise_and(multiplier * multiplier, MASK32), safe)
    bounds = (lo, full, safe, multiplier, dtype)
    if lo.ndim == 0 and hi.ndim == 0:
        # Scalar bounds: the whole computation runs per block of counters.
        return stream(w, shape, device, (_integers_program, (*k1, *k2, *bounds)), offset)
    if offset:
        raise ValueError("xport.random: a draw with an offset takes scalar bounds")
    return _in_range(xp, w.wide(bit_words(w, k1, shape, device)),
                     w.wide(bit_words(w, k2, shape, device)), bounds)


def _in_range(xp: Any, higher: Any, lower: Any, bounds: tuple[Any, ...]) -> Any:
    """JAX's randint from two int64 arrays of 32-bit words and ``integers``'
    ``(lo, full, safe, multiplier, dtype)``."""
    lo, full, safe, multiplier, dtype = bounds
    offset = xp.bitwise_and(xp.remainder(higher, safe) * multiplier, MASK32)
    offset = xp.bitwise_and(offset + xp.remainder(lower, safe), MASK32)
    offset = xp.where(full, lower, xp.remainder(offset, safe))
    return xp.astype(lo + offset, dtype)


def _integers_program(target: Target, start: int, stop: int, device: Any, *args: Any) -> Any:
    k1a, k1b, k2a, k2b, *bounds = args
    xp = target.xp
    w = words_for(target)
    counters = w.iota(start, stop, device)
    return _in_range(xp, w.wide(bits_at(w, (k1a, k1b), counters)),
                     w.wide(bits_at(w, (k2a, k2b), counters)), tuple(bounds))


# -- permutations and choices ------------------------------------------------

def _rounds(size: int) -> int:
    # Enough sorts by fresh 32-bit keys that ties are unlikely (JAX's count).
    return math.ceil(3 * math.log(max(1, size)) / math.log(MASK32))


def _shuffle(w: Words, kw: KeyWords, x: Any, axis: int, device: Any) -> Any:
    """``x`` with every line along ``axis`` shuffled by stable sorts on random keys."""
    xp = w.xp
    for _ in range(_rounds(math.prod(x.shape))):
        kw, subkey = split_words(w, kw, device)
        sort_keys = w.order(bit_words(w, subkey, tuple(x.shape), device))
        x = xp.take_along_axis(x, xp.argsort(sort_keys, axis=axis, stable=True), axis=axis)
    return x


def _normalize_axis(axis: int, ndim: int) -> int:
    if not -ndim <= axis < ndim:
        raise ValueError(f"axis {axis} is out of bounds for an array of {ndim} dimension(s)")
    return axis % ndim


def permutation(target: Target, key: Any, x: Any, axis: int, independent: bool) -> Any:
    """A shuffled ``arange(x)`` (int ``x``) or ``x`` shuffled along ``axis``."""
    xp = target.xp
    w = words_for(target)
    device = target.device_of(key)
    kw = key_words(w, key)
    if isinstance(x, int):
        return _shuffle(w, kw, xp.arange(x, device=device), 0, device)
    axis = _normalize_axis(axis, x.ndim)
    if independent or x.ndim == 1:
        return _shuffle(w, kw, x, axis, device)
    order = _shuffle(w, kw, xp.arange(x.shape[axis], device=device), 0, device)
    return xp.take(x, order, axis=axis)


def choice(target: Target, key: Any, a: Any, shape: tuple[int, ...], *, replace: bool,
           p: Any, axis: int) -> Any:
    """Samples of ``arange(a)`` (int ``a``) or of ``a`` along ``axis``."""
    xp = target.xp
    w = words_for(target)
    device = target.device_of(key)
    if isinstance(a, int):
        population = a
    else:
        axis = _normalize_axis(axis, a.ndim)
        population = a.shape[axis]
    draws = math.prod(shape)
    if draws == 0:
        if isinstance(a, int):
            return xp.zeros(shape, dtype=xp.arange(0).dtype, device=device)
        return xp.zeros(_out_shape(a, axis, shape), dtype=a.dtype, device=device)
    if population <= 0:
        raise ValueError("choice(): the population must not be empty unless no samples "
                         "are taken")
    if not replace and draws > population:
        raise ValueError(f"choice(): cannot take {draws} samples from {population} "
                         "without replacement")
    kw = key_words(w, key)
    if p is None and replace:
        index = integers(target, key, shape, low=0, high=population, dtype=xp.int32)
    elif p is None:
        index = _shuffle(w, kw, xp.arange(population, device=device), 0, device)[:draws]
    else:
        if tuple(p.shape) != (population,):
            raise ValueError(f"choice(): p must have shape ({population},); got {p.shape}")
        kind = float_kind(xp, p.dtype, "choice")
        if replace:
            cumulative = xp.cumulative_sum(p)
            total = cumulative[-1]
            r = total * (1.0 - _uniform(w, kw, shape, kind, minval=0.0, maxval=1.0,
                                        device=device))
            index = xp.searchsorted(cumulative, xp.reshape(r, (-1,)))
        else:
            scores = _gumbel(w, kw, (population,), kind, device) + xp.log(p)
            index = xp.argsort(scores, descending=True, stable=True)[:draws]
    if isinstance(a, int):
        return xp.reshape(index, shape)
    picked = xp.take(a, xp.reshape(index, (-1,)), axis=axis)
    return xp.reshape(picked, _out_shape(a, axis, shape))


def _out_shape(a: Any, axis: int, shape: tuple[int, ...]) -> tuple[int, ...]:
    return (*a.shape[:axis], *shape, *a.shape[axis + 1:])


# -- other distributions -----------------------------------------------------

def bernoulli(target: Target, key: Any, p: Any, shape: tuple[int, ...] | None, *,
              offset: int = 0) -> Any:
    """Booleans that are True with probability ``p``: ``uniform(key) < p``
    (``offset``: see streams.stream; a Python ``p`` only)."""
    xp = target.xp
    w = words_for(target)
    device = target.device_of(key)
    if isinstance(p, (int, float)):
        dtype = xp.float32
        shape = () if shape is None else shape
    else:
        dtype = p.dtype
        shape = tuple(p.shape) if shape is None else shape
    if offset and not isinstance(p, (int, float)):
        raise ValueError("xport.random: a draw with an offset takes a Python p")
    kind = float_kind(xp, dtype, "bernoulli")
    return _uniform(w, key_words(w, key), shape, kind, minval=0.0, maxval=1.0,
                    device=device, offset=offset) < p


def categorical(target: Target, key: Any, logits: Any, axis: int,
                shape: tuple[int, ...] | None) -> Any:
    """Indices along ``axis`` drawn with probabilities ``softmax(logits)``
    (the Gumbel-max trick, as JAX)."""
    xp = target.xp
    w = words_for(target)
    ndim = logits.ndim
    axis = _normalize_axis(axis, ndim)
    batch = tuple(n for i, n in enumerate(logits.shape) if i != axis)
    shape = batch if shape is None else tuple(shape)
    if shape[len(shape) - len(batch):] != batch:
        raise ValueError(f"categorical(): shape {shape} does not end with the batch shape "
                         f"{batch} of the logits")
    prefix = shape[:len(shape) - len(batch)]
    kind = float_kind(xp, logits.dtype, "categorical")
    noise = _gumbel(w, key_words(w, key), (*prefix, *logits.shape), kind,
                    target.device_of(key))
    expanded = xp.reshape(logits, (1,) * len(prefix) + tuple(logits.shape))
    return xp.argmax(noise + expanded, axis=len(prefix) + axis)


# -- truncated normal --------------------------------------------------------

def truncated_normal(target: Target, key: Any, lower: Any, upper: Any, *,
                     shape: tuple[int, ...] | None, dtype: Any, offset: int = 0) -> Any:
    """Normals conditioned on ``lower < x < upper``, as
    ``jax.random.truncated_normal``: ``sqrt(2) * erfinv(u)`` for ``u`` uniform
    between ``erf(lower / sqrt(2))`` and ``erf(upper / sqrt(2))``, clipped into
    the open interval (``offset``: see streams.stream; scalar bounds only)."""
    xp = target.xp
    w = words_for(target)
    kind = float_kind(xp, dtype, "truncated_normal")
    device = target.device_of(key)
    low = bound(xp, lower, dtype, device)
    high = bound(xp, upper, dtype, device)
    if shape is None:
        shape = tuple(xp.broadcast_arrays(low, high)[0].shape)
    # erf of the float quotient (as JAX divides), evaluated in float64.
    edges = [xp.astype(erf(xp, xp.astype(edge / _SQRT2, xp.float64)), dtype)
             for edge in (low, high)]
    above = xp.nextafter(low, xp.asarray(math.inf, dtype=dtype, device=device))
    below = xp.nextafter(high, xp.asarray(-math.inf, dtype=dtype, device=device))
    return _uniform(w, key_words(w, key), shape, kind, minval=edges[0], maxval=edges[1],
                    device=device, finish=_TRUNCATED, extra=(above, below), offset=offset)

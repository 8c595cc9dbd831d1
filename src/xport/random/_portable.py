"""The samplers, written once against the Array API standard.

Every function takes the namespace ``xp`` first and computes JAX's streams
(``jax_threefry_partitionable``, JAX's default since 0.5) with ``xp``'s
operations: element ``i`` of a draw of ``shape`` encrypts the counter pair
``(i >> 32, i & 0xffffffff)`` of its row-major flat index, so the numbers do
not depend on how an array is chunked or laid out. Nothing is updated in
place and nothing branches on array values, so tracing compilers follow it.

Keys travel inside as pairs of 0-d carrier words (``KeyWords``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Final, Protocol

from .._compat_helpers import device as _device
from ._erf import erf
from ._erfinv import sqrt2_erfinv
from ._threefry import threefry2x32
from ._words import MASK32, Words, words_for
from ._xla_float32 import ops_for, takes_in_place

KeyWords = tuple[Any, Any]

# Counters are built with a 32-bit arange, so one draw holds fewer elements.
_MAX_SIZE: Final = 1 << 31
_SQRT2: Final = math.sqrt(2.0)
# Mantissa bits of float32 and float64.
_MANTISSA: Final = {"float32": 23, "float64": 52}


def _on_cpu_eagerly(device: Any) -> bool:
    import torch  # only reached for torch tensors

    return not torch.compiler.is_compiling() and getattr(device, "type", "cpu") == "cpu"


# Eager libraries whose large draws on the CPU run block by block (elements per
# block, measured best for a 1e7 normal draw, and whether a draw on ``device``
# runs so): hundreds of operations per element then touch cache-sized
# temporaries instead of fresh memory. The counters make every block's numbers
# those of the whole draw. Accelerators, lazy and traced libraries (Dask,
# tf.function, torch.compile) get whole-array operations: a fixed number of
# kernels per draw, whatever its size.
_BLOCKWISE: Final[dict[str, tuple[int, Callable[[Any], bool]]]] = {
    "xport.numpy": (1 << 16, lambda device: True),
    # PyTorch splits each operation over its threads; larger blocks amortise that.
    "xport.torch": (1 << 17, _on_cpu_eagerly),
}


class _ReadsValues(Protocol):
    def __call__(self, *arrays: Any) -> bool: ...


def _torch_reads_values(*arrays: Any) -> bool:
    from ..torch._host import host_reads  # only reached for torch tensors

    return host_reads(*arrays)


def _never_reads_values(*arrays: Any) -> bool:
    return False


def _always_reads_values(*arrays: Any) -> bool:
    return True


def _tensorflow_reads_values(*arrays: Any) -> bool:
    import tensorflow as tf

    # An eager tensor's device names its placement, e.g. ".../device:CPU:0".
    return bool(tf.executing_eagerly()) and all(
        ":CPU:" in str(getattr(a, "device", ":CPU:")).upper() for a in arrays)


# Libraries where a sampler may read array values on the host to decide how
# often to loop (eagerly and with no device sync: CPU arrays only).
# Everywhere else (Dask, traced code, unknown namespaces) rejection loops run
# a fixed number of rounds.
_READS_VALUES: Final[dict[str, _ReadsValues]] = {
    "xport.numpy": _always_reads_values,
    "array_api_strict": _always_reads_values,
    "xport.torch": _torch_reads_values,
    "xport.tensorflow": _tensorflow_reads_values,
}


def _gathers(xp: Any, x: Any) -> bool:
    """Whether erfinv may evaluate each branch on its own elements of ``x``:
    a 1-d array whose values may be read (above); _xla_float32.ops_for then
    serves the libraries that take integer-array assignment."""
    reads = _READS_VALUES.get(getattr(xp, "__name__", ""), _never_reads_values)
    return x.ndim == 1 and reads(x)


def device_of(x: Any) -> Any:
    """The device of ``x`` as its library reports it (None where it reports none)."""
    # By the array's library (a table lookup), not getattr(x, "device", None),
    # which torch.compile before 2.5 cannot trace on a tensor.
    found = _device(x)
    return None if found == "" else found


def _size(shape: tuple[int, ...]) -> int:
    size = math.prod(shape)
    if size >= _MAX_SIZE:
        raise ValueError(f"xport.random draws fewer than 2**31 numbers per call; "
                         f"shape {shape} asks for {size}. Split the key and draw in parts.")
    return size


def _float_kind(xp: Any, dtype: Any, what: str) -> str:
    for name in _MANTISSA:
        if dtype == getattr(xp, name):
            return name
    raise TypeError(f"xport.random.{what} takes dtype float32 or float64; got {dtype}")


# A stream program ``(fn, args)``: the values of the counters start .. stop - 1
# are ``fn(xp, start, stop, device, *args)``. ``fn`` is a function of this
# module (compiled code is cached by it) and ``args`` hold 0-d arrays and
# constants (kind names, dtypes, flags), never Python numbers that vary.
Program = tuple[Callable[..., Any], tuple[Any, ...]]


def _compiled_torch_stream(w: Words, program: Program, start: int, size: int,
                           device: Any) -> Any:
    from ._torch_compiled import stream  # only reached for torch tensors

    return stream(w, program, start, size, device)


# Libraries whose eager streams may run compiled (see _torch_compiled).
_COMPILED_STREAMS: Final = {"xport.torch": _compiled_torch_stream}


def _stream(w: Words, shape: tuple[int, ...], device: Any, program: Program,
            offset: int = 0) -> Any:
    """``program``'s values for the flat counters offset .. offset+size-1 of
    ``shape``, reshaped to ``shape``. A nonzero ``offset`` draws one part of a
    larger draw."""
    size = _size(shape)
    if offset + size > _MAX_SIZE:
        raise ValueError("xport.random draws fewer than 2**31 numbers per call")
    run = _COMPILED_STREAMS.get(getattr(w.xp, "__name__", ""), eager_stream)
    return w.xp.reshape(run(w, program, offset, size, device), shape)


def eager_stream(w: Words, program: Program, start: int, size: int, device: Any) -> Any:
    """The flat stream of ``program`` from counter ``start``, block by block
    where _BLOCKWISE says so, else in one piece."""
    xp = w.xp
    fn, args = program
    block, blockwise = _BLOCKWISE.get(getattr(xp, "__name__", ""), (0, None))
    if blockwise is None or size <= block or not blockwise(device):
        return fn(xp, start, start + size, device, *args)
    # Eager libraries take slice assignment: blocks land in the output directly.
    first = fn(xp, start, start + block, device, *args)
    out = xp.empty((size,), dtype=first.dtype, device=device)
    out[:block] = first
    for at in range(block, size, block):
        out[at:at + block] = fn(xp, start + at, start + min(size, at + block), device, *args)
    return out


# -- keys --------------------------------------------------------------------

def key_words(w: Words, key: Any) -> KeyWords:
    """The two words of a uint32 key array of shape (2,)."""
    if tuple(key.shape) != (2,):
        raise ValueError(f"a key is an array of shape (2,) (from xport.random.key, split or "
                         f"fold_in); got shape {tuple(key.shape)}. Index a split result, "
                         "e.g. keys[0], to get one key.")
    words = w.words(key)
    return words[0], words[1]


def _as_key(w: Words, first: Any, second: Any) -> Any:
    return w.uint32(w.xp.stack([first, second], axis=-1))


def _encrypt(w: Words, kw: KeyWords, counters: Any) -> tuple[Any, Any]:
    """The cipher's two output words for counters below 2**32 (high word 0)."""
    return threefry2x32(w, kw[0], kw[1], w.const(0, None), counters)


def _split_words(w: Words, kw: KeyWords, device: Any) -> tuple[KeyWords, KeyWords]:
    x0, x1 = _encrypt(w, kw, w.iota(0, 2, device))
    return (x0[0], x1[0]), (x0[1], x1[1])


def _bits_at(w: Words, kw: KeyWords, counters: Any) -> Any:
    """The 32 random bits of each counter (JAX's: the cipher's words xored)."""
    return w.xor(*_encrypt(w, kw, counters))


def _bits_program(xp: Any, start: int, stop: int, device: Any, *key: Any) -> Any:
    w = words_for(xp)
    return _bits_at(w, (key[0], key[1]), w.iota(start, stop, device))


def _bit_words(w: Words, kw: KeyWords, shape: tuple[int, ...], device: Any,
               offset: int = 0) -> Any:
    return _stream(w, shape, device, (_bits_program, kw), offset)


def key(xp: Any, seed: Any, device: Any) -> Any:
    """The key data of ``jax.random.key(seed)`` (JAX's default 32-bit seeding:
    the seed is taken modulo 2**32)."""
    w = words_for(xp)
    if isinstance(seed, bool) or not isinstance(seed, int):
        if (isinstance(seed, bool) or not hasattr(seed, "dtype")
                or not xp.isdtype(seed.dtype, "integral") or tuple(seed.shape) != ()):
            raise TypeError(f"key() takes an int or a 0-d integer array as seed; got {seed!r}")
        device = device_of(seed) if device is None else device
        low = w.words(seed)
    else:
        low = w.const(seed & MASK32, device)
    return _as_key(w, w.const(0, device), low)


def split(xp: Any, key: Any, num: int | tuple[int, ...]) -> Any:
    """``num`` new keys (an int or a shape), stacked on a leading axis."""
    w = words_for(xp)
    shape = (num,) if isinstance(num, int) else tuple(num)
    kw = key_words(w, key)
    counters = xp.reshape(w.iota(0, _size(shape), device_of(key)), shape)
    return _as_key(w, *_encrypt(w, kw, counters))


def fold_in(xp: Any, key: Any, data: Any) -> Any:
    """A new key from ``key`` and the 32-bit unsigned integer ``data``."""
    w = words_for(xp)
    if isinstance(data, int):
        if isinstance(data, bool) or not 0 <= data <= MASK32:
            raise ValueError(f"fold_in() takes data in [0, 2**32); got {data!r}")
        word = w.const(data, device_of(key))
    else:
        if tuple(data.shape) != ():
            raise ValueError(f"fold_in() takes a scalar; got an array of shape {data.shape}")
        word = w.words(data)
    return _as_key(w, *_encrypt(w, key_words(w, key), word))


# -- bits and floats ---------------------------------------------------------

def bits(xp: Any, key: Any, shape: tuple[int, ...], dtype: Any, *, offset: int = 0) -> Any:
    """Uniform random bits as unsigned integers of ``dtype`` (uint8 ... uint64)
    (``offset``: see _stream)."""
    w = words_for(xp)
    device = device_of(key)
    kw = key_words(w, key)
    dtype = xp.uint32 if dtype is None else dtype
    if dtype == xp.uint32:
        return w.uint32(_bit_words(w, kw, shape, device, offset))
    if dtype in (xp.uint8, xp.uint16):
        # The low bits of the 32-bit draw, as JAX truncates.
        return xp.astype(w.wide(_bit_words(w, kw, shape, device, offset)), dtype)
    if dtype == xp.uint64:
        return _stream(w, shape, device, (_bits64_program, (*kw, dtype)), offset)
    raise TypeError(f"bits() takes an unsigned integer dtype; got {dtype}")


def _bits64_program(xp: Any, start: int, stop: int, device: Any, *args: Any) -> Any:
    k0, k1, dtype = args
    w = words_for(xp)
    high, low = (xp.astype(w.wide(x), dtype)
                 for x in _encrypt(w, (k0, k1), w.iota(start, stop, device)))
    return xp.bitwise_or(xp.bitwise_left_shift(high, 32), low)


def _unit(w: Words, kw: KeyWords, counters: Any, kind: str) -> Any:
    """Floats in [0, 1) with JAX's mantissa bits: the value JAX gets by bitcasting
    the top bits under the exponent of 1.0 and subtracting 1, built arithmetically."""
    xp = w.xp
    dtype = getattr(xp, kind)
    high, low = _encrypt(w, kw, counters)
    if kind == "float32":
        return xp.astype(w.shr(w.xor(high, low), 32 - 23), dtype) * 2.0**-23
    # 64 random bits are high:low; their top 52 are high (32) then low's top 20.
    return (xp.astype(w.wide(high), dtype) * 2.0**-32
            + xp.astype(w.shr(low, 12), dtype) * 2.0**-52)


def _bound(xp: Any, value: Any, dtype: Any, device: Any) -> Any:
    if isinstance(value, (int, float)):
        return xp.asarray(value, dtype=dtype, device=device)
    return xp.astype(value, dtype)


def _exact_product(minval: Any, maxval: Any) -> bool:
    """Whether ``unit * (maxval - minval)`` is exact: Python bounds whose
    difference is a power of two (0 and 1, normal()'s bounds)."""
    if not (isinstance(minval, (int, float)) and isinstance(maxval, (int, float))):
        return False
    span = float(maxval) - float(minval)
    return span > 0 and math.frexp(span)[0] == 0.5


def _scale(xp: Any, unit: Any, low: Any, high: Any, exact: bool) -> Any:
    """``max(low, unit * (high - low) + low)`` rounded as XLA does."""
    if exact or unit.dtype == xp.float64:
        scaled = unit * (high - low) + low
    else:
        # XLA fuses this multiply-add into one rounding (an FMA).
        ops = ops_for(xp, unit, in_place=False)
        scaled = ops.fma(ops.widen(unit), ops.widen(high - low), ops.widen(low))
    return xp.maximum(low, scaled)


def _uniform_program(xp: Any, start: int, stop: int, device: Any, *args: Any) -> Any:
    k0, k1, kind, exact, low, high = args
    w = words_for(xp)
    return _scale(xp, _unit(w, (k0, k1), w.iota(start, stop, device), kind), low, high, exact)


def _normal_then(xp: Any, u: Any) -> Any:
    return sqrt2_erfinv(xp, u, open_interval=True, gather=_gathers(xp, u))


def _normal_program(xp: Any, start: int, stop: int, device: Any, *args: Any) -> Any:
    return _normal_then(xp, _uniform_program(xp, start, stop, device, *args))


def _truncated_then(xp: Any, u: Any, above: Any, below: Any) -> Any:
    return xp.clip(sqrt2_erfinv(xp, u, gather=_gathers(xp, u)), above, below)


def _truncated_program(xp: Any, start: int, stop: int, device: Any, *args: Any) -> Any:
    above, below, *uniform = args
    return _truncated_then(xp, _uniform_program(xp, start, stop, device, *uniform), above,
                           below)


def _gumbel_then(xp: Any, u: Any) -> Any:
    return -xp.log(-xp.log(u))


def _gumbel_program(xp: Any, start: int, stop: int, device: Any, *args: Any) -> Any:
    return _gumbel_then(xp, _uniform_program(xp, start, stop, device, *args))


# What follows a uniform draw: (its function of the uniforms and extra arrays,
# and the stream program that draws and applies it). One program each, so
# compiled code caches a few variants per program.
_Finish = tuple[Callable[..., Any], Callable[..., Any]]
_NO_FINISH: Final[_Finish] = (lambda xp, u: u, _uniform_program)
_NORMAL: Final[_Finish] = (_normal_then, _normal_program)
_TRUNCATED: Final[_Finish] = (_truncated_then, _truncated_program)
_GUMBEL: Final[_Finish] = (_gumbel_then, _gumbel_program)


def _uniform(w: Words, kw: KeyWords, shape: tuple[int, ...], kind: str, *,
             minval: Any, maxval: Any, device: Any, finish: _Finish = _NO_FINISH,
             extra: tuple[Any, ...] = (), offset: int = 0) -> Any:
    """Uniform floats in [minval, maxval), then ``finish`` with the arrays
    ``extra`` (``offset``: see _stream; scalar bounds only)."""
    xp = w.xp
    dtype = getattr(xp, kind)
    low = _bound(xp, minval, dtype, device)
    high = _bound(xp, maxval, dtype, device)
    exact = _exact_product(minval, maxval)
    then, program = finish
    if low.ndim == 0 and high.ndim == 0:
        return _stream(w, shape, device, (program, (*extra, *kw, kind, exact, low, high)),
                       offset)
    if offset:
        raise ValueError("xport.random: a draw with an offset takes scalar bounds")
    # Array bounds broadcast with the whole draw, so it is not cut into blocks.
    unit = xp.reshape(_unit(w, kw, w.iota(0, _size(shape), device), kind), shape)
    return then(xp, _scale(xp, unit, low, high, exact), *extra)


def uniform(xp: Any, key: Any, shape: tuple[int, ...], *, dtype: Any,
            minval: Any, maxval: Any, offset: int = 0) -> Any:
    """Floats in [minval, maxval), as ``jax.random.uniform`` (``offset``: see
    _stream; scalar bounds only)."""
    w = words_for(xp)
    kind = _float_kind(xp, dtype, "uniform")
    return _uniform(w, key_words(w, key), shape, kind, minval=minval, maxval=maxval,
                    device=device_of(key), offset=offset)


def normal(xp: Any, key: Any, shape: tuple[int, ...], dtype: Any, *, offset: int = 0) -> Any:
    """Standard normals, ``sqrt(2) * erfinv(u)`` for u uniform in (-1, 1);
    with ``offset``, the elements offset .. offset+size-1 of a larger flat draw."""
    w = words_for(xp)
    kind = _float_kind(xp, dtype, "normal")
    above_minus_one = -1.0 + 2.0 ** -(_MANTISSA[kind] + 1)
    return _uniform(w, key_words(w, key), shape, kind, minval=above_minus_one, maxval=1.0,
                    device=device_of(key), finish=_NORMAL, offset=offset)


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


def integers(xp: Any, key: Any, shape: tuple[int, ...], *, low: Any, high: Any,
             dtype: Any, offset: int = 0) -> Any:
    """Integers in [low, high) as ``jax.random.randint``, including its
    modulo arithmetic (and so its small bias when high - low is not a power of 2).
    ``offset``: see _stream; scalar bounds only."""
    w = words_for(xp)
    device = device_of(key)
    if not xp.isdtype(dtype, "integral"):
        raise TypeError(f"integers() takes an integer dtype; got {dtype}")
    smallest, largest = _sampling_range(xp, dtype)
    k1, k2 = _split_words(w, key_words(w, key), device)
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
        return _stream(w, shape, device, (_integers_program, (*k1, *k2, *bounds)), offset)
    if offset:
        raise ValueError("xport.random: a draw with an offset takes scalar bounds")
    return _in_range(xp, w.wide(_bit_words(w, k1, shape, device)),
                     w.wide(_bit_words(w, k2, shape, device)), bounds)


def _in_range(xp: Any, higher: Any, lower: Any, bounds: tuple[Any, ...]) -> Any:
    """JAX's randint from two int64 arrays of 32-bit words and ``integers``'
    ``(lo, full, safe, multiplier, dtype)``."""
    lo, full, safe, multiplier, dtype = bounds
    offset = xp.bitwise_and(xp.remainder(higher, safe) * multiplier, MASK32)
    offset = xp.bitwise_and(offset + xp.remainder(lower, safe), MASK32)
    offset = xp.where(full, lower, xp.remainder(offset, safe))
    return xp.astype(lo + offset, dtype)


def _integers_program(xp: Any, start: int, stop: int, device: Any, *args: Any) -> Any:
    k1a, k1b, k2a, k2b, *bounds = args
    w = words_for(xp)
    counters = w.iota(start, stop, device)
    return _in_range(xp, w.wide(_bits_at(w, (k1a, k1b), counters)),
                     w.wide(_bits_at(w, (k2a, k2b), counters)), tuple(bounds))


# -- permutations and choices ------------------------------------------------

def _rounds(size: int) -> int:
    # Enough sorts by fresh 32-bit keys that ties are unlikely (JAX's count).
    return math.ceil(3 * math.log(max(1, size)) / math.log(MASK32))


def _shuffle(w: Words, kw: KeyWords, x: Any, axis: int, device: Any) -> Any:
    """``x`` with every line along ``axis`` shuffled by stable sorts on random keys."""
    xp = w.xp
    for _ in range(_rounds(math.prod(x.shape))):
        kw, subkey = _split_words(w, kw, device)
        sort_keys = w.order(_bit_words(w, subkey, tuple(x.shape), device))
        x = xp.take_along_axis(x, xp.argsort(sort_keys, axis=axis, stable=True), axis=axis)
    return x


def _normalize_axis(axis: int, ndim: int) -> int:
    if not -ndim <= axis < ndim:
        raise ValueError(f"axis {axis} is out of bounds for an array of {ndim} dimension(s)")
    return axis % ndim


def permutation(xp: Any, key: Any, x: Any, axis: int, independent: bool) -> Any:
    """A shuffled ``arange(x)`` (int ``x``) or ``x`` shuffled along ``axis``."""
    w = words_for(xp)
    device = device_of(key)
    kw = key_words(w, key)
    if isinstance(x, int):
        return _shuffle(w, kw, xp.arange(x, device=device), 0, device)
    axis = _normalize_axis(axis, x.ndim)
    if independent or x.ndim == 1:
        return _shuffle(w, kw, x, axis, device)
    order = _shuffle(w, kw, xp.arange(x.shape[axis], device=device), 0, device)
    return xp.take(x, order, axis=axis)


def choice(xp: Any, key: Any, a: Any, shape: tuple[int, ...], *, replace: bool, p: Any,
           axis: int) -> Any:
    """Samples of ``arange(a)`` (int ``a``) or of ``a`` along ``axis``."""
    w = words_for(xp)
    device = device_of(key)
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
        index = integers(xp, key, shape, low=0, high=population, dtype=xp.int32)
    elif p is None:
        index = _shuffle(w, kw, xp.arange(population, device=device), 0, device)[:draws]
    else:
        if tuple(p.shape) != (population,):
            raise ValueError(f"choice(): p must have shape ({population},); got {p.shape}")
        kind = _float_kind(xp, p.dtype, "choice")
        if replace:
            cumulative = xp.cumulative_sum(p)
            total = cumulative[-1]
            r = total * (1.0 - _uniform(w, kw, shape, kind, minval=0.0, maxval=1.0, device=device))
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

def bernoulli(xp: Any, key: Any, p: Any, shape: tuple[int, ...] | None, *,
              offset: int = 0) -> Any:
    """Booleans that are True with probability ``p``: ``uniform(key) < p``
    (``offset``: see _stream; a Python ``p`` only)."""
    w = words_for(xp)
    device = device_of(key)
    if isinstance(p, (int, float)):
        dtype = xp.float32
        shape = () if shape is None else shape
    else:
        dtype = p.dtype
        shape = tuple(p.shape) if shape is None else shape
    if offset and not isinstance(p, (int, float)):
        raise ValueError("xport.random: a draw with an offset takes a Python p")
    kind = _float_kind(xp, dtype, "bernoulli")
    return _uniform(w, key_words(w, key), shape, kind, minval=0.0, maxval=1.0,
                    device=device, offset=offset) < p


def categorical(xp: Any, key: Any, logits: Any, axis: int,
                shape: tuple[int, ...] | None) -> Any:
    """Indices along ``axis`` drawn with probabilities ``softmax(logits)``
    (the Gumbel-max trick, as JAX)."""
    w = words_for(xp)
    ndim = logits.ndim
    axis = _normalize_axis(axis, ndim)
    batch = tuple(n for i, n in enumerate(logits.shape) if i != axis)
    shape = batch if shape is None else tuple(shape)
    if shape[len(shape) - len(batch):] != batch:
        raise ValueError(f"categorical(): shape {shape} does not end with the batch shape "
                         f"{batch} of the logits")
    prefix = shape[:len(shape) - len(batch)]
    kind = _float_kind(xp, logits.dtype, "categorical")
    noise = _gumbel(w, key_words(w, key), (*prefix, *logits.shape), kind, device_of(key))
    expanded = xp.reshape(logits, (1,) * len(prefix) + tuple(logits.shape))
    return xp.argmax(noise + expanded, axis=len(prefix) + axis)


# -- truncated normal and gamma ----------------------------------------------

def truncated_normal(xp: Any, key: Any, lower: Any, upper: Any, *,
                     shape: tuple[int, ...] | None, dtype: Any, offset: int = 0) -> Any:
    """Normals conditioned on ``lower < x < upper``, as
    ``jax.random.truncated_normal``: ``sqrt(2) * erfinv(u)`` for ``u`` uniform
    between ``erf(lower / sqrt(2))`` and ``erf(upper / sqrt(2))``, clipped into
    the open interval (``offset``: see _stream; scalar bounds only)."""
    w = words_for(xp)
    kind = _float_kind(xp, dtype, "truncated_normal")
    device = device_of(key)
    low = _bound(xp, lower, dtype, device)
    high = _bound(xp, upper, dtype, device)
    if shape is None:
        shape = tuple(xp.broadcast_arrays(low, high)[0].shape)
    # erf of the float quotient (as JAX divides), evaluated in float64.
    edges = [xp.astype(erf(xp, xp.astype(bound / _SQRT2, xp.float64)), dtype)
             for bound in (low, high)]
    above = xp.nextafter(low, xp.asarray(math.inf, dtype=dtype, device=device))
    below = xp.nextafter(high, xp.asarray(-math.inf, dtype=dtype, device=device))
    return _uniform(w, key_words(w, key), shape, kind, minval=edges[0], maxval=edges[1],
                    device=device, finish=_TRUNCATED, extra=(above, below), offset=offset)


# Rounds of the rejection loops where values cannot be read (see _READS_VALUES):
# an element still rejected after them keeps a rejected proposal. At a = 1, the
# worst case, a round rejects with probability < 0.05 and an inner proposal
# fails (v <= 0) with probability 0.0072, so that happens with probability
# < 1e-12 per element.
_GAMMA_ROUNDS: Final = 10
_PROPOSAL_ROUNDS: Final = 6


def _split_each(w: Words, kw: KeyWords, num: int) -> list[KeyWords]:
    """``split(k, num)`` for every key of the arrays ``kw``: ``num`` key pairs."""
    device = device_of(kw[0])
    return [_encrypt(w, kw, w.const(i, device)) for i in range(num)]


def _split_stacked(w: Words, kw: KeyWords, num: int) -> KeyWords:
    """``split(k, num)`` for every key of ``kw``, stacked on a new leading axis."""
    xp = w.xp
    counters = xp.reshape(w.iota(0, num, device_of(kw[0])), (num,) + (1,) * kw[0].ndim)
    return _encrypt(w, kw, counters)


def _unit_each(w: Words, kw: KeyWords, kind: str) -> Any:
    """A shape-() uniform [0, 1) draw from every key of ``kw``."""
    return _unit(w, kw, w.const(0, device_of(kw[0])), kind)


def _normal_each(w: Words, kw: KeyWords, kind: str) -> Any:
    """A shape-() standard normal draw from every key of ``kw``."""
    xp = w.xp
    dtype = getattr(xp, kind)
    device = device_of(kw[0])
    above_minus_one = -1.0 + 2.0 ** -(_MANTISSA[kind] + 1)
    u = _scale(xp, _unit_each(w, kw, kind), _bound(xp, above_minus_one, dtype, device),
               _bound(xp, 1.0, dtype, device), _exact_product(above_minus_one, 1.0))
    return sqrt2_erfinv(xp, u, open_interval=True, gather=_gathers(xp, u))


def _log_or_minus_inf(xp: Any, x: Any) -> Any:
    """``log(x)``, and -inf where ``x <= 0`` (there the callers' comparisons
    come out as with JAX's -inf or NaN) without the divide-by-zero warnings
    that NumPy gives for ``log(0)``."""
    positive = x > 0.0
    return xp.where(positive, xp.log(xp.where(positive, x, 1.0)), -math.inf)


def _first(xp: Any, where: Any, *arrays: Any) -> list[Any]:
    """Each array's entry at the first True of ``where`` along axis 0 (entry 0
    where there is none)."""
    index = xp.argmax(xp.astype(where, xp.int8), axis=0, keepdims=True)
    return [xp.take_along_axis(a, index, axis=0)[0, ...] for a in arrays]


class _Gamma:
    """The Marsaglia-Tsang steps of ``jax.random.gamma`` for flat arrays of keys
    and shapes ``a`` (boosted to ``a + 1`` below 1)."""

    def __init__(self, w: Words, kind: str, alpha: Any) -> None:
        xp = self.xp = w.xp
        self.w, self.kind = w, kind
        self.d = alpha - 1.0 / 3.0
        self.c = (1.0 / 3.0) / xp.sqrt(self.d)

    def rejected(self, d: Any, x2: Any, v3: Any, u: Any) -> Any:
        xp = self.xp
        # (v3 <= 0 only if every proposal of a fixed-round inner loop failed.)
        return (((u >= 1.0 - 0.0331 * (x2 * x2))
                 & (_log_or_minus_inf(xp, u)
                    >= x2 * 0.5 + d * ((1.0 - v3) + _log_or_minus_inf(xp, v3))))
                | (v3 <= 0.0))

    def looped(self, kw: KeyWords) -> Any:
        """``v**3`` of the accepted proposals, looping until every element is
        accepted (where values can be read)."""
        xp, w, kind = self.xp, self.w, self.kind
        x2 = xp.zeros_like(self.d)
        v3 = xp.ones_like(self.d)
        u = xp.full_like(self.d, 2.0)
        active = self.rejected(self.d, x2, v3, u)
        while bool(xp.any(active)):
            kept_kw, proposal_kw, u_kw = _split_each(w, kw, 3)
            x = xp.zeros_like(self.d)
            v = -xp.ones_like(self.d)
            proposing = active
            while bool(xp.any(proposing)):
                proposal_next, sub_kw = _split_each(w, proposal_kw, 2)
                x_new = _normal_each(w, sub_kw, kind)
                x = xp.where(proposing, x_new, x)
                v = xp.where(proposing, 1.0 + x_new * self.c, v)
                proposal_kw = _pick(xp, proposing, proposal_next, proposal_kw)
                proposing = proposing & (v <= 0.0)
            x2 = xp.where(active, x * x, x2)
            v3 = xp.where(active, (v * v) * v, v3)
            u = xp.where(active, _unit_each(w, u_kw, kind), u)
            kw = _pick(xp, active, kept_kw, kw)
            active = active & self.rejected(self.d, x2, v3, u)
        return v3

    def compacted(self, kw: KeyWords) -> Any:
        """``v**3`` of the accepted proposals as ``looped`` gives them, each
        round drawing only for the elements still rejected (for libraries
        that assign by index: a round after the first touches a few percent)."""
        xp, w, kind = self.xp, self.w, self.kind
        v3 = xp.empty_like(self.d)
        index = xp.arange(self.d.shape[0], device=device_of(self.d))
        d, c = self.d, self.c
        while index.shape[0]:
            kw, proposal_kw, u_kw = _split_each(w, kw, 3)
            x, v = self._proposals(proposal_kw, c)
            new_v3 = (v * v) * v
            accepted = ~self.rejected(d, x * x, new_v3, _unit_each(w, u_kw, kind))
            index, d, c, k0, k1 = _settle(xp, accepted, index, [(v3, new_v3)], d, c, *kw)
            kw = (k0, k1)
        return v3

    def _proposals(self, kw: KeyWords, c: Any) -> tuple[Any, Any]:
        """``(x, v)``: per key, the first normal ``x`` of its chain with
        ``v = 1 + c * x > 0`` (``compacted``'s inner loop)."""
        xp, w = self.xp, self.w
        x, v = xp.empty_like(c), xp.empty_like(c)
        index = xp.arange(c.shape[0], device=device_of(c))
        while index.shape[0]:
            kw, sub_kw = _split_each(w, kw, 2)
            new_x = _normal_each(w, sub_kw, self.kind)
            new_v = 1.0 + new_x * c
            index, c, k0, k1 = _settle(xp, new_v > 0.0, index, [(x, new_x), (v, new_v)],
                                       c, *kw)
            kw = (k0, k1)
        return x, v

    def rounds(self, kw: KeyWords) -> Any:
        """``v**3`` of the first accepted proposal among a fixed number of
        rounds, every round's draws stacked on leading axes (one cipher call
        per step of the key chains, for a small traced graph)."""
        xp, w, kind = self.xp, self.w, self.kind
        proposal_keys: list[KeyWords] = []
        u_keys: list[KeyWords] = []
        for _ in range(_GAMMA_ROUNDS):
            k0, k1 = _split_stacked(w, kw, 3)
            kw = (k0[0], k1[0])
            proposal_keys.append((k0[1], k1[1]))
            u_keys.append((k0[2], k1[2]))
        chain = _stack_keys(xp, proposal_keys)
        subs: list[KeyWords] = []
        for _ in range(_PROPOSAL_ROUNDS):
            k0, k1 = _split_stacked(w, chain, 2)
            chain = (k0[0], k1[0])
            subs.append((k0[1], k1[1]))
        x = _normal_each(w, _stack_keys(xp, subs), kind)  # (proposals, rounds, size)
        v = 1.0 + x * self.c
        x, v = _first(xp, v > 0.0, x, v)
        x2, v3 = x * x, (v * v) * v
        u = _unit_each(w, _stack_keys(xp, u_keys), kind)
        (v3,) = _first(xp, ~self.rejected(self.d, x2, v3, u), v3)
        return v3


def _settle(xp: Any, finished: Any, index: Any, results: list[tuple[Any, Any]],
            *carried: Any) -> list[Any]:
    """For a round over the elements ``index`` of the outputs: each
    ``(out, new)`` of ``results`` takes ``new``'s finished values at their
    places in ``out``; returns ``index`` and the ``carried`` 1-d arrays at
    the unfinished elements, for the next round."""
    done = xp.nonzero(finished)[0]
    at = xp.take(index, done)
    for out, new in results:
        out[at] = xp.take(new, done)
    remaining = xp.nonzero(~finished)[0]
    return [xp.take(a, remaining) for a in (index, *carried)]


def _stack_keys(xp: Any, keys: list[KeyWords]) -> KeyWords:
    return xp.stack([k[0] for k in keys]), xp.stack([k[1] for k in keys])


def _pick(xp: Any, mask: Any, new: KeyWords, old: KeyWords) -> KeyWords:
    return xp.where(mask, new[0], old[0]), xp.where(mask, new[1], old[1])


def gamma(xp: Any, key: Any, a: Any, shape: tuple[int, ...] | None, dtype: Any) -> Any:
    """Gamma(a, 1) samples, as ``jax.random.gamma``: Marsaglia and Tsang's
    rejection method run for every element with its own key (``split(key,
    size)``), in lockstep; ``a < 1`` is boosted to ``a + 1`` and scaled by
    ``u ** (1 / a)``."""
    kind = _float_kind(xp, dtype, "gamma")
    alpha, shape = gamma_shapes(xp, a, shape, dtype, device_of(key))
    reads = _READS_VALUES.get(getattr(xp, "__name__", ""), _never_reads_values)(key, alpha)
    counters = words_for(xp).iota(0, alpha.shape[0], device_of(key))
    return xp.reshape(gamma_flat(xp, key, alpha, counters, kind, reads=reads), shape)


def gamma_shapes(xp: Any, a: Any, shape: tuple[int, ...] | None, dtype: Any,
                 device: Any) -> tuple[Any, tuple[int, ...]]:
    """``a`` as a flat array of ``dtype`` broadcast to ``shape``, and the shape."""
    alpha = _bound(xp, a, dtype, device)
    if shape is None:
        shape = tuple(alpha.shape)
    return xp.reshape(xp.broadcast_to(alpha, shape), (_size(shape),)), shape


def gamma_flat(xp: Any, key: Any, alpha: Any, counters: Any, kind: str, *,
               reads: bool) -> Any:
    """Gamma samples for the flat ``alpha``, element ``i`` drawn with the key
    ``split(key, size)[counters[i]]``; ``reads`` says whether loops may read
    values (else they run fixed rounds)."""
    w = words_for(xp)
    kw, final_key = _split_each(w, _encrypt(w, key_words(w, key), w.words(counters)), 2)
    boosted = alpha >= 1.0
    steps = _Gamma(w, kind, xp.where(boosted, alpha, alpha + 1.0))
    if not reads:
        v3 = steps.rounds(kw)
    elif takes_in_place(xp) and _gathers(xp, alpha):
        v3 = steps.compacted(kw)
    else:
        v3 = steps.looped(kw)
    boost = xp.where(boosted, xp.ones_like(alpha),
                     xp.pow(1.0 - _unit_each(w, final_key, kind), 1.0 / alpha))
    return (steps.d * v3) * boost

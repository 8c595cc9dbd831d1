"""Keys: making them, splitting them, folding data into them.

A key is a uint32 array of shape (2,), the key data of JAX's
``threefry2x32``; inside the engine it travels as a pair of 0-d carrier
words (``KeyWords``). New keys are the cipher's output for small counters,
as JAX derives them.
"""

from __future__ import annotations

from typing import Any

from .streams import draw_size
from .target import Target
from .threefry import threefry2x32
from .words import MASK32, Words, words_for

KeyWords = tuple[Any, Any]


def key_words(w: Words, key: Any) -> KeyWords:
    """The two words of a uint32 key array of shape (2,)."""
    if tuple(key.shape) != (2,):
        raise ValueError(f"a key is an array of shape (2,) (from xport.random.key, split or "
                         f"fold_in); got shape {tuple(key.shape)}. Index a split result, "
                         "e.g. keys[0], to get one key.")
    return w.key_pair(key)


def as_key(w: Words, first: Any, second: Any) -> Any:
    """A uint32 key array (keys on leading axes) from its two carrier words."""
    return w.uint32(w.xp.stack([first, second], axis=-1))


def encrypt(w: Words, kw: KeyWords, counters: Any) -> tuple[Any, Any]:
    """The cipher's two output words for counters below 2**32 (high word 0)."""
    return threefry2x32(w, kw[0], kw[1], w.const(0, None), counters)


def split_words(w: Words, kw: KeyWords, device: Any) -> tuple[KeyWords, KeyWords]:
    """``split(key)``'s two keys, as words."""
    x0, x1 = encrypt(w, kw, w.iota(0, 2, device))
    return (x0[0], x1[0]), (x0[1], x1[1])


def key(target: Target, seed: Any, device: Any) -> Any:
    """The key data of ``jax.random.key(seed)`` (JAX's default 32-bit seeding:
    the seed is taken modulo 2**32)."""
    xp = target.xp
    w = words_for(target)
    if isinstance(seed, bool) or not isinstance(seed, int):
        if (isinstance(seed, bool) or not hasattr(seed, "dtype")
                or not xp.isdtype(seed.dtype, "integral") or tuple(seed.shape) != ()):
            raise TypeError(f"key() takes an int or a 0-d integer array as seed; got {seed!r}")
        device = target.device_of(seed) if device is None else device
        low = w.words(seed)
    else:
        low = w.const(seed & MASK32, device)
    return as_key(w, w.const(0, device), low)


def split(target: Target, key: Any, num: int | tuple[int, ...]) -> Any:
    """``num`` new keys (an int or a shape), stacked on a leading axis."""
    w = words_for(target)
    shape = (num,) if isinstance(num, int) else tuple(num)
    kw = key_words(w, key)
    counters = target.xp.reshape(w.iota(0, draw_size(shape), target.device_of(key)), shape)
    return as_key(w, *encrypt(w, kw, counters))


def fold_in(target: Target, key: Any, data: Any) -> Any:
    """A new key from ``key`` and the 32-bit unsigned integer ``data``."""
    w = words_for(target)
    if isinstance(data, int):
        if isinstance(data, bool) or not 0 <= data <= MASK32:
            raise ValueError(f"fold_in() takes data in [0, 2**32); got {data!r}")
        word = w.const(data, target.device_of(key))
    else:
        if tuple(data.shape) != ():
            raise ValueError(f"fold_in() takes a scalar; got an array of shape {data.shape}")
        word = w.words(data)
    return as_key(w, *encrypt(w, key_words(w, key), word))

"""Unsigned 32-bit word arithmetic, bound per namespace.

Threefry needs wrapping addition, xor and rotations of uint32 words. Most
namespaces have them on ``uint32`` itself; PyTorch has the dtype but not the
arithmetic (no ``add``, shifts or comparisons on ``torch.uint32``), so there the
words travel as ``int32``, whose addition wraps the same way, and logical
shifts are arithmetic shifts with the sign bits masked off. Either way the bit
patterns are those of uint32, and :meth:`Words.uint32` hands them back as uint32.
A backend names its carrier in its ``RandomHooks.words`` (a subclass of one
here that may update words in place); every other namespace gets
:class:`Unsigned32`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, Final, Protocol

from .target import Target

MASK32: Final = 0xFFFFFFFF


class Words(Protocol):
    """What the cipher and the samplers need of a word carrier."""

    xp: Any
    target: Target

    def words(self, x: Any) -> Any:
        """An integer array (or uint32 key data) as carrier words, wrapping mod 2**32."""
    def key_pair(self, key: Any) -> tuple[Any, Any]:
        """The two words of uint32 key data of shape (2,), as 0-d carrier words."""
        ...
    def const(self, value: int, device: Any) -> Any:
        """The Python int ``value`` (0 <= value < 2**32) as a 0-d carrier word."""
    def iota(self, start: int, stop: int, device: Any) -> Any:
        """Carrier words start, ..., stop - 1 (stop <= 2**31)."""
    def add(self, a: Any, b: Any) -> Any:
        """``a + b`` mod 2**32; ``b`` may be a small Python int."""
    def xor(self, a: Any, b: Any) -> Any:
        """Bitwise xor; ``b`` may be a Python int below 2**31."""
    def rotl(self, x: Any, r: int) -> Any:
        """Rotate left by ``r`` bits (0 < r < 32)."""
    def shr(self, x: Any, r: int) -> Any:
        """Logical shift right by ``r`` bits (0 < r < 32): a non-negative result."""
    def uint32(self, x: Any) -> Any:
        """Carrier words as the namespace's uint32 array."""
    def wide(self, x: Any) -> Any:
        """Carrier words as int64 values in [0, 2**32)."""
    def order(self, x: Any) -> Any:
        """An array whose ascending sort order is the words' unsigned order."""
    def updating(self, *words: Any) -> Words:
        """A carrier whose ``add_``, ``xor_`` and ``rotl_`` may overwrite their
        first argument, for fresh arrays ``words`` (itself, or one that copies)."""
        ...
    def add_(self, a: Any, b: Any) -> Any:
        """``add``, possibly into ``a``."""
    def xor_(self, a: Any, b: Any) -> Any:
        """``xor``, possibly into ``a``."""
    def rotl_(self, x: Any, r: int) -> Any:
        """``rotl``, possibly into ``x``."""


class _Carrier(ABC):
    """What both carriers share: the namespace's wrapping ``add`` and ``xor``
    on the carrier dtype, and no in-place updates."""

    __slots__ = ("dtype", "target", "xp")

    def __init__(self, target: Target, dtype: Any) -> None:
        self.target = target
        self.xp = target.xp
        self.dtype = dtype

    def words(self, x: Any) -> Any:
        return x if x.dtype == self.dtype else self.xp.astype(x, self.dtype)

    def key_pair(self, key: Any) -> tuple[Any, Any]:
        words = self.words(key)
        return words[0], words[1]

    def iota(self, start: int, stop: int, device: Any) -> Any:
        return self.xp.arange(start, stop, dtype=self.dtype, device=device)

    def add(self, a: Any, b: Any) -> Any:
        return self.xp.add(a, b)

    def xor(self, a: Any, b: Any) -> Any:
        return self.xp.bitwise_xor(a, b)

    def rotl(self, x: Any, r: int) -> Any:
        xp = self.xp
        return xp.bitwise_or(xp.bitwise_left_shift(x, r), self.shr(x, 32 - r))

    @abstractmethod
    def const(self, value: int, device: Any) -> Any: ...
    @abstractmethod
    def shr(self, x: Any, r: int) -> Any: ...
    @abstractmethod
    def uint32(self, x: Any) -> Any: ...
    @abstractmethod
    def wide(self, x: Any) -> Any: ...
    @abstractmethod
    def order(self, x: Any) -> Any: ...

    def updating(self, *words: Any) -> Words:
        return self

    def add_(self, a: Any, b: Any) -> Any:
        return self.add(a, b)

    def xor_(self, a: Any, b: Any) -> Any:
        return self.xor(a, b)

    def rotl_(self, x: Any, r: int) -> Any:
        return self.rotl(x, r)


class Unsigned32(_Carrier):
    """Words carried in ``uint32``: the namespace's own wrapping arithmetic."""

    __slots__ = ()

    def __init__(self, target: Target) -> None:
        super().__init__(target, target.xp.uint32)

    def const(self, value: int, device: Any) -> Any:
        return self.xp.asarray(value, dtype=self.dtype, device=device)

    def shr(self, x: Any, r: int) -> Any:
        return self.xp.bitwise_right_shift(x, r)

    def uint32(self, x: Any) -> Any:
        return x

    def wide(self, x: Any) -> Any:
        return self.xp.astype(x, self.xp.int64)

    def order(self, x: Any) -> Any:
        return x


class Signed32(_Carrier):
    """Words carried in ``int32`` (two's complement wraps like uint32)."""

    __slots__ = ()

    def __init__(self, target: Target) -> None:
        super().__init__(target, target.xp.int32)

    def const(self, value: int, device: Any) -> Any:
        signed = value - (1 << 32) if value >= 1 << 31 else value
        return self.xp.asarray(signed, dtype=self.dtype, device=device)

    def shr(self, x: Any, r: int) -> Any:
        xp = self.xp
        return xp.bitwise_and(xp.bitwise_right_shift(x, r), (1 << (32 - r)) - 1)

    def uint32(self, x: Any) -> Any:
        return self.xp.astype(x, self.xp.uint32)

    def wide(self, x: Any) -> Any:
        return self.xp.bitwise_and(self.xp.astype(x, self.xp.int64), MASK32)

    def order(self, x: Any) -> Any:
        # Flipping the sign bit maps unsigned order onto signed order.
        return self.xp.bitwise_xor(x, -(1 << 31))


def words_for(target: Target) -> Words:
    """The word carrier for ``target``: its backend's (``hooks.words``), else
    the namespace's own uint32 arithmetic."""
    carrier: Callable[[Target], Words] = Unsigned32
    if target.hooks.words is not None:  # not `or`: Dynamo before torch 2.5
        carrier = target.hooks.words
    return carrier(target)

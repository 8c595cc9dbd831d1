"""PyTorch's part of ``xport.random``: what its ``RandomHooks`` say.

PyTorch has ``torch.uint32`` but no arithmetic on it, so the cipher's words
travel as int32 (:class:`TorchWords`, updated in place when eager). Eager
draws on the CPU run block by block (:data:`BLOCK` elements: PyTorch splits
each operation over its threads, and larger blocks amortise that); on
accelerators, and under ``torch.compile``, whole-array operations keep the
kernel count fixed. Eager draws may be compiled once compiling pays
(``_random_compiled``), and eager float32 normals on the CPU come from a table
once that pays (``_common/random/tables.py``). Values are read on the host only for plain eager CPU
tensors (``_host.host_reads``).
"""

from __future__ import annotations

import mmap
import sys
from typing import Any, Final

import torch

from .._common.random.words import MASK32, Signed32, Words
from ._host import plain_eager

BLOCK: Final = 1 << 17
_HUGE_PAGE: Final = 2 << 20


class TorchWords(Signed32):
    """PyTorch's int32 words, updated in place by the cipher's rounds when
    eager (not under torch.compile, tracing or torch.func): about 1.7x faster
    on blocks of 2**16 words."""

    __slots__ = ()

    def updating(self, *words: Any) -> Words:
        return self if plain_eager(*words) else Signed32(self.target)

    def key_pair(self, key: Any) -> tuple[Any, Any]:
        if key.dtype != torch.uint32 or not torch.compiler.is_compiling():
            return super().key_pair(key)
        # Inductor vectorizes no CPU kernel that loads uint32, and a draw's
        # kernel loads the key: compiled, the key's 8 bytes are read as one
        # int64 instead, from a fresh pair (a view of the key itself may sit
        # at an offset no int64 view takes).
        both = torch.stack([key[0], key[1]]).view(torch.int64)[0]
        low, high = (both & MASK32).to(torch.int32), (both >> 32).to(torch.int32)
        return (low, high) if sys.byteorder == "little" else (high, low)

    def add_(self, a: Any, b: Any) -> Any:
        return a.add_(b)

    def xor_(self, a: Any, b: Any) -> Any:
        return a.bitwise_xor_(b)

    def rotl_(self, x: Any, r: int) -> Any:
        # The arithmetic shift's sign copies masked off: a logical shift.
        high = (x >> (32 - r)).bitwise_and_((1 << r) - 1)
        return x.bitwise_left_shift_(r).bitwise_or_(high)


def blockwise(device: Any) -> bool:
    """Eager draws on the CPU run block by block; traced ones and those on
    accelerators in one piece."""
    return not torch.compiler.is_compiling() and getattr(device, "type", "cpu") == "cpu"


def tabulates(device: Any) -> bool:
    """Float32 normals on the CPU come from a table once a process has drawn
    enough of them, eagerly (plain tensors, no tracing or ``torch.func``)."""
    return getattr(device, "type", "cpu") == "cpu" and plain_eager()


def keeps_table(table: Any) -> Any:
    """A CPU ``table`` copied into memory the OS is asked to back with 2 MiB
    pages (Linux's transparent huge pages, which PyTorch's allocator does not
    ask for): random lookups in a 32 MiB table then miss the TLB far less.
    Elsewhere, and where the OS has no such request or refuses it, ``table``
    itself."""
    advice = getattr(mmap, "MADV_HUGEPAGE", None)
    if advice is None or table.device.type != "cpu":
        return table
    size = table.numel() * table.element_size()
    try:
        # Private: shared anonymous memory is shmem, which THP backs only if told to.
        memory = mmap.mmap(-1, size + _HUGE_PAGE, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
        memory.madvise(advice)
    except OSError:  # a kernel without transparent huge pages, or no memory to map
        return table
    raw = torch.frombuffer(memory, dtype=torch.uint8)  # keeps ``memory`` alive
    start = -raw.data_ptr() % _HUGE_PAGE
    kept = raw[start:start + size].view(table.dtype).view(table.shape)
    kept.copy_(table)
    return kept

"""The Threefry-2x32 block cipher (20 rounds), written once against a word
carrier (see :mod:`.words`), so every namespace computes the same bits.

Threefry is the counter-based cipher of Salmon et al., "Parallel random
numbers: as easy as 1, 2, 3" (SC 2011); JAX's default ``threefry2x32`` key
implementation uses exactly this variant.
"""

from __future__ import annotations

from typing import Any, Final

from .words import Words

# Rotation distances of the four rounds in each group; groups alternate.
_ROTATIONS: Final = ((13, 15, 26, 6), (17, 29, 16, 24))
# Threefish key-schedule parity constant, 32-bit variant.
_PARITY: Final = 0x1BD11BDA


def threefry2x32(w: Words, key0: Any, key1: Any, x0: Any, x1: Any) -> tuple[Any, Any]:
    """Encrypt the counter pairs ``(x0, x1)`` under the key ``(key0, key1)``.

    All four are carrier words of ``w``; ``key0``/``key1`` are usually 0-d and
    the counters broadcast against each other. Returns the two output words.
    """
    schedule = (key0, key1, w.xor(w.xor(key0, key1), _PARITY))
    x0 = w.add(x0, schedule[0])
    x1 = w.add(x1, schedule[1])
    # After the first round's first sum both words are fresh arrays of the full
    # shape, which carriers that can then update in place.
    x0 = w.add(x0, x1)
    u = w.updating(x0, x1)
    for group in range(5):
        for i, rotation in enumerate(_ROTATIONS[group % 2]):
            if group or i:
                x0 = u.add_(x0, x1)
            x1 = u.xor_(u.rotl_(x1, rotation), x0)
        x0 = u.add_(x0, schedule[(group + 1) % 3])
        # The injection constant goes into the 0-d key word, not the big array.
        x1 = u.add_(x1, w.add(schedule[(group + 2) % 3], group + 1))
    return x0, x1

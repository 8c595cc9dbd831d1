"""Where a draw is made: a namespace and what its backend says about drawing.

The engine names no backend. ``xport.random`` resolves a namespace's
descriptor once per call and hands the engine a :class:`Target`: the
namespace, its :class:`~xport._common.backend.RandomHooks` and its device
function, which every step reads (plain attribute lookups, which tracing
compilers follow).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..backend import RandomHooks


class Target:
    """``xp`` with its backend's ``hooks`` and ``device(x)`` (the standard's
    ``x.device``); ``host()`` gives the target of the host (NumPy) engine,
    for routes that draw there (``None`` where the caller has none)."""

    # No __slots__: Dynamo before torch 2.5 cannot read a slot of an object
    # passed into a compiled program.

    def __init__(self, xp: Any, hooks: RandomHooks, device: Callable[[Any], Any],
                 host: Callable[[], Target] | None = None) -> None:
        self.xp = xp
        self.hooks = hooks
        self.device = device
        self.host = host

    def device_of(self, x: Any) -> Any:
        """The device of ``x`` as its library reports it (None where it reports none)."""
        found = self.device(x)
        return None if found == "" else found

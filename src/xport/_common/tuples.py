"""Functions returning several arrays: the standard wants a tuple (2025.12),
some libraries return a list."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal


def make_meshgrid(native: Callable[..., Any]) -> Callable[..., tuple[Any, ...]]:
    """``meshgrid`` returning a tuple, over a native one that returns a list."""

    def meshgrid(*arrays: Any, indexing: Literal["xy", "ij"] = "xy") -> tuple[Any, ...]:
        """Coordinate matrices from coordinate vectors.

        Deviation fixed: the native ``meshgrid`` returns a list; 2025.12
        requires a tuple.
        """
        return tuple(native(*arrays, indexing=indexing))

    return meshgrid


def make_broadcast_arrays(native: Callable[..., Any]) -> Callable[..., tuple[Any, ...]]:
    """``broadcast_arrays`` returning a tuple, over a native one that returns a list."""

    def broadcast_arrays(*arrays: Any) -> tuple[Any, ...]:
        """Broadcast ``arrays`` against each other.

        Deviation fixed: the native ``broadcast_arrays`` returns a list;
        2025.12 requires a tuple.
        """
        return tuple(native(*arrays))

    return broadcast_arrays

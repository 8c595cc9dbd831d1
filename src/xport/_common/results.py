"""The named tuples the standard's set functions return."""

from __future__ import annotations

from typing import Any, NamedTuple


class UniqueAllResult(NamedTuple):
    """Unique values, first-occurrence indices, inverse indices and counts."""

    values: Any
    indices: Any
    inverse_indices: Any
    counts: Any


class UniqueCountsResult(NamedTuple):
    """Unique values and their counts."""

    values: Any
    counts: Any


class UniqueInverseResult(NamedTuple):
    """Unique values and the indices that rebuild the input from them."""

    values: Any
    inverse_indices: Any

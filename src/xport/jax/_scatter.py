"""JAX's part of ``xport.at`` and the segment reductions: ``x.at[idx]`` and
``jax.ops.segment_*``, unchanged. JAX arrays are immutable."""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp

MUTABLE = False

_METHODS = {"set": "set", "add": "add", "subtract": "subtract", "multiply": "multiply",
            "divide": "divide", "power": "power", "min": "min", "max": "max"}
_SEGMENT = {"sum": jax.ops.segment_sum, "max": jax.ops.segment_max,
            "min": jax.ops.segment_min}


def update(x: Any, idx: Any, op: str, values: Any, in_place: bool) -> Any:
    """``x.at[idx].<op>(values)``, with ``values`` in ``x``'s dtype."""
    values = jnp.asarray(values, dtype=x.dtype)
    return getattr(x.at[idx], _METHODS[op])(values)


def segment(op: str, data: Any, segment_ids: Any, num_segments: int) -> Any:
    """``jax.ops.segment_<op>``: out-of-range ids are dropped, empty buckets hold
    the reduction's identity."""
    return _SEGMENT[op](data, segment_ids, num_segments=num_segments)

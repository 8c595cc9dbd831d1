"""Searching functions where ``jax.numpy`` deviates: ``argmax``/``argmin``
(signature) and ``searchsorted`` (index dtype)."""

from __future__ import annotations

import inspect
from typing import Any, Literal

import jax.numpy as jnp

from .._common.axis_args import normalize_axes
from ._info import default_index_dtype

Array = Any


def argmax(x: Array, /, *, axis: int | None = None, keepdims: bool = False) -> Array:
    """Indices of the maximum values of ``x`` along ``axis`` (of the flattened
    ``x`` when None).

    Deviations fixed: ``jax.numpy.argmax`` declares ``keepdims=None`` (meaning
    False); the standard's signature says ``keepdims=False``. Same computation.
    An ``axis`` out of range raises ``IndexError`` naming it (JAX's says only
    "tuple index out of range").
    """
    if axis is not None:
        normalize_axes((axis,), x.ndim, name="axis")
    return jnp.argmax(x, axis=axis, keepdims=keepdims)


def argmin(x: Array, /, *, axis: int | None = None, keepdims: bool = False) -> Array:
    """Indices of the minimum values of ``x`` along ``axis`` (see :func:`argmax`)."""
    if axis is not None:
        normalize_axes((axis,), x.ndim, name="axis")
    return jnp.argmin(x, axis=axis, keepdims=keepdims)


def searchsorted(x1: Array, x2: Array | int | float, /, *,
                 side: Literal["left", "right"] = "left", sorter: Array | None = None) -> Array:
    """Indices where the elements of ``x2`` would be inserted into the sorted
    1-d ``x1`` to keep it sorted.

    Deviation fixed: ``jax.numpy.searchsorted`` returns ``int32`` indices for
    arrays shorter than 2**31 even with ``jax_enable_x64``; the standard wants
    the default index dtype (``int64`` then). Without x64 they agree and
    nothing is added.
    """
    out = jnp.searchsorted(x1, x2, side=side, sorter=sorter)
    index = default_index_dtype()
    return out if out.dtype == index else out.astype(index)


def _keepdims_default_is_none(native: Any) -> bool:
    try:
        return inspect.signature(native).parameters["keepdims"].default is None
    except (KeyError, TypeError, ValueError):
        return False


def wrappers() -> dict[str, Any]:
    """The wrappers the installed JAX needs."""
    found: dict[str, Any] = {"searchsorted": searchsorted}
    if _keepdims_default_is_none(jnp.argmax):
        found["argmax"] = argmax
    if _keepdims_default_is_none(jnp.argmin):
        found["argmin"] = argmin
    return found

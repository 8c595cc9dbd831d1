"""Manipulation functions where ``jax.numpy`` deviates: ``expand_dims``
(the exception for an axis out of range)."""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp

from .._common.axis_args import new_axis_positions

Array = Any


def expand_dims(x: Array, /, axis: int | tuple[int, ...] = 0) -> Array:
    """``x`` with new axes of length one at ``axis`` (positions in the output).

    Deviation fixed: ``jax.numpy.expand_dims`` raises ``ValueError`` for a
    position outside ``[-M, M)`` (``M`` the output's number of dimensions);
    the standard says ``IndexError``, raised here from the static shape before
    ``jax.numpy.expand_dims`` is called (a tuple that repeats a position raises
    ``ValueError``, as ``jax.numpy``'s does). Adds no operation to a traced
    program.
    """
    new_axis_positions(axis, jnp.ndim(x))
    return jnp.expand_dims(x, axis)


def expand_dims_raises_index_error(native: Any, probe: Any) -> bool:
    """Whether ``native`` (``jax.numpy.expand_dims``) raises ``IndexError`` for
    an axis out of range, traced abstractly on the 1-d ``probe``."""
    try:
        jax.eval_shape(lambda x: native(x, 2), probe)
    except IndexError:
        return True
    except (TypeError, ValueError):
        return False
    return False

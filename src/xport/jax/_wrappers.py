"""The JAX functions that deviate from the standard, and their wrappers.

Each deviation is detected from the installed JAX (a missing keyword, a list
where a tuple is due), never from its version string, and only abstractly
(``jax.eval_shape``, signatures): importing xport.jax compiles nothing and
initialises no JAX backend, so ``jax.config`` and ``jax.distributed`` can still
be set up afterwards. Deviations that only values would show are wrapped on
every JAX (the wrappers stay correct should JAX fix them). Where ``jax.numpy``
conforms, nothing here is used and the namespace binds its own function.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from .._common.tuples import make_broadcast_arrays, make_meshgrid
from . import (
    _complex,
    _concrete,
    _creation,
    _dtypes,
    _elementwise,
    _manipulation,
    _reductions,
    _scalars,
    _searching,
)


def _abstract(shape: tuple[int, ...], dtype: str = "float32") -> Any:
    """An abstract array for ``jax.eval_shape`` probes: no device, no compilation."""
    struct: Callable[..., Any] = jax.ShapeDtypeStruct
    return struct(shape, np.dtype(dtype))


def _accepts_negative_axes(transpose: Any) -> bool:
    try:
        jax.eval_shape(lambda x: transpose(x, (-1, 0)), _abstract((1, 2)))
    except (TypeError, ValueError):
        return False
    return True


# Names whose jax.numpy function deviates on every supported JAX.
ALWAYS: dict[str, Any] = {
    "asarray": _creation.asarray,
    "can_cast": _dtypes.can_cast,
    "finfo": _dtypes.finfo,
    "iinfo": _dtypes.iinfo,
    **_complex.WRAPPERS,
    **_concrete.WRAPPERS,
    **_elementwise.WRAPPERS,
    **_reductions.ALWAYS,
}


def _detected() -> dict[str, Any]:
    """Wrappers needed only by the installed JAX."""
    found: dict[str, Any] = {**_dtypes.detected(), **_reductions.detected(),
                             **_searching.wrappers()}
    probe = _abstract((1,))
    if not isinstance(jax.eval_shape(jnp.meshgrid, probe), tuple):
        found["meshgrid"] = make_meshgrid(jnp.meshgrid)
    if not isinstance(jax.eval_shape(jnp.broadcast_arrays, probe), tuple):
        found["broadcast_arrays"] = make_broadcast_arrays(jnp.broadcast_arrays)
    if not _manipulation.expand_dims_raises_index_error(jnp.expand_dims, probe):
        found["expand_dims"] = _manipulation.expand_dims
    return found


MAIN: dict[str, Any] = {**ALWAYS, **_detected()}
MAIN.update(_scalars.wrap(MAIN))

# jax.numpy's own function under another name, where it conforms and the
# standard's name does not: permute_dims rejects the negative axes 2025.12
# allows, transpose (the same operation) takes them.
ALIASES: dict[str, str] = {}
if not _accepts_negative_axes(jnp.permute_dims) and _accepts_negative_axes(jnp.transpose):
    ALIASES["permute_dims"] = "transpose"

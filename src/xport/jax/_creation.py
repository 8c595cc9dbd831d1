"""``asarray`` with the standard's ``copy=False``.

``jax.numpy.asarray`` reads ``copy=False`` as "copy if needed" and copies
silently: from Python objects and NumPy arrays (JAX arrays own their memory)
and for a dtype or device change. The standard says ``copy=False`` never
copies and raises ``ValueError`` when a copy would be needed.
"""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp

from .._common.copying import copy_required

Array = Any


def asarray(obj: Any, /, *, dtype: Any = None, device: Any = None, copy: bool | None = None,
            **kwargs: Any) -> Array:
    """Convert ``obj`` (an array, an object with ``__dlpack__`` or
    ``__array__``, a Python scalar or nested sequence) to a JAX array.

    Deviation fixed: with ``copy=False`` ``jax.numpy.asarray`` copies when it
    must; here that raises ``ValueError``. Only a JAX array (or tracer) of the
    requested dtype and device is returned without a copy, as itself. Other
    ``copy`` values and JAX's own keywords (``order=``, ``out_sharding=``) go to
    ``jax.numpy.asarray`` unchanged.
    """
    out = jnp.asarray(obj, dtype=dtype, device=device, copy=copy, **kwargs)
    if copy is False and out is not obj:
        raise copy_required("asarray()", f"JAX made a new array from the {type(obj).__name__}; "
                            "only a JAX array of the requested dtype and device is used as is")
    return out

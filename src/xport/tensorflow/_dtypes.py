"""Data type functions: ``astype``, ``can_cast``, ``finfo``, ``iinfo``,
``isdtype``, ``result_type``. TensorFlow has none of them in the standard's
form (its dtypes carry ``min``/``max`` but no ``finfo``, and it promotes
nothing)."""

from __future__ import annotations

from typing import Any

import numpy as np
import tensorflow as tf

from .._common.dtype_info import make_can_cast
from .._common.dtype_limits import make_finfo, make_iinfo
from .._common.kinds import make_isdtype
from .._common.promotion import make_result_type
from ._copy import deep_copy, on_device
from ._info import DTYPES, INFO, dtype_name, dtype_named

Array = Any


def astype(x: Array, dtype: tf.DType | str, /, *, copy: bool = True,
           device: Any = None) -> Array:
    """``x`` cast to ``dtype`` (and placed on ``device`` when given).

    Deviation fixed: TensorFlow has no ``astype``; this is ``tf.cast``, which
    already makes a new tensor when the dtype changes. ``copy=False`` returns
    ``x`` itself (a ``tf.Variable`` included) when nothing changes;
    ``copy=True`` always returns a new tensor with its own buffer. ``dtype``
    may be a standard dtype's name (``"float64"``); an unknown name raises
    ``TypeError`` listing the valid ones.
    """
    if isinstance(dtype, str):
        dtype = dtype_named(dtype, "astype()")
    if x.dtype != dtype:
        out = tf.cast(x, dtype)
    elif copy:
        out = deep_copy(x)
    else:
        out = x
    return on_device(out, device, copy=None if copy else False)


def _np_finfo(dtype: tf.DType) -> Any:
    return np.finfo(dtype.as_numpy_dtype)


def _np_iinfo(dtype: tf.DType) -> Any:
    return np.iinfo(dtype.as_numpy_dtype)


can_cast = make_can_cast(dtype_name)
finfo = make_finfo(_np_finfo, tf.as_dtype)
iinfo = make_iinfo(_np_iinfo, tf.as_dtype)


def _kind_of_other(dtype: Any) -> str | None:
    """float16, bfloat16, the float8 types: real floating."""
    if not isinstance(dtype, tf.DType) or dtype.is_quantized:
        return None
    if dtype.is_complex:
        return "complex floating"
    return "real floating" if dtype.is_floating else None


isdtype = make_isdtype(dtype_name, _kind_of_other, dtypes=DTYPES)


def _scalar_beside(dtype: tf.DType, scalar: object) -> tf.DType:
    """A Python scalar beside ``float16``/``bfloat16`` keeps the dtype, unless it
    is complex (TensorFlow has no complex type of that precision)."""
    if dtype.is_floating and not isinstance(scalar, complex):
        return dtype
    raise TypeError(f"result_type(): TensorFlow promotes no Python {type(scalar).__name__} "
                    f"with {dtype!r}; cast first with astype()")


result_type = make_result_type(DTYPES, dtype_name, defaults=INFO.default_dtypes,
                               native_scalar=_scalar_beside)
result_type.__doc__ = (result_type.__doc__ or "").replace(
    "mixed-kind pairs promote as the library does,",
    "mixed-kind pairs of dtypes raise ``TypeError`` (TensorFlow promotes none),")

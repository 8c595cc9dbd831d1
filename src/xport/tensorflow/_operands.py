"""The standard's operand rules (Python scalars, promotion) bound to TensorFlow,
and the dtype helpers every wrapper module shares.

TensorFlow promotes nothing: every binary kernel needs two tensors of one
dtype (``int8 + int16`` raises), and a Python scalar is converted to the dtype
of the tensor beside it only in some positions. So every pair of differing
dtypes the standard defines is cast to the promoted dtype here, and every
Python scalar becomes a 0-d tensor of the standard's dtype. Mixed-kind pairs,
which the standard leaves undefined, raise ``TypeError``.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import tensorflow as tf

from .._common.elementwise import Operands, make_promote_pair, make_scalar_operand
from .._common.promotion import PYTHON_SCALARS, promotion_lookup
from ._constants import constant
from ._host import EAGER_TENSOR
from ._info import DTYPES, dtype_name

Array = Any

FLOATING = frozenset({tf.float32, tf.float64})
COMPLEX = frozenset({tf.complex64, tf.complex128})
INEXACT = FLOATING | COMPLEX
SIGNED = frozenset({tf.int8, tf.int16, tf.int32, tf.int64})
UNSIGNED = frozenset({tf.uint8, tf.uint16, tf.uint32, tf.uint64})
INTEGRAL = SIGNED | UNSIGNED
INDEX_DTYPES = frozenset({tf.int32, tf.int64})
REAL_OF = {tf.complex64: tf.float32, tf.complex128: tf.float64}
COMPLEX_OF = {tf.float32: tf.complex64, tf.float64: tf.complex128}
# Bits of a float's sign, read through an integer of the same width.
SIGN_INT = {tf.float32: tf.int32, tf.float64: tf.int64}


def cast(x: Array, dtype: tf.DType) -> Array:
    """``x`` as ``dtype`` (``x`` itself when it already is)."""
    return x if x.dtype == dtype else tf.cast(x, dtype)


def _undefined(a: tf.DType, b: tf.DType) -> tf.DType:
    raise TypeError(f"the Array API standard defines no promotion of {a.name} with {b.name} "
                    "(and TensorFlow promotes nothing); cast one operand explicitly, e.g. "
                    f"astype(x, {b.name})")


def scalar_tensor(value: complex, dtype: tf.DType | None, like: Any = None) -> Array:
    """A 0-d tensor of ``dtype`` holding the Python scalar ``value`` (a zero
    keeps its sign), for use beside the tensor ``like`` (see :func:`constant`).

    ``dtype=None`` is a mix the standard leaves undefined (a ``float`` beside
    integers, a number beside ``bool``): ``TypeError``. A float beyond the
    range of a 32-bit dtype becomes an infinity (TensorFlow's conversion
    refuses it).
    """
    if dtype is None:
        raise TypeError(f"the Array API standard defines no promotion of a Python "
                        f"{type(value).__name__} ({value!r}) with an array of this dtype; "
                        "make it an array of the dtype you want with asarray(..., dtype=...)")
    if value == 0 and type(value) in (float, complex):
        # TensorFlow caches converted Python scalars by value, and -0.0 == 0.0:
        # a zero goes through NumPy, which bypasses the cache, to keep its sign.
        return tf.constant(np.asarray(value, dtype=dtype.as_numpy_dtype))
    try:
        if type(value) is not complex and not (type(value) is float and math.isnan(value)):
            return constant(value, dtype, like)
        return tf.constant(value, dtype=dtype)
    except (ValueError, TypeError):
        if dtype in INEXACT and not isinstance(value, bool):
            wide = tf.complex128 if dtype in COMPLEX else tf.float64
            if isinstance(value, float) and math.isnan(value):
                return tf.constant(value, dtype=dtype)
            return tf.cast(tf.constant(value, dtype=wide), dtype)
        raise


def _scalar_array(value: Any, dtype: tf.DType | None, like: Any) -> Any:
    return scalar_tensor(value, dtype, like)


def _is_0d(x: Any) -> bool:
    return bool(x.shape.rank == 0)


ELEMENTWISE = Operands(dtypes=DTYPES, name_of=dtype_name, cast=cast,
                       scalar_array=_scalar_array, native_right=(), is_0d=_is_0d,
                       undefined=_undefined, array_type=EAGER_TENSOR)

promote_pair = make_promote_pair(ELEMENTWISE)
scalar_operand = make_scalar_operand(ELEMENTWISE)


def operand_pair(x1: Any, x2: Any) -> tuple[Array, Array]:
    """``x1`` and ``x2`` as two tensors of one dtype, by the standard's rules:
    a Python scalar takes the dtype the standard gives it beside the other
    operand (which must be a tensor), differing dtypes promote."""
    if type(x1) in PYTHON_SCALARS:
        x1 = scalar_operand(x1, x2)
    elif type(x2) in PYTHON_SCALARS:
        x2 = scalar_operand(x2, x1)
    if x1.dtype != x2.dtype:
        x1, x2 = promote_pair(x1, x2)
    return x1, x2


_TABLE = promotion_lookup(DTYPES)


def common_dtype(*dtypes: tf.DType) -> tf.DType:
    """The dtype ``dtypes`` promote to by the standard's table (``TypeError``
    for mixes it leaves undefined)."""
    result = dtypes[0]
    for other in dtypes[1:]:
        if other != result:
            found = _TABLE.get((result, other))
            result = found if found is not None else _undefined(result, other)
    return result


def promote_all(arrays: Any) -> list[Array]:
    """The tensors ``arrays`` cast to their common dtype by the standard's table."""
    tensors = [a if isinstance(a, (tf.Tensor, tf.Variable)) else tf.convert_to_tensor(a)
               for a in arrays]
    if not tensors:
        return tensors
    dtype = common_dtype(*(t.dtype for t in tensors))
    return [cast(t, dtype) for t in tensors]


def rank(x: Any) -> int:
    """The number of dimensions of ``x``; ``ValueError`` when it is unknown (a
    symbolic tensor traced without a shape)."""
    r = x.shape.rank
    if r is None:
        raise ValueError("this function needs the number of dimensions of its input, which "
                         "is unknown for this symbolic tensor; give tf.function an "
                         "input_signature with a known rank (dimensions may be None)")
    return int(r)


def dims(x: Any) -> list[Any]:
    """The dimensions of ``x``: Python ints where static, scalar int tensors
    where unknown (inside ``tf.function``)."""
    static = x.shape.as_list() if x.shape.rank is not None else None
    if static is None:
        raise ValueError("the rank of this symbolic tensor is unknown")
    if all(d is not None for d in static):
        return list(static)
    dynamic = tf.shape(x)
    return [d if d is not None else dynamic[i] for i, d in enumerate(static)]


def is_static(shape: Any) -> bool:
    """Whether every entry of a shape from :func:`dims` is a Python int."""
    return all(isinstance(d, int) for d in shape)

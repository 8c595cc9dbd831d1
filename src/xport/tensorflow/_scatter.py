"""TensorFlow's part of ``xport.at`` and the segment reductions.

TensorFlow tensors are immutable (``MUTABLE = False``). An update finds the
flat positions ``idx`` selects (NumPy's indexing of ``arange(size)``, see
``_numpy_index``) and scatters into the flattened ``x``:

* ``set``/``add``/``subtract``/``min``/``max``: ``tf.tensor_scatter_nd_update``
  / ``_add`` / ``_sub`` / ``_min`` / ``_max``, which apply every duplicate index
  (for ``set`` TensorFlow keeps one of the duplicates' values);
* ``multiply``/``divide``/``power``: multiplying by ``v1`` then ``v2`` is
  multiplying by ``v1 * v2`` (dividing, raising likewise), so the product of
  every occurrence's value per position is collected first with
  ``tf.math.unsorted_segment_prod`` (1 where nothing lands) and applied once.

Everything is differentiable and traces inside ``tf.function``; the only
values read are those of eager segment ids on the CPU (see ``_host``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import tensorflow as tf

from ._constants import constant
from ._elementwise import BINARY
from ._host import fixed_where_needed
from ._numpy_index import index
from ._operands import FLOATING, cast, scalar_tensor

MUTABLE = False

_SCATTER = {"set": tf.tensor_scatter_nd_update, "add": tf.tensor_scatter_nd_add,
            "subtract": tf.tensor_scatter_nd_sub, "min": tf.tensor_scatter_nd_min,
            "max": tf.tensor_scatter_nd_max}
_pow = BINARY["pow"]


def _values(values: Any, like: Any) -> Any:
    if isinstance(values, (tf.Tensor, tf.Variable)):
        return cast(values, like.dtype)
    return scalar_tensor(values, like.dtype, like)


def update(x: Any, idx: Any, op: str, values: Any, in_place: bool) -> Any:
    """``x`` with ``op`` applied at ``idx`` with ``values`` (a new tensor)."""
    x = tf.convert_to_tensor(x)
    shape = tf.shape(x)
    size = tf.size(x, out_type=tf.int64)
    positions = index(tf.reshape(tf.range(size, dtype=tf.int64), shape), idx)
    vals = tf.reshape(tf.broadcast_to(_values(values, x), tf.shape(positions)), [-1])
    flat_positions = tf.reshape(positions, [-1, 1])
    flat = tf.reshape(x, [-1])
    if op in _SCATTER:
        out = _SCATTER[op](flat, flat_positions, vals)
    else:
        factors = tf.math.unsorted_segment_prod(vals, flat_positions[:, 0], size)
        if op == "multiply":
            out = flat * factors
        elif op == "divide":
            out = flat / factors
        else:
            out = _pow(flat, factors)
    return tf.reshape(out, shape)


def _empty_fill(op: str, dtype: tf.DType) -> Any:
    if dtype in FLOATING:
        return -np.inf if op == "max" else np.inf
    if dtype == tf.bool:
        return op == "min"
    return dtype.min if op == "max" else dtype.max


def _tensor(x: Any) -> Any:
    """``x`` as a tensor (a variable's value; a tensor as it is)."""
    return x if isinstance(x, tf.Tensor) else tf.convert_to_tensor(x)


def _kept_ids(segment_ids: Any, num_segments: int) -> Any:
    """``segment_ids`` with those past the last segment made -1, which the
    kernels drop (on the CPU, eager ids with none are returned as they are:
    see ``_host``)."""
    dtype = segment_ids.dtype
    end = constant(num_segments, dtype, segment_ids)

    def past_the_end_dropped() -> Any:
        # Kernels and cached constants: tf.where and the operators cost ~3x eagerly.
        return tf.raw_ops.SelectV2(condition=tf.raw_ops.Less(x=segment_ids, y=end),
                                   t=segment_ids, e=constant(-1, dtype, segment_ids))

    return fixed_where_needed(
        segment_ids, lambda values: values.size > 0 and values.max() >= num_segments,
        lambda: tf.raw_ops.GreaterEqual(x=tf.reduce_max(segment_ids), y=end), past_the_end_dropped)


def segment(op: str, data: Any, segment_ids: Any, num_segments: int) -> Any:
    """Reduce the rows of ``data`` into ``num_segments`` buckets with
    ``tf.math.unsorted_segment_sum/max/min``. Ids outside ``[0,
    num_segments)`` are dropped (TensorFlow drops negative ones and rejects
    large ones, which become negative here); empty buckets hold 0, or for
    max/min the dtype's lowest/highest value (``-inf``/``inf`` for floats;
    TensorFlow's own fill for floats is the largest finite value)."""
    data, segment_ids = _tensor(data), _tensor(segment_ids)
    ids = _kept_ids(segment_ids, num_segments)
    boolean = data.dtype is tf.bool  # TensorFlow's dtypes are unique objects
    if op == "sum" and not boolean:
        return tf.math.unsorted_segment_sum(data, ids, num_segments)
    work = tf.cast(data, tf.int8) if boolean else data
    reduce = tf.math.unsorted_segment_min if op == "min" else tf.math.unsorted_segment_max
    out = reduce(work, ids, num_segments)
    if boolean:
        # int8 buckets: 0/1, or -128 (max) / 127 (min) when empty, which gives
        # False / True as the standard's empty max/min; a bool sum is a logical
        # OR, as NumPy's add.at.
        return tf.math.greater(out, 0)
    counts = tf.math.unsorted_segment_sum(tf.ones_like(ids, dtype=tf.int32), ids, num_segments)
    empty = tf.reshape(counts == 0, [num_segments] + [1] * (data.shape.rank - 1))
    return tf.where(empty, tf.constant(_empty_fill(op, data.dtype), data.dtype), out)

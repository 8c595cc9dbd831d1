"""NumPy's indexing semantics on a TensorFlow tensor, for ``xport.at``.

``tensor[idx]`` in TensorFlow takes ints, slices, ``...``, ``None`` and one
boolean mask, but no integer arrays. :func:`index` applies any index NumPy
accepts: basic indices by TensorFlow's strided slicing, integer arrays (and
boolean masks, as their nonzero coordinates) by ``tf.gather_nd`` after
broadcasting them together; the advanced dimensions go where NumPy puts them
(in place when the advanced indices are adjacent, first otherwise). Integer
indices beside arrays count as 0-d arrays, as in NumPy. Negative entries count
from the end.
"""

from __future__ import annotations

from typing import Any

import tensorflow as tf

Array = Any
_TENSORS = (tf.Tensor, tf.Variable)


def _is_array(part: Any) -> bool:
    return isinstance(part, _TENSORS) or (hasattr(part, "__array__") and hasattr(part, "dtype"))


def _consumed(part: Any) -> int:
    if part is None or part is Ellipsis:
        return 0
    if _is_array(part) and tf.as_dtype(part.dtype) == tf.bool:
        return len(part.shape)
    return 1


def _expand(idx: Any, ndim: int) -> list[Any]:
    """``idx`` as a list with the ellipsis replaced by full slices and boolean
    masks by their integer coordinates (one array per masked axis)."""
    parts = list(idx) if isinstance(idx, tuple) else [idx]
    if sum(p is Ellipsis for p in parts) > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    used = sum(_consumed(p) for p in parts)
    if used > ndim:
        raise IndexError(f"too many indices: the array has {ndim} dimension(s), the index "
                         f"uses {used}")
    out: list[Any] = []
    for p in parts:
        if p is Ellipsis:
            out.extend([slice(None)] * (ndim - used))
        elif isinstance(p, bool):
            raise IndexError("Python bool indices are not supported; use a boolean array")
        elif _is_array(p):
            t = tf.convert_to_tensor(p)
            if t.dtype == tf.bool:
                out.extend(tf.unstack(tf.where(t), num=t.shape.rank, axis=1))
            else:
                out.append(t)
        else:
            out.append(p)
    if not any(p is Ellipsis for p in parts):
        out.extend([slice(None)] * (ndim - used))
    return out


def index(x: Array, idx: Any) -> Array:
    """``x[idx]`` with NumPy's semantics (see the module docstring)."""
    ndim = x.shape.rank
    parts = _expand(idx, ndim)
    if not any(isinstance(p, _TENSORS) for p in parts):
        return x[tuple(parts)]
    # None: a new axis of length one, indexed by a full slice.
    expanded_shape = []
    shape = tf.shape(x)
    axis = 0
    plain: list[Any] = []
    for p in parts:
        if p is None:
            expanded_shape.append(1)
            plain.append(slice(None))
        else:
            expanded_shape.append(shape[axis])
            axis += 1
            plain.append(p)
    if len(plain) != ndim:
        x = tf.reshape(x, tf.stack(expanded_shape))
    advanced = [i for i, p in enumerate(plain) if not isinstance(p, slice)]
    # Slices first (they keep every axis), then gather the advanced axes.
    x = x[tuple(p if isinstance(p, slice) else slice(None) for p in plain)]
    dims = tf.shape(x, out_type=tf.int64)
    arrays = []
    for i in advanced:
        p = tf.cast(tf.convert_to_tensor(plain[i]), tf.int64)
        arrays.append(tf.where(p < 0, p + dims[i], p))
    batch = tf.shape(arrays[0])
    for a in arrays[1:]:
        batch = tf.broadcast_dynamic_shape(batch, tf.shape(a))
    coords = tf.stack([tf.broadcast_to(a, batch) for a in arrays], axis=-1)
    rest = [i for i in range(len(plain)) if i not in advanced]
    moved = tf.transpose(x, advanced + rest)
    # GatherNd refuses an empty params tensor even when the result is empty too:
    # pad the remaining axes by one and cut the result back.
    padding = [[0, 0]] * len(advanced) + [[0, 1]] * len(rest)
    out = tf.gather_nd(tf.pad(moved, padding), coords)
    size = tf.concat([tf.cast(batch, tf.int64), tf.gather(dims, tf.constant(rest, tf.int64))],
                     axis=0)
    out = tf.slice(out, tf.zeros_like(size), size)
    adjacent = advanced == list(range(advanced[0], advanced[-1] + 1))
    first = advanced[0]
    if adjacent and first > 0:
        n_batch = max(a.shape.rank for a in arrays)  # the broadcast rank
        n_rest = len(rest)
        order = (list(range(n_batch, n_batch + first)) + list(range(n_batch))
                 + list(range(n_batch + first, n_batch + n_rest)))
        out = tf.transpose(out, order)
    return out

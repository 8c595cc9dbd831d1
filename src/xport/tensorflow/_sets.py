"""The standard's set functions over ``tf.unique``, and ``isin``.

``tf.unique`` works on 1-d tensors, lists values in order of first occurrence
and counts each NaN as its own value, as the standard says. The standard leaves
the order open; here the values come ascending with NaNs last, as NumPy's
``unique`` (and array-api-compat) give them, with the other outputs permuted
to match. ``tf.unique`` also returns ``int32`` indices by default, no
first-occurrence indices, and has no kernel for complex tensors. Complex
values are made unique as rows of their parts' bits (``-0`` folded into
``+0``, each element with a NaN part given a row of its own). Output shapes
depend on the data, as the standard says; inside ``tf.function`` they are
``None``.
"""

from __future__ import annotations

from typing import Any

import tensorflow as tf

from .._common.results import UniqueAllResult, UniqueCountsResult, UniqueInverseResult
from ._manipulation import flattened
from ._operands import COMPLEX, REAL_OF, SIGN_INT, operand_pair
from ._sorting import argsort, sort

Array = Any

# A NaN bit pattern the canonical parts below never have: marks NaN rows.
_NAN_ROW = -1


def _rows(flat: Array) -> Array:
    """Complex values as (n, 2) int64 rows of their parts' bits."""
    real_dtype = REAL_OF[flat.dtype]
    zero = tf.zeros((), real_dtype)  # x + 0 turns -0 into +0
    parts = tf.stack([tf.math.real(flat) + zero, tf.math.imag(flat) + zero], axis=1)
    bits = tf.cast(tf.bitcast(parts, SIGN_INT[real_dtype]), tf.int64)
    has_nan = tf.reduce_any(tf.math.is_nan(parts), axis=1)
    positions = tf.range(tf.shape(flat, out_type=tf.int64)[0], dtype=tf.int64)
    nan_rows = tf.stack([tf.fill(tf.shape(positions), tf.constant(_NAN_ROW, tf.int64)),
                         positions], axis=1)
    return tf.where(has_nan[:, None], nan_rows, bits)


def _unique(x: Array) -> tuple[Array, Array, Array]:
    """(values, flat inverse indices, counts) of ``x``, values ascending,
    indices ``int64``."""
    flat = flattened(x)
    if x.dtype not in COMPLEX:
        values, inverse, counts = tf.unique_with_counts(flat, out_idx=tf.int64)
    else:
        _, inverse, counts = tf.raw_ops.UniqueWithCountsV2(
            x=_rows(flat), axis=tf.constant([0], tf.int64), out_idx=tf.int64)
        values = tf.gather(flat, _first(inverse, tf.shape(counts, out_type=tf.int64)[0]))
    order = _ascending(values)
    rank = tf.math.invert_permutation(order)
    return tf.gather(values, order), tf.gather(rank, inverse), tf.gather(counts, order)


def _ascending(values: Array) -> Array:
    """The positions that sort 1-d ``values`` ascending, NaNs last, as NumPy
    orders them (complex numbers by real part, then imaginary part)."""
    if values.dtype == tf.bool:
        return argsort(tf.cast(values, tf.int8))
    if values.dtype not in COMPLEX:
        return argsort(values)
    by_imag = argsort(tf.math.imag(values))
    return tf.gather(by_imag, argsort(tf.gather(tf.math.real(values), by_imag)))


def _first(inverse: Array, n_unique: Array) -> Array:
    positions = tf.range(tf.shape(inverse, out_type=tf.int64)[0], dtype=tf.int64)
    return tf.math.unsorted_segment_min(positions, inverse, n_unique)


def unique_values(x: Array, /) -> Array:
    """The unique elements of ``x``, as a 1-d tensor (each NaN is unique).

    Deviations fixed: ``tf.unique`` takes 1-d tensors only and rejects complex
    ones.
    """
    if x.dtype in COMPLEX:
        return _unique(x)[0]
    return sort(tf.raw_ops.Unique(x=flattened(x)).y)


def unique_counts(x: Array, /) -> UniqueCountsResult:
    """The unique elements of ``x`` and how often each occurs (``int64``).

    Deviations fixed: TensorFlow's ``tf.unique_with_counts`` takes 1-d tensors
    only, rejects complex ones and returns a tuple of three.
    """
    values, _, counts = _unique(x)
    return UniqueCountsResult(values, counts)


def unique_inverse(x: Array, /) -> UniqueInverseResult:
    """The unique elements of ``x`` and the ``int64`` indices (of ``x``'s shape)
    that rebuild ``x`` from them.

    Deviations fixed: ``tf.unique`` takes 1-d tensors only, rejects complex ones
    and returns ``int32`` indices by default.
    """
    values, inverse, _ = _unique(x)
    return UniqueInverseResult(values, tf.reshape(inverse, tf.shape(x)))


def unique_all(x: Array, /) -> UniqueAllResult:
    """The unique elements of ``x``, the index of the first occurrence of each in
    the flattened ``x``, the inverse indices and the counts (all ``int64``).

    Deviation fixed: ``tf.unique`` returns no first-occurrence indices; they are
    the smallest flat position each inverse index points from
    (``tf.math.unsorted_segment_min``).
    """
    values, inverse, counts = _unique(x)
    first = _first(inverse, tf.shape(counts, out_type=tf.int64)[0])
    return UniqueAllResult(values, first, tf.reshape(inverse, tf.shape(x)), counts)


def isin(x1: Array | complex, x2: Array | complex, /, *, invert: bool = False) -> Array:
    """Whether each element of ``x1`` occurs in ``x2`` (of ``x1``'s shape).

    Deviation fixed: TensorFlow has no ``isin``; this compares every element of
    ``x1`` with every element of ``x2`` (memory ``x1.size * x2.size``).
    Python scalars are accepted for either argument.
    """
    x1, x2 = operand_pair(x1, x2)
    found = tf.reduce_any(tf.math.equal(x1[..., None], tf.reshape(x2, [-1])), axis=-1)
    return tf.math.logical_not(found) if invert else found

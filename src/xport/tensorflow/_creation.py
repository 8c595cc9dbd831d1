"""Creation functions with the standard's signatures, dtypes and ``copy=``/
``device=`` semantics.

Default dtypes are the namespace's (``__array_namespace_info__``): ``float32``
for Python floats, ``complex64`` for complex numbers (TensorFlow's
``tf.constant`` gives ``complex128``) and ``int64`` for Python ints
(TensorFlow's: ``int32``).
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Iterator
from typing import Any, Literal

import numpy as np
import tensorflow as tf

from .._common.copying import copy_required
from .._common.shapes import check_shape, check_sizes
from ._copy import deep_copy, on_device
from ._info import DEFAULT_COMPLEX, DEFAULT_FLOAT, DEFAULT_INT, device_string, dtype_named
from ._operands import COMPLEX, INTEGRAL, cast, dims, promote_all, rank, scalar_tensor

Array = Any
Device = Any
DType = Any

_TENSORS = (tf.Tensor, tf.Variable)
# NumPy's choice for Python objects -> the namespace's default dtypes.
_DEFAULT_OF_NUMPY = {np.dtype("float64"): DEFAULT_FLOAT, np.dtype("complex128"): DEFAULT_COMPLEX,
                     np.dtype("int64"): DEFAULT_INT}


@contextlib.contextmanager
def placed(device: Device) -> Iterator[None]:
    """A ``tf.device`` scope for ``device`` (no scope for ``None``)."""
    target = device_string(device)
    if target is None:
        yield
        return
    with tf.device(target):
        yield


def _shape(shape: int | tuple[int, ...]) -> tuple[int, ...] | Any:
    return (shape,) if isinstance(shape, int) else shape


def _scalar_dtype(value: Any) -> tf.DType:
    if isinstance(value, bool):
        return tf.bool
    if isinstance(value, int):
        return DEFAULT_INT
    if isinstance(value, float):
        return DEFAULT_FLOAT
    if isinstance(value, complex):
        return DEFAULT_COMPLEX
    return value.dtype


def _from_python(obj: Any, dtype: DType | None) -> Array:
    """A new tensor from a Python scalar, nested sequence, NumPy array or buffer."""
    if isinstance(obj, (bytes, bytearray, memoryview)):
        obj = np.asarray(memoryview(obj))
    if isinstance(obj, (np.ndarray, np.generic)):
        out = tf.convert_to_tensor(obj)
        return out if dtype is None else cast(out, dtype)
    try:
        with np.errstate(over="ignore"):
            values = np.asarray(obj, dtype=None if dtype is None else dtype.as_numpy_dtype)
    except (TypeError, ValueError):
        values = None  # e.g. a list of symbolic tensors: TensorFlow packs those
    if values is None or values.dtype == object:
        out = tf.convert_to_tensor(obj)
        return out if dtype is None else cast(out, dtype)
    if dtype is None:
        target = _DEFAULT_OF_NUMPY.get(values.dtype)
        if target is not None:
            with np.errstate(over="ignore"):
                values = values.astype(target.as_numpy_dtype)
    return tf.constant(values)


def asarray(obj: Any, /, *, dtype: DType | None = None, device: Device | None = None,
            copy: bool | None = None) -> Array:
    """Convert ``obj`` (a tensor or ``tf.Variable``, an object with
    ``__dlpack__`` or the buffer protocol, a NumPy array, a Python scalar or
    nested sequence) to a tensor.

    Deviations fixed: TensorFlow's ``convert_to_tensor`` has no ``copy`` or
    ``device`` and gives Python ints ``int32`` and complex numbers
    ``complex128`` (the namespace's defaults: ``int64``, ``complex64``).

    ``copy``: ``None`` returns a tensor as it is and copies everything else;
    ``True`` always makes a tensor with its own buffer; ``False`` never copies:
    a foreign array is imported through DLPack, sharing its memory, and
    anything that cannot be shared (a Python object, a dtype or device change,
    a host buffer that is not 64-byte aligned as TensorFlow's kernels need)
    raises ``ValueError``. A ``tf.Variable`` with ``copy=False`` is returned
    itself (the only way to share a variable's memory; later assignments show
    through); with ``copy=None`` it is read into a tensor (TensorFlow shares
    the buffer until the variable is next assigned, so nothing is copied).
    ``dtype`` may be a standard dtype's name (``"float64"``).
    """
    if isinstance(dtype, str):
        dtype = dtype_named(dtype, "asarray()")
    if isinstance(obj, _TENSORS):
        if copy is False:
            out = obj
        elif isinstance(obj, tf.Variable):
            out = tf.convert_to_tensor(obj)
        else:
            out = obj
        if dtype is not None and out.dtype != dtype:
            if copy is False:
                raise copy_required("asarray()", f"a cast from {out.dtype.name} to {dtype.name}")
            out = tf.cast(out, dtype)
        elif copy:
            out = deep_copy(out)
    elif copy is False:
        if not hasattr(obj, "__dlpack__") or isinstance(obj, (bool, int, float, complex)):
            raise copy_required("asarray()", f"a TensorFlow tensor cannot share the memory "
                                f"of a {type(obj).__name__}")
        out = _shared(obj)
        if out is None:
            raise copy_required("asarray()", _MISALIGNED)
        if dtype is not None and out.dtype != dtype:
            raise copy_required("asarray()", f"a cast from {out.dtype.name} to {dtype.name}")
    else:
        with placed(device):
            out = _from_python(obj, dtype)
    return on_device(out, device, copy=copy)


def from_dlpack(x: Any, /, *, device: Device | None = None, copy: bool | None = None) -> Array:
    """A tensor from an object with ``__dlpack__`` (a tensor of another
    library, a NumPy array, a TensorFlow tensor).

    Deviations fixed: ``tf.experimental.dlpack.from_dlpack`` takes a capsule,
    not the array, has no ``device`` or ``copy``, and imports misaligned host
    buffers that crash TensorFlow's kernels. ``copy=None`` shares the
    producer's memory when TensorFlow can use it in place (a 64-byte aligned
    buffer) and copies otherwise; ``copy=False`` raises ``ValueError`` instead
    of copying; ``copy=True`` always copies.
    """
    if isinstance(x, _TENSORS):
        return asarray(x, device=device, copy=copy)
    if not hasattr(x, "__dlpack__"):
        raise TypeError(f"from_dlpack() needs an object with __dlpack__, got {type(x).__name__}")
    out = None if copy else _shared(x)
    if out is None:
        if copy is False:
            raise copy_required("from_dlpack()", _MISALIGNED)
        out = tf.constant(np.array(np.from_dlpack(x), copy=True))
    return on_device(out, device, copy=copy)


# TensorFlow's kernels need 64-byte aligned buffers (a misaligned one aborts the
# process on first use), and tf.experimental.dlpack.from_dlpack does not check.
_ALIGNMENT = 64
_MISALIGNED = ("its buffer is not 64-byte aligned, which TensorFlow needs in order to use it "
               "without a copy")


def _shared(obj: Any) -> Array | None:
    """A tensor sharing ``obj``'s memory through DLPack, or None when
    TensorFlow cannot use its buffer in place (a misaligned host buffer)."""
    try:
        host: Any = np.from_dlpack(obj)
    except (BufferError, TypeError, ValueError, RuntimeError):
        # Not host memory NumPy can view: device allocators align their buffers.
        return tf.experimental.dlpack.from_dlpack(obj.__dlpack__())
    if host.size and host.ctypes.data % _ALIGNMENT:
        return None
    return tf.experimental.dlpack.from_dlpack(host.__dlpack__())


def arange(start: float, /, stop: float | None = None, step: float = 1, *,
           dtype: DType | None = None, device: Device | None = None) -> Array:
    """Evenly spaced values in ``[start, stop)``.

    Deviations fixed: ``tf.range`` calls the arguments ``limit``/``delta``,
    gives Python ints ``int32`` (the default: ``int64``), has no kernel for
    ``int8``/``int16`` or unsigned integers (made as ``int64`` and cast here)
    and computes a float range's length in its own precision (here it is
    ``ceil((stop - start) / step)`` as the standard says, the values computed in
    ``float64``).
    """
    if stop is None:
        start, stop = 0, start
    python_ints = all(type(v) is int for v in (start, stop, step))
    if dtype is None:
        dtype = DEFAULT_INT if python_ints else DEFAULT_FLOAT
    with placed(device):
        if python_ints and dtype in INTEGRAL:
            n = max(-((start - stop) // step), 0)  # ceil, exactly (tf.range raises when 0)
            out = start + step * tf.range(n, dtype=tf.int64)
        else:
            n = max(math.ceil((stop - start) / step), 0)
            out = _f64(start) + _f64(step) * tf.range(n, dtype=tf.float64)
        return cast(out, dtype)



def empty(shape: int | tuple[int, ...], *, dtype: DType | None = None,
          device: Device | None = None) -> Array:
    """A tensor of ``shape`` (TensorFlow has no uninitialised tensors: zeros).

    Deviations fixed: ``tf.zeros`` has no ``device``; the default dtype is the
    namespace's (``float32``); a negative size raises ``ValueError``.
    """
    check_shape(shape, "empty()")
    return zeros(shape, dtype=dtype, device=device)


def zeros(shape: int | tuple[int, ...], *, dtype: DType | None = None,
          device: Device | None = None) -> Array:
    """A tensor of zeros of ``shape``.

    Deviations fixed: ``tf.zeros`` has no ``device``, and raises
    ``InvalidArgumentError`` for a negative size (here ``ValueError``, as NumPy).
    """
    check_shape(shape, "zeros()")
    with placed(device):
        return tf.zeros(_shape(shape), dtype=dtype or DEFAULT_FLOAT)


def ones(shape: int | tuple[int, ...], *, dtype: DType | None = None,
         device: Device | None = None) -> Array:
    """A tensor of ones of ``shape``.

    Deviations fixed: ``tf.ones`` has no ``device``, and raises
    ``InvalidArgumentError`` for a negative size (here ``ValueError``, as NumPy).
    """
    check_shape(shape, "ones()")
    with placed(device):
        return tf.ones(_shape(shape), dtype=dtype or DEFAULT_FLOAT)


def _like(device: Device | None) -> Any:
    """The placement of a ``*_like`` result: ``device``, else ``x``'s (where
    TensorFlow puts an op on a tensor)."""
    return placed(device) if device is not None else contextlib.nullcontext()


def empty_like(x: Array, /, *, dtype: DType | None = None,
               device: Device | None = None) -> Array:
    """A tensor shaped like ``x`` (zeros: TensorFlow has no uninitialised tensors).

    Deviation fixed: ``tf.zeros_like`` has no ``device``.
    """
    return zeros_like(x, dtype=dtype, device=device)


def zeros_like(x: Array, /, *, dtype: DType | None = None,
               device: Device | None = None) -> Array:
    """A tensor of zeros shaped like ``x``, of ``x``'s dtype unless ``dtype``.

    Deviation fixed: ``tf.zeros_like`` has no ``device``.
    """
    with _like(device):
        return tf.zeros_like(x, dtype=dtype)


def ones_like(x: Array, /, *, dtype: DType | None = None,
              device: Device | None = None) -> Array:
    """A tensor of ones shaped like ``x``, of ``x``'s dtype unless ``dtype``.

    Deviation fixed: ``tf.ones_like`` has no ``device``.
    """
    with _like(device):
        return tf.ones_like(x, dtype=dtype)


def _fill_value(value: Any, dtype: DType) -> Array:
    if isinstance(value, _TENSORS):
        return cast(value, dtype)
    try:
        return scalar_tensor(value, dtype)
    except (TypeError, ValueError):  # e.g. 1 into bool: converted as NumPy would
        return tf.cast(tf.constant(value), dtype)


def full(shape: int | tuple[int, ...], fill_value: complex, *, dtype: DType | None = None,
         device: Device | None = None) -> Array:
    """A tensor of ``shape`` filled with ``fill_value``.

    Deviations fixed: TensorFlow's ``tf.fill`` calls the shape ``dims``, has no
    ``dtype`` or ``device``, and gives Python ints ``int32`` and complex numbers
    ``complex128`` (the namespace's defaults: ``int64``, ``complex64``); a
    negative size raises ``ValueError`` (TensorFlow: ``InvalidArgumentError``).
    """
    check_shape(shape, "full()")
    dtype = dtype or _scalar_dtype(fill_value)
    with placed(device):
        return tf.fill(_shape(shape), _fill_value(fill_value, dtype))


def full_like(x: Array, /, fill_value: complex, *, dtype: DType | None = None,
              device: Device | None = None) -> Array:
    """A tensor shaped like ``x`` filled with ``fill_value``, of ``x``'s dtype
    unless ``dtype``.

    Deviation fixed: TensorFlow has no ``full_like``.
    """
    dtype = dtype or x.dtype
    with _like(device):
        return tf.fill(tf.shape(x), _fill_value(fill_value, dtype))


def eye(n_rows: int, n_cols: int | None = None, /, *, k: int = 0,
        dtype: DType | None = None, device: Device | None = None) -> Array:
    """A 2-D tensor with ones on the ``k``-th diagonal and zeros elsewhere.

    Deviations fixed: ``tf.eye`` has no ``k`` or ``device``. A ``k`` beyond
    the matrix (all zeros) is clamped to its edge first, so that a Python int
    beyond int64 does not reach TensorFlow (which refuses it). A negative
    ``n_rows`` or ``n_cols`` raises ``ValueError``, as in NumPy (TensorFlow's
    ``tf.range`` error would not name it).
    """
    check_sizes("eye()", n_rows=n_rows, n_cols=n_cols)
    n_cols = n_rows if n_cols is None else n_cols
    if isinstance(k, int) and isinstance(n_rows, int) and isinstance(n_cols, int):
        k = min(max(k, -n_rows), n_cols)
    with placed(device):
        rows = tf.range(n_rows, dtype=tf.int64)[:, None]
        cols = tf.range(n_cols, dtype=tf.int64)[None, :]
        return tf.cast(tf.equal(cols - rows, k), dtype or DEFAULT_FLOAT)


def linspace(start: complex, stop: complex, /, num: int, *, dtype: DType | None = None,
             device: Device | None = None, endpoint: bool = True) -> Array:
    """``num`` evenly spaced values from ``start`` to ``stop`` (excluded when
    ``endpoint`` is false).

    Deviations fixed: ``tf.linspace`` has no ``endpoint``, ``dtype`` or
    ``device``, rejects complex bounds and gives Python ints ``float64``; here
    the values are computed in double precision and cast to ``dtype``
    (default ``float32``, or ``complex64`` for complex bounds). A negative
    ``num`` raises ``ValueError``, as in NumPy.
    """
    check_sizes("linspace()", num=num)
    is_complex = isinstance(start, complex) or isinstance(stop, complex)
    if dtype is None:
        dtype = DEFAULT_COMPLEX if is_complex else DEFAULT_FLOAT
    with placed(device):
        if dtype in COMPLEX or is_complex:
            real = _linspace(complex(start).real, complex(stop).real, num, endpoint)
            imag = _linspace(complex(start).imag, complex(stop).imag, num, endpoint)
            return cast(tf.complex(real, imag), dtype)
        return cast(_linspace(float(start.real), float(stop.real), num, endpoint), dtype)


def _f64(value: float) -> Array:
    # Through NumPy: TensorFlow's cache of converted Python scalars does not
    # tell -0.0 from 0.0.
    return tf.constant(np.float64(value))


def _linspace(start: float, stop: float, num: int, endpoint: bool) -> Array:
    div = (num - 1) if endpoint else num
    step = (stop - start) / div if div > 0 else 0.0
    out = _f64(start) + _f64(step) * tf.range(num, dtype=tf.float64)
    if endpoint and num > 1:
        out = tf.concat([out[:-1], tf.reshape(_f64(stop), [1])], axis=0)
    return out


def meshgrid(*arrays: Array, indexing: Literal["xy", "ij"] = "xy") -> tuple[Array, ...]:
    """Coordinate matrices from coordinate vectors.

    Deviations fixed: ``tf.meshgrid`` returns a list (2025.12: a tuple), needs
    one dtype (here the standard's promotion applies) and multiplies by ones,
    which turns complex infinities into NaN; here the vectors are broadcast.
    """
    if indexing not in ("xy", "ij"):
        raise ValueError(f"meshgrid(): indexing must be 'xy' or 'ij', got {indexing!r}")
    if not arrays:
        return ()
    tensors = [tf.reshape(a, [-1]) for a in promote_all(arrays)]
    lengths = [dims(a)[0] for a in tensors]
    axes = list(range(len(tensors)))
    if indexing == "xy" and len(tensors) > 1:
        axes[0], axes[1] = 1, 0
        lengths[0], lengths[1] = lengths[1], lengths[0]
    out = []
    for a, axis in zip(tensors, axes, strict=True):
        shape = [1] * len(tensors)
        shape[axis] = -1
        out.append(tf.broadcast_to(tf.reshape(a, shape), lengths))
    return tuple(out)


def _triangle(x: Array, k: int, lower: bool) -> Array:
    if rank(x) < 2:
        raise ValueError(f"{'tril' if lower else 'triu'}() needs an array with at least 2 "
                         f"dimensions, got {rank(x)}")
    n_rows, n_cols = dims(x)[-2:]
    rows = tf.range(n_rows, dtype=tf.int64)[:, None]
    cols = tf.range(n_cols, dtype=tf.int64)[None, :]
    keep = (cols - rows <= k) if lower else (cols - rows >= k)
    return tf.where(keep, x, tf.zeros_like(x))


def tril(x: Array, /, *, k: int = 0) -> Array:
    """The lower triangle of (each matrix of) ``x``, from the ``k``-th diagonal.

    Deviation fixed: TensorFlow's ``tf.linalg.band_part`` cannot start below
    the diagonal; this masks by the diagonal index.
    """
    return _triangle(x, k, lower=True)


def triu(x: Array, /, *, k: int = 0) -> Array:
    """The upper triangle of (each matrix of) ``x``, from the ``k``-th diagonal.

    Deviation fixed: as for :func:`tril`.
    """
    return _triangle(x, k, lower=False)

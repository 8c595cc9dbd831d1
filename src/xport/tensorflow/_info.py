"""``__array_namespace_info__`` for TensorFlow, the dtype tables the wrappers
read, and the namespace's notion of a device.

Every dtype of the standard is a ``tf.DType`` (``tf.float32``, ...), and every
one has CPU kernels for the standard's core operations (where TensorFlow lacks
one, the wrapper computes through another dtype and says so).

**Devices** are strings, exactly as TensorFlow reports them on eager tensors
(``x.device``): fully qualified names such as
``'/job:localhost/replica:0/task:0/device:CPU:0'``. ``devices()`` lists one per
logical device (``tf.config.list_logical_devices()``), so ``x.device in
info.devices()`` holds for eager tensors. ``device=`` arguments take such a
string or anything ``tf.device()`` accepts (``'CPU:0'``, ``'/device:GPU:1'``,
a ``tf.DeviceSpec``, a ``LogicalDevice``); ``None`` and ``''`` (what a symbolic
tensor inside ``tf.function`` reports) mean "no placement". Listing the devices
initialises TensorFlow's runtime, so it is done on first use, not at import.
"""

from __future__ import annotations

import functools
from typing import Any

import tensorflow as tf

from .._common.dtype_names import make_dtype_named
from .._common.info import BackendInfo, make_info_class
from .._spec.dtypes import DTYPE_NAMES

DTYPES: dict[str, tf.DType] = {name: getattr(tf, name) for name in DTYPE_NAMES}
# The dtype of a standard name, for wrappers handed a name: dtype_named(name, 'f()').
dtype_named = make_dtype_named(DTYPES)
NAMES: dict[tf.DType, str] = {dtype: name for name, dtype in DTYPES.items()}

DEFAULT_FLOAT = tf.float32
DEFAULT_COMPLEX = tf.complex64
DEFAULT_INT = tf.int64
INDEX = tf.int64


def dtype_name(dtype_or_array: Any) -> str | None:
    """The standard name of a ``tf.DType`` (or of a tensor's dtype), or None."""
    dtype = getattr(dtype_or_array, "dtype", dtype_or_array)
    return NAMES.get(dtype) if isinstance(dtype, tf.DType) else None


@functools.cache
def devices() -> tuple[str, ...]:
    """Every logical device, named as eager tensors placed on it report it."""
    found = []
    with tf.init_scope():  # eager even inside tf.function
        for logical in tf.config.list_logical_devices():
            with tf.device(logical.name):
                found.append(tf.zeros(()).device)
    return tuple(dict.fromkeys(found))


def default_device() -> str:
    """The device TensorFlow places a new tensor on outside any ``tf.device``
    scope (the first GPU where there is one, else the CPU)."""
    with tf.init_scope():
        return str(tf.zeros(()).device)


def device_string(device: Any) -> str | None:
    """``device`` as a string for ``tf.device()``, or None for no placement;
    ``ValueError`` for something that names no device of this process."""
    if device is None:
        return None
    if isinstance(device, tf.DeviceSpec):
        device = device.to_string()
    elif not isinstance(device, str):
        name = getattr(device, "name", None)  # tf.config.LogicalDevice
        if not isinstance(name, str):
            raise ValueError(f"{device!r} is not a TensorFlow device; pass a device string "
                             "such as 'CPU:0' or one of __array_namespace_info__().devices()")
        device = name
    if device == "":
        return None
    try:
        wanted = tf.DeviceSpec.from_string(device)
    except (ValueError, TypeError) as exc:
        raise ValueError(f"{device!r} is not a TensorFlow device string: {exc}") from None
    for known in devices():
        spec = tf.DeviceSpec.from_string(known)
        if (wanted.device_type is None or wanted.device_type.upper() == spec.device_type) and (
                wanted.device_index is None or wanted.device_index == spec.device_index) and (
                wanted.job is None or wanted.job == spec.job):
            return str(device)
    raise ValueError(f"device {device!r} is not one of this process's devices "
                     f"{devices()}; TensorFlow would silently place the tensor elsewhere")


def check_device(device: Any) -> None:
    """``ValueError`` unless ``device`` is None or names a device (see
    :func:`device_string`)."""
    device_string(device)


def _default_dtypes(device: Any) -> dict[str, tf.DType]:
    return {
        "real floating": DEFAULT_FLOAT,
        "complex floating": DEFAULT_COMPLEX,
        "integral": DEFAULT_INT,
        "indexing": INDEX,
    }


INFO = BackendInfo(
    dtypes=DTYPES,
    default_dtypes=_default_dtypes,
    devices=devices,
    default_device=default_device,
    capabilities={
        "boolean indexing": True,
        "data-dependent shapes": True,
        "max dimensions": 8,
    },
    check_device=check_device,
)

__array_namespace_info__ = make_info_class(INFO, "TensorFlow")

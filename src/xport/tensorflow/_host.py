"""Eager tensors on the CPU, whose values NumPy reads where they lie.

A few TensorFlow kernels refuse what the standard accepts: ``tf.gather``
negative indices, ``tf.math.unsorted_segment_*`` ids past the last segment (on
the CPU). Fixing the operands with kernels costs a comparison and a select on
every call, each a full eager dispatch; an eager tensor on the CPU holds its
values in host memory, where NumPy finds their minimum or maximum in a pass,
so the fix runs only where it is needed. Symbolic tensors (inside
``tf.function``) and tensors on other devices are never read: that would be a
transfer, and a wait, that the native call does not make.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np


def _eager_tensor_type() -> type | None:
    # TensorFlow's eager tensor class has no public name; making a tensor to ask
    # would start TensorFlow's runtime at import.
    from tensorflow.python.framework import ops

    found = getattr(ops, "EagerTensor", None)
    return found if isinstance(found, type) else None


EAGER_TENSOR: Final[Any] = _eager_tensor_type()


def on_host(x: Any) -> bool:
    """Whether ``x`` is an eager tensor on the CPU (e.g. ``.../device:CPU:0``)."""
    return type(x) is EAGER_TENSOR and ":CPU:" in x.device


def host_values(x: Any) -> np.ndarray[Any, Any] | None:
    """The values of ``x`` as a NumPy array sharing its memory, where ``x`` is
    an eager tensor on the CPU; else ``None``."""
    return np.asarray(x) if on_host(x) else None

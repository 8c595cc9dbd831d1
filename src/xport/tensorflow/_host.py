"""Fixing index operands only where they need it.

A few TensorFlow kernels refuse what the standard accepts: ``tf.gather``
negative indices, ``tf.math.unsorted_segment_*`` ids past the last segment (on
the CPU). Fixing the operands with kernels costs a comparison and a select
(and an add) on every call: each a full eager dispatch, and inside
``tf.function`` a pass over the indices each. :func:`fixed_where_needed` runs
the fix only where the operand needs it, as cheaply as it can learn that:

* an eager tensor on the CPU holds its values in host memory, where NumPy
  finds their minimum or maximum in a pass;
* a graph for the CPU alone (no accelerator in the process, no XLA) asks one
  reduction and branches (``tf.cond``) around the fix;
* elsewhere the fix always runs: a device's branch would wait for the
  device, which the native call does not, and XLA fuses the fix into the
  kernel that reads it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Final

import numpy as np
import tensorflow as tf
from tensorflow.python.framework import ops
from tensorflow.python.ops import control_flow_util


def _eager_tensor_type() -> type | None:
    # TensorFlow's eager tensor class has no public name; making a tensor to ask
    # would start TensorFlow's runtime at import.
    found = getattr(ops, "EagerTensor", None)
    return found if isinstance(found, type) else None


EAGER_TENSOR: Final[Any] = _eager_tensor_type()


@functools.cache
def _accelerated() -> bool:
    """Whether this process has a device other than the CPU (its devices are
    fixed once TensorFlow's runtime has started, as it has while tracing)."""
    return any(device.device_type != "CPU" for device in tf.config.list_logical_devices())


def fixed_where_needed(x: Any, needs_on_host: Callable[[np.ndarray[Any, Any]], bool],
                       needs: Callable[[], Any], fix: Callable[[], Any]) -> Any:
    """``fix()`` where the tensor ``x`` needs fixing, else ``x``: asked of its
    values with ``needs_on_host`` (eager on the CPU), of a boolean scalar
    tensor ``needs()`` (traced for the CPU alone), else not asked."""
    if type(x) is EAGER_TENSOR:
        if ":CPU:" in x.device:
            return fix() if needs_on_host(np.asarray(x)) else x
        return fix()
    if tf.executing_eagerly() or _accelerated() \
            or control_flow_util.GraphOrParentsInXlaContext(ops.get_default_graph()):
        return fix()
    return tf.cond(needs(), fix, lambda: x)

"""The Array API namespace for TensorFlow tensors (the standard's 2025.12 version).

Tensors stay ``tf.Tensor`` (eager or symbolic) or ``tf.Variable``; dtypes are
``tf.DType`` objects (``tf.float32``, ..., every integer width including
``uint16``/``uint32``/``uint64``, ``complex64``/``complex128``, ``bool``).
Every standard name is TensorFlow's own function where TensorFlow conforms
(the elementwise functions of ``tf.math`` with floating-point kernels,
``tf.broadcast_to``, ``tf.linalg.matrix_transpose``, ...); the others are thin
wrappers over ``tf``, ``tf.math``, ``tf.linalg`` and ``tf.signal`` (see
``_PROVENANCE`` or ``python -m xport``). Importing this module changes nothing
in TensorFlow (no NumPy behaviour is enabled) and runs no TensorFlow op.

Everything works eagerly and inside ``tf.function``. There a tensor is
symbolic and its ``.shape`` is a ``tf.TensorShape`` whose unknown dimensions
are ``None`` (``tuple(x.shape)`` gives e.g. ``(None, 3)``); functions need the
rank (the number of dimensions) to be known, not the dimensions, and results
whose size depends on the data (``unique_*``, ``nonzero``, boolean masks) have
``None`` dimensions. Wrappers branch on dtypes, ranks and Python arguments only,
never on tensor values.

Defaults: ``float32`` for Python floats and new floating arrays, ``complex64``,
``int64`` for Python ints (TensorFlow's own ``tf.constant`` gives ``int32``) and
for indices. Devices are the strings eager tensors report (``x.device``), see
``__array_namespace_info__().devices()``; ``device=`` takes those or anything
``tf.device()`` accepts.

``copy=``: TensorFlow tensors are immutable, so ``copy=False`` is free for a
tensor; ``copy=True`` gives a tensor with its own buffer (``DeepCopy``, which
matters only when a buffer is shared through DLPack). ``asarray(v, copy=False)``
of a ``tf.Variable`` returns the variable itself; ``copy=None`` reads it.

Where TensorFlow differs from the standard in ways no function can fix:

* **Operators on ``tf.Tensor``** keep TensorFlow's semantics: they promote
  nothing (``int8_tensor + int16_tensor`` and ``float32_tensor + 1j`` raise),
  ``x / y`` of integers is a float, ``x << y`` is unsupported, and ``x[idx]``
  takes no integer-array index. Use the namespace's functions (``add``,
  ``divide``, ``bitwise_left_shift``, ``take``) for the standard's semantics.
* **No in-place updates**: tensors have no ``__setitem__`` and ``x += 1``
  rebinds ``x``. Use ``xport.at(x, idx).set(v)`` (functional) or
  ``tf.Variable.assign``.
* **Missing array attributes**: tensors have no ``__array_namespace__``,
  ``size``, ``T``, ``mT`` or ``to_device`` (use ``xport.namespace_of``,
  ``xport.tensorflow.matrix_transpose``, ...), and ``tf.Variable`` has no
  ``ndim``.
* **Kernels TensorFlow lacks** are emulated in the wrappers (computed through
  another dtype, e.g. unsigned ``pow`` in ``int64``, ``int8`` ``matmul`` in
  ``int32``); each wrapper's docstring says so.
* At most 8 dimensions for slicing with steps, ``flip`` and a few other ops
  (TensorFlow's kernels); elementwise functions and reductions take more.
"""

from __future__ import annotations

import tensorflow as _tf

from .._common.constants import e as e
from .._common.constants import inf as inf
from .._common.constants import nan as nan
from .._common.constants import newaxis as newaxis
from .._common.constants import pi as pi
from .._common.namespace import populate_main as _populate_main
from .._common.namespace import reach_native as _reach_native
from .._spec import names as _names
from . import _wrappers
from ._info import DTYPES as _DTYPES
from ._info import __array_namespace_info__ as __array_namespace_info__

__array_api_version__ = _names.LATEST_VERSION

# Conforming TensorFlow functions outside tf.math go in ``elsewhere``.
_PROVENANCE = _populate_main(globals(), _tf.math, wrappers=_wrappers.MAIN, dtypes=_DTYPES,
                             elsewhere={"broadcast_to": _tf.broadcast_to,
                                        "matrix_transpose": _tf.linalg.matrix_transpose})

from . import fft as fft  # noqa: E402
from . import linalg as linalg  # noqa: E402
from ._backend import BACKEND as _BACKEND  # noqa: E402

__all__ = sorted(_names.main_names(__array_api_version__))


def __dir__() -> list[str]:
    return __all__


# Names beyond the standard resolve to the library's own (tensorflow, then
# tensorflow.experimental.numpy).
_reach_native(globals(), _tf, _tf.experimental.numpy)

# What the extensions ask of this backend (see _common/backend.py).
__xport_backend__ = _BACKEND

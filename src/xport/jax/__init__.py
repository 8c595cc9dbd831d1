"""The Array API namespace for JAX arrays (the standard's 2025.12 version).

Every standard name is ``jax.numpy``'s own function wherever it conforms; the
ones that deviate are thin wrappers (see ``_PROVENANCE`` or ``python -m
xport``). Arrays stay ``jax.Array``, and every function works on tracers, so
code written against this namespace runs under ``jax.jit``, ``jax.grad``,
``jax.vmap`` and ``shard_map``. For real and integer arrays the wrappers add
no operation (one exception: ``sign`` of real floating-point input takes a
``where`` that makes ``sign(-0.0)`` the standard's ``+0``): the program traces
to the same jaxpr as the ``jax.numpy`` code it replaces. Complex inputs of the
elementary functions (``exp``, ``sqrt``, ``sin``, ...) take a few extra
elementwise operations that restore the standard's symmetries and special
cases, which XLA's complex kernels break.

Supported: JAX 0.9 and newer (CI runs the newest release and 0.9).

Where JAX differs from the standard in ways no function can fix:

* **No in-place updates.** JAX arrays are immutable: ``x[i] = v`` and the
  in-place operators (``x += 1``) raise or rebind instead of writing into
  ``x``. Use ``xport.at(x, i).set(v)`` (the functional-update
  extension, which works on every backend) or JAX's own ``x.at[i].set(v)``.
* **64-bit dtypes need ``jax_enable_x64``.** With it off (JAX's default) there
  are no ``int64``, ``uint64``, ``float64`` or ``complex128`` arrays: the names
  exist here (they are NumPy dtypes, like every dtype of this namespace, so they
  compare and hash like ``x.dtype``), but JAX makes 32-bit arrays from them.
  ``__array_namespace_info__().dtypes()`` lists only what JAX can make at the
  time of the call, and the default dtypes are then ``float32``/``int32``.
* **Data-dependent output shapes** (``unique_*``, ``nonzero``, ``repeat`` with
  array repeats, boolean-mask indexing) need concrete arrays, outside
  ``jax.jit``/``jax.vmap``; under a transformation they raise
  ``DataDependentShapeError`` (a ``jax.errors.ConcretizationTypeError``).
* **Operators are ``jax.Array``'s own.** ``x // y`` and ``x % y`` keep JAX's
  signs of zero results (the functions ``floor_divide`` and ``remainder`` here
  follow the standard), and ``x.__dlpack__`` rejects ``max_version`` below
  (0, 5).
* ``floor_divide`` with an infinite operand follows Python (NaN, or -1.0 for a
  finite number over an infinity of the other sign), which the standard allows.
  Before JAX 0.10 ``jax.numpy.floor_divide`` gave NaN for a zero divisor; there
  the wrapper returns the standard's ``+-inf`` (one more ``where``).
* **``linalg.eig``/``eigvals`` run on CPU only** (a JAX limitation).
* ``__array_namespace_info__().devices()`` lists ``jax.Device`` objects;
  ``device=`` arguments take a ``jax.Device`` (or a ``jax.sharding.Sharding``
  where ``jax.numpy`` accepts one).
"""

from __future__ import annotations

import jax.numpy as _jnp

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

_PROVENANCE = _populate_main(globals(), _jnp, wrappers=_wrappers.MAIN,
                             aliases=_wrappers.ALIASES, dtypes=_DTYPES)

from . import fft as fft  # noqa: E402
from . import linalg as linalg  # noqa: E402
from ._backend import BACKEND as _BACKEND  # noqa: E402

__all__ = sorted(_names.main_names(__array_api_version__))


def __dir__() -> list[str]:
    return __all__


# Names beyond the standard resolve to the library's own (jax.numpy).
_reach_native(globals(), _jnp)

# What the extensions ask of this backend (see _common/backend.py).
__xport_backend__ = _BACKEND

"""The Array API namespace for Dask arrays (the standard's 2025.12 version).

Write a function once against the standard and run it on a cluster::

    import xport

    def normalise(x):
        xp = xport.namespace_of(x)
        return (x - xp.mean(x, axis=0)) / xp.std(x, axis=0)

    normalise(numpy_array)              # NumPy, now
    normalise(dask_array).compute()     # Dask: lazily, chunk by chunk, on any scheduler

Every standard name is ``dask.array``'s own function wherever it conforms
(elementwise functions, reductions, most manipulation: they run NumPy per
chunk, so values, dtypes and promotion are NumPy's); the ones that deviate or
are missing are thin wrappers built from ``dask.array`` operations (see
``_PROVENANCE`` or ``python -m xport``). Arrays stay ``dask.array.Array``.

**Lazy all the way.** No function here computes, persists or otherwise looks
at data: each returns a lazy Dask array, and where ``dask.array``'s function
conforms the task graph is exactly the one ``dask.array`` builds. Functions
Dask lacks run NumPy per block in one graph layer; those that need a whole
axis in one block (``sort``, ``argsort``, ``take_along_axis``, the ``linalg``
decompositions on the matrix axes, the ``fft`` transforms on the transformed
axes) merge the chunks along those axes only, and the set functions
(``unique_*``) gather the flattened array into one block.

Where Dask differs from the standard in ways no function can fix:

* **Unknown sizes are NaN, not None.** The standard reports a
  data-dependent dimension (after ``unique_*``, ``nonzero``, ``repeat`` with
  array repeats, boolean-mask indexing) as ``None``; a Dask array's ``.shape``
  (its own attribute) reports ``math.nan`` there, and ``.size`` is NaN too.
  ``x.compute_chunk_sizes()`` makes them known (it computes).
* **No ``device``, ``mT``, ``to_device``, ``__dlpack__`` on the array object.**
  The namespace's only device is ``"cpu"``; the scheduler places chunks.
* **Immutable arrays, so ``copy=`` is moot.** ``x[idx] = v`` rebinds ``x`` to a
  new graph and leaves every other array alone, so a copy of a Dask array is a
  new array object on the same graph (no task is added), and ``copy=False``
  never needs a copy. ``xport.at(x, idx).add(v)`` returns a new lazy array on
  every backend; ``copy=False`` raises, as for JAX.
* **No automatic differentiation**: ``xport.autodiff`` raises ``TypeError``.
* **Operators are ``dask.array.Array``'s own** (they run NumPy's per block).
"""

from __future__ import annotations

import dask.array as _da

from .._common.constants import e as e
from .._common.constants import inf as inf
from .._common.constants import nan as nan
from .._common.constants import newaxis as newaxis
from .._common.constants import pi as pi
from .._common.namespace import populate_main as _populate_main
from .._common.namespace import reach_native as _reach_native
from .._common.numpylike.dtypes import scalar_types as _scalar_types
from .._spec import names as _names
from . import _wrappers
from ._info import DTYPES as _DTYPES
from ._info import __array_namespace_info__ as __array_namespace_info__

__array_api_version__ = _names.LATEST_VERSION

_PROVENANCE = _populate_main(globals(), _da, wrappers=_wrappers.MAIN,
                             aliases=_wrappers.ALIASES, dtypes=_scalar_types(_DTYPES))

from . import fft as fft  # noqa: E402
from . import linalg as linalg  # noqa: E402
from ._backend import BACKEND as _BACKEND  # noqa: E402

__all__ = sorted(_names.main_names(__array_api_version__))


def __dir__() -> list[str]:
    return __all__


# Names beyond the standard resolve to the library's own (dask.array).
_reach_native(globals(), _da)

# What the extensions ask of this backend (see _common/backend.py).
__xport_backend__ = _BACKEND

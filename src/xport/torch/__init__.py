"""The Array API namespace for PyTorch tensors (the standard's 2025.12 version).

Every standard name is PyTorch's own function wherever PyTorch conforms; the
ones that deviate are thin wrappers (see ``_PROVENANCE`` or ``python -m
xport``). Tensors stay ``torch.Tensor`` on their device, dtypes are
``torch.dtype`` objects, and every function traces under ``torch.compile``
(``fullgraph=True``), ``torch.func.vmap`` and ``torch.func.grad``: wrappers
branch on dtypes, shapes and Python scalars only, never on tensor values.

Where PyTorch differs from the standard in ways no function can fix:

* **Operators on ``torch.Tensor``** (``x // y``, ``x % y``, ``x + 1`` with a
  0-d tensor of a wider dtype, ...) keep PyTorch's semantics; use the
  namespace's functions (``floor_divide``, ``remainder``, ``add``) for the
  standard's. Tensors have no ``__array_namespace__`` or ``to_device``.
* **``uint16``, ``uint32``, ``uint64``** are exposed (they are PyTorch dtypes)
  but PyTorch implements almost no kernels for them; they are left out of
  ``__array_namespace_info__().dtypes()``. Sums and products of unsigned
  integers are ``uint64``, as the standard says, and can be cast and compared.
* **The default floating dtype** is PyTorch's (``torch.get_default_dtype()``,
  ``float32`` unless changed), so ``asarray(1.5)`` is ``float32``.
"""

from __future__ import annotations

import math as _math

import torch as _torch

from .._common.namespace import populate as _populate
from .._spec import names as _names
from . import _wrappers
from ._info import DTYPES as _DTYPES
from ._info import __array_namespace_info__ as __array_namespace_info__

__array_api_version__ = _names.LATEST_VERSION

_PROVENANCE = _populate(
    globals(),
    _torch,
    _names.MAIN_FUNCTION_NAMES[__array_api_version__] - {"__array_namespace_info__"},
    wrappers=_wrappers.MAIN,
    aliases=_wrappers.ALIASES,
)
_PROVENANCE["__array_namespace_info__"] = "wrapped"

globals().update(_DTYPES)
e = _math.e
pi = _math.pi
inf = _math.inf
nan = _math.nan
newaxis = None

from . import _autodiff as _autodiff  # noqa: E402 - extension hook, see xport.autodiff
from . import _scatter as _scatter  # noqa: E402 - extension hook, see xport.scatter
from . import fft as fft  # noqa: E402
from . import linalg as linalg  # noqa: E402

__all__ = sorted(_names.main_names(__array_api_version__))


def __dir__() -> list[str]:
    return __all__

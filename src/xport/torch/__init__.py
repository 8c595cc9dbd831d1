"""The Array API namespace for PyTorch tensors (the standard's 2025.12 version).

Every standard name is PyTorch's own function wherever PyTorch conforms; the
ones that deviate are thin wrappers (see ``_PROVENANCE`` or ``python -m
xport``). Tensors stay ``torch.Tensor`` on their device, dtypes are
``torch.dtype`` objects, and every function traces under ``torch.compile``
(``fullgraph=True``), ``torch.func.vmap`` and ``torch.func.grad``: wrappers
branch on dtypes, shapes and Python scalars only, never on tensor values.
Compiled code checks, before each call, every module global the trace read (a
table, a flag, a helper function): so wrappers ask a dtype its attributes
(``is_floating_point``), or compare it with the common dtype by identity,
before they look it up in a table, which the common traced call then never
reads.

Where PyTorch differs from the standard in ways no function can fix:

* **Operators on ``torch.Tensor``** (``x // y``, ``x % y``, ``x + 1`` with a
  0-d tensor of a wider dtype, ...) keep PyTorch's semantics; use the
  namespace's functions (``floor_divide``, ``remainder``, ``add``) for the
  standard's. Tensors have no ``__array_namespace__`` or ``to_device``.
* **``uint16``, ``uint32``, ``uint64``**: PyTorch has few kernels for them;
  the namespace's functions compute every one through ``int32``/``int64``
  with the standard's result (``_unsigned``), and
  ``__array_namespace_info__().dtypes()`` lists them. The tensor's own
  operators (``x + y``, ``x < y``) still raise ``NotImplementedError`` for
  them: use the namespace's functions.
* **The default floating dtype** is PyTorch's (``torch.get_default_dtype()``,
  ``float32`` unless changed), so ``asarray(1.5)`` is ``float32``.
"""

from __future__ import annotations

import torch as _torch

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

_PROVENANCE = _populate_main(globals(), _torch, wrappers=_wrappers.MAIN,
                             aliases=_wrappers.ALIASES, dtypes=_DTYPES)

from . import fft as fft  # noqa: E402
from . import linalg as linalg  # noqa: E402
from ._backend import BACKEND as _BACKEND  # noqa: E402

__all__ = sorted(_names.main_names(__array_api_version__))


def __dir__() -> list[str]:
    return __all__


# Names beyond the standard resolve to the library's own (torch).
_reach_native(globals(), _torch)

# What the extensions ask of this backend (see _common/backend.py).
__xport_backend__ = _BACKEND

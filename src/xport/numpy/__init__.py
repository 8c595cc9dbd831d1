"""The Array API namespace for NumPy arrays (the standard's 2025.12 version).

Every standard name is NumPy's own function wherever NumPy conforms; the few
that deviate are thin wrappers (see ``_PROVENANCE`` or ``python -m xport``).
Arrays stay ``numpy.ndarray``; 0-d results of reductions are NumPy scalars, as
NumPy itself returns them. Dtypes are NumPy's scalar types (``numpy.float64``),
as in NumPy's own namespace and array-api-compat: equal to ``x.dtype`` and
callable (``xp.float64(0)``), though hashed apart from it (key tables by
``xp.dtype(d)`` or by name).
"""

from __future__ import annotations

import numpy as _np

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

_PROVENANCE = _populate_main(globals(), _np, wrappers=_wrappers.MAIN,
                             aliases=_wrappers.ALIASES, dtypes=_scalar_types(_DTYPES))

from . import fft as fft  # noqa: E402
from . import linalg as linalg  # noqa: E402
from ._backend import BACKEND as _BACKEND  # noqa: E402

__all__ = sorted(_names.main_names(__array_api_version__))


def __dir__() -> list[str]:
    return __all__


# Names beyond the standard resolve to the library's own (numpy).
_reach_native(globals(), _np)

# What the extensions ask of this backend (see _common/backend.py).
__xport_backend__ = _BACKEND

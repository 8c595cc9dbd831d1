"""The Array API namespace for CuPy arrays (the standard's 2025.12 version).

Built like ``xport.numpy`` (CuPy follows NumPy): every standard name is CuPy's
own function wherever CuPy conforms, and the wrappers for its deviations are
mostly the ones ``xport.numpy`` uses too, made for CuPy by the factories of
``_common/numpylike`` (see ``_wrappers``). Arrays
stay ``cupy.ndarray`` on their GPU; devices are ``cupy.cuda.Device`` objects.
Importing it needs CuPy, not a GPU.
"""

from __future__ import annotations

import cupy as _cp

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

_PROVENANCE = _populate_main(globals(), _cp, wrappers=_wrappers.MAIN,
                             aliases=_wrappers.ALIASES, dtypes=_scalar_types(_DTYPES))

from . import fft as fft  # noqa: E402
from . import linalg as linalg  # noqa: E402
from ._backend import BACKEND as _BACKEND  # noqa: E402

__all__ = sorted(_names.main_names(__array_api_version__))


def __dir__() -> list[str]:
    return __all__


# Names beyond the standard resolve to the library's own (cupy).
_reach_native(globals(), _cp)

# What the extensions ask of this backend (see _common/backend.py).
__xport_backend__ = _BACKEND

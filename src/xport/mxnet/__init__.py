"""The Array API namespace for MXNet's NumPy arrays (``mxnet.numpy.ndarray``,
the standard's 2025.12 version).

Built like the other backends: every standard name is ``mxnet.numpy``'s own
function where it conforms, else a thin wrapper (``_wrappers``) over the shared
mechanisms (the standard's promotion bound to MXNet's dtypes, operand rules,
axis-tuple reductions, named results). Arrays stay ``mxnet.numpy.ndarray`` on
their context (``mx.cpu()``, ``mx.gpu(i)``: the standard's devices). MXNet has
no complex dtypes, no int16/uint16/uint32/uint64 and no ``fft`` in
``mxnet.numpy``; ``__array_namespace_info__`` lists what it has. Legacy
``mx.nd.NDArray`` arrays are refused by dispatch with the conversion to use
(``x.as_np_ndarray()``); the standard's dtypes MXNet lacks are not attributes
here (``hasattr(xport.mxnet, "int16")`` is False, though ``mxnet.numpy`` re-exports
NumPy's).

MXNet's default engine runs operators asynchronously and reports an operator's
failure at the next read of any array, often in a later statement;
``MXNET_ENGINE_TYPE=NaiveEngine`` (MXNet's synchronous engine, which xport's
tests and conformance runs use) raises it at the call. Host reads: ``repeat``
with an array of counts, ``xport.at`` (its index arrays), ``xport.random`` (the
key; MXNet has no uint32, so draws are computed on the host).
"""

from __future__ import annotations

import mxnet as _mx

from .._common.constants import e as e
from .._common.constants import inf as inf
from .._common.constants import nan as nan
from .._common.constants import newaxis as newaxis
from .._common.constants import pi as pi
from .._common.namespace import populate_main as _populate_main
from .._common.namespace import reach_native as _reach_native
from .._spec import names as _names
from .._spec.dtypes import DTYPE_NAMES as _DTYPE_NAMES
from . import _wrappers
from ._info import DTYPES as _DTYPES
from ._info import __array_namespace_info__ as __array_namespace_info__

__array_api_version__ = _names.LATEST_VERSION

_PROVENANCE = _populate_main(globals(), _mx.np, wrappers=_wrappers.MAIN,
                             aliases=_wrappers.ALIASES, dtypes=_DTYPES)

from . import linalg as linalg  # noqa: E402
from ._backend import BACKEND as _BACKEND  # noqa: E402

__all__ = sorted(name for name in _names.main_names(__array_api_version__)
                 if name in globals() and name != "fft")


def __dir__() -> list[str]:
    return __all__


# Names beyond the standard are the library's own (mxnet.numpy), except the
# standard's dtypes MXNet has no kernels for: mxnet.numpy re-exports NumPy's
# int16, uint16, uint32, uint64, complex64 and complex128, whose arrays MXNet
# cannot compute with, so here they are absent (hasattr is False). (This
# module keeps a __getattr__ for that message: an MXNet call costs far more
# than the slower attribute read it brings.)
_ABSENT_DTYPES = frozenset(_DTYPE_NAMES) - frozenset(_DTYPES)
_reach_native(globals(), _mx.np, omit=_ABSENT_DTYPES)


def __getattr__(name: str) -> object:
    if name in _ABSENT_DTYPES:
        raise AttributeError(f"module 'xport.mxnet' has no attribute {name!r}: MXNet has no "
                             f"{name} dtype (its dtypes: {', '.join(_DTYPES)})")
    raise AttributeError(f"module 'xport.mxnet' has no attribute {name!r}")

# What the extensions ask of this backend (see _common/backend.py).
__xport_backend__ = _BACKEND

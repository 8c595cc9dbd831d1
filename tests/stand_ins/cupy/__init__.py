"""NumPy standing in for CuPy, to test how ``xport.cupy`` is built without a GPU.

NumPy's functions under CuPy's name, with CuPy's signatures where they differ
from NumPy 2's and ``xport.cupy`` adapts to them (creation functions without
``device``, ``std``/``var`` without ``correction``, ``count_nonzero`` without
``keepdims``, sorts without ``kind``), and a ``cuda`` module with one device.
What CuPy computes differently on a GPU is not modelled: that waits for one.
"""

import inspect as _inspect

import numpy as _np
from numpy import *  # noqa: F403

from . import cuda as cuda

ndarray = _np.ndarray
__version__ = "14.0.0-stand-in"


def _without(native, *dropped):
    def cupy_like(*args, **kwargs):
        for name in dropped:
            if name in kwargs:
                raise TypeError(f"{native.__name__}() got an unexpected keyword argument "
                                f"{name!r} (as CuPy)")
        return native(*args, **kwargs)

    cupy_like.__name__ = native.__name__
    try:
        signature = _inspect.signature(native)
    except ValueError:  # NumPy 1.26's builtins have none
        return cupy_like
    cupy_like.__signature__ = signature.replace(parameters=[
        p for name, p in signature.parameters.items() if name not in (*dropped, "like")])
    return cupy_like


for _name in ("arange", "empty", "eye", "full", "linspace", "ones", "zeros", "empty_like",
              "full_like", "ones_like", "zeros_like"):
    globals()[_name] = _without(getattr(_np, _name), "device")


def std(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False):
    return _np.std(a, axis=axis, dtype=dtype, out=out, ddof=ddof, keepdims=keepdims)


def var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False):
    return _np.var(a, axis=axis, dtype=dtype, out=out, ddof=ddof, keepdims=keepdims)


def count_nonzero(a, axis=None):
    return _np.asarray(_np.count_nonzero(a, axis=axis))


def sort(a, axis=-1, kind=None):
    return _np.sort(a, axis=axis, kind="stable")


def argsort(a, axis=-1, kind=None):
    return _np.argsort(a, axis=axis, kind="stable")

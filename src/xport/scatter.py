"""Functional index updates, ``xport.at(x, idx).add(v)``, on every backend.

The standard has no way to update an array without ``__setitem__``, which JAX
and TensorFlow arrays do not have. :class:`at` gives one spelling everywhere:

>>> import numpy as np, xport
>>> x = np.zeros(4)
>>> xport.at(x, np.asarray([0, 0, 2])).add(1.0)
array([2., 0., 1., 0.])
>>> x  # untouched
array([0., 0., 0., 0.])

Semantics, identical on every backend:

* ``idx`` is anything NumPy accepts: an int, a slice, ``...``, ``None``, an
  integer array, a boolean mask, or a tuple of these (arrays of ``x``'s
  library). ``at(x)[idx]`` is the same as ``at(x, idx)``.
* ``values`` broadcast to ``x[idx]``. They must not change ``x``'s dtype: a
  value array or Python scalar whose promotion with ``x`` (by the standard's
  table) is not ``x.dtype`` raises ``TypeError``, so an ``int32`` array never
  silently becomes ``float64``. ``divide`` needs a floating ``x``.
* Duplicate indices: ``add``, ``subtract``, ``multiply``, ``divide``, ``power``,
  ``min`` and ``max`` apply every occurrence, in order (as ``numpy.add.at``).
  ``set`` with duplicates keeps one of the values: the last on NumPy and on
  CPUs; which one on accelerators is up to the library.
* ``x`` is never modified unless ``copy=False`` is passed, which asks for an
  in-place update on mutable backends (NumPy, PyTorch) and raises
  ``ValueError`` on immutable ones (JAX, TensorFlow). ``copy=True`` and the
  default ``copy=None`` return a new array.
* Each backend takes its fastest native route (NumPy ``ufunc.at`` and fancy
  assignment, PyTorch ``index_add_`` / ``scatter_reduce_``, JAX ``.at[]``,
  TensorFlow ``tensor_scatter_nd_*``), differentiable and traceable where the
  library is.

``segment_sum``, ``segment_min`` and ``segment_max`` reduce the rows of
``data`` into ``num_segments`` buckets given by ``segment_ids``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ._common.backend import ScatterHook
from ._dispatch import namespace_of
from ._hooks import hook as find_hook
from ._registry import torch_compiling
from ._typing import Array

__all__ = ["at", "segment_max", "segment_min", "segment_sum"]

OPERATIONS: Final = ("set", "add", "subtract", "multiply", "divide", "power", "min", "max")
_PYTHON_SCALARS: Final = (bool, int, float, complex)


# Who supports xport.at and the segment reductions, for hook()'s TypeError.
_SUPPORTED: Final = ("the xport namespaces of NumPy, PyTorch, JAX, TensorFlow, Dask, CuPy and "
                     "MXNet")


def _check_values(xp: Any, x: Any, values: Any, op: str) -> None:
    """Raise ``TypeError`` when ``values`` would change ``x``'s dtype."""
    # The attribute in a try block, not getattr with a default or hasattr:
    # Dynamo before torch 2.5 traces neither on a tensor.
    other: Any = None
    if isinstance(values, _PYTHON_SCALARS):
        other = values
    else:
        try:
            other = values.dtype
        except AttributeError:
            pass
    if other is None:
        raise TypeError(f"at(x, idx).{op}() takes an array or a Python scalar; got "
                        f"{type(values).__name__}. Convert it with asarray() first.")
    if other is not x.dtype and not _keeps_dtype(xp, x.dtype, other):
        shown = type(values).__name__ if isinstance(values, _PYTHON_SCALARS) else values.dtype
        raise TypeError(f"at(x, idx).{op}(): values of type {shown} would not keep x's dtype "
                        f"{x.dtype}; cast them first, e.g. astype(values, x.dtype)")
    if op == "divide" and not xp.isdtype(x.dtype, ("real floating", "complex floating")):
        raise TypeError(f"at(x, idx).divide() needs a floating-point x; x has dtype {x.dtype}")


def _keeps_dtype(xp: Any, dtype: Any, other: Any) -> bool:
    """Whether ``result_type(dtype, other)`` is ``dtype`` (``other`` a dtype or
    a Python scalar; the answer for a Python scalar type is remembered)."""
    if type(other) in _PYTHON_SCALARS:
        return _remembered(xp, (dtype, type(other).__name__), _promotes_to, xp, dtype, other)
    return _promotes_to(xp, dtype, other)


def _promotes_to(xp: Any, dtype: Any, other: Any) -> bool:
    try:
        return bool(xp.result_type(dtype, other) == dtype)
    except (TypeError, ValueError):
        return False


# Answers of a namespace's dtype functions that cost microseconds on some
# libraries (NumPy's isdtype: 3 us, as much as a small update), by namespace
# (so that the keys torch.compile meets hold PyTorch's dtypes alone: it cannot
# trace the hash of TensorFlow's), stored only eagerly (nothing is stored
# while torch.compile traces).
_ANSWERS: dict[str, dict[Any, bool]] = {}


def _remembered(xp: Any, key: Any, answer: Callable[..., bool], *args: Any) -> bool:
    """``answer(*args)``, remembered for namespace ``xp`` under ``key``."""
    name = xp.__name__
    if name in _ANSWERS and key in _ANSWERS[name]:
        return _ANSWERS[name][key]
    found = answer(*args)
    if not torch_compiling():
        _ANSWERS.setdefault(name, {})[key] = found
    return found


class at:  # noqa: N801 - spelled like a function, as in array-api-extra
    """Functional updates of ``x`` at ``idx``: ``at(x, idx).add(v)`` returns
    ``x`` with ``v`` added at ``idx`` (see the module docstring for the rules)."""

    __slots__ = ("_idx", "_x")

    # The index is kept as a tuple of none or one: a sentinel default (idx=None
    # is an index) is an object torch.compile before 2.5 cannot trace.
    def __init__(self, x: Array, /, *idx: Any) -> None:
        if len(idx) > 1:
            raise TypeError(f"at(x, idx) takes one index, got {len(idx)}; index several axes "
                            "with a tuple: at(x, (i, j))")
        self._x = x
        self._idx = idx

    def __getitem__(self, idx: Any) -> at:
        if self._idx:
            raise TypeError("at(x, idx)[...] indexes twice; use at(x, idx) or at(x)[idx]")
        return at(self._x, idx)

    def __repr__(self) -> str:
        shown = repr(self._idx[0]) if self._idx else "<no index>"
        return f"at({type(self._x).__name__}, {shown})"

    def _apply(self, op: str, values: Any, copy: bool | None) -> Any:
        if not self._idx:
            raise TypeError(f"at(x).{op}() needs an index: at(x, idx) or at(x)[idx]")
        xp = namespace_of(self._x)
        # First: it names the backends supported.
        hook: ScatterHook = find_hook(xp, "scatter", "xport.at", _SUPPORTED)
        _check_values(xp, self._x, values, op)
        if not isinstance(values, _PYTHON_SCALARS):
            namespace_of(self._x, values)  # values of another library: a clear TypeError
        if copy is False and not hook.MUTABLE:
            name = getattr(xp, "__name__", repr(xp))
            raise ValueError(f"at(x, idx).{op}(copy=False): {name} arrays are "
                             "immutable, so they cannot be updated in place; drop copy=False "
                             "and use the returned array")
        return hook.update(self._x, self._idx[0], op, values, copy is False)

    def set(self, values: Array | complex, /, *, copy: bool | None = None) -> Array:
        """``x`` with ``x[idx] = values``."""
        return self._apply("set", values, copy)

    def add(self, values: Array | complex, /, *, copy: bool | None = None) -> Array:
        """``x`` with ``values`` added at ``idx`` (every duplicate index counts)."""
        return self._apply("add", values, copy)

    def subtract(self, values: Array | complex, /, *, copy: bool | None = None) -> Array:
        """``x`` with ``values`` subtracted at ``idx`` (every duplicate counts)."""
        return self._apply("subtract", values, copy)

    def multiply(self, values: Array | complex, /, *, copy: bool | None = None) -> Array:
        """``x`` with ``x[idx]`` multiplied by ``values`` (every duplicate counts)."""
        return self._apply("multiply", values, copy)

    def divide(self, values: Array | complex, /, *, copy: bool | None = None) -> Array:
        """``x`` with ``x[idx]`` divided by ``values`` (floating ``x`` only).

        Every duplicate counts: NumPy and Dask divide by each in turn,
        JAX, PyTorch and TensorFlow by their product, so where that product
        over- or underflows the two can differ (4 / 2**-126 / 2 is inf in
        float32 one at a time, 1.7e38 by the product).
        """
        return self._apply("divide", values, copy)

    def power(self, values: Array | complex, /, *, copy: bool | None = None) -> Array:
        """``x`` with ``x[idx]`` raised to ``values`` (every duplicate counts)."""
        return self._apply("power", values, copy)

    def min(self, values: Array | complex, /, *, copy: bool | None = None) -> Array:
        """``x`` with ``x[idx]`` replaced by ``minimum(x[idx], values)``."""
        return self._apply("min", values, copy)

    def max(self, values: Array | complex, /, *, copy: bool | None = None) -> Array:
        """``x`` with ``x[idx]`` replaced by ``maximum(x[idx], values)``."""
        return self._apply("max", values, copy)

    def get(self) -> Array:
        """``x[idx]`` (may be a view of ``x`` on NumPy and PyTorch)."""
        if not self._idx:
            raise TypeError("at(x).get() needs an index: at(x, idx) or at(x)[idx]")
        return self._x[self._idx[0]]


# The segment reduction by the array type of data and ids (one type for both)
# and the ids' dtype: dispatch, the backend's hook and the check that the ids
# are integers, answered by one lookup per call. Stored only eagerly (as
# _ANSWERS). Data and ids of two types (another library's ids, a subclass
# beside its base class) take the long way through namespace_of every time.
_SEGMENTS: dict[type, dict[Any, Callable[..., Any]]] = {}
_NONE_YET: Final[dict[Any, Callable[..., Any]]] = {}


def _segment_hook(op: str, data: Any, segment_ids: Any) -> Callable[..., Any]:
    """The segment reduction of ``data``'s namespace for ``segment_ids``:
    ``TypeError`` where the backend has none or the ids are not integers."""
    xp = namespace_of(data, segment_ids)
    # The hook first: its error names the backends supported.
    segment: Callable[..., Any] = find_hook(xp, "scatter", "xport's segment reductions",
                                            _SUPPORTED).segment
    ids_dtype = segment_ids.dtype
    if not _remembered(xp, ids_dtype, xp.isdtype, ids_dtype, "integral"):
        raise TypeError(f"segment_{op}() needs integer segment_ids; got {ids_dtype}")
    cls = type(data)  # pyright: ignore[reportUnknownVariableType]
    if type(segment_ids) is cls and not torch_compiling():
        _SEGMENTS.setdefault(cls, {})[ids_dtype] = segment  # pyright: ignore[reportUnknownArgumentType]
    return segment


def _segment_reduction(op: str, doc: str) -> Callable[[Array, Array, int], Array]:
    """``segment_<op>``: the shared checks, then the backend's reduction."""
    def reduction(data: Array, segment_ids: Array, num_segments: int) -> Array:
        cls = type(data)  # pyright: ignore[reportUnknownVariableType]
        segment = (_SEGMENTS.get(cls, _NONE_YET).get(segment_ids.dtype)  # pyright: ignore[reportUnknownArgumentType]
                   if type(segment_ids) is cls else None)
        if segment is None:
            segment = _segment_hook(op, data, segment_ids)
        if segment_ids.ndim != 1 or (data.ndim == 0 or data.shape[0] != segment_ids.shape[0]):
            raise ValueError(f"segment_{op}(): segment_ids must be 1-D with one id per row "
                             f"of data; got shapes {tuple(segment_ids.shape)} and "
                             f"{tuple(data.shape)}")
        if not isinstance(num_segments, int) or num_segments < 0:  # pyright: ignore[reportUnnecessaryIsInstance]
            raise ValueError(f"segment_{op}(): num_segments must be a non-negative Python "
                             f"int; got {num_segments!r}")
        return segment(op, data, segment_ids, num_segments)

    reduction.__name__ = reduction.__qualname__ = f"segment_{op}"
    reduction.__doc__ = doc
    return reduction


segment_sum = _segment_reduction("sum", """
    Sum the rows of ``data`` into ``num_segments`` buckets: row ``i`` goes to
    bucket ``segment_ids[i]``. Ids outside ``[0, num_segments)`` are dropped;
    empty buckets are 0. The result has shape ``(num_segments, *data.shape[1:])``
    and ``data``'s dtype.""")

segment_max = _segment_reduction("max", """
    Maximum of the rows of ``data`` per bucket (see :func:`segment_sum`);
    empty buckets hold the dtype's lowest value (``-inf`` for floats).""")

segment_min = _segment_reduction("min", """
    Minimum of the rows of ``data`` per bucket (see :func:`segment_sum`);
    empty buckets hold the dtype's highest value (``inf`` for floats).""")

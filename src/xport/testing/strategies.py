"""Hypothesis strategies for arrays of any xport backend.

Built on :mod:`hypothesis.extra.array_api`, made for each namespace, with the
dtypes each backend really has (``__array_namespace_info__().dtypes()``: no
float64 on JAX without x64, none of the unsigned integers PyTorch lacks)::

    from hypothesis import given
    from xport.testing import strategies as xps

    @given(data=st.data())
    def test_roundtrip(xp, data):
        x = data.draw(xps.arrays(xp, "real floating", xps.shapes(max_dims=2)))
        ...

``xp`` is a namespace (``xport.torch``, the ``xp`` fixture, ``array_api_strict``)
or a backend's name. Importing this module imports Hypothesis.
"""

from __future__ import annotations

import warnings
from typing import Any

from hypothesis import strategies as st
from hypothesis.extra import array_api

from .. import namespace, to_device

__all__ = ["arrays", "dtypes", "namespace_strategies", "shapes"]

# The standard's dtypes in its order, for drawing them in a stable order.
_DTYPE_ORDER = ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
                "uint64", "float32", "float64", "complex64", "complex128")


def namespace_strategies(xp: Any) -> Any:
    """Hypothesis's strategies namespace for ``xp``
    (``hypothesis.extra.array_api.make_strategies_namespace``), made once per
    namespace. (Its ``*_dtypes()`` strategies take every dtype the namespace
    names; :func:`dtypes` takes those it has.)"""
    xp = _namespace(xp)
    with warnings.catch_warnings():
        # Native arrays (torch.Tensor, ...) have no __array_namespace__, which
        # Hypothesis looks for to warn about modules that are not namespaces.
        warnings.filterwarnings("ignore", message="Could not determine whether module")
        return array_api.make_strategies_namespace(xp)


def dtypes(xp: Any, kind: str | tuple[str, ...] = "numeric", *,
           device: Any = None) -> st.SearchStrategy[Any]:
    """Each dtype of ``kind`` that ``xp`` has (on ``device``), shrinking to the
    first in the standard's order. ``kind`` is the standard's:
    ``"bool"``, ``"signed integer"``, ``"unsigned integer"``, ``"integral"``,
    ``"real floating"``, ``"complex floating"``, ``"numeric"``, or a tuple of them."""
    xp = _namespace(xp)
    available = xp.__array_namespace_info__().dtypes(kind=kind, device=device)
    if not available:
        raise ValueError(f"{xp.__name__} has no dtype of kind {kind!r}")
    names = sorted(available, key=lambda n: _DTYPE_ORDER.index(n) if n in _DTYPE_ORDER
                   else len(_DTYPE_ORDER))
    return st.sampled_from([available[n] for n in names])


def shapes(*, min_dims: int = 0, max_dims: int = 3, min_side: int = 0,
           max_side: int = 5) -> st.SearchStrategy[tuple[int, ...]]:
    """Array shapes (tuples of ints) of ``min_dims`` to ``max_dims`` sides of
    ``min_side`` to ``max_side``, shrinking towards fewer and shorter sides."""
    return st.lists(st.integers(min_side, max_side), min_size=min_dims,
                    max_size=max_dims).map(tuple)


def arrays(xp: Any, dtype: Any = "numeric", shape: Any = None, *, elements: Any = None,
           fill: Any = None, unique: bool = False,
           device: Any = None) -> st.SearchStrategy[Any]:
    """Arrays of namespace ``xp`` (a backend's native arrays).

    ``dtype``: a dtype of ``xp``, a kind (``"real floating"``, as in
    :func:`dtypes`) or a strategy of dtypes; ``shape``: a shape, an int or a
    strategy of shapes (default :func:`shapes`). ``elements``, ``fill`` and
    ``unique`` are Hypothesis's ``arrays()`` options. ``device``: put the
    arrays there (default: the backend's default device).
    """
    xp = _namespace(xp)
    if isinstance(dtype, (str, tuple)):
        dtype = dtypes(xp, dtype, device=device)
    drawn: st.SearchStrategy[Any] = namespace_strategies(xp).arrays(
        dtype, shapes() if shape is None else shape, elements=elements, fill=fill,
        unique=unique)
    return drawn if device is None else drawn.map(lambda x: to_device(x, device))


def _namespace(xp: Any) -> Any:
    return namespace(xp) if isinstance(xp, str) else xp

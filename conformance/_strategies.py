"""Hypothesis strategies for inputs described as NumPy arrays."""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from xport._spec.dtypes import KIND_MEMBERS, kind_of
from xport._spec.promotion import PROMOTION_TABLE

SPECIAL_FLOATS = (0.0, -0.0, float("inf"), float("-inf"), float("nan"), 1.0, -1.0, 0.5)

# Domains: named unions of dtype kinds.
DOMAINS: dict[str, frozenset[str]] = {
    "any": frozenset(KIND_MEMBERS["numeric"] | KIND_MEMBERS["bool"]),
    "numeric": KIND_MEMBERS["numeric"],
    "real": KIND_MEMBERS["integral"] | KIND_MEMBERS["real floating"],
    "floating": KIND_MEMBERS["real floating"] | KIND_MEMBERS["complex floating"],
    "real floating": KIND_MEMBERS["real floating"],
    "complex floating": KIND_MEMBERS["complex floating"],
    "integral": KIND_MEMBERS["integral"],
    "integral|bool": KIND_MEMBERS["integral"] | KIND_MEMBERS["bool"],
    "bool": KIND_MEMBERS["bool"],
}


def dtype_names(domain: str, supported: frozenset[str]) -> st.SearchStrategy[str]:
    names = sorted(DOMAINS[domain] & supported)
    return st.sampled_from(names)


def dtype_pairs(domain: str, supported: frozenset[str], *,
                same: bool = False) -> st.SearchStrategy[tuple[str, str]]:
    """Pairs of dtypes in ``domain`` whose promotion the standard defines."""
    members = DOMAINS[domain] & supported
    pairs = sorted((a, b) for (a, b), r in PROMOTION_TABLE.items()
                   if a in members and b in members and r in supported
                   and (not same or a == b))
    return st.sampled_from(pairs)


def float_values(width: int, *, lo: float | None = None, hi: float | None = None,
                 specials: bool = True) -> st.SearchStrategy[float]:
    lo = -1e4 if lo is None else lo
    hi = 1e4 if hi is None else hi
    finite = st.floats(lo, hi, width=width, allow_subnormal=False)
    if not specials:
        return finite
    return st.one_of(st.sampled_from(SPECIAL_FLOATS), finite)


def elements(dtype: str, *, ints: str = "small", specials: bool = True,
             lo: float | None = None, hi: float | None = None,
             nonzero: bool = False) -> st.SearchStrategy[Any]:
    if nonzero:
        return elements(dtype, ints=ints, specials=specials, lo=lo, hi=hi).filter(bool)
    """Element values of ``dtype``. ``ints``: 'small' (|v| <= 10), 'full' (the
    dtype's range), 'positive' (1..10), 'nonnegative' (0..10)."""
    kind = kind_of(dtype)
    if kind == "bool":
        return st.booleans()
    if kind in ("signed integer", "unsigned integer"):
        info = np.iinfo(dtype)
        ranges = {"small": (-10, 10), "full": (int(info.min), int(info.max)),
                  "positive": (1, 10), "nonnegative": (0, 10)}
        a, b = ranges[ints]
        if lo is not None:
            a = max(a, int(lo))
        if hi is not None:
            b = min(b, int(hi))
        return st.integers(max(a, int(info.min)), min(b, int(info.max)))
    if kind == "real floating":
        return float_values(np.dtype(dtype).itemsize * 8, lo=lo, hi=hi, specials=specials)
    width = np.dtype(dtype).itemsize * 4
    part = float_values(width, lo=lo, hi=hi, specials=specials)
    return st.builds(complex, part, part)


def shapes(*, min_dims: int = 0, max_dims: int = 3, min_side: int = 0,
           max_side: int = 4) -> st.SearchStrategy[tuple[int, ...]]:
    return hnp.array_shapes(min_dims=min_dims, max_dims=max_dims, min_side=min_side,
                            max_side=max_side)


def arrays(dtype: str, shape: Any = None, **element_options: Any) -> st.SearchStrategy[np.ndarray]:
    """NumPy arrays of ``dtype`` (a standard name) and ``shape`` (a tuple or a
    strategy; default: 0-3 dims of up to 4)."""
    return hnp.arrays(np.dtype(dtype), shapes() if shape is None else shape,
                      elements=elements(dtype, **element_options))


def two_shapes(*, min_dims: int = 0, max_dims: int = 3) -> st.SearchStrategy[tuple[Any, ...]]:
    """Two mutually broadcastable shapes."""
    return hnp.mutually_broadcastable_shapes(num_shapes=2, min_dims=min_dims,
                                             max_dims=max_dims, max_side=4).map(
        lambda r: r.input_shapes)


def scalar_for(dtype: str, *, allow_complex: bool = True,
               **element_options: Any) -> st.SearchStrategy[Any]:
    """A Python scalar the standard allows beside an array of ``dtype``: of the
    array's kind, or of a kind that promotes to it (an int beside floats, a
    complex beside real floats when ``allow_complex``)."""
    kind = kind_of(dtype)
    if kind == "bool":
        return st.booleans()
    if kind in ("signed integer", "unsigned integer"):
        return elements(dtype, **element_options).map(int)
    width = 32 if dtype in ("float32", "complex64") else 64
    options = {k: v for k, v in element_options.items() if k != "ints"}
    ints = st.integers(-10, 10)
    floats = float_values(width, **options)
    if kind == "real floating" and not allow_complex:
        return st.one_of(ints, floats)
    return st.one_of(ints, floats, st.builds(complex, floats, floats))


def stack_shapes(num_shapes: int = 2, *, max_dims: int = 2,
                 max_side: int = 2) -> st.SearchStrategy[tuple[tuple[int, ...], ...]]:
    """``num_shapes`` mutually broadcastable shapes of stacks (the batch
    dimensions before a function's core axes), sizes 0 and 1 included: a 1
    against a 0 broadcasts to an empty stack, which lazy backends mis-chunk."""
    drawn = hnp.mutually_broadcastable_shapes(num_shapes=num_shapes, min_dims=0,
                                              max_dims=max_dims, min_side=0,
                                              max_side=max_side).map(lambda r: r.input_shapes)
    # Half the examples are one of the pairs a few examples would rarely draw.
    edges = [pair + ((),) * (num_shapes - 2) for pair in _EDGE_STACKS]
    return st.one_of(st.sampled_from(edges), drawn)


# Stack shapes that broadcast through a length 1: to an empty stack (1 against
# 0), across axes, and against a missing axis.
_EDGE_STACKS: list[tuple[tuple[int, ...], tuple[int, ...]]] = [
    ((1,), (0,)), ((0,), (1,)), ((2, 1), (1, 0)), ((1, 0), (2, 1)), ((2, 1), (1, 2)),
    ((1,), (2, 2)), ((2,), ()), ((), (1, 0)),
]


@st.composite
def unfit_matmul_shapes(draw: st.DrawFn) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Two shapes whose matrix product is undefined: a 0-d operand, inner sizes
    that differ (one of them may be 1, which must not broadcast), or stacks
    that do not broadcast."""
    how = draw(st.sampled_from(["0-d", "inner", "stacks"]), label="unfit")
    m, n = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    if how == "0-d":
        other = draw(st.sampled_from([(m,), (m, n), (2, m, n)]))
        return draw(st.sampled_from([((), other), (other, ())]))
    if how == "inner":
        k1, k2 = draw(st.lists(st.integers(1, 3), min_size=2, max_size=2, unique=True))
        batch1, batch2 = draw(stack_shapes(max_side=3))
        shape1 = batch1 + (m, k1) if draw(st.booleans()) else (k1,)
        shape2 = batch2 + (k2, n) if draw(st.booleans()) else (k2,)
        return shape1, shape2
    d1, d2 = draw(st.lists(st.integers(2, 3), min_size=2, max_size=2, unique=True))
    lead = draw(st.sampled_from([(), (1,), (2,)]))
    k = draw(st.integers(1, 3))
    return lead + (d1, m, k), (d2, k, n)


def expand_dims_axes(ndim: int, *, max_new: int = 3) -> st.SearchStrategy[tuple[int, ...]]:
    """Valid tuples of ``expand_dims`` positions for an array of ``ndim``
    dimensions: distinct positions of the output, each written from the start
    or (negative) from the end, in any order."""
    def positions(k: int) -> st.SearchStrategy[tuple[int, ...]]:
        out = ndim + k
        return st.lists(st.integers(0, out - 1), min_size=k, max_size=k, unique=True).flatmap(
            lambda ps: st.tuples(*(st.sampled_from([p, p - out]) for p in ps)))
    return st.integers(1, max_new).flatmap(positions)

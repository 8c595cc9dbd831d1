"""Float32 samplers as a table of their values, once a process draws many.

A float32 uniform takes 23 of the cipher's bits (``floats.unit``), and a
sampler that then applies fixed float32 steps to it (``normal``: XLA's
``erfinv``, some 250 passes over the draw on an eager CPU library) has only
2**23 possible values. So they can be computed once, by the sampler's own
program over every mantissa (the table's values are the draws' by
construction), and a draw is then the cipher and one gather.

A table costs 32 MiB and the time of 2**23 draws, so a backend opts in
(``RandomHooks.tabulates(device)``: NumPy, and PyTorch eagerly on the CPU,
whose compiled streams then compile the lookup in turn) and a table is built only once its
sampler's eager draws on that namespace and device have taken about as long
(``budget.py``: rent or buy; ``XPORT_RANDOM_COMPILE`` overrides). The
backend may keep the built table in memory that suits random lookups
(``RandomHooks.keeps_table``: PyTorch's CPU tables in huge pages).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Final

from .budget import Specialisation, seconds_before_specialising
from .floats import MANTISSA, mantissas_of
from .keys import KeyWords, encrypt
from .streams import Program, eager_stream, stream
from .words import Words, words_for

ENTRIES: Final = 1 << MANTISSA["float32"]
# About the time a NumPy table of normals takes to build on one CPU core.
_DEFAULT_SECONDS: Final = 0.5

# (the sampler's mantissa program, namespace, device) -> its eager time and table.
_tabulations: dict[tuple[Callable[..., Any], Any, Any], Specialisation] = {}


def _lookup_program(target: Any, start: int, stop: int, device: Any, *args: Any) -> Any:
    k0, k1, table = args
    w = words_for(target)
    high, low = encrypt(w, (k0, k1), w.iota(start, stop, device))
    return target.xp.take(table, mantissas_of(w, high, low))


def draw(w: Words, kw: KeyWords, shape: tuple[int, ...], device: Any, offset: int, *,
         eager: Program, of_mantissas: Program) -> Any:
    """A float32 draw of ``shape`` (``offset``: see ``streams.stream``) whose
    stream program is ``eager``: drawn by it until a table pays, then looked up
    in the table of ``of_mantissas``, the same sampler's program over the
    mantissas 0 .. 2**23 - 1 instead of the cipher's."""
    target = w.target
    budget = seconds_before_specialising(_DEFAULT_SECONDS)
    if budget == math.inf:
        return stream(w, shape, device, eager, offset)
    key = (of_mantissas[0], target.xp, device)
    state = _tabulations.get(key)
    if state is None:
        state = _tabulations[key] = Specialisation()
    table = state.made_once_paid(budget, lambda: target.hooks.keeps_table(
        eager_stream(w, of_mantissas, 0, ENTRIES, device)))
    if table is None:
        return state.timed(lambda: stream(w, shape, device, eager, offset))
    return stream(w, shape, device, (_lookup_program, (*kw, table)), offset)
